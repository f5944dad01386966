package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMigrationGuideQuotes: each block of Go, conf or HTML in the section "Port
// a controller" of docs/migrating-from-aah.md is quoted from this
// application, word for word, so that the section shows the code that
// TestREADME runs. A block of aah's code or of a user's own ("```go aah")
// is not.
func TestMigrationGuideQuotes(t *testing.T) {
	guide, err := os.ReadFile(filepath.Join("..", "..", "docs", "migrating-from-aah.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(guide), "\n## Port a controller\n")
	if !ok {
		t.Fatal(`docs/migrating-from-aah.md has no section "## Port a controller"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var sources strings.Builder
	err = filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, ".conf") && !strings.HasSuffix(p, ".html") {
			return err
		}
		data, err := os.ReadFile(p)
		sources.Write(data)
		sources.WriteString("\x00")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	quotes := 0
	lines := strings.Split(section, "\n")
	for i := 0; i < len(lines); i++ {
		// A block in a list item is indented as the item's text.
		indent := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " "))]
		info, ok := strings.CutPrefix(lines[i][len(indent):], "```")
		if !ok {
			continue
		}
		end := i + 1
		for end < len(lines) && lines[end] != indent+"```" {
			end++
		}
		var block strings.Builder
		for _, line := range lines[i+1 : end] {
			block.WriteString(strings.TrimPrefix(line, indent) + "\n")
		}
		if info == "go" || info == "conf" || info == "html" {
			quotes++
			if !strings.Contains(sources.String(), block.String()) {
				t.Errorf("docs/migrating-from-aah.md, Port a controller: this block is not in examples/aahport:\n%s", block.String())
			}
		}
		i = end
	}
	if quotes < 8 {
		t.Errorf("the section quotes %d blocks of the application; it quotes more", quotes)
	}
}
