package runtime

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"
)

func TestNewServerDefaults(t *testing.T) {
	h := http.NotFoundHandler()
	srv := NewServer(":8080", h)
	if srv.Addr != ":8080" || srv.ReadHeaderTimeout != DefaultReadHeaderTimeout || srv.ReadTimeout != DefaultReadTimeout ||
		srv.WriteTimeout != DefaultWriteTimeout || srv.IdleTimeout != DefaultIdleTimeout || srv.MaxHeaderBytes != DefaultMaxHeaderBytes ||
		!srv.DisableGeneralOptionsHandler {
		t.Errorf("NewServer: %+v", srv)
	}
}

// slowHandler answers once release is closed, after telling started.
func slowHandler(started chan<- struct{}, release <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		<-release
		io.WriteString(w, "done")
	})
}

// TestServeListenerDrains: when ctx is done, a request in flight still gets
// its answer, and the server accepts no new connection.
func TestServeListenerDrains(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- ServeListener(ctx, NewServer("", slowHandler(started, release)), ln, time.Minute) }()

	answer := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			answer <- err.Error()
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		answer <- string(body)
	}()
	<-started
	cancel()
	// Shutdown closes the listener first: new connections are refused.
	for {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			break
		}
		conn.Close()
		time.Sleep(time.Millisecond)
	}
	close(release)
	if got := <-answer; got != "done" {
		t.Errorf("the request in flight got %q, want its answer", got)
	}
	if err := <-served; err != nil {
		t.Errorf("ServeListener: %v, want nil after a complete shutdown", err)
	}
}

// TestServeListenerDeadline: a request still running at the deadline is
// cut, and the error says the shutdown did not finish.
func TestServeListenerDeadline(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- ServeListener(ctx, NewServer("", slowHandler(started, release)), ln, 0) }()
	go http.Get("http://" + ln.Addr().String() + "/")
	<-started
	cancel()
	if err := <-served; err != context.DeadlineExceeded {
		t.Errorf("ServeListener with a request past the deadline: %v, want context.DeadlineExceeded", err)
	}
}

// TestServeStopsOnSIGTERM: Serve shuts down gracefully on SIGTERM.
func TestServeStopsOnSIGTERM(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	served := make(chan error, 1)
	go func() { served <- Serve(NewServer(addr, http.NotFoundHandler())) }()
	// Serve listens after it asks for the signals: once it answers, SIGTERM is its.
	for {
		resp, err := http.Get("http://" + addr + "/")
		if err == nil {
			resp.Body.Close()
			break
		}
		select {
		case err := <-served:
			t.Fatalf("Serve: %v", err)
		default:
			time.Sleep(10 * time.Millisecond)
		}
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve after SIGTERM: %v, want nil", err)
	}
}

// TestReadHeaderTimeoutClosesSlowConnections: a client that sends its
// headers slowly (slowloris) is cut off.
func TestReadHeaderTimeoutClosesSlowConnections(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer("", http.NotFoundHandler())
	srv.ReadHeaderTimeout = 50 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go ServeListener(ctx, srv, ln, time.Second)
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n")
	// The server closes the connection (after a 408 it may write); the read
	// ends instead of waiting for the rest of the headers forever.
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	if _, err := io.ReadAll(conn); err != nil {
		t.Errorf("the slow connection was not closed by the server: %v", err)
	}
}
