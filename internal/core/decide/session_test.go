package decide

import (
	"net/http"
	"testing"
	"time"
)

func TestSessionMaxAge(t *testing.T) {
	for _, c := range []struct{ ttl, lifetime, want time.Duration }{
		{0, 0, DefaultSessionLifetime},
		{30 * time.Minute, 0, DefaultSessionLifetime},
		{12 * time.Hour, 0, 12 * time.Hour},
		{12 * time.Hour, time.Hour, time.Hour},
	} {
		if got := SessionMaxAge(c.ttl, c.lifetime); got != c.want {
			t.Errorf("SessionMaxAge(%v, %v) = %v, want %v", c.ttl, c.lifetime, got, c.want)
		}
	}
}

func TestSessionCookie(t *testing.T) {
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	c := SessionCookie{Name: "app_session", Path: "/", Domain: "example.com", Secure: true, HTTPOnly: true, SameSite: SameSite("Strict")}
	for _, x := range []struct {
		ttl  time.Duration
		now  time.Time
		want string
	}{
		{0, start, "app_session=v; Path=/; Domain=example.com; HttpOnly; Secure; SameSite=Strict"},
		{30 * time.Minute, start, "app_session=v; Path=/; Domain=example.com; Expires=Fri, 02 Jan 2026 03:34:05 GMT; Max-Age=1800; HttpOnly; Secure; SameSite=Strict"},
		// Saved 10 minutes before the session's 8 hours end: the cookie ends with it.
		{30 * time.Minute, start.Add(DefaultSessionLifetime - 10*time.Minute), "app_session=v; Path=/; Domain=example.com; Expires=Fri, 02 Jan 2026 11:04:05 GMT; Max-Age=600; HttpOnly; Secure; SameSite=Strict"},
		// Saved past its end: a cookie of a second, never one of the browser's session.
		{30 * time.Minute, start.Add(DefaultSessionLifetime + time.Minute), "app_session=v; Path=/; Domain=example.com; Expires=Fri, 02 Jan 2026 11:05:06 GMT; Max-Age=1; HttpOnly; Secure; SameSite=Strict"},
	} {
		lasts := SessionLasts(x.ttl, SessionMaxAge(x.ttl, 0), start, x.now)
		if got := c.Saved("v", lasts, x.now).String(); got != x.want {
			t.Errorf("ttl %v, saved at %v:\n got %s\nwant %s", x.ttl, x.now, got, x.want)
		}
	}
	if got, want := c.Deleted().String(), "app_session=; Path=/; Domain=example.com; Max-Age=0; HttpOnly; Secure; SameSite=Strict"; got != want {
		t.Errorf("Deleted:\n got %s\nwant %s", got, want)
	}
	if SameSite("") != http.SameSiteDefaultMode || SameSite("none") != http.SameSiteNoneMode || SameSite("lax") != http.SameSiteLaxMode {
		t.Error("SameSite reads security.conf's samesite wrong")
	}
}

func TestFormLoginLocation(t *testing.T) {
	f := FormLogin{LoginFailure: "/login.html?error=true", DefaultTarget: "/home"}
	always := f
	always.AlwaysToDefault = true
	for _, c := range []struct {
		form     FormLogin
		mount    string
		target   string
		signedIn bool
		want     string
	}{
		{f, "", "/account?tab=1", true, "/account?tab=1"},
		{f, "/app", "/app/account", true, "/app/account"},
		{f, "/app", "", true, "/app/home"},
		{f, "", "/./%5Cevil.test", true, "/home"},
		{f, "", "//evil.test", true, "/home"},
		{always, "", "/account", true, "/home"},
		{f, "", "/account?tab=1", false, "/login.html?error=true&_rt=%2Faccount%3Ftab%3D1"},
		{FormLogin{LoginFailure: "/failed"}, "/app", "/app/x", false, "/app/failed?_rt=%2Fapp%2Fx"},
		{f, "", "/a/../%5Cevil.test", false, "/login.html?error=true"},
	} {
		if got := c.form.Location(c.mount, c.target, c.signedIn); got != c.want {
			t.Errorf("%+v.Location(%q, %q, %v) = %q, want %q", c.form, c.mount, c.target, c.signedIn, got, c.want)
		}
	}
}
