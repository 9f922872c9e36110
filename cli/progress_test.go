package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
)

// TestPlainProgress: where stderr is not a terminal, progress is one plain
// line a minute (the interval a test may shorten), with the tier, the
// phase, the positions, the rate and the time left when known; nothing
// redrawn in place.
func TestPlainProgress(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type report struct {
		at time.Duration
		r  solve.Progress
	}
	tests := []struct {
		name    string
		every   time.Duration
		atMost  float64
		reports []report
		want    []string
	}{
		{
			name: "exploring, a line a minute",
			reports: []report{
				{0, solve.Progress{Phase: solve.PhaseExploring, Done: 0}},
				{30 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 1_500_000}},
				{61 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 3_050_000}},
				{90 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 4_500_000}},
				{122 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 6_100_000}},
			},
			want: []string{
				"sente: progress: exploring: 3050000 positions, 50000 a second",
				"sente: progress: exploring: 6100000 positions, 50000 a second",
			},
		},
		{
			name:   "exploring under the game's bound",
			atMost: 10_000_000,
			reports: []report{
				{0, solve.Progress{Phase: solve.PhaseExploring}},
				{100 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 2_000_000}},
			},
			want: []string{"sente: progress: exploring: 2000000 positions, 20000 a second, at most 7 min left"},
		},
		{
			name: "a tier, solving, with the time left",
			reports: []report{
				{0, solve.Progress{Phase: solve.PhaseSolving, Tier: 7, Tiered: true, Total: 4_000_000}},
				{80 * time.Second, solve.Progress{Phase: solve.PhaseSolving, Tier: 7, Tiered: true, Done: 1_000_000, Total: 4_000_000}},
			},
			want: []string{"sente: progress: tier 7, solving: 1000000 of 4000000 positions (25%), 12500 a second, about 4 min left"},
		},
		{
			// The tier engine's whole solve: a fraction and a time left
			// that do not start again at each tier or pass, then the pass
			// and the tier under way.
			name: "the whole of a tier solve",
			reports: []report{
				{0, solve.Progress{Phase: solve.PhaseReaching, Tier: 2, Tiered: true, Total: 50, Whole: solve.Whole{Pass: 1, Passes: 2, Tiers: 10, TiersDone: 2, Done: 100, Total: 1000}}},
				{50 * time.Second, solve.Progress{Phase: solve.PhaseSolving, Tier: 7, Tiered: true, Total: 4_000_000, Whole: solve.Whole{Pass: 2, Passes: 2, Tiers: 10, TiersDone: 3, Done: 400, Total: 1000}}},
				{80 * time.Second, solve.Progress{Phase: solve.PhaseSolving, Tier: 7, Tiered: true, Done: 1_000_000, Total: 4_000_000, Whole: solve.Whole{Pass: 2, Passes: 2, Tiers: 10, TiersDone: 3, Done: 600, Total: 1000}}},
			},
			want: []string{"sente: progress: 60%, about 1 min left: phase 2 of 2, solving tier 7 (3 of 10 tiers done), 1000000 of 4000000 positions, 33334 a second"},
		},
		{
			// A rules file's forward pass finds its tiers as it goes: the
			// whole is not known yet, and the line says which pass it is.
			name: "a rules file's forward pass",
			reports: []report{
				{0, solve.Progress{Phase: solve.PhaseDiscovering, Tier: 3, Tiered: true, Total: 10, Whole: solve.Whole{Pass: 1, Passes: 2}}},
				{61 * time.Second, solve.Progress{Phase: solve.PhaseDiscovering, Tier: 3, Tiered: true, Done: 6100, Total: 9000, Whole: solve.Whole{Pass: 1, Passes: 2}}},
			},
			want: []string{"sente: progress: phase 1 of 2, discovering tier 3, 6100 of 9000 positions found so far, 100 a second"},
		},
		{
			name:  "a shorter interval",
			every: 10 * time.Second,
			reports: []report{
				{0, solve.Progress{Phase: solve.PhaseExploring}},
				{5 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 10}},
				{10 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 20}},
				{20 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 40}},
			},
			want: []string{
				"sente: progress: exploring: 20 positions, 2 a second",
				"sente: progress: exploring: 40 positions, 2 a second",
			},
		},
		{
			// A book's search of one position of connect four 7×6 from
			// its start: minutes a position, not "1 a second".
			name: "fewer than one a second",
			reports: []report{
				{0, solve.Progress{Phase: "book of 8 plies, ply 1"}},
				{3 * time.Minute, solve.Progress{Phase: "book of 8 plies, ply 1", Done: 1}},
				{6 * time.Minute, solve.Progress{Phase: "book of 8 plies, ply 1", Done: 2}},
			},
			want: []string{
				"sente: progress: book of 8 plies, ply 1: 1 position, one every 3 min",
				"sente: progress: book of 8 plies, ply 1: 2 positions, one every 3 min",
			},
		},
		{
			name:  "off",
			every: noPlainProgress,
			reports: []report{
				{0, solve.Progress{Phase: solve.PhaseExploring}},
				{61 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 5}},
				{time.Hour, solve.Progress{Phase: solve.PhaseExploring, Done: 50}},
			},
		},
		{
			name: "short work says nothing",
			reports: []report{
				{0, solve.Progress{Phase: solve.PhaseExploring}},
				{59 * time.Second, solve.Progress{Phase: solve.PhaseExploring, Done: 5}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := t0
			var stderr bytes.Buffer
			e := &env{stderr: &stderr, progressEvery: tt.every, clock: func() time.Time { return now }}
			p := newProgress(e)
			p.atMost = tt.atMost
			for _, r := range tt.reports {
				now = t0.Add(r.at)
				p.report(r.r)
			}
			p.done()
			var got []string
			if stderr.Len() > 0 {
				got = strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("stderr:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if strings.ContainsAny(stderr.String(), "\r\033") {
				t.Errorf("stderr %q redraws in place", stderr.String())
			}
		})
	}
}

// TestTellPlan: a solve by the tier engine tells its plan (tiers, ranks,
// memory, disk, where its tables go) once, after its first seconds, with
// the time the rest takes at the rate they gave; a solve over sooner, or
// run with progress off where stderr is no terminal, tells nothing.
func TestTellPlan(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	start := tiers.TierStart{Tiers: 25, Ranks: 159_643_961, PeakBytes: 94_849_112, PeakDisk: 132_644_864}
	whole := func(done uint64) solve.Progress {
		return solve.Progress{Phase: solve.PhaseReaching, Tier: 3, Tiered: true, Whole: solve.Whole{Pass: 1, Passes: 2, Tiers: 25, Done: done, Total: 1000}}
	}
	tests := []struct {
		name  string
		every time.Duration
		at    []time.Duration // a report at each, 100 more done each time
		want  string
	}{
		{
			name: "told once, after its first seconds",
			at:   []time.Duration{0, time.Second, 3 * time.Second, 4 * time.Second},
			want: "sente: connect4:w=6,h=4: the tier engine solves 25 tiers of up to 159.6 million positions, holding about 90.4M of memory and 126.5M of disk at the peak, its tables in /tables/c4; about 11 s more at the rate of its first seconds\n",
		},
		{name: "over sooner", at: []time.Duration{0, time.Second, 2 * time.Second}},
		{name: "progress off", every: noPlainProgress, at: []time.Duration{0, 3 * time.Second, 6 * time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := t0
			var stderr bytes.Buffer
			e := &env{stderr: &stderr, progressEvery: tt.every, clock: func() time.Time { return now }}
			if tt.every == 0 {
				e.progressEvery = time.Hour // no progress lines, only the plan
			}
			p := newProgress(e)
			p.starting("connect4:w=6,h=4")("/tables/c4", start)
			for i, at := range tt.at {
				now = t0.Add(at)
				p.report(whole(uint64(100 * (i + 1))))
			}
			p.done()
			if stderr.String() != tt.want {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.want)
			}
		})
	}
}

// TestProgressEveryFromEnv: SENTE_PROGRESS_EVERY is a positive duration or
// off; anything else is refused with what is accepted.
func TestProgressEveryFromEnv(t *testing.T) {
	tests := []struct {
		value   string
		want    time.Duration
		wantErr string
	}{
		{value: "", want: 0},
		{value: "10m", want: 10 * time.Minute},
		{value: "1ns", want: time.Nanosecond},
		{value: "off", want: noPlainProgress},
		{value: "soon", wantErr: `SENTE_PROGRESS_EVERY="soon" is not an interval: want a positive duration such as 30s or 10m, or off`},
		{value: "0s", wantErr: `SENTE_PROGRESS_EVERY="0s" is not an interval`},
		{value: "-1m", wantErr: `SENTE_PROGRESS_EVERY="-1m" is not an interval`},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			t.Setenv(progressEveryEnv, tt.value)
			got, err := progressEveryFromEnv()
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// TestPlainProgressCommand: a command run with stderr not a terminal
// writes its plain progress lines on stderr and nothing more on stdout
// than without them.
func TestPlainProgressCommand(t *testing.T) {
	args := []string{"solve", "connect4:w=4,h=4", "--engine", "hash"}
	var quiet, out, stderr bytes.Buffer
	if status := run(context.Background(), args, strings.NewReader(""), &quiet, &stderr, false); status != 0 || stderr.Len() != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr.String())
	}
	status := process{progressEvery: time.Nanosecond}.run(context.Background(), args, strings.NewReader(""), &out, &stderr, false)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr.String())
	}
	if mask(t, out.String()) != mask(t, quiet.String()) {
		t.Errorf("stdout with progress:\n%s\nwithout:\n%s", out.String(), quiet.String())
	}
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("stderr %q: want progress lines", stderr.String())
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "sente: progress: ") || !strings.Contains(l, " positions") {
			t.Errorf("stderr line %q", l)
		}
	}
}

// TestPlainHeapProgress: the search of a heap game's values writes its
// plain line a minute too.
func TestPlainHeapProgress(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := t0
	var stderr bytes.Buffer
	p := newHeapProgress(&env{stderr: &stderr, clock: func() time.Time { return now }})
	for _, step := range []struct {
		at       time.Duration
		reached  int
		fraction float64
	}{{30 * time.Second, 100, 0.1}, {60 * time.Second, 200, 0.25}, {90 * time.Second, 300, 0.4}} {
		now = t0.Add(step.at)
		p.report(step.reached, step.fraction)
	}
	p.done()
	want := "sente: progress: computing Grundy values: G(200) reached, 25%, about 3m0s left\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}
