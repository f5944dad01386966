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
	newRouter func(rec *record.Recorder) (*runtime.Router, error)
	lookup    func(m *runtime.Match, method, host, path string)
	lookupAll func(m *runtime.Match, requests []request)
}

var packages = map[string]generated{
	"github": {
		func(r *record.Recorder) (*runtime.Router, error) {
			return github.NewRouter(github.Controller{Recorder: r})
		},
		github.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				github.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"gplus": {
		func(r *record.Recorder) (*runtime.Router, error) {
			return gplus.NewRouter(gplus.Controller{Recorder: r})
		},
		gplus.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				gplus.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"parse": {
		func(r *record.Recorder) (*runtime.Router, error) {
			return parse.NewRouter(parse.Controller{Recorder: r})
		},
		parse.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				parse.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"static": {
		func(r *record.Recorder) (*runtime.Router, error) {
			return static.NewRouter(static.Controller{Recorder: r})
		},
		static.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				static.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"param": {
		func(r *record.Recorder) (*runtime.Router, error) {
			return param.NewRouter(param.Controller{Recorder: r})
		},
		param.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				param.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"param5": {
		func(r *record.Recorder) (*runtime.Router, error) {
			return param5.NewRouter(param5.Controller{Recorder: r})
		},
		param5.Lookup,
		func(m *runtime.Match, qs []request) {
			for i := range qs {
				param5.Lookup(m, qs[i].method, "", qs[i].path)
			}
		},
	},
	"param20": {
		func(r *record.Recorder) (*runtime.Router, error) {
			return param20.NewRouter(param20.Controller{Recorder: r})
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
var apiRouters = map[string]func(rec *record.Recorder) (*runtime.Router, error){
	"github": func(r *record.Recorder) (*runtime.Router, error) {
		return githubapi.NewRouter(githubapi.Controller{Recorder: r})
	},
	"gplus": func(r *record.Recorder) (*runtime.Router, error) {
		return gplusapi.NewRouter(gplusapi.Controller{Recorder: r})
	},
	"parse": func(r *record.Recorder) (*runtime.Router, error) {
		return parseapi.NewRouter(parseapi.Controller{Recorder: r})
	},
	"static": func(r *record.Recorder) (*runtime.Router, error) {
		return staticapi.NewRouter(staticapi.Controller{Recorder: r})
	},
}

// A contender is an http.Handler built from a route set, whose handlers
// report to rec what they serve.
type contender struct {
	name  string
	build func(set string, routes []routeset.Route, rec *record.Recorder) (http.Handler, error)
	// serves reports the sets the contender has a router for; nil for every set.
	serves func(set string) bool
}

// contenders are the routers compared, routegen's ServeHTTP first: with
// the default anti-CSRF check ("routegen"), then in the API configuration
// ("routegen.api").
var contenders = []contender{
	{name: "routegen", build: func(set string, _ []routeset.Route, rec *record.Recorder) (http.Handler, error) {
		return packages[set].newRouter(rec)
	}},
	{name: "routegen.api", build: func(set string, _ []routeset.Route, rec *record.Recorder) (http.Handler, error) {
		return apiRouters[set](rec)
	}, serves: func(set string) bool { return apiRouters[set] != nil }},
	{name: "httprouter", build: buildHTTPRouter},
	{name: "gin", build: buildGin},
	{name: "echo", build: buildEcho},
	{name: "bunrouter", build: buildBunrouter},
	{name: "chi", build: buildChi},
	{name: "servemux", build: buildServeMux},
}

// served records a route; values builds its parameters, and is called
// only while checking.
func served(rec *record.Recorder, w io.Writer, r routeset.Route, values func() []string) {
	rec.Method, rec.Pattern = r.Method, r.Path
	if rec.Checking || rec.Write {
		params := values()
		if rec.Checking {
			rec.Params = append(rec.Params[:0], params...)
		}
		if rec.Write {
			for _, p := range params {
				io.WriteString(w, p)
			}
		}
	}
}

func buildHTTPRouter(_ string, routes []routeset.Route, rec *record.Recorder) (http.Handler, error) {
	h := httprouter.New()
	for _, r := range routes {
		h.Handle(r.Method, r.Path, func(w http.ResponseWriter, _ *http.Request, ps httprouter.Params) {
			served(rec, w, r, func() []string {
				var v []string
				for _, p := range ps {
					v = append(v, p.Value)
				}
				return v
			})
		})
	}
	return h, nil
}

func init() { gin.SetMode(gin.ReleaseMode) }

func buildGin(_ string, routes []routeset.Route, rec *record.Recorder) (http.Handler, error) {
	h := gin.New()
	for _, r := range routes {
		h.Handle(r.Method, r.Path, func(c *gin.Context) {
			served(rec, c.Writer, r, func() []string {
				var v []string
				for _, p := range c.Params {
					v = append(v, p.Value)
				}
				return v
			})
		})
	}
	return h, nil
}

func buildEcho(_ string, routes []routeset.Route, rec *record.Recorder) (http.Handler, error) {
	h := echo.New()
	for _, r := range routes {
		h.Add(r.Method, r.Path, func(c echo.Context) error {
			served(rec, c.Response(), r, c.ParamValues)
			return nil
		})
	}
	return h, nil
}

func buildBunrouter(_ string, routes []routeset.Route, rec *record.Recorder) (http.Handler, error) {
	h := bunrouter.New()
	for _, r := range routes {
		h.Handle(r.Method, r.Path, func(w http.ResponseWriter, req bunrouter.Request) error {
			served(rec, w, r, func() []string {
				var v []string
				for _, p := range req.Params().Slice() {
					v = append(v, p.Value)
				}
				return v
			})
			return nil
		})
	}
	return h, nil
}

func buildChi(_ string, routes []routeset.Route, rec *record.Recorder) (http.Handler, error) {
	h := chi.NewRouter()
	for _, r := range routes {
		h.MethodFunc(r.Method, wildcards(r.Path, "{", "}"), func(w http.ResponseWriter, req *http.Request) {
			served(rec, w, r, func() []string { return chi.RouteContext(req.Context()).URLParams.Values })
		})
	}
	return h, nil
}

func buildServeMux(_ string, routes []routeset.Route, rec *record.Recorder) (http.Handler, error) {
	h := http.NewServeMux()
	for _, r := range routes {
		pattern := wildcards(r.Path, "{", "}")
		if pattern == "/" {
			pattern = "/{$}" // "/" alone would match every path
		}
		names := paramNames(r.Path)
		h.HandleFunc(r.Method+" "+pattern, func(w http.ResponseWriter, req *http.Request) {
			served(rec, w, r, func() []string {
				var v []string
				for _, name := range names {
					v = append(v, req.PathValue(name))
				}
				return v
			})
		})
	}
	return h, nil
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
