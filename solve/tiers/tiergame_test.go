package tiers

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// TestTierGameFoldsAsSolveTiers solves tic-tac-toe's tiers again with
// nothing but TierGame, as another engine would: a forward pass marking
// ranks, then each tier folded from its children's cells. Every cell is
// the tier engine's.
func TestTierGameFoldsAsSolveTiers(t *testing.T) {
	g := tierTicTacToe{}
	sink := NewMemorySink()
	if _, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink}); err != nil {
		t.Fatal(err)
	}
	tg, err := NewTierGame(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	order := tg.Order()
	reach := map[int][]uint64{}
	for _, tier := range order {
		reach[tier] = make([]uint64, (tg.Size(tier)+63)/64)
	}
	root := tg.Root()
	reach[root.Tier][root.Rank/64] |= 1 << (root.Rank % 64)
	cur := tg.NewCursor()
	for _, tier := range slices.Backward(order) {
		if tg.Loops(tier) {
			t.Fatalf("tier %d loops", tier)
		}
		err := tg.Positions(tier, 0, tg.Size(tier), reach[tier], func(_, key uint64) error {
			if _, ended, err := tg.Ended(key); ended || err != nil {
				return err
			}
			kids, err := cur.Children(tier, key)
			for _, k := range kids {
				reach[k.Tier][k.Rank/64] |= 1 << (k.Rank % 64)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	cells := map[int][]store.Cell{}
	for _, tier := range order {
		cells[tier] = make([]store.Cell, tg.Size(tier))
		err := tg.Positions(tier, 0, tg.Size(tier), reach[tier], func(r, key uint64) error {
			c, ended, err := tg.Ended(key)
			if ended || err != nil {
				cells[tier][r] = c
				return err
			}
			kids, err := cur.Children(tier, key)
			f := NewFold()
			for _, k := range kids {
				f.Add(cells[k.Tier][k.Rank])
			}
			cells[tier][r], err = f.Cell()
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		tbl, err := sink.Open(tier, store.Values)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(bytesToCells(tbl.Data), cells[tier]) {
			t.Errorf("tier %d: TierGame's cells differ from SolveTiers'", tier)
		}
	}
}

// TestTierCursorParents: a position's parents in its tier are the in-tier
// positions that have it as a child.
func TestTierCursorParents(t *testing.T) {
	g := unmoveTierGraph{randomTierGraph(rand.New(rand.NewPCG(15, 16)), 3, 80)}
	tg, err := NewTierGame(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	cur := tg.NewCursor()
	for _, tier := range tg.Order() {
		want := map[uint64][]uint64{}
		all := make([]uint64, (tg.Size(tier)+63)/64)
		for i := range all {
			all[i] = ^uint64(0)
		}
		all[len(all)-1] >>= (64 - tg.Size(tier)%64) % 64
		var ranks []uint64
		_ = tg.Positions(tier, 0, tg.Size(tier), all, func(r, key uint64) error {
			ranks = append(ranks, r)
			if _, ended, _ := tg.Ended(key); ended {
				return nil
			}
			kids, err := cur.Children(tier, key)
			for _, k := range kids {
				if k.Tier == tier && !slices.Contains(want[k.Rank], r) {
					want[k.Rank] = append(want[k.Rank], r)
				}
			}
			return err
		})
		for _, r := range ranks {
			got, err := cur.Parents(tier, r)
			if err != nil {
				t.Fatal(err)
			}
			w := want[r]
			slices.Sort(w)
			if !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
				t.Errorf("tier %d rank %d: parents %v, want %v", tier, r, got, w)
			}
		}
	}
}

// TestTierGameRefusesKeptTurns: another engine built on TierGame negates at
// every move, so a game one of whose moves keeps the turn is refused, with
// the move named: at once when random play from the root meets it, or by
// Children when it does not.
func TestTierGameRefusesKeptTurns(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	g := randomTierGraph(r, 3, 20)
	for len(g.kids[g.start]) == 0 {
		g = randomTierGraph(r, 3, 20)
	}
	g.turns = map[uint64]sente.Player{}
	for k := range g.valid {
		g.turns[k] = sente.Second
	}
	g.turns[g.start] = sente.First
	kid := g.kids[g.start][0]
	g.turns[kid] = sente.First // the start's first move keeps the turn
	_, err := NewTierGame(g, nil)
	var kept *KeepsTurnError
	if !errors.As(err, &kept) {
		t.Fatalf("NewTierGame: %v, want a move that keeps the turn", err)
	}
	if kept.Position != g.FormatPosition(g.start) || !strings.Contains(err.Error(), "keeps the turn") {
		t.Errorf("refusal names %q from %q: %v", kept.Move, kept.Position, err)
	}
	// Children finds it too, on a game that seemed to alternate.
	tg, err := NewTierGame(alternatingTierGraph{g}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tg.e.turn = g.TurnKeyOf
	ct, _ := g.TierRank(g.start)
	if _, err := tg.NewCursor().Children(ct, g.start); !errors.As(err, &kept) {
		t.Errorf("Children: %v, want a move that keeps the turn", err)
	}
}

// alternatingTierGraph is g claiming to alternate, whatever its turns.
type alternatingTierGraph struct{ *tierGraph }

func (alternatingTierGraph) Alternates() bool { return true }

// TurnKeyOf is whose turn it is at k.
func (g *tierGraph) TurnKeyOf(k uint64) sente.Player { return g.turns[k] }
