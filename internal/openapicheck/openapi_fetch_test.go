package openapicheck

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// openapi-typescript and TypeScript's compiler, as npm ci installs them
// from package-lock.json with openapi-fetch, which
// openapi_fetch_calls.mjs imports.
var (
	openapiTypescript = filepath.Join("node_modules", "openapi-typescript", "bin", "cli.js")
	tsc               = filepath.Join("node_modules", "typescript", "bin", "tsc")
	openapiFetch      = filepath.Join("node_modules", "openapi-fetch", "package.json")
)

// needNode skips the test when node or one of the npm packages it runs
// is missing, and fails it under CI=true, where it must run.
func needNode(t *testing.T, purpose string, installed ...string) {
	t.Helper()
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not installed (Node 20 or later)"
	}
	for _, file := range installed {
		if _, err := os.Stat(file); err != nil && missing == "" {
			missing = file + " is not installed: run npm ci in internal/openapicheck"
		}
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s; CI runs this test", missing)
		}
		t.Skipf("%s; %s needs it", missing, purpose)
	}
}

// fetchResult is what one call of openapi_fetch_calls.mjs answered.
type fetchResult struct {
	ID, Schemes, Location, Session, Reached, ContentType, Body string
	Status                                                     int
}

// TestAahportThroughOpenapiFetch generates, with openapi-typescript, the
// TypeScript types of the documents of examples/aahport's domains, which
// tsc compiles, and calls every operation of each document through
// openapi-fetch (openapi_fetch_calls.mjs) against aahport's router: the
// sign-in routes answer their 302 with the session cookie, the static
// route its file, read as the content type the document gives rather
// than as JSON, and each other operation, with each alternative of its
// security, reaches its route with its parameters. It needs node and
// npm ci: without them it is skipped, under CI=true it fails.
func TestAahportThroughOpenapiFetch(t *testing.T) {
	needNode(t, "the openapi-fetch proof", openapiTypescript, tsc, openapiFetch)
	srv := httptest.NewServer(aahportRouter(t))
	t.Cleanup(srv.Close)
	params := map[string]map[string]string{
		"task":          {"id": "42"},
		"delete_task":   {"id": "7"},
		"public_assets": {"filepath": "css/site.css"},
	}
	plan, err := json.Marshal(map[string]any{"user": user, "password": password, "apiKey": apiKey, "params": params})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var types []string
	for _, domain := range []string{"localhost", "admin_localhost"} {
		data := domainDocument(t, aahport, domain)
		spec := kinValid(t, data)
		doc := filepath.Join(dir, domain+".json")
		if err := os.WriteFile(doc, data, 0o644); err != nil {
			t.Fatal(err)
		}
		types = append(types, filepath.Join(dir, domain+".d.ts"))
		if out, err := exec.Command("node", openapiTypescript, doc, "--output", types[len(types)-1]).CombinedOutput(); err != nil {
			t.Fatalf("openapi-typescript %s: %v\n%s", domain, err, out)
		}
		out, err := exec.Command("node", "openapi_fetch_calls.mjs", doc, srv.Listener.Addr().String(), string(plan)).Output()
		if err != nil {
			var stderr []byte
			if exit, ok := err.(*exec.ExitError); ok {
				stderr = exit.Stderr
			}
			t.Fatalf("openapi_fetch_calls.mjs %s: %v\n%s", domain, err, stderr)
		}
		var results []fetchResult
		if err := json.Unmarshal(out, &results); err != nil {
			t.Fatalf("%s: %v\n%s", domain, err, out)
		}
		calls := map[string]int{}
		for _, r := range results {
			calls[r.ID]++
		}
		for _, path := range spec.Paths.InMatchingOrder() {
			for method, op := range spec.Paths.Value(path).Operations() {
				want := 1
				if op.Security != nil && len(*op.Security) > 0 && op.Extensions["x-routegen-added-by"] == nil {
					want = len(*op.Security)
				}
				if calls[op.OperationID] != want {
					t.Errorf("%s is called %d times, want once for each alternative of its security (%d)", op.OperationID, calls[op.OperationID], want)
				}
				for _, r := range results {
					if r.ID != op.OperationID {
						continue
					}
					switch {
					case op.Extensions["x-routegen-added-by"] != nil:
						// A sign-in route: its 302, and the session of the
						// login submit and the callback.
						signsIn := op.RequestBody != nil || op.Parameters.GetByInAndName("query", "state") != nil
						if r.Status != http.StatusFound || r.Location == "" || signsIn && r.Session == "" {
							t.Errorf("%s: %d to %q with session %q; want the 302 the document describes", r.ID, r.Status, r.Location, r.Session)
						}
					case r.Status != http.StatusOK:
						t.Errorf("%s with %q: %d %s", r.ID, r.Schemes, r.Status, r.Body)
					case slices.Contains(op.Tags, "static"):
						if strings.Contains(r.ContentType, "json") || r.Body != staticFile {
							t.Errorf("%s: %s %q; want the file", r.ID, r.ContentType, r.Body)
						}
					default:
						var got reply
						if err := json.Unmarshal([]byte(r.Reached), &got); err != nil {
							t.Errorf("%s with %q: reached no action: %v", r.ID, r.Schemes, err)
							continue
						}
						want := reply{op.Extensions["x-routegen-domain"].(string), method, op.Extensions["x-routegen-path"].(string), params[op.OperationID]}
						if want.Params == nil {
							want.Params = map[string]string{}
						}
						if got.Domain != want.Domain || got.Method != want.Method || got.Path != want.Path || !maps.Equal(got.Params, want.Params) {
							t.Errorf("%s with %q reached %+v, want %+v", r.ID, r.Schemes, got, want)
						}
					}
				}
			}
		}
	}
	args := append([]string{tsc, "--noEmit", "--strict"}, types...)
	if out, err := exec.Command("node", args...).CombinedOutput(); err != nil {
		t.Errorf("tsc of the generated types: %v\n%s", err, out)
	}
}
