// Package synth writes synthetic routes.conf files of any size, for
// benchmarks of checking, generating, building and matching.
package synth

import (
	"fmt"
	"strings"
)

// routesPerGroup is how many routes one resource group below declares.
const routesPerGroup = 10

// Config returns a routes.conf of about n routes (rounded up to whole groups
// of ten) spread over four domains: nested groups, parameters (one with a
// constraint), a catch-all, several methods, static and parameter siblings.
func Config(n int) string {
	const domains = 4
	groups := (n + routesPerGroup - 1) / routesPerGroup
	var b strings.Builder
	b.WriteString("domains {\n")
	for d := 0; d < domains; d++ {
		fmt.Fprintf(&b, "  d%d {\n    host = \"d%d.example.com\"\n    routes {\n", d, d)
		for g := d; g < groups; g += domains {
			writeGroup(&b, g)
		}
		b.WriteString("    }\n  }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// writeGroup writes one resource: ten routes under /api/v<k>/r<g>.
func writeGroup(b *strings.Builder, g int) {
	controller := fmt.Sprintf("C%d", g/10)
	fmt.Fprintf(b, `      g%[1]d {
        path = "/api/v%[3]d/r%[1]d"
        controller = %[2]q
        action = "List%[1]d"
        routes {
          g%[1]d_create { method = "POST"; action = "Create%[1]d" }
          g%[1]d_search { path = "/search"; action = "Search%[1]d" }
          g%[1]d_item {
            path = "/:id[number]"
            action = "Show%[1]d"
            routes {
              g%[1]d_update { method = "PUT"; action = "Update%[1]d" }
              g%[1]d_patch { method = "PATCH"; action = "Patch%[1]d" }
              g%[1]d_delete { method = "DELETE"; action = "Delete%[1]d" }
              g%[1]d_children { path = "/children/:child"; action = "Child%[1]d" }
              g%[1]d_files { path = "/files/*path"; action = "Files%[1]d" }
            }
          }
          g%[1]d_latest { path = "/latest"; action = "Latest%[1]d" }
        }
      }
`, g, controller, g%3+1)
}
