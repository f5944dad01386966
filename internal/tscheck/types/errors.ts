// Calls that must not compile: each line after a @ts-expect-error
// directive is an error, or tsc reports the directive unused.
import { doc, routeURL, tenantsTenantPage, user, withBasePath } from "../../../golden/rich/routes.js";

// @ts-expect-error: no route has that name
routeURL("no_such_route", {});
// @ts-expect-error: a typo of "main.home", a name of the form label.name
routeURL("main.hom", {});
// @ts-expect-error: a typo of a subdomain's route named by the label of its host
routeURL("admin.admin_file", { path: "a/b" });
// @ts-expect-error: a typo of a wildcard domain's route named by its subdomain
routeURL("acme.tenant_pag", { slug: "x" });
// @ts-expect-error: a typo before an anchor
routeURL("usr#posts", { id: 7 });
// @ts-expect-error: a typo of "host"
routeURL("hots", {});
// @ts-expect-error: a route outside the root domain is named with its domain's key
routeURL("tenant_page", { subdomain: "acme", slug: "x" });
// @ts-expect-error: a wrong type: id is a number
user("42");
// @ts-expect-error: a wrong type in routeURL
routeURL("user", { id: "42" });
// @ts-expect-error: a missing parameter
routeURL("user", {});
// @ts-expect-error: a missing argument (the slug)
tenantsTenantPage("acme");
// @ts-expect-error: a missing subdomain
routeURL("tenants.tenant_page", { slug: "x" });
// @ts-expect-error: a oneof value outside its set
doc("v3", "page");
// @ts-expect-error: a oneof value outside its set, in routeURL
routeURL("doc", { version: "v3", page: "x" });
// @ts-expect-error: a parameter the route does not have
routeURL("home", { id: 1 });
// @ts-expect-error: a domain that routes.conf does not have
withBasePath("", { hosts: { nowhere: "localhost" } });
