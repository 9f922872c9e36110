package search

import (
	"sync/atomic"
	"time"

	"github.com/sente-go/sente"
)

// worker is one goroutine's search: its own stacks and counters, the
// searcher's table shared.
type worker[K sente.Key] struct {
	s  *KeySearcher[K]
	id int

	nodes     uint64 // nodes this worker has searched
	published uint64 // of which the searcher's counter has heard

	kids  [][]sente.KeyChild[K] // the children of the position at each ply
	order [][]uint8             // the order in which to try them
	keys  []K                   // AppendChildren's scratch

	// The positions of the line being searched, for games that may loop:
	// path[ply] is the key at ply, and onPath counts the keys of the line
	// by hash, so that most positions are found off the line at a glance.
	path   []K
	onPath [1 << 12]uint16

	filled  int64    // entries this worker filled that the table has not counted
	history []uint32 // cutoffs by the hash of the move, for games without hints

	pace pace // when the worker next looks up from its search (check)
}

// abort unwinds a search that was stopped: another worker finished the
// probe, or the context was cancelled.
type abort struct{}

// loopError unwinds a search that met a position twice on one line.
type loopError[K sente.Key] struct{ from, again K }

// finitePlies is the depth within which a window's question must be
// answered for search to skip the check for repeated positions: well
// short of maxPlies, so that such a search never meets errTooDeep.
const finitePlies = maxPlies / 2

// search is the score of key, which ply plies of search lead to from the
// root, with the player turn to move there, within the window (alpha,
// beta): exact when it falls inside, otherwise a bound on the side it fell
// (fail-soft: the bound returned may be tighter than the window).
//
// In a game that may loop, a line that returns to a position is refused
// (loopError) only while the window asks a question without a bound on
// depth (a win at all? not a loss?). A window that asks for a win within
// so many plies, or for no loss within them, is a question about a finite
// tree: mate-distance pruning ends every line of it by then, repeated
// positions or not, and what it proves holds whatever the path.
func (w *worker[K]) search(key K, turn sente.Player, ply, alpha, beta int32) int32 {
	if !w.s.loopy || alpha >= winAt(finitePlies) || beta <= lossAt(finitePlies) {
		return w.expand(key, turn, ply, alpha, beta)
	}
	h := hashOf(key) >> 52
	if w.onPath[h] != 0 {
		for _, k := range w.path[:ply] {
			if k == key {
				panic(loopError[K]{from: w.path[0], again: key})
			}
		}
	}
	for int(ply) >= len(w.path) {
		w.path = append(w.path, *new(K))
	}
	w.path[ply] = key
	w.onPath[h]++
	v := w.expand(key, turn, ply, alpha, beta)
	w.onPath[h]--
	return v
}

func (w *worker[K]) expand(key K, turn sente.Player, ply, alpha, beta int32) int32 {
	s := w.s
	w.nodes++
	if w.nodes >= w.pace.next {
		w.check()
	}
	// The table's bucket is asked for now, and read once the children
	// are known: the miss to memory, most of a node's cost, overlaps the
	// work of finding them.
	canon, canonKnown := key, s.sym == nil
	if !canonKnown && s.cheapCanon {
		canon, canonKnown = s.sym.Canonical(key), true
	}
	if canonKnown {
		s.tt.prefetch(hashOf(canon))
	}
	if v, ended := s.enc.EndedKey(key); ended {
		return terminal(v, ply)
	}
	if s.leaves != nil {
		if o, ok := s.leaves.Leaf(key); ok {
			return scoreOf(o, ply)
		}
	}
	if s.decider != nil {
		// A search for the value alone: a decided win or loss stands as
		// one in the fewest plies it could take, its sign all that counts.
		if v, ok := s.decider.Decide(key); ok {
			if v == sente.Win {
				return winAt(ply + 1)
			}
			return lossAt(ply)
		}
	}
	if ply >= maxPlies {
		panic(errTooDeep)
	}

	// The children, and what the game knows of the next two plies.
	for int(ply) >= len(w.kids) {
		w.kids = append(w.kids, make([]sente.KeyChild[K], 0, 16))
		w.order = append(w.order, make([]uint8, 0, 16))
	}
	kids := w.kids[ply][:0]
	best := int32(-inf)
	most := winAt(ply + 1) // no position is won faster than in one ply
	if s.ord != nil {
		var tactics sente.Tactics
		kids, tactics = s.ord.OrderChildren(kids, key)
		w.kids[ply] = kids
		if tactics.WinsAtOnce {
			return winAt(ply + 1)
		}
		if tactics.LosingLeftOut {
			best = lossAt(ply + 2) // a move left out
			if len(kids) == 0 {
				return best
			}
		}
		most = winAt(ply + int32(max(tactics.WinsIn, 2)))
		if tactics.LosesIn > 0 {
			// No move of the list loses sooner: nor does the best.
			if least := lossAt(ply + int32(tactics.LosesIn)); least > alpha {
				if least >= beta {
					return least
				}
				alpha = least
			}
		}
	} else {
		w.keys = s.enc.AppendChildren(w.keys[:0], key)
		if len(w.keys) == 0 {
			return lossAt(ply) // no move: lost, unless Ended said otherwise
		}
		for _, k := range w.keys {
			kids = append(kids, sente.KeyChild[K]{Key: k, Hint: int32(w.history[w.moveHash(key, k)] >> 1)})
		}
		w.kids[ply] = kids
	}
	if most <= alpha {
		return most
	}
	beta = min(beta, most)

	// What the table knows.
	if !canonKnown {
		canon = s.sym.Canonical(key)
	}
	move := uint8(noMove)
	if e, ok := s.tt.probe(canon); ok {
		lo, hi := fromRel(e.lower, ply), fromRel(e.upper, ply)
		if lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		if lo == hi {
			return lo
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		if e.canon == (canon == key) {
			move = e.move
		}
	}
	if best >= beta {
		return best
	}

	// Enhanced transposition cutoffs: far from the end of the game, where
	// a node costs most, a child the table already knows good enough
	// cuts off before any child is searched. It costs a probe a child,
	// which the search of a child would make anyway.
	deep := w.deep(key, ply)
	if deep {
		// The first children's buckets are asked for first, and only
		// then probed: the misses to memory overlap rather than wait for
		// each other. A few are as many as the processor keeps in
		// flight; the rest of a long list (Domineering's) are probed as
		// they come, since the first may cut off.
		var canons [8]K
		for i := range min(len(kids), len(canons)) {
			kc := kids[i].Key
			if s.sym != nil {
				kc = s.sym.Canonical(kc)
			}
			canons[i] = kc
			s.tt.prefetch(hashOf(kc))
		}
		for i := range kids {
			kid := kids[i].Key
			kc := kid
			if i < len(canons) {
				kc = canons[i]
			} else if s.sym != nil {
				kc = s.sym.Canonical(kid)
			}
			e, ok := s.tt.probe(kc)
			if !ok {
				continue
			}
			var v int32
			if s.turnAt(kid, turn) == turn {
				v = fromRel(e.lower, ply+1)
			} else {
				v = -fromRel(e.upper, ply+1)
			}
			if v >= beta {
				if s.tt.store(canon, lowerRel(v, ply), noUpper, uint8(i), canon == key, 1) {
					w.filled++
				}
				return v
			}
		}
	}

	// Moves by the game's hint (or by history), the table's move first.
	// Every worker takes the same order: what keeps them apart is the
	// putting off of moves another is searching (below). Helpers that
	// swapped their first move near the root at random, as lazy SMP
	// does, proved worse moves first at cut nodes: 1.27 to 1.56 million
	// nodes for the benchmark's hard position against 0.95 without.
	order := w.order[ply][:0]
	for i := range kids {
		order = append(order, uint8(i))
	}
	for i := 1; i < len(order); i++ {
		o := order[i]
		j := i
		for ; j > 0 && kids[order[j-1]].Hint < kids[o].Hint; j-- {
			order[j] = order[j-1]
		}
		order[j] = o
	}
	if int(move) < len(kids) {
		for i, o := range order {
			if o == move {
				copy(order[1:i+1], order[:i])
				order[0] = move
				break
			}
		}
	}
	w.order[ply] = order

	alpha0 := alpha
	start := w.nodes
	bestMove := uint8(noMove)
	if best > alpha {
		alpha = best
	}
	// Once several workers search, a move another is searching is put off
	// to the end (its twin may be in the table by then), far from the
	// end of the game, where a subtree is worth sharing out.
	split := s.joined && deep
	var putOff uint64 // bit i: order[i] was put off
	for pass := 0; pass < 2; pass++ {
		for i, o := range order {
			if pass == 1 && putOff&(1<<i) == 0 {
				continue
			}
			kid := w.kids[ply][o].Key
			var busy *atomic.Uint64
			if split {
				busy = &s.busy[hashOf(kid)>>(64-busyBits)]
				if pass == 0 && i > 0 && i < 64 && busy.Load() == tagOf(kid) {
					putOff |= 1 << i
					continue
				}
				busy.Store(tagOf(kid))
			}
			if !deep && s.cheapCanon && i+1 < len(order) {
				// The next child's bucket comes in while this child is
				// searched: it is wanted whenever this one does not
				// cut off.
				next := w.kids[ply][order[i+1]].Key
				if s.sym != nil {
					next = s.sym.Canonical(next)
				}
				s.tt.prefetch(hashOf(next))
			}
			var v int32
			if kidTurn := s.turnAt(kid, turn); kidTurn == turn {
				v = w.search(kid, kidTurn, ply+1, alpha, beta)
			} else {
				v = -w.search(kid, kidTurn, ply+1, -beta, -alpha)
			}
			if busy != nil {
				busy.CompareAndSwap(tagOf(kid), 0)
			}
			if v > best {
				best, bestMove = v, o
				if v > alpha {
					alpha = v
					if alpha >= beta {
						if s.ord == nil {
							w.history[w.moveHash(key, kid)] += uint32(w.nodes-start) | 1
						}
						pass = 2
						break
					}
				}
			}
		}
		if putOff == 0 {
			break
		}
	}

	lower, upper := int16(noLower), int16(noUpper)
	switch {
	case best >= beta:
		lower = lowerRel(best, ply)
	case best <= alpha0:
		upper = upperRel(best, ply)
	default:
		lower, upper = lowerRel(best, ply), upperRel(best, ply)
	}
	if s.tt.store(canon, lower, upper, bestMove, canon == key, w.nodes-start) {
		w.filled++
	}
	return best
}

// deep reports whether the position key, ply plies from the root, is far
// enough from the end of the game for enhanced transposition cutoffs:
// etcPlies plies or more left when the game says (Orderer.Horizon), within
// etcPlies of the root otherwise.
//
// A game that ranks no positions itself (a rules file, whose ranks are
// discovered) gets none: the cutoffs need the canonical key and the turn
// of every child, calls of the file's code that are most of a node's
// cost there, and keys the file then keeps, for children the search
// mostly never visits (tic-tac-toe 4×4, three in a row: 17,882 nodes and
// 7.5 s of CPU with them, 16,337 and 2.9 s without; three in a row on
// 5×5 outgrew 256M with them). A game in Go keeps them: seven men's
// morris over its moving phase takes 8.9 million nodes without them
// rather than 5.3.
func (w *worker[K]) deep(key K, ply int32) bool {
	if ord := w.s.ord; ord != nil {
		most, _ := ord.Horizon(key)
		return most >= w.s.etcPlies
	}
	if w.s.caps.Ranker == nil && w.s.caps.TierRanker == nil {
		return false
	}
	return int(ply) < etcPlies
}

// etcPlies is where enhanced transposition cutoffs start (see deep),
// unless the game says (sente.CutoffHorizon).
var etcPlies = 12

// moveHash places the move from key to kid in the history table.
func (w *worker[K]) moveHash(key, kid K) uint64 {
	return moveHashOf(key, kid) >> (64 - historyBits)
}

const historyBits = 12

// check is the worker's look up from its search, when its pace says: it
// tells the searcher its nodes, starts the helpers and reports progress
// (the first worker), and unwinds the search that is over its allowance,
// cancelled or finished by another worker.
func (w *worker[K]) check() {
	s := w.s
	now := time.Now()
	w.pace.checked(w.nodes, now)
	w.publish()
	if w.id == 0 {
		if s.joinAt != 0 && w.nodes >= s.joinAt {
			s.join()
		}
		s.run.reportIfDue(now)
	}
	if end := s.limit.Load(); end != 0 && s.nodes.Load() >= end {
		s.overLimit.Store(true)
		s.stop.Store(true)
	}
	s.pollCancel()
	if s.stop.Load() {
		panic(abort{})
	}
}

// publish adds the nodes searched since the last time to the searcher's
// count.
func (w *worker[K]) publish() {
	w.s.nodes.Add(w.nodes - w.published)
	w.published = w.nodes
	w.s.tt.used.Add(w.filled)
	w.filled = 0
}
