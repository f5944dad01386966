// Package views holds the application's templates, in aah's layout:
// pages/<controller>/<action>.html, and errors/ for the error pages.
package views

import (
	"embed"
	"html/template"
	"path"
)

//go:embed pages errors
var files embed.FS

// Parse returns the template of name ("pages/app/index.html"). It panics
// when the template does not parse: the templates are part of the
// program.
func Parse(name string) *template.Template {
	return template.Must(template.New(path.Base(name)).ParseFS(files, name))
}
