package games

import (
	"fmt"
	"strconv"

	"github.com/sente-go/sente"
)

const (
	countMaxLose = 10000
	countMaxMost = 100
	// countTurnBit holds the turn in a key, above the next number (< 2^14).
	countTurnBit = 14
)

const countSummary = "the count game (\"21 game\"): say the next 1 to 3 numbers counting up; whoever says 21 loses (a classic, and a favourite first exercise in Grundy numbers)"

func init() {
	register(Family{
		Name:    "count",
		Summary: countSummary,
		Params: []sente.Param{
			{Name: "lose", Doc: "whoever says this number loses", Kind: sente.Int, Default: "21", Min: 1, Max: countMaxLose},
			{Name: "most", Doc: "a turn says 1 to this many numbers", Kind: sente.Int, Default: "3", Min: 1, Max: countMaxMost},
			{Name: "start", Doc: "the first number to say (at most lose)", Kind: sente.Int, Default: "1", Min: 1, Max: countMaxLose},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return NewCount(v.Int("lose"), v.Int("most"), v.Int("start"))
		},
	})
}

var _ interface {
	sente.Game
	sente.Encoder
	sente.Impartial
	sente.Describer
} = (*Count)(nil)

// Count is the count game of seed 004: players alternately say the next 1 to
// most numbers, counting up from start; whoever says lose loses.
//
// A position is the next number to say, k. Saying lose is never a choice
// (it loses), so the moves from k say k to k+j-1 for 1 <= j <= most with
// k+j <= lose, and the player to move at k = lose, who must say it, has no
// move and loses under normal play. So G(k) = (lose-k) mod (most+1).
//
// The key is k with the turn in bit 14 (set when the second player moves).
// The turn cannot be derived from k, as a turn says one or more numbers, so
// it is kept.
type Count struct {
	lose, most, start int
}

// CountPosition is the next number to say and the player to say it.
type CountPosition struct {
	Next int
	Turn sente.Player
}

// NewCount makes the count game in which whoever says lose (1 to 10000)
// loses, a turn says 1 to most (1 to 100) numbers, and the first number to
// say is start (1 to lose). It returns a plain nil game on error.
func NewCount(lose, most, start int) (sente.Game, error) {
	switch {
	case lose < 1 || lose > countMaxLose:
		return nil, fmt.Errorf("count: lose=%d; want 1 to %d", lose, countMaxLose)
	case most < 1 || most > countMaxMost:
		return nil, fmt.Errorf("count: most=%d; want 1 to %d", most, countMaxMost)
	case start < 1 || start > lose:
		return nil, fmt.Errorf("count: start=%d; want 1 to lose=%d", start, lose)
	}
	return &Count{lose: lose, most: most, start: start}, nil
}

func (g *Count) Impartial() bool { return true }

func (g *Count) Start() sente.Position { return CountPosition{Next: g.start} }

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Count) Alternates() bool { return true }

func (g *Count) Turn(p sente.Position) sente.Player { return p.(CountPosition).Turn }

// Ended: the position at lose has no moves and is lost; no position ends
// otherwise.
func (g *Count) Ended(p sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *Count) EndedKey(key uint64) (sente.Value, bool) { return sente.Unknown, false }

// Moves are named by the numbers said: "5", or "1-3" for 1, 2 and 3.
func (g *Count) Moves(p sente.Position) []sente.Move {
	q := p.(CountPosition)
	var moves []sente.Move
	for j := 1; j <= g.most && q.Next+j <= g.lose; j++ {
		name := strconv.Itoa(q.Next)
		if j > 1 {
			name += "-" + strconv.Itoa(q.Next+j-1)
		}
		moves = append(moves, sente.Move{Name: name, To: CountPosition{Next: q.Next + j, Turn: q.Turn.Other()}})
	}
	return moves
}

func (g *Count) AppendChildren(dst []uint64, key uint64) []uint64 {
	k := int(key & (1<<countTurnBit - 1))
	turn := (key ^ 1<<countTurnBit) &^ (1<<countTurnBit - 1)
	for j := 1; j <= g.most && k+j <= g.lose; j++ {
		dst = append(dst, turn|uint64(k+j))
	}
	return dst
}

func (g *Count) Encode(p sente.Position) uint64 {
	q := p.(CountPosition)
	return uint64(q.Next) | uint64(q.Turn&1)<<countTurnBit
}

func (g *Count) Decode(key uint64) sente.Position {
	return CountPosition{Next: int(key & (1<<countTurnBit - 1)), Turn: sente.Player(key >> countTurnBit & 1)}
}

func (g *Count) FormatPosition(p sente.Position) string {
	q := p.(CountPosition)
	return strconv.Itoa(q.Next) + " " + q.Turn.String()
}

func (g *Count) ParsePosition(s string) (sente.Position, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("count position %q: %s; want the next number to say, 1 to %d, then optionally who says it (first or second), e.g. \"%d first\"",
			s, fmt.Sprintf(format, args...), g.lose, g.start)
	}
	body, turn, err := impSplitTurn(s)
	if err != nil {
		return nil, bad("%v", err)
	}
	k, err := strconv.Atoi(body)
	if err != nil || k < 1 || k > g.lose {
		return nil, bad("%q is not a number from 1 to %d", body, g.lose)
	}
	return CountPosition{Next: k, Turn: turn}, nil
}

func (g *Count) Describe() sente.Description {
	return sente.Description{
		Summary: countSummary,
		Rules: fmt.Sprintf("Players alternately say the next 1 to most numbers (parameter most, 3 by default), counting up from start (1 by default); "+
			"whoever says lose (parameter lose, 21 by default) loses. Here lose=%d, most=%d, start=%d. "+
			"A position is the next number to say. Since saying lose loses at once, the moves never say it: "+
			"a player at lose must say it and has no other move, so the position at lose has no moves and is lost (normal play). "+
			"The Grundy value of k is (lose-k) mod (most+1): with the defaults the start is worth 0 and the second player wins, answering every count of c numbers with 4-c. "+
			"Both players have the same moves; the position records whose turn it is only to say who wins. "+
			"A move is named by the numbers said: \"5\", or \"1-3\" for 1, 2 and 3.", g.lose, g.most, g.start),
		Position: fmt.Sprintf("The next number to say, then who says it (first or second; first if left out). The start is %q; \"4 second\" follows the move 1-3.",
			g.FormatPosition(g.Start())),
		Examples: []string{"count", "count:lose=21,most=3", "count:lose=100,most=10", "count:lose=31,most=4,start=5"},
	}
}

// Features: the last number said, the count a player ends a turn on (0
// before the first move), so that a strategy can be stated by it.
func (g *Count) Features() []sente.Feature {
	return []sente.Feature{{
		Name: "said",
		Doc:  "the last number said",
		Of:   func(p sente.Position) int { return p.(CountPosition).Next - 1 },
		Size: g.lose,
	}}
}

var _ sente.Featured = (*Count)(nil)
