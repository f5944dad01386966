// Package openapiclient checks, in a module of its own so that the client
// generator's dependencies stay out of routegen's go.mod, that the OpenAPI
// documents routegen writes are ones a client generator can use: ogen parses
// each golden document of cmd/routegen and builds its client and server
// model without error.
package openapiclient
