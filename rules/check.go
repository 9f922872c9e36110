package rules

import (
	"context"
	"fmt"

	"go.starlark.net/starlark"
)

// Check walks the positions reachable from the start, breadth first, at
// most limit of them (0 for no limit), and asks every function of the file
// about each: result, turn, moves and their names, show and parse, tier
// (which no move may lower), components, features, board and policies. It
// returns how many positions it saw and the first mistake, which Err
// reports too, or ctx's error.
//
// Solving asks less: turn only where a policy applies or a position is
// shown, show only for positions shown. Check is for tests and for people
// writing a file.
func (g *Game) Check(ctx context.Context, limit int) (int, error) {
	seen := map[uint64]bool{g.start: true}
	queue := []uint64{g.start}
	tiers := tierCap{g}
	for n := 0; n < len(queue); n++ {
		if err := g.Err(); err != nil {
			return n, err
		}
		if err := ctx.Err(); err != nil {
			return n, err
		}
		if limit > 0 && n >= limit {
			return n, nil
		}
		key := queue[n]
		p := Position{g.tab, key}
		g.Turn(p)
		g.FormatPosition(p)
		for _, f := range g.sh.features {
			g.Feature(f.key, p)
		}
		if g.fn.board != nil {
			boardCap{g}.Board(p)
		}
		if g.fn.components != nil {
			for _, c := range (splitCap{g}).Components(p) {
				g.FormatPosition(c)
			}
		}
		if _, ended := g.EndedKey(key); ended {
			continue
		}
		moves := g.Moves(p)
		kids := make([]uint64, len(moves))
		for i, m := range moves {
			kids[i] = m.To.(Position).key
		}
		if g.fn.tier != nil {
			t := tiers.Tier(key)
			for _, k := range kids {
				if tk := tiers.Tier(k); tk < t && g.Err() == nil {
					v, kv := p.Value(), Position{g.tab, k}.Value()
					g.fail(g.mistake(g.fn.tier, v, starlark.Tuple{v}, fmt.Sprintf("is %d, but the move to %s leads to tier %d: no move may lead to a lower tier", t, repr(kv), tk)))
				}
			}
		}
		for _, fn := range g.sh.policies {
			g.allow(fn, key, append([]uint64(nil), kids...))
		}
		for _, k := range kids {
			if !seen[k] {
				seen[k] = true
				queue = append(queue, k)
			}
		}
	}
	return len(queue), g.Err()
}
