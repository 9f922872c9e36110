package tables_test

import (
	"slices"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// TestLeaves: with only some tiers of a game stored, Leaves answers by
// key every position of those tiers as the solve did, knows no position of
// the others, and counts what it answered.
func TestLeaves(t *testing.T) {
	for _, spec := range []string{"tictactoe", "connect4:w=4,h=4"} {
		t.Run(spec, func(t *testing.T) {
			g, gs, sol := solveInto(t, spec)
			caps := sente.CapabilitiesOf(g)
			enc := caps.Encoder
			type solved struct {
				p sente.Position
				o sente.Outcome
			}
			var all []solved
			sol.Each(func(p sente.Position, o sente.Outcome) bool {
				all = append(all, solved{p, o})
				return true
			})
			const deep = 5 // the tiers of five stones or more stay stored
			var kept []int
			for _, r := range sol.Tiers() {
				if r.Tier < deep {
					if err := gs.Remove(r.Tier, store.Values); err != nil {
						t.Fatal(err)
					}
					continue
				}
				kept = append(kept, r.Tier)
			}
			l, err := tables.OpenLeaves(g, nil, gs)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			if got := slices.Sorted(slices.Values(l.Stored())); !slices.Equal(got, slices.Sorted(slices.Values(kept))) {
				t.Fatalf("stored tiers %v, want %v", got, kept)
			}
			known := uint64(0)
			for _, s := range all {
				p, want := s.p, s.o
				key := enc.Encode(p)
				tier := caps.Tiered.Tier(key)
				got, ok := l.Leaf(key)
				switch {
				case tier < deep && ok:
					t.Fatalf("%s (tier %d, not stored): Leaf says %v", g.FormatPosition(p), tier, got)
				case tier >= deep && (!ok || got != want):
					t.Fatalf("%s (tier %d): Leaf %v, %v; solved %v", g.FormatPosition(p), tier, got, ok, want)
				case ok:
					known++
				}
			}
			if known == 0 || l.Answered() != known {
				t.Errorf("answered %d, counted %d (want more than none)", l.Answered(), known)
			}
			if err := l.Damage(); err != nil {
				t.Error(err)
			}
		})
	}
}
