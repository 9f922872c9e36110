package explain_test

import (
	"fmt"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
)

// TestFindTarget checks each target statement independently of the solver
// and of Target.Holds: it walks every position reachable from the start by
// the game's own moves, finds by plain recursion whether the player to move
// loses (no move, or every move leads to a position where the opponent
// does not lose), evaluates the stated pattern from its numbers, and
// requires the two to agree everywhere.
func TestFindTarget(t *testing.T) {
	tests := []struct {
		spec string
		want string // the condition; "" for no target
	}{
		{"count", "the last number said is a multiple of 4"},
		// In general: leave lose − k ≡ 0 mod (most + 1), k the next
		// number, so the last number said is ≡ lose − 1.
		{"count:lose=31,most=4,start=5", "the last number said is a multiple of 5"},
		{"count:lose=30,most=2", "the last number said is 2 more than a multiple of 3"},
		{"count:lose=100,most=10", "the last number said is a multiple of 11"},
		{"nim", "the XOR (nim-sum) of the size of heap 1, 2 and 3 is 0"},
		{"nim:heaps=1/2/3/4", "the XOR (nim-sum) of the size of heap 1, 2, 3 and 4 is 0"},
		// Misère nim's losing positions are not the XOR-0 ones (1/1 wins).
		{"nim:heaps=3/4/5,misere=true", ""},
		// Six values of the count said are too few for a period of 4.
		{"count:lose=6", ""},
		// The cards played are sets, not quantities: no pattern over them.
		{"cards", ""},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g, sol := solved(t, tt.spec)
			target := explain.FindTarget(sol)
			if tt.want == "" {
				if target != nil {
					t.Fatalf("target %+v, want none", target)
				}
				return
			}
			if target == nil || target.Condition != tt.want {
				t.Fatalf("target %+v, want %q", target, tt.want)
			}
			lost, order := losing(g)
			if target.Checked != len(order) {
				t.Errorf("checked on %d positions; %d are reachable", target.Checked, len(order))
			}
			features := map[string]sente.Feature{}
			for _, f := range g.(sente.Featured).Features() {
				features[f.Name] = f
			}
			for _, p := range order {
				var vs []int
				for _, name := range target.Features {
					vs = append(vs, features[name].Of(p))
				}
				if claim := statedPattern(t, target, vs); claim != lost[key(g, p)] {
					t.Errorf("%s: the pattern says %v, the game says lost = %v", g.FormatPosition(p), claim, lost[key(g, p)])
				}
			}
		})
	}
}

// statedPattern evaluates the pattern of a target from its fields alone.
func statedPattern(t *testing.T, target *explain.Target, vs []int) bool {
	switch target.Form {
	case "xor":
		x := 0
		for _, v := range vs {
			x ^= v
		}
		return x == 0
	case "residue", "sum":
		s := 0
		for _, v := range vs {
			s += v
		}
		for _, r := range target.Residues {
			if s%target.Modulus == r {
				return true
			}
		}
		return false
	}
	t.Fatalf("unknown form %q", target.Form)
	return false
}

func key(g sente.Game, p sente.Position) string {
	return fmt.Sprintf("%s %s", g.FormatPosition(p), g.Turn(p))
}

// losing returns, for every position reachable from the start of the
// normal-play game g, whether the player to move loses, found by plain
// recursion over the game's moves, and the positions in the order found.
func losing(g sente.Game) (map[string]bool, []sente.Position) {
	lost := map[string]bool{}
	var order []sente.Position
	var visit func(p sente.Position) bool
	visit = func(p sente.Position) bool {
		k := key(g, p)
		if l, ok := lost[k]; ok {
			return l
		}
		order = append(order, p)
		l := true
		if v, ended := g.Ended(p); ended {
			l = v == sente.Lose
		} else {
			for _, m := range g.Moves(p) {
				if visit(m.To) {
					l = false
				}
			}
		}
		lost[k] = l
		return l
	}
	visit(g.Start())
	return lost, order
}
