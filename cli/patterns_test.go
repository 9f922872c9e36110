package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// goldenOutput compares the standard output of a successful run with
// testdata/name.golden, or rewrites the file with -update.
func goldenOutput(t *testing.T, name string, args ...string) string {
	t.Helper()
	r := runCLI(t, context.Background(), "", args...)
	if r.status != 0 || r.stderr != "" {
		t.Fatalf("sente %s: status %d, stderr %q; want 0 and nothing", strings.Join(args, " "), r.status, r.stderr)
	}
	got := mask(t, r.stdout)
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("sente %s: output differs from %s (run go test -update if the change is intended)\n--- got\n%s--- want\n%s",
			strings.Join(args, " "), path, got, want)
	}
	return got
}

// TestSweepPatternNeedsEvidence: the count game with at most 2 numbers a
// turn has period 3 in lose; its last two values alike are no constant tail.
func TestSweepPatternNeedsEvidence(t *testing.T) {
	got := goldenOutput(t, "sweep_count_most2", "sweep", "count:most=2", "--param", "lose=1..30")
	for _, want := range []string{
		"Patterns (observed for lose = 1..30, not proven):",
		"the first player wins exactly when lose mod 3 is 0 or 2 (the second player wins otherwise)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("sweep count:most=2 does not say %q", want)
		}
	}
	if strings.Contains(got, "always wins") {
		t.Errorf("sweep count:most=2 states a constant tail:\n%s", got)
	}
	// Four values of a period-3 sequence are too few for any pattern.
	short := runCLI(t, context.Background(), "", "sweep", "count:most=2", "--param", "lose=1..4")
	if !strings.Contains(short.stdout, "Patterns: no pattern found in lose = 1..4.") {
		t.Errorf("sweep over lose = 1..4:\n%s\nwant no pattern found", short.stdout)
	}
}

// TestGrundyNoPattern: too few values for a conjecture.
func TestGrundyNoPattern(t *testing.T) {
	r := runCLI(t, context.Background(), "", "grundy", "count", "--param", "lose=1..5")
	if r.status != 0 || !strings.HasSuffix(r.stdout, "no pattern found in lose = 1..5\n") {
		t.Errorf("grundy count over lose = 1..5: status %d\n%s", r.status, r.stdout)
	}
	r = runCLI(t, context.Background(), "", "grundy", "count", "--param", "lose=1..12")
	if want := "conjecture (observed for lose = 1..12, not proven): G(lose) = (lose + 3) mod 4"; !strings.Contains(r.stdout, want) {
		t.Errorf("grundy count over lose = 1..12:\n%s\nwant %q", r.stdout, want)
	}
}

// TestSweepSkipsInvalidCells: a grid with combinations that are not games
// (k longer than the board) marks them and goes on.
func TestSweepSkipsInvalidCells(t *testing.T) {
	got := goldenOutput(t, "sweep_tictactoe_skipped", "sweep", "tictactoe", "--param", "m=2..4", "--param", "k=2..4")
	if !strings.Contains(got, "Skipped (-):\n  tictactoe: k=4 cannot be reached on a board of 2 rows") {
		t.Errorf("sweep does not list the skipped cells:\n%s", got)
	}
	r := runCLI(t, context.Background(), "", "sweep", "tictactoe", "--param", "m=2..4", "--param", "k=2..4", "--json")
	if r.status != 0 {
		t.Fatalf("sweep --json: status %d, stderr %q", r.status, r.stderr)
	}
	var out struct {
		Results []struct {
			Params  map[string]int `json:"param_values"`
			Winner  string         `json:"winner"`
			Skipped bool           `json:"skipped"`
			Reason  string         `json:"reason"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	skipped := 0
	for _, c := range out.Results {
		invalid := c.Params["k"] > max(c.Params["m"], 3) // n = 3 columns
		if c.Skipped != invalid || (c.Skipped && !strings.Contains(c.Reason, "cannot be reached")) || (!c.Skipped && c.Winner == "") {
			t.Errorf("cell %v: skipped %v, reason %q, winner %q", c.Params, c.Skipped, c.Reason, c.Winner)
		}
		if c.Skipped {
			skipped++
		}
	}
	if len(out.Results) != 9 || skipped != 2 {
		t.Errorf("%d cells, %d skipped; want 9 and 2", len(out.Results), skipped)
	}
	// A reason shared by several cells is listed once.
	r = runCLI(t, context.Background(), "", "sweep", "count:lose=4", "--param", "start=1..6", "--param", "most=1..3")
	if r.status != 0 || !strings.Contains(r.stdout, "  count: start=5; want 1 to lose=4 (3 cells)\n  count: start=6;") {
		t.Errorf("sweep count:lose=4 over start = 1..6: status %d\n%s", r.status, r.stdout)
	}
	// A cell past --max-positions is skipped too, and the grid goes on.
	r = runCLI(t, context.Background(), "", "sweep", "tictactoe", "--param", "m=2..4", "--max-positions", "3000")
	if r.status != 0 || !strings.Contains(r.stdout, "  3     -\n") ||
		!strings.Contains(r.stdout, "tictactoe:m=3: too many positions: more than 3000 positions are reachable (--max-positions 3000)") {
		t.Errorf("sweep past --max-positions: status %d, stderr %q\n%s", r.status, r.stderr, r.stdout)
	}
	// When no combination is a game, the spec itself is wrong.
	r = runCLI(t, context.Background(), "", "sweep", "tictactoe:m=2,n=2", "--param", "k=3..4")
	if r.status != 2 || r.stdout != "" || !strings.Contains(r.stderr, "cannot be reached") {
		t.Errorf("sweep with no valid cell: status %d, stdout %q, stderr %q", r.status, r.stdout, r.stderr)
	}
}

// TestGrundyHeapSearchBounded: a plain grundy of a game whose values cost
// in proportion to n stops after its default work and says how to go
// further; a proof within the default is kept, and --limit is followed.
func TestGrundyHeapSearchBounded(t *testing.T) {
	r := runCLI(t, context.Background(), "", "grundy", "octal:0.1234567", "--param", "n=0..10", "--max-work", "20000000")
	want := regexp.MustCompile(`no period found up to G\(([0-9]+)\) \(the default search stops after a few seconds of work\); --limit ([0-9]+) looks further\n$`)
	if r.status != 0 || !want.MatchString(r.stdout) {
		t.Errorf("grundy octal:0.1234567: status %d\n%s", r.status, r.stdout)
	}
	r = runCLI(t, context.Background(), "", "grundy", "octal:0.1234567", "--param", "n=0..10", "--max-work", "20000000", "--json")
	var out struct {
		Searched int    `json:"searched_to"`
		Note     string `json:"conjecture"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || out.Searched < 1000 || !strings.Contains(out.Note, "--limit") {
		t.Errorf("grundy --json: %v, %+v", err, out)
	}

	r = runCLI(t, context.Background(), "", "grundy", "octal:0.16", "--param", "n=0..100")
	if !strings.Contains(r.stdout, "period 149459 from n = 105351, proven") {
		t.Errorf("grundy octal:0.16 with the default bound:\n%s", r.stdout)
	}
	r = runCLI(t, context.Background(), "", "grundy", "octal:0.16", "--param", "n=0..100", "--limit", "200000")
	if !strings.HasSuffix(r.stdout, "no period found up to G(200000); --limit 400000 looks further\n") {
		t.Errorf("grundy octal:0.16 --limit 200000:\n%s", r.stdout)
	}
	r = runCLI(t, context.Background(), "", "grundy", "octal:0.16", "--param", "n=0..100", "--limit", "600000")
	if !strings.Contains(r.stdout, "period 149459 from n = 105351, proven") {
		t.Errorf("grundy octal:0.16 --limit 600000:\n%s", r.stdout)
	}
}

// TestExplainStrategies pins what explain says of the three games a new user
// tries first: the count game's and nim's strategies are target sets (end
// every turn on a multiple of 4; leave a nim-sum of 0), the card game's a
// reply rule (answer x with 7 − x, pinned by TestGolden's explain_cards).
func TestExplainStrategies(t *testing.T) {
	for _, tt := range []struct{ game, want string }{
		{"count", "Always move to a position where the last number said is a multiple of 4."},
		{"nim", "where the XOR (nim-sum) of the size of heap 1, 2 and 3 is 0."},
		{"cards", "7 − x"},
	} {
		got := goldenOutput(t, "explain_"+tt.game, "explain", tt.game)
		if !strings.Contains(got, tt.want) {
			t.Errorf("explain %s does not say %q:\n%s", tt.game, tt.want, got)
		}
		if tt.game != "cards" && strings.Contains(got, "no simple reply rule") {
			t.Errorf("explain %s still says there is no simple rule", tt.game)
		}
	}
}

// TestHeapProgress: on a terminal, after the first second, the search shows
// how far it is and the time left, and clears the line at the end; off a
// terminal it shows nothing.
func TestHeapProgress(t *testing.T) {
	for _, tty := range []bool{true, false} {
		var stderr strings.Builder
		p := newHeapProgress(&env{stderr: &stderr, tty: tty})
		p.start = p.start.Add(-10 * time.Second)
		p.report(50000, 0.25)
		p.done()
		want := "\r\033[Kcomputing Grundy values: G(50000) reached, 25%, about 30s left (Ctrl-C stops)\r\033[K"
		if !tty {
			want = ""
		}
		if stderr.String() != want {
			t.Errorf("tty %v: progress %q, want %q", tty, stderr.String(), want)
		}
	}
}

// TestPictureGrundyPeriodNeedsEvidence: the plot marks a period only with
// the evidence a sweep asks for, and says what it was observed on.
func TestPictureGrundyPeriodNeedsEvidence(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		lose, want string
	}{
		{"1..5", ""},
		{"1..30", "period 4 from lose = 1 (conjectured: observed for lose = 1..30, not proven)"},
	} {
		out := filepath.Join(dir, "g.svg")
		r := runCLI(t, context.Background(), "", "picture", "grundy", "count", "--param", "lose="+tt.lose, "-o", out)
		if r.status != 0 {
			t.Fatalf("picture grundy: status %d, stderr %q", r.status, r.stderr)
		}
		svg, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if tt.want == "" && strings.Contains(string(svg), "period") {
			t.Errorf("lose = %s: the plot marks a period from too few values", tt.lose)
		}
		if tt.want != "" && !strings.Contains(string(svg), tt.want) {
			t.Errorf("lose = %s: the plot does not say %q", tt.lose, tt.want)
		}
	}
}
