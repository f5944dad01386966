package bench_test

import (
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/julienschmidt/httprouter"
	"github.com/labstack/echo/v4"
	"github.com/uptrace/bunrouter"

	"github.com/routegen/routegen/bench/internal/record"
	"github.com/routegen/routegen/bench/sets/github"
	"github.com/routegen/routegen/bench/sets/githubapi"
	"github.com/routegen/routegen/bench/sets/gplus"
	"github.com/routegen/routegen/bench/sets/gplusapi"
	"github.com/routegen/routegen/bench/sets/param"
	"github.com/routegen/routegen/bench/sets/param20"
	"github.com/routegen/routegen/bench/sets/param5"
	"github.com/routegen/routegen/bench/sets/parse"
	"github.com/routegen/routegen/bench/sets/parseapi"
	"github.com/routegen/routegen/bench/sets/static"
	"github.com/routegen/routegen/bench/sets/staticapi"
	"github.com/routegen/routegen/internal/routeset"
	"github.com/routegen/routegen/runtime"
)

// generated is the routegen package of each set. lookupAll calls its
// Lookup directly, as an application does.
type generated struct {
	// newRouter builds the package's router, with the controller whose
	// actions do what h asks.
	newRouter func(h handlers) (*runtime.Router, error)
	lookup    func(m *runtime.Match, method, host, path string)
	lookupAll func(m *runtime.Match, requests []request)
}

var packages = map[string]generated{
	"github": {
		func(h handlers) (*runtime.Router, error) {
			if h.rec != nil {
				return github.NewRouter(github.Recording{Recorder: h.rec})
			}
			return github.NewRouter(github.Controller{})
		},
		github.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				github.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"gplus": {
		func(h handlers) (*runtime.Router, error) {
			if h.rec != nil {
				return gplus.NewRouter(gplus.Recording{Recorder: h.rec})
			}
			return gplus.NewRouter(gplus.Controller{})
		},
		gplus.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				gplus.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"parse": {
		func(h handlers) (*runtime.Router, error) {
			if h.rec != nil {
				return parse.NewRouter(parse.Recording{Recorder: h.rec})
			}
			return parse.NewRouter(parse.Controller{})
		},
		parse.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				parse.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"static": {
		func(h handlers) (*runtime.Router, error) {
			if h.rec != nil {
				return static.NewRouter(static.Recording{Recorder: h.rec})
			}
			return static.NewRouter(static.Controller{})
		},
		static.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				static.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"param": {
		func(h handlers) (*runtime.Router, error) {
			if h.rec != nil {
				return param.NewRouter(param.Recording{Recorder: h.rec})
			}
			if h.write {
				return param.NewRouter(param.Writing{})
			}
			return param.NewRouter(param.Controller{})
		},
		param.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				param.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"param5": {
		func(h handlers) (*runtime.Router, error) {
			if h.rec != nil {
				return param5.NewRouter(param5.Recording{Recorder: h.rec})
			}
			return param5.NewRouter(param5.Controller{})
		},
		param5.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				param5.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"param20": {
		func(h handlers) (*runtime.Router, error) {
			if h.rec != nil {
				return param20.NewRouter(param20.Recording{Recorder: h.rec})
			}
			return param20.NewRouter(param20.Controller{})
		},
		param20.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				param20.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
}

// apiRouters build the router of a set's API configuration: its
// routes.conf with anti_csrf_check = false, as an API that browsers do not
// call writes it. The sets of the standard benchmark have one.
var apiRouters = map[string]func(h handlers) (*runtime.Router, error){
	"github": func(h handlers) (*runtime.Router, error) {
		if h.rec != nil {
			return githubapi.NewRouter(githubapi.Recording{Recorder: h.rec})
		}
		return githubapi.NewRouter(githubapi.Controller{})
	},
	"gplus": func(h handlers) (*runtime.Router, error) {
		if h.rec != nil {
			return gplusapi.NewRouter(gplusapi.Recording{Recorder: h.rec})
		}
		return gplusapi.NewRouter(gplusapi.Controller{})
	},
	"parse": func(h handlers) (*runtime.Router, error) {
		if h.rec != nil {
			return parseapi.NewRouter(parseapi.Recording{Recorder: h.rec})
		}
		return parseapi.NewRouter(parseapi.Controller{})
	},
	"static": func(h handlers) (*runtime.Router, error) {
		if h.rec != nil {
			return staticapi.NewRouter(staticapi.Recording{Recorder: h.rec})
		}
		return staticapi.NewRouter(staticapi.Controller{})
	},
}

// handlers say what the handlers of a router built for a case do. The
// timed routers' do nothing, as the standard benchmark's, or write the
// parameter "name" (ParamWrite); the check before timing builds a router
// of its own, whose handlers record.
type handlers struct {
	// rec, when set, records the route and parameters of each request.
	rec *record.Recorder
	// write, when rec is not set, writes the value of the parameter
	// "name" to the response.
	write bool
}

// A contender is an http.Handler built from a route set, whose handlers
// do what h says.
type contender struct {
	name  string
	build func(set string, routes []routeset.Route, h handlers) (http.Handler, error)
	// serves reports the sets the contender has a router for; nil for every set.
	serves func(set string) bool
}

// contenders are the routers compared, routegen's ServeHTTP first: with
// the default anti-CSRF check ("routegen"), then in the API configuration
// ("routegen.api").
var contenders = []contender{
	{name: "routegen", build: func(set string, _ []routeset.Route, h handlers) (http.Handler, error) {
		return packages[set].newRouter(h)
	}},
	{name: "routegen.api", build: func(set string, _ []routeset.Route, h handlers) (http.Handler, error) {
		return apiRouters[set](h)
	}, serves: func(set string) bool { return apiRouters[set] != nil }},
	{name: "httprouter", build: buildHTTPRouter},
	{name: "gin", build: buildGin},
	{name: "echo", build: buildEcho},
	{name: "bunrouter", build: buildBunrouter},
	{name: "chi", build: buildChi},
	{name: "servemux", build: buildServeMux},
}

// The handlers of the competitors, one for every route as in the standard
// benchmark: those that do nothing and those that write the parameter
// "name".

func httpRouterNothing(http.ResponseWriter, *http.Request, httprouter.Params) {}

func httpRouterWrite(w http.ResponseWriter, _ *http.Request, ps httprouter.Params) {
	io.WriteString(w, ps.ByName("name"))
}

func ginNothing(*gin.Context) {}

func ginWrite(c *gin.Context) { io.WriteString(c.Writer, c.Params.ByName("name")) }

func echoNothing(echo.Context) error { return nil }

func echoWrite(c echo.Context) error {
	io.WriteString(c.Response(), c.Param("name"))
	return nil
}

func bunrouterNothing(http.ResponseWriter, bunrouter.Request) error { return nil }

func bunrouterWrite(w http.ResponseWriter, req bunrouter.Request) error {
	io.WriteString(w, req.Param("name"))
	return nil
}

func httpNothing(http.ResponseWriter, *http.Request) {}

func chiWrite(w http.ResponseWriter, r *http.Request) { io.WriteString(w, chi.URLParam(r, "name")) }

func serveMuxWrite(w http.ResponseWriter, r *http.Request) { io.WriteString(w, r.PathValue("name")) }

// pick is the handler of a competitor that does what h asks: nothing,
// write, or, when h records, the one recording builds for each route.
func pick[H any](h handlers, nothing, write H, recording func(*record.Recorder) H) H {
	switch {
	case h.rec != nil:
		return recording(h.rec)
	case h.write:
		return write
	}
	return nothing
}

func buildHTTPRouter(_ string, routes []routeset.Route, h handlers) (http.Handler, error) {
	router := httprouter.New()
	for _, r := range routes {
		router.Handle(r.Method, r.Path, pick[httprouter.Handle](h, httpRouterNothing, httpRouterWrite, func(rec *record.Recorder) httprouter.Handle {
			return func(_ http.ResponseWriter, _ *http.Request, ps httprouter.Params) {
				var v []string
				for _, p := range ps {
					v = append(v, p.Value)
				}
				rec.Record(r.Method, r.Path, v)
			}
		}))
	}
	return router, nil
}

func init() { gin.SetMode(gin.ReleaseMode) }

func buildGin(_ string, routes []routeset.Route, h handlers) (http.Handler, error) {
	router := gin.New()
	for _, r := range routes {
		router.Handle(r.Method, r.Path, pick[gin.HandlerFunc](h, ginNothing, ginWrite, func(rec *record.Recorder) gin.HandlerFunc {
			return func(c *gin.Context) {
				var v []string
				for _, p := range c.Params {
					v = append(v, p.Value)
				}
				rec.Record(r.Method, r.Path, v)
			}
		}))
	}
	return router, nil
}

func buildEcho(_ string, routes []routeset.Route, h handlers) (http.Handler, error) {
	router := echo.New()
	for _, r := range routes {
		router.Add(r.Method, r.Path, pick[echo.HandlerFunc](h, echoNothing, echoWrite, func(rec *record.Recorder) echo.HandlerFunc {
			return func(c echo.Context) error {
				rec.Record(r.Method, r.Path, c.ParamValues())
				return nil
			}
		}))
	}
	return router, nil
}

func buildBunrouter(_ string, routes []routeset.Route, h handlers) (http.Handler, error) {
	router := bunrouter.New()
	for _, r := range routes {
		router.Handle(r.Method, r.Path, pick[bunrouter.HandlerFunc](h, bunrouterNothing, bunrouterWrite, func(rec *record.Recorder) bunrouter.HandlerFunc {
			return func(_ http.ResponseWriter, req bunrouter.Request) error {
				var v []string
				for _, p := range req.Params().Slice() {
					v = append(v, p.Value)
				}
				rec.Record(r.Method, r.Path, v)
				return nil
			}
		}))
	}
	return router, nil
}

func buildChi(_ string, routes []routeset.Route, h handlers) (http.Handler, error) {
	router := chi.NewRouter()
	for _, r := range routes {
		router.MethodFunc(r.Method, wildcards(r.Path, "{", "}"), pick[http.HandlerFunc](h, httpNothing, chiWrite, func(rec *record.Recorder) http.HandlerFunc {
			return func(_ http.ResponseWriter, req *http.Request) {
				rec.Record(r.Method, r.Path, chi.RouteContext(req.Context()).URLParams.Values)
			}
		}))
	}
	return router, nil
}

func buildServeMux(_ string, routes []routeset.Route, h handlers) (http.Handler, error) {
	router := http.NewServeMux()
	for _, r := range routes {
		pattern := wildcards(r.Path, "{", "}")
		if pattern == "/" {
			pattern = "/{$}" // "/" alone would match every path
		}
		names := paramNames(r.Path)
		router.HandleFunc(r.Method+" "+pattern, pick[http.HandlerFunc](h, httpNothing, serveMuxWrite, func(rec *record.Recorder) http.HandlerFunc {
			return func(_ http.ResponseWriter, req *http.Request) {
				var v []string
				for _, name := range names {
					v = append(v, req.PathValue(name))
				}
				rec.Record(r.Method, r.Path, v)
			}
		}))
	}
	return router, nil
}

// wildcards rewrites the parameters of a ":name" pattern as open+name+close.
func wildcards(pattern, open, close string) string {
	segs := strings.Split(pattern, "/")
	for i, s := range segs {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			segs[i] = open + name + close
		}
	}
	return strings.Join(segs, "/")
}

func paramNames(pattern string) []string {
	var names []string
	for s := range strings.SplitSeq(pattern, "/") {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			names = append(names, name)
		}
	}
	return names
}
