package gen

import "testing"

func TestNames(t *testing.T) {
	for in, want := range map[string]string{
		"show_hotel": "ShowHotel", "get_json_oauth2": "GetJSONOauth2", "testSiteController": "TestSiteController",
		"APIController": "APIController", "wildcard/AppController": "WildcardAppController", "123": "X123",
	} {
		if got := exported(in); got != want {
			t.Errorf("exported(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"client_id": "clientID", "APIController": "apiController", "type": "type_", "len": "len_", "url": "url", "Version": "version",
	} {
		if got := unexported(in); got != want {
			t.Errorf("unexported(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"Hotel": "HotelController", "admin/AppController": "AdminAppController"} {
		if got := interfaceName(in); got != want {
			t.Errorf("interfaceName(%q) = %q, want %q", in, got, want)
		}
	}
}
