package tscheck

import (
	"github.com/routegen/routegen/examples/app/routes"
	"github.com/routegen/routegen/golden/aah_examples_domain_subdomain_routes"
	"github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	"github.com/routegen/routegen/golden/aah_examples_form_fileupload_routes"
	"github.com/routegen/routegen/golden/aah_examples_form_routes"
	"github.com/routegen/routegen/golden/aah_examples_i18n_url_path_param_routes"
	"github.com/routegen/routegen/golden/aah_examples_i18n_url_query_param_routes"
	"github.com/routegen/routegen/golden/aah_examples_oauth2_social_login_routes"
	"github.com/routegen/routegen/golden/aah_examples_rest_api_basic_auth_routes"
	"github.com/routegen/routegen/golden/aah_examples_rest_api_jwt_auth_routes"
	"github.com/routegen/routegen/golden/aah_examples_rest_api_routes"
	"github.com/routegen/routegen/golden/aah_examples_simple_chat_routes"
	"github.com/routegen/routegen/golden/aah_router_routes"
	"github.com/routegen/routegen/golden/aah_router_routes_cors_1"
	"github.com/routegen/routegen/golden/aah_router_routes_cors_2"
	"github.com/routegen/routegen/golden/aah_router_routes_namespace"
	"github.com/routegen/routegen/golden/aah_router_routes_simplified"
	"github.com/routegen/routegen/golden/aah_router_routes_simplified_2"
	"github.com/routegen/routegen/golden/aah_router_routes_static"
	"github.com/routegen/routegen/golden/aah_router_routes_websocket"
	"github.com/routegen/routegen/golden/aah_ws_routes"
	"github.com/routegen/routegen/golden/aah_ws_routes_multi"
	"github.com/routegen/routegen/golden/clash"
	"github.com/routegen/routegen/golden/deploy"
	"github.com/routegen/routegen/golden/github"
	"github.com/routegen/routegen/golden/policies"
	"github.com/routegen/routegen/golden/profile"
	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/runtime"
)

// goldenTable is a golden package and the folder of its routes.ts.
type goldenTable struct {
	dir     string // from the repository's root
	url     any    // the package's URL, a *URLBuilder
	routes  []runtime.Route
	domains []runtime.Domain
}

// goldenTables are every golden package; TestEveryGoldenTable checks that
// none is missing.
var goldenTables = []goldenTable{
	{"golden/aah_examples_domain_subdomain_routes", aah_examples_domain_subdomain_routes.URL, aah_examples_domain_subdomain_routes.Routes(), aah_examples_domain_subdomain_routes.Domains()},
	{"golden/aah_examples_form_based_auth_routes", aah_examples_form_based_auth_routes.URL, aah_examples_form_based_auth_routes.Routes(), aah_examples_form_based_auth_routes.Domains()},
	{"golden/aah_examples_form_fileupload_routes", aah_examples_form_fileupload_routes.URL, aah_examples_form_fileupload_routes.Routes(), aah_examples_form_fileupload_routes.Domains()},
	{"golden/aah_examples_form_routes", aah_examples_form_routes.URL, aah_examples_form_routes.Routes(), aah_examples_form_routes.Domains()},
	{"golden/aah_examples_i18n_url_path_param_routes", aah_examples_i18n_url_path_param_routes.URL, aah_examples_i18n_url_path_param_routes.Routes(), aah_examples_i18n_url_path_param_routes.Domains()},
	{"golden/aah_examples_i18n_url_query_param_routes", aah_examples_i18n_url_query_param_routes.URL, aah_examples_i18n_url_query_param_routes.Routes(), aah_examples_i18n_url_query_param_routes.Domains()},
	{"golden/aah_examples_oauth2_social_login_routes", aah_examples_oauth2_social_login_routes.URL, aah_examples_oauth2_social_login_routes.Routes(), aah_examples_oauth2_social_login_routes.Domains()},
	{"golden/aah_examples_rest_api_basic_auth_routes", aah_examples_rest_api_basic_auth_routes.URL, aah_examples_rest_api_basic_auth_routes.Routes(), aah_examples_rest_api_basic_auth_routes.Domains()},
	{"golden/aah_examples_rest_api_jwt_auth_routes", aah_examples_rest_api_jwt_auth_routes.URL, aah_examples_rest_api_jwt_auth_routes.Routes(), aah_examples_rest_api_jwt_auth_routes.Domains()},
	{"golden/aah_examples_rest_api_routes", aah_examples_rest_api_routes.URL, aah_examples_rest_api_routes.Routes(), aah_examples_rest_api_routes.Domains()},
	{"golden/aah_examples_simple_chat_routes", aah_examples_simple_chat_routes.URL, aah_examples_simple_chat_routes.Routes(), aah_examples_simple_chat_routes.Domains()},
	{"golden/aah_router_routes", aah_router_routes.URL, aah_router_routes.Routes(), aah_router_routes.Domains()},
	{"golden/aah_router_routes_cors_1", aah_router_routes_cors_1.URL, aah_router_routes_cors_1.Routes(), aah_router_routes_cors_1.Domains()},
	{"golden/aah_router_routes_cors_2", aah_router_routes_cors_2.URL, aah_router_routes_cors_2.Routes(), aah_router_routes_cors_2.Domains()},
	{"golden/aah_router_routes_namespace", aah_router_routes_namespace.URL, aah_router_routes_namespace.Routes(), aah_router_routes_namespace.Domains()},
	{"golden/aah_router_routes_simplified", aah_router_routes_simplified.URL, aah_router_routes_simplified.Routes(), aah_router_routes_simplified.Domains()},
	{"golden/aah_router_routes_simplified_2", aah_router_routes_simplified_2.URL, aah_router_routes_simplified_2.Routes(), aah_router_routes_simplified_2.Domains()},
	{"golden/aah_router_routes_static", aah_router_routes_static.URL, aah_router_routes_static.Routes(), aah_router_routes_static.Domains()},
	{"golden/aah_router_routes_websocket", aah_router_routes_websocket.URL, aah_router_routes_websocket.Routes(), aah_router_routes_websocket.Domains()},
	{"golden/aah_ws_routes", aah_ws_routes.URL, aah_ws_routes.Routes(), aah_ws_routes.Domains()},
	{"golden/aah_ws_routes_multi", aah_ws_routes_multi.URL, aah_ws_routes_multi.Routes(), aah_ws_routes_multi.Domains()},
	{"golden/clash", clash.URL, clash.Routes(), clash.Domains()},
	{"golden/deploy", deploy.URL, deploy.Routes(), deploy.Domains()},
	{"golden/github", github.URL, github.Routes(), github.Domains()},
	{"golden/policies", policies.URL, policies.Routes(), policies.Domains()},
	{"golden/profile", profile.URL, profile.Routes(), profile.Domains()},
	{"golden/rich", rich.URL, rich.Routes(), rich.Domains()},
	{"examples/app/routes", routes.URL, routes.Routes(), routes.Domains()},
}
