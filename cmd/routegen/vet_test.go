package main

import (
	"slices"
	"testing"
)

func TestVetCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"vet", "-vettool=/bin/rg"}},
		{[]string{"./..."}, []string{"vet", "-vettool=/bin/rg", "./..."}},
		{[]string{"-fix", "-diff", "./a", "./b"}, []string{"vet", "-fix", "-diff", "-vettool=/bin/rg", "./a", "./b"}},
		{[]string{"-C", "dir", "-tags", "x", "-c", "2", "./..."}, []string{"vet", "-C", "dir", "-tags", "x", "-c", "2", "-vettool=/bin/rg", "./..."}},
		{[]string{"-helpers", "--json", "./..."}, []string{"vet", "-routevet.helpers", "--json", "-vettool=/bin/rg", "./..."}},
		{[]string{"-helpers=false", "--", "./a"}, []string{"vet", "-routevet.helpers=false", "-vettool=/bin/rg", "./a"}},
	} {
		got, help := vetCommand("/bin/rg", c.args)
		if help || !slices.Equal(got, c.want) {
			t.Errorf("vetCommand(%q) = %q, %v; want %q", c.args, got, help, c.want)
		}
	}
	for _, h := range []string{"-h", "-help", "--help"} {
		if _, help := vetCommand("/bin/rg", []string{h}); !help {
			t.Errorf("%s: no usage", h)
		}
	}
}
