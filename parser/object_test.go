package parser

import (
	"testing"
	"testing/fstest"
)

func mustBuild(t *testing.T, name, src string) *Object {
	t.Helper()
	f, diags := Parse(name, []byte(src))
	if len(diags) > 0 {
		t.Fatalf("Parse:\n%s", diagnosticLines(diags))
	}
	obj, diags := Build(f)
	if len(diags) > 0 {
		t.Fatalf("Build:\n%s", diagnosticLines(diags))
	}
	return obj
}

func TestLoadMissingFile(t *testing.T) {
	f, diags := Load(fstest.MapFS{}, "routes.conf")
	if f != nil {
		t.Errorf("Load returned a file")
	}
	if got, want := diagnosticLines(diags), "routes.conf: file does not exist\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestBuildRootPosition(t *testing.T) {
	obj := mustBuild(t, "a.conf", "")
	if want := (Pos{File: "a.conf", Line: 1, Col: 1}); obj.Pos != want || obj.Name != "" {
		t.Errorf("root is %q at %v, want \"\" at %v", obj.Name, obj.Pos, want)
	}
}

func TestGetAndLookup(t *testing.T) {
	obj := mustBuild(t, "a.conf", "a { b { c = 1 }; v = 2 }\nd = 3")
	tests := []struct {
		path    string
		wantPos string // of the key found; "" when none
	}{
		{"a", "a.conf:1:1"},
		{"a.b", "a.conf:1:5"},
		{"a.b.c", "a.conf:1:9"},
		{"a.v", "a.conf:1:18"},
		{"d", "a.conf:2:1"},
		{"x", ""},
		{"a.x", ""},
		{"a.b.c.d", ""},
		{"a.v.w", ""},
		{"d.e", ""},
		{"", ""},
		{"a.", ""},
	}
	for _, tt := range tests {
		got := ""
		if f := obj.Lookup(tt.path); f != nil {
			got = f.KeyPos.String()
		}
		if got != tt.wantPos {
			t.Errorf("Lookup(%q) found %q, want %q", tt.path, got, tt.wantPos)
		}
	}
	if f := obj.Get("d"); f == nil || f.KeyPos.String() != "a.conf:2:1" {
		t.Errorf("Get(%q) = %v", "d", f)
	}
	if f := obj.Get("a.b"); f != nil {
		t.Errorf("Get(%q) = %v, want nil: Get does not follow dots", "a.b", f)
	}
}

func TestMerge(t *testing.T) {
	dst := mustBuild(t, "dst.conf", `
server {
  port = 80
  tls { enable = false; cert = "a" }
  host = "h"
}
list = [1]
value = 1
section { x = 1 }
`)
	src := mustBuild(t, "src.conf", `
server {
  port = 8080
  tls { enable = true }
  added = 1
}
list = [2]
value { y = 2 }
section = 3
new { z = 1 }
`)
	dst.Merge(src)
	want := `dst.conf:2:1 server {
  src.conf:3:3 port = 3:10 int 8080
  dst.conf:4:3 tls {
    src.conf:4:9 enable = 4:18 bool true
    dst.conf:4:25 cert = 4:32 string "a"
  }
  dst.conf:5:3 host = 5:10 string "h"
  src.conf:5:3 added = 5:11 int 1
}
src.conf:7:1 list = 7:8 [7:9 int 2]7:10
src.conf:8:1 value {
  src.conf:8:9 y = 8:13 int 2
}
src.conf:9:1 section = 9:11 int 3
src.conf:10:1 new {
  src.conf:10:7 z = 10:11 int 1
}
`
	if got := dumpObjectString(dst); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestMergeCopies checks that changing the merged object leaves src as it was.
func TestMergeCopies(t *testing.T) {
	dst := mustBuild(t, "dst.conf", "")
	src := mustBuild(t, "src.conf", "s { a = 1 }\nlist = [r]")
	srcBefore := dumpObjectString(src)
	dst.Merge(src)
	dst.Merge(mustBuild(t, "more.conf", "s { a = 2; b = 3 }"))
	if diags := ResolveRefs(dst, mustBuild(t, "fallback.conf", "r = 1")); len(diags) > 0 {
		t.Fatalf("ResolveRefs:\n%s", diagnosticLines(diags))
	}
	if got := dumpObjectString(src); got != srcBefore {
		t.Errorf("src changed:\n%s\nwant:\n%s", got, srcBefore)
	}
}

func TestResolveRefsFallbacks(t *testing.T) {
	root := mustBuild(t, "root.conf", "a = x\nb = y\nc = [x, y]\nx = 1")
	first := mustBuild(t, "first.conf", "x = 10\ny = 20")
	second := mustBuild(t, "second.conf", "y = 200\nz = 300")
	if diags := ResolveRefs(root, first, second); len(diags) > 0 {
		t.Fatalf("ResolveRefs:\n%s", diagnosticLines(diags))
	}
	want := `root.conf:1:1 a = 4:5 int 1
root.conf:2:1 b = 2:5 int 20
root.conf:3:1 c = 3:5 [4:5 int 1, 2:5 int 20]3:10
root.conf:4:1 x = 4:5 int 1
`
	if got := dumpObjectString(root); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	root = mustBuild(t, "root.conf", "a = z\nb = nowhere")
	diags := ResolveRefs(root, first, second)
	if got, want := diagnosticLines(diags), "root.conf:2:5: this bare word is a reference to a key, and no key has its name; quote it to write text\n"; got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got, want := dumpValue(root.Get("a").Value), "2:5 int 300"; got != want {
		t.Errorf("a = %s, want %s", got, want)
	}
}
