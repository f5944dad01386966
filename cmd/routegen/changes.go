package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/internal/changes"
	"github.com/routegen/routegen/internal/suggest"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// changesFlags are the flags of changes besides the sources'.
type changesFlags struct {
	base, format, failOn string
	// accept names the file of the findings a team has reviewed: one
	// "RULE ROUTE" a line.
	accept string
	// oldSecurity and oldAppConfig are the old side's files in the form
	// of two files: --security's and --app-config's when not set, none
	// when set to "".
	oldSecurity, oldAppConfig       string
	oldSecuritySet, oldAppConfigSet bool
}

func (f *changesFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.base, "base", "HEAD", "the git revision whose routes.conf is the old side")
	fs.StringVar(&f.oldSecurity, "old-security", "", "with OLD.conf and NEW.conf: the old side's security.conf (default --security's; '' for none)")
	fs.StringVar(&f.oldAppConfig, "old-app-config", "", "with OLD.conf and NEW.conf: the old side's application config (default --app-config's; '' for none)")
	fs.StringVar(&f.format, "format", "text", "output format: text, markdown or json")
	fs.StringVar(&f.accept, "accept", "", "a `FILE` of reviewed findings, one \"RULE ROUTE\" a line as each finding's line begins (# comments): each is printed as accepted and does not count for --fail-on; a line that matches no finding is reported")
	fs.StringVar(&f.failOn, "fail-on", "breaking,security", "exit 1 when a change of these kinds is found: breaking, security, source or compatible, comma-separated; \"\" for none")
}

// changes compares two route tables: OLD.conf and NEW.conf, or the
// routes.conf of the work tree with its version at --base.
func (c *cli) changes(args []string, src sourceFlags, flags changesFlags, baseSet bool) int {
	switch flags.format {
	case "text", "markdown", "json":
	default:
		return c.usageError(fmt.Sprintf("unknown --format %q: want text, markdown or json", flags.format))
	}
	var failOn []changes.Kind
	if flags.failOn != "" {
		for kind := range strings.SplitSeq(flags.failOn, ",") {
			k := changes.Kind(strings.TrimSpace(kind))
			if !slices.Contains(changes.Kinds, k) {
				return c.usageError(fmt.Sprintf("unknown kind %q in --fail-on: want breaking, security, source or compatible", kind))
			}
			failOn = append(failOn, k)
		}
	}
	var old, new *ir.Table
	switch len(args) {
	case 2:
		if baseSet {
			return c.usageError("--base compares with a git revision: give one routes.conf, not two")
		}
		oldSrc := src
		if flags.oldSecuritySet {
			oldSrc.security = flags.oldSecurity
		}
		if flags.oldAppConfigSet {
			oldSrc.appConfig = flags.oldAppConfig
		}
		old, new = c.load(args[0], oldSrc), c.load(args[1], src)
	case 0, 1:
		if flags.oldSecuritySet || flags.oldAppConfigSet {
			return c.usageError("--old-security and --old-app-config name the old side's files of OLD.conf and NEW.conf; with --base, git gives them")
		}
		arg := ""
		if len(args) == 1 {
			arg = args[0]
		}
		input, src, code := c.oneSource(arg, src)
		if code != exitOK {
			return code
		}
		// A security.conf or app config the change removes is none on the
		// new side, when the revision has it.
		newSrc := src
		for _, file := range []*string{&newSrc.security, &newSrc.appConfig} {
			if _, err := os.Stat(*file); *file != "" && errors.Is(err, fs.ErrNotExist) && (gitFS{rev: flags.base}).exists(*file) {
				*file = ""
			}
		}
		new = c.load(input, newSrc)
		if new == nil {
			return exitInput
		}
		if out, err := exec.Command("git", "rev-parse", "--verify", "--quiet", flags.base+"^{commit}").Output(); err != nil || len(out) == 0 {
			return c.usageError(fmt.Sprintf("--base %q: not a git revision here", flags.base))
		}
		if rev := flags.base; !(gitFS{rev: rev}).exists(input) {
			// No version of it to compare with: every route of it is new,
			// which breaks no client of it.
			fmt.Fprintf(c.stderr, "routegen: changes: %s: not in %s: the change adds it, so every route of it is new (compatible)\n", gitPath(rev, gitPrefix(), input), rev)
			if flags.format == "json" {
				fmt.Fprintln(c.stdout, "[]")
			}
			if slices.Contains(failOn, changes.Compatible) {
				return exitInput
			}
			return exitOK
		}
		if old, code = c.loadAt(flags.base, gitPrefix(), input, src); code != exitOK {
			return code
		}
	default:
		return c.usageError(fmt.Sprintf("want a routes.conf, or OLD.conf and NEW.conf; got %d arguments", len(args)))
	}
	if old == nil || new == nil {
		return exitInput
	}
	for _, side := range []struct {
		name  string
		table *ir.Table
	}{{"old", old}, {"new", new}} {
		for _, problem := range changes.Unserved(side.table) {
			fmt.Fprintf(c.stderr, "routegen: changes: the %s side serves no request of %s\n", side.name, problem)
		}
	}
	list := changes.Compare(old, new)
	code := exitOK
	if flags.accept != "" {
		data, err := osFS{}.ReadFile(flags.accept)
		if err != nil {
			return c.failf("--accept: %v", err)
		}
		acceptErrs, stale := accept(list, slices.Concat(changes.Subjects(old), changes.Subjects(new)), flags.accept, string(data))
		for _, msg := range slices.Concat(acceptErrs, stale) {
			fmt.Fprintln(c.stderr, msg)
		}
		if len(acceptErrs) > 0 {
			code = exitInput
		}
	}
	oldName := func(p parser.Pos) string { return p.String() }
	if len(args) < 2 {
		prefix := gitPrefix()
		oldName = func(p parser.Pos) string {
			if p.File == "" {
				return flags.base + ":" + p.String()
			}
			p.File = gitPath(flags.base, prefix, p.File)
			return p.String()
		}
	}
	var err error
	switch flags.format {
	case "text":
		err = writeChangesText(c.stdout, list, oldName)
	case "markdown":
		err = writeChangesMarkdown(c.stdout, list, oldName)
	case "json":
		err = writeChangesJSON(c.stdout, list, oldName)
	}
	if err != nil {
		return c.failf("%v", err)
	}
	for _, ch := range list {
		for _, k := range ch.Kinds {
			if slices.Contains(failOn, k) && !ch.Accepted {
				return exitInput
			}
		}
	}
	return code
}

// gitPrefix is the working folder's path from the root of its git
// repository, "sub/" or "".
func gitPrefix() string {
	out, _ := exec.Command("git", "rev-parse", "--show-prefix").Output()
	return strings.TrimSpace(string(out))
}

// gitPath names file, relative to the working folder whose path from the
// repository's root is prefix, as it is at revision rev: "rev:PATH" with
// PATH from the root, as `git show rev:PATH` reads it from any folder of
// the repository (it reads PATH from the root unless PATH begins with
// "./" or "../").
func gitPath(rev, prefix, file string) string {
	return rev + ":" + path.Clean(prefix+filepath.ToSlash(file))
}

// loadAt reads the table of input (and its includes, security.conf and
// app config) as they are at the git revision rev, which exists; their
// names in messages are "rev:PATH" (gitPath), of the working folder at
// prefix.
func (c *cli) loadAt(rev, prefix, input string, src sourceFlags) (*ir.Table, int) {
	// A security.conf or app config the change adds is none on the old
	// side, whose routes are then judged without it.
	for _, file := range []*string{&src.security, &src.appConfig} {
		if *file != "" && !(gitFS{rev: rev}).exists(*file) {
			*file = ""
		}
	}
	table, diags := ir.Load(gitFS{rev: rev}, src.sources(input))
	for i := range diags {
		if f := diags[i].Pos.File; f != "" {
			diags[i].Pos.File = gitPath(rev, prefix, f)
		}
	}
	// The old files are not on disk for the rich rendering's source lines.
	newReporter(c.stderr, false).print(diags)
	if table == nil {
		return nil, exitInput
	}
	return table, exitOK
}

// gitFS reads files as they are at a git revision, by names relative to
// the working folder.
type gitFS struct{ rev string }

// ReadFile asks git for the blob's size first, and refuses one larger than
// parser.MaxFileSize before reading any of it, as osFS does.
func (g gitFS) ReadFile(name string) ([]byte, error) {
	object := g.object(name)
	size, err := g.git("cat-file", "-s", object)
	if err != nil {
		return nil, err
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(size)), 10, 64)
	switch {
	case err != nil:
		return nil, fmt.Errorf("git cat-file -s %s: %v", object, err)
	case n > parser.MaxFileSize:
		return nil, fmt.Errorf("%s is larger than %d MiB", name, parser.MaxFileSize>>20)
	}
	return g.git("show", object)
}

// exists reports whether the revision has the file name.
func (g gitFS) exists(name string) bool {
	return exec.Command("git", "cat-file", "-e", g.object(name)).Run() == nil
}

// object is the name of file name at the revision, for git.
func (g gitFS) object(name string) string {
	return g.rev + ":./" + filepath.ToSlash(filepath.Clean(name))
}

func (g gitFS) git(args ...string) ([]byte, error) {
	out, err := exec.Command("git", args...).Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		// The revision was checked first: the file is what it lacks.
		return nil, fmt.Errorf("not in %s", g.rev)
	}
	return out, err
}

func (g gitFS) Glob(pattern string) ([]string, error) {
	out, err := exec.Command("git", "ls-tree", "-r", "--name-only", g.rev, "--", ".").Output()
	if err != nil {
		return nil, err
	}
	pattern = filepath.ToSlash(filepath.Clean(pattern))
	var matches []string
	for name := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		if ok, _ := path.Match(pattern, name); ok {
			matches = append(matches, filepath.FromSlash(name))
		}
	}
	return matches, nil
}

// changeLine is what the text and markdown reports say of a change:
// the routes it is at ("about GET /about", "5 routes (a, b, c, …)"), and
// its values.
func changeLine(ch changes.Change) (subject, detail string) {
	subject = strings.TrimSpace(ch.Route + " " + requestOf(ch))
	if n := len(ch.Routes); n > 0 {
		// The routes a key of a domain or an enclosing section affects: the first few.
		names := strings.Join(ch.Routes[:min(n, 3)], ", ")
		if n > 3 {
			names += ", …"
		}
		subject = fmt.Sprintf("%d routes (%s)", n, names)
	}
	switch {
	case ch.Old != "" && ch.New != "":
		detail = ch.Old + " → " + ch.New
	case ch.Old != "":
		detail = "was " + ch.Old
	case ch.New != "":
		detail = ch.New
	}
	return subject, detail
}

// requestOf is the method and path of a change of one route, "" for
// another change.
func requestOf(ch changes.Change) string {
	if ch.Method == "" || len(ch.Routes) > 0 {
		return ""
	}
	return ch.Method + " " + ch.Path
}

// where is the position of a change: in the new routes.conf, or in the
// old one for a route removed; the new file alone for a default of a
// file the old side lacks (secure headers of a security.conf added).
func where(ch changes.Change, oldName func(parser.Pos) string) string {
	if ch.Position.IsValid() || ch.Position.File != "" && !ch.OldPosition.IsValid() {
		return ch.Position.String()
	}
	return oldName(ch.OldPosition)
}

// code is s as markdown code, or nothing for "".
func code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + s + "`"
}

// accept marks the findings of list that the accept file (named name,
// its text data) names, one "RULE ROUTE" a line, "#" beginning a
// comment, as Change.Accept writes it: RULE is a finding's ID, ROUTE its
// subject, one of subjects (those of either side). It returns an error
// for each line that is no such pair, and a note for each that matches
// no finding, so that a stale acceptance is seen.
func accept(list []changes.Change, subjects []string, name, data string) (errs, stale []string) {
	for i, line := range strings.Split(data, "\n") {
		line, _, _ = strings.Cut(line, "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		cols := fieldColumns(line)
		at := func(field int) string { return fmt.Sprintf("%s:%d:%d", name, i+1, cols[field]) }
		if len(fields) != 2 {
			errs = append(errs, at(0)+": want RULE ROUTE, found "+strconv.Quote(strings.TrimSpace(line)))
			continue
		}
		id, subject := fields[0], fields[1]
		rule, _, err := changes.LookupFinding(id)
		if err != nil {
			errs = append(errs, at(0)+": "+err.Error())
			continue
		}
		if !slices.Contains(subjects, subject) {
			var ofRule []string // the subjects of the rule's findings
			for _, ch := range list {
				if ch.Rule == rule.ID && !slices.Contains(ofRule, ch.Subject()) {
					ofRule = append(ofRule, ch.Subject())
				}
			}
			errs = append(errs, at(1)+": "+unknownSubject(subject, subjects, rule.ID, ofRule))
			continue
		}
		matched := false
		var others []string // the findings of the rule at subject, of another direction
		renamed := ""       // subject's new name, when the route was renamed
		for j := range list {
			switch {
			case list[j].Accept() == id+" "+subject:
				list[j].Accepted, matched = true, true
			case list[j].Rule == rule.ID && list[j].Subject() == subject:
				others = append(others, list[j].ID())
			case list[j].Rule == "ROUTE_RENAMED" && list[j].Old == subject:
				renamed = list[j].Route
			}
		}
		if !matched {
			msg := at(0) + ": " + id + " " + subject + " matches no finding: the change it accepted is gone, or was changed again"
			if len(others) > 0 {
				msg += "; " + subject + " has " + strings.Join(others, ", ")
			}
			if renamed != "" {
				msg += "; " + subject + " is named " + renamed + " now"
			}
			stale = append(stale, msg)
		}
	}
	return errs, stale
}

// fieldColumns are the columns (of bytes, from 1) where the fields of
// line begin, as strings.Fields splits it.
func fieldColumns(line string) []int {
	var cols []int
	inField := false
	for i, r := range line {
		space := unicode.IsSpace(r)
		if !space && !inField {
			cols = append(cols, i+1)
		}
		inField = !space
	}
	return cols
}

// unknownSubject says that subject is none of subjects, with the one it
// may have meant: a route of another domain than the root is known by
// "KEY.name", a finding of security.conf or the app config by its key;
// and the subjects ofRule of rule's findings in this change.
func unknownSubject(subject string, subjects []string, rule string, ofRule []string) string {
	what := "no route is named " + subject + " in either version"
	switch key, ok := strings.CutPrefix(subject, "domain:"); {
	case ok:
		what = "no domain has the key " + key + " in either version"
	case subject == "security.conf":
		what = "a finding of security.conf or the app config is named by its key (security.session.sign_key), not by the file" + atKeys(rule, ofRule)
	case strings.HasPrefix(subject, "security.") || strings.HasPrefix(subject, "server."):
		what = "routegen compares no key " + subject + " of either version" + atKeys(rule, ofRule)
	}
	var qualified []string
	for _, s := range subjects {
		if strings.HasSuffix(s, "."+subject) && !strings.HasPrefix(s, "domain:") && !slices.Contains(qualified, s) {
			qualified = append(qualified, s)
		}
	}
	if len(qualified) > 0 {
		return what + "; did you mean " + strings.Join(qualified, " or ") + "? (a route of a domain other than the root is named KEY.name)"
	}
	if near := suggest.Closest(subject, subjects, 2); near != "" {
		return what + "; did you mean " + near + "?"
	}
	return what
}

// atKeys names the subjects ofRule of rule's findings, for a line that
// names a key of security.conf or the app config; "" for none.
func atKeys(rule string, ofRule []string) string {
	if len(ofRule) == 0 {
		return ""
	}
	return "; " + rule + " in this change is at " + strings.Join(ofRule, ", ")
}

// writeChangesText writes the changes in Compare's order, under a
// heading of each kind.
func writeChangesText(w io.Writer, list []changes.Change, oldName func(parser.Pos) string) error {
	var b bytes.Buffer
	if len(list) == 0 {
		b.WriteString("no route changed\n")
	}
	for i, ch := range list {
		if i == 0 || list[i-1].Kind != ch.Kind {
			fmt.Fprintf(&b, "%s:\n", ch.Kind)
		}
		// The line begins with the one of an --accept file that accepts it.
		subject, detail := changeLine(ch)
		fmt.Fprintf(&b, "  %s: %s: ", where(ch, oldName), ch.Accept())
		if ch.Accepted {
			b.WriteString("accepted: ")
		}
		if len(ch.Routes) > 0 {
			b.WriteString(subject + ": ")
		} else if req := requestOf(ch); req != "" {
			b.WriteString(req + ": ")
		}
		b.WriteString(ch.Change)
		if detail != "" {
			fmt.Fprintf(&b, ": %s", detail)
		}
		if ch.Effect != "" {
			fmt.Fprintf(&b, ": %s", ch.Effect)
		}
		if ch.Position.IsValid() && ch.OldPosition.IsValid() {
			fmt.Fprintf(&b, " (was at %s)", oldName(ch.OldPosition))
		}
		b.WriteString("\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}

func writeChangesMarkdown(w io.Writer, list []changes.Change, oldName func(parser.Pos) string) error {
	var b bytes.Buffer
	b.WriteString("### Route changes\n\n")
	if len(list) == 0 {
		b.WriteString("No route changed.\n")
	} else {
		b.WriteString("| kind | accept as | change | route | old | new | effect | where |\n|---|---|---|---|---|---|---|---|\n")
		cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
		for _, ch := range list {
			subject, _ := changeLine(ch)
			at := where(ch, oldName)
			if ch.Position.IsValid() && ch.OldPosition.IsValid() {
				at += " (was " + oldName(ch.OldPosition) + ")"
			}
			kind := string(ch.Kind)
			if ch.Accepted {
				kind += " (accepted)"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", kind, code(ch.Accept()), cell(ch.Change), code(cell(subject)), cell(ch.Old), cell(ch.New), cell(ch.Effect), cell(at))
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

func writeChangesJSON(w io.Writer, list []changes.Change, oldName func(parser.Pos) string) error {
	type entry struct {
		changes.Change
		Accept      string `json:"accept"`
		Position    string `json:"position"`
		OldPosition string `json:"old_position,omitempty"`
	}
	out := make([]entry, len(list))
	for i, ch := range list {
		out[i] = entry{Change: ch, Accept: ch.Accept(), Position: where(ch, oldName)}
		if ch.OldPosition.IsValid() {
			out[i].OldPosition = oldName(ch.OldPosition)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
