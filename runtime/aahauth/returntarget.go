package aahauth

import (
	"html/template"

	"github.com/routegen/routegen/runtime"
)

// ReturnTarget is the return target a login page was sent with, the _rt
// of its query (a form scheme's redirect to the login page, and a failed
// login's, carry it), when it is a path of this site
// (runtime.LocalTarget); "" otherwise.
func ReturnTarget(ctx *runtime.Context) string {
	target := ctx.Req.QueryValue("_rt")
	if !runtime.LocalTarget(target) {
		return ""
	}
	return target
}

// ReturnTargetField is the login form's hidden field of ReturnTarget,
// which the form posts back for the login to return to, as aah's views
// inserted it: <input type="hidden" name="_rt" value="/my/tasks.html">,
// the value escaped; "" without a return target. Give it to the login
// page's template as data, or as a function of its FuncMap.
func ReturnTargetField(ctx *runtime.Context) template.HTML {
	target := ReturnTarget(ctx)
	if target == "" {
		return ""
	}
	return template.HTML(`<input type="hidden" name="_rt" value="` + template.HTMLEscapeString(target) + `">`)
}
