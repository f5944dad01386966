package core

// The methods a route's policies apply to, for the router's decision
// (internal/core/decide), which applies them, and for ir, which resolves
// a route's body limit.

// UnsafeMethod reports whether a request of method may change state, so
// that anti_csrf_check guards it: every method but GET, HEAD, OPTIONS and
// TRACE, and but a WebSocket upgrade ("WS", which is a GET).
func UnsafeMethod(method string) bool {
	switch method {
	case "GET", "HEAD", "OPTIONS", "TRACE", "WS":
		return false
	}
	return true
}

// BodyMethod reports whether max_body_size limits the body of a request
// of method: POST, PUT, PATCH and DELETE.
func BodyMethod(method string) bool {
	switch method {
	case "POST", "PUT", "PATCH", "DELETE":
		return true
	}
	return false
}
