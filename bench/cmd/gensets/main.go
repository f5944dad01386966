// Command gensets writes the package of every benchmark route set under
// sets/, from the route sets of ../testdata/routesets. Run it in bench/
// (go generate does).
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/routegen/routegen/bench/internal/setgen"
)

func main() {
	sets, err := setgen.Sets(filepath.Join("..", "testdata", "routesets"))
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range sets {
		files, err := setgen.Files(s)
		if err != nil {
			log.Fatal(err)
		}
		dir := filepath.Join("sets", s.Name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			log.Fatal(err)
		}
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
				log.Fatal(err)
			}
		}
	}
}
