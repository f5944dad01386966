package runtime

import (
	"strings"
	"testing"
)

// TestLocalTarget: a target is judged as the Location that carries it;
// anything a browser's URL parser could read as another site, or that
// the open redirect used, is refused.
func TestLocalTarget(t *testing.T) {
	for target, local := range map[string]bool{
		"/": true, "/manage/users.html?x=1": true, "/a/b/": true, "/a?next=/./x&y=..": true, "/a#..": true,
		"/caf%C3%A9": true, "/%2F/evil.test": true, "/a..b/.c/d.": true, "/@evil.test": true, "/:evil.test": true,
		strings.Repeat("/a", MaxTarget/2): true,

		"": false, "users": false, "//evil.test": false, "/\\evil.test": false, "https://evil.test/": false,
		"/./\\evil.test": false, "/a/../\\evil.test": false, "/./%5Cevil.test": false, "/%5cevil.test": false,
		"/.": false, "/..": false, "/a/./b": false, "/a/../b": false, "/%2e/b": false, "/%2E%2e/b": false, "/.%2E/b": false,
		"/a/.?x": false, "/a/..#x": false,
		"/\t/evil.test": false, "/\n/evil.test": false, "/a b": false, "/a\x7f": false, "/a\x00": false,
		"/%09/evil.test": false, "/%0a": false, "/%7F": false, "/%": false, "/%2": false, "/%zz": false,
		"/caf\u00e9": false, "/\u3002evil.test": false,
		strings.Repeat("/a", MaxTarget/2) + "/": false,
	} {
		if got := LocalTarget(target); got != local {
			t.Errorf("LocalTarget(%q) = %v", target, got)
		}
	}
}
