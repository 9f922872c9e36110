package games_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/rules"
)

// takeFile is a rules file whose top level prints once each time it runs:
// once when the file is compiled (the run that reads its declarations) and
// once for each game made from it (the run with PARAMS bound).
const takeFile = `"""Take 1 or 2 counters; whoever takes the last wins."""
params = {"n": param(5, min = 0, max = 100, doc = "counters at the start")}
print("top level")
impartial = True
def start():
    return (PARAMS.n, "first")
def turn(p):
    return p[1]
def moves(p):
    n, who = p
    other = "second" if who == "first" else "first"
    return [("take-%d" % k, (n - k, other)) for k in (1, 2) if k <= n]
`

// countingCatalog is a catalogue that reads files, with a count of the
// runs of their top level.
func countingCatalog(runs *atomic.Int64) *games.Catalog {
	return &games.Catalog{ReadFiles: true, Rules: rules.Options{Print: func(string) { runs.Add(1) }}}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestCatalogCompilesOnce: a sweep over a parameter of a rules file reads
// and checks the file once; each game runs the file's top level once more,
// with its own parameters.
func TestCatalogCompilesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "take.star")
	writeFile(t, path, takeFile)
	var runs atomic.Int64
	c := countingCatalog(&runs)
	const values = 6
	for n := range values {
		g, err := c.OpenSpec(sente.Spec{Name: path, Args: []sente.Arg{{Key: "n", Value: string(rune('0' + n))}}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := g.FormatPosition(g.Start()), "("+string(rune('0'+n))+", \"first\")"; got != want {
			t.Errorf("n=%d: start %s, want %s", n, got, want)
		}
	}
	if got, want := runs.Load(), int64(1+values); got != want {
		t.Errorf("%d games of one file ran its top level %d times, want %d (one compile, one run per game)", values, got, want)
	}

	// Family alone compiles nothing more.
	if _, err := c.Family(path); err != nil {
		t.Fatal(err)
	}
	if got := runs.Load(); got != 1+values {
		t.Errorf("Family of a compiled file ran its top level again (%d runs)", got)
	}

	// A file changed on disk is compiled again, and its new text counts.
	writeFile(t, path, strings.Replace(takeFile, "param(5,", "param(7,", 1)+"\n")
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	g, err := c.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.FormatPosition(g.Start()); got != `(7, "first")` {
		t.Errorf("after the file changed, the start is %s, want the new default (7, \"first\")", got)
	}
	if got, want := runs.Load(), int64(1+values+2); got != want {
		t.Errorf("after the file changed: %d runs, want %d", got, want)
	}
}

// TestCatalogErrors: each way a spec can be wrong reads as it does
// without the catalogue.
func TestCatalogErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.star")
	tests := []struct {
		catalog *games.Catalog
		spec    string
		want    string
	}{
		{games.Default, "", `game spec "" has no game name (want NAME or NAME:key=value,...)`},
		{games.Default, "conect4", `unknown game "conect4" (did you mean connect4?)`},
		{games.Default, "nim:x=1", `nim has no parameter`},
		{games.Default, missing, "open " + missing + ": no such file or directory"},
		{&games.Catalog{}, "count.star", "count.star: " + games.DefaultRefusal},
		{&games.Catalog{Refusal: "paste it instead"}, "count.star:lose=9", "count.star: paste it instead"},
	}
	for _, tt := range tests {
		g, err := tt.catalog.Open(tt.spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Open(%q) = %v, %v; want an error with %q", tt.spec, g, err, tt.want)
		}
		if g != nil {
			t.Errorf("Open(%q) returned a game with its error", tt.spec)
		}
	}
}

// TestCatalogMatchesBuiltins: the default catalogue makes the built-in game
// of a name, as New does, and a rules file as rules.Load does.
func TestCatalogMatchesBuiltins(t *testing.T) {
	b, err := games.Default.Bind(sente.Spec{Name: "connect4", Args: []sente.Arg{{Key: "w", Value: "5"}, {Key: "h", Value: "4"}}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Family.Name != "connect4" || b.Values.Int("w") != 5 || b.Values.Int("k") != 4 {
		t.Errorf("Bind(connect4:w=5,h=4) = %s with w=%d k=%d", b.Family.Name, b.Values.Int("w"), b.Values.Int("k"))
	}
	g, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	h, err := games.New("connect4:w=5,h=4")
	if err != nil {
		t.Fatal(err)
	}
	if g.FormatPosition(g.Start()) != h.FormatPosition(h.Start()) {
		t.Errorf("Bind then New and games.New differ: %s, %s", g.FormatPosition(g.Start()), h.FormatPosition(h.Start()))
	}
	f, err := games.New("../examples/count.star:lose=9")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := rules.Of(f); !ok {
		t.Errorf("games.New of a rules file made %T, not the file's game", f)
	}
}

// TestCanonicalIsASpec: a game's canonical name, which its tables are
// stored under and which 'sente store list' shows, is a spec that binds to
// the same game and names itself, for every family at its defaults and for
// the parameters that take another's place: 'sente store rm' takes it
// back.
func TestCanonicalIsASpec(t *testing.T) {
	var c games.Catalog
	specs := []string{"hackenbush:graph=0-1L,1-2R,2-0L", "hackenbush:LR,RRL,first=right", "subtraction:set=1,3,4,n=20", "octal:0.77"}
	for _, f := range games.All() {
		specs = append(specs, f.Name)
	}
	want := map[string]string{
		"hackenbush":                      "hackenbush:forest=LLR,RL,first=left",
		"hackenbush:graph=0-1L,1-2R,2-0L": "hackenbush:graph=0-1L,1-2R,2-0L,first=left",
	}
	for _, spec := range specs {
		b, err := c.Bind(mustParseSpec(t, spec))
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		name := b.Canonical()
		if w, ok := want[spec]; ok && name != w {
			t.Errorf("%s: canonical %s, want %s", spec, name, w)
		}
		again, err := c.Bind(mustParseSpec(t, name))
		if err != nil {
			t.Errorf("%s: its canonical %s does not bind: %v", spec, name, err)
			continue
		}
		if got := again.Canonical(); got != name {
			t.Errorf("%s: canonical %s binds to %s", spec, name, got)
		}
		g1, err1 := b.New()
		g2, err2 := again.New()
		if err1 != nil || err2 != nil {
			t.Errorf("%s: %v; %v", spec, err1, err2)
			continue
		}
		if p1, p2 := g1.FormatPosition(g1.Start()), g2.FormatPosition(g2.Start()); p1 != p2 {
			t.Errorf("%s starts at %s, its canonical %s at %s", spec, p1, name, p2)
		}
	}
}

func mustParseSpec(t *testing.T, s string) sente.Spec {
	t.Helper()
	spec, err := sente.ParseSpec(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return spec
}
