package runtime

import (
	"net/http"
	"strings"
	"testing"
)

func TestWritePattern(t *testing.T) {
	for path, want := range map[string]string{
		"/":                      "/",
		"/hotels/:id":            "/hotels/{id}",
		"/users/:id/posts/:post": "/users/{id}/posts/{post}",
		"/files/*path":           "/files/{path...}",
		"/user_:name":            "/user_{name}",
		"/src2*filepath":         "/src2{filepath...}",
	} {
		var b strings.Builder
		writePattern(&b, path)
		if b.String() != want {
			t.Errorf("writePattern(%q) = %q, want %q", path, b.String(), want)
		}
	}
}

func TestErrorText(t *testing.T) {
	for _, c := range []struct {
		e          *Error
		text, body string
	}{
		{&Error{Status: 400, Msg: `"abc" is not a number`, Param: "id"}, `path parameter "id": "abc" is not a number`, `path parameter "id": "abc" is not a number`},
		{&Error{Status: 404}, "Not Found", "404 page not found"},
		{&Error{Status: 500, Err: http.ErrAbortHandler}, http.ErrAbortHandler.Error(), "Internal Server Error"},
		{&Error{Status: 403, Msg: "forbidden"}, "forbidden", "forbidden"},
		{&Error{Status: 409, Msg: "taken", Err: http.ErrAbortHandler}, "taken", "taken"},
	} {
		if body := string(c.e.appendBody(nil)); c.e.Error() != c.text || body != c.body {
			t.Errorf("%+v: Error %q body %q, want %q and %q", c.e, c.e.Error(), body, c.text, c.body)
		}
	}
}
