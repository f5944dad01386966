module github.com/routegen/routegen

go 1.25.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1
	github.com/dave/jennifer v1.7.1
	github.com/gorilla/securecookie v1.1.2
	github.com/rs/cors v1.11.1
	github.com/spf13/pflag v1.0.10
	golang.org/x/crypto v0.51.0
	golang.org/x/net v0.54.0
	golang.org/x/oauth2 v0.36.0
	golang.org/x/term v0.43.0
	golang.org/x/text v0.37.0
	golang.org/x/tools v0.45.0
)

require (
	golang.org/x/mod v0.36.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.44.0 // indirect
)
