// Command aahport is an aah application ported to routegen, in aah's
// layout: config/ holds routes.conf, security.conf and aah.conf as aah
// read them, app/ the controllers, the auth providers (app/security) and
// the models, views/ the templates and static/ the files served as they
// are. It serves a task list at http://localhost:8080/, whose people
// sign in on its login page (scheme form_auth, and a session), its REST
// API under /api/v1 (scheme basic_auth), and an admin subdomain at
// http://admin.localhost:8080/ (basic_auth, and a generic scheme,
// api_key, for its statistics). README.md lists requests to try.
//
//	cd examples && go run ./aahport
//
// go generate ./aahport/... writes app/routes/routes_gen.go from config/.
package main

import (
	"embed"
	"fmt"
	"log"

	"github.com/routegen/routegen/examples/aahport/app/controllers"
	"github.com/routegen/routegen/examples/aahport/app/models"
	"github.com/routegen/routegen/examples/aahport/app/routes"
	"github.com/routegen/routegen/examples/aahport/app/security"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

//go:embed static
var staticFiles embed.FS

// newRouter is the application's router, with the tasks the application
// starts with.
func newRouter() (*runtime.Router, error) {
	tasks := models.NewTasks(
		models.Task{Title: "Water the plants", By: "ann@example.com"},
		models.Task{Title: "Renew the domain", Due: "2026-12-01", By: "bob@example.com"},
	)
	app := &controllers.App{Tasks: tasks}
	dashboard := &controllers.Dashboard{Tasks: tasks}
	api := &controllers.Tasks{Tasks: tasks}
	basic, err := security.BasicAuth()
	if err != nil {
		return nil, err
	}
	apiKey, err := security.APIKey()
	if err != nil {
		return nil, err
	}
	form := security.Form()
	signIn, err := form.Options()
	if err != nil {
		return nil, err
	}
	sessions, err := aahauth.SessionCodec(*routes.SignIn.Session)
	if err != nil {
		return nil, err
	}
	errorHandler, err := controllerErrors(map[string]controllers.ErrorHandler{
		"AppController":             app,
		"admin/DashboardController": dashboard,
		"api/v1/TaskController":     api,
	}, runtime.JSONErrorHandler)
	if err != nil {
		return nil, err
	}
	return routes.NewRouter(api, dashboard, &controllers.Stats{Tasks: tasks}, app, append(signIn,
		runtime.WithSessions(*routes.SignIn.Session, sessions, form.LoadSubject),
		runtime.WithStaticFS(staticFiles),
		runtime.WithAuthenticator("basic_auth", basic),
		runtime.WithAuthenticator("api_key", apiKey),
		runtime.WithErrorHandler(errorHandler))...)
}

// controllerErrors is the router's error handler: the controller of the
// request's route answers its errors first, as aah called a controller's
// HandleError, and fallback answers those it leaves, and the requests no
// route serves, as aah's error handler of the application did. A
// controller name that routes.conf does not have is an error.
func controllerErrors(byController map[string]controllers.ErrorHandler, fallback func(*runtime.Context, error)) (func(*runtime.Context, error), error) {
	for name := range byController {
		if !hasController(name) {
			return nil, fmt.Errorf("no route of routes.conf has controller %q", name)
		}
	}
	return func(ctx *runtime.Context, err error) {
		if route := ctx.Route(); route != nil {
			if h := byController[route.Controller]; h != nil && h.HandleError(ctx, err) {
				return
			}
		}
		fallback(ctx, err)
	}, nil
}

func hasController(name string) bool {
	for _, r := range routes.Routes() {
		if r.Controller == name {
			return true
		}
	}
	return false
}

func main() {
	router, err := newRouter()
	if err != nil {
		log.Fatal(err)
	}
	// The root domain's port: aah.conf's server.port, which the links to
	// the admin subdomain carry too.
	port := routes.Domains()[0].Port
	log.Printf("serving http://localhost:%s/ and http://admin.localhost:%s/", port, port)
	if err := runtime.Serve(runtime.NewServer(":"+port, router)); err != nil {
		log.Fatal(err)
	}
}
