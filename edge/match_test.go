package edge

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/routegen/routegen/internal/core"
)

// TestAfterPrefixAsRouter: the value after literal text in its segment
// matches as core.CleanAfterPrefix takes it, for values built of dots,
// escaped dots and slashes and other text.
func TestAfterPrefixAsRouter(t *testing.T) {
	re := regexp.MustCompile(`^(?:` + afterPrefix + `)?$`)
	units := []string{".", "%2e", "%2E", "%2f", "%2F", "a", "%41", "%2d", "%5C", "_", "%c3%a9"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		v := ""
		for range rng.IntN(6) {
			v += units[rng.IntN(len(units))]
		}
		if got, want := re.MatchString(v), core.CleanAfterPrefix(v); got != want {
			t.Errorf("%q: matches %v, CleanAfterPrefix %v", v, got, want)
		}
	}
}

// TestWebSocketUpgradeList: the Gateway export's Upgrade match, taken
// whole as Envoy takes a regular expression, takes what the router takes.
func TestWebSocketUpgradeList(t *testing.T) {
	re := regexp.MustCompile(webSocketUpgradeList)
	for value, want := range map[string]bool{
		"websocket": true, "WebSocket": true, "h2c, websocket": true, "websocket, h2c": true, "h2c,WEBSOCKET ,x": true,
		"h2c": false, "websocket2": false, "web socket": false, "": false,
	} {
		if re.MatchString(value) != want {
			t.Errorf("Upgrade: %q: matches %v, want %v", value, !want, want)
		}
	}
}
