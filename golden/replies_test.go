package golden_test

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
	"time"
)

// reusedRecorder is a ResponseWriter that records a reply and allocates
// nothing once its header map and body have grown: reset clears them and
// keeps their storage. httptest.ResponseRecorder would not do: its
// WriteHeader clones the header map, which allocates on every reply.
type reusedRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *reusedRecorder) Header() http.Header { return w.header }

func (w *reusedRecorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *reusedRecorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

func (w *reusedRecorder) reset() {
	clear(w.header)
	w.status = 0
	w.body.Reset()
}

// TestRepliesAllocateNothing: without an error handler, a matched route, a
// 404 (of a domain's path, and of a host no domain serves), a 405 and an
// automatic OPTIONS reply cost no allocation, and their replies are what
// they must be.
func TestRepliesAllocateNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool allocate")
	}
	rt := newRichRouter(t)
	for _, c := range []struct {
		name   string
		req    *http.Request
		status int
		body   string
		allow  string
	}{
		// The no-op action writes nothing.
		{"matched", httptest.NewRequest("GET", "http://acme.example.com:8080/pages/about", nil), 0, "", ""},
		{"404", httptest.NewRequest("GET", "http://acme.example.com:8080/nowhere", nil), 404, "404 page not found\n", ""}, //routegen:ignore the test wants the 404
		{"404 of an unknown host", httptest.NewRequest("GET", "http://other.org:8080/", nil), 404, "no domain serves host \"other.org:8080\"\n", ""},
		{"405", httptest.NewRequest("DELETE", "http://example.com:8080/users", nil), 405, "Method Not Allowed\n", "GET, HEAD, OPTIONS, POST"},
		{"automatic OPTIONS", httptest.NewRequest("OPTIONS", "http://example.com:8080/users", nil), 204, "", "GET, HEAD, OPTIONS, POST"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := &reusedRecorder{header: http.Header{}}
			allocs := testing.AllocsPerRun(100, func() {
				w.reset()
				rt.ServeHTTP(w, c.req)
			})
			if allocs != 0 {
				t.Errorf("ServeHTTP allocated %.1f times a request, want 0", allocs)
			}
			if w.status != c.status || w.body.String() != c.body || w.header.Get("Allow") != c.allow {
				t.Errorf("reply %d %q with Allow %q, want %d %q with Allow %q", w.status, w.body.String(), w.header.Get("Allow"), c.status, c.body, c.allow)
			}
			if c.status >= 400 && (w.header.Get("Content-Type") != "text/plain; charset=utf-8" || w.header.Get("X-Content-Type-Options") != "nosniff") {
				t.Errorf("reply headers %v, want http.Error's", w.header)
			}
		})
	}
}

// TestErrorRepliesOnTheWire: without an error handler, the router's 404,
// 405 and 400 are, byte for byte, what http.Error writes with the reply's
// text (and the Allow header of the 405), over a real connection.
func TestErrorRepliesOnTheWire(t *testing.T) {
	type reply struct {
		status      int
		allow, text string
	}
	replies := map[[3]string]reply{ // by method, path and host
		{"GET", "/nowhere", "acme.example.com:8080"}: {404, "", "404 page not found"},
		{"GET", "/", "other.org:8080"}:               {404, "", `no domain serves host "other.org:8080"`},
		{"DELETE", "/users", "example.com:8080"}:     {405, "GET, HEAD, OPTIONS, POST", "Method Not Allowed"},
		{"GET", "/users/abc", "example.com:8080"}:    {400, "", `path parameter "id": "abc" is not a number`},
	}
	router := httptest.NewServer(newRichRouter(t))
	defer router.Close()
	reference := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		want, ok := replies[[3]string{r.Method, r.URL.Path, r.Host}]
		if !ok {
			t.Errorf("the reference server has no reply to %s %s at %s", r.Method, r.URL.Path, r.Host)
		}
		if want.allow != "" {
			w.Header().Set("Allow", want.allow)
		}
		http.Error(w, want.text, want.status)
	}))
	defer reference.Close()
	for req := range replies {
		raw := req[0] + " " + req[1] + " HTTP/1.1\r\nHost: " + req[2] + "\r\nConnection: close\r\n\r\n"
		got, want := roundTrip(t, router.Listener.Addr(), raw), roundTrip(t, reference.Listener.Addr(), raw)
		if got != want {
			t.Errorf("%s %s at %s: the router wrote\n%s\nhttp.Error writes\n%s", req[0], req[1], req[2], got, want)
		}
	}
}

// dateHeader is the one line of a reply that changes from second to second.
var dateHeader = regexp.MustCompile(`(?m)^Date: .*\r\n`)

// roundTrip sends raw to addr and returns the whole reply as it came,
// without its Date header.
func roundTrip(t *testing.T, addr net.Addr, raw string) string {
	t.Helper()
	conn, err := net.Dial("tcp", addr.String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(time.Minute))
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	reply, err := io.ReadAll(conn)
	if err != nil {
		t.Fatal(err)
	}
	return dateHeader.ReplaceAllString(string(reply), "")
}
