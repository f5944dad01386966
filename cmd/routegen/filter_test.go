package main

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestFiltersKeepTheWholeTable holds each format's output under each
// filter to its output of the whole table for the routes the filter
// keeps: a filter leaves out routes, and nothing of what security.conf
// and aah.conf say of the routes it keeps.
func TestFiltersKeepTheWholeTable(t *testing.T) {
	dir, err := filepath.Abs("../../examples/aahport/config")
	if err != nil {
		t.Fatal(err)
	}
	sources := []string{"--security", "security.conf", "--app-config", "aah.conf"}
	list := func(t *testing.T, args ...string) string {
		t.Helper()
		code, stdout, stderr := runIn(t, dir, append(append([]string{"list"}, sources...), append(args, "routes.conf")...)...)
		if code != exitOK {
			t.Fatalf("list %q: %d: %s", args, code, stderr)
		}
		return stdout
	}
	filters := [][]string{
		{"--domain", "admin_localhost"}, {"--method", "GET"}, {"--path", "/api/*"},
		{"--name", "login"}, {"--controller", "App"}, {"--domain", "localhost", "--method", "POST"},
	}
	formats := map[string][]string{
		"table":   {"--format", "table"},
		"json":    {"--format", "json"},
		"openapi": {"--format", "openapi"},
		"caddy":   {"--format", "caddy", "--backend", "app:8080"},
		"gateway": {"--format", "gateway", "--backend", "app:8080"},
	}
	for format, args := range formats {
		whole := list(t, args...)
		for _, filter := range filters {
			t.Run(format+" "+strings.Join(filter, " "), func(t *testing.T) {
				kept := list(t, append(slices.Clone(args), filter...)...)
				parts, all := partsOf(t, format, kept), partsOf(t, format, whole)
				if len(parts) == 0 {
					t.Fatalf("the filter keeps nothing:\n%s", kept)
				}
				for key, part := range parts {
					if want, ok := all[key]; !ok || !reflect.DeepEqual(part, want) {
						t.Errorf("%s:\n%v\nthe whole table's:\n%v", key, part, want)
					}
				}
			})
		}
	}
}

// partsOf splits the output of a format into the parts that describe a
// route or the table's configuration, by a key that names them.
func partsOf(t *testing.T, format, out string) map[string]any {
	t.Helper()
	parts := map[string]any{}
	switch format {
	case "table":
		for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
			f := strings.Fields(line)
			parts[f[0]+" "+f[1]+" "+f[2]] = f // columns pad to the widest value
		}
	case "json":
		var table struct {
			Domains []map[string]any `json:"domains"`
		}
		if err := json.Unmarshal([]byte(out), &table); err != nil {
			t.Fatal(err)
		}
		for _, d := range table.Domains {
			for _, r := range d["routes"].([]any) {
				r := r.(map[string]any)
				parts[d["key"].(string)+" "+r["method"].(string)+" "+r["path"].(string)] = r
			}
			delete(d, "routes")
			delete(d, "catch_all")
			parts["domain "+d["key"].(string)] = d
		}
	case "openapi":
		var doc struct {
			Components any                                   `json:"components"`
			Paths      map[string]map[string]json.RawMessage `json:"paths"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		parts["components"] = doc.Components
		for path, item := range doc.Paths {
			for method, op := range item {
				var ops []map[string]any
				if method == "x-routegen-colliding" {
					if err := json.Unmarshal(op, &ops); err != nil {
						t.Fatal(err)
					}
				} else if method != "servers" {
					ops = make([]map[string]any, 1)
					if err := json.Unmarshal(op, &ops[0]); err != nil {
						t.Fatal(err)
					}
				}
				for _, o := range ops {
					delete(o, "servers")           // the domains of the document
					delete(o, "x-routegen-method") // a colliding route's, where the operation has none
					parts[o["x-routegen-domain"].(string)+" "+path+" "+o["operationId"].(string)] = o
				}
			}
		}
	case "caddy":
		// The routes of each host's subroute, with their matchers.
		var config struct {
			Apps struct {
				HTTP struct {
					Servers map[string]struct {
						Routes []struct {
							Match  []any `json:"match"`
							Handle []struct {
								Routes []map[string]any `json:"routes"`
							} `json:"handle"`
						} `json:"routes"`
					} `json:"servers"`
				} `json:"http"`
			} `json:"apps"`
		}
		if err := json.Unmarshal([]byte(out), &config); err != nil {
			t.Fatal(err)
		}
		for _, s := range config.Apps.HTTP.Servers {
			for _, host := range s.Routes {
				hostKey, _ := json.Marshal(host.Match)
				for _, h := range host.Handle {
					for _, r := range h.Routes {
						if r["match"] != nil {
							key, _ := json.Marshal(r["match"])
							parts[string(hostKey)+" "+string(key)] = r
						}
					}
				}
			}
		}
	case "gateway":
		// A route's match: its comment, which names it and its place
		// in routes.conf, and the lines of its matcher.
		var domain, key string
		for _, line := range strings.Split(out, "\n") {
			trimmed := strings.TrimSpace(line)
			switch {
			case strings.HasPrefix(line, "# Domain "):
				domain = line
			case strings.HasPrefix(trimmed, "# ") && strings.Contains(trimmed, "(routes.conf:"):
				key = domain + " " + trimmed
				parts[key] = ""
			case key != "" && strings.HasPrefix(line, "      "):
				parts[key] = parts[key].(string) + trimmed + "\n"
			default:
				key = ""
			}
		}
	}
	return parts
}
