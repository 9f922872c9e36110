package web

import (
	"context"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/store"
)

// BenchmarkServerSolve times a solve as the browser app runs it (a server
// with a fresh store, asked for the game's start until it is ready) and the
// same solve by the answer layer alone, as the command line runs it, into
// a fresh store too. Alternate the two with -count and compare medians
// (BENCHMARKS.md, "The browser app's solves"); -cpuprofile shows where a
// server's time goes.
func BenchmarkServerSolve(b *testing.B) {
	for _, spec := range []string{"gobblet:sizes=2", "morris:board=five"} {
		b.Run(spec+"/server", func(b *testing.B) {
			for b.Loop() {
				s, err := New(Config{Tables: &store.Store{Dir: b.TempDir()}, Moment: time.Hour, RequestTimeout: time.Hour, Abandon: time.Hour, Logf: b.Logf})
				if err != nil {
					b.Fatal(err)
				}
				rec := httptest.NewRecorder()
				s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game="+url.QueryEscape(spec), nil))
				if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"status":"ready"`) {
					b.Fatalf("%d %.300s", rec.Code, rec.Body)
				}
				s.Close()
			}
		})
		b.Run(spec+"/answer", func(b *testing.B) {
			bound, g := bindGame(b, spec)
			for b.Loop() {
				a, err := answer.Solve(context.Background(), g, answer.Options{Tables: &store.Store{Dir: b.TempDir()}, Name: bound.Canonical()})
				if err != nil {
					b.Fatal(err)
				}
				a.Close()
			}
		})
	}
}
