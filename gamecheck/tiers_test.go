package gamecheck_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
)

// tieredToy is the toy with a TierRanker: tier key/3 ({0,1,2}, {3,4,5},
// {6,7}), rank key%3 (plus shift, modulo the tier's size), every tier
// looping (a move of +1 may stay in it) and leading to the next; Tier
// (sente.Tiered) numbers the tiers alike. Each breach breaks one thing.
type tieredToy struct {
	*toy
	breach string
	shift  uint64
}

func (g *tieredToy) TierRank(key uint64) (int, uint64) {
	t := int(key / 3)
	r := (key%3 + g.shift) % g.TierSize(t)
	switch {
	case g.breach == "tier range" && key == 3:
		r = 3
	case g.breach == "tier negative" && key == 5:
		t = -1
	}
	return t, r
}

// Tier is TierRank's tier, or under the breach "tier numbering" tiers in
// the same order numbered otherwise.
func (g *tieredToy) Tier(key uint64) int {
	if g.breach == "tier numbering" && key >= 3 {
		return int(key/3) + 1
	}
	return int(key / 3)
}

func (g *tieredToy) Unrank(tier int, rank uint64) (uint64, bool) {
	if tier < 0 || tier > 2 || rank >= g.TierSize(tier) {
		return 0, false
	}
	rank = (rank + g.TierSize(tier) - g.shift%g.TierSize(tier)) % g.TierSize(tier)
	key := uint64(tier)*3 + rank
	if g.breach == "unrank" && key == 4 {
		key = 5
	}
	return key, true
}

func (g *tieredToy) TierSize(tier int) uint64 {
	switch tier {
	case 0, 1:
		return 3
	case 2:
		return 2
	}
	return 0
}

func (g *tieredToy) ChildTiers(tier int) []int {
	switch {
	case g.breach == "tier cycle" && tier == 2:
		return []int{0}
	case g.breach == "tier child" && tier == 0:
		return nil
	case tier < 2:
		return []int{tier + 1}
	}
	return nil
}

func (g *tieredToy) TierLoops(tier int) bool { return !(g.breach == "tier loops" && tier == 1) }

// ScanTier lists the ranks by Unrank, but for its breaches.
func (g *tieredToy) ScanTier(tier int, lo, hi uint64, marked []uint64, yield func(rank, key uint64) bool) {
	for r := lo; r < min(hi, g.TierSize(tier)); r++ {
		key, ok := g.Unrank(tier, r)
		i := r - lo
		switch {
		case !ok || g.breach == "scan skip" && tier == 1 && r == 1:
			continue
		case marked != nil && marked[i/64]&(1<<(i%64)) == 0 && g.breach != "scan marks":
			continue
		case g.breach == "scan key" && tier == 1 && r == 2:
			key = 7
		}
		if !yield(r, key) && g.breach != "scan stop" {
			return
		}
	}
}

// NewChildRanker ranks children by TierRank, but for its breach.
func (g *tieredToy) NewChildRanker() sente.ChildRankFunc {
	return func(dst []sente.TierPosition, key uint64) []sente.TierPosition {
		for _, kid := range g.AppendChildren(nil, key) {
			t, r := g.TierRank(kid)
			if g.breach == "child ranks" && key == 4 {
				r = (r + 1) % g.TierSize(t)
			}
			dst = append(dst, sente.TierPosition{Tier: t, Rank: r})
		}
		return dst
	}
}

// ExpandRanks expands ranks one by one, but for its breaches.
func (g *tieredToy) ExpandRanks(tier int, x *sente.RankExpansion) error {
	x.Reset()
	for _, r := range x.Ranks {
		key, _ := g.Unrank(tier, r)
		if g.breach == "expand key" && key == 5 {
			key = 4
		}
		x.Keys = append(x.Keys, key)
		v, ended := g.EndedKey(key)
		if !ended {
			v = sente.Unknown
		}
		if g.breach == "expand ended" && key == 4 {
			v = sente.Tie
		}
		x.Values = append(x.Values, v)
		if !ended {
			for _, kid := range g.AppendChildren(nil, key) {
				t, r := g.TierRank(kid)
				if g.breach == "expand children" && key == 4 {
					r = (r + 1) % g.TierSize(t)
				}
				x.Kids = append(x.Kids, sente.TierPosition{Tier: t, Rank: r})
			}
		}
		x.Ends = append(x.Ends, len(x.Kids))
	}
	return nil
}

var (
	_ sente.TierExpander = (*tieredToy)(nil)
	_ sente.TierRanker   = (*tieredToy)(nil)
	_ sente.TierScanner  = (*tieredToy)(nil)
	_ sente.Tiered       = (*tieredToy)(nil)
)

// TestTierRanks: the tiered toy passes, and each breach of the TierRanker
// contract is found and named.
func TestTierRanks(t *testing.T) {
	rep, err := gamecheck.Check(context.Background(), &tieredToy{toy: &toy{}}, gamecheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(rep.Checks, "\n")
	if !strings.Contains(all, "tier ranks") || !strings.Contains(all, "and TierRanker about the same keys") || !strings.Contains(all, "Tier gives the tier TierRank gives") || !strings.Contains(all, "ExpandRanks gives a batch") {
		t.Errorf("checks lack the tier ranks:\n%s", all)
	}
	for _, tc := range []struct {
		breach, position, msg string
	}{
		{"tier range", "3", "rank 3 of tier 1 is not below its TierSize 3"},
		{"tier numbering", "3", "Tier gives tier 2 and TierRank tier 1; a game with both numbers its tiers once"},
		{"tier negative", "3", `a move leads to "5" in tier -1`},
		{"unrank", "4", "which Unrank gives back as 0x5"},
		{"tier cycle", "", "ChildTiers lead from tier 0 back to it: [0 1 2 0]"},
		{"tier child", "1", `a move leads to "3" in tier 1, which ChildTiers(0) = [] does not list`},
		{"tier loops", "3", `a move leads to "4" in the same tier 1, which TierLoops says has no loops`},
		{"scan skip", "3", "ScanTier(1, 0, 3) leaves out rank 1, which Unrank gives as 0x4"},
		{"scan key", "3", "ScanTier(1, 0, 3) gives rank 2 the key 0x7, Unrank 0x5"},
		{"scan stop", "", "goes on after yield returned false"},
		{"scan marks", "", "which is not marked"},
		{"child ranks", "4", "the child ranker gives the children"},
		{"expand key", "", "the key 0x4, Unrank 0x5"},
		{"expand ended", "", `ExpandRanks says it ended with tie of "4", EndedKey the game goes on`},
		{"expand children", "", "ExpandRanks gives \"4\" the children"},
	} {
		t.Run(tc.breach, func(t *testing.T) {
			_, err := gamecheck.Check(context.Background(), &tieredToy{toy: &toy{}, breach: tc.breach}, gamecheck.Options{})
			var ce *gamecheck.Error
			if !errors.As(err, &ce) {
				t.Fatalf("error %v; want a *gamecheck.Error", err)
			}
			if ce.Check != "tier ranks" || tc.position != "" && ce.Position != tc.position || !strings.Contains(ce.Msg, tc.msg) {
				t.Errorf("got %q (check %q at %q); want check tier ranks at %q with %q", err, ce.Check, ce.Position, tc.position, tc.msg)
			}
		})
	}
}

// TestStableTierRanks: a second game from the same spec that ranks the
// same keys otherwise fails the stability check.
func TestStableTierRanks(t *testing.T) {
	var made uint64
	fam := sente.Family{Name: "tiered", New: func(sente.ParamValues) (sente.Game, error) {
		made++
		return &tieredToy{toy: &toy{}, shift: made}, nil
	}}
	g, _ := fam.New(sente.ParamValues{})
	_, err := gamecheck.Check(context.Background(), g, gamecheck.Options{Family: &fam})
	var ce *gamecheck.Error
	if !errors.As(err, &ce) || ce.Check != "stable keys" || !strings.Contains(ce.Msg, "in another made from the same spec") {
		t.Errorf("error %v; want the stable keys check to fail on the ranks", err)
	}
}

// TestBuiltInTierRanks: the built-in games with a TierRanker have it
// checked.
func TestBuiltInTierRanks(t *testing.T) {
	for _, spec := range []string{"connect4:w=4,h=4,k=3", "connect4:w=5,h=4", "tictactoe", "tictactoe:m=4,n=3,k=3", "chopsticks", "chopsticks:zeroattack=true,selfkill=true", "chopsticks:transfer=split,revive=true", "cards", "cards:first=2/2/3/3,second=1/1/1,target=6", "count", "consecutive:n=12,m=3", "nim:heaps=3/4/5", "nim:heaps=1/2/3,misere=true", "quixo:n=3"} {
		t.Run(spec, func(t *testing.T) {
			if testing.Short() && (spec == "connect4:w=5,h=4" || spec == "quixo:n=3") {
				t.Skip("-short skips the self-check of connect four 5×4's and quixo's tier ranks (seconds); 4×4 and the others stand in")
			}
			g, opt := open(t, spec)
			if sente.CapabilitiesOf(g).TierRanker == nil {
				t.Fatalf("%s has no TierRanker", spec)
			}
			rep, err := gamecheck.Check(context.Background(), g, opt)
			if err != nil {
				t.Fatal(err)
			}
			if all := strings.Join(rep.Checks, "\n"); !strings.Contains(all, "tier ranks:") || !strings.Contains(all, "the same tiers, ranks and tier sizes") {
				t.Errorf("%s: tier ranks not checked:\n%s", spec, all)
			}
		})
	}
}
