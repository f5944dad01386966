// Package unrelated imports no routegen package: its paths are not checked.
package unrelated

import "net/http"

func handler(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/nowhere", http.StatusFound)
	w.Header().Set("Location", "/nowhere")
}
