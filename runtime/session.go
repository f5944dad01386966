package runtime

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/routegen/routegen/internal/core/decide"
)

// SessionConfig is security.conf's session { } with aah's defaults, as
// the generated package's SignIn.Session holds it.
type SessionConfig struct {
	// CookieName is prefix + "_session": "aah_session" by default.
	CookieName string
	Domain     string // "" for the request's host only
	Path       string // "/" by default
	HTTPOnly   bool   // true by default
	// Secure is server.ssl.enable of the app config: the cookie is sent
	// over HTTPS only.
	Secure bool
	// SameSite is samesite: the cookie's SameSite attribute, lax, strict
	// or none; 0 when samesite is not given: the cookie has no SameSite
	// attribute.
	SameSite http.SameSite
	// TTL is how long a session lasts from its last save; 0 (aah's
	// default) is a cookie of the browser's session, which the browser
	// drops when it closes. Either way a session ends MaxAge() after it
	// started.
	TTL time.Duration
	// Lifetime is the longest a session lasts from its start, however
	// often it is saved: MaxAge() says what 0 is. It is not a key of
	// aah's security.conf, which keeps aah's meaning; set it in a copy
	// of the generated SignIn.Session.
	Lifetime time.Duration
	// Store is store.type: "cookie" (or ""), where the cookie holds the
	// session, or "file", where a FileSessionStore at StorePath
	// (store.filepath, "sessions" by default) does and the cookie holds
	// its ID; another name is a store of the application's
	// (WithSessionStore).
	Store, StorePath string
	// SignKey and EncKey sign and encrypt the cookie (their bytes as
	// written, as aah used them); OldSignKey and OldEncKey, when given,
	// still open the cookies written before a key rotation.
	SignKey, EncKey       string
	OldSignKey, OldEncKey string
}

// DefaultSessionLifetime is a session's Lifetime when none is given: a
// working day, the upper end of the absolute timeouts OWASP's session
// management cheat sheet suggests, so that a cookie copied once, even
// of a browser's session, stops opening on its own.
const DefaultSessionLifetime = 8 * time.Hour

// MaxAge is how long a session lasts from its start, whatever its TTL:
// Lifetime, or when it is 0, DefaultSessionLifetime or the TTL when
// longer. The router refuses a session past it, and the codec a cookie
// written longer ago than it (aahauth.SessionCodec).
func (c SessionConfig) MaxAge() time.Duration { return decide.SessionMaxAge(c.TTL, c.Lifetime) }

// SessionCodec signs and encrypts a session into a cookie value and back;
// package runtime/aahauth gives one of gorilla/securecookie
// (aahauth.SessionCodec). Decode fails on a value it did not write, or
// one past its age.
type SessionCodec interface {
	// Encode signs and encrypts value (a session, or a store's session
	// ID) as the value of cookie name.
	Encode(name string, value any) (string, error)
	// Decode opens into dst a value Encode wrote for cookie name.
	Decode(name, value string, dst any) error
}

// Session is the state a request's cookie carries from one request to the
// next: who signed in, and the application's values.
type Session struct {
	// ID is new each time someone signs in, so that a session identifier
	// known before the sign-in is worth nothing after it.
	ID string
	// Scheme and Principal are who signed in: the auth scheme that
	// recognised them and the identity it recognised ("" when no one has).
	Scheme, Principal string
	// Values are the application's.
	Values map[string]string
	// Started is when the session started: its first save, or the
	// sign-in that began it. It ends MaxAge() after.
	Started time.Time
	// Expires is when the session ends, its TTL after its last save, or
	// MaxAge() after it started when that is sooner; zero without a
	// TTL. The router checks it, whatever the cookie's own age.
	Expires time.Time
}

// SubjectLoader turns the principal of a signed-in session into the
// Subject of the request, as aah's authorization provider did on each
// request; an error makes the request anonymous.
type SubjectLoader func(ctx *Context, scheme, principal string) (Subject, error)

// sessions is the session handling of a router.
type sessions struct {
	cfg     SessionConfig
	maxAge  time.Duration // cfg.MaxAge()
	codec   SessionCodec
	subject SubjectLoader
	store   SessionStore // nil when the cookie holds the session
}

// PostAuth is called after each sign-in (Context.SignIn), before its
// session is saved, as aah's OnPostAuth event was: ctx.Session() is the
// new session, which carries no value of previous, the session the
// request had (nil when none). It may set values, kept ones of previous
// among them; an error fails the sign-in, and the request keeps
// previous.
type PostAuth func(ctx *Context, previous *Session) error

// WithPostAuth calls hook after each sign-in; it needs WithSessions.
func WithPostAuth(hook PostAuth) Option {
	return func(rt *Router) error {
		if hook == nil {
			return &ConfigError{Msg: "WithPostAuth: nil hook"}
		}
		rt.postAuth = hook
		return nil
	}
}

// WithSessions keeps a session in a signed and encrypted cookie, or in
// the server's store with its ID in the cookie (cfg.Store, or
// WithSessionStore), as cfg (the generated SignIn.Session) says, read on
// every request, anonymous routes included: the Subject of a signed-in
// session is ctx.Subject(), and it passes the routes of every auth scheme. A cookie that does not
// decode (tampered with, expired, written with keys no longer given), or
// of a session past cfg.MaxAge() since it started, is the cookie of no
// session: the request is anonymous.
func WithSessions(cfg SessionConfig, codec SessionCodec, subject SubjectLoader) Option {
	return func(rt *Router) error {
		switch {
		case cfg.CookieName == "":
			return &ConfigError{Msg: "WithSessions: the session's cookie has no name"}
		case isNil(codec):
			return &ConfigError{Msg: "WithSessions: nil codec"}
		case subject == nil:
			return &ConfigError{Msg: "WithSessions: nil SubjectLoader"}
		}
		rt.sessions = &sessions{cfg: cfg, maxAge: cfg.MaxAge(), codec: codec, subject: subject}
		return nil
	}
}

// load reads the session of ctx's request, unless it has expired, and
// its subject.
func (s *sessions) load(ctx *Context) {
	c, err := ctx.request.Cookie(s.cfg.CookieName)
	if err != nil {
		return
	}
	session := s.read(c.Value)
	if session == nil {
		return
	}
	ctx.session = session
	if session.Principal == "" {
		return
	}
	if subject, err := s.subject(ctx, session.Scheme, session.Principal); err == nil && subject != nil {
		ctx.subject, ctx.sessionSubject = subject, true
	}
}

// read is the session of a cookie's value, unless it has ended; nil
// when the value is of no session.
func (s *sessions) read(cookie string) *Session {
	value := cookie
	var id string
	if s.store != nil {
		if s.codec.Decode(s.cfg.CookieName, cookie, &id) != nil {
			return nil
		}
		stored, err := s.store.Read(id)
		if err != nil || stored == "" {
			return nil
		}
		value = stored
	}
	var session Session
	now := time.Now()
	if s.codec.Decode(s.cfg.CookieName, value, &session) != nil || session.ID == "" || s.store != nil && session.ID != id ||
		!session.Expires.IsZero() && !now.Before(session.Expires) || !now.Before(session.Started.Add(s.maxAge)) {
		return nil
	}
	return &session
}

// errNoSessions is the error of a session method of a router without
// WithSessions.
var errNoSessions = errors.New("runtime: the router keeps no sessions (WithSessions)")

// Session is the session of the request; nil when it has none, or the
// router keeps no sessions.
func (ctx *Context) Session() *Session { return ctx.session }

// SaveSession writes ctx.Session() into the response's cookie, starting a
// session of no one when the request has none. Call it before the
// response's header is written.
func (ctx *Context) SaveSession() error {
	s := ctx.router.sessions
	if s == nil {
		return errNoSessions
	}
	now := time.Now()
	if ctx.session == nil {
		id, err := newSessionID()
		if err != nil {
			return err
		}
		ctx.session = &Session{ID: id, Started: now}
	}
	lasts := decide.SessionLasts(s.cfg.TTL, s.maxAge, ctx.session.Started, now)
	ctx.session.Expires = time.Time{}
	if lasts > 0 {
		ctx.session.Expires = now.Add(lasts)
	}
	value, err := s.codec.Encode(s.cfg.CookieName, ctx.session)
	if err == nil && s.store != nil {
		end := ctx.session.Started.Add(s.maxAge)
		if lasts > 0 {
			end = ctx.session.Expires
		}
		if err = s.store.Save(ctx.session.ID, value, end); err != nil {
			return fmt.Errorf("runtime: session store: %w", err)
		}
		value, err = s.codec.Encode(s.cfg.CookieName, ctx.session.ID)
	}
	if err != nil {
		return fmt.Errorf("runtime: session cookie: %w", err)
	}
	setCookie(ctx.Res.Header(), s.cfg.cookie().Saved(value, lasts, now))
	return nil
}

// SignIn starts the session of principal, recognised by scheme, under a
// new ID and with no value of the session the request had (WithPostAuth
// keeps those the application wants), which a store forgets; subject is
// the request's Subject from now on. It writes the cookie: call it
// before the response's header is written.
func (ctx *Context) SignIn(scheme, principal string, subject Subject) error {
	s := ctx.router.sessions
	if s == nil {
		return errNoSessions
	}
	id, err := newSessionID()
	if err != nil {
		return err
	}
	previous, previousSubject, previousSessionSubject := ctx.session, ctx.subject, ctx.sessionSubject
	ctx.session = &Session{ID: id, Scheme: scheme, Principal: principal, Started: time.Now()}
	ctx.subject, ctx.sessionSubject = subject, true
	if hook := ctx.router.postAuth; hook != nil {
		err = hook(ctx, previous)
	}
	if err == nil && previous != nil && s.store != nil {
		if err = s.store.Delete(previous.ID); err != nil {
			err = fmt.Errorf("runtime: session store: %w", err)
		}
	}
	if err != nil {
		ctx.session, ctx.subject, ctx.sessionSubject = previous, previousSubject, previousSessionSubject
		return err
	}
	return ctx.SaveSession()
}

// SignOut ends the session: the response deletes its cookie, a store
// forgets it (so that no copy of the cookie opens it again), and the
// rest of the request is anonymous. Its error is the store's.
func (ctx *Context) SignOut() error {
	s := ctx.router.sessions
	if s == nil {
		return errNoSessions
	}
	setCookie(ctx.Res.Header(), s.cfg.cookie().Deleted())
	var err error
	if ctx.session != nil && s.store != nil {
		if err = s.store.Delete(ctx.session.ID); err != nil {
			err = fmt.Errorf("runtime: session store: %w", err)
		}
	}
	ctx.session = nil
	if ctx.sessionSubject {
		ctx.subject, ctx.sessionSubject = nil, false
	}
	return err
}

// cookie is what c says of the session's cookie, which the decision of
// the cookies a response sets (package decide) reads, as routegen match
// does.
func (c SessionConfig) cookie() decide.SessionCookie {
	return decide.SessionCookie{Name: c.CookieName, Domain: c.Domain, Path: c.Path, Secure: c.Secure, HTTPOnly: c.HTTPOnly, SameSite: c.SameSite}
}

// setCookie sets c on the response in place of any cookie of its name
// set earlier in it, so that a response carries one Set-Cookie of each
// name (RFC 6265 §4.1.1), the last one written.
func setCookie(h http.Header, c *http.Cookie) {
	line := c.String()
	if line == "" {
		return
	}
	prefix := c.Name + "="
	kept := slices.DeleteFunc(h["Set-Cookie"], func(l string) bool { return strings.HasPrefix(l, prefix) })
	h["Set-Cookie"] = append(kept, line)
}

// sessionIDLength is the length of newSessionID's IDs.
const sessionIDLength = 43

// newSessionID is 32 random bytes, in base64 for URLs.
func newSessionID() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// SignIn is what security.conf says of signing in, as the generated
// package's SignIn holds it: the session, and the settings of the form
// and oauth2 schemes, by scheme key, for runtime.WithSessions and the
// packages runtime/aahauth and runtime/aahauth/aahoauth2.
type SignIn struct {
	Session *SessionConfig           // nil without a session of mode "stateful"
	Forms   map[string]*FormConfig   // the form schemes, by scheme key
	OAuth2  map[string]*OAuth2Config // the oauth2 schemes, by scheme key
}

// OAuth2Config is an oauth2 scheme of security.conf, with aah's defaults.
type OAuth2Config struct {
	// ClientID, ClientSecret and Scopes are client.id, client.secret and
	// client.scopes.
	ClientID, ClientSecret string
	Scopes                 []string
	// Provider is client.provider.name, lower-cased: one of the providers
	// golang.org/x/oauth2/endpoints knows ("github", "google",
	// "facebook"…), or "" with AuthURL and TokenURL, client.provider.url.auth
	// and .token.
	Provider          string
	AuthURL, TokenURL string
	// The paths of url { }: the route the scheme adds to send to the
	// provider (login, "/<key with - for _>/login"), the route the
	// provider redirects back to (redirect, "…/callback"), and where a
	// sign-in goes then (success, "/").
	Login, Redirect, Success string
}

// FormConfig is a form scheme of security.conf, with aah's defaults.
type FormConfig struct {
	// The URLs of url { }: the login page ("/login.html"), the route the
	// scheme adds for the login form to post to ("/login"), where a
	// failed login goes ("/login.html?error=true"), and where a login
	// without a return target goes ("/").
	Login, LoginSubmit, LoginFailure, DefaultTarget string
	// AlwaysToDefault is url.always_to_default: a login goes to
	// DefaultTarget, whatever its return target.
	AlwaysToDefault bool
	// IdentityField and CredentialField are the login form's fields:
	// field.identity ("username") and field.credential ("password").
	IdentityField, CredentialField string
	// PasswordEncoder is password_encoder, lower-cased.
	PasswordEncoder string
}
