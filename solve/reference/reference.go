package reference

import (
	"fmt"

	"github.com/sente-go/sente"
)

// Reference solves g from root the slow and obvious way, for tests: it finds
// every reachable position through Moves, then labels positions level by
// level straight from the definitions. A move is worth to the player making
// it what its position is worth to the player to move there when that is
// the same player (the move keeps the turn, by Turn, unless the game
// promises to alternate), and the opposite when it is the other. A
// position is won in n plies when a move worth a win was labelled so in
// n-1, lost in n when every move is worth a loss and the slowest was
// labelled in n-1; the same for ties; what is never labelled is a draw. It
// shares no code with the engine, so that comparing them means something.
// Policies need the game's Encoder, as they are stated on keys.
//
// Positions must be comparable; the result maps each to its outcome.
func Reference(g sente.Game, root sente.Position, restrict map[sente.Player]string) (map[sente.Position]sente.Outcome, error) {
	if root == nil {
		root = g.Start()
	}
	positions, kids, keeps, err := graphOf(g, root, restrict)
	if err != nil {
		return nil, err
	}
	var label []sente.Outcome // Value Unknown: not labelled yet
	// worth is what the move to the k-th child of i is worth to the
	// player making it, by the child's label.
	worth := func(i, k int) sente.Value {
		v := label[kids[i][k]].Value
		if keeps[i][k] {
			return v
		}
		switch v {
		case sente.Win:
			return sente.Lose
		case sente.Lose:
			return sente.Win
		}
		return v
	}

	n := len(positions)
	label = make([]sente.Outcome, n)
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
			bestWin, allLost, longest := -1, true, 0
			for k, j := range kids[i] {
				switch worth(i, k) {
				case sente.Win:
					if bestWin < 0 || label[j].Remoteness+1 < bestWin {
						bestWin = label[j].Remoteness + 1
					}
				case sente.Lose:
					longest = max(longest, label[j].Remoteness+1)
				default:
					allLost = false
				}
			}
			if bestWin >= 0 {
				next[i], changed = sente.Outcome{Value: sente.Win, Remoteness: bestWin}, true
			} else if allLost {
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

// graphOf finds every position reachable from root through Moves (as the
// policies allow), each once: its children by index, and for each whether
// the move to it keeps the turn (by Turn, unless the game promises to
// alternate).
func graphOf(g sente.Game, root sente.Position, restrict map[sente.Player]string) (positions []sente.Position, kids [][]int, keeps [][]bool, err error) {
	caps := sente.CapabilitiesOf(g)
	index := map[sente.Position]int{root: 0}
	positions = []sente.Position{root}
	alternates := caps.Alternating != nil && caps.Alternating.Alternates()
	for i := 0; i < len(positions); i++ {
		p := positions[i]
		var list []int
		var kept []bool
		if _, ended := g.Ended(p); !ended {
			moves, err := referenceMoves(g, caps, p, restrict)
			if err != nil {
				return nil, nil, nil, err
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
					kept = append(kept, !alternates && g.Turn(p) == g.Turn(m.To))
				}
			}
		}
		kids = append(kids, list)
		keeps = append(keeps, kept)
	}
	return positions, kids, keeps, nil
}

// referenceMoves applies the policies by asking them about each move's key;
// caps are the game's capabilities, asked for once.
func referenceMoves(g sente.Game, caps sente.Capabilities, p sente.Position, restrict map[sente.Player]string) ([]sente.Move, error) {
	moves := g.Moves(p)
	name, restricted := restrict[g.Turn(p)]
	if !restricted || len(moves) == 0 {
		return moves, nil
	}
	enc, r := caps.Encoder, caps.Restricter
	if enc == nil {
		return nil, fmt.Errorf("policies need a game with an Encoder")
	}
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
