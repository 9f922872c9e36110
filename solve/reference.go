package solve

import (
	"fmt"

	"sente"
)

// Reference solves g from root the slow and obvious way, for tests: it finds
// every reachable position through Moves, then labels positions level by
// level straight from the definitions. A position is won in n plies when a
// child was labelled lost in n-1, lost in n when every child was labelled won
// and the slowest in n-1; the same for ties; what is never labelled is a
// draw. It shares no code with the engine, so that comparing them means
// something. Policies need the game's Encoder, as they are stated on keys.
//
// Positions must be comparable; the result maps each to its outcome.
func Reference(g sente.Game, root sente.Position, restrict map[sente.Player]string) (map[sente.Position]sente.Outcome, error) {
	if root == nil {
		root = g.Start()
	}
	index := map[sente.Position]int{root: 0}
	positions := []sente.Position{root}
	var kids [][]int
	for i := 0; i < len(positions); i++ {
		p := positions[i]
		var list []int
		if _, ended := g.Ended(p); !ended {
			moves, err := referenceMoves(g, p, restrict)
			if err != nil {
				return nil, err
			}
			seen := map[int]bool{}
			for _, m := range moves {
				j, ok := index[m.To]
				if !ok {
					j = len(positions)
					index[m.To] = j
					positions = append(positions, m.To)
				}
				if !seen[j] {
					seen[j] = true
					list = append(list, j)
				}
			}
		}
		kids = append(kids, list)
	}

	n := len(positions)
	label := make([]sente.Outcome, n) // Value Unknown: not labelled yet
	for i, p := range positions {
		if v, ended := g.Ended(p); ended {
			label[i] = sente.Outcome{Value: v}
		} else if len(kids[i]) == 0 {
			label[i] = sente.Outcome{Value: sente.Lose}
		}
	}

	// Wins and losses, one level at a time.
	for {
		next := append([]sente.Outcome(nil), label...)
		changed := false
		for i := range positions {
			if label[i].Value != sente.Unknown {
				continue
			}
			bestWin, allWon, longest := -1, true, 0
			for _, j := range kids[i] {
				switch label[j].Value {
				case sente.Lose:
					if bestWin < 0 || label[j].Remoteness+1 < bestWin {
						bestWin = label[j].Remoteness + 1
					}
				case sente.Win:
					longest = max(longest, label[j].Remoteness+1)
				default:
					allWon = false
				}
			}
			if bestWin >= 0 {
				next[i], changed = sente.Outcome{Value: sente.Win, Remoteness: bestWin}, true
			} else if allWon {
				next[i], changed = sente.Outcome{Value: sente.Lose, Remoteness: longest}, true
			}
		}
		label = next
		if !changed {
			break
		}
	}

	// Ties, one level at a time.
	for {
		next := append([]sente.Outcome(nil), label...)
		changed := false
		for i := range positions {
			if label[i].Value != sente.Unknown {
				continue
			}
			best := -1
			for _, j := range kids[i] {
				if label[j].Value == sente.Tie && (best < 0 || label[j].Remoteness+1 < best) {
					best = label[j].Remoteness + 1
				}
			}
			if best >= 0 {
				next[i], changed = sente.Outcome{Value: sente.Tie, Remoteness: best}, true
			}
		}
		label = next
		if !changed {
			break
		}
	}

	result := make(map[sente.Position]sente.Outcome, n)
	for i, p := range positions {
		if label[i].Value == sente.Unknown {
			label[i] = sente.Outcome{Value: sente.Draw}
		}
		result[p] = label[i]
	}
	return result, nil
}

// referenceMoves applies the policies by asking them about each move's key.
func referenceMoves(g sente.Game, p sente.Position, restrict map[sente.Player]string) ([]sente.Move, error) {
	moves := g.Moves(p)
	name, restricted := restrict[g.Turn(p)]
	if !restricted || len(moves) == 0 {
		return moves, nil
	}
	enc := sente.CapabilitiesOf(g).Encoder
	if enc == nil {
		return nil, fmt.Errorf("policies need a game with an Encoder")
	}
	r := sente.CapabilitiesOf(g).Restricter
	if r == nil {
		return nil, fmt.Errorf("the game has no policies")
	}
	for _, pol := range r.Policies() {
		if pol.Name != name {
			continue
		}
		keys := make([]uint64, len(moves))
		for i, m := range moves {
			keys[i] = enc.Encode(m.To)
		}
		allowed := map[uint64]bool{}
		for _, k := range pol.Allow(enc.Encode(p), keys) {
			allowed[k] = true
		}
		var kept []sente.Move
		for _, m := range moves {
			if allowed[enc.Encode(m.To)] {
				kept = append(kept, m)
			}
		}
		return kept, nil
	}
	return nil, fmt.Errorf("unknown policy %q", name)
}
