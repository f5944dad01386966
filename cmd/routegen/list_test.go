package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestListFilters(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": `domains {
  main {
    host = "example.com"
    catch_all { controller = "Fallback"; action = "NotFound" }
    routes {
      show_hotel { path = "/hotels/:id"; controller = "Hotel"; action = "Show" }
      book_hotel { path = "/hotels/:id/book"; method = "POST"; controller = "Hotel"; action = "Book" }
      list_users { path = "/users"; controller = "admin/User"; action = "List" }
    }
  }
  api {
    host = "api.example.com"
    routes {
      api_hotel { path = "/v1/hotels/:id"; controller = "APIHotel"; action = "Show" }
    }
  }
}
`})
	for _, tc := range []struct {
		args []string
		want []string // names listed
	}{
		{nil, []string{"show_hotel", "book_hotel", "list_users", "catch_all", "api_hotel"}},
		{[]string{"--name", "hotel"}, []string{"show_hotel", "book_hotel", "api_hotel"}},
		{[]string{"--name", "*_HOTEL"}, []string{"show_hotel", "book_hotel", "api_hotel"}},
		{[]string{"--name", "show_*"}, []string{"show_hotel"}},
		{[]string{"--controller", "hotel"}, []string{"show_hotel", "book_hotel", "api_hotel"}},
		{[]string{"--controller", "Hotel"}, []string{"show_hotel", "book_hotel", "api_hotel"}},
		{[]string{"--controller", "admin/*"}, []string{"list_users"}},
		{[]string{"--controller", "fallback"}, []string{"catch_all"}},
		{[]string{"--path", "/hotels/*"}, []string{"show_hotel", "book_hotel"}},
		{[]string{"--path", "/hotels/?id"}, []string{"show_hotel"}},
		{[]string{"--path", "hotels"}, []string{"show_hotel", "book_hotel", "api_hotel"}},
		{[]string{"--method", "post"}, []string{"book_hotel"}},
		{[]string{"--domain", "api"}, []string{"api_hotel"}},
		{[]string{"--name", "hotel", "--method", "GET", "--domain", "main"}, []string{"show_hotel"}},
	} {
		code, stdout, stderr := runIn(t, dir, append([]string{"list"}, tc.args...)...)
		if code != exitOK {
			t.Errorf("list %q = %d, %s", tc.args, code, stderr)
			continue
		}
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(stdout), "\n")[1:] {
			got = append(got, strings.Fields(line)[3])
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("list %q lists %q, want %q", tc.args, got, tc.want)
		}
	}

	code, stdout, _ := runIn(t, dir, "list", "--format", "json", "--path", "/users")
	var table struct {
		Domains []struct {
			Routes   []struct{ Name string }
			CatchAll any `json:"catch_all"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &table); err != nil || code != exitOK {
		t.Fatalf("list --format json --path: %d, %v", code, err)
	}
	if len(table.Domains) != 2 || len(table.Domains[0].Routes) != 1 || table.Domains[0].Routes[0].Name != "list_users" ||
		table.Domains[0].CatchAll != nil || len(table.Domains[1].Routes) != 0 {
		t.Errorf("list --format json --path /users =\n%s", stdout)
	}

	if code, _, stderr := runIn(t, dir, "list", "--domain", "nope"); code != exitUsage || !strings.Contains(stderr, "domains: main, api") {
		t.Errorf("list --domain nope = %d, %q; want 2 and the domains", code, stderr)
	}
}

func TestControllerTypos(t *testing.T) {
	for _, tc := range []struct {
		controllers []string // one route each
		want        string
	}{
		{[]string{"Hotel", "Hotel", "Hotle"}, `controller "Hotle" is used by this route only; did you mean "Hotel" (used by 2 routes)?`},
		{[]string{"Hotel", "Hotel", "Hote"}, `controller "Hote" is used by this route only; did you mean "Hotel" (used by 2 routes)?`},
		{[]string{"Hotel", "Hotle"}, ""},                           // one route each: no telling which is right
		{[]string{"User", "User", "Users"}, `did you mean "User"`}, // one edit
		{[]string{"User", "User", "Uses", "Uses"}, ""},             // both used twice
		{[]string{"App", "App", "Api"}, ""},                        // too short to tell
		{[]string{"Hotel", "Hotel", "Motels"}, ""},                 // two edits
		{[]string{"Hotel", "Hotel", "hotel"}, ""},                  // case: the generator's error
	} {
		var routes strings.Builder
		for i, c := range tc.controllers {
			routes.WriteString("      r" + string(rune('a'+i)) + " { path = \"/" + string(rune('a'+i)) + "\"; controller = \"" + c + "\"; action = \"X\" }\n")
		}
		conf := "domains {\n  main {\n    host = \"example.com\"\n    routes {\n" + routes.String() + "    }\n  }\n}\n"
		dir := writeFiles(t, map[string]string{"routes.conf": conf})
		_, _, stderr := runIn(t, dir, "list")
		switch {
		case tc.want == "" && strings.Contains(stderr, "did you mean"):
			t.Errorf("%q: unexpected warning %s", tc.controllers, stderr)
		case tc.want != "" && !strings.Contains(stderr, tc.want):
			t.Errorf("%q: warnings %q, want %q", tc.controllers, stderr, tc.want)
		}
	}
}
