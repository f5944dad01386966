package main

import (
	"context"
	"encoding/json"
	"html/template"
	"io"
	"net/http"

	"github.com/coder/websocket"

	"github.com/routegen/routegen/examples/app/routes"
	"github.com/routegen/routegen/runtime"
)

// writeJSON answers with v as JSON.
func writeJSON(ctx *runtime.Context, status int, v any) error {
	ctx.Res.Header().Set("Content-Type", "application/json")
	ctx.Res.WriteHeader(status)
	return json.NewEncoder(ctx.Res).Encode(v)
}

// site's links are its router's: at the hosts the router serves (main
// moves the other domains to the port it listens on).
type site struct{ urls *routes.URLBuilder }

// indexPage links to every feature through the typed URL helpers, which
// the template calls as methods; a helper that returns an error stops it.
var indexPage = template.Must(template.New("index").Parse(`<!doctype html>
<title>routegen example</title>
<link rel="stylesheet" href="{{.URL.PublicAssets "css/site.css"}}">
<ul>
<li><a href="{{.URL.User "v2" 42}}">user 42 of API v2</a> (version in the path)
<li><a href="{{.URL.AcceptUsers}}">users</a> (version in the Accept header)
<li><a href="{{.URL.Search}}?version=2">search</a> (version in the query)
<li><a href="{{.URL.VersionedAPIHostUsers "v3"}}">users of API v3</a> (version in the host name)
<li><a href="{{.URL.AdminDashboard}}">admin</a>
<li><a href="{{.URL.ChatPage}}">chat</a> (WebSocket)
<li><a href="{{.URL.PublicAssets ""}}">static files</a>
</ul>
<p>What the API answers the front end, whose script builds the URLs with the TypeScript helpers:
<pre id="api"></pre>
<script type="module" src="{{.URL.PublicAssets "js/web/page.js"}}"></script>
`))

// Index links to every feature.
func (s *site) Index(ctx *runtime.Context) error {
	ctx.Res.Header().Set("Content-Type", "text/html; charset=utf-8")
	return indexPage.Execute(ctx.Res, struct{ URL *routes.URLBuilder }{s.urls})
}

type users struct{}

func (users) List(ctx *runtime.Context, version string) error {
	return writeJSON(ctx, http.StatusOK, map[string]any{"version": version, "users": []int{1, 42}})
}

func (users) Show(ctx *runtime.Context, version string, id int64) error {
	return writeJSON(ctx, http.StatusOK, map[string]any{"version": version, "id": id})
}

func (users) Create(ctx *runtime.Context, version string) error {
	body, err := io.ReadAll(ctx.Req.Body)
	if err != nil {
		return err
	}
	return writeJSON(ctx, http.StatusCreated, map[string]any{"version": version, "created": string(body)})
}

// versions shows the accessor of each way to carry an API version.
type versions struct{}

func (versions) Accept(ctx *runtime.Context) error {
	a := &ctx.Req.AcceptContentType
	return writeJSON(ctx, http.StatusOK, map[string]string{"strategy": "accept", "version": a.Version(), "vendor": a.Vendor()})
}

func (versions) Query(ctx *runtime.Context) error {
	return writeJSON(ctx, http.StatusOK, map[string]string{"strategy": "query", "version": ctx.Req.QueryValue("version")})
}

func (versions) Host(ctx *runtime.Context) error {
	return writeJSON(ctx, http.StatusOK, map[string]string{"strategy": "host", "version": ctx.Subdomain()})
}

type dashboard struct{}

func (dashboard) Index(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "admin dashboard")
	return err
}

type chat struct{}

func (chat) Page(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "connect a WebSocket to this path")
	return err
}

// Stream upgrades the connection and echoes every message back.
func (chat) Stream(ctx *runtime.Context) error {
	conn, err := websocket.Accept(ctx.Res, ctx.Req.Request, nil)
	if err != nil {
		return nil // Accept has answered the client
	}
	defer conn.CloseNow()
	for {
		read, cancel := context.WithTimeout(ctx.Req.Context(), webSocketIdle)
		typ, msg, err := conn.Read(read)
		cancel()
		if err != nil {
			return nil
		}
		if err := conn.Write(ctx.Req.Context(), typ, msg); err != nil {
			return nil
		}
	}
}
