package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/sente-go/sente"
)

// ErrMarginRepeats is why a margin search stops at a position that comes
// back on the line searched: endless play has no margin.
var ErrMarginRepeats = errors.New("margins need a game whose positions never repeat")

// A margin score is a position's margin under perfect play, with the
// plies to the end folded in as the proof search folds a win's plies into
// mate: an end with margin m for the player to move there, at ply d of
// the search, is m·plyUnit − d when m > 0 and m·plyUnit + d when m < 0,
// so that a larger margin always counts more and, at equal margins, a
// faster win and a slower loss count more, and the opponent's score of
// the same line is the negation. A margin of 0 is 0, whatever its plies:
// how soon a tie comes is not zero-sum (both players want it soon), and
// the margin's plies at a tie are the value's own (every move that keeps
// the margin at 0 keeps the tie, and the other way round).
//
// The table keeps scores relative to the position (d counted from it),
// so that one entry serves the position at any ply.
const (
	plyUnit   = int64(1) << 20 // above maxPlies
	marginInf = int64(1) << 62
)

// MarginSearcher finds margins of a game that ends in a score by MTD(f)
// over the margin score: null-window alpha-beta searches that close in on
// the score, their bounds kept in a table of fixed size between them and
// between positions asked.
type MarginSearcher struct {
	game     sente.Game
	enc      sente.Encoder
	turn     func(uint64) sente.Player // nil: every move passes the turn
	scoreKey func(uint64) int
	tt       []marginEntry
	shift    uint
	path     []uint64 // the keys of the line being searched, for repeats
	kids     [][]uint64
	ctx      context.Context

	// Nodes counts the positions searched, over every call.
	Nodes uint64
}

// marginEntry is what the table knows of one key: the score lies in
// [lo, hi], relative to the position.
type marginEntry struct {
	key    uint64
	lo, hi int64
	used   bool
}

// NewMarginSearcher makes a MarginSearcher for g, which must be an
// Encoder and a Scorer, with a table of about tableBytes.
func NewMarginSearcher(g sente.Game, tableBytes int64) (*MarginSearcher, error) {
	caps := sente.CapabilitiesOf(g)
	if caps.Encoder == nil {
		return nil, fmt.Errorf("search: %v has no integer keys (sente.Encoder), which search needs", gameName(g))
	}
	if caps.Scorer == nil || caps.Scorer.MaxScore() <= 0 {
		return nil, fmt.Errorf("search: %v gives no score", gameName(g))
	}
	s := &MarginSearcher{game: g, enc: caps.Encoder, turn: caps.KeyTurns(g)}
	s.scoreKey = func(key uint64) int { return caps.Scorer.Score(caps.Encoder.Decode(key)) }
	if caps.KeyScorer != nil {
		s.scoreKey = caps.KeyScorer.ScoreKey
	}
	entries := max(tableBytes/32, 1<<10)
	n := 1 << (63 - bits.LeadingZeros64(uint64(entries)))
	s.tt = make([]marginEntry, n)
	s.shift = uint(64 - bits.TrailingZeros64(uint64(n)))
	return s, nil
}

// TableBytes is the memory of the searcher's table.
func (s *MarginSearcher) TableBytes() int64 { return int64(len(s.tt)) * 32 }

// Margin returns the margin of p for the player to move under perfect
// play, with its plies; at a margin of 0 the plies are left 0 for the
// caller, who knows the tie's remoteness (see the margin score). It fails
// with ErrMarginRepeats when the line searched comes back to a position.
func (s *MarginSearcher) Margin(ctx context.Context, p sente.Position) (sente.Margin, error) {
	s.ctx = ctx
	root := s.enc.Encode(p)
	// MTD(f): each null-window search says whether the score is at least
	// beta, moving one bound; the table keeps what the earlier ones found.
	lo, hi, guess := -marginInf, marginInf, int64(0)
	for lo < hi {
		beta := guess
		if guess == lo {
			beta = guess + 1
		}
		v, err := s.search(root, 0, beta-1, beta)
		if err != nil {
			return sente.Margin{}, err
		}
		guess = v
		if v < beta {
			hi = v
		} else {
			lo = v
		}
	}
	return decodeMargin(guess), nil
}

// decodeMargin turns a margin score at the root back into the margin and
// its plies.
func decodeMargin(v int64) sente.Margin {
	switch {
	case v > 0:
		m := (v + plyUnit - 1) / plyUnit
		return sente.Margin{Score: int(m), Remoteness: int(m*plyUnit - v)}
	case v < 0:
		m := (-v + plyUnit - 1) / plyUnit
		return sente.Margin{Score: -int(m), Remoteness: int(v + m*plyUnit)}
	}
	return sente.Margin{}
}

// later is a position's score seen one ply further from the root: the same
// margin, one ply more.
func later(v int64) int64 {
	switch {
	case v > 0:
		return v - 1
	case v < 0:
		return v + 1
	}
	return 0
}

// sooner is later's inverse: a score stored in the table from one ply
// further out, brought back to the position's own.
func sooner(v int64) int64 {
	switch {
	case v > 0 && v < marginInf:
		return v + 1
	case v < 0 && v > -marginInf:
		return v - 1
	}
	return v
}

func (s *MarginSearcher) slot(key uint64) *marginEntry {
	return &s.tt[(key*0x9e3779b97f4a7c15)>>s.shift]
}

// search is fail-soft alpha-beta over the margin score of key, relative to
// key itself (ply counts the moves from the root, for the line's repeats).
func (s *MarginSearcher) search(key uint64, ply int, alpha, beta int64) (int64, error) {
	s.Nodes++
	if s.Nodes&(1<<14-1) == 0 {
		if err := s.ctx.Err(); err != nil {
			return 0, err
		}
	}
	if v, ended := s.enc.EndedKey(key); ended {
		score := s.scoreKey(key)
		if (sente.Margin{Score: score}).Value() != v {
			return 0, fmt.Errorf("position %s scores %d for the player to move, but has ended with %v", s.game.FormatPosition(s.enc.Decode(key)), score, v)
		}
		return int64(score) * plyUnit, nil
	}
	e := s.slot(key)
	if e.used && e.key == key {
		if e.lo >= beta {
			return e.lo, nil
		}
		if e.hi <= alpha {
			return e.hi, nil
		}
		alpha, beta = max(alpha, e.lo), min(beta, e.hi)
	}
	for _, k := range s.path {
		if k == key {
			return 0, fmt.Errorf("%w: %s comes back", ErrMarginRepeats, s.game.FormatPosition(s.enc.Decode(key)))
		}
	}
	s.path = append(s.path, key)
	defer func() { s.path = s.path[:len(s.path)-1] }()
	for len(s.kids) <= ply {
		s.kids = append(s.kids, nil)
	}
	kids := s.enc.AppendChildren(s.kids[ply][:0], key)
	s.kids[ply] = kids
	if len(kids) == 0 {
		return 0, fmt.Errorf("position %s has no moves and has not ended: a game that ends in a score ends by its result", s.game.FormatPosition(s.enc.Decode(key)))
	}
	var mover sente.Player
	if s.turn != nil {
		mover = s.turn(key)
	}
	best, a := -marginInf, alpha
	for i := 0; i < len(kids); i++ {
		kid := kids[i]
		keeps := s.turn != nil && s.turn(kid) == mover
		var v int64
		var err error
		// The kid's score is relative to the kid: one ply later here.
		if keeps {
			v, err = s.search(kid, ply+1, sooner(a), sooner(beta))
		} else {
			v, err = s.search(kid, ply+1, sooner(-beta), sooner(-a))
			v = -v
		}
		// s.kids[ply] may have grown under the call: read it again.
		kids = s.kids[ply]
		if err != nil {
			return 0, err
		}
		v = later(v)
		if v > best {
			best = v
		}
		if best > a {
			a = best
		}
		if a >= beta {
			break
		}
	}
	e = s.slot(key)
	if !e.used || e.key != key {
		*e = marginEntry{key: key, lo: -marginInf, hi: marginInf, used: true}
	}
	switch {
	case best <= alpha:
		e.hi = best
	case best >= beta:
		e.lo = best
	default:
		e.lo, e.hi = best, best
	}
	return best, nil
}
