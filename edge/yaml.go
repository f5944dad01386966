package edge

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/routegen/routegen/internal/commenttext"
)

// The YAML the Gateway export writes is built of these: a mapping in the
// order of its keys, a sequence, a scalar (string, int, bool), and a
// comment before a sequence item.
type (
	yamlMap []yamlPair
	yamlSeq []any
)

type yamlPair struct {
	key   string
	value any
}

type yamlCommented struct {
	comment string
	value   any
}

// writeYAML writes a mapping in block style at indent, the cursor at the
// column of its first key.
func writeYAML(b *strings.Builder, v any, indent int) {
	pad := strings.Repeat("  ", indent)
	switch v := v.(type) {
	case yamlMap:
		for i, p := range v {
			if i > 0 {
				b.WriteString(pad)
			}
			writePair(b, p, indent)
		}
	default:
		panic(fmt.Sprintf("yaml: %T at the top", v))
	}
}

// writePair writes "key: value"; the cursor is at the key's column.
func writePair(b *strings.Builder, p yamlPair, indent int) {
	b.WriteString(p.key + ":")
	switch v := p.value.(type) {
	case yamlMap:
		b.WriteString("\n" + strings.Repeat("  ", indent+1))
		writeYAML(b, v, indent+1)
	case yamlSeq:
		b.WriteString("\n")
		writeSeq(b, v, indent)
	default:
		b.WriteString(" " + yamlScalar(v) + "\n")
	}
}

// writeSeq writes a sequence's items at indent, as kubectl does: "- "
// at the key's column.
func writeSeq(b *strings.Builder, s yamlSeq, indent int) {
	pad := strings.Repeat("  ", indent)
	for _, item := range s {
		if c, ok := item.(yamlCommented); ok {
			b.WriteString(pad + "# " + commentText(c.comment) + "\n")
			item = c.value
		}
		b.WriteString(pad + "- ")
		switch v := item.(type) {
		case yamlMap:
			writeYAML(b, v, indent+1)
		default:
			b.WriteString(yamlScalar(v) + "\n")
		}
	}
}

// plainScalar is a string YAML reads as itself unquoted.
var plainScalar = regexp.MustCompile(`^[A-Za-z_/][A-Za-z0-9_./-]*$`)

// yamlScalar writes a scalar: a string plain when YAML reads it back as
// that string, else in single quotes, or double quotes for one with a
// character single quotes cannot hold.
func yamlScalar(v any) string {
	switch v := v.(type) {
	case string:
		switch strings.ToLower(v) {
		case "true", "false", "yes", "no", "on", "off", "null", "y", "n", "~":
			return "'" + v + "'"
		}
		if plainScalar.MatchString(v) {
			return v
		}
		if utf8.ValidString(v) && !strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsPrint(r) }) {
			return "'" + strings.ReplaceAll(v, "'", "''") + "'"
		}
		return strconv.Quote(v)
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case bool:
		return strconv.FormatBool(v)
	}
	panic(fmt.Sprintf("yaml: scalar %T", v))
}

// commentText is text as a YAML comment can hold it: nothing of
// routes.conf or of a file's name ends the comment.
func commentText(s string) string { return commenttext.Escape(s) }
