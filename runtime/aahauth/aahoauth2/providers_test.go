package aahoauth2

import (
	"maps"
	"slices"
	"testing"

	"github.com/routegen/routegen/internal/oauth2provider"
)

// TestProviders: the providers that have an endpoint are the ones check
// knows by name.
func TestProviders(t *testing.T) {
	if got := slices.Sorted(maps.Keys(providers)); !slices.Equal(got, oauth2provider.Names) {
		t.Errorf("providers with an endpoint %v, check's %v", got, oauth2provider.Names)
	}
	for _, name := range []string{"github", "azure-contoso"} {
		if e, ok := endpointOf(name); !ok || e.AuthURL == "" || !oauth2provider.Known(name) {
			t.Errorf("%s: endpoint %v, %v; known %v", name, e, ok, oauth2provider.Known(name))
		}
	}
	if _, ok := endpointOf("azure-"); ok || oauth2provider.Known("azure-") || oauth2provider.Known("myidp") {
		t.Error("azure- without a tenant, or myidp, is known")
	}
}
