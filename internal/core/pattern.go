// Package core holds the routing rules that the generator, the runtime,
// ir and routevet must agree on, so that each is decided in one place:
// how a route's path pattern reads.
package core

import (
	"net/url"
	"strings"
)

// MaxParams is the most path parameters one route may have.
const MaxParams = 32

// SegmentKind tells how a path segment matches.
type SegmentKind uint8

const (
	StaticSegment   SegmentKind = iota // the literal text
	ParamSegment                       // Literal, then one non-empty segment: ":name"
	CatchAllSegment                    // Literal, then the non-empty rest of the path: "*name"
)

// Segment is one "/"-separated part of a route path.
type Segment struct {
	Kind    SegmentKind
	Literal string // the text, or the text before the parameter
	Param   string // the parameter's name
}

// ParsePattern splits the path of a resolved route ("/hotels/:id",
// "/src*filepath"), as the route table writes it — cleaned, constraints
// stripped — into its segments; "/" has none.
func ParsePattern(path string) []Segment {
	if path == "/" || path == "" {
		return nil
	}
	segs := make([]Segment, 0, strings.Count(path, "/"))
	for i := 0; i < len(path); {
		var seg Segment
		seg, i = SegmentAt(path, i)
		segs = append(segs, seg)
	}
	return segs
}

// SegmentAt is the segment of path that follows its byte i, a "/", and
// the index of the "/" that ends it, or len(path): ParsePattern's step,
// which NewTrie takes without a slice of the segments.
func SegmentAt(path string, i int) (Segment, int) {
	// One pass over the bytes: segments are short, and a search call for
	// each of "/", ":" and "*" costs more than it finds.
	start, param := i+1, -1
	end := start
	for ; end < len(path); end++ {
		if c := patternBytes[path[end]]; c != 0 {
			if c == '/' {
				break
			}
			if param < 0 {
				param = end
			}
		}
	}
	switch {
	case param < 0:
		return Segment{Kind: StaticSegment, Literal: path[start:end]}, end
	case path[param] == '*':
		return Segment{Kind: CatchAllSegment, Literal: path[start:param], Param: path[param+1 : end]}, end
	default:
		return Segment{Kind: ParamSegment, Literal: path[start:param], Param: path[param+1 : end]}, end
	}
}

// patternBytes marks the bytes SegmentAt stops at.
var patternBytes = [256]byte{'/': '/', ':': ':', '*': '*'}

// FormatPattern writes segments back as a route table path: "/hotels/:id".
func FormatPattern(segs []Segment) string {
	if len(segs) == 0 {
		return "/"
	}
	var b strings.Builder
	for _, s := range segs {
		b.WriteByte('/')
		b.WriteString(s.Literal)
		switch s.Kind {
		case ParamSegment:
			b.WriteByte(':')
			b.WriteString(s.Param)
		case CatchAllSegment:
			b.WriteByte('*')
			b.WriteString(s.Param)
		}
	}
	return b.String()
}

// BasePath is a base path as links and redirects prefix it: "" for none
// or "/", else with one leading slash and no trailing one ("svc/" →
// "/svc"), each segment escaped as a catch-all's value is, as
// http.StripPrefix compares it with the decoded path: a "%" is one
// ("%2F" → "%252F"), a "?" or "#" would end the path, and a leading "\"
// make it another host's ("/\evil.com", which browsers read as
// "//evil.com").
func BasePath(prefix string) string {
	prefix = strings.Trim(prefix, "/")
	if prefix == "" {
		return ""
	}
	return "/" + EscapeCatchAll(prefix)
}

// EscapeCatchAll escapes the value of a catch-all parameter segment by
// segment, so that its slashes stay slashes.
func EscapeCatchAll(v string) string {
	if !strings.Contains(v, "/") {
		return url.PathEscape(v)
	}
	parts := strings.Split(v, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}
