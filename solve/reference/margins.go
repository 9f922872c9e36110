package reference

import (
	"fmt"

	"github.com/sente-go/sente"
)

// Margins solves g from root for margins the slow and obvious way, for
// tests: every reachable position is found through Moves, an ended one
// is worth its Score, one without moves is worth 0 (the game's Ended is
// then asked to say otherwise), and the others are labelled once all
// their children are, in pass after pass, by the best of their moves
// under sente.Margin.Better (sente.MoveMargin keeps the margin of a move
// that keeps the turn). A game whose positions can repeat leaves
// positions that are never labelled: margins are refused for it, since
// endless play has no margin. It shares no code with the engines.
func Margins(g sente.Game, root sente.Position, restrict map[sente.Player]string) (map[sente.Position]sente.Margin, error) {
	scorer := sente.CapabilitiesOf(g).Scorer
	if scorer == nil || scorer.MaxScore() <= 0 {
		return nil, fmt.Errorf("the game gives no score")
	}
	if root == nil {
		root = g.Start()
	}
	positions, kids, keeps, err := graphOf(g, root, restrict)
	if err != nil {
		return nil, err
	}
	n := len(positions)
	label := make([]sente.Margin, n)
	known := make([]bool, n)
	for i, p := range positions {
		if _, ended := g.Ended(p); ended {
			label[i], known[i] = sente.Margin{Score: scorer.Score(p)}, true
		} else if len(kids[i]) == 0 {
			return nil, fmt.Errorf("position %s has no moves and has not ended: a game that ends in a score ends by result", g.FormatPosition(p))
		}
	}
	for {
		changed := false
		for i := range positions {
			if known[i] {
				continue
			}
			var best sente.Margin
			ready := true
			for k, j := range kids[i] {
				if !known[j] {
					ready = false
					break
				}
				if m := sente.MoveMargin(label[j], keeps[i][k]); k == 0 || m.Better(best) {
					best = m
				}
			}
			if ready {
				label[i], known[i], changed = best, true, true
			}
		}
		if !changed {
			break
		}
	}
	result := make(map[sente.Position]sente.Margin, n)
	for i, p := range positions {
		if !known[i] {
			return nil, fmt.Errorf("position %s can be reached again from itself: margins need a game whose positions never repeat", g.FormatPosition(p))
		}
		result[p] = label[i]
	}
	return result, nil
}
