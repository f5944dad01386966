// Package constraint reads and checks the constraints routes.conf puts on
// path parameters ("number", "min=3,max=20", "uuid4|oneof=me"). ir checks
// them when it reads routes.conf, the runtime when it answers a request or
// builds a URL, and routevet when it judges a path, all by this package.
package constraint
