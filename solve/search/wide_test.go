package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/search"
)

// widened is a game of 64-bit keys presented with Wide keys: every key k
// becomes Wide{Hi: its low byte with bits flipped, Lo: the rest}, so that
// keys that differ may share either word and a search that read one word
// alone would confuse them. Its capabilities on keys are the game's, each
// on Wide keys; those of the tier engines, on 64-bit keys, are left out.
type widened struct {
	sente.Game
	inner sente.Capabilities
}

func widen(g sente.Game) widened { return widened{g, sente.CapabilitiesOf(g)} }

func wideKey(k uint64) sente.Wide                    { return sente.Wide{Hi: k&0xff ^ 0xa5, Lo: k >> 8} }
func narrowKey(w sente.Wide) uint64                  { return w.Lo<<8 | (w.Hi ^ 0xa5) }
func (g widened) String() string                     { return fmt.Sprint("wide ", g.Game) }
func (g widened) Unwrap() sente.Game                 { return g.Game }
func (g widened) Alternates() bool                   { return g.inner.Alternates() }
func (g widened) CutoffHorizon() int                 { return g.inner.CutoffHorizon.CutoffHorizon() }
func (g widened) Encode(p sente.Position) sente.Wide { return wideKey(g.inner.Encoder.Encode(p)) }
func (g widened) Decode(k sente.Wide) sente.Position { return g.inner.Encoder.Decode(narrowKey(k)) }

func (g widened) EndedKey(k sente.Wide) (sente.Value, bool) {
	return g.inner.Encoder.EndedKey(narrowKey(k))
}

func (g widened) AppendChildren(dst []sente.Wide, k sente.Wide) []sente.Wide {
	for _, kid := range g.inner.Encoder.AppendChildren(nil, narrowKey(k)) {
		dst = append(dst, wideKey(kid))
	}
	return dst
}

func (g widened) Canonical(k sente.Wide) sente.Wide {
	return wideKey(g.inner.Symmetric.Canonical(narrowKey(k)))
}

func (g widened) OrderChildren(dst []sente.WideChild, k sente.Wide) ([]sente.WideChild, sente.Tactics) {
	kids, tactics := g.inner.Orderer.OrderChildren(nil, narrowKey(k))
	for _, c := range kids {
		dst = append(dst, sente.WideChild{Key: wideKey(c.Key), Hint: c.Hint})
	}
	return dst, tactics
}

func (g widened) Horizon(k sente.Wide) (most, tieLeast int) {
	return g.inner.Orderer.Horizon(narrowKey(k))
}

func (g widened) Decide(k sente.Wide) (sente.Value, bool) {
	return g.inner.Decider.Decide(narrowKey(k))
}

func (g widened) Capabilities() sente.Capabilities {
	c := sente.Capabilities{WideEncoder: g}
	if g.inner.Alternating != nil {
		c.Alternating = g
	}
	if g.inner.CutoffHorizon != nil {
		c.CutoffHorizon = g
	}
	if g.inner.Symmetric != nil {
		c.WideSymmetric = g
	}
	if g.inner.Orderer != nil {
		c.WideOrderer = g
	}
	if g.inner.Decider != nil {
		c.WideDecider = g
	}
	return c
}

// TestWideAgreesEverywhere: a game searched on Wide keys gets the hashing
// engine's value and remoteness at every position, as on its own keys:
// with symmetry and move order (tic-tac-toe, connect four) or without
// (quixo, chopsticks: loops, refused as draws), with moves that keep the
// turn (Kalah), on one worker and several sharing a table too small to
// hold the game.
func TestWideAgreesEverywhere(t *testing.T) {
	for _, tt := range []struct {
		spec   string
		opt    search.Options
		joined bool
	}{
		{spec: "tictactoe"},
		{spec: "tictactoe", opt: search.Options{TableBytes: 1 << 10, Workers: 3}, joined: true},
		{spec: "connect4:w=4,h=4", opt: search.Options{TableBytes: 1 << 12, Workers: 2}, joined: true},
		{spec: "quixo:n=3"},
		{spec: "chopsticks"},
		{spec: "kalah:houses=3,seeds=2"},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			g, ps, os := solved(t, tt.spec)
			s, err := search.NewWide(widen(g), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if tt.joined {
				search.JoinAtOnceWide(s)
			}
			agrees(t, g, ps, os, s.Solve)
		})
	}
}

// TestWideDecides: a search for values alone on Wide keys reads the
// game's WideDecider, as on 64-bit keys: Domineering's boards get the
// same values and nearly the same nodes both ways.
func TestWideDecides(t *testing.T) {
	for _, spec := range []string{"domineering:w=5,h=5", "domineering:w=6,h=4", "domineering:w=4,h=6,first=right"} {
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		opt := search.Options{ValueOnly: true, Workers: 1}
		narrow, err := search.New(g, opt)
		if err != nil {
			t.Fatal(err)
		}
		wide, err := search.NewWide(widen(g), opt)
		if err != nil {
			t.Fatal(err)
		}
		want, err := narrow.Solve(context.Background(), g.Start())
		if err != nil {
			t.Fatal(err)
		}
		got, err := wide.Solve(context.Background(), g.Start())
		if err != nil {
			t.Fatal(err)
		}
		if got.Outcome != want.Outcome {
			t.Errorf("%s: %v on wide keys, %v on its own", spec, got.Outcome, want.Outcome)
		}
		t.Logf("%s: %v, %d nodes on wide keys, %d on its own", spec, got.Outcome, got.Nodes, want.Nodes)
	}
}

// TestNewWideRefuses: a game without Wide keys, leaves on 64-bit keys and
// a table of 64-bit keys are refused in a sentence.
func TestNewWideRefuses(t *testing.T) {
	g, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := search.NewWide(g, search.Options{}); err == nil {
		t.Error("a game of 64-bit keys taken by NewWide")
	}
	leaves := search.LeavesFunc(func(uint64) (sente.Outcome, bool) { return sente.Outcome{}, false })
	if _, err := search.NewWide(widen(g), search.Options{Leaves: leaves}); err == nil {
		t.Error("leaves on 64-bit keys taken by NewWide")
	}
	narrow, err := search.New(g, search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := search.NewWide(widen(g), search.Options{Table: narrow.Table()}); err == nil {
		t.Error("a table of 64-bit keys taken over by a wide search")
	}
}
