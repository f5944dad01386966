package changes

import (
	"strings"
)

// Rule is a finding's stable ID, as a team names it in an --accept file:
// one for each cause of routes.conf or security.conf that changes find.
type Rule struct {
	ID string
	// Change is the finding's change, as Change.Change says it; a
	// prefix ending in a space, or a suffix beginning with one, for the
	// changes that name a parameter or a header.
	Change string
	// Felt is what a client feels, for docs/reference.md.
	Felt string
}

// Rules are every rule, in the order docs/reference.md lists them.
var Rules = []Rule{
	{"ROUTE_ADDED", "route added", "a new path or method is served; breaking when it takes requests a route or the catch_all answered"},
	{"ROUTE_REMOVED", "route removed", "requests the route served get 404 or 405, or reach the catch_all"},
	{"REMOVAL_LIFTS_REFUSAL", "removal lets refused requests through", "requests the route removed refused (auth, authorization, anti-CSRF) are served by the route, static route, catch_all or automatic reply that now takes them"},
	{"METHOD_ADDED", "method added", "a route name answers one more method"},
	{"METHOD_REMOVED", "method removed", "requests of that method get 405 or 404"},
	{"STATIC_ROUTE_ADDED", "static route added", "files are served at a new path"},
	{"STATIC_ROUTE_REMOVED", "static route removed", "files are no longer served there"},
	{"PATH_CHANGED", "path changed", "requests to the old path get 404; the new path is served"},
	{"CONSTRAINT_ADDED", "constraint of ", "(… added) values it does not hold now get 400"},
	{"CONSTRAINT_REMOVED", "constraint of ", "(… removed) values it refused are served"},
	{"CONSTRAINT_CHANGED", "constraint of ", "(… changed) values on one side of the edge get 400, or are served"},
	{"STATIC_FILES_CHANGED", "static files changed", "another folder or file is served"},
	{"LIST_ON", "list turned on", "a static folder's listing is served (was its index.html, else 403)"},
	{"LIST_OFF", "list turned off", "a static folder is served by its index.html, else 403, not listed"},
	{"AUTH_ADDED", "auth added", "requests without the scheme's credential get 401"},
	{"AUTH_REMOVED", "auth removed", "anonymous requests are served"},
	{"AUTH_CHANGED", "auth changed", "credentials of one scheme get 401, or those of another pass"},
	{"FAIL_CLOSED_ON", "fail-closed turned on", "routes without auth get 403 once a scheme is named"},
	{"FAIL_CLOSED_OFF", "fail-closed turned off", "routes without auth that got 403 are served"},
	{"AUTHORIZATION_ADDED", "authorization added", "subjects without the roles or permissions get 403"},
	{"AUTHORIZATION_REMOVED", "authorization removed", "subjects the authorizer refused are served"},
	{"AUTHORIZATION_CHANGED", "authorization changed", "other subjects get 403, or are served"},
	{"ANTI_CSRF_ON", "anti_csrf_check turned on", "cross-site unsafe requests get 403"},
	{"ANTI_CSRF_OFF", "anti_csrf_check turned off", "cross-site unsafe requests are served"},
	{"BODY_LIMIT_RAISED", "max_body_size raised", "larger bodies are read (was 413)"},
	{"BODY_LIMIT_LOWERED", "max_body_size lowered", "bodies over the new limit get 413"},
	{"CORS_ON", "CORS turned on", "browsers of the allowed origins may read the answers"},
	{"CORS_OFF", "CORS turned off", "browsers of other origins can no longer read the answers; preflights are refused"},
	{"CORS_ORIGIN_ADDED", "CORS origins added", "browsers of more origins may read the answers"},
	{"CORS_ORIGIN_REMOVED", "CORS origins removed", "browsers of those origins can no longer read the answers"},
	{"CORS_ORIGINS_CHANGED", "CORS origins changed", "some origins gained, others lost"},
	{"CORS_METHOD_ADDED", "CORS methods added", "preflights for more methods are allowed"},
	{"CORS_METHOD_REMOVED", "CORS methods removed", "preflights for those methods are refused"},
	{"CORS_METHODS_CHANGED", "CORS methods changed", "preflights for some methods allowed, others refused"},
	{"CORS_HEADER_ADDED", "CORS headers added", "preflights for more headers are allowed"},
	{"CORS_HEADER_REMOVED", "CORS headers removed", "preflights for those headers are refused"},
	{"CORS_HEADERS_CHANGED", "CORS headers changed", "preflights for some headers allowed, others refused"},
	{"CORS_CREDENTIALS_ON", "CORS credentials turned on", "browsers send cookies and read the answers"},
	{"CORS_CREDENTIALS_OFF", "CORS credentials turned off", "pages that send cookies can no longer read the answers"},
	{"CORS_CHANGED", "CORS changed", "several parts of the policy changed"},
	{"CATCH_ALL_ADDED", "catch_all added", "requests no route serves reach the catch_all (was 404)"},
	{"CATCH_ALL_REMOVED", "catch_all removed", "requests the catch_all served get 404"},
	{"DOMAIN_ADDED", "domain added", "requests to its host are served"},
	{"DOMAIN_REMOVED", "domain removed", "requests to its host get 404"},
	{"HOST_CHANGED", "host changed", "requests to the old host get 404"},
	{"SOLE_DOMAIN_ENDED", "one domain no longer serves every host", "requests to hosts no domain names (an IP address, another name) get 404"},
	{"SOLE_DOMAIN_BEGAN", "one domain serves every host", "requests to hosts no domain names are served"},
	{"REDIRECT_TRAILING_SLASH_ON", "redirect_trailing_slash turned on", "a path with the other trailing slash is redirected (was 404)"},
	{"REDIRECT_TRAILING_SLASH_OFF", "redirect_trailing_slash turned off", "a path with the other trailing slash gets 404"},
	{"METHOD_NOT_ALLOWED_ON", "method_not_allowed turned on", "a method the path lacks gets 405 with Allow"},
	{"METHOD_NOT_ALLOWED_OFF", "method_not_allowed turned off", "a method the path lacks gets 404, or reaches the catch_all"},
	{"AUTO_OPTIONS_ON", "auto_options turned on", "OPTIONS gets 204 with Allow"},
	{"AUTO_OPTIONS_OFF", "auto_options turned off", "OPTIONS gets 404 or 405"},
	{"SECURE_HEADERS_ON", "secure headers turned on", "responses carry security.conf's headers"},
	{"SECURE_HEADERS_OFF", "secure headers turned off", "responses go without them"},
	{"SECURE_HEADER_ADDED", " added", "(a header … added) responses carry it"},
	{"SECURE_HEADER_REMOVED", " removed", "(a header … removed) responses go without it"},
	{"SECURE_HEADER_WEAKENED", " weakened", "a browser protects less"},
	{"SECURE_HEADER_STRENGTHENED", " strengthened", "a browser protects more"},
	{"SECURE_HEADER_CHANGED", " changed", "(a header … changed) another value"},
	{"CSP_REPORT_ONLY", "Content-Security-Policy turned report-only", "the policy is reported, not enforced"},
	{"CSP_ENFORCED", "Content-Security-Policy enforced", "a policy only reported is enforced"},
	{"ROUTE_RENAMED", "name changed", "none: the generated helpers' names change"},
	{"PARAM_RENAMED", "parameter renamed", "none: the generated helpers' arguments change"},
	{"PARAM_RETYPED", "parameter ", "(… retyped) none: the generated helpers' types change"},
	{"ACTION_CHANGED", "action changed", "none: another controller or action is called"},
	{"ANSWER_CHANGED", "answer changed", "answers differ, and no one difference of the files explains it"},
}

// ruleOf is the ID of a finding's change: the rule of that exact change,
// else of its pattern.
func ruleOf(change string) string {
	for _, r := range Rules {
		if change == r.Change {
			return r.ID
		}
	}
	for _, r := range Rules {
		outcome := strings.ToLower(r.ID[strings.LastIndexByte(r.ID, '_')+1:])
		switch {
		case strings.HasSuffix(r.Change, " ") && strings.HasPrefix(change, r.Change) && strings.HasSuffix(change, " "+outcome):
			return r.ID
		case strings.HasPrefix(r.Change, " ") && strings.HasSuffix(change, r.Change) && !strings.HasPrefix(change, "CORS") && !strings.HasPrefix(change, "constraint"):
			return r.ID
		}
	}
	return "ANSWER_CHANGED"
}
