module github.com/routegen/routegen/routevet/plugin

go 1.25.0

// In the repository the plugin builds with the routegen module beside it;
// a release of the plugin requires the routegen release made with it.
replace github.com/routegen/routegen => ../..

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/routegen/routegen v0.0.0-00010101000000-000000000000
	golang.org/x/tools v0.45.0
)

require (
	golang.org/x/net v0.54.0 // indirect
	golang.org/x/text v0.37.0 // indirect
)
