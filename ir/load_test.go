package ir_test

import (
	"bytes"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/txtartest"
	"github.com/routegen/routegen/ir"
)

var update = flag.Bool("update", false, "rewrite expected outputs from what the code produces")

// TestErrorCases runs every testdata/errors/*.txtar archive: its files form
// the file system, its comment names the sources ("security: x.conf",
// "app-config: aah.conf", "profile: dev", "max-body-size: 1mb",
// "find-security: true"), and its
// "errors" file lists the exact diagnostics expected, and its
// "unapplied" file, when it has one, the warnings only check prints, and
// its "secure_headers" file the headers of security.http_header.
func TestErrorCases(t *testing.T) {
	suite := txtartest.Suite{Pattern: "testdata/errors/*.txtar", Min: 40, Sections: []string{"errors", "unapplied", "secure_headers"}, Update: *update}
	suite.Run(t, func(t *testing.T, c txtartest.Case) map[string]string {
		table, diags := ir.Load(c.Files, sourcesFromComment(t, c.Archive.Comment))
		if diags.HasErrors() != (table == nil) {
			t.Errorf("table returned %v with errors %v", table != nil, diags.HasErrors())
		}
		got := diags.Error()
		if got != "" {
			got += "\n"
		}
		unapplied := ""
		if table != nil && len(table.Unapplied) > 0 {
			unapplied = table.Unapplied.Error() + "\n"
		}
		return map[string]string{"errors": got, "unapplied": unapplied, "secure_headers": secureHeadersText(table)}
	})
}

func sourcesFromComment(t *testing.T, comment []byte) ir.Sources {
	src := ir.Sources{Routes: "routes.conf"}
	for _, line := range strings.Split(string(bytes.TrimSpace(comment)), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "routes":
			src.Routes = value
		case "security":
			src.Security = value
		case "app-config":
			src.AppConfig = value
		case "profile":
			src.Profile = value
		case "max-body-size":
			src.MaxBodySize = value
		case "find-security":
			src.FindSecurity = value == "true"
		case "case":
		default:
			t.Fatalf("unknown source %q in the archive comment", key)
		}
	}
	return src
}

// secureHeadersText is a table's secure headers, one a line, with the
// position of the key that sets each.
func secureHeadersText(table *ir.Table) string {
	if table == nil || table.SecureHeaders == nil {
		return ""
	}
	s := table.SecureHeaders
	if s.Off {
		return fmt.Sprintf("off (%s)\n", s.EnablePos)
	}
	var b strings.Builder
	for _, h := range s.Headers {
		fmt.Fprintf(&b, "%s: %s", h.Name, h.Value)
		if h.HTTPSOnly {
			b.WriteString(" [HTTPS only]")
		}
		at, ok := s.KeyPos[strings.TrimSuffix(h.Name, "-Report-Only")]
		if ok {
			fmt.Fprintf(&b, " (%s)\n", at)
		} else {
			b.WriteString(" (default)\n")
		}
	}
	return b.String()
}
