// Package oauth2provider names the OAuth2 providers an oauth2 scheme of
// security.conf may name in client.provider.name, as aah knew them:
// check reads the names, and runtime/aahauth/aahoauth2 has the endpoint of
// each (its tests hold the two to the same names).
package oauth2provider

import (
	"slices"
	"strings"
)

// Names are the providers aah knew by name, sorted.
var Names = []string{
	"amazon", "bitbucket", "cern", "facebook", "fitbit", "foursquare", "github", "gitlab", "google",
	"heroku", "hipchat", "kakao", "linkedin", "mailchimp", "mailru", "mediamath", "microsoft",
	"odnoklassniki", "paypal", "slack", "spotify", "twitch", "uber", "vk", "yahoo", "yandex",
}

// AzurePrefix begins the name of Azure AD's endpoint of a tenant:
// "azure-TENANT".
const AzurePrefix = "azure-"

// Known reports whether name (lower case) is a provider aah knew.
func Known(name string) bool {
	if tenant, ok := strings.CutPrefix(name, AzurePrefix); ok {
		return tenant != ""
	}
	_, found := slices.BinarySearch(Names, name)
	return found
}
