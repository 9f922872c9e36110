package search

import "github.com/sente-go/sente"

// A score is a position's outcome for the player to move as one integer,
// so that alpha-beta compares outcomes with < and negates them for the
// opponent. It counts plies from the root of the search, not from the
// position: a win whose last move is ply p of the search (the root being
// ply 0) is mate - p, a loss there is -(mate - p), and a tie or a draw is
// 0. A faster win is then a larger score and a slower loss too, as the
// players want, and the opponent's score of the same line is the negation
// of the mover's, whatever the depth of the position, so windows pass down
// negated and unchanged.
//
// Ties and draws share 0: which of the two a position is, and how soon a
// tie comes, is not a zero-sum question (both players want a tie rather
// than a draw, and a fast tie rather than a slow one), so the second phase
// of a search answers it, over the positions the first found to be worth
// 0 (tie.go).
const (
	mate = 1 << 24
	// inf bounds every score: no position is worth more than inf-1 or
	// less than 1-inf.
	inf = mate + 1
	// maxPlies is the deepest a search goes, so that a win's score stays
	// positive and a loss's negative.
	maxPlies = 1 << 20
)

func winAt(ply int32) int32  { return mate - ply }
func lossAt(ply int32) int32 { return ply - mate }

// terminal is the score of a position that has ended with v for the player
// to move, at ply.
func terminal(v sente.Value, ply int32) int32 {
	switch v {
	case sente.Win:
		return winAt(ply)
	case sente.Lose:
		return lossAt(ply)
	}
	return 0
}

// scoreOf is the score at ply of a position whose outcome is known.
func scoreOf(o sente.Outcome, ply int32) int32 {
	switch o.Value {
	case sente.Win:
		return winAt(ply + int32(o.Remoteness))
	case sente.Lose:
		return lossAt(ply + int32(o.Remoteness))
	}
	return 0
}

// outcomeOf is the outcome at the root of a score other than 0.
func outcomeOf(s int32) sente.Outcome {
	if s > 0 {
		return sente.Outcome{Value: sente.Win, Remoteness: int(mate - s)}
	}
	return sente.Outcome{Value: sente.Lose, Remoteness: int(mate + s)}
}

// The table keeps a position's bounds in 16 bits each, counted from the
// position itself rather than from a root, so that they hold wherever the
// position is met again: a win in r plies is relMax-r, a loss in r is
// r-relMax, a tie or draw 0. noLower and noUpper say a bound is unknown.
// Remoteness past relMax-1 plies cannot be written; such a bound is
// weakened to one that can, which is still true.
const (
	relMax  = 1<<15 - 1
	noLower = -relMax - 1
	noUpper = relMax
)

// lowerRel is the lower bound s (a score at ply) as the table keeps it:
// the largest bound it can write that s still proves.
func lowerRel(s, ply int32) int16 {
	switch {
	case s <= -inf+1:
		return noLower
	case s > 0:
		r := mate - s - ply // a win in r plies or faster
		switch {
		case r > relMax-1:
			return 0 // not a loss, a win too slow to write
		case r < 1:
			return relMax - 1
		}
		return int16(relMax - r)
	case s < 0:
		r := mate + s - ply // a loss in r plies or slower
		switch {
		case r > relMax-1:
			return -1
		case r < 0:
			return noLower
		}
		return int16(r - relMax)
	}
	return 0
}

// upperRel is the upper bound s as the table keeps it: the smallest bound
// it can write that s still proves.
func upperRel(s, ply int32) int16 {
	switch {
	case s >= inf-1:
		return noUpper
	case s > 0:
		r := mate - s - ply // a win in r plies or slower, or worse
		switch {
		case r > relMax-1:
			return 1
		case r < 1:
			return noUpper
		}
		return int16(relMax - r)
	case s < 0:
		r := mate + s - ply // a loss in r plies or faster
		switch {
		case r > relMax-1:
			return 0
		case r < 0:
			return -relMax
		}
		return int16(r - relMax)
	}
	return 0
}

// fromRel is a bound the table keeps as a score at ply.
func fromRel(b int16, ply int32) int32 {
	switch {
	case b == noLower:
		return -inf
	case b == noUpper:
		return inf
	case b > 0:
		return winAt(ply + int32(relMax-int32(b)))
	case b < 0:
		return lossAt(ply + int32(b) + relMax)
	}
	return 0
}
