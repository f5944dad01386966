package controllers

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/routegen/routegen/examples/aahport/app/models"
	"github.com/routegen/routegen/examples/aahport/app/routes"
	"github.com/routegen/routegen/examples/aahport/app/security"
	"github.com/routegen/routegen/runtime"
)

// Tasks is controller "api/v1/TaskController": the REST API of the tasks.
// Its routes need a user of scheme basic_auth, and the permission each
// route's authorization { } names.
type Tasks struct {
	Tasks *models.Tasks
}

// List answers every task.
func (c *Tasks) List(ctx *runtime.Context) error {
	return writeJSON(ctx, http.StatusOK, c.Tasks.All())
}

// Create adds the task of the request's body (bindJSON) and answers it,
// with its URL in Location.
func (c *Tasks) Create(ctx *runtime.Context) error {
	var body models.NewTask
	if err := bindJSON(ctx, &body); err != nil {
		return err
	}
	task := c.Tasks.Add(body, ctx.Subject().(*security.User).Email)
	location, err := routes.URL.ForRequest(ctx).Task(task.ID)
	if err != nil {
		return err
	}
	ctx.Res.Header().Set("Location", location)
	return writeJSON(ctx, http.StatusCreated, task)
}

// Show answers the task of id; 404 when there is none.
func (c *Tasks) Show(ctx *runtime.Context, id int64) error {
	task, ok := c.Tasks.Get(id)
	if !ok {
		return noTask(id)
	}
	return writeJSON(ctx, http.StatusOK, task)
}

// Delete removes the task of id; 404 when there is none.
func (c *Tasks) Delete(ctx *runtime.Context, id int64) error {
	if !c.Tasks.Delete(id) {
		return noTask(id)
	}
	ctx.Res.WriteHeader(http.StatusNoContent)
	return nil
}

// noTask is the 404 of a task that does not exist: a *runtime.Error whose
// Msg the application's handler writes.
func noTask(id int64) error {
	return &runtime.Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no task %d", id)}
}

// HandleError answers the bodies bindJSON could not bind, naming the field
// at fault, in the application's JSON error form; every other error (401,
// 403, 404, 413…) goes to the application's handler.
func (c *Tasks) HandleError(ctx *runtime.Context, err error) bool {
	var bad *badBody
	if !errors.As(err, &bad) {
		return false
	}
	_ = writeJSON(ctx, bad.status, struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Field   string `json:"field,omitempty"`
	}{bad.status, bad.reason, bad.field})
	return true
}
