package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"flag"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente/internal/testmode"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// result is what one in-process run of the command produced.
type result struct {
	status         int
	stdout, stderr string
}

func runCLI(t *testing.T, ctx context.Context, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	status := run(ctx, args, strings.NewReader(stdin), &stdout, &stderr, false)
	return result{status, stdout.String(), stderr.String()}
}

var timeLine = regexp.MustCompile(`(?m)^(\s*time\s.*)$`)
var number = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)

// mask hides what changes from run to run: the numbers on the time line of
// solve's text output, and the timing fields of its JSON output (which
// TestSolveJSON checks are there).
func mask(t *testing.T, out string) string {
	t.Helper()
	out = timeLine.ReplaceAllStringFunc(out, func(line string) string {
		return number.ReplaceAllString(line, "N")
	})
	var obj map[string]any
	if !strings.HasPrefix(out, "{") || json.Unmarshal([]byte(out), &obj) != nil {
		return out // not one JSON object: text, or JSON lines
	}
	_, seconds := obj["seconds"]
	_, rate := obj["positions_per_second"]
	if !seconds && !rate {
		return out // not solve's output
	}
	delete(obj, "seconds")
	delete(obj, "positions_per_second")
	b, err := json.MarshalIndent(obj, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// TestGolden runs commands that succeed and compares their standard output,
// masked, with testdata/NAME.golden. Run with -update to rewrite the files.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"list", []string{"list"}},
		{"list_json", []string{"list", "--json"}},
		{"describe_cards", []string{"describe", "cards"}},
		{"describe_chopsticks_json", []string{"describe", "chopsticks", "--json"}},
		{"solve_cards", []string{"solve", "cards"}},
		{"solve_cards_json", []string{"solve", "cards", "--json"}},
		{"solve_tictactoe_json", []string{"solve", "tictactoe", "--json"}},
		{"solve_chopsticks_niece", []string{"solve", "chopsticks", "--from", "4,4 4,3 first", "--restrict", "second=niece"}},
		{"solve_chopsticks_niece_attacks", []string{"solve", "chopsticks", "--from", "4,4 4,3 first", "--restrict", "second=niece-attacks"}},
		{"moves_cards_1", []string{"moves", "cards", "1/-"}},
		{"moves_cards_1_json", []string{"moves", "cards", "1/-", "--json"}},
		{"moves_tictactoe_json", []string{"moves", "tictactoe", "--json"}},
		{"solve_connect4_4x4", []string{"solve", "connect4:w=4,h=4"}},
		{"grundy_kayles", []string{"grundy", "kayles", "--param", "n=0..100"}},
		{"grundy_count_json", []string{"grundy", "count", "--param", "start=1..21", "--json"}},
		{"grundy_subtraction", []string{"grundy", "subtraction:1,3,4", "--param", "n=0..30"}},
		{"sweep_consecutive", []string{"sweep", "consecutive", "--param", "n=1..30", "--param", "m=1..4"}},
		{"sweep_count_grundy_json", []string{"sweep", "count", "--param", "most=1..3", "--grundy", "--json"}},
		{"moves_consecutive_11_3", []string{"moves", "consecutive:n=11,m=3"}},
		{"solve_nim_misere", []string{"solve", "nim:heaps=1/1/1", "--misere"}},
		{"tofu_explain", []string{"tofu", "--explain", "../games/testdata/tofu_2.in"}},
		{"tofu_json", []string{"tofu", "--json", "../games/testdata/tofu_3.in"}},
		{"explain_cards", []string{"explain", "cards"}},
		{"table_count_csv", []string{"table", "count:lose=6", "--best"}},
		{"solve_rules_cards", []string{"solve", "../examples/cards.star"}},
		{"moves_rules_count", []string{"moves", "../examples/count.star:lose=9,most=2"}},
		{"grundy_rules_count", []string{"grundy", "../examples/count.star", "--param", "start=1..21"}},
		{"check_rules_count", []string{"check", "../examples/count.star"}},
		{"table_chopsticks_puzzle_lines", []string{"table", "chopsticks:overflow=cutoff", "--from", "4,4 4,3 first", "--restrict", "second=niece", "--format", "jsonl"}},
		{"explain_cards_after_1", []string{"explain", "cards", "1/-"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), "", tt.args...)
			if r.status != 0 || r.stderr != "" {
				t.Fatalf("sente %s: status %d, stderr %q; want 0 and nothing", strings.Join(tt.args, " "), r.status, r.stderr)
			}
			got := mask(t, r.stdout)
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("sente %s: output differs from %s (run go test -update if the change is intended)\n--- got\n%s--- want\n%s",
					strings.Join(tt.args, " "), path, got, want)
			}
		})
	}
}

// TestMaskTimeLine checks that the time line really is masked, so that the
// goldens do not depend on the machine.
func TestMaskTimeLine(t *testing.T) {
	r := runCLI(t, context.Background(), "", "solve", "cards")
	got := mask(t, r.stdout)
	if !strings.Contains(got, "  time           N s (explore N s, solve N s), N positions/s\n") {
		t.Errorf("time line not masked as expected:\n%s", got)
	}
}

func TestSolveJSON(t *testing.T) {
	tests := []struct {
		args                      []string
		value, winner, turn, posn string
		remoteness                int
		restrict                  map[string]string
	}{
		{args: []string{"solve", "cards", "--json"}, value: "win", winner: "first", turn: "first", posn: "-/-", remoteness: 9, restrict: map[string]string{}},
		{args: []string{"solve", "tictactoe", "--json"}, value: "tie", winner: "none", turn: "first", posn: ".../.../...", remoteness: 9, restrict: map[string]string{}},
		{args: []string{"solve", "chopsticks", "--from", "4,4 4,3 first", "--restrict", "second=niece-attacks", "--json"},
			value: "win", winner: "first", turn: "first", posn: "4,4 4,3 first", remoteness: 7, restrict: map[string]string{"second": "niece-attacks"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runCLI(t, context.Background(), "", tt.args...)
			if r.status != 0 || r.stderr != "" {
				t.Fatalf("status %d, stderr %q", r.status, r.stderr)
			}
			var got struct {
				Position  string            `json:"position"`
				Positions int               `json:"positions"`
				Restrict  map[string]string `json:"restrict"`
				Seconds   *float64          `json:"seconds"`
				Rate      *float64          `json:"positions_per_second"`
				BestMoves []string          `json:"best_moves"`
				Start     struct {
					Value      string `json:"value"`
					Remoteness int    `json:"remoteness"`
					Winner     string `json:"winner"`
					Turn       string `json:"turn"`
				}
				MainLine []struct {
					Move, Player, Value, Position string
					Remoteness                    int
				} `json:"main_line"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
				t.Fatalf("%v\n%s", err, r.stdout)
			}
			// The position's own outcome is at the top, as in a table row.
			if err := json.Unmarshal([]byte(r.stdout), &got.Start); err != nil {
				t.Fatal(err)
			}
			// The main line starts with a best move, each ply's remoteness
			// one less than the last, and ends the game.
			if len(got.MainLine) != tt.remoteness || got.MainLine[0].Move != got.BestMoves[0] {
				t.Errorf("main line %+v: want %d plies from %s", got.MainLine, tt.remoteness, got.BestMoves[0])
			}
			for i, m := range got.MainLine {
				if m.Remoteness != tt.remoteness-i || m.Position == "" {
					t.Errorf("main line ply %d: %+v, want remoteness %d", i+1, m, tt.remoteness-i)
				}
			}
			if got.Start.Value != tt.value || got.Start.Winner != tt.winner || got.Start.Turn != tt.turn || got.Start.Remoteness != tt.remoteness {
				t.Errorf("start = %+v; want value %s, winner %s, turn %s, remoteness %d", got.Start, tt.value, tt.winner, tt.turn, tt.remoteness)
			}
			if got.Position != tt.posn {
				t.Errorf("position = %q, want %q", got.Position, tt.posn)
			}
			if got.Positions <= 0 || len(got.BestMoves) == 0 {
				t.Errorf("positions = %d, best_moves = %q; want some of each", got.Positions, got.BestMoves)
			}
			if got.Seconds == nil || got.Rate == nil || *got.Seconds < 0 || *got.Rate < 0 {
				t.Errorf("seconds = %v, positions_per_second = %v; want both, not negative", got.Seconds, got.Rate)
			}
			if !equalMaps(got.Restrict, tt.restrict) {
				t.Errorf("restrict = %v, want %v", got.Restrict, tt.restrict)
			}
		})
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestMovesJSON checks the shape of moves --json: an array of objects with
// exactly move, player, position, value, remoteness and words, and best on
// the best moves, the value being for the player making the move.
func TestMovesJSON(t *testing.T) {
	r := runCLI(t, context.Background(), "", "moves", "cards", "1/-", "--json")
	if r.status != 0 || r.stderr != "" {
		t.Fatalf("status %d, stderr %q", r.status, r.stderr)
	}
	var raw []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &raw); err != nil {
		t.Fatalf("not a JSON array of objects: %v\n%s", err, r.stdout)
	}
	if len(raw) != 5 {
		t.Fatalf("%d moves, want 5 (the second player's cards 1 to 5)", len(raw))
	}
	for _, m := range raw {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		want := []string{"move", "player", "position", "remoteness", "value", "words"}
		if m["value"] == "win" {
			want = []string{"best", "move", "player", "position", "remoteness", "value", "words"}
		}
		if !slices.Equal(keys, want) {
			t.Errorf("move object has keys %v, want %v", keys, want)
		}
		for _, k := range []string{"move", "player", "position", "value"} {
			if _, ok := m[k].(string); !ok {
				t.Errorf("%s = %#v, want a string", k, m[k])
			}
		}
		if n, ok := m["remoteness"].(float64); !ok || n < 0 || n != float64(int(n)) {
			t.Errorf("remoteness = %#v, want a whole number", m["remoteness"])
		}
	}
	var moves []struct {
		Move, Position, Value string
		Remoteness            int
	}
	if err := json.Unmarshal([]byte(r.stdout), &moves); err != nil {
		t.Fatal(err)
	}
	// After the first player's 1, only the second player's 1 wins (for the
	// second player, who makes the move): 1+... reaches exactly 23.
	if m := moves[0]; m.Move != "1" || m.Value != "win" || m.Position != "1/1" || m.Remoteness != 7 {
		t.Errorf("best move = %+v, want 1 to 1/1, win in 7", m)
	}
	for _, m := range moves[1:] {
		if m.Value != "lose" {
			t.Errorf("move %s: value %s, want lose (only 1 wins)", m.Move, m.Value)
		}
		if m.Position != "1/"+m.Move {
			t.Errorf("move %s leads to %q, want %q", m.Move, m.Position, "1/"+m.Move)
		}
	}

	// tic-tac-toe from the start: nine moves, every one a tie in 9.
	r = runCLI(t, context.Background(), "", "moves", "tictactoe", "--json")
	if r.status != 0 || r.stderr != "" {
		t.Fatalf("status %d, stderr %q", r.status, r.stderr)
	}
	moves = nil
	if err := json.Unmarshal([]byte(r.stdout), &moves); err != nil {
		t.Fatal(err)
	}
	if len(moves) != 9 {
		t.Fatalf("%d moves, want 9", len(moves))
	}
	for _, m := range moves {
		if m.Value != "tie" || m.Remoteness != 9 {
			t.Errorf("move %s: %s in %d, want tie in 9", m.Move, m.Value, m.Remoteness)
		}
	}
}

// TestInterrupted: a cancelled context (Ctrl-C) stops a command with status
// 130 and "interrupted".
func TestInterrupted(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "cards"},
		{"solve", "connect4:w=4,h=4"},
		{"moves", "tictactoe"},
		{"play", "tictactoe"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			r := runCLI(t, ctx, "a1\n", args...)
			if r.status != 130 {
				t.Errorf("status %d, want 130", r.status)
			}
			if r.stderr != "sente: interrupted\n" {
				t.Errorf("stderr %q, want %q", r.stderr, "sente: interrupted\n")
			}
			if r.stdout != "" {
				t.Errorf("stdout %q, want nothing", r.stdout)
			}
		})
	}
}

// stallingReader is a terminal where Ctrl-C is pressed while play waits for
// a move: Read cancels the context and then blocks until release is closed.
type stallingReader struct {
	cancel  context.CancelFunc
	release chan struct{}
}

func (r stallingReader) Read([]byte) (int, error) {
	r.cancel()
	<-r.release
	return 0, io.EOF
}

// TestInterruptedWhilePlaying: Ctrl-C at play's prompt ends the game with
// status 130 and "interrupted", without waiting for a line of input.
func TestInterruptedWhilePlaying(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := stallingReader{cancel, make(chan struct{})}
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"play", "tictactoe"}, in, &stdout, &stderr, false) }()
	var status int
	select {
	case status = <-done:
	case <-time.After(5 * time.Second):
		t.Error("play still waits for input 5 s after the interrupt")
		close(in.release)
		status = <-done
		in.release = nil
	}
	if in.release != nil {
		close(in.release)
	}
	if status != 130 || stderr.String() != "sente: interrupted\n" {
		t.Errorf("status %d, stderr %q; want 130 and %q", status, stderr.String(), "sente: interrupted\n")
	}
}

// TestPictures draws each kind of picture into a temporary directory and
// checks that the files are what they say: SVG parses as XML, PNG decodes.
func TestPictures(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
	}{
		{"cards.png", []string{"picture", "table", "cards"}},
		{"cards.svg", []string{"picture", "table", "cards", "--rows", "second", "--cols", "first"}},
		{"count.svg", []string{"picture", "graph", "count:lose=6"}},
		{"count.png", []string{"picture", "graph", "count:lose=6", "--across"}},
		{"count.dot", []string{"picture", "graph", "count:lose=6"}},
		{"kayles.svg", []string{"picture", "grundy", "kayles", "--param", "n=0..100"}},
		{"count-grundy.png", []string{"picture", "grundy", "count", "--param", "start=1..21"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name)
			r := runCLI(t, context.Background(), "", append(tt.args, "-o", path)...)
			if r.status != 0 || r.stderr != "" {
				if strings.Contains(r.stderr, "dot is not installed") {
					testmode.Missing(t, "Graphviz's dot", "on Debian: apt-get install graphviz")
				}
				t.Fatalf("status %d, stderr %q", r.status, r.stderr)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			switch filepath.Ext(path) {
			case ".png":
				img, err := png.Decode(bytes.NewReader(data))
				if err != nil || img.Bounds().Dx() < 100 || img.Bounds().Dy() < 100 {
					t.Fatalf("PNG: %v, %v", err, img)
				}
			case ".svg":
				d := xml.NewDecoder(bytes.NewReader(data))
				for {
					if _, err := d.Token(); err == io.EOF {
						break
					} else if err != nil {
						t.Fatalf("SVG is not XML: %v", err)
					}
				}
			case ".dot":
				if !bytes.HasPrefix(data, []byte("digraph")) {
					t.Fatalf("DOT starts %q", data[:min(20, len(data))])
				}
			}
		})
	}
	// Nothing half-written is left beside the pictures.
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}
