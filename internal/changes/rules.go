package changes

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/suggest"
)

// Direction is which way a finding of a rule went; "" for a rule of one
// outcome.
type Direction string

// The directions of the rules, each rule with some of them
// (Rule.Outcomes).
const (
	Added        Direction = "added"
	Removed      Direction = "removed"
	Changed      Direction = "changed"
	On           Direction = "on"
	Off          Direction = "off"
	Raised       Direction = "raised"
	Lowered      Direction = "lowered"
	Strengthened Direction = "strengthened"
	Weakened     Direction = "weakened"
	Began        Direction = "began"
	Ended        Direction = "ended"
	ReportOnly   Direction = "report-only"
	Enforced     Direction = "enforced"
	Rotated      Direction = "rotated"
	Replaced     Direction = "replaced"
	Gained       Direction = "gained"
	Lost         Direction = "lost"
	Longer       Direction = "longer"
	Shorter      Direction = "shorter"
	Widened      Direction = "widened"
	Narrowed     Direction = "narrowed"
)

// Category groups the rules by what they are of, in the order
// docs/reference.md lists them.
type Category string

const (
	RoutesCategory        Category = "routes"
	PolicyCategory        Category = "policy"
	CORSCategory          Category = "cors"
	DomainsCategory       Category = "domains"
	SecureHeadersCategory Category = "secure headers"
	// SignInCategory: the keys of sign-in felt by a browser that signs
	// in, through the session's cookie and the sign-in routes' answers,
	// which no request's answer tells apart.
	SignInCategory  Category = "sign-in"
	SourceCategory  Category = "source"
	AnswersCategory Category = "answers"
)

// Rule is a stable ID of what a finding is a change of, as a team names
// it in an --accept file.
type Rule struct {
	ID       string
	Category Category
	// Outcomes are the rule's directions, each with what a client feels;
	// one of direction "" for a rule of one outcome.
	Outcomes []Outcome
}

// Outcome is one direction of a rule.
type Outcome struct {
	Direction Direction
	// Felt is what a client feels, for docs/reference.md.
	Felt string
	// Was is the ID that named this outcome before the rules had
	// directions ("ROUTE_ADDED"), which an --accept file may still hold;
	// "" when it is the rule's own ID.
	Was string
}

func oneOutcome(felt string) []Outcome { return []Outcome{{Felt: felt}} }

var (
	ruleRoute               = &Rule{"ROUTE", RoutesCategory, []Outcome{{Added, "a new path or method is served; breaking when it takes requests a route or the catch_all answered", "ROUTE_ADDED"}, {Removed, "requests the route served get 404 or 405, or reach the catch_all", "ROUTE_REMOVED"}}}
	ruleRemovalLiftsRefusal = &Rule{"REMOVAL_LIFTS_REFUSAL", RoutesCategory, oneOutcome("requests the route removed refused (auth, authorization, anti-CSRF) are served by the route, static route, catch_all or automatic reply that now takes them")}
	ruleMethod              = &Rule{"METHOD", RoutesCategory, []Outcome{{Added, "a route name answers one more method", "METHOD_ADDED"}, {Removed, "requests of that method get 405 or 404", "METHOD_REMOVED"}}}
	ruleStaticRoute         = &Rule{"STATIC_ROUTE", RoutesCategory, []Outcome{{Added, "files are served at a new path", "STATIC_ROUTE_ADDED"}, {Removed, "files are no longer served there", "STATIC_ROUTE_REMOVED"}}}
	rulePathChanged         = &Rule{"PATH_CHANGED", RoutesCategory, oneOutcome("requests to the old path get 404; the new path is served")}
	ruleConstraint          = &Rule{"CONSTRAINT", RoutesCategory, []Outcome{{Added, "values it does not hold now get 400", "CONSTRAINT_ADDED"}, {Removed, "values it refused are served", "CONSTRAINT_REMOVED"}, {Changed, "values on one side of the edge get 400, or are served", "CONSTRAINT_CHANGED"}}}
	ruleStaticFilesChanged  = &Rule{"STATIC_FILES_CHANGED", RoutesCategory, oneOutcome("another folder or file is served")}
	ruleList                = &Rule{"LIST", RoutesCategory, []Outcome{{On, "a static folder's listing is served (was its index.html, else 403)", "LIST_ON"}, {Off, "a static folder is served by its index.html, else 403, not listed", "LIST_OFF"}}}

	ruleAuth             = &Rule{"AUTH", PolicyCategory, []Outcome{{Added, "requests without the scheme's credential get 401", "AUTH_ADDED"}, {Removed, "anonymous requests are served", "AUTH_REMOVED"}, {Changed, "credentials of one scheme get 401, or those of another pass", "AUTH_CHANGED"}}}
	ruleFailClosed       = &Rule{"FAIL_CLOSED", PolicyCategory, []Outcome{{On, "routes without auth get 403 once a scheme is named", "FAIL_CLOSED_ON"}, {Off, "routes without auth that got 403 are served", "FAIL_CLOSED_OFF"}}}
	ruleAuthorization    = &Rule{"AUTHORIZATION", PolicyCategory, []Outcome{{Added, "subjects without the roles or permissions get 403", "AUTHORIZATION_ADDED"}, {Removed, "subjects the authorizer refused are served", "AUTHORIZATION_REMOVED"}, {Changed, "other subjects get 403, or are served", "AUTHORIZATION_CHANGED"}}}
	ruleAntiCSRF         = &Rule{"ANTI_CSRF", PolicyCategory, []Outcome{{On, "cross-site unsafe requests get 403", "ANTI_CSRF_ON"}, {Off, "cross-site unsafe requests are served", "ANTI_CSRF_OFF"}}}
	ruleBodyLimit        = &Rule{"BODY_LIMIT", PolicyCategory, []Outcome{{Raised, "larger bodies are read (was 413)", "BODY_LIMIT_RAISED"}, {Lowered, "bodies over the new limit get 413", "BODY_LIMIT_LOWERED"}}}
	ruleLoginPageChanged = &Rule{"LOGIN_PAGE_CHANGED", PolicyCategory, oneOutcome("requests a form scheme refuses are sent to another login page (url.login)")}
	ruleChallengeChanged = &Rule{"CHALLENGE_CHANGED", PolicyCategory, oneOutcome("a 401 carries another WWW-Authenticate challenge (a basic scheme's realm_name, a scheme of another kind)")}
	ruleCORS             = &Rule{"CORS", CORSCategory, []Outcome{{On, "browsers of the allowed origins may read the answers", "CORS_ON"}, {Off, "browsers of other origins can no longer read the answers; preflights are refused", "CORS_OFF"}, {Changed, "several parts of the policy changed", "CORS_CHANGED"}}}
	ruleCORSOrigins      = &Rule{"CORS_ORIGINS", CORSCategory, []Outcome{{Added, "browsers of more origins may read the answers", "CORS_ORIGIN_ADDED"}, {Removed, "browsers of those origins can no longer read the answers", "CORS_ORIGIN_REMOVED"}, {Changed, "some origins gained, others lost", "CORS_ORIGINS_CHANGED"}}}
	ruleCORSMethods      = &Rule{"CORS_METHODS", CORSCategory, []Outcome{{Added, "preflights for more methods are allowed", "CORS_METHOD_ADDED"}, {Removed, "preflights for those methods are refused", "CORS_METHOD_REMOVED"}, {Changed, "preflights for some methods allowed, others refused", "CORS_METHODS_CHANGED"}}}
	ruleCORSHeaders      = &Rule{"CORS_HEADERS", CORSCategory, []Outcome{{Added, "preflights for more headers are allowed", "CORS_HEADER_ADDED"}, {Removed, "preflights for those headers are refused", "CORS_HEADER_REMOVED"}, {Changed, "preflights for some headers allowed, others refused", "CORS_HEADERS_CHANGED"}}}
	ruleCORSCredentials  = &Rule{"CORS_CREDENTIALS", CORSCategory, []Outcome{{On, "browsers send cookies and read the answers", "CORS_CREDENTIALS_ON"}, {Off, "pages that send cookies can no longer read the answers", "CORS_CREDENTIALS_OFF"}}}
	ruleCatchAll         = &Rule{"CATCH_ALL", DomainsCategory, []Outcome{{Added, "requests no route serves reach the catch_all (was 404)", "CATCH_ALL_ADDED"}, {Removed, "requests the catch_all served get 404", "CATCH_ALL_REMOVED"}}}
	ruleDomain           = &Rule{"DOMAIN", DomainsCategory, []Outcome{{Added, "requests to its host are served", "DOMAIN_ADDED"}, {Removed, "requests to its host get 404", "DOMAIN_REMOVED"}}}
	ruleHostChanged      = &Rule{"HOST_CHANGED", DomainsCategory, oneOutcome("requests to the old host get 404")}
	ruleSoleDomain       = &Rule{"SOLE_DOMAIN", DomainsCategory, []Outcome{{Ended, "one domain no longer serves every host: requests to hosts no domain names (an IP address, another name) get 404", "SOLE_DOMAIN_ENDED"}, {Began, "one domain serves every host: requests to hosts no domain names are served", "SOLE_DOMAIN_BEGAN"}}}
	ruleRedirectSlash    = &Rule{"REDIRECT_TRAILING_SLASH", DomainsCategory, []Outcome{{On, "a path with the other trailing slash is redirected (was 404)", "REDIRECT_TRAILING_SLASH_ON"}, {Off, "a path with the other trailing slash gets 404", "REDIRECT_TRAILING_SLASH_OFF"}}}
	ruleMethodNotAllowed = &Rule{"METHOD_NOT_ALLOWED", DomainsCategory, []Outcome{{On, "a method the path lacks gets 405 with Allow", "METHOD_NOT_ALLOWED_ON"}, {Off, "a method the path lacks gets 404, or reaches the catch_all", "METHOD_NOT_ALLOWED_OFF"}}}
	ruleAutoOptions      = &Rule{"AUTO_OPTIONS", DomainsCategory, []Outcome{{On, "OPTIONS gets 204 with Allow", "AUTO_OPTIONS_ON"}, {Off, "OPTIONS gets 404 or 405", "AUTO_OPTIONS_OFF"}}}
	ruleSecureHeaders    = &Rule{"SECURE_HEADERS", SecureHeadersCategory, []Outcome{{On, "responses carry security.conf's headers", "SECURE_HEADERS_ON"}, {Off, "responses go without them", "SECURE_HEADERS_OFF"}}}
	ruleSecureHeader     = &Rule{"SECURE_HEADER", SecureHeadersCategory, []Outcome{{Added, "responses carry it", "SECURE_HEADER_ADDED"}, {Removed, "responses go without it", "SECURE_HEADER_REMOVED"}, {Weakened, "a browser protects less", "SECURE_HEADER_WEAKENED"}, {Strengthened, "a browser protects more", "SECURE_HEADER_STRENGTHENED"}, {Changed, "another value", "SECURE_HEADER_CHANGED"}}}
	ruleCSP              = &Rule{"CSP", SecureHeadersCategory, []Outcome{{ReportOnly, "the Content-Security-Policy is reported, not enforced", "CSP_REPORT_ONLY"}, {Enforced, "a Content-Security-Policy only reported is enforced", "CSP_ENFORCED"}}}
	ruleSession          = &Rule{"SESSION", SignInCategory, []Outcome{{Added, "a sign-in is kept in a session cookie", "SESSION_ADDED"}, {Removed, "signed-in sessions no longer open any route", "SESSION_REMOVED"}}}
	ruleSessionRenamed   = &Rule{"SESSION_COOKIE_RENAMED", SignInCategory, oneOutcome("every signed-in session is signed out (prefix)")}
	ruleSessionKey       = &Rule{"SESSION_KEY", SignInCategory, []Outcome{{Rotated, "none: the old key, given as old_sign_key or old_enc_key, still opens the cookies (sign_key, enc_key)", "SESSION_KEY_ROTATED"}, {Replaced, "every signed-in session is signed out: the old key is not given as old_sign_key or old_enc_key", "SESSION_KEY_REPLACED"}}}
	ruleSessionSecure    = &Rule{"SESSION_COOKIE_SECURE", SignInCategory, []Outcome{{Gained, "browsers no longer send the session over HTTP (server.ssl.enable)", "SESSION_COOKIE_GAINS_SECURE"}, {Lost, "browsers send the session over plain HTTP too (server.ssl.enable)", "SESSION_COOKIE_LOSES_SECURE"}}}
	ruleSessionHTTPOnly  = &Rule{"SESSION_COOKIE_HTTPONLY", SignInCategory, []Outcome{{Gained, "the pages' scripts can no longer read the session cookie", "SESSION_COOKIE_GAINS_HTTPONLY"}, {Lost, "the pages' scripts can read the session cookie", "SESSION_COOKIE_LOSES_HTTPONLY"}}}
	ruleSessionSameSite  = &Rule{"SESSION_SAMESITE", SignInCategory, []Outcome{{Strengthened, "cross-site requests that carried the session no longer do", "SESSION_SAMESITE_STRENGTHENED"}, {Weakened, "cross-site requests carry the session", "SESSION_SAMESITE_WEAKENED"}}}
	ruleSessionScope     = &Rule{"SESSION_SCOPE_CHANGED", SignInCategory, []Outcome{{Widened, "the session is sent to hosts or paths it did not reach (domain, path)", ""}, {Narrowed, "the session is no longer sent to hosts or paths it reached: users are signed out there (domain, path)", ""}}}
	ruleSessionLifetime  = &Rule{"SESSION_LIFETIME", SignInCategory, []Outcome{{Longer, "a session, and a cookie taken from it, opens the routes for longer (ttl; 0, the browser's session, opens for at most 8h after the sign-in)", "SESSION_LIFETIME_LONGER"}, {Shorter, "signed-in users are signed out sooner (ttl)", "SESSION_LIFETIME_SHORTER"}}}
	ruleSessionStore     = &Rule{"SESSION_STORE", SignInCategory, []Outcome{{Lost, "signing out no longer revokes a session on the server, and every signed-in session is signed out (store.type to cookie)", "SESSION_STORE_LOST"}, {Gained, "every signed-in session is signed out; signing out revokes a session on the server (store.type from cookie)", "SESSION_STORE_GAINED"}, {Changed, "every signed-in session is signed out: the sessions stored are no longer read (store.type, store.filepath)", "SESSION_STORE_CHANGED"}}}
	ruleLoginField       = &Rule{"LOGIN_FIELD_RENAMED", SignInCategory, oneOutcome("login forms that post the old field are refused (field.identity, field.credential)")}
	ruleSignInRedirect   = &Rule{"SIGN_IN_REDIRECT_CHANGED", SignInCategory, oneOutcome("a sign-in goes to another page (url.login_failure, url.default_target, url.success)")}
	ruleAlwaysToDefault  = &Rule{"ALWAYS_TO_DEFAULT", SignInCategory, []Outcome{{On, "a sign-in goes to url.default_target, not back to the page it came from", "ALWAYS_TO_DEFAULT_ON"}, {Off, "a sign-in goes to the _rt its request carries", "ALWAYS_TO_DEFAULT_OFF"}}}
	ruleOAuth2Scopes     = &Rule{"OAUTH2_SCOPES_CHANGED", SignInCategory, oneOutcome("security when the provider is asked for more of each account, breaking when tokens grant less (client.scopes)")}
	ruleOAuth2Provider   = &Rule{"OAUTH2_PROVIDER_CHANGED", SignInCategory, oneOutcome("sign-in is sent to, and its tokens come from, another provider (client.provider)")}
	ruleRouteRenamed     = &Rule{"ROUTE_RENAMED", SourceCategory, oneOutcome("none: the generated helpers' names change")}
	ruleParamRenamed     = &Rule{"PARAM_RENAMED", SourceCategory, oneOutcome("none: the generated helpers' arguments change")}
	ruleParamRetyped     = &Rule{"PARAM_RETYPED", SourceCategory, oneOutcome("none: the generated helpers' types change")}
	ruleActionChanged    = &Rule{"ACTION_CHANGED", SourceCategory, oneOutcome("none: another controller or action is called")}
	ruleAnswerChanged    = &Rule{"ANSWER_CHANGED", AnswersCategory, oneOutcome("answers differ, and no one difference of the files explains it")}
)

// Rules are every rule, by category, in the order docs/reference.md
// lists them.
var Rules = []*Rule{
	ruleRoute, ruleRemovalLiftsRefusal, ruleMethod, ruleStaticRoute, rulePathChanged, ruleConstraint, ruleStaticFilesChanged, ruleList,
	ruleAuth, ruleFailClosed, ruleAuthorization, ruleAntiCSRF, ruleBodyLimit, ruleLoginPageChanged, ruleChallengeChanged,
	ruleCORS, ruleCORSOrigins, ruleCORSMethods, ruleCORSHeaders, ruleCORSCredentials,
	ruleCatchAll, ruleDomain, ruleHostChanged, ruleSoleDomain, ruleRedirectSlash, ruleMethodNotAllowed, ruleAutoOptions,
	ruleSecureHeaders, ruleSecureHeader, ruleCSP,
	ruleSession, ruleSessionRenamed, ruleSessionKey, ruleSessionSecure, ruleSessionHTTPOnly, ruleSessionSameSite, ruleSessionScope, ruleSessionLifetime, ruleSessionStore,
	ruleLoginField, ruleSignInRedirect, ruleAlwaysToDefault, ruleOAuth2Scopes, ruleOAuth2Provider,
	ruleRouteRenamed, ruleParamRenamed, ruleParamRetyped, ruleActionChanged,
	ruleAnswerChanged,
}

// outcome is what a cause is a finding of: its rule, and the direction
// it went.
type outcome struct {
	rule      *Rule
	direction Direction
}

// to is the outcome of r that went direction d. A direction r lacks is
// a mistake of this package's, which panics rather than report a
// finding no --accept file can name.
func (r *Rule) to(d Direction) outcome {
	if !slices.ContainsFunc(r.Outcomes, func(o Outcome) bool { return o.Direction == d }) {
		panic("changes: rule " + r.ID + " has no direction " + string(d))
	}
	return outcome{r, d}
}

// only is the outcome of a rule of one outcome.
func (r *Rule) only() outcome { return r.to("") }

// either is the outcome of r that went a when cond holds, else b.
func (r *Rule) either(cond bool, a, b Direction) outcome {
	if cond {
		return r.to(a)
	}
	return r.to(b)
}

// findingID is how a finding of rule and direction is named in reports
// and --accept files: "ROUTE/removed", or the rule's ID alone for a rule
// of one outcome.
func findingID(rule string, d Direction) string {
	if d == "" {
		return rule
	}
	return rule + "/" + string(d)
}

// LookupFinding reads a finding's ID as an --accept file writes it: a
// rule and its direction. It refuses an ID written as it was before the
// rules had directions, naming the one to write now, and an unknown
// rule or direction, with the nearest ID.
func LookupFinding(id string) (*Rule, Direction, error) {
	if r, d, ok := wasOutcome(id); ok {
		return nil, "", fmt.Errorf("%s is written %s now", id, findingID(r.ID, d))
	}
	name, dir, _ := strings.Cut(id, "/")
	if i := slices.IndexFunc(Rules, func(r *Rule) bool { return r.ID == name }); i >= 0 {
		r := Rules[i]
		var ids []string
		for _, o := range r.Outcomes {
			if o.Direction == Direction(dir) {
				return r, o.Direction, nil
			}
			ids = append(ids, findingID(r.ID, o.Direction))
		}
		switch {
		case len(ids) == 1:
			return nil, "", fmt.Errorf("rule %s has no direction: write %s", name, ids[0])
		case dir == "":
			return nil, "", fmt.Errorf("rule %s takes a direction: %s", name, strings.Join(ids, ", "))
		}
		return nil, "", fmt.Errorf("rule %s has no direction %q: want %s", name, dir, strings.Join(ids, ", "))
	}
	// A misspelt ID is compared with the old spellings too, and the
	// outcome's ID is suggested: ROUTE_REMOVD is ROUTE/removed.
	var ids []string
	for _, r := range Rules {
		for _, o := range r.Outcomes {
			ids = append(ids, findingID(r.ID, o.Direction))
			if o.Was != "" {
				ids = append(ids, o.Was)
			}
		}
	}
	msg := "unknown rule " + id
	if near := suggest.Closest(id, ids, 3); near != "" {
		if r, d, ok := wasOutcome(near); ok {
			near = findingID(r.ID, d)
		}
		msg += "; did you mean " + near + "?"
	}
	return nil, "", errors.New(msg)
}

// wasOutcome is the outcome that id named before the rules had
// directions.
func wasOutcome(id string) (*Rule, Direction, bool) {
	for _, r := range Rules {
		for _, o := range r.Outcomes {
			if o.Was == id {
				return r, o.Direction, true
			}
		}
	}
	return nil, "", false
}
