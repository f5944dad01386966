package difftest_test

import (
	"errors"
	"flag"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
	"github.com/routegen/routegen/runtime/routegenimpl"
)

var (
	agreeRequests = flag.Int("agree.requests", 1500, "requests per table of TestMatchAgreesWithRouter")
	agreeSeed     = flag.Uint64("agree.seed", 3, "seed of TestMatchAgreesWithRouter's requests")
)

// TestMatchAgreesWithRouter sends random requests with random policy
// headers to the committed tables' routers over HTTP, and asks routegen
// match's function (explain) the same: both must give the same status,
// Location, Allow, WWW-Authenticate and CORS headers (Access-Control-*,
// Vary). Among the requests are numbers past int64, escaped slashes
// (%2F), odd-case methods ("get", "pOST"), non-ASCII paths, raw and
// escaped, and hosts a server refuses.
//
//	go test ./internal/difftest -run TestMatchAgreesWithRouter -agree.requests 200000 -agree.seed 7 -v
//
// is a long run on these tables (any seed); it logs how many requests it
// compared, and at which step match's answers ended. cmd/difftest -agree
// does the same on fresh tables.
func TestMatchAgreesWithRouter(t *testing.T) {
	tables := loadTables(t)
	var total, failures, catchAlls, statics int
	seen := map[string]int{}
	for i, table := range tables {
		router, err := routegenimpl.NewTable(difftest.DataTable(generated[i].domains, generated[i].routes)).
			NewRouter(actions{}, append(authenticators(explain.Schemes(table)), runtime.WithStaticFS(difftest.StaticFiles))...)
		if err != nil {
			t.Fatal(err)
		}
		server := httptest.NewServer(router)
		defer server.Close()
		a, err := difftest.NewAgreement(table, server.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		q := difftest.NewPolicyRequests(table, rand.New(rand.NewPCG(uint64(i), *agreeSeed)))
		for range *agreeRequests {
			req := q.Next()
			if msg := a.Compare(req); msg != "" {
				t.Errorf("%s: %s\n%s", tableName(i), req, msg)
				if failures++; failures == 20 {
					t.Fatal("20 disagreements: the rest are not compared")
				}
			}
			total++
		}
		for step, n := range a.Seen {
			seen[step] += n
		}
		for _, d := range table.Domains {
			if d.CatchAll != nil {
				catchAlls++
			}
			for _, r := range d.Routes {
				if r.Static {
					statics++
				}
			}
		}
	}
	// The committed tables and the requests must keep reaching what the
	// differential compares.
	if catchAlls == 0 || statics == 0 {
		t.Errorf("the committed tables have %d catch_alls and %d static routes; the differential needs both", catchAlls, statics)
	}
	for _, step := range []string{"action called", "static served", "auth refused", "authorization refused", "anti_csrf refused",
		"body_size refused", "preflight allowed", "preflight not allowed", "route redirected", "route answered", "constraint refused"} {
		if seen[step] == 0 {
			t.Errorf("no answer ends with %q", step)
		}
	}
	t.Logf("%d requests on %d tables, %d disagreements; the last steps of the answers: %v", total, len(tables), failures, seen)
}

// authenticators register, for each scheme, one that recognises a request
// with difftest.AuthHeader, as the subject of its roles and permissions
// headers, or as everyone without them.
func authenticators(schemes []string) []runtime.Option {
	var opts []runtime.Option
	for _, scheme := range schemes {
		opts = append(opts, runtime.WithAuthenticator(scheme, func(ctx *runtime.Context) (runtime.Subject, error) {
			h := ctx.Req.Header
			if h.Get(difftest.AuthHeader) == "" {
				return nil, errors.New("no credentials")
			}
			roles, hasRoles := h[difftest.RolesHeader]
			permissions, hasPermissions := h[difftest.PermissionsHeader]
			if !hasRoles && !hasPermissions {
				return everyone{}, nil
			}
			var subject []string
			if hasRoles {
				subject = strings.Split(roles[0], ",")
			}
			var granted []string
			if hasPermissions {
				granted = strings.Split(permissions[0], "|")
			}
			return aahauth.NewSubject(subject, granted...)
		}))
	}
	return opts
}

// everyone is a subject with every role and permission.
type everyone struct{}

func (everyone) HasRole(string) bool     { return true }
func (everyone) IsPermitted(string) bool { return true }

// actions is the dispatcher of every route: it reads the body, as an
// action may, and answers 200, marked as the action's.
type actions struct{}

func (actions) Dispatch(ctx *runtime.Context, _ int) error {
	if _, err := io.Copy(io.Discard, ctx.Req.Body); err != nil {
		return err
	}
	ctx.Res.Header().Set(difftest.ActionHeader, "called")
	ctx.Res.WriteHeader(http.StatusOK)
	return nil
}
