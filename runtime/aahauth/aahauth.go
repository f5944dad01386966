// Package aahauth gives the auth schemes aah built in: basic and generic
// as runtime.Authenticator values, and form as the options that register
// its authenticator and the action of its login form (Form.Options), with
// the codec of its session (SessionCodec); and the Subject of aah's roles
// and wildcard permissions. The oauth2 scheme is in the package
// aahoauth2. The application keeps its user store: it gives the function
// that finds an account. The fields of security.conf that a scheme needs
// (realm_name, password_encoder, header.identity…) are given to it as
// written there.
//
// It is a package of its own so that an application that does not use
// these schemes does not link golang.org/x/crypto/bcrypt.
package aahauth

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"

	"golang.org/x/crypto/bcrypt"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/runtime"
)

// The errors an authenticator of this package returns; the router answers
// 401 with the error as the cause of its *runtime.Error (errors.Is finds
// it there, in runtime.WithErrorHandler).
var (
	ErrNoCredentials = errors.New("aahauth: no credentials")
	ErrUnknownUser   = errors.New("aahauth: no such user")
	ErrWrongPassword = errors.New("aahauth: wrong password")
	ErrLocked        = errors.New("aahauth: account locked")
	ErrExpired       = errors.New("aahauth: account expired")
	// ErrPasswordTooLong refuses a password past the 72 bytes bcrypt
	// reads, which it would compare on its first 72 alone.
	ErrPasswordTooLong = errors.New("aahauth: password longer than bcrypt's 72 bytes")
)

// Account is what the application's user store holds of one user, as
// aah's AuthenticationInfo did.
type Account struct {
	// Subject is who the requests of this user come from, for the routes'
	// authorization { } (a *Subject, or the application's own).
	Subject runtime.Subject
	// PasswordHash is the stored password, as the password encoder wrote
	// it (bcrypt: "$2a$10$…").
	PasswordHash []byte
	// Locked and Expired refuse the user even with the right password.
	Locked, Expired bool
}

// Basic is an auth scheme of scheme = "basic": the credentials of the
// Authorization header, checked against the application's user store.
type Basic struct {
	// Realm is realm_name, the realm of the challenge (WWW-Authenticate)
	// sent with a 401; "" is aah's default, "Authentication Required".
	Realm string
	// PasswordEncoder is password_encoder: "bcrypt", the encoder built in.
	// Leave it "" when ComparePassword is given.
	PasswordEncoder string
	// ComparePassword, when given, compares a password with an account's
	// PasswordHash instead of the encoder (nil when they match), for an
	// encoder other than bcrypt.
	ComparePassword func(hash, password []byte) error
	// Cost is the cost of the accounts' bcrypt hashes: security.conf's
	// password_encoder.bcrypt.cost (12 in aah's examples); 0 is bcrypt's
	// DefaultCost (10), aah's default.
	Cost int
	// DummyHash is a hash as the accounts' are stored (their encoder and
	// cost), compared with the password of a username that has no
	// account, so that its answer takes as long as a wrong password's.
	// nil: the PasswordHash of the account compared last, and until one
	// is, a bcrypt hash of Cost (bcrypt) or none (ComparePassword).
	DummyHash []byte
	// Account finds the account of username; nil, or an error, when there
	// is none. Required.
	Account func(ctx *runtime.Context, username string) (*Account, error)
}

// Authenticator returns the authenticator of the scheme, for
// runtime.WithAuthenticator. A request passes with the username and
// password of an account that is neither locked nor expired; any other
// gets the challenge and a 401. A username with no account costs one
// comparison too, against DummyHash, so that timing does not tell which
// names exist. With bcrypt, a password past its 72 bytes is refused
// (ErrPasswordTooLong), never compared on its first 72.
func (b Basic) Authenticator() (runtime.Authenticator, error) {
	if b.Account == nil {
		return nil, errors.New("aahauth: Basic needs an Account function")
	}
	passwords, err := b.passwords()
	if err != nil {
		return nil, err
	}
	challenge := decide.BasicChallenge(b.Realm)
	return func(ctx *runtime.Context) (runtime.Subject, error) {
		subject, err := b.authenticate(ctx, passwords)
		if err != nil {
			return nil, &runtime.ChallengeError{Challenge: challenge, Err: err}
		}
		return subject, nil
	}, nil
}

// passwordCheck is how the scheme checks a username and password: the
// comparison, the longest password it compares (0 for no limit), and the
// hash an unknown user's password is compared with.
type passwordCheck struct {
	compare     func(hash, password []byte) error
	maxPassword int
	dummy       *dummyHash
}

// passwords is the scheme's passwordCheck, by PasswordEncoder or
// ComparePassword.
func (b Basic) passwords() (*passwordCheck, error) {
	c := &passwordCheck{compare: b.ComparePassword, dummy: &dummyHash{fixed: b.DummyHash != nil}}
	c.dummy.hash.Store(&b.DummyHash)
	switch enc := strings.ToLower(strings.TrimSpace(b.PasswordEncoder)); {
	case c.compare != nil && enc != "":
		return nil, fmt.Errorf("aahauth: Basic has both PasswordEncoder %q and ComparePassword; give one", b.PasswordEncoder)
	case c.compare != nil:
	case enc == "bcrypt":
		c.compare, c.maxPassword = bcrypt.CompareHashAndPassword, 72
		cost := cmp.Or(b.Cost, bcrypt.DefaultCost)
		if cost < bcrypt.MinCost || cost > bcrypt.MaxCost {
			return nil, fmt.Errorf("aahauth: bcrypt cost %d is not from %d to %d", b.Cost, bcrypt.MinCost, bcrypt.MaxCost)
		}
		if !c.dummy.fixed {
			hash, err := bcrypt.GenerateFromPassword([]byte("no such user"), cost)
			if err != nil {
				return nil, err
			}
			c.dummy.hash.Store(&hash)
		}
	case enc == "":
		return nil, errors.New(`aahauth: Basic needs PasswordEncoder "bcrypt" or ComparePassword`)
	default:
		return nil, fmt.Errorf("aahauth: password encoder %q is not built in (bcrypt is); give Basic a ComparePassword", b.PasswordEncoder)
	}
	return c, nil
}

// dummyHash is the hash an unknown user's password is compared with:
// Basic.DummyHash when fixed, else the hash of the account compared last,
// which has the cost of the hashes in use.
type dummyHash struct {
	fixed bool
	hash  atomic.Pointer[[]byte]
}

func (b Basic) authenticate(ctx *runtime.Context, c *passwordCheck) (runtime.Subject, error) {
	username, password, ok := ctx.Req.BasicAuth()
	if !ok {
		return nil, ErrNoCredentials
	}
	return b.check(ctx, c, username, password)
}

// check finds the account of username and checks password against it.
func (b Basic) check(ctx *runtime.Context, c *passwordCheck, username, password string) (runtime.Subject, error) {
	compare, maxPassword, dummy := c.compare, c.maxPassword, c.dummy
	if maxPassword > 0 && len(password) > maxPassword {
		// Refused before the account is looked up, known user or not alike.
		return nil, ErrPasswordTooLong
	}
	account, err := b.Account(ctx, username)
	if err != nil || account == nil {
		if hash := *dummy.hash.Load(); hash != nil {
			_ = compare(hash, []byte(password))
		}
		return nil, errors.Join(ErrUnknownUser, err)
	}
	if !dummy.fixed {
		hash := account.PasswordHash
		dummy.hash.Store(&hash)
	}
	if compare(account.PasswordHash, []byte(password)) != nil {
		return nil, ErrWrongPassword
	}
	switch {
	case account.Locked:
		return nil, ErrLocked
	case account.Expired:
		return nil, ErrExpired
	case account.Subject == nil:
		return nil, fmt.Errorf("aahauth: the account of %q has no Subject", username)
	}
	return account.Subject, nil
}

// Generic is an auth scheme of scheme = "generic": the identity, and
// optionally a credential, read from the headers security.conf names, and
// checked by the application.
type Generic struct {
	// IdentityHeader is header.identity; "" is aah's default,
	// "Authorization".
	IdentityHeader string
	// CredentialHeader is header.credential; "" when the scheme has none.
	CredentialHeader string
	// Challenge is the scheme's challenge, sent in WWW-Authenticate with
	// its 401 (`Bearer realm="api"`); "" is "Bearer".
	Challenge string
	// Identify returns who identity (and credential) is, or an error when
	// they identify no one. Required.
	Identify func(ctx *runtime.Context, identity, credential string) (runtime.Subject, error)
}

// Authenticator returns the authenticator of the scheme, for
// runtime.WithAuthenticator. A request without the identity header gets
// a 401 without asking Identify.
func (g Generic) Authenticator() (runtime.Authenticator, error) {
	if g.Identify == nil {
		return nil, errors.New("aahauth: Generic needs an Identify function")
	}
	identityHeader := http.CanonicalHeaderKey(cmp.Or(strings.TrimSpace(g.IdentityHeader), "Authorization"))
	credentialHeader := http.CanonicalHeaderKey(strings.TrimSpace(g.CredentialHeader))
	challenge := cmp.Or(strings.TrimSpace(g.Challenge), "Bearer")
	return func(ctx *runtime.Context) (runtime.Subject, error) {
		identity := ctx.Req.Header.Get(identityHeader)
		if identity == "" {
			return nil, &runtime.ChallengeError{Challenge: challenge, Err: ErrNoCredentials}
		}
		var credential string
		if credentialHeader != "" {
			credential = ctx.Req.Header.Get(credentialHeader)
		}
		subject, err := g.Identify(ctx, identity, credential)
		if err == nil && subject == nil {
			err = ErrUnknownUser
		}
		if err != nil {
			return nil, &runtime.ChallengeError{Challenge: challenge, Err: err}
		}
		return subject, nil
	}, nil
}
