// Package openapicheck checks, in a module of its own so that the
// dependencies of the checks stay out of routegen's go.mod, the OpenAPI
// documents routegen writes:
//
//   - libopenapi-validator and kin-openapi validate as OpenAPI 3.1 the
//     document of every valid routes.conf of the corpus, of the rich
//     example, of the examples, of the configurations of the openapi
//     package's tests and the golden documents of cmd/routegen, each whole
//     and each of its domains alone; a check of redocly's rule
//     security-defined finds every scheme an operation names in
//     components, and Redocly's linter itself (package.json, installed
//     with npm ci) runs the rule on the golden documents and those of
//     examples/aahport and testdata/rich; libopenapi-validator checks
//     requests against the parameter schemas;
//   - ogen, a client generator, parses each golden document of cmd/routegen
//     and builds its client and server model without error, and generates
//     the Go clients of examples/aahport's domains (clients/ogen*), through
//     which every operation reaches its route;
//   - oapi-codegen generates the Go clients of the domains of
//     examples/aahport and testdata/rich (clients/, which go test -update
//     rewrites), and every operation, called through them with the
//     credentials its security asks, reaches its route of the router
//     generated from the same routes.conf, with its parameters; the test
//     logs the operations it skips, and why (a path with a percent-escaped
//     literal, which oapi-codegen writes into a fmt.Sprintf format);
//   - openapi-typescript generates the TypeScript types of the domains of
//     examples/aahport, which tsc compiles, and openapi_fetch_calls.mjs
//     calls every operation of them through openapi-fetch, reading each
//     answer as the content type the document gives (package.json, with
//     npm ci, installs them; without node the test is skipped, under
//     CI=true it fails).
package openapicheck
