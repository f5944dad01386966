package changes

import (
	"cmp"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/internal/txtartest"
	"github.com/routegen/routegen/ir"
)

var update = flag.Bool("update", false, "rewrite the changes and reversed sections of testdata/*.txtar")

// TestCompare: each archive holds old.conf and new.conf, and perhaps their
// security.conf (old-security.conf, new-security.conf) and app config
// (old-aah.conf, new-aah.conf); "changes" is
// what Compare finds from old to new, "reversed" from new to old, so that
// each change is seen both ways.
func TestCompare(t *testing.T) {
	txtartest.Suite{Pattern: "testdata/*.txtar", Min: 13, Sections: []string{"changes", "reversed"}, Update: *update}.Run(t, func(t *testing.T, c txtartest.Case) map[string]string {
		load := func(name string) *ir.Table {
			// A side's security.conf, when the archive has one: old.conf's is old-security.conf.
			src := ir.Sources{Routes: name}
			if sec := strings.TrimSuffix(name, ".conf") + "-security.conf"; c.Files[sec] != nil {
				src.Security = sec
			}
			if app := strings.TrimSuffix(name, ".conf") + "-aah.conf"; c.Files[app] != nil {
				src.AppConfig = app
			}
			table, diags := ir.Load(c.Files, src)
			if table == nil {
				t.Fatalf("%s: %v", name, diags)
			}
			return table
		}
		old, new := load("old.conf"), load("new.conf")
		forwards, reversed := Compare(old, new), Compare(new, old)
		checkOrder(t, forwards)
		checkOrder(t, reversed)
		checkSubjects(t, forwards, old, new)
		checkSubjects(t, reversed, old, new)
		return map[string]string{"changes": report(forwards), "reversed": report(reversed)}
	})
}

// report is one line a change: where, its kinds, what, the route, the
// values before and after, and its effect.
func report(list []Change) string {
	var b strings.Builder
	for _, c := range list {
		route := cmp.Or(c.Key, c.Route)
		if len(c.Routes) > 0 {
			route = fmt.Sprintf("%d routes %v", len(c.Routes), c.Routes)
		}
		fmt.Fprintf(&b, "%s %s %s: %s: %s %s %s: %q → %q (was %s): %s\n", c.Position, kindsText(c), c.ID(), c.Change, route, c.Method, c.Path, c.Old, c.New, c.OldPosition, c.Effect)
	}
	return b.String()
}

// checkOrder checks that the changes are sorted by kind, the most severe
// first, then by position: the new routes.conf's, then the old one's.
func checkOrder(t *testing.T, list []Change) {
	t.Helper()
	for i := 1; i < len(list); i++ {
		a, b := list[i-1], list[i]
		if rank(a.Kind) > rank(b.Kind) || rank(a.Kind) == rank(b.Kind) && comparePos(a, b) > 0 {
			t.Errorf("%s %s at %s before %s %s at %s", a.Kind, a.Change, a.Position, b.Kind, b.Change, b.Position)
		}
		if a.Kind != a.Kinds[0] {
			t.Errorf("%s: kind %s, not the most severe of %v", a.Change, a.Kind, a.Kinds)
		}
	}
}

// checkSubjects checks that each change is at a subject of either side,
// as an --accept file may name it.
func checkSubjects(t *testing.T, list []Change, old, new *ir.Table) {
	t.Helper()
	subjects := slices.Concat(Subjects(old), Subjects(new))
	for _, c := range list {
		if !slices.Contains(subjects, c.Subject()) {
			t.Errorf("%s: subject %q is none of Subjects %v", c.Change, c.Subject(), subjects)
		}
	}
}

func kindsText(c Change) string {
	var kinds []string
	for _, k := range c.Kinds {
		kinds = append(kinds, string(k))
	}
	return strings.Join(kinds, "+")
}

// bigTable is a routes.conf of three domains of 200 routes each, with
// constraints, auth, CORS, anti-CSRF and body limits; changed alters
// every tenth route's auth, and the body limit of some of those after them.
func bigTable(changed bool) string {
	var b strings.Builder
	b.WriteString("domains {\n")
	for d, host := range []string{"example.com", "api.example.com", "admin.example.com"} {
		fmt.Fprintf(&b, "  d%d {\n    host = %q\n    anti_csrf_check = true\n    catch_all { controller = \"Fallback\"; action = \"Any\"; auth = \"anonymous\"; max_body_size = \"1kb\" }\n    routes {\n", d, host)
		for i := range 200 {
			auth, size := "anonymous", "1kb"
			if changed && i%10 == 0 {
				auth = "token"
			}
			if changed && i%10 == 1 {
				size = "2kb"
			}
			switch i % 4 {
			case 0:
				fmt.Fprintf(&b, "      r%d { path = \"/things%d/:id[number,min=1,max=999]\"; controller = \"C\"; action = \"A%d\"; auth = %q }\n", i, i, i, auth)
			case 1:
				fmt.Fprintf(&b, "      r%d { path = \"/things%d/:kind[oneof=a b c]/items\"; method = \"POST\"; controller = \"C\"; action = \"A%d\"; auth = %q; max_body_size = %q }\n", i, i, i, auth, size)
			case 2:
				fmt.Fprintf(&b, "      r%d { path = \"/things%d/*rest\"; controller = \"C\"; action = \"A%d\"; auth = %q; cors { allow_origins = [\"https://app.example.com\"] } }\n", i, i, i, auth)
			default:
				fmt.Fprintf(&b, "      r%d { path = \"/things%d\"; method = \"GET, PUT\"; controller = \"C\"; action = \"A%d\"; auth = %q }\n", i, i, i, auth)
			}
		}
		b.WriteString("    }\n  }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func loadText(tb testing.TB, text string) *ir.Table {
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(text)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		tb.Fatal(diags)
	}
	return table
}

// TestCompareBigTable: a table of 600 routes (750 methods) compares with
// every changed route found, each once.
func TestCompareBigTable(t *testing.T) {
	old, new := loadText(t, bigTable(false)), loadText(t, bigTable(true))
	list := Compare(old, new)
	counts := map[string]int{}
	for _, c := range list {
		counts[string(c.Kind)+" "+c.Change]++
	}
	// Every tenth route of 200 in each of 3 domains asks for a token; of
	// the routes after them, the 30 POST ones have their limit raised.
	want := map[string]int{"breaking auth added": 60, "security max_body_size raised": 30}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("changes: %v, want %v", counts, want)
	}
}

func BenchmarkCompare(b *testing.B) {
	old, new := loadText(b, bigTable(false)), loadText(b, bigTable(true))
	for b.Loop() {
		Compare(old, new)
	}
}

// TestProbesOfMovedDomain: every request of a domain that moved is sent
// to its host on either side, not only the plain one; the route's plain
// request is also sent to the other domain's host, to hosts no domain
// names, and to each host without its port.
func TestProbesOfMovedDomain(t *testing.T) {
	conf := "domains {\n  site { host = \"example.com\"; routes { home { path = \"/\"; controller = \"S\"; action = \"H\"; auth = \"token\" } } }\n  api { host = %q; routes { items { path = \"/items\"; controller = \"A\"; action = \"I\"; auth = \"token\" } } }\n}\n"
	c := newComparison(loadText(t, fmt.Sprintf(conf, "api.example.com")), loadText(t, fmt.Sprintf(conf, "api.example.org")))
	hosts := map[string]int{}
	for _, p := range c.probes() {
		if p.target == "/items" && !p.who.Authenticated {
			hosts[p.headers[0]]++
		}
	}
	// Its own hosts get the policies' anonymous request, one of each other
	// method and a WebSocket upgrade's; the others, its plain request.
	want := map[string]int{"Host: api.example.com:8080": 10, "Host: api.example.org:8080": 10, "Host: example.com:8080": 1, "Host: 192.0.2.1": 1, "Host: unknown.invalid": 1,
		"Host: api.example.com": 1, "Host: api.example.org": 1, "Host: example.com": 1}
	if fmt.Sprint(hosts) != fmt.Sprint(want) {
		t.Errorf("anonymous requests of /items sent to %v, want %v", hosts, want)
	}
}
