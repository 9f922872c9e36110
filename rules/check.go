package rules

import (
	"context"
	"fmt"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// Check walks the positions reachable from the start, breadth first, at
// most limit of them (0 for no limit), and asks every function of the file
// about each: result, turn, moves and their names, show and parse, tier
// (which no move may lower), components, features, board (whose moves
// must be moves of the position) and policies; and, in a partizan file,
// left_moves and right_moves (the options of the side to move being
// moves(p), when the file defines moves too). It returns how many
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
			for _, c := range g.components(p, g.partizan) {
				g.FormatPosition(c)
			}
		}
		if g.partizan {
			g.checkOptions(p)
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

// checkOptions asks left_moves(p) and right_moves(p), which hold each
// option to the side it leaves to move, and, when the file defines
// moves(p) too, fails the game unless moves(p) leads to the options of
// the side to move at p, no more and no fewer: the turn-based game and
// the partizan one are then one game.
func (g *Game) checkOptions(p Position) {
	pz := partizanCap{g}
	left, right := pz.LeftOptions(p), pz.RightOptions(p)
	if g.fn.moves == nil || g.Err() != nil {
		return
	}
	options, fn := right, g.fn.rightMoves
	if g.TurnKey(p.key) == g.left {
		options, fn = left, g.fn.leftMoves
	}
	if _, ended := g.EndedKey(p.key); ended && len(options) == 0 {
		return
	}
	moves := g.Moves(p)
	if g.Err() != nil {
		return
	}
	inOptions := make(map[uint64]bool, len(options))
	for _, o := range options {
		inOptions[o.(Position).key] = true
	}
	inMoves := make(map[uint64]bool, len(moves))
	for _, m := range moves {
		inMoves[m.To.(Position).key] = true
	}
	v := p.Value()
	for _, m := range moves {
		if k := m.To.(Position).key; !inOptions[k] {
			g.fail(g.mistake(g.fn.moves, v, starlark.Tuple{v}, fmt.Sprintf("has the move %s to %s, which %s does not list; moves(p) must lead to the options of the side to move", m.Name, m.To, fn.name+"("+repr(v)+")")))
			return
		}
	}
	for _, o := range options {
		if k := o.(Position).key; !inMoves[k] {
			g.fail(g.mistake(g.fn.moves, v, starlark.Tuple{v}, fmt.Sprintf("has no move to %s, which %s lists; moves(p) must lead to the options of the side to move", o, fn.name+"("+repr(v)+")")))
			return
		}
	}
}
