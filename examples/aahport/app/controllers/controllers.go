// Package controllers holds the actions of the controllers routes.conf
// names: each type implements an interface of package routes. Where an aah
// controller embedded *aah.Context, an action here receives a
// *runtime.Context; where it replied through c.Reply(), it writes to
// ctx.Res, or returns an error for the error handler.
package controllers

import (
	"bytes"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"

	"github.com/routegen/routegen/examples/aahport/views"
	"github.com/routegen/routegen/runtime"
)

// ErrorHandler is a controller that answers the errors of its own routes,
// as an aah controller did with HandleError(err *aah.Error) bool: it
// returns false to leave an error to the application's handler.
type ErrorHandler interface {
	HandleError(ctx *runtime.Context, err error) bool
}

// writeJSON answers with status and v as JSON.
func writeJSON(ctx *runtime.Context, status int, v any) error {
	ctx.Res.Header().Set("Content-Type", "application/json; charset=utf-8")
	ctx.Res.WriteHeader(status)
	return json.NewEncoder(ctx.Res).Encode(v)
}

// render answers with the page t makes of data; a template that fails
// writes nothing, and its error is the action's (500).
func render(ctx *runtime.Context, status int, t *template.Template, data any) error {
	var page bytes.Buffer
	if err := t.Execute(&page, data); err != nil {
		return err
	}
	ctx.Res.Header().Set("Content-Type", "text/html; charset=utf-8")
	ctx.Res.WriteHeader(status)
	_, err := ctx.Res.Write(page.Bytes())
	return err
}

var errorPage = views.Parse("errors/error.html")

// renderErrorPage answers err as an HTML page, as aah's views/errors did:
// the status and its text, never the text of an action's error.
func renderErrorPage(ctx *runtime.Context, err error) {
	var e *runtime.Error
	if !errors.As(err, &e) {
		e = &runtime.Error{Status: http.StatusInternalServerError}
	}
	data := struct {
		Code int
		Text string
	}{e.Status, http.StatusText(e.Status)}
	if render(ctx, e.Status, errorPage, data) != nil {
		http.Error(ctx.Res, data.Text, e.Status)
	}
}
