package ir

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/routegen/routegen/parser"
)

// A file that an include reads and that is not a .conf file (an .env, a
// secrets file) holds values the application keeps out of its
// configuration, passwords among them: no message shows them. A message
// at a place in such a file names the key there and the position only;
// a value of such a file that a message elsewhere quotes is replaced by
// its key and position.

// recordingFS is an FS that keeps what it read, by name.
type recordingFS struct {
	parser.FS
	read map[string][]byte
}

func (r *recordingFS) ReadFile(name string) ([]byte, error) {
	data, err := r.FS.ReadFile(name)
	if err == nil {
		r.read[name] = data
	}
	return data, err
}

// holdsSecrets reports whether the file name, read for src, is one whose
// values messages do not show: an included file that is not a .conf file.
func holdsSecrets(name string, src Sources) bool {
	return name != src.Routes && name != src.Security && name != src.AppConfig && path.Ext(name) != ".conf"
}

// keyAt is a key of a file that holds secrets, and its values.
type keyAt struct {
	key    string
	pos    parser.Pos
	values []string // the strings it holds, as messages quote them
}

// hideSecrets rewrites the messages of diags that would show a value of
// the files read that hold secrets; diags are sorted, and stay so.
func hideSecrets(diags parser.Diagnostics, read map[string][]byte, src Sources) parser.Diagnostics {
	keys := map[string][]keyAt{} // by file, in order
	for name, data := range read {
		if holdsSecrets(name, src) {
			f, _ := parser.Parse(name, data)
			keys[name] = keysOf(f.Root, nil)
		}
	}
	if len(keys) == 0 {
		return diags
	}
	// Longest first, so that a value is replaced before one it holds.
	type secret struct{ value, by string }
	var secrets []secret
	for _, inFile := range keys {
		for _, k := range inFile {
			for _, v := range k.values {
				secrets = append(secrets, secret{v, fmt.Sprintf("the value of %q (%s)", parser.Echo(k.key), k.pos)})
			}
		}
	}
	slices.SortFunc(secrets, func(a, b secret) int {
		return cmp.Or(len(b.value)-len(a.value), strings.Compare(a.value, b.value), strings.Compare(a.by, b.by))
	})
	for i, d := range diags {
		if inFile, ok := keys[d.Pos.File]; ok {
			diags[i].Msg = hiddenMessage(d.Pos, inFile)
			continue
		}
		for _, s := range secrets {
			for _, quoted := range []string{fmt.Sprintf("%q", s.value), fmt.Sprintf("%q", parser.Echo(s.value))} {
				diags[i].Msg = strings.ReplaceAll(diags[i].Msg, quoted, s.by)
			}
			// Unquoted too (GET /path), unless the value is so short
			// that it is a common word or number of messages.
			if len(s.value) >= minHiddenLen {
				diags[i].Msg = strings.ReplaceAll(diags[i].Msg, s.value, s.by)
			}
		}
	}
	diags.Sort() // two messages at one place may now be one
	return diags
}

// minHiddenLen is the length from which a value of a file that holds
// secrets is hidden unquoted in the messages of other files.
const minHiddenLen = 6

// keysOf appends the keys of sec and of the sections in it, in order.
func keysOf(sec *parser.Section, keys []keyAt) []keyAt {
	for _, item := range sec.Items {
		switch item := item.(type) {
		case *parser.Section:
			keys = append(keys, keyAt{key: item.Name, pos: item.NamePos})
			keys = keysOf(item, keys)
		case *parser.Assign:
			keys = append(keys, keyAt{key: item.Key, pos: item.KeyPos, values: stringsOf(item.Value, nil)})
		}
	}
	return keys
}

// stringsOf appends the strings v holds.
func stringsOf(v parser.Value, out []string) []string {
	switch v := v.(type) {
	case *parser.String:
		if v.Value != "" {
			out = append(out, v.Value)
		}
	case *parser.List:
		for _, e := range v.Elems {
			out = stringsOf(e, out)
		}
	}
	return out
}

// hiddenMessage is the message at pos, in a file that holds secrets: the
// key whose line it is on or after, and no more.
func hiddenMessage(pos parser.Pos, keys []keyAt) string {
	why := fmt.Sprintf("(%s is not a .conf file: its text is not shown)", path.Base(pos.File))
	key := ""
	for _, k := range keys {
		if pos.Before(k.pos) {
			break
		}
		key = k.key
	}
	if key == "" {
		return "not valid " + why
	}
	return fmt.Sprintf("%q: not valid %s", parser.Echo(key), why)
}
