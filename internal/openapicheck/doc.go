// Package openapicheck checks, in a module of its own so that the
// dependencies of the checks stay out of routegen's go.mod, the OpenAPI
// documents routegen writes:
//
//   - libopenapi-validator validates as OpenAPI 3.1 the document of every
//     valid routes.conf of the corpus, of the rich example, of the
//     configurations of the openapi package's tests and the golden documents
//     of cmd/routegen, and checks requests against the parameter schemas;
//   - ogen, a client generator, parses each golden document of cmd/routegen
//     and builds its client and server model without error.
package openapicheck
