package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const matchConf = `domains {
  site {
    host = "example.com"
    port = "8080"
    default_auth = "anonymous"
    routes {
      show_hotel { path = "/hotels/:id[number]"; controller = "Hotels"; action = "Show" }
      book_hotel { path = "/hotels/:id/book"; method = "POST"; controller = "Hotels"; action = "Book"; auth = "session"; max_body_size = "1kb" }
      search { path = "/search"; controller = "Search"; action = "Index" }
    }
  }
  files {
    host = "files.example.com"
    default_auth = "anonymous"
    catch_all { controller = "Files"; action = "Any"; auth = "anonymous" }
    routes {
      file { path = "/f/:name"; controller = "Files"; action = "Get" }
    }
  }
}
`

// TestMatch: routegen match reports every outcome of the core's lookup,
// in text and in JSON, and exits 0 only when an action would run.
func TestMatch(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": matchConf})
	for _, c := range []struct {
		name, method, url string
		code              int
	}{
		{"route", "GET", "/hotels/42", exitOK},
		{"route_policies", "POST", "http://example.com:8080/hotels/7/book", exitOK},
		{"head_by_get", "HEAD", "/search", exitOK},
		{"catch_all", "PUT", "http://files.example.com/anything", exitOK},
		{"bad_param", "GET", "/hotels/abc", exitInput},
		{"method_not_allowed", "DELETE", "/search", exitInput},
		{"auto_options", "OPTIONS", "/search", exitInput},
		{"redirect", "GET", "/search/?q=1", exitInput},
		{"not_found", "GET", "/hotel/42", exitInput},
		{"no_domain", "GET", "http://localhost:8080/", exitInput},
	} {
		code, stdout, stderr := runIn(t, dir, "match", c.method, c.url)
		if code != c.code || stderr != "" {
			t.Errorf("%s: exit %d, stderr %q; want exit %d", c.name, code, stderr, c.code)
		}
		golden(t, "match/"+c.name+".txt", stdout)
		code, stdout, _ = runIn(t, dir, "match", "--json", c.method, c.url)
		var res map[string]any
		if err := json.Unmarshal([]byte(stdout), &res); err != nil || code != c.code {
			t.Errorf("%s --json: exit %d, %v\n%s", c.name, code, err, stdout)
			continue
		}
		for _, key := range []string{"status", "route", "domain", "params", "location", "allow", "reason"} {
			if _, ok := res[key]; !ok {
				t.Errorf("%s --json: no %q in %s", c.name, key, stdout)
			}
		}
		golden(t, "match/"+c.name+".json", stdout)
	}
}

func TestMatchUsage(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": matchConf})
	for _, args := range [][]string{
		{"match"},
		{"match", "GET"},
		{"match", "GET", "/", "routes.conf", "extra"},
		{"match", "G ET", "/"},
		{"match", "GET", "http://[::1"},
	} {
		if code, _, stderr := runIn(t, dir, args...); code != exitUsage || !strings.Contains(stderr, "routegen") {
			t.Errorf("%s: exit %d, %q; want a usage error", strings.Join(args, " "), code, stderr)
		}
	}
	// A URL that does not parse is named with what is wrong in it.
	for url, want := range map[string]string{
		"/hotels/%zz":   `routegen: URL "/hotels/%zz": invalid URL escape "%zz"`,
		"http://[::1/x": `routegen: URL "http://[::1/x": missing ']' in host`,
		"":              `routegen: URL "": want a path (/hotels/42) or an absolute URL`,
	} {
		if code, _, stderr := runIn(t, dir, "match", "GET", url); code != exitUsage || !strings.HasPrefix(stderr, want) {
			t.Errorf("match GET %q: exit %d, %q; want a usage error beginning %s", url, code, stderr, want)
		}
	}
}

// TestMatchFindsRoutesConf: in a package folder, match reads the
// routes.conf its //go:generate directive names, as check does.
func TestMatchFindsRoutesConf(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"go.mod":             "module example.com/shop\n\ngo 1.25\n",
		"web/doc.go":         "package web\n\n//go:generate go tool routegen conf/site.conf\n",
		"web/conf/site.conf": matchConf,
	})
	for _, args := range [][]string{{"match", "GET", "/hotels/1", "web"}, {"match", "GET", "/hotels/1"}} {
		if code, stdout, stderr := runIn(t, dir, args...); code != exitOK || !strings.HasPrefix(stdout, "200 route show_hotel (web/conf/site.conf:7:7)") {
			t.Errorf("%s: exit %d, %q, %q", strings.Join(args, " "), code, stdout, stderr)
		}
	}
}
