package runtime

import "testing"

func TestHeaderHasToken(t *testing.T) {
	if !headerHasToken("keep-alive, Upgrade", "upgrade") || headerHasToken("upgraded", "upgrade") || !headerHasToken("WebSocket", "websocket") {
		t.Error("headerHasToken is wrong")
	}
}
