package rules

import (
	"context"
	"fmt"

	"go.starlark.net/starlark"

	"sente"
)

// Check walks the positions reachable from the start, breadth first, at
// most limit of them (0 for no limit), and asks every function of the file
// about each: result, turn, moves and their names, show and parse, tier
// (which no move may lower), components, features, board (whose moves
// must be moves of the position) and policies. It returns how many
// positions it saw and the first mistake, which Err reports too, or ctx's
// error.
//
// Solving asks less: show only for positions shown, features, board and
// policies only where they are used. Check is for tests and for people
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
		var placed []sente.BoardMove
		if g.fn.board != nil {
			placed = boardCap{g}.Board(p).Moves
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
		g.checkBoardMoves(p, placed, moves)
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

// checkBoardMoves fails the game when board(p) placed a move that moves(p)
// does not list: the page could offer a click that plays nothing.
func (g *Game) checkBoardMoves(p Position, placed []sente.BoardMove, moves []sente.Move) {
	if len(placed) == 0 || g.Err() != nil {
		return
	}
	names := make(map[string]bool, len(moves))
	for _, m := range moves {
		names[m.Name] = true
	}
	for _, m := range placed {
		if !names[m.Name] {
			v := p.Value()
			g.fail(g.mistake(g.fn.board, v, starlark.Tuple{v}, fmt.Sprintf("returned moves with %q, which is not a move of the position (moves(p) names them)", m.Name)))
			return
		}
	}
}
