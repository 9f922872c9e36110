//go:build !wasip1

package main

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cli"
)

func main() { cli.Main(family) }

// family is connect four as a Go library game, with the module's
// parameters.
var family = sente.Family{
	Name:    "connect4lib",
	Summary: "connect four (a Go library game): drop stones into columns to get k in a row",
	Params: []sente.Param{
		{Name: "w", Doc: "columns of the board", Kind: sente.Int, Default: "7", Min: 1, Max: maxSide},
		{Name: "h", Doc: "rows of the board (w×(h+1) at most 64)", Kind: sente.Int, Default: "6", Min: 1, Max: maxSide},
		{Name: "k", Doc: "stones in a row (across, up or diagonal) that win", Kind: sente.Int, Default: "4", Min: 2, Max: maxSide},
		{Name: "misere", Doc: "misère play: whoever makes k in a row loses", Kind: sente.Bool, Default: "false"},
	},
	New: func(v sente.ParamValues) (sente.Game, error) {
		g := new(connect4)
		if why := g.init(v.Int("w"), v.Int("h"), v.Int("k"), v.Bool("misere")); why != "" {
			return nil, errors.New("connect4lib: " + why)
		}
		for t := range g.cells {
			g.childTiers[t] = []int{t + 1}
		}
		return g, nil
	},
}

// connect4 is the library game: a board, whose positions are its keys and
// whose tiers are its stones.
type connect4 struct {
	board
	childTiers [maxCells][]int
}

// position is a board's key.
type position uint64

var (
	_ sente.Game         = (*connect4)(nil)
	_ sente.Encoder      = (*connect4)(nil)
	_ sente.TierRanker   = (*connect4)(nil)
	_ sente.TierExpander = (*connect4)(nil)
	_ sente.Tiered       = (*connect4)(nil)
	_ sente.Alternating  = (*connect4)(nil)
	_ sente.Symmetric    = (*connect4)(nil)
)

// endValue is the value for the player to move of each way a board ends.
var endValue = [...]sente.Value{notEnded: sente.Unknown, endedWin: sente.Win, endedLoss: sente.Lose, endedTie: sente.Tie}

func (g *connect4) String() string {
	s := fmt.Sprintf("connect4lib:w=%d,h=%d,k=%d", g.w, g.h, g.k)
	if g.misere {
		s += ",misere=true"
	}
	return s
}

func (g *connect4) Start() sente.Position { return position(g.bottom) }

func (g *connect4) Moves(p sente.Position) []sente.Move {
	key := uint64(p.(position))
	moves := make([]sente.Move, 0, g.w)
	for c := range g.w {
		if child, ok := g.play(key, c); ok {
			moves = append(moves, sente.Move{Name: string(rune('1' + c)), To: position(child)})
		}
	}
	return moves
}

func (g *connect4) Ended(p sente.Position) (sente.Value, bool) {
	return g.EndedKey(uint64(p.(position)))
}

func (g *connect4) Turn(p sente.Position) sente.Player {
	return sente.Player(g.stones(uint64(p.(position))) & 1)
}

func (g *connect4) Alternates() bool { return true }

func (g *connect4) FormatPosition(p sente.Position) string {
	return string(g.format(nil, uint64(p.(position))))
}

func (g *connect4) ParsePosition(s string) (sente.Position, error) {
	key, problem := g.parse(s)
	if problem != "" {
		return nil, fmt.Errorf("connect4lib position %q: %s; want %s", s, problem, positionForm)
	}
	return position(key), nil
}

func (g *connect4) Encode(p sente.Position) uint64        { return uint64(p.(position)) }
func (g *connect4) Decode(key uint64) sente.Position      { return position(key) }
func (g *connect4) Canonical(key uint64) uint64           { return g.canonical(key) }
func (g *connect4) Tier(key uint64) int                   { return g.stones(key) }
func (g *connect4) TierLoops(int) bool                    { return false }
func (g *connect4) TierRank(key uint64) (int, uint64)     { return g.stones(key), g.rank(key) }
func (g *connect4) Unrank(t int, r uint64) (uint64, bool) { return g.unrank(t, r) }

func (g *connect4) AppendChildren(dst []uint64, key uint64) []uint64 {
	return g.appendChildren(dst, key)
}

func (g *connect4) EndedKey(key uint64) (sente.Value, bool) {
	e := g.ended(key)
	return endValue[e], e != notEnded
}

func (g *connect4) TierSize(t int) uint64 {
	if t < 0 || t > g.cells {
		return 0
	}
	return g.tierSize[t]
}

func (g *connect4) ChildTiers(t int) []int {
	if t < 0 || t >= g.cells {
		return nil
	}
	return g.childTiers[t]
}

// ExpandRanks is the module's sente_expand_ranks: the same walk through
// the ranks, from which the tier engine takes a batch at a time. It sizes
// x's slices once a batch and writes them by index, where appends would
// check their room four times a rank and once a child.
func (g *connect4) ExpandRanks(t int, x *sente.RankExpansion) error {
	x.Reset()
	if t < 0 || t > g.cells {
		return fmt.Errorf("connect4lib: no tier %d; the tiers are 0 to %d stones", t, g.cells)
	}
	n := len(x.Ranks)
	keys := slices.Grow(x.Keys, n)[:n]
	values := slices.Grow(x.Values, n)[:n]
	ends := slices.Grow(x.Ends, n)[:n]
	kids := slices.Grow(x.Kids, n*g.w)[:n*g.w]
	choices := binom[t][(t+1)/2]
	wk := newWalk(&g.board)
	var ranks [maxSide]uint64
	written := 0
	for i, r := range x.Ranks {
		if r >= g.tierSize[t] {
			return fmt.Errorf("connect4lib: rank %d of tier %d, which has %d", r, t, g.tierSize[t])
		}
		key := wk.to(t, r/choices, r%choices)
		e := g.ended(key)
		keys[i], values[i] = key, endValue[e]
		if e == notEnded {
			for _, rank := range ranks[:wk.childRanks(t, 0, ranks[:])] {
				kids[written] = sente.TierPosition{Tier: t + 1, Rank: rank}
				written++
			}
		}
		ends[i] = written
	}
	x.Keys, x.Values, x.Ends, x.Kids = keys, values, ends, kids[:written]
	return nil
}
