module github.com/routegen/routegen/examples

go 1.25.0

require (
	github.com/coder/websocket v1.8.15
	github.com/routegen/routegen v0.0.0
)

require (
	github.com/gorilla/securecookie v1.1.2 // indirect
	github.com/rs/cors v1.11.1 // indirect
	golang.org/x/crypto v0.51.0 // indirect
	golang.org/x/net v0.54.0 // indirect
	golang.org/x/text v0.37.0 // indirect
)

replace github.com/routegen/routegen => ../
