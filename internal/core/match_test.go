package core

import (
	"strings"
	"testing"
)

func TestIsCleanAndCleanPath(t *testing.T) {
	for _, c := range []struct {
		path    string
		clean   bool
		cleaned string
	}{
		{"/", true, "/"},
		{"/a/b", true, "/a/b"},
		{"/a/b/", true, "/a/b/"},
		{"//", false, "/"},
		{"/a//b", false, "/a/b"},
		{"/a/./b", false, "/a/b"},
		{"/a/../b", false, "/b"},
		{"/a/..", false, "/"},
		{"/a/.", false, "/a"},
		{"/..", false, "/"},
		{"//evil.example/", false, "/evil.example/"},
		{"/a.b/.c/..d", true, "/a.b/.c/..d"},
		{"", false, "/"},
		{"a/b", false, "/a/b"},
	} {
		if got := IsClean(c.path); got != c.clean {
			t.Errorf("IsClean(%q) = %v, want %v", c.path, got, c.clean)
		}
		if got := CleanPath(c.path); got != c.cleaned {
			t.Errorf("CleanPath(%q) = %q, want %q", c.path, got, c.cleaned)
		}
	}
}

func TestRedirectStaysOnHost(t *testing.T) {
	for target, want := range map[string]string{
		"/a":              "/a",
		"//evil.example":  "/%2Fevil.example",
		"/\\evil.example": "/%5Cevil.example",
	} {
		var m Match
		m.Params.Start("/x")
		_ = m.redirectTo("GET", target)
		if got := m.Redirect(); got != want {
			t.Errorf("redirect to %q gives %q, want %q", target, got, want)
		}
	}
}

func TestParams(t *testing.T) {
	var p Params
	path := "/a%2Fb/caf%C3%A9/plain/bad%zz"
	p.Start(path)
	p.Push(path[1:6])
	p.Push(path[7:16])
	p.Push(path[17:22])
	p.Push(path[23:])
	want := []string{"a/b", "café", "plain", "bad%zz"}
	for i, v := range want {
		if got := p.Value(i); got != v {
			t.Errorf("Value(%d) = %q, want %q", i, got, v)
		}
		if got := p.checkedValue(i); got != v {
			t.Errorf("checkedValue(%d) = %q, want %q", i, got, v)
		}
	}
	if p.Raw(0) != "a%2Fb" || p.Len() != 4 {
		t.Errorf("Raw/Len wrong: %q %d", p.Raw(0), p.Len())
	}
	p.Pop()
	if p.Len() != 3 {
		t.Errorf("Pop left %d params, want 3", p.Len())
	}
	n := 0
	allocs := testing.AllocsPerRun(100, func() { n += len(p.checkedValue(1)) + len(p.checkedValue(0)) })
	if allocs != 0 {
		t.Errorf("checkedValue allocated %.1f times a run, want 0: it reuses its buffer", allocs)
	}
}

func TestSegmentEnd(t *testing.T) {
	// Every start of paths with slashes at many offsets of the eight-byte
	// words SegmentEnd reads, and next to bytes one away from "/".
	for _, path := range []string{"/ab/c", "/a.b0c.d/e", "/abcdefghijklmnopqrstu/v/", "///", strings.Repeat("x", 20), "/\xff\x00/\x2f/0123456789/.0"} {
		for start := range len(path) + 1 {
			want := strings.IndexByte(path[start:], '/')
			if want < 0 {
				want = len(path)
			} else {
				want += start
			}
			if got := SegmentEnd(path, start); got != want {
				t.Errorf("SegmentEnd(%q, %d) = %d, want %d", path, start, got, want)
			}
		}
	}
}

func TestAllowTable(t *testing.T) {
	table := allowTable([]string{"GET", "POST", "PUT"}, true)
	for mask, want := range map[int]string{
		0b001: "GET, HEAD, OPTIONS",
		0b010: "OPTIONS, POST",
		0b111: "GET, HEAD, OPTIONS, POST, PUT",
	} {
		if table[mask] != want {
			t.Errorf("allow[%b] = %q, want %q", mask, table[mask], want)
		}
	}
	if got := allowTable([]string{"GET", "HEAD"}, false)[0b11]; got != "GET, HEAD" {
		t.Errorf("allow without auto OPTIONS = %q", got)
	}
}

func TestEscapeCatchAll(t *testing.T) {
	if got := EscapeCatchAll("a b/c?d/"); got != "a%20b/c%3Fd/" {
		t.Errorf("EscapeCatchAll = %q", got)
	}
}

func TestIsCleanTail(t *testing.T) {
	for rest, want := range map[string]bool{
		"": true, "a": true, "a/b": true, "a/": true, ".a": true, "a..": true, "...": true,
		"/": false, "a//b": false, ".": false, "..": false, "./a": false, "../a": false, "a/.": false, "a/../b": false,
	} {
		if got := IsCleanTail(rest); got != want {
			t.Errorf("IsCleanTail(%q) = %v, want %v", rest, got, want)
		}
	}
	if NotDot(".") || NotDot("..") || !NotDot("...") || !NotDot("a") {
		t.Error("NotDot is wrong")
	}
}
