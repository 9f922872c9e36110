package isolated

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/hashing"
)

// TestMain lets the test binary serve as the child.
func TestMain(m *testing.M) {
	sandbox.Init()
	os.Exit(m.Run())
}

var lim = Limits{Memory: 512 << 20, MaxPositions: 1_000_000}

// TestGraphSolvesAsTheFile: the graph a child sends back has the positions,
// moves and values of the rules file's own game, position by position.
func TestGraphSolvesAsTheFile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this child processes: rules files explored in isolated children, position by position (about 2 s)")
	}
	for _, tt := range []struct {
		file string
		args []sente.Arg
	}{
		{"../../examples/count.star", nil},
		{"../../examples/count.star", []sente.Arg{{Key: "lose", Value: "10"}, {Key: "most", Value: "2"}}},
		{"../../examples/chopsticks.star", nil},
		{"../../examples/tictactoe.star", nil},
	} {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			ctx := context.Background()
			f, err := Load(ctx, tt.file, lim)
			if err != nil {
				t.Fatal(err)
			}
			graph, err := f.Explore(ctx, tt.args, "")
			if err != nil {
				t.Fatal(err)
			}
			fam, err := rules.Load(tt.file, rules.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if fam.Name != f.Family.Name || fam.Summary != f.Family.Summary || len(fam.Params) != len(f.Family.Params) {
				t.Errorf("family %q %q %d params, want %q %q %d", f.Family.Name, f.Family.Summary, len(f.Family.Params), fam.Name, fam.Summary, len(fam.Params))
			}
			vals, err := sente.Bind(fam.Name, fam.Params, tt.args)
			if err != nil {
				t.Fatal(err)
			}
			direct, err := fam.New(vals)
			if err != nil {
				t.Fatal(err)
			}
			want, err := hashing.Solve(ctx, direct, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := hashing.Solve(ctx, graph.Game(), hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Positions() != want.Positions() || graph.Len() != want.Positions() {
				t.Fatalf("%d positions (graph %d), want %d", got.Positions(), graph.Len(), want.Positions())
			}
			impartial := sente.CapabilitiesOf(direct).IsImpartial()
			if ok := sente.CapabilitiesOf(graph.Game()).IsImpartial(); ok != impartial {
				t.Errorf("impartial %v, want %v", ok, impartial)
			}
			checked := 0
			want.Each(func(p sente.Position, o sente.Outcome) bool {
				text := direct.FormatPosition(p)
				q, err := graph.ParsePosition(text)
				if err != nil {
					t.Errorf("%s: %v", text, err)
					return false
				}
				if g, _ := got.Outcome(q); g != o {
					t.Errorf("%s: %v, want %v", text, g, o)
				}
				if graph.Turn(q) != direct.Turn(p) {
					t.Errorf("%s: turn %v, want %v", text, graph.Turn(q), direct.Turn(p))
				}
				var names []string
				if _, ended := direct.Ended(p); !ended {
					for _, m := range direct.Moves(p) {
						names = append(names, m.Name+">"+direct.FormatPosition(m.To))
					}
				}
				var gotNames []string
				if _, ended := graph.Ended(q); !ended {
					for _, m := range graph.Moves(q) {
						gotNames = append(gotNames, m.Name+">"+graph.FormatPosition(m.To))
					}
				}
				if strings.Join(names, " ") != strings.Join(gotNames, " ") {
					t.Errorf("%s: moves %v, want %v", text, gotNames, names)
				}
				checked++
				return true
			})
			if checked != want.Positions() {
				t.Errorf("checked %d of %d positions", checked, want.Positions())
			}
		})
	}
}

// TestErrors: the file's mistakes, a bad position and too many positions
// come back as errors of their own; a child that runs out of memory dies
// alone and says so in one line.
func TestErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	if _, err := Load(ctx, write("syntax.star", "def start(:\n"), lim); err == nil || !strings.Contains(err.Error(), "syntax.star:1") {
		t.Errorf("syntax error: %v", err)
	}
	f, err := Load(ctx, "../../examples/count.star", lim)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Explore(ctx, nil, "nonsense"); err == nil {
		t.Error("a position that does not parse was explored")
	}
	small := *f
	small.lim.MaxPositions = 5
	if _, err := small.Explore(ctx, nil, ""); !errors.Is(err, ErrTooMany) {
		t.Errorf("5 positions at most: %v", err)
	}
	huge := write("huge.star", "def start(): return len(list(range(2000000000)))\ndef moves(p): return []\ndef turn(p): return 'first'\n")
	hf, err := Load(ctx, huge, Limits{Memory: 128 << 20, MaxPositions: 10})
	if err != nil {
		t.Fatal(err)
	}
	_, err = hf.Explore(ctx, nil, "")
	var limit *sandbox.LimitError
	if !errors.As(err, &limit) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "huge.star") {
		t.Errorf("huge list: %v", err)
	}
}

// TestGraphKeepsBoards: a file that defines board(p) sends its boards back
// with the graph, so that the browser app draws a pasted file's grid; a
// file without board has none.
func TestGraphKeepsBoards(t *testing.T) {
	ctx := context.Background()
	f, err := Load(ctx, "../../rules/testdata/ttt.star", lim)
	if err != nil {
		t.Fatal(err)
	}
	graph, err := f.Explore(ctx, nil, `"x...o...."`)
	if err != nil {
		t.Fatal(err)
	}
	bd := sente.CapabilitiesOf(graph.Game()).Boarder
	if bd == nil {
		t.Fatal("the graph of ttt.star offers no boards")
	}
	b := bd.Board(graph.Start())
	if b.Style != "grid" || strings.Join(b.Cells[0], ",") != "x,," || strings.Join(b.Cells[1], ",") != ",o," || strings.Join(b.ColLabels, "") != "abc" {
		t.Errorf("board of the root: %+v", b)
	}
	for _, m := range graph.Moves(graph.Start()) {
		if after := bd.Board(m.To); after.Cells == nil {
			t.Errorf("no board after %s", m.Name)
		}
	}
	f, err = Load(ctx, "../../examples/count.star", lim)
	if err != nil {
		t.Fatal(err)
	}
	if graph, err = f.Explore(ctx, nil, ""); err != nil {
		t.Fatal(err)
	}
	if sente.CapabilitiesOf(graph.Game()).Boarder != nil {
		t.Errorf("count.star defines no board, but its graph offers one")
	}
}

// TestEndlessGameRunsOutOfMemory: a game that never ends, whose positions
// count up for ever, runs its child out of memory; the error says how many
// positions it found and that they were still growing, names the likely
// causes, and the count came to the caller while the child explored.
func TestEndlessGameRunsOutOfMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this child process: a rules file explored until it runs out of memory (about 5 s)")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "endless.star")
	src := "def start():\n    return (0, 'first')\n\ndef turn(p):\n    return p[1]\n\n" +
		"def moves(p):\n    n, who = p\n    other = 'second' if who == 'first' else 'first'\n    return [('up', (n + 1, other)), ('upup', (n + 2, other))]\n"
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Load(ctx, path, Limits{Memory: 96 << 20, MaxPositions: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var told []int
	_, err = f.ExploreCounting(ctx, nil, "", func(n int) {
		mu.Lock()
		told = append(told, n)
		mu.Unlock()
	})
	var limit *sandbox.LimitError
	if !errors.As(err, &limit) {
		t.Fatalf("the endless game: %v, want a memory limit", err)
	}
	msg := err.Error()
	found := regexp.MustCompile(`after finding ([0-9,]+) positions in [0-9]+ s, still growing by ([0-9,]+) a second at the end`).FindStringSubmatch(msg)
	if found == nil || strings.Contains(msg, "\n") {
		t.Fatalf("the error does not say how far the game grew: %q", msg)
	}
	for _, cause := range []string{"never ends", "carries its history"} {
		if !strings.Contains(msg, cause) {
			t.Errorf("the error does not name the cause %q: %q", cause, msg)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(told) < 2 || told[len(told)-1] < told[0] || fmt.Sprint(thousands(told[len(told)-1])) != found[1] {
		t.Errorf("the counts told while exploring: %v; the error says %s", told, found[1])
	}
	t.Logf("%s", msg)
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", 100000: "100,000"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
