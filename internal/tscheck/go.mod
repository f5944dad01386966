module github.com/routegen/routegen/internal/tscheck

go 1.25.0

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/routegen/routegen v0.0.0
	github.com/routegen/routegen/examples v0.0.0
	golang.org/x/crypto v0.51.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/gorilla/securecookie v1.1.2 // indirect
	github.com/rs/cors v1.11.1 // indirect
	golang.org/x/net v0.54.0 // indirect
	golang.org/x/text v0.37.0 // indirect
)

replace (
	github.com/routegen/routegen => ../..
	github.com/routegen/routegen/examples => ../../examples
)
