package controllers

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/routegen/routegen/examples/aahport/app/models"
	"github.com/routegen/routegen/runtime"
)

// badBody is a request body that could not be bound: its status (400,
// 415, 422), the field at fault when there is one, and why.
type badBody struct {
	status int
	field  string
	reason string
}

func (e *badBody) Error() string { return e.reason }

// validator is a request body that checks its own values, as aah's
// validate tags did.
type validator interface {
	Validate() error
}

// bindJSON reads the JSON body of ctx's request into v, as aah bound a
// request body to an action's parameter by its Content-Type, then
// validates it. A body that is not JSON, holds a field v has not, or a
// value of the wrong type is a *badBody of 415 or 400; one that fails
// Validate a *badBody of 422 that names the field. A body over the
// route's max_body_size is the *http.MaxBytesError the router answers
// with 413.
func bindJSON(ctx *runtime.Context, v validator) error {
	mediaType, _, _ := mime.ParseMediaType(ctx.Req.Header.Get("Content-Type"))
	if mediaType != "application/json" {
		return &badBody{status: http.StatusUnsupportedMediaType, reason: "the body must be application/json"}
	}
	dec := json.NewDecoder(ctx.Req.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	var (
		tooLarge  *http.MaxBytesError
		wrongType *json.UnmarshalTypeError
		invalid   *models.FieldError
	)
	switch {
	case err == nil:
	case errors.As(err, &tooLarge):
		return fmt.Errorf("reading the body: %w", err)
	case errors.As(err, &wrongType):
		return &badBody{status: http.StatusBadRequest, field: wrongType.Field, reason: fmt.Sprintf("%s cannot be a %s", wrongType.Field, wrongType.Value)}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &badBody{status: http.StatusBadRequest, field: field, reason: fmt.Sprintf("unknown field %q", field)}
	case errors.Is(err, io.EOF):
		return &badBody{status: http.StatusBadRequest, reason: "the body is empty"}
	default:
		return &badBody{status: http.StatusBadRequest, reason: "the body is not valid JSON: " + strings.TrimPrefix(err.Error(), "json: ")}
	}
	if err := v.Validate(); errors.As(err, &invalid) {
		return &badBody{status: http.StatusUnprocessableEntity, field: invalid.Field, reason: invalid.Error()}
	} else if err != nil {
		return err
	}
	return nil
}
