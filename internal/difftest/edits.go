package difftest

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
)

// The differential of routegen changes draws a random table, its
// security.conf, and one random edit of either file from a catalogue of
// their keys.

// SecurityConf is a random security.conf: perhaps the auth schemes the
// tables name (basic, of a realm, and token, a form scheme whose refusal
// is the redirect to its login page, with its urls and fields), an oauth2
// scheme and a session (perhaps in a store), perhaps anti-CSRF off, and
// perhaps secure headers, each key on a line of its own so that an edit
// changes one.
func SecurityConf(rng *rand.Rand) string {
	if rng.IntN(3) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("security {\n")
	if rng.IntN(3) == 0 {
		b.WriteString("  auth_schemes {\n    basic {\n      scheme = \"basic\"\n")
		if rng.IntN(2) == 0 {
			fmt.Fprintf(&b, "      realm_name = %s\n", pick(rng, signInValues["realm_name"]))
		}
		b.WriteString("    }\n    token {\n      scheme = \"form\"\n")
		fmt.Fprintf(&b, "      routes_where_named = %v\n", rng.IntN(2) == 0)
		for _, section := range []struct {
			name string
			keys []string
		}{{"url", []string{"login", "login_failure", "default_target", "always_to_default"}}, {"field", []string{"identity", "credential"}}} {
			if rng.IntN(2) == 0 {
				continue
			}
			fmt.Fprintf(&b, "      %s {\n", section.name)
			for _, key := range section.keys {
				if rng.IntN(2) == 0 {
					fmt.Fprintf(&b, "        %s = %s\n", key, pick(rng, signInValues[key]))
				}
			}
			b.WriteString("      }\n")
		}
		b.WriteString("    }\n")
		if rng.IntN(2) == 0 {
			fmt.Fprintf(&b, "    social {\n      scheme = \"oauth2\"\n      client {\n        id = \"app\"\n        secret = \"s\"\n        scopes = %s\n        provider {\n          name = %s\n        }\n      }\n      url {\n        success = %s\n      }\n    }\n",
				pick(rng, signInValues["scopes"]), pick(rng, signInValues["name"]), pick(rng, signInValues["success"]))
		}
		b.WriteString("  }\n")
		if rng.IntN(2) == 0 {
			b.WriteString("  session {\n    mode = \"stateful\"\n")
			for _, key := range sessionKeys {
				// A session without a sign_key does not load.
				if rng.IntN(2) == 0 || key == "sign_key" {
					fmt.Fprintf(&b, "    %s = %s\n", key, pick(rng, signInValues[key]))
				}
			}
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, "    store {\n      type = %s\n      filepath = %s\n    }\n", pick(rng, signInValues["type"]), pick(rng, signInValues["filepath"]))
			}
			b.WriteString("  }\n")
		}
	}
	if rng.IntN(4) == 0 {
		b.WriteString("  anti_csrf {\n    enable = false\n  }\n")
	}
	b.WriteString("  http_header {\n")
	for _, key := range secureHeaderKeys {
		if rng.IntN(2) == 0 {
			fmt.Fprintf(&b, "    %s = %s\n", key, pick(rng, secureHeaderValues[key]))
		}
	}
	if rng.IntN(2) == 0 {
		fmt.Fprintf(&b, "    sts {\n      max_age = %s\n      include_subdomains = %v\n    }\n", pick(rng, stsAges), rng.IntN(2) == 0)
	}
	if rng.IntN(2) == 0 {
		fmt.Fprintf(&b, "    csp {\n      directives = %s\n      report_only = %v\n    }\n", pick(rng, cspDirectives), rng.IntN(3) == 0)
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

var (
	secureHeaderKeys   = []string{"enable", "xfo", "xcto", "rp", "xpcdp"}
	secureHeaderValues = map[string][]string{
		"enable": {"true", "false"},
		"xfo":    {`"DENY"`, `"SAMEORIGIN"`, `""`},
		"xcto":   {`"nosniff"`, `""`},
		"rp":     {`"no-referrer"`, `"same-origin"`, `"origin"`, `"unsafe-url"`, `""`},
		"xpcdp":  {`"none"`, `"master-only"`, `"all"`, `""`},
	}
	// The keys of sign-in, and their values: every key that reaches the
	// wire, each edit of which changes reports by its rule (SignInRules).
	sessionKeys  = []string{"prefix", "sign_key", "enc_key", "old_sign_key", "old_enc_key", "http_only", "samesite", "ttl", "path", "domain"}
	signInValues = map[string][]string{
		"realm_name":        {`"Protected"`, `"API \"v1\""`},
		"login":             {`"/login.html"`, `"/signin"`},
		"login_failure":     {`"/login.html?error=true"`, `"/failed"`},
		"default_target":    {`"/"`, `"/home"`},
		"always_to_default": {"true", "false"},
		"identity":          {`"username"`, `"email"`},
		"credential":        {`"password"`, `"secret"`},
		"scopes":            {`["read:user"]`, `["read:user", "repo"]`, `[]`},
		"name":              {`"github"`, `"google"`},
		"success":           {`"/"`, `"/welcome"`},
		"prefix":            {`"aah"`, `"app"`},
		"sign_key":          {`"sign-1-aaaaaaaaaaaaaaaaaaaaaaaaaa"`, `"sign-2-bbbbbbbbbbbbbbbbbbbbbbbbbb"`},
		"enc_key":           {`"enc-1-aaaaaaaaaa"`, `"enc-2-bbbbbbbbbb"`},
		"old_sign_key":      {`"sign-1-aaaaaaaaaaaaaaaaaaaaaaaaaa"`, `"sign-2-bbbbbbbbbbbbbbbbbbbbbbbbbb"`},
		"old_enc_key":       {`"enc-1-aaaaaaaaaa"`, `"enc-2-bbbbbbbbbb"`},
		"http_only":         {"true", "false"},
		"samesite":          {`"strict"`, `"lax"`, `"none"`, `""`},
		"ttl":               {`"30m"`, `"2h"`, `""`},
		"path":              {`"/"`, `"/app"`},
		"domain":            {`""`, `"example.com"`},
		"type":              {`"cookie"`, `"file"`},
		"filepath":          {`"sessions"`, `"var/sessions"`},
	}
	stsAges       = []string{`"720h"`, `"8760h"`, `"0s"`}
	cspDirectives = []string{`"default-src 'self'"`, `"default-src *"`}
)

// Edit is one edit of a table's files: what it did, and the files after it.
type Edit struct {
	What           string
	Conf, Security string
}

var (
	keyLine      = regexp.MustCompile(`^(\s*)([a-z_]+) = (.*)$`)
	sectionLine  = regexp.MustCompile(`^(\s*)([a-z]\w*) \{(.*)$`)
	routeSection = regexp.MustCompile(`^\s*r\d+ \{`)
	oneLiner     = regexp.MustCompile(`^(\s*)(cors|authorization|catch_all|s\d+) \{.*\}$`)
)

// RandomEdit is one random edit of conf or security: a key's value
// changed, a key or section removed or added, a route section renamed,
// removed or added, a key of security.conf changed. The edit may leave
// files that do not load; the caller draws another.
func RandomEdit(rng *rand.Rand, conf, security string) Edit {
	w := &confWriter{rng: rng, policy: rng, shapes: map[string]bool{}}
	if security != "" && rng.IntN(5) == 0 {
		lines := strings.Split(security, "\n")
		i := rng.IntN(len(lines))
		if m := keyLine.FindStringSubmatch(lines[i]); m != nil {
			var v string
			switch m[2] {
			case "max_age":
				v = pick(rng, stsAges)
			case "directives":
				v = pick(rng, cspDirectives)
			case "scheme":
				v = pick(rng, []string{`"basic"`, `"form"`})
			case "mode":
				v = pick(rng, []string{`"stateful"`, `"stateless"`})
			default:
				if values, ok := signInValues[m[2]]; ok {
					v = pick(rng, values)
					break
				}
				v = pick(rng, append(secureHeaderValues[m[2]], "true", "false"))
			}
			lines[i] = m[1] + m[2] + " = " + v
			return Edit{What: "security.conf: " + strings.TrimSpace(lines[i]), Conf: conf, Security: strings.Join(lines, "\n")}
		}
		lines = slices.Delete(lines, i, i+1)
		return Edit{What: "security.conf: line " + fmt.Sprint(i+1) + " removed", Conf: conf, Security: strings.Join(lines, "\n")}
	}
	lines := strings.Split(conf, "\n")
	i := rng.IntN(len(lines))
	line := lines[i]
	edit := func(what string) Edit {
		return Edit{What: fmt.Sprintf("routes.conf:%d: %s", i+1, what), Conf: strings.Join(lines, "\n"), Security: security}
	}
	switch op := rng.IntN(6); {
	case op == 0 && keyLine.MatchString(line):
		m := keyLine.FindStringSubmatch(line)
		lines[i] = m[1] + m[2] + " = " + w.valueOf(m[2], m[3])
		return edit(strings.TrimSpace(line) + " → " + strings.TrimSpace(lines[i]))
	case op == 1 && (keyLine.MatchString(line) || oneLiner.MatchString(line)):
		lines = slices.Delete(lines, i, i+1)
		return edit(strings.TrimSpace(line) + " removed")
	case op == 2 && oneLiner.MatchString(line):
		m := oneLiner.FindStringSubmatch(line)
		switch m[2] {
		case "cors":
			lines[i] = m[1] + "cors { " + w.corsFields() + " }"
		case "authorization":
			lines[i] = m[1] + w.authorization()
		case "catch_all":
			lines[i] = m[1] + `catch_all { controller = "Fallback"; action = "NotFound"` + w.catchAllPolicies() + " }"
		default:
			lines[i] = strings.Replace(line, "list = true", "list = false", 1)
			if lines[i] == line {
				lines[i] = strings.Replace(line, "list = false", "list = true", 1)
			}
		}
		return edit(strings.TrimSpace(line) + " → " + strings.TrimSpace(lines[i]))
	case op == 3 && sectionLine.MatchString(line):
		m := sectionLine.FindStringSubmatch(line)
		indent := m[1] + "  "
		var added string
		switch {
		case strings.HasPrefix(m[2], "r"):
			added = pick(rng, []string{
				fmt.Sprintf("auth = %q", pick(rng, authValues)),
				"max_body_size = " + pick(rng, bodySizes),
				fmt.Sprintf("anti_csrf_check = %v", rng.IntN(2) == 0),
				"cors { " + w.corsFields() + " }",
				w.authorization(),
			})
		case strings.HasPrefix(m[2], "d"):
			added = pick(rng, []string{
				fmt.Sprintf("default_auth = %q", pick(rng, authValues)),
				fmt.Sprintf("%s = %v", pick(rng, []string{"redirect_trailing_slash", "method_not_allowed", "auto_options"}), rng.IntN(2) == 0),
				"anti_csrf_check = false",
				"cors { " + w.corsFields() + " }",
				`catch_all { controller = "Fallback"; action = "NotFound"` + w.catchAllPolicies() + " }",
			})
		case m[2] == "routes":
			added = fmt.Sprintf(`rnew { path = %q; method = %q; controller = "New"; action = "Added" }`, w.newPath(), pick(rng, methods))
		default:
			return Edit{}
		}
		lines = slices.Insert(lines, i+1, indent+added)
		return edit(added + " added")
	case op == 4 && sectionLine.MatchString(line) && !strings.HasPrefix(strings.TrimSpace(line), "domains"):
		// The section, to its closing brace.
		depth, j := 0, i
		for ; j < len(lines); j++ {
			depth += strings.Count(lines[j], "{") - strings.Count(lines[j], "}")
			if depth == 0 {
				break
			}
		}
		lines = slices.Delete(lines, i, min(j+1, len(lines)))
		return edit("section " + strings.TrimSpace(line) + " removed")
	case op == 5 && routeSection.MatchString(line):
		m := sectionLine.FindStringSubmatch(line)
		lines[i] = m[1] + m[2] + "_renamed {" + m[3]
		return edit("route " + m[2] + " renamed")
	}
	return Edit{}
}

// valueOf is another value for key, whose value is now old.
func (w *confWriter) valueOf(key, old string) string {
	rng := w.rng
	switch key {
	case "host":
		return fmt.Sprintf("%q", pick(rng, hosts))
	case "port":
		return pick(rng, []string{`"8080"`, `"9000"`, `"80"`, "9001"})
	case "subdomain", "redirect_trailing_slash", "method_not_allowed", "auto_options", "anti_csrf_check", "list", "enable":
		if old == "true" {
			return "false"
		}
		return "true"
	case "auth", "default_auth":
		return fmt.Sprintf("%q", pick(rng, authValues))
	case "max_body_size":
		return pick(rng, bodySizes)
	case "method":
		return fmt.Sprintf("%q", strings.Join(pickFrom(rng, methods, 2), ", "))
	case "controller":
		return fmt.Sprintf("%q", "Renamed")
	case "action":
		return fmt.Sprintf("%q", "Renamed")
	case "path":
		return w.editPath(old)
	}
	return old
}

// editPath changes a path: a parameter's constraint, a literal, or a
// segment more.
func (w *confWriter) editPath(quoted string) string {
	path := strings.Trim(quoted, `"`)
	rng := w.rng
	switch rng.IntN(3) {
	case 0:
		if i := strings.IndexByte(path, '['); i >= 0 {
			j := strings.IndexByte(path[i:], ']')
			return fmt.Sprintf("%q", path[:i+1]+pick(rng, paramRules)+path[i+j:])
		}
		if i := strings.IndexByte(path, ':'); i >= 0 {
			j := strings.IndexByte(path[i:]+"/", '/')
			return fmt.Sprintf("%q", path[:i+j]+"["+pick(rng, paramRules)+"]"+path[i+j:])
		}
	case 1:
		return fmt.Sprintf("%q", strings.TrimSuffix(path, "/")+"/"+pick(rng, literals))
	}
	for _, l := range literals {
		if strings.Contains(path, l) {
			return fmt.Sprintf("%q", strings.Replace(path, l, pick(rng, literals), 1))
		}
	}
	return quoted
}

// newPath is the path of a route added: literals and a parameter.
func (w *confWriter) newPath() string {
	path := "/" + pick(w.rng, literals)
	if w.rng.IntN(2) == 0 {
		path += "/:p9"
		if w.rng.IntN(2) == 0 {
			path += "[" + pick(w.rng, paramRules) + "]"
		}
	}
	return path
}
