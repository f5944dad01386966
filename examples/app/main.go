// Command app is an example application served by a routegen-generated
// router: a site with nested API groups, an admin domain, a wildcard domain,
// static files embedded in the binary, a WebSocket echo, and the five ways
// of carrying an API version.
//
//	cd examples && go run ./app
//
// then open http://localhost:8080/. It serves with runtime.NewServer's
// timeouts and stops gracefully on Ctrl-C (SIGINT) or SIGTERM.
package main

// routegen runs from the main module, so that its own dependencies stay out of this one.
//go:generate go run -C ../.. ./cmd/routegen --package routes -o examples/app/routes/routes_gen.go --ts examples/app/routes/routes.ts examples/app/routes.conf

import (
	"embed"
	"expvar"
	"flag"
	"log"
	"net"
	"net/http"
	goruntime "runtime"
	"time"

	"github.com/routegen/routegen/examples/app/routes"
	"github.com/routegen/routegen/runtime"
)

//go:embed static
var staticFiles embed.FS

// newRouter is the application's router; tests add options.
func newRouter(opts ...runtime.Option) (*runtime.Router, error) {
	opts = append([]runtime.Option{runtime.WithStaticFS(staticFiles)}, opts...)
	s := &site{}
	router, err := routes.NewRouter(dashboard{}, chat{}, s, users{}, versions{}, opts...)
	if err != nil {
		return nil, err
	}
	s.urls = routes.URL.ForRouter(router)
	return router, nil
}

func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on; the admin and versioned API domains move to its port")
	debugAddr := flag.String("debug-addr", "", "address of /debug/vars (memory statistics and goroutines), off when empty")
	flag.DurationVar(&webSocketIdle, "websocket-idle", webSocketIdle, "how long a WebSocket may stay silent before it is closed")
	flag.Parse()
	if *debugAddr != "" {
		expvar.Publish("goroutines", expvar.Func(func() any { return goruntime.NumGoroutine() }))
		go func() { log.Fatal(runtime.NewServer(*debugAddr, http.DefaultServeMux).ListenAndServe()) }()
	}
	_, port, err := net.SplitHostPort(*addr)
	if err != nil {
		log.Fatalf("-addr %q: %v", *addr, err)
	}
	// routes.conf puts the other domains at port 8080: they move with the
	// server, and the site's links (URL.ForRouter) follow them.
	router, err := newRouter(runtime.WithHost("versioned_api", "*.api.localhost", port), runtime.WithHost("admin", "admin.localhost", port))
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("serving http://%s/ (and http://v2.api.localhost:%s/users, http://admin.localhost:%s/)", *addr, port, port)
	if err := runtime.Serve(runtime.NewServer(*addr, router)); err != nil {
		log.Fatal(err)
	}
	log.Print("stopped")
}

// webSocketIdle closes a WebSocket that sent nothing for that long: the
// server's timeouts stop at a hijacked connection.
var webSocketIdle = time.Minute
