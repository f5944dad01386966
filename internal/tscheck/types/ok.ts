// Calls that must compile: every form of argument the module's types allow.
import { doc, files, routeURL, tenantsTenantPage, user, withBasePath } from "../../../golden/rich/routes.js";
import type { RouteName, RouteParams, URLBuilder } from "../../../golden/rich/routes.js";

const builder: URLBuilder = withBasePath("/svc", { hosts: { admin: "admin.localhost:3000", tenants: "*.localhost:3000" } });
const name: RouteName = "tenants.tenant_page";
// A name built at run time is checked when the URL is built.
const built: string = ["us", "er"].join("");
const params: RouteParams["user_post"] = { id: 1, post: "6ba7b810-9dad-41d1-80b4-00c04fd430c8" };

export const urls: readonly string[] = [
  user(42),
  user(42n),
  doc("v1", "guide/intro"),
  doc("v2", ""),
  files("docs/a b.txt"),
  tenantsTenantPage("acme", "x"),
  routeURL("home", {}),
  routeURL("main.home", {}),
  routeURL("user", { id: 7 }),
  routeURL("main.user", { id: 7n }),
  routeURL("user_post", params),
  routeURL("doc", { version: "v2", page: "a" }, { q: "x", page: 2, all: true }),
  routeURL(name, { subdomain: "acme", slug: "x" }),
  routeURL("admin.admin_files", { path: "a/b" }),
  builder.user(1),
  builder.routeURL("tenants.tenant_home", { subdomain: "acme" }),
  // aah's names: a subdomain's label, a wildcard domain's subdomain, an origin, an anchor.
  routeURL("admin.admin_files#top", { path: "a/b" }),
  routeURL("acme.tenant_page", { slug: "x" }),
  routeURL("host", {}),
  routeURL("tenants.host", { subdomain: "acme" }),
  routeURL("user#posts", { id: 7 }, { tab: "a" }),
  builder.routeURL("acme.tenant_home", {}),
  routeURL(built, { id: 7 }),
];
