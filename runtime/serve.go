package runtime

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"
)

// The defaults of NewServer and Serve. A request has ReadHeaderTimeout to
// send its headers, which closes slow (slowloris) connections early;
// ReadTimeout and WriteTimeout are aah's 90 seconds.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 90 * time.Second
	DefaultWriteTimeout      = 90 * time.Second
	DefaultIdleTimeout       = 120 * time.Second
	DefaultMaxHeaderBytes    = 1 << 20
	DefaultShutdownTimeout   = 30 * time.Second
)

// NewServer returns an *http.Server of handler at addr with timeouts that
// keep slow or idle clients from holding connections: change its fields
// before serving it. The timeouts do not reach a connection once it is
// hijacked, as a WebSocket is: its handler needs its own. "OPTIONS *"
// reaches handler (DisableGeneralOptionsHandler), which a router answers
// as routegen match shows, where net/http's own answer is a bare 200.
func NewServer(addr string, handler http.Handler) *http.Server {
	return &http.Server{
		Addr:                         addr,
		Handler:                      handler,
		DisableGeneralOptionsHandler: true,
		ReadHeaderTimeout:            DefaultReadHeaderTimeout,
		ReadTimeout:                  DefaultReadTimeout,
		WriteTimeout:                 DefaultWriteTimeout,
		IdleTimeout:                  DefaultIdleTimeout,
		MaxHeaderBytes:               DefaultMaxHeaderBytes,
	}
}

// Serve serves srv (NewServer's, or any) on srv.Addr until the process
// receives SIGINT or SIGTERM, then shuts it down gracefully: it stops
// accepting connections and waits up to DefaultShutdownTimeout for the
// requests in flight. It returns nil after a complete shutdown.
func Serve(srv *http.Server) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	addr := srv.Addr
	if addr == "" {
		addr = ":http"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return ServeListener(ctx, srv, ln, DefaultShutdownTimeout)
}

// ServeListener serves srv on ln until ctx is done, then shuts it down
// gracefully: it stops accepting connections and waits up to drain for the
// requests in flight, and returns the error of a shutdown that did not
// finish in time (context.DeadlineExceeded), or nil.
func ServeListener(ctx context.Context, srv *http.Server, ln net.Listener, drain time.Duration) error {
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	err := srv.Shutdown(shutdown)
	if err != nil {
		srv.Close() // the requests still running past the deadline are cut
	}
	if serveErr := <-served; !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
		err = serveErr
	}
	return err
}
