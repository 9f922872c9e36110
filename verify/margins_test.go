package verify

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	catalog "github.com/sente-go/sente/games"
	"github.com/sente-go/sente/store"
)

// changeMargin stores tier's cells of kind again with the first
// reachable one moved by delta (a margin's zigzag, a plies count), and
// returns its rank.
func changeMargin(t *testing.T, gs *store.GameStore, tier int, kind store.Kind, delta int) uint64 {
	t.Helper()
	tab, err := gs.Open(tier, kind)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := tab.LoadCells()
	if err != nil {
		t.Fatal(err)
	}
	cells := append([]store.Cell(nil), loaded...)
	counts := tab.Header.Counts
	tab.Close()
	for r, c := range cells {
		if c != store.Unreachable {
			cells[r] = store.Cell(int(c) + delta)
			if err := gs.WriteCompact(tier, kind, cells, counts); err != nil {
				t.Fatal(err)
			}
			return uint64(r)
		}
	}
	t.Fatalf("tier %d holds no margin", tier)
	return 0
}

// TestMargins: the margins the tier engine stores pass, for a game that
// ranks its positions (Kalah) and one whose ranks were discovered (a
// rules file's Kalah); a margin or its plies changed by one is caught,
// naming the position, as are margins stored for some tiers only; and a
// check of the values alone does not count for margins.
func TestMargins(t *testing.T) {
	kalah, err := catalog.New("kalah:houses=3,seeds=2")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		game sente.Game
	}{
		{"ranked", kalah},
		{"discovered", rulesGame(t, "kalah", sente.Arg{Key: "pits", Value: "2"}, sente.Arg{Key: "seeds", Value: "3"})},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, keys := range []bool{false, true} {
				gs := storedRules(t, c.game)
				rep, err := Table(context.Background(), c.game, gs, Options{Keys: keys, Again: true})
				if err != nil || !rep.Margins {
					t.Fatalf("keys %v: %+v, %v; want the margins checked", keys, rep, err)
				}
			}
			tiersStored, err := storedRules(t, c.game).Tiers(store.Values)
			if err != nil {
				t.Fatal(err)
			}
			for _, kind := range []store.Kind{store.Margins, store.MarginPlies} {
				for _, tier := range []int{tiersStored[0], tiersStored[len(tiersStored)-1]} {
					gs := storedRules(t, c.game)
					// A first check of the values and margins as
					// stored, noted beside them, then one changed.
					if _, err := Table(context.Background(), c.game, gs, Options{}); err != nil {
						t.Fatal(err)
					}
					rank := changeMargin(t, gs, tier, kind, 2)
					_, err := Table(context.Background(), c.game, gs, Options{})
					var bad *Inconsistency
					if !errors.As(err, &bad) || !strings.Contains(bad.Why, "margin") {
						t.Errorf("%v of tier %d, rank %d changed: %v, want an inconsistency of margins", kind, tier, rank, err)
					}
				}
			}
			gs := storedRules(t, c.game)
			if err := gs.Remove(tiersStored[0], store.MarginPlies); err != nil {
				t.Fatal(err)
			}
			if _, err := Table(context.Background(), c.game, gs, Options{}); err == nil || !strings.Contains(err.Error(), "for every tier or for none") {
				t.Errorf("plies of one tier removed: %v", err)
			}
		})
	}
}
