package verify

import (
	"context"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// rulesGame is an example rules file with its default parameters.
func rulesGame(t *testing.T, name string, args ...sente.Arg) sente.Game {
	t.Helper()
	fam, err := rules.Load("../examples/"+name+".star", rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := sente.Bind(name, fam.Params, args)
	if err != nil {
		t.Fatal(err)
	}
	g, err := fam.New(v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// storedRules solves g on the tier engine into a store: a rules file's
// ranks discovered, a built-in game's its own.
func storedRules(t *testing.T, g sente.Game) *store.GameStore {
	t.Helper()
	gs, err := store.Store{Dir: t.TempDir()}.Game("rules " + t.Name())
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	ts.Close()
	return gs
}

// TestDiscoveredTables checks the tables of rules files, whose ranks the
// tier engine discovered: they pass as solved, and a changed value, keys
// out of order and a missing key are each caught.
func TestDiscoveredTables(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []sente.Arg
	}{
		{"connect4", []sente.Arg{{Key: "w", Value: "3"}, {Key: "h", Value: "3"}, {Key: "k", Value: "3"}}},
		{"chopsticks", nil}, // one loopy tier, with draws
		{"cards", nil},
		{"dotsandboxes", []sente.Arg{{Key: "w", Value: "1"}, {Key: "h", Value: "2"}}}, // a completed box moves again
		{"kalah", []sente.Arg{{Key: "pits", Value: "2"}, {Key: "seeds", Value: "3"}}}, // so does a last seed in one's store
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := rulesGame(t, tc.name, tc.args...)
			gs := storedRules(t, g)
			rep, err := Table(context.Background(), g, gs, Options{})
			if err != nil {
				t.Fatalf("the table as solved: %v", err)
			}
			if rep.Positions == 0 || len(rep.Tiers) == 0 {
				t.Fatalf("checked %d positions in %d tiers", rep.Positions, len(rep.Tiers))
			}
			tier := rep.Tiers[len(rep.Tiers)/2]

			// A value changed: its parents, or itself, no longer agree.
			tab, err := gs.Open(tier, store.Values)
			if err != nil {
				t.Fatal(err)
			}
			cells, err := tab.LoadCells()
			if err != nil {
				t.Fatal(err)
			}
			var rank uint64
			for r, c := range cells {
				if c.Value() == sente.Win {
					rank = uint64(r)
					break
				}
			}
			tab.Close()
			old := rewrite(t, gs, tier, rank, store.Pack(sente.Lose, 1))
			var bad *Inconsistency
			if _, err := Table(context.Background(), g, gs, Options{}); !errors.As(err, &bad) {
				t.Errorf("a win made a loss: Table = %v, want an inconsistency", err)
			}
			rewrite(t, gs, tier, rank, old)

			// Keys out of order, then a key missing.
			keys, err := gs.Open(tier, store.Keys)
			if err != nil {
				t.Fatal(err)
			}
			data := append([]byte(nil), keys.Data...)
			counts := keys.Header.Counts
			keys.Close()
			width := 8 * int(binary.LittleEndian.Uint64(data))
			if counts.Positions < 2 {
				t.Fatalf("tier %d holds %d positions", tier, counts.Positions)
			}
			swapped := append([]byte(nil), data...)
			a, b := swapped[8:8+width], swapped[8+width:8+2*width]
			for i := range a {
				a[i], b[i] = b[i], a[i]
			}
			if err := gs.Write(tier, store.Keys, swapped, counts); err != nil {
				t.Fatal(err)
			}
			if _, err := Table(context.Background(), g, gs, Options{}); err == nil || !strings.Contains(err.Error(), "out of order") {
				t.Errorf("keys swapped: Table = %v, want keys out of order", err)
			}
			missing := append([]byte(nil), data...)
			copy(missing[8:8+width], missing[8+width:8+2*width]) // the first key twice, as the second
			missing = append(missing[:8], missing[8+width:]...)
			missing = missing[:len(missing)-(int(counts.Positions)+3)/4] // and the ends after the keys, one rank short
			fewer := counts
			fewer.Positions--
			missing = append(missing, make([]byte, (int(fewer.Positions)+3)/4)...)
			if err := gs.Write(tier, store.Keys, missing, fewer); err != nil {
				t.Fatal(err)
			}
			if _, err := Table(context.Background(), g, gs, Options{}); err == nil {
				t.Errorf("a key missing: Table passes")
			} else {
				t.Log(err)
			}
		})
	}
}

// TestDiscoveredKeptTurns: the keys of a rules file's table say whose turn
// it is at each position, since a move may keep the turn (one box of dots
// and boxes: the second player wins in 4). A turn changed is caught; keys
// without turns, an older sente's, are named as such.
func TestDiscoveredKeptTurns(t *testing.T) {
	g := rulesGame(t, "dotsandboxes", sente.Arg{Key: "w", Value: "1"}, sente.Arg{Key: "h", Value: "1"})
	gs := storedRules(t, g)
	rep, err := Table(context.Background(), g, gs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := (sente.Outcome{Value: sente.Lose, Remoteness: 4}); rep.Start != want {
		t.Errorf("the start is stored as %v; want %v", rep.Start, want)
	}
	keys, err := gs.Open(1, store.Keys)
	if err != nil {
		t.Fatal(err)
	}
	data := append([]byte(nil), keys.Data...)
	counts := keys.Header.Counts
	keys.Close()
	n := int(counts.Positions)
	turned := append([]byte(nil), data...)
	turned[len(turned)-(n+7)/8] ^= 1 // rank 0's turn
	if err := gs.Write(1, store.Keys, turned, counts); err != nil {
		t.Fatal(err)
	}
	// Its parent in tier 0 is checked first, and no longer agrees.
	var bad *Inconsistency
	if _, err := Table(context.Background(), g, gs, Options{Again: true}); !errors.As(err, &bad) {
		t.Errorf("a turn changed: Table = %v, want an inconsistency", err)
	}
	// The start's own turn changed is caught at the start.
	if err := gs.Write(1, store.Keys, data, counts); err != nil {
		t.Fatal(err)
	}
	start, err := gs.Open(0, store.Keys)
	if err != nil {
		t.Fatal(err)
	}
	startData, startCounts := append([]byte(nil), start.Data...), start.Header.Counts
	start.Close()
	startData[len(startData)-1] ^= 1
	if err := gs.Write(0, store.Keys, startData, startCounts); err != nil {
		t.Fatal(err)
	}
	if _, err := Table(context.Background(), g, gs, Options{Again: true}); !errors.As(err, &bad) || !strings.Contains(err.Error(), "the first player is to move, but the stored keys say the other") {
		t.Errorf("the start's turn changed: Table = %v, want it named", err)
	}
	startData[len(startData)-1] ^= 1
	if err := gs.Write(0, store.Keys, startData, startCounts); err != nil {
		t.Fatal(err)
	}
	older := data[:len(data)-(n+7)/8]
	if err := gs.Write(1, store.Keys, older, counts); err != nil {
		t.Fatal(err)
	}
	if _, err := Table(context.Background(), g, gs, Options{Again: true}); err == nil || !strings.Contains(err.Error(), "older sente") {
		t.Errorf("keys without turns: Table = %v, want tables of an older sente", err)
	}
}
