package main

import (
	"testing"

	"github.com/routegen/routegen/examples/aahport/app/controllers"
	"github.com/routegen/routegen/runtime"
)

// TestControllerErrorsNamesRoutesConf: a controller name routes.conf does
// not have (here without its package path) is an error when the router is
// built, not a controller whose errors silently go to the fallback.
func TestControllerErrorsNamesRoutesConf(t *testing.T) {
	_, err := controllerErrors(map[string]controllers.ErrorHandler{"DashboardController": &controllers.Dashboard{}}, runtime.JSONErrorHandler)
	if err == nil || err.Error() != `no route of routes.conf has controller "DashboardController"` {
		t.Fatalf("err = %v", err)
	}
}
