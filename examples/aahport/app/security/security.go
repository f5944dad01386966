// Package security holds the application's users and machine keys, and
// the authenticators of security.conf's three schemes: aah's authentication
// and authorization providers, ported to runtime/aahauth.
//
// In aah, a provider pair served each scheme: the authenticator returned
// an account's stored credentials (GetAuthenticationInfo), which aah
// checked, and the authorizer its roles and permissions
// (GetAuthorizationInfo). Here one function returns both, in an
// aahauth.Account, and aahauth checks the credentials.
package security

import (
	"crypto/sha256"
	"errors"

	"github.com/routegen/routegen/examples/aahport/app/routes"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

// User is who a request of the basic and form schemes comes from: the Subject of
// the routes' authorization { }, and the name the actions read.
type User struct {
	*aahauth.Subject
	Email string
}

// user is what the store holds of a person.
type user struct {
	hash        string // bcrypt, as password_encoder says
	roles       []string
	permissions []string
	locked      bool
}

// users is the user store: a database in an application of its own.
// The passwords are ann-secret, bob-secret and cy-secret.
var users = map[string]user{
	"ann@example.com": {
		hash:        "$2a$10$Q8H11wCqwBIc6jNfUpiwLOmFfsjMUlK.ugVg/8S01q6jcyrvqFBJS",
		roles:       []string{"admin"},
		permissions: []string{"task:*"},
	},
	"bob@example.com": {
		hash:        "$2a$10$HMU5UeVMEvKeL0W50WDkC.X/yQSC8hTtzWO1GmefaFB5gJ0ZOYdAq",
		roles:       []string{"member"},
		permissions: []string{"task:read,create"},
	},
	"cy@example.com": {
		hash:        "$2a$10$1YBE4TXO2lIBL0ChlltzfuxLPlRstX118lgfo89anXmOIMoWGq9ZW",
		roles:       []string{"member"},
		permissions: []string{"task:read"},
		locked:      true,
	},
}

// account is the account of email in the store, for the basic and form
// schemes: aah's authentication and authorization providers at once.
func account(_ *runtime.Context, email string) (*aahauth.Account, error) {
	u, ok := users[email]
	if !ok {
		return nil, nil
	}
	subject, err := aahauth.NewSubject(u.roles, u.permissions...)
	if err != nil {
		return nil, err
	}
	return &aahauth.Account{
		Subject:      &User{Subject: subject, Email: email},
		PasswordHash: []byte(u.hash),
		Locked:       u.locked,
	}, nil
}

// BasicAuth is the authenticator of scheme basic_auth: aah's
// BasicAuthenticationProvider and BasicAuthorizationProvider, with
// security.conf's realm_name and password_encoder.
func BasicAuth() (runtime.Authenticator, error) {
	return aahauth.Basic{
		Realm:           "Tasks",
		PasswordEncoder: "bcrypt",
		Account:         account,
	}.Authenticator()
}

// Form is scheme form_auth: aah's FormAuthenticationProvider and
// FormAuthorizationProvider, with security.conf's settings as the
// generated SignIn holds them. Its LoadSubject finds who signed in
// again, on each request of the session.
func Form() aahauth.Form {
	return aahauth.Form{
		Scheme:  "form_auth",
		Config:  routes.SignIn.Forms["form_auth"],
		Account: account,
	}
}

// Machine is who a request of the api_key scheme comes from.
type Machine struct {
	*aahauth.Subject
	Name string
}

// apiKeys are the machines' names by the SHA-256 of their keys, so that
// the store does not hold the keys. The monitor's key is monitor-key-1.
var apiKeys = map[[sha256.Size]byte]string{
	sha256.Sum256([]byte("monitor-key-1")): "monitor",
}

var errUnknownKey = errors.New("unknown API key")

// APIKey is the authenticator of scheme api_key, a generic scheme whose
// identity is the header security.conf names (header.identity).
func APIKey() (runtime.Authenticator, error) {
	return aahauth.Generic{
		IdentityHeader: "X-Api-Key",
		Identify: func(_ *runtime.Context, key, _ string) (runtime.Subject, error) {
			name, ok := apiKeys[sha256.Sum256([]byte(key))]
			if !ok {
				return nil, errUnknownKey
			}
			subject, err := aahauth.NewSubject([]string{"monitor"})
			return &Machine{Subject: subject, Name: name}, err
		},
	}.Authenticator()
}
