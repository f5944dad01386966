module github.com/routegen/routegen/internal/apicheck

go 1.26.0

require (
	github.com/routegen/routegen v0.0.0
	golang.org/x/exp v0.0.0-20260908205506-85c1c2202aba
	golang.org/x/tools v0.50.0
)

require (
	github.com/gorilla/securecookie v1.1.2 // indirect
	github.com/rs/cors v1.11.1 // indirect
	golang.org/x/crypto v0.57.0 // indirect
	golang.org/x/mod v0.41.0 // indirect
	golang.org/x/net v0.59.0 // indirect
	golang.org/x/oauth2 v0.36.0 // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/text v0.42.0 // indirect
)

replace github.com/routegen/routegen => ../../
