package parser

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// FS is what Load reads files through. Names are slash-separated;
// fstest.MapFS is one.
type FS interface {
	ReadFile(name string) ([]byte, error)
	Glob(pattern string) ([]string, error)
}

// Load parses filename and, recursively, the files its includes name. An
// include's glob is relative to the folder of the file holding it (unless
// absolute); its matches are parsed in name order into Include.Files. Each
// file is read once: one read before (a repeat, or a cycle) is left out
// silently. An include of a file name (no glob characters) that does not
// exist is an error; a glob that matches nothing is a warning.
//
// Load returns a nil File when filename cannot be read. The diagnostics of
// every file are sorted by position.
func Load(fsys FS, filename string) (*File, Diagnostics) {
	l := &loader{fsys: fsys, read: map[string]bool{path.Clean(filename): true}}
	src, err := fsys.ReadFile(filename)
	if err != nil {
		// The message is at the file: it need not name it again.
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == filename {
			err = pe.Err
		}
		l.diags.Errorf(Pos{File: filename}, "%v", err)
		return nil, l.diags
	}
	f := l.parse(filename, src)
	l.diags.Sort()
	return f, l.diags
}

type loader struct {
	fsys  FS
	read  map[string]bool // cleaned names of the files read so far
	diags Diagnostics
}

// parse parses one file and loads its includes.
func (l *loader) parse(filename string, src []byte) *File {
	f, diags := Parse(filename, src)
	l.diags = append(l.diags, diags...)
	l.loadIncludes(path.Dir(filename), f.Root)
	return f
}

// parseIncluded is parse for an included file, of which only the first
// error is reported: a file that is not a configuration at all
// (include "/etc/passwd") would otherwise be echoed line by line.
func (l *loader) parseIncluded(filename string, src []byte) *File {
	f, diags := Parse(filename, src)
	diags.Sort()
	if first := slices.IndexFunc(diags, func(d Diagnostic) bool { return !d.Warning }); first >= 0 {
		diags = diags[first : first+1]
	}
	l.diags = append(l.diags, diags...)
	l.loadIncludes(path.Dir(filename), f.Root)
	return f
}

// MaxFileSize is the largest file Load reads: an FS should refuse a larger
// one before reading it whole, as the operating system's does.
const MaxFileSize = 16 << 20

// loadIncludes loads the includes of sec and of the sections in it; dir is
// the folder of the file holding sec.
func (l *loader) loadIncludes(dir string, sec *Section) {
	for _, item := range sec.Items {
		switch item := item.(type) {
		case *Section:
			l.loadIncludes(dir, item)
		case *Include:
			l.loadInclude(dir, item)
		}
	}
}

func (l *loader) loadInclude(dir string, inc *Include) {
	pattern := inc.Pattern.Value
	if !path.IsAbs(pattern) {
		pattern = path.Join(dir, pattern)
	}
	names, err := l.fsys.Glob(pattern)
	switch {
	case err != nil:
		l.diags.Errorf(inc.IncludePos, "bad include pattern %q: %v", inc.Pattern.Value, err)
		return
	case len(names) == 0 && !isGlob(inc.Pattern.Value):
		l.diags.Errorf(inc.IncludePos, "included file %q does not exist", inc.Pattern.Value)
		return
	case len(names) == 0:
		l.diags.Warnf(inc.IncludePos, "include %q matches no file", inc.Pattern.Value)
		return
	}
	slices.Sort(names)
	for _, name := range names {
		if l.read[path.Clean(name)] {
			continue
		}
		l.read[path.Clean(name)] = true
		src, err := l.fsys.ReadFile(name)
		if err != nil {
			l.diags.Errorf(inc.IncludePos, "%v", err)
			continue
		}
		if len(src) > MaxFileSize {
			l.diags.Errorf(inc.IncludePos, "included file %q is larger than %d MiB", name, MaxFileSize>>20)
			continue
		}
		inc.Files = append(inc.Files, l.parseIncluded(name, src))
	}
}

// isGlob reports whether an include pattern holds glob characters, and so
// may rightly match no file.
func isGlob(pattern string) bool {
	return strings.ContainsAny(pattern, `*?[\`)
}
