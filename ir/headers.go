package ir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/routegen/routegen/parser"
)

// SecureHeaders are the response headers of security.conf's
// security.http_header section, composed as aah composed them.
type SecureHeaders struct {
	// Headers are sent in this order: X-Frame-Options,
	// X-Content-Type-Options, Referrer-Policy,
	// X-Permitted-Cross-Domain-Policies, Content-Security-Policy (or
	// Content-Security-Policy-Report-Only), then Strict-Transport-Security,
	// on HTTPS only. A header whose value is empty is not among them.
	Headers []SecureHeader
	// Off is set by enable = false, which sends none.
	Off bool
	// KeyPos is where each header is set, by its name (the -Report-Only
	// form of Content-Security-Policy by the plain one): its key, written
	// perhaps as "" to send none; a header left at its default has none.
	KeyPos map[string]parser.Pos
	// Pos is where the section, or else its file, is: where a header
	// left at its default is reported. EnablePos is enable's, when written.
	Pos, EnablePos parser.Pos
}

// SecureHeader is one header of security.http_header.
type SecureHeader struct {
	Name, Value string
	HTTPSOnly   bool // sent on a request that came over HTTPS only (Strict-Transport-Security)
}

// The keys of security.http_header and of its sections.
var (
	httpHeaderKeys = []string{"enable", "xfo", "xcto", "rp", "xpcdp", "xxssp", "sts", "csp", "pkp"}
	stsKeys        = []string{"max_age", "include_subdomains", "preload"}
	cspKeys        = []string{"directives", "report_uri", "report_only"}
	pkpKeys        = []string{"keys", "max_age", "include_subdomains", "report_uri", "report_only"}
)

// headerReader reads the keys of security.http_header, each from
// security.conf first, then from the app config (which may include it).
type headerReader struct {
	objs  []*parser.Object
	diags *parser.Diagnostics
}

// readSecureHeaders reads security.http_header with aah's defaults; nil
// when neither security.conf nor an app config is given, as then the
// table is no aah application's.
func readSecureHeaders(fileName string, sec, app *parser.Object, diags *parser.Diagnostics) *SecureHeaders {
	hr := &headerReader{diags: diags}
	for _, obj := range []*parser.Object{sec, app} {
		if obj != nil {
			hr.objs = append(hr.objs, obj)
		}
	}
	if len(hr.objs) == 0 {
		return nil
	}
	s := &SecureHeaders{Pos: parser.Pos{File: fileName}, KeyPos: map[string]parser.Pos{}}
	if f := hr.section("security.http_header", httpHeaderKeys); f != nil {
		s.Pos = f.KeyPos
		hr.section("security.http_header.sts", stsKeys)
		hr.section("security.http_header.csp", cspKeys)
		hr.section("security.http_header.pkp", pkpKeys)
	}
	if on, f := hr.boolean("enable", true); !on {
		s.Off, s.EnablePos = true, f.KeyPos
		return s
	} else if f != nil {
		s.EnablePos = f.KeyPos
	}
	for _, h := range []struct{ key, name, def string }{
		{"xfo", "X-Frame-Options", "SAMEORIGIN"},
		{"xcto", "X-Content-Type-Options", "nosniff"},
		{"rp", "Referrer-Policy", "no-referrer-when-downgrade"},
		{"xpcdp", "X-Permitted-Cross-Domain-Policies", "master-only"},
	} {
		v, f := hr.text(h.key, h.def)
		s.setAt(h.name, f)
		if v != "" {
			s.Headers = append(s.Headers, SecureHeader{Name: h.name, Value: v})
		}
	}
	csp, f := hr.text("csp.directives", "")
	s.setAt("Content-Security-Policy", f)
	uri, _ := hr.text("csp.report_uri", "")
	reportOnly, _ := hr.boolean("csp.report_only", false)
	if csp != "" {
		if uri != "" {
			csp += "; report-uri " + uri
		}
		name := "Content-Security-Policy"
		if reportOnly {
			name += "-Report-Only"
		}
		s.Headers = append(s.Headers, SecureHeader{Name: name, Value: csp})
	}
	sts, f := hr.sts()
	if f == nil {
		f = hr.field("sts")
	}
	s.setAt(sts.Name, f)
	if sts.Value != "" {
		s.Headers = append(s.Headers, sts)
	}
	return s
}

// setAt records that field f sets header name; nothing for no field.
func (s *SecureHeaders) setAt(name string, f *parser.Field) {
	if f != nil {
		s.KeyPos[name] = f.KeyPos
	}
}

// sts is Strict-Transport-Security as aah composed it from sts.max_age
// (a duration, 720h by default), include_subdomains and preload, with
// max_age's field when it is written; no value when max_age is "".
func (hr *headerReader) sts() (SecureHeader, *parser.Field) {
	age, f := hr.text("sts.max_age", "720h")
	sub, _ := hr.boolean("sts.include_subdomains", false)
	preload, _ := hr.boolean("sts.preload", false)
	sts := SecureHeader{Name: "Strict-Transport-Security", HTTPSOnly: true}
	if age == "" {
		return sts, f
	}
	d, err := time.ParseDuration(age)
	if err != nil || d < 0 {
		hr.diags.Errorf(f.Value.Pos(), "security.http_header.sts.max_age: %q is not a duration of 0 or more (\"720h\", \"30m\", \"3600s\")", age)
		return sts, f
	}
	v := "max-age=" + strconv.FormatInt(int64(d.Seconds()), 10)
	if sub {
		v += "; includeSubDomains"
	}
	if preload {
		v += "; preload"
	}
	sts.Value = v
	return sts, f
}

// field is the field at key of security.http_header, of the first file
// that has it; nil when none has, or it is null.
func (hr *headerReader) field(key string) *parser.Field {
	for _, obj := range hr.objs {
		if f := obj.Lookup("security.http_header." + key); f != nil {
			if _, null := f.Value.(*parser.Null); null {
				return nil
			}
			return f
		}
	}
	return nil
}

// section checks the keys of the section at dotted, of the first file
// that has it, and returns it; nil when none has it, or it is a value.
func (hr *headerReader) section(dotted string, keys []string) *parser.Field {
	for _, obj := range hr.objs {
		f := obj.Lookup(dotted)
		if f == nil {
			continue
		}
		if f.Object == nil {
			hr.diags.Errorf(f.KeyPos, "%s must be a section (%s { … }), found %s", dotted, f.Key, article(f.Value.TypeName()))
			return nil
		}
		for _, k := range f.Object.Fields {
			if !slices.Contains(keys, k.Key) {
				hr.diags.Errorf(k.KeyPos, "%s", unknown(fmt.Sprintf("unknown key %q in %s", parser.Echo(k.Key), dotted), k.Key, keys))
			}
		}
		return f
	}
	return nil
}

// text is the string at key, trimmed, or def when it is absent; a value of
// another type, or one no header can carry, is an error (and def).
func (hr *headerReader) text(key, def string) (string, *parser.Field) {
	f := hr.field(key)
	if f == nil || f.Object != nil {
		return def, nil
	}
	v, ok := f.Value.(*parser.String)
	if !ok {
		hr.diags.Errorf(f.Value.Pos(), "security.http_header.%s must be a string, found %s", key, article(f.Value.TypeName()))
		return def, nil
	}
	s := strings.TrimSpace(v.Value)
	if strings.ContainsFunc(s, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
		hr.diags.Errorf(v.Pos(), "security.http_header.%s holds a control character, which no header value can", key)
		return def, nil
	}
	return s, f
}

// boolean is the boolean at key, or def when it is absent; a value of
// another type is an error (and def).
func (hr *headerReader) boolean(key string, def bool) (bool, *parser.Field) {
	f := hr.field(key)
	if f == nil || f.Object != nil {
		return def, nil
	}
	v, ok := f.Value.(*parser.Bool)
	if !ok {
		hr.diags.Errorf(f.Value.Pos(), "security.http_header.%s must be a boolean (true or false), found %s", key, article(f.Value.TypeName()))
		return def, nil
	}
	return v.Value, f
}
