package search

import (
	"context"
	"strconv"

	"github.com/sente-go/sente"
)

// The second phase. A position worth 0 is a tie when some line of play
// through positions worth 0 ends in a tie, and its remoteness is the
// length of the shortest such line: both players take the fastest tie (as
// the table engines have it, see sente.Outcome.Better), so it is a
// shortest path, not a minimax. No such line, and it is a draw: play goes
// on for ever (in the positions Leaves answers, since search refuses loops
// of its own).
//
// The search is iterative deepening on the length (IDA*): dist proves
// whether a tie comes within a bound, and the bound grows to the least
// length the failed attempt saw. It prunes with the game's own lower bound
// on the plies to a tie (Horizon's tieLeast): in connect four only a full
// board is a tie, the bound is exact, and the first line tried is proved
// shortest at once. Whether a child is worth 0 is a probe of the first
// phase, window (-1, 1), through the same table.

// tieNever is dist's answer when no tie comes at all.
const tieNever = 1 << 29

type tieSearch[K sente.Key] struct {
	r *run[K]
	// memo holds what dist proved of a position (by its canonical key):
	// exact<<1|1 when the shortest tie is exact plies away, least<<1 when
	// none comes sooner than least.
	memo map[K]int32
	kids [][]K
}

func (r *run[K]) tie(ctx context.Context) (sente.Outcome, error) {
	t := &tieSearch[K]{r: r, memo: map[K]int32{}}
	bound := t.least(r.root)
	for {
		r.s.reported.Lock()
		r.tieLow = int(bound)
		r.phase = "tie"
		r.s.reported.Unlock()
		d, err := t.dist(r.root, bound, 0)
		if err != nil {
			return sente.Outcome{}, err
		}
		switch {
		case d <= bound:
			return sente.Outcome{Value: sente.Tie, Remoteness: int(d)}, nil
		case d >= tieNever:
			return sente.Outcome{Value: sente.Draw}, nil
		}
		bound = d
	}
}

func describeTie(bound int32) string {
	return "a tie in " + strconv.Itoa(int(bound)) + "?"
}

// least is the game's lower bound on the plies from key to a tie, at
// least one for a position that has not ended.
func (t *tieSearch[K]) least(key K) int32 {
	if ord := t.r.s.ord; ord != nil {
		if _, tie := ord.Horizon(key); tie > 1 {
			return int32(tie)
		}
	}
	return 1
}

// dist is the plies from key, a position worth 0, to the fastest tie when
// it is at most bound, and otherwise a number past bound that no tie comes
// sooner than (tieNever when none comes at all). depth is key's distance
// from the root, for the scratch space.
func (t *tieSearch[K]) dist(key K, bound int32, depth int) (int32, error) {
	s := t.r.s
	if v, ended := s.enc.EndedKey(key); ended {
		if v == sente.Tie {
			return 0, nil
		}
		return tieNever, nil
	}
	if s.leaves != nil {
		if o, ok := s.leaves.Leaf(key); ok {
			if o.Value == sente.Tie {
				return int32(o.Remoteness), nil
			}
			return tieNever, nil
		}
	}
	least := t.least(key)
	if least > bound {
		return least, nil
	}
	canon := key
	if s.sym != nil {
		canon = s.sym.Canonical(key)
	}
	if m, ok := t.memo[canon]; ok {
		if m&1 == 1 || m>>1 > bound {
			return m >> 1, nil
		}
	}
	for depth >= len(t.kids) {
		t.kids = append(t.kids, nil)
	}
	kids := s.enc.AppendChildren(t.kids[depth][:0], key)
	t.kids[depth] = kids
	best, past := int32(tieNever), int32(tieNever)
	for _, kid := range kids {
		v, err := t.r.probe(kid, -1, 1)
		if err != nil {
			return 0, err
		}
		if v != 0 {
			continue // won or lost: not on a line to a tie
		}
		d, err := t.dist(kid, bound-1, depth+1)
		if err != nil {
			return 0, err
		}
		if d >= tieNever {
			continue
		}
		if d+1 <= bound {
			best = min(best, d+1)
			if best == least {
				break // none can be faster
			}
		} else {
			past = min(past, d+1)
		}
	}
	if best <= bound {
		t.memo[canon] = best<<1 | 1
		return best, nil
	}
	if past >= tieNever {
		t.memo[canon] = tieNever<<1 | 1
		return tieNever, nil
	}
	t.memo[canon] = past << 1
	return past, nil
}
