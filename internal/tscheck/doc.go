// Package tscheck checks, in a module of its own so that their tools stay
// out of routegen's go.mod, the TypeScript modules routegen --ts writes:
//
//   - tsc (the typescript package of package.json, installed with npm ci)
//     compiles the module of every golden table with --strict and the
//     stricter checks of tsconfig.json; the calls of types/ok.ts compile,
//     and each call of types/errors.ts is an error;
//   - Node runs the modules, compiled to JavaScript, on random arguments
//     beside the Go helpers of the golden packages: both give the same URL,
//     or both refuse;
//   - headless Chromium (package browser) loads a page that imports a
//     module, and calls an API of another origin: CORS, anti-CSRF and the
//     URLs as the browser sees them.
//
// The tests skip when node is not installed, and fail then when CI=true.
// They read the TypeScript files through tsc and node, which go test's
// cache does not see: run them with -count=1 after changing one.
package tscheck
