package render_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/render"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
)

// pileFile is a rules file with two features: the counters left, and one
// that goes negative at the end.
const pileFile = `"""One counter a move; whoever takes the last wins."""
params = {"n": param(5, min = 0, max = 100, doc = "counters at the start")}
impartial = True
def start():
    return (PARAMS.n, "first")
def turn(p):
    return p[1]
def moves(p):
    if p[0] == 0:
        return []
    return [("take", (p[0] - 1, {"first": "second", "second": "first"}[p[1]]))]
features = {
    "left": lambda p: p[0],
    "less": lambda p: p[0] - 1,
}
`

func solveGame(t *testing.T, g sente.Game) solve.Solution {
	t.Helper()
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// TestFeatures: a Go game's features are its own; a rules file's are sized
// by the solved positions, under misère play too, and a bad value names
// the position.
func TestFeatures(t *testing.T) {
	cards, err := games.New("cards")
	if err != nil {
		t.Fatal(err)
	}
	fs, err := render.Features(cards, solveGame(t, cards))
	if err != nil || len(fs) < 2 || fs[0].Name != cards.(sente.Featured).Features()[0].Name {
		t.Errorf("cards: %v, %v", fs, err)
	}

	path := filepath.Join(t.TempDir(), "pile.star")
	if err := os.WriteFile(path, []byte(pileFile), 0o600); err != nil {
		t.Fatal(err)
	}
	file, err := games.New(path + ":n=7")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []sente.Game{file, nimber.MisereGame(file)} {
		_, err := render.Features(g, solveGame(t, g))
		if err == nil || !strings.Contains(err.Error(), `feature less of (0, "`) || !strings.Contains(err.Error(), "is -1; features are whole numbers from 0") {
			t.Errorf("a negative feature: %v", err)
		}
	}
	fixed := strings.Replace(pileFile, `"less": lambda p: p[0] - 1`, `"less": lambda p: p[0] + 1`, 1)
	if err := os.WriteFile(path, []byte(fixed+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	file, err = games.New(path + ":n=7")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []sente.Game{file, nimber.MisereGame(file)} {
		fs, err := render.Features(g, solveGame(t, g))
		if err != nil || len(fs) != 2 {
			t.Fatalf("pile.star: %v, %v", fs, err)
		}
		if fs[0].Name != "left" || fs[0].Size != 8 || fs[1].Name != "less" || fs[1].Size != 9 || fs[0].Of(g.Start()) != 7 {
			t.Errorf("pile.star features: %+v", fs)
		}
	}

	c4, err := games.New("connect4:w=4,h=4")
	if err != nil {
		t.Fatal(err)
	}
	if fs, err := render.Features(c4, nil); fs != nil || err != nil {
		t.Errorf("a game without features: %v, %v", fs, err)
	}
}

func TestTableAxes(t *testing.T) {
	features := []sente.Feature{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	tests := []struct {
		features   []sente.Feature
		rows, cols string
		want       string
		wantErr    string
	}{
		{features, "", "", "a b", ""},
		{features, "c", "", "c b", ""},
		{features, "", "a", "a a", ""},
		{features, "b", "c", "b c", ""},
		{features, "x", "", "", `no feature "x" (features: a, b, c)`},
		{features, "a", "y", "", `no feature "y" (features: a, b, c)`},
		{features[:1], "a", "a", "", "fewer than two features"},
	}
	for _, tt := range tests {
		r, c, err := render.TableAxes(tt.features, tt.rows, tt.cols)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("TableAxes(%q, %q) = %v, want error %q", tt.rows, tt.cols, err, tt.wantErr)
			}
			continue
		}
		if got := r.Name + " " + c.Name; err != nil || got != tt.want {
			t.Errorf("TableAxes(%q, %q) = %s, %v; want %s", tt.rows, tt.cols, got, err, tt.want)
		}
	}
}
