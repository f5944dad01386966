package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
)

// A readmeRequest is a curl command of README.md's console blocks ("$ curl
// …") and what the README shows it prints: the status line, some of the
// headers, and the body.
type readmeRequest struct {
	line    int // of the command in README.md
	command string
	status  string   // "HTTP/1.1 200 OK"
	headers []string // "Content-Type: application/json; charset=utf-8"
	body    string
}

// readmeRequests returns the curl commands of README.md, in order. A
// console block holds commands ("$ …") each followed by its output; one
// that is not curl's is left out.
func readmeRequests(t *testing.T, markdown string) []readmeRequest {
	t.Helper()
	var requests []readmeRequest
	lines := strings.Split(markdown, "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```console" {
			continue
		}
		end := i + 1
		for end < len(lines) && strings.TrimSpace(lines[end]) != "```" {
			end++
		}
		if end == len(lines) {
			t.Fatalf("README.md:%d: the block does not end", i+1)
		}
		for j := i + 1; j < end; j++ {
			command, ok := strings.CutPrefix(lines[j], "$ ")
			if !ok {
				t.Fatalf("README.md:%d: a console block's output follows a command", j+1)
			}
			out := j + 1
			for out < end && !strings.HasPrefix(lines[out], "$ ") {
				out++
			}
			if strings.HasPrefix(command, "curl ") {
				requests = append(requests, parseOutput(t, j+1, command, lines[j+1:out]))
			}
			j = out - 1
		}
		i = end
	}
	return requests
}

// parseOutput reads what curl -i prints: the status line, headers up to a
// blank line, and the body.
func parseOutput(t *testing.T, line int, command string, output []string) readmeRequest {
	t.Helper()
	r := readmeRequest{line: line, command: command}
	if len(output) == 0 || !strings.HasPrefix(output[0], "HTTP/1.1 ") {
		t.Fatalf("README.md:%d: curl -i's output begins with the status line (HTTP/1.1 200 OK)", line)
	}
	r.status = output[0]
	rest := output[1:]
	for len(rest) > 0 && rest[0] != "" {
		r.headers = append(r.headers, rest[0])
		rest = rest[1:]
	}
	if len(rest) > 0 {
		r.body = strings.Join(rest[1:], "\n")
	}
	return r
}

// curlCookies are the cookie files of a curl command: -b FILE sends its
// cookies, -c FILE keeps the response's.
type curlCookies struct{ send, keep string }

// curlRequest builds the request a curl command sends, with the options
// README.md uses: -i, -u USER:PASSWORD, -H 'NAME: VALUE', -X METHOD,
// -d DATA (form data, POST), --json DATA (POST, JSON), DATA being @FILE to
// read it from a file, and the cookie files -b FILE and -c FILE. An
// option it does not know is an error, so that the README shows no
// request the test does not send.
func curlRequest(command string) (*http.Request, curlCookies, error) {
	var cookies curlCookies
	words, err := shellWords(strings.TrimPrefix(command, "curl "))
	if err != nil {
		return nil, cookies, err
	}
	method, target := "", ""
	header := http.Header{}
	var body []byte
	for i := 0; i < len(words); i++ {
		w := words[i]
		if !strings.HasPrefix(w, "-") {
			if target != "" {
				return nil, cookies, fmt.Errorf("two URLs: %s and %s", target, w)
			}
			target = w
			continue
		}
		if w == "-i" {
			continue
		}
		if i+1 == len(words) {
			return nil, cookies, fmt.Errorf("%s needs a value", w)
		}
		i++
		value := words[i]
		switch w {
		case "-u":
			header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(value)))
		case "-H":
			name, v, ok := strings.Cut(value, ":")
			if !ok {
				return nil, cookies, fmt.Errorf("-H %q is not NAME: VALUE", value)
			}
			header.Add(name, strings.TrimSpace(v))
		case "-X":
			method = value
		case "-b":
			cookies.send = value
		case "-c":
			cookies.keep = value
		case "-d", "--json":
			if file, ok := strings.CutPrefix(value, "@"); ok {
				data, err := os.ReadFile(file)
				if err != nil {
					return nil, cookies, err
				}
				if w == "-d" { // which drops a file's line breaks, as --json does not
					data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r"), nil), []byte("\n"), nil)
				}
				value = string(data)
			}
			body = []byte(value)
			contentType := "application/x-www-form-urlencoded"
			if w == "--json" {
				contentType = "application/json"
				header.Set("Accept", "application/json")
			}
			if header.Get("Content-Type") == "" {
				header.Set("Content-Type", contentType)
			}
		default:
			return nil, cookies, fmt.Errorf("option %s is not one the test sends", w)
		}
	}
	if method == "" {
		method = "GET"
		if body != nil {
			method = "POST"
		}
	}
	u, err := url.Parse(target)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, cookies, fmt.Errorf("the URL %q is not http://host/path", target)
	}
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, u.String(), r)
	if err != nil {
		return nil, cookies, err
	}
	req.Header = header
	return req, cookies, nil
}

// shellWords splits a command line as sh does words quoted with ' or ".
func shellWords(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case '\'', '"':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 {
				return nil, fmt.Errorf("a %c is not closed", c)
			}
			quoted := s[i+1 : i+1+end]
			if c == '"' && strings.ContainsAny(quoted, `\$`+"`") {
				return nil, fmt.Errorf("%q: the test reads no escapes or expansions", quoted)
			}
			word.WriteString(quoted)
			inWord = true
			i += end + 1
		case '\\', '$', '`', '|', '&', ';', '<', '>', '(', ')':
			return nil, fmt.Errorf("%q: the test reads no escapes, expansions or shell operators", c)
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// TestREADME sends each request README.md shows, in its order, to the
// application over a real connection, with the Host of its URL, and
// requires what the README shows: the status line, the headers it lists
// (among the others curl prints, such as Date and Content-Length), and
// the body.
func TestREADME(t *testing.T) {
	markdown, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	router, err := newRouter()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	defer srv.Close()
	client := srv.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse } // as curl without -L
	requests := readmeRequests(t, string(markdown))
	if len(requests) < 20 {
		t.Fatalf("README.md shows %d requests; its sections show more", len(requests))
	}
	jars := map[string]*cookiejar.Jar{} // by cookie file
	jar := func(file string) *cookiejar.Jar {
		if jars[file] == nil {
			jars[file], _ = cookiejar.New(nil)
		}
		return jars[file]
	}
	for _, want := range requests {
		req, cookies, err := curlRequest(want.command)
		if err != nil {
			t.Fatalf("README.md:%d: %s: %v", want.line, want.command, err)
		}
		asSent := *req.URL // the URL curl's cookie files know
		if cookies.send != "" {
			for _, c := range jar(cookies.send).Cookies(&asSent) {
				req.AddCookie(c)
			}
		}
		host := req.URL.Host
		req.URL.Scheme, req.URL.Host = "http", strings.TrimPrefix(srv.URL, "http://")
		req.Host = host
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("README.md:%d: %v", want.line, err)
		}
		if cookies.keep != "" {
			jar(cookies.keep).SetCookies(&asSent, resp.Cookies())
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		var printed strings.Builder // what curl -i prints, the headers sorted
		fmt.Fprintf(&printed, "%s %s\n", resp.Proto, resp.Status)
		for _, name := range slices.Sorted(maps.Keys(resp.Header)) {
			for _, v := range resp.Header[name] {
				fmt.Fprintf(&printed, "%s: %s\n", name, v)
			}
		}
		fmt.Fprintf(&printed, "\n%s", body)
		if got := resp.Proto + " " + resp.Status; got != want.status {
			t.Errorf("README.md:%d: $ %s\nstatus %q, the README shows %q\n%s", want.line, want.command, got, want.status, printed.String())
			continue
		}
		for _, h := range want.headers {
			name, value, _ := strings.Cut(h, ": ")
			values := resp.Header.Values(name)
			if name == "Connection" && resp.Close { // which the client reads and takes out of the headers
				values = append(values, "close")
			}
			if name != http.CanonicalHeaderKey(name) || !slices.Contains(values, value) {
				t.Errorf("README.md:%d: $ %s\nhas no header %q (as curl prints it)\n%s", want.line, want.command, h, printed.String())
			}
		}
		if got := strings.TrimSuffix(string(body), "\n"); got != want.body {
			t.Errorf("README.md:%d: $ %s\nbody:\n%s\nthe README shows:\n%s", want.line, want.command, got, want.body)
		}
	}
}
