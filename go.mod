module github.com/routegen/routegen

go 1.25.0

require (
	github.com/spf13/pflag v1.0.10
	golang.org/x/tools v0.45.0
)

require github.com/dave/jennifer v1.7.1 // indirect
