package otelcheck

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/routegen/routegen/golden/deploy"
	"github.com/routegen/routegen/runtime"
)

// site is every controller of the deploy table.
type site struct{}

func (site) Index(*runtime.Context) error              { return nil }
func (site) Items(*runtime.Context) error              { return nil }
func (site) Options(*runtime.Context) error            { return nil }
func (site) Home(*runtime.Context) error               { return nil }
func (site) Any(*runtime.Context) error                { return nil }
func (site) Hotel(*runtime.Context, int64) error       { return nil }
func (site) Source(*runtime.Context, string) error     { return nil }
func (site) Secret(*runtime.Context) error             { return nil }
func anyone(*runtime.Context) (runtime.Subject, error) { return nil, errors.New("nobody") }

// TestOtelHTTPRoute: otelhttp around the router reads r.Pattern, which the
// router sets, once the router returns: the span is named after the route,
// and the request metrics carry it as http.route.
func TestOtelHTTPRoute(t *testing.T) {
	router, err := deploy.NewRouter(site{}, site{}, site{}, site{}, site{},
		runtime.WithAuthenticator("basic", anyone), runtime.WithDefaultDomain("site"))
	if err != nil {
		t.Fatal(err)
	}
	exporter := tracetest.NewInMemoryExporter()
	tracer := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exporter))
	reader := sdkmetric.NewManualReader()
	meter := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	srv := httptest.NewServer(otelhttp.NewHandler(router, "routegen",
		otelhttp.WithTracerProvider(tracer), otelhttp.WithMeterProvider(meter)))
	defer srv.Close()

	for _, c := range []struct{ path, span, route string }{
		{"/hotels/42", "GET /hotels/{id}", "/hotels/{id}"},
		{"/src2/a/b", "GET /src2{filepath...}", "/src2{filepath...}"},
	} {
		exporter.Reset()
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		spans := exporter.GetSpans()
		if len(spans) != 1 || spans[0].Name != c.span {
			t.Errorf("GET %s: spans %v, want one named %q", c.path, spanNames(spans), c.span)
		}
		if routes := metricRoutes(t, reader); !routes[c.route] {
			t.Errorf("GET %s: http.route of the metrics %v, want %q among them", c.path, routes, c.route)
		}
	}
}

func spanNames(spans tracetest.SpanStubs) []string {
	var names []string
	for _, s := range spans {
		names = append(names, s.Name)
	}
	return names
}

// metricRoutes are the http.route values of the data points recorded so far.
func metricRoutes(t *testing.T, reader *sdkmetric.ManualReader) map[string]bool {
	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	routes := map[string]bool{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if h, ok := m.Data.(metricdata.Histogram[float64]); ok {
				for _, dp := range h.DataPoints {
					if v, ok := dp.Attributes.Value(attribute.Key("http.route")); ok {
						routes[v.AsString()] = true
					}
				}
			}
		}
	}
	return routes
}
