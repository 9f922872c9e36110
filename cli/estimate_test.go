package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente/solve"
)

// TestRefuseWhatCannotFit: a solve that by the game's own estimate needs
// more memory than --max-memory is refused at once, in one line with the
// estimate and the largest sizes that fit; --force goes ahead; small sizes
// are not affected.
func TestRefuseWhatCannotFit(t *testing.T) {
	refused := []struct {
		args []string
		want []string
	}{
		{[]string{"solve", "connect4", "--engine", "tiers"}, []string{"connect4: up to 70.7 trillion positions", "the tier engine would need about 31T of memory", "more than the memory allowed (16G)", "on the tier engine, the largest that fit: connect4:w=", "--max-memory", "--force"}},
		{[]string{"solve", "connect4:w=6,h=4", "--max-memory", "64M", "--engine", "tiers"}, []string{"up to 159.6 million positions", "the memory allowed (64M)", "on the tier engine, the largest that fit: connect4:w=5,h=4,k=4", "--max-memory 0.1G allows it"}},
		{[]string{"solve", "consecutive:n=64"}, []string{"consecutive:n=64: up to", "consecutive:n=28,m=2"}},
		{[]string{"moves", "kayles:n=1000"}, []string{"kayles:n=1000: up to", "kayles:n="}},
		{[]string{"table", "kayles:n=1000", "--misere"}, []string{"kayles:n=1000: up to", "kayles:n="}},
		{[]string{"explain", "tictactoe:m=4,n=8", "--engine", "tiers"}, []string{"tictactoe:m=4,n=8: up to", "the largest that fit"}},
		{[]string{"play", "tofu:x=100,y=100,z=100", "--engine", "hash"}, []string{"up to 33.2 billion positions", "--force"}},
	}
	for _, tt := range refused {
		start := time.Now()
		if !strings.Contains(strings.Join(tt.args, " "), "--max-memory") {
			// The default depends on the machine; the suggestions are
			// pinned for 16G.
			tt.args = append(tt.args, "--max-memory", "16G")
		}
		r := runCLI(t, context.Background(), "", tt.args...)
		if r.status != 2 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("sente %s: status %d, stdout %q, stderr %q; want status 2 and one line", strings.Join(tt.args, " "), r.status, r.stdout, r.stderr)
		}
		for _, w := range tt.want {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("sente %s: %q lacks %q", strings.Join(tt.args, " "), r.stderr, w)
			}
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("sente %s took %v to refuse", strings.Join(tt.args, " "), d)
		}
	}

	// describe says how large the game is before anyone tries.
	r := runCLI(t, context.Background(), "", "describe", "connect4", "--max-memory", "16G")
	if text := strings.Join(strings.Fields(r.stdout), " "); !strings.Contains(text, "size: at most 70.7 trillion positions") || !strings.Contains(text, "no table fits") ||
		!strings.Contains(text, "so search answers the position instead") || strings.Contains(text, "solving is refused") {
		t.Errorf("describe connect4 does not give its size, or that search answers where no table fits:\n%s", r.stdout)
	}

	// --force gets past the check: the solve starts and stops at its
	// position limit instead.
	r = runCLI(t, context.Background(), "", "solve", "connect4", "--force", "--max-positions", "1000")
	if r.status != 2 || strings.Contains(r.stderr, "largest that fit") || !strings.Contains(r.stderr, "1000 positions") {
		t.Errorf("solve connect4 --force: status %d, stderr %q; want the position limit's error", r.status, r.stderr)
	}

	for _, args := range [][]string{
		{"solve", "connect4:w=4,h=3"},
		{"solve", "tictactoe", "--max-memory", "64M"},
		{"solve", "consecutive:n=12"},
		{"solve", "kayles:n=30"},
		{"solve", "subtraction:1,3,4,n=1000"},
	} {
		if r := runCLI(t, context.Background(), "", args...); r.status != 0 {
			t.Errorf("sente %s: status %d, stderr %q", strings.Join(args, " "), r.status, r.stderr)
		}
	}
}

// TestProgressTimeLeft: the progress line gives the time left at the rate
// seen in the current phase, and the game's bound while exploring; while a
// loopy tier's open positions settle, a bound, since the draws among them
// never do.
func TestProgressTimeLeft(t *testing.T) {
	p := &progress{atMost: 4e6}
	t0 := time.Unix(1000, 0)
	p.phase, p.phaseStart = "solving", t0
	if got, want := p.line(solve.Progress{Phase: "solving", Done: 1000, Total: 4000}, t0.Add(10*time.Second)), "solving: 1000 of 4000 positions (25%), about 30 s left"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p.phase = solve.PhaseSettlingLoops
	if got, want := p.line(solve.Progress{Phase: solve.PhaseSettlingLoops, Done: 1000, Total: 4000}, t0.Add(10*time.Second)), "settling loops: 1000 of 4000 open positions settled (25%), at most 30 s left"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p.phase = "exploring"
	if got, want := p.line(solve.Progress{Phase: "exploring", Done: 1e6}, t0.Add(2*time.Minute)), "exploring: 1000000 positions (at most 4.0 million), at most 6 min left"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestInterruptedSearchSaysWhatItProved: a search stopped by an
// interrupt (the command's context cancelled) says on stderr what it had
// proved, then that it was interrupted, with nothing on stdout and the
// exit status of an interruption.
func TestInterruptedSearchSaysWhatItProved(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(2*time.Second, cancel) // as Ctrl-C does
	r := runCLI(t, ctx, "", "solve", "connect4", "--max-memory", "1G")
	if r.status != 130 || r.stdout != "" {
		t.Fatalf("status %d, stdout %q, stderr %q; want 130 and nothing on stdout", r.status, r.stdout, r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "so search answers the position instead") ||
		!strings.HasPrefix(lines[1], "sente: the search of ......./......./......./......./......./....... stopped; proved so far: ") ||
		!strings.Contains(lines[1], " nodes in ") || lines[2] != "sente: interrupted" {
		t.Errorf("stderr:\n%s", r.stderr)
	}
}
