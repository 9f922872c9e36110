package answer

import (
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// QuickMove is a move with what is known of it before every move's
// position has been searched: Outcome is for the player making the move,
// sente.Unknown as its value when nothing is known yet, and
// sente.RemotenessUnknown as its remoteness when only the value is.
type QuickMove struct {
	sente.Move
	Outcome sente.Outcome
}

// QuickMoves answers p, and of its moves what comes at once: each move
// whose position is known (searched already, or in an opening book) with
// its outcome; when p is lost, every move as a loss, how slow left to the
// search of its position; and when p is won or tied, one best move: read
// from the bounds the search of p proved of its moves' positions
// (bestInTable), else found by searching the moves' positions in the
// order the game thinks most promising until one reaches p's outcome.
// The rest is Moves' work, searching every
// move's position to the end. A solution of margins alone gives no quick
// answer: ok is false.
//
// It is for a player who waits: the browser shows the values at once and
// the remoteness of every move as it comes, and the computer plays the
// best move without waiting for the others'.
func (s *SearchSolution) QuickMoves(p sente.Position) (root sente.Outcome, moves []QuickMove, ok bool, err error) {
	if s.marginOnly {
		return sente.Outcome{}, nil, false, nil
	}
	root, err = s.solve(p)
	if err != nil {
		return sente.Outcome{}, nil, false, err
	}
	g := s.game
	keeps := func(m sente.Move) bool { return sente.KeepsTurn(g, p, m.To) }
	legal := solve.LegalMoves(g, p)
	moves = make([]QuickMove, len(legal))
	reached := false
	for i, m := range legal {
		moves[i].Move = m
		if o, ok := s.knownOutcome(m.To); ok {
			moves[i].Outcome = sente.MoveOutcome(o, keeps(m))
			reached = reached || moves[i].Outcome == root
			continue
		}
		if root.Value == sente.Lose {
			// From a lost position every move loses.
			moves[i].Outcome = sente.Outcome{Value: sente.Lose, Remoteness: sente.RemotenessUnknown}
		}
	}
	if reached || (root.Value != sente.Win && root.Value != sente.Tie) {
		return root, moves, true, nil
	}
	if i, o, ok := s.bestInTable(root, legal, keeps); ok {
		moves[i].Outcome = root
		s.mu.Lock()
		s.known[s.keyOf(legal[i].To)] = o
		s.mu.Unlock()
		return root, moves, true, nil
	}
	for _, i := range s.promising(p, legal) {
		if moves[i].Outcome.Value != sente.Unknown {
			continue
		}
		o, err := s.solve(legal[i].To)
		if err != nil {
			return sente.Outcome{}, nil, false, err
		}
		moves[i].Outcome = sente.MoveOutcome(o, keeps(legal[i]))
		if moves[i].Outcome == root {
			break
		}
	}
	return root, moves, true, nil
}

// bestInTable finds a best move from a won position, of outcome root,
// among moves without a search, in what the search of the position proved
// of its moves' positions on the way (search.Searcher.TableBounds): a
// move whose position the table proves no better for its player to move
// than a loss one ply sooner than root's win (a win, when the move keeps
// the turn) reaches root, and its position's outcome o is exactly that.
func (s *SearchSolution) bestInTable(root sente.Outcome, moves []sente.Move, keeps func(sente.Move) bool) (i int, o sente.Outcome, ok bool) {
	if root.Value != sente.Win {
		return 0, sente.Outcome{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.s == nil {
		return 0, sente.Outcome{}, false
	}
	soon := func(b sente.Outcome) bool {
		return root.Remoteness == sente.RemotenessUnknown || b.Remoteness != sente.RemotenessUnknown && b.Remoteness+1 <= root.Remoteness
	}
	want := sente.Outcome{Value: sente.Lose, Remoteness: root.Remoteness - 1}
	if root.Remoteness == sente.RemotenessUnknown {
		want.Remoteness = sente.RemotenessUnknown
	}
	for i, m := range moves {
		low, high := s.s.tableBounds(m.To)
		if keeps(m) {
			if low.Value == sente.Win && soon(low) {
				return i, sente.Outcome{Value: sente.Win, Remoteness: want.Remoteness}, true
			}
		} else if high.Value == sente.Lose && soon(high) {
			return i, want, true
		}
	}
	return 0, sente.Outcome{}, false
}

// knownOutcome is p's outcome when it is known without a search: searched
// before, or in a book.
func (s *SearchSolution) knownOutcome(p sente.Position) (sente.Outcome, bool) {
	key := s.keyOf(p)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.knownLocked(key)
}

// knownLocked is knownOutcome of the position of key, with s.mu held.
func (s *SearchSolution) knownLocked(key sente.Wide) (sente.Outcome, bool) {
	if o, ok := s.known[key]; ok {
		return o, true
	}
	if s.enc == nil {
		return sente.Outcome{}, false // books are of 64-bit keys
	}
	if o, ok := s.fromBook(key.Lo); ok {
		s.known[key] = o
		return o, true
	}
	return sente.Outcome{}, false
}

// promising are the indexes of moves, the moves from p, most promising
// first as the game orders them for search (sente.Orderer), the moves it
// leaves out last; in the game's order when it orders none.
func (s *SearchSolution) promising(p sente.Position, moves []sente.Move) []int {
	order := make([]int, 0, len(moves))
	ord := sente.CapabilitiesOf(s.game).Orderer
	if ord != nil {
		at := make(map[uint64]int, len(moves))
		for i, m := range moves {
			at[s.enc.Encode(m.To)] = i
		}
		kids, _ := ord.OrderChildren(nil, s.enc.Encode(p))
		for _, k := range kids {
			if i, ok := at[k.Key]; ok && !slices.Contains(order, i) {
				order = append(order, i)
			}
		}
	}
	for i := range moves {
		if !slices.Contains(order, i) {
			order = append(order, i)
		}
	}
	return order
}
