package aahauth

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/runtime"
)

// Form is an auth scheme of scheme = "form": a login page, the login
// form's post to the route the scheme adds (url.login_submit), checked
// against the application's user store, and a session that remembers who
// signed in (runtime.WithSessions).
type Form struct {
	// Scheme is the scheme's key in security.conf ("form_auth"). Required.
	Scheme string
	// Config is the scheme's settings: the generated SignIn.Forms[Scheme].
	// Required.
	Config *runtime.FormConfig
	// ComparePassword, when given, compares a password with an account's
	// PasswordHash instead of Config.PasswordEncoder, as Basic's does.
	ComparePassword func(hash, password []byte) error
	// Cost is the cost of the accounts' bcrypt hashes, as Basic's: an
	// unknown user's comparison runs at it from the start.
	Cost int
	// Account finds the account of the identity the login form posted; nil,
	// or an error, when there is none. Required.
	Account func(ctx *runtime.Context, username string) (*Account, error)
}

// Options returns the options that register the scheme with NewRouter:
// its authenticator, which refuses a request that is not signed in, its
// login page (runtime.WithLoginPage), where the router sends that request
// (302, with the return target in _rt), and the action of its login
// submit route. That action runs after the route's anti-CSRF check;
// with the right credentials it starts a session under a new ID and
// redirects to _rt when runtime.LocalTarget holds it a path of this site,
// the Location carrying it unchanged (url.default_target otherwise, or
// always with url.always_to_default); with wrong ones it redirects to
// url.login_failure, with that _rt. The credentials are checked as Basic
// checks them: an unknown user costs a comparison too, and a bcrypt
// password past 72 bytes is refused. An action of the application ends
// the session with ctx.SignOut.
func (f Form) Options() ([]runtime.Option, error) {
	switch {
	case f.Scheme == "":
		return nil, errors.New("aahauth: Form needs its Scheme")
	case f.Config == nil:
		return nil, fmt.Errorf("aahauth: Form %q needs its Config (the generated SignIn.Forms[%q])", f.Scheme, f.Scheme)
	case f.Account == nil:
		return nil, fmt.Errorf("aahauth: Form %q needs an Account function", f.Scheme)
	}
	encoder := f.Config.PasswordEncoder
	if f.ComparePassword != nil {
		encoder = ""
	}
	accounts := Basic{PasswordEncoder: encoder, ComparePassword: f.ComparePassword, Cost: f.Cost, Account: f.Account}
	passwords, err := accounts.passwords()
	if err != nil {
		return nil, fmt.Errorf("form scheme %q: %w", f.Scheme, err)
	}
	login := decide.FormLogin{LoginFailure: f.Config.LoginFailure, DefaultTarget: f.Config.DefaultTarget, AlwaysToDefault: f.Config.AlwaysToDefault}
	authenticate := func(*runtime.Context) (runtime.Subject, error) {
		// A signed-in session passes before any authenticator; the
		// router sends the rest to the login page (WithLoginPage).
		return nil, ErrNoCredentials
	}
	submit := func(ctx *runtime.Context) error {
		identity := ctx.Req.PostFormValue(f.Config.IdentityField)
		credential := ctx.Req.PostFormValue(f.Config.CredentialField)
		target := ctx.Req.FormValue("_rt")
		subject, err := accounts.check(ctx, passwords, identity, credential)
		if err == nil {
			if err := ctx.SignIn(f.Scheme, identity, subject); err != nil {
				return err
			}
		}
		ctx.Redirect(login.Location(ctx.MountPath(), target, err == nil), http.StatusFound)
		return nil
	}
	return []runtime.Option{
		runtime.WithAuthenticator(f.Scheme, authenticate),
		runtime.WithLoginPage(f.Scheme, f.Config.Login),
		runtime.WithSchemeRoute(f.Scheme, "login_submit", submit),
	}, nil
}

// LoadSubject is the runtime.SubjectLoader of a session this scheme
// started: the Subject of the principal's account, unless it is gone,
// locked or expired since.
func (f Form) LoadSubject(ctx *runtime.Context, scheme, principal string) (runtime.Subject, error) {
	if scheme != f.Scheme {
		return nil, fmt.Errorf("aahauth: a session of scheme %q, not of form scheme %q", scheme, f.Scheme)
	}
	account, err := f.Account(ctx, principal)
	switch {
	case err != nil || account == nil:
		return nil, errors.Join(ErrUnknownUser, err)
	case account.Locked:
		return nil, ErrLocked
	case account.Expired:
		return nil, ErrExpired
	}
	return account.Subject, nil
}
