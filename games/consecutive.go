package games

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

const (
	consecutiveMaxN = 64
	consecutiveMaxM = 64
	// consecutiveMaxKeyed is the largest n whose positions have a key: n
	// bits of said numbers and a turn bit, never the reserved ^0.
	consecutiveMaxKeyed = 62
)

const consecutiveSummary = "say up to m consecutive numbers of 1..n that nobody has said yet; who cannot say a number loses (a puzzle from Twitter, generalised in a blog post)"

func init() {
	register(Family{
		Name:    "consecutive",
		Summary: consecutiveSummary,
		Params: []sente.Param{
			{Name: "n", Doc: "the numbers are 1 to n", Kind: sente.Int, Default: "10", Min: 1, Max: consecutiveMaxN},
			{Name: "m", Doc: "a turn says 1 to m consecutive numbers", Kind: sente.Int, Default: "2", Min: 1, Max: consecutiveMaxM},
		},
		New: func(v sente.ParamValues) (sente.Game, error) { return NewConsecutive(v.Int("n"), v.Int("m")) },
	})
}

var (
	_ interface {
		sente.Game
		sente.Impartial
		sente.Describer
		sente.Drawer
		sente.Splitter
		sente.Heaps
	} = (*Consecutive)(nil)
	_ interface {
		sente.Game
		sente.Encoder
		sente.Splitter
		sente.Heaps
		sente.Tiered
	} = consecutiveKeyed{}
)

// Consecutive is the game of seed 003: the numbers 1 to n; players take
// turns saying a run of 1 to m consecutive numbers that nobody has said yet;
// a player who cannot say a number loses.
//
// A run of unsaid numbers is a heap of the octal game 0.77...7 (m sevens):
// a move takes 1 to m from one row, leaving nothing, one row or two. So the
// game offers sente.Heaps and splits positions into their runs
// (sente.Splitter).
//
// For n up to 62 the game has integer keys (see consecutiveKeyed); for n of
// 63 or 64 the said numbers and the turn do not fit 64 bits, and the engines
// intern its positions.
type Consecutive struct {
	n, m int
	full uint64 // the mask of all n numbers
}

// consecutiveKeyed is a consecutive game with n <= 62, with the Encoder
// fast path. The key is the Said mask (bit i-1 for number i) with the turn
// in bit n, set when the second player moves. Which player moves cannot be
// derived from the numbers said (a turn says one or more), so it is kept.
type consecutiveKeyed struct{ *Consecutive }

// ConsecutivePosition is the numbers said so far, bit i-1 for number i, and
// the player to move.
type ConsecutivePosition struct {
	Said uint64
	Turn sente.Player
}

// NewConsecutive makes the game on the numbers 1 to n (1 to 64), saying 1 to
// m (1 to 64) of them a turn. It returns a plain nil game on error.
func NewConsecutive(n, m int) (sente.Game, error) {
	if n < 1 || n > consecutiveMaxN {
		return nil, fmt.Errorf("consecutive: n=%d; want 1 to %d", n, consecutiveMaxN)
	}
	if m < 1 || m > consecutiveMaxM {
		return nil, fmt.Errorf("consecutive: m=%d; want 1 to %d", m, consecutiveMaxM)
	}
	g := &Consecutive{n: n, m: m, full: 1<<n - 1}
	if n <= consecutiveMaxKeyed {
		return consecutiveKeyed{g}, nil
	}
	return g, nil
}

func (g *Consecutive) Impartial() bool { return true }

func (g *Consecutive) Start() sente.Position { return ConsecutivePosition{} }

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Consecutive) Alternates() bool { return true }

func (g *Consecutive) Turn(p sente.Position) sente.Player { return p.(ConsecutivePosition).Turn }

// Ended: the game ends only when the player to move has nothing to say,
// which is a loss under normal play.
func (g *Consecutive) Ended(p sente.Position) (sente.Value, bool) { return sente.Unknown, false }

// each calls fn for every run that may be said: numbers first to last.
func (g *Consecutive) each(said uint64, fn func(first, last int, run uint64)) {
	for s := range g.n {
		for l := 1; l <= g.m && s+l <= g.n; l++ {
			run := (uint64(1)<<l - 1) << s
			if said&run != 0 {
				break
			}
			fn(s+1, s+l, run)
		}
	}
}

// Moves are named by the numbers said: "7" or "4-6" for 4, 5 and 6.
func (g *Consecutive) Moves(p sente.Position) []sente.Move {
	q := p.(ConsecutivePosition)
	var moves []sente.Move
	g.each(q.Said, func(first, last int, run uint64) {
		name := strconv.Itoa(first)
		if last > first {
			name += "-" + strconv.Itoa(last)
		}
		moves = append(moves, sente.Move{Name: name, To: ConsecutivePosition{Said: q.Said | run, Turn: q.Turn.Other()}})
	})
	return moves
}

// Components are the maximal runs of unsaid numbers, a run of L as the
// position with 1 to L unsaid and the rest said, the first player to move,
// so that runs of equal length share one position.
func (g *Consecutive) Components(p sente.Position) []sente.Position {
	said := p.(ConsecutivePosition).Said
	var parts []sente.Position
	run := 0
	for i := 0; i <= g.n; i++ {
		if i < g.n && said>>i&1 == 0 {
			run++
			continue
		}
		if run > 0 {
			parts = append(parts, ConsecutivePosition{Said: g.full &^ (uint64(1)<<run - 1)})
		}
		run = 0
	}
	return parts
}

// HeapRules are those of the octal game 0.77...7 with m sevens: take 1 to m
// from a row of unsaid numbers, leaving no row, one or two.
func (g *Consecutive) HeapRules() sente.HeapRules {
	digits := make([]uint8, g.m+1)
	for i := 1; i <= g.m; i++ {
		digits[i] = 7
	}
	return sente.HeapRules{Digits: digits}
}

func (g *Consecutive) FormatPosition(p sente.Position) string {
	q := p.(ConsecutivePosition)
	b := make([]byte, 0, g.n+7)
	for i := range g.n {
		c := byte('.')
		if q.Said>>i&1 != 0 {
			c = 'x'
		}
		b = append(b, c)
	}
	return string(b) + " " + q.Turn.String()
}

func (g *Consecutive) ParsePosition(s string) (sente.Position, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("consecutive position %q: %s; want %d marks, . for a number not said yet and x for one said, from 1 to %d, then optionally who moves (first or second), e.g. %q",
			s, fmt.Sprintf(format, args...), g.n, g.n, strings.Repeat(".", g.n-min(g.n, 3))+strings.Repeat("x", min(g.n, 3))+" second")
	}
	body, turn, err := impSplitTurn(s)
	if err != nil {
		return nil, bad("%v", err)
	}
	if len(body) != g.n {
		return nil, bad("%d marks", len(body))
	}
	q := ConsecutivePosition{Turn: turn}
	for i := range g.n {
		switch body[i] {
		case '.':
		case 'x', 'X':
			q.Said |= 1 << i
		default:
			return nil, bad("%q is not . or x", body[i])
		}
	}
	return q, nil
}

// Draw shows the numbers ten to a row, each with . when it may still be
// said and x when it has been.
func (g *Consecutive) Draw(p sente.Position) string {
	q := p.(ConsecutivePosition)
	var b strings.Builder
	for lo := 0; lo < g.n; lo += 10 {
		hi := min(lo+10, g.n)
		for i := lo; i < hi; i++ {
			fmt.Fprintf(&b, "%3d", i+1)
		}
		b.WriteByte('\n')
		for i := lo; i < hi; i++ {
			mark := "."
			if q.Said>>i&1 != 0 {
				mark = "x"
			}
			fmt.Fprintf(&b, "%3s", mark)
		}
		b.WriteByte('\n')
	}
	// Whose turn it is, the caller says beside the verdict.
	return strings.TrimSuffix(b.String(), "\n")
}

func (g *Consecutive) Describe() sente.Description {
	return sente.Description{
		Summary: consecutiveSummary,
		Rules: "The numbers 1 to n (parameter n, 10 by default; up to 64). Players alternate; on a turn a player says a run of 1 to m consecutive numbers " +
			"(parameter m, 2 by default) none of which has been said yet. A player who cannot say a number loses (normal play). " +
			"Both players have the same moves; the position records whose turn it is only to say who wins. " +
			"Each maximal run of unsaid numbers is an independent component, a heap of the octal game 0.77...7 (m sevens): saying numbers from a run of k leaves runs of left and right with left+x+right = k. " +
			"So G(k) = mex over 1 <= x <= m and left+x+right = k of G(left) XOR G(right). " +
			"The published answers: with m = 1 the first player wins exactly when n is odd; with m >= 2 the first player always wins, by saying the middle run and then mirroring. " +
			"A move is named by the numbers said: \"7\", or \"4-6\" for 4, 5 and 6. " +
			"With n up to 62 positions have integer keys; with n of 63 or 64 the engines intern them.",
		Position: "One mark per number from 1 to n, . for a number not said yet and x for one said, then who moves (first or second; first if left out). " +
			"The start for n=10 is \".......... first\"; \"....xx.... second\" follows the move 5-6.",
		Examples: []string{"consecutive", "consecutive:n=21,m=3", "consecutive:n=16,m=1", "consecutive:n=40,m=4"},
	}
}

func (g consecutiveKeyed) Encode(p sente.Position) uint64 {
	q := p.(ConsecutivePosition)
	return q.Said | uint64(q.Turn&1)<<g.n
}

func (g consecutiveKeyed) Decode(key uint64) sente.Position {
	return ConsecutivePosition{Said: key & g.full, Turn: sente.Player(key >> g.n & 1)}
}

func (g consecutiveKeyed) EndedKey(key uint64) (sente.Value, bool) { return sente.Unknown, false }

// Tier is the count of numbers said, which every move raises, so that the
// strong solver settles each count in turn and holds no reverse graph.
func (g consecutiveKeyed) Tier(key uint64) int { return bits.OnesCount64(key & g.full) }

func (g consecutiveKeyed) AppendChildren(dst []uint64, key uint64) []uint64 {
	said := key & g.full
	next := key ^ 1<<g.n
	for s := range g.n {
		for l := 1; l <= g.m && s+l <= g.n; l++ {
			run := (uint64(1)<<l - 1) << s
			if said&run != 0 {
				break
			}
			dst = append(dst, next|run)
		}
	}
	return dst
}
