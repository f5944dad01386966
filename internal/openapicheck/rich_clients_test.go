package openapicheck

import (
	"context"
	"net/http"
	"testing"
	"testing/fstest"

	"github.com/google/uuid"

	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/internal/openapicheck/clients/richadmin"
	"github.com/routegen/routegen/internal/openapicheck/clients/richmain"
	"github.com/routegen/routegen/internal/openapicheck/clients/richtenants"
	"github.com/routegen/routegen/runtime"
)

// The stub controllers of testdata/rich's generated router, golden/rich.
type (
	richDashboard struct{}
	richApp       struct{}
	richChat      struct{}
	richDeep      struct{}
	richDoc       struct{}
	richFallback  struct{}
	richFile      struct{}
	richItem      struct{}
	richPost      struct{}
	richTenant    struct{}
	richUser      struct{}
)

func (richDashboard) Files(ctx *runtime.Context, _ string) error    { return reached(ctx) }
func (richDashboard) Index(ctx *runtime.Context) error              { return reached(ctx) }
func (richApp) Health(ctx *runtime.Context) error                   { return reached(ctx) }
func (richApp) Index(ctx *runtime.Context) error                    { return reached(ctx) }
func (richApp) Login(ctx *runtime.Context) error                    { return reached(ctx) }
func (richChat) Page(ctx *runtime.Context) error                    { return reached(ctx) }
func (richChat) Stream(ctx *runtime.Context) error                  { return reached(ctx) }
func (richDeep) Last(ctx *runtime.Context, _ string) error          { return reached(ctx) }
func (richDeep) Middle(ctx *runtime.Context, _ string) error        { return reached(ctx) }
func (richDeep) Rest(ctx *runtime.Context, _ string) error          { return reached(ctx) }
func (richDeep) Static(ctx *runtime.Context) error                  { return reached(ctx) }
func (richDoc) Page(ctx *runtime.Context, _, _ string) error        { return reached(ctx) }
func (richFallback) NotFound(ctx *runtime.Context) error            { return reached(ctx) }
func (richFile) Get(ctx *runtime.Context, _ string) error           { return reached(ctx) }
func (richItem) List(ctx *runtime.Context, _ string) error          { return reached(ctx) }
func (richItem) Show(ctx *runtime.Context, _, _ string) error       { return reached(ctx) }
func (richItem) Update(ctx *runtime.Context, _, _ string) error     { return reached(ctx) }
func (richPost) Show(ctx *runtime.Context, _ int64, _ string) error { return reached(ctx) }
func (richTenant) Home(ctx *runtime.Context) error                  { return reached(ctx) }
func (richTenant) Page(ctx *runtime.Context, _ string) error        { return reached(ctx) }
func (richUser) Create(ctx *runtime.Context) error                  { return reached(ctx) }
func (richUser) Delete(ctx *runtime.Context, _ int64) error         { return reached(ctx) }
func (richUser) List(ctx *runtime.Context) error                    { return reached(ctx) }
func (richUser) New(ctx *runtime.Context) error                     { return reached(ctx) }
func (richUser) Profile(ctx *runtime.Context, _ string) error       { return reached(ctx) }
func (richUser) Settings(ctx *runtime.Context, _ int64) error       { return reached(ctx) }
func (richUser) Show(ctx *runtime.Context, _ int64) error           { return reached(ctx) }
func (richUser) Update(ctx *runtime.Context, _ int64) error         { return reached(ctx) }

// percentLiteral is why the operations of a path with a non-ASCII
// literal, which OpenAPI paths hold percent-escaped (/%CE%B1), are not
// called: oapi-codegen v2.8.2 writes the path as the format of
// fmt.Sprintf, whose verbs the escapes become ("./%!C(MISSING)E…").
const percentLiteral = "oapi-codegen v2.8.2 writes a path's percent-escaped literal (/%CE%B1) into a fmt.Sprintf format, as verbs"

// TestRichThroughOapiCodegen calls every operation of the documents of
// testdata/rich's domains, every routing feature, through the clients
// oapi-codegen generated from them: typed, constrained and prefixed
// parameters, catch-alls holding "/", non-ASCII literals, multi-method
// routes, static files, a wildcard domain. Each must reach its route of
// golden/rich, the router generated from the same routes.conf, with its
// parameters. The WebSocket route has no OpenAPI operation.
func TestRichThroughOapiCodegen(t *testing.T) {
	router, err := rich.NewRouter(richDashboard{}, richApp{}, richChat{}, richDeep{}, richDoc{}, richFallback{}, richFile{}, richItem{}, richPost{}, richTenant{}, richUser{},
		runtime.WithStaticFS(fstest.MapFS{"web/assets/site.css": {Data: []byte(staticFile)}, "web/assets/img/favicon.ico": {Data: []byte(staticFile)}}))
	if err != nil {
		t.Fatal(err)
	}
	httpClient := clientOf(t, router)
	post := uuid.MustParse("0d4f6a6c-1f0b-4c2e-9a55-9c1a1b2c3d4e")

	t.Run("main", func(t *testing.T) {
		spec := kinValid(t, domainDocument(t, richSources, "main"))
		c, err := richmain.NewClient(serverURL(spec), richmain.WithHTTPClient(httpClient))
		if err != nil {
			t.Fatal(err)
		}
		e := as[richmain.RequestEditorFn]
		callEvery(t, spec, nil, nil, map[string]call{
			"home":        {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.Home(ctx, e(x)...) }},
			"alpha":       {skip: percentLiteral},
			"greek_item":  {skip: percentLiteral},
			"deep_static": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.DeepStatic(ctx, e(x)...) }},
			"deep_last":   {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.DeepLast(ctx, "why", e(x)...) }, params: map[string]string{"y": "why"}},
			"deep_rest": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.DeepRest(ctx, "x/y z", e(x)...)
			}, params: map[string]string{"rest": "x/y z"}},
			"deep_middle": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.DeepMiddle(ctx, "ex", e(x)...)
			}, params: map[string]string{"x": "ex"}},
			"api_items": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.ApiItems(ctx, "v1", e(x)...) }, params: map[string]string{"version": "v1"}},
			"api_item": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.ApiItem(ctx, "v1", "a b", e(x)...)
			}, params: map[string]string{"version": "v1", "id": "a b"}},
			"api_item_edit": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.ApiItemEdit(ctx, "v1", "9", e(x)...)
			}, params: map[string]string{"version": "v1", "id": "9"}},
			"public_assets": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.PublicAssets(ctx, "site.css", e(x)...)
			}},
			"chat_page": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.ChatPage(ctx, e(x)...) }},
			"doc": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.Doc(ctx, richmain.V2, "guide/intro", e(x)...)
			}, params: map[string]string{"version": "v2", "page": "guide/intro"}},
			"favicon": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.Favicon(ctx, e(x)...) }},
			"files": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.Files(ctx, "a/b.txt", e(x)...)
			}, params: map[string]string{"path": "a/b.txt"}},
			"health_get":  {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.HealthGet(ctx, e(x)...) }},
			"health_head": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.HealthHead(ctx, e(x)...) }},
			"login":       {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.Login(ctx, e(x)...) }},
			"profile":     {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.Profile(ctx, "ann", e(x)...) }, params: map[string]string{"name": "ann"}},
			"users":       {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.Users(ctx, e(x)...) }},
			"create_user": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.CreateUser(ctx, e(x)...) }},
			"new_user":    {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.NewUser(ctx, e(x)...) }},
			"delete_user": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.DeleteUser(ctx, 3, e(x)...) }, params: map[string]string{"id": "3"}},
			"user":        {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.User(ctx, 4, e(x)...) }, params: map[string]string{"id": "4"}},
			"update_user": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.UpdateUser(ctx, 5, e(x)...) }, params: map[string]string{"id": "5"}},
			"user_post": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.UserPost(ctx, 6, post, e(x)...)
			}, params: map[string]string{"id": "6", "post": post.String()}},
			"user_settings": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.UserSettings(ctx, 8, e(x)...) }, params: map[string]string{"id": "8"}},
			"profile_alpha": {skip: percentLiteral},
		})
	})

	t.Run("tenants", func(t *testing.T) {
		spec := kinValid(t, domainDocument(t, richSources, "tenants"))
		c, err := richtenants.NewClient(serverURL(spec), richtenants.WithHTTPClient(httpClient))
		if err != nil {
			t.Fatal(err)
		}
		e := as[richtenants.RequestEditorFn]
		callEvery(t, spec, nil, nil, map[string]call{
			"tenants.tenant_home": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.TenantsTenantHome(ctx, e(x)...)
			}},
			"tenants.tenant_page": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.TenantsTenantPage(ctx, "about", e(x)...)
			}, params: map[string]string{"slug": "about"}},
		})
	})

	t.Run("admin", func(t *testing.T) {
		spec := kinValid(t, domainDocument(t, richSources, "admin"))
		c, err := richadmin.NewClient(serverURL(spec), richadmin.WithHTTPClient(httpClient))
		if err != nil {
			t.Fatal(err)
		}
		e := as[richadmin.RequestEditorFn]
		callEvery(t, spec, nil, nil, map[string]call{
			"admin.admin_home": {send: func(ctx context.Context, x ...editor) (*http.Response, error) { return c.AdminAdminHome(ctx, e(x)...) }},
			"admin.admin_files": {send: func(ctx context.Context, x ...editor) (*http.Response, error) {
				return c.AdminAdminFiles(ctx, "logs/today", e(x)...)
			}, params: map[string]string{"path": "logs/today"}},
		})
	})
}
