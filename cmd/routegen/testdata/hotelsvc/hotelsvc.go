// Package hotelsvc is a small service as a newcomer to routegen writes one:
// a site and a versioned JSON API on two hosts, authenticators, a JSON
// error handler, a request logger that reads r.Pattern and a middleware for
// the API's routes. TestGoGenerate generates its routes and runs its tests.
package hotelsvc

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"example.com/shop/hotelsvc/routes"
	"github.com/routegen/routegen/runtime"
)

type user string

func (u user) HasRole(string) bool     { return false }
func (u user) IsPermitted(string) bool { return false }

var errNoHotel = errors.New("no such hotel")

// Hotel is the site's controller of hotels.
type Hotel struct{}

func (Hotel) Index(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "hotels")
	return err
}

func (Hotel) Show(ctx *runtime.Context, id int64) error {
	if id == 404 {
		return errNoHotel
	}
	_, err := fmt.Fprintf(ctx.Res, "hotel %d", id)
	return err
}

func (Hotel) ByCity(ctx *runtime.Context, city string) error {
	_, err := fmt.Fprintf(ctx.Res, "hotels in %s", city)
	return err
}

func (Hotel) Book(ctx *runtime.Context, id int64) error {
	body, err := io.ReadAll(ctx.Req.Body)
	if err != nil {
		return err // a body over the limit: the error handler answers 413
	}
	_, err = fmt.Fprintf(ctx.Res, "%s booked hotel %d (%d bytes)", ctx.Subject(), id, len(body))
	return err
}

// Account is the site's controller of the signed-in user.
type Account struct{}

func (Account) Show(ctx *runtime.Context) error {
	_, err := fmt.Fprintf(ctx.Res, "account of %s", ctx.Subject())
	return err
}

// APIHotel is the API's controller.
type APIHotel struct{}

func writeJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

func (APIHotel) Get(ctx *runtime.Context, id int64) error {
	return writeJSON(ctx.Res, http.StatusOK, map[string]any{"id": id})
}

func (APIHotel) Rate(ctx *runtime.Context, id, stars int64) error {
	return writeJSON(ctx.Res, http.StatusOK, map[string]any{"id": id, "stars": stars})
}

func (APIHotel) Bookings(ctx *runtime.Context, status string) error {
	return writeJSON(ctx.Res, http.StatusOK, map[string]any{"status": status})
}

func sessionAuth(ctx *runtime.Context) (runtime.Subject, error) {
	c, err := ctx.Req.Cookie("session")
	if err != nil {
		return nil, err
	}
	return user(c.Value), nil
}

func tokenAuth(ctx *runtime.Context) (runtime.Subject, error) {
	if ctx.Req.Header.Get("Authorization") != "Bearer s3cret" {
		return nil, errors.New("bad token")
	}
	return user("api client"), nil
}

// jsonErrors answers every error in JSON: the router's own (a
// *runtime.Error) with their status and reason, an action's by its cause.
func jsonErrors(ctx *runtime.Context, err error) {
	body := map[string]any{"status": http.StatusInternalServerError, "error": "internal error"}
	var re *runtime.Error
	if errors.As(err, &re) {
		body["status"], body["error"] = re.Status, re.Msg
		if re.Msg == "" {
			body["error"] = http.StatusText(re.Status)
		}
		if re.Param != "" {
			body["param"], body["constraint"] = re.Param, re.Constraint
		}
		if re.Allow != "" {
			ctx.Res.Header().Set("Allow", re.Allow)
		}
	}
	if errors.Is(err, errNoHotel) {
		body["status"], body["error"] = http.StatusNotFound, err.Error()
	}
	_ = writeJSON(ctx.Res, body["status"].(int), body)
}

// apiVersion marks the API's replies, the policies' 401 and 400 among them.
func apiVersion(route *runtime.Route, next http.Handler) http.Handler {
	if !strings.HasPrefix(route.Controller, "api/") {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("API-Version", "1")
		next.ServeHTTP(w, r)
	})
}

// NewRouter is the service's router.
func NewRouter(opts ...runtime.Option) (*runtime.Router, error) {
	return routes.NewRouter(APIHotel{}, Account{}, Hotel{}, append([]runtime.Option{
		runtime.WithAuthenticator("session", sessionAuth),
		runtime.WithAuthenticator("token", tokenAuth),
		runtime.WithErrorHandler(jsonErrors),
		runtime.WithMiddleware(apiVersion),
	}, opts...)...)
}

// Logger logs each request with its route, which the router sets in
// r.Pattern.
func Logger(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		log.Info("request", "method", r.Method, "path", r.URL.Path, "route", r.Pattern)
	})
}
