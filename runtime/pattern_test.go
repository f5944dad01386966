package runtime

import (
	"net/http"
	"strings"
	"testing"
)

func TestWritePattern(t *testing.T) {
	for _, c := range []struct {
		method, path, host, want string
	}{
		{"GET", "/", "", "GET /"},
		{"GET", "/hotels/:id", "", "GET /hotels/{id}"},
		{"PUT", "/users/:id/posts/:post", "", "PUT /users/{id}/posts/{post}"},
		{"GET", "/files/*path", "", "GET /files/{path...}"},
		{"GET", "/user_:name", "", "GET /user_{name}"},
		{"GET", "/src2*filepath", "", "GET /src2{filepath...}"},
		{"WS", "/chat/:room", "", "GET /chat/{room}"},
		{"GET", "/a/", "admin.example.com", "GET admin.example.com/a/"},
		{"*", "", "admin.example.com", "admin.example.com/"},
		{"*", "", "", "/"},
	} {
		var b strings.Builder
		writePattern(&b, &Route{Method: c.method, Path: c.path}, c.host)
		if b.String() != c.want {
			t.Errorf("writePattern(%s %q, %q) = %q, want %q", c.method, c.path, c.host, b.String(), c.want)
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
