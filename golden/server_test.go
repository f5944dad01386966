package golden_test

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	formauth "github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	"github.com/routegen/routegen/runtime"
)

// TestNewServerOptionsStar: a server of runtime.NewServer hands
// "OPTIONS *" to the router, whose automatic reply answers it 204 with
// the domain's methods and the secure headers, as routegen match shows
// (GET, HEAD, OPTIONS, POST on aah's form-based-auth example).
func TestNewServerOptionsStar(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = runtime.NewServer("", formExample(t, *formauth.SignIn.Session).Config.Handler)
	srv.Start()
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNoContent || res.Header.Get("Allow") != "GET, HEAD, OPTIONS, POST" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("OPTIONS *: %d, header %v; want 204 with Allow and the secure headers", res.StatusCode, res.Header)
	}
}
