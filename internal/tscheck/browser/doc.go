// Package browser tests the TypeScript URL helpers, CORS and anti-CSRF in
// headless Chromium: a page of one origin imports the helpers of
// site/routes.ts, compiled by tsc, and calls the API of another origin.
// It signs in too, with the form scheme and the session of aah's
// form-based-auth example, as a person does: the login page's form, the
// pages of the session, the logout form. site is generated from
// routes.conf:
//
//go:generate go run -C ../../.. ./cmd/routegen --package site -o internal/tscheck/browser/site/routes_gen.go --ts internal/tscheck/browser/site/routes.ts internal/tscheck/browser/routes.conf
package browser
