module github.com/routegen/routegen/internal/tscheck

go 1.25.0

require (
	github.com/routegen/routegen v0.0.0
	github.com/routegen/routegen/examples v0.0.0
)

require github.com/rs/cors v1.11.1 // indirect

replace (
	github.com/routegen/routegen => ../..
	github.com/routegen/routegen/examples => ../../examples
)
