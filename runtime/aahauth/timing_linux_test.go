package aahauth_test

import (
	"net/http/httptest"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/crypto/bcrypt"

	rt "github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
	"github.com/routegen/routegen/runtime/routegenimpl"
)

// TestUnknownUserTakesAsLong: a username with no account is answered
// after as much work as a known one with a wrong password, whatever the
// cost of the accounts' hashes (6 here, not bcrypt's default 10), with
// bcrypt or with ComparePassword, so that timing does not tell which
// names exist: from the first request with DummyHash or Cost, after the
// first account compared without. Each run is timed by the CPU time of its thread, which
// the other processes of a busy machine do not lengthen, and the medians
// of interleaved runs are compared.
func TestUnknownUserTakesAsLong(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const cost = 6
	stored, err := bcrypt.GenerateFromPassword([]byte("welcome123"), cost)
	if err != nil {
		t.Fatal(err)
	}
	dummy, err := bcrypt.GenerateFromPassword([]byte("dummy"), cost)
	if err != nil {
		t.Fatal(err)
	}
	account := func(_ *rt.Context, username string) (*aahauth.Account, error) {
		if username != "jeeva" {
			return nil, nil
		}
		return &aahauth.Account{Subject: subject(t), PasswordHash: stored}, nil
	}
	table := routegenimpl.NewTable(&routegenimpl.Table{
		Domains: []rt.Domain{{Key: "site", Host: "localhost"}},
		Routes:  []rt.Route{{Index: 0, Name: "token", Method: "POST", Path: "/v1/token", Auth: "basic_auth"}},
	})
	for _, tt := range []struct {
		name   string
		basic  aahauth.Basic
		warmUp bool // a known user signs in first: the dummy hash is learned from its account
	}{
		{"bcrypt", aahauth.Basic{PasswordEncoder: "bcrypt", Account: account}, true},
		{"ComparePassword", aahauth.Basic{ComparePassword: bcrypt.CompareHashAndPassword, Account: account}, true},
		{"DummyHash", aahauth.Basic{PasswordEncoder: "bcrypt", DummyHash: dummy, Account: account}, false},
		{"Cost", aahauth.Basic{PasswordEncoder: "bcrypt", Cost: cost, Account: account}, false},
	} {
		authenticate, err := tt.basic.Authenticator()
		if err != nil {
			t.Fatal(err)
		}
		router, err := table.NewRouter(ok{}, rt.WithDefaultDomain("site"), rt.WithAuthenticator("basic_auth", authenticate))
		if err != nil {
			t.Fatal(err)
		}
		// signIn runs the authenticator on a request of user, and returns
		// the CPU time it took.
		signIn := func(user, password string) time.Duration {
			r := httptest.NewRequest("POST", "/v1/token", nil)
			r.SetBasicAuth(user, password)
			ctx, err := router.NewContext(httptest.NewRecorder(), r)
			if err != nil {
				t.Fatal(err)
			}
			start := threadCPUTime(t)
			_, err = authenticate(ctx)
			took := threadCPUTime(t) - start
			if (err == nil) != (password == "welcome123") {
				t.Fatalf("%s, %q: %v", user, password, err)
			}
			return took
		}
		if tt.warmUp {
			signIn("jeeva", "welcome123")
		}
		const runs = 21
		var known, unknown []time.Duration
		// Without a warm-up, every unknown user comes before the first
		// known one, whose account the dummy hash would learn from.
		for range runs {
			unknown = append(unknown, signIn("nobody", "wrong"))
			if tt.warmUp {
				known = append(known, signIn("jeeva", "wrong"))
			}
		}
		for len(known) < runs {
			known = append(known, signIn("jeeva", "wrong"))
		}
		slices.Sort(known)
		slices.Sort(unknown)
		k, u := known[runs/2], unknown[runs/2]
		if ratio := float64(max(k, u)) / float64(max(min(k, u), 1)); ratio > 1.2 {
			t.Errorf("%s: median of an unknown user %v, of a known user with a wrong password %v: %.2f×, want within 1.2×", tt.name, u, k, ratio)
		} else {
			t.Logf("%s: median of an unknown user %v, of a known user with a wrong password %v (%.2f×)", tt.name, u, k, ratio)
		}
	}
}

// threadCPUTime is the CPU time the calling thread has used
// (CLOCK_THREAD_CPUTIME_ID, exact where getrusage counts in clock ticks);
// the test stays on its thread (runtime.LockOSThread) while it measures.
func threadCPUTime(t *testing.T) time.Duration {
	t.Helper()
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		t.Fatal(errno)
	}
	return time.Duration(ts.Nano())
}

// clockThreadCPUTimeID is Linux's CLOCK_THREAD_CPUTIME_ID, which package
// syscall does not name.
const clockThreadCPUTimeID = 3
