package games

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// cardsMaxHand bounds a hand so that a position fits a uint16 mask per player
// and the flat rank space (two to the number of cards) stays within 16M.
const cardsMaxHand = 12

const cardsSummary = "sum to 23: play your cards in turn; a total of exactly 23 wins for the second player, more for the first (the door lock of the story 右手に栄光を)"

func init() {
	register(Family{
		Name:    "cards",
		Summary: cardsSummary,
		Params: []sente.Param{
			{Name: "first", Doc: "the first player's cards", Kind: sente.Ints, Default: "1..5", Min: 1, Max: 99, MaxLen: cardsMaxHand},
			{Name: "second", Doc: "the second player's cards", Kind: sente.Ints, Default: "1..5", Min: 1, Max: 99, MaxLen: cardsMaxHand},
			{Name: "target", Doc: "a total of exactly this wins for the second player, more for the first", Kind: sente.Int, Default: "23", Min: 1, Max: 9999},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return NewCards(v.Ints("first"), v.Ints("second"), v.Int("target"))
		},
	})
}

var _ interface {
	sente.Game
	sente.Encoder
	sente.Ranker
	sente.Tiered
	sente.Describer
} = (*Cards)(nil)

// Cards is the card game of seed 000: each player puts their own cards on
// the table in turn; a total of exactly target wins for the second player,
// a total over target for the first.
//
// The key holds the first player's played-card mask in the low len(first)
// bits and the second player's above it; whose turn it is follows from the
// counts, so the key is also the rank.
type Cards struct {
	hand   [2][]int
	same   [2][]uint64 // same[p][i]: the lower cards of p's hand with card i's value
	sum    [2][]int    // sum[p][mask]: the total of the cards in mask
	full   [2]uint64
	shift  int // len(first)
	target int
}

// CardsPosition is the cards on the table: bit i of First is set when the
// first player has played the i-th card of their hand, and so for Second.
// Of equal cards the lowest-indexed are always the ones played, so that each
// position has one form.
type CardsPosition struct{ First, Second uint16 }

// NewCards makes the game for the given hands (1 to 12 cards each, values
// from 1 to 99) and target.
func NewCards(first, second []int, target int) (*Cards, error) {
	if target < 1 {
		return nil, fmt.Errorf("cards: target=%d: want a whole number of at least 1", target)
	}
	g := &Cards{target: target, shift: len(first)}
	for p, hand := range [2][]int{first, second} {
		if len(hand) < 1 || len(hand) > cardsMaxHand {
			return nil, fmt.Errorf("cards: %s player has %d cards; want 1 to %d", sente.Player(p), len(hand), cardsMaxHand)
		}
		g.hand[p] = append([]int(nil), hand...)
		g.same[p] = make([]uint64, len(hand))
		for i, v := range hand {
			if v < 1 || v > 99 {
				return nil, fmt.Errorf("cards: %s player's card %d is out of range; want 1 to 99", sente.Player(p), v)
			}
			for j := range i {
				if hand[j] == v {
					g.same[p][i] |= 1 << j
				}
			}
		}
		g.full[p] = 1<<len(hand) - 1
		g.sum[p] = make([]int, 1<<len(hand))
		for m := 1; m < len(g.sum[p]); m++ {
			low := bits.TrailingZeros(uint(m))
			g.sum[p][m] = g.sum[p][m&(m-1)] + hand[low]
		}
	}
	return g, nil
}

func (g *Cards) Start() sente.Position { return CardsPosition{} }

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Cards) Alternates() bool { return true }

func (g *Cards) Turn(p sente.Position) sente.Player { return cardsTurn(g.Encode(p), g.shift) }

// cardsTurn: the first player moves whenever both have played equally many.
func cardsTurn(key uint64, shift int) sente.Player {
	if bits.OnesCount64(key&(1<<shift-1)) > bits.OnesCount64(key>>shift) {
		return sente.Second
	}
	return sente.First
}

func (g *Cards) Ended(p sente.Position) (sente.Value, bool) { return g.EndedKey(g.Encode(p)) }

func (g *Cards) EndedKey(key uint64) (sente.Value, bool) {
	a, b := key&g.full[0], key>>g.shift
	total := g.sum[0][a] + g.sum[1][b]
	turn := cardsTurn(key, g.shift)
	switch {
	case total == g.target:
		return cardsWinner(sente.Second, turn), true
	case total > g.target:
		return cardsWinner(sente.First, turn), true
	case turn == sente.First && a == g.full[0], turn == sente.Second && b == g.full[1]:
		return sente.Tie, true
	}
	return sente.Unknown, false
}

func cardsWinner(winner, turn sente.Player) sente.Value {
	if winner == turn {
		return sente.Win
	}
	return sente.Lose
}

func (g *Cards) Moves(p sente.Position) []sente.Move {
	key := g.Encode(p)
	t := cardsTurn(key, g.shift)
	var moves []sente.Move
	for i, v := range g.hand[t] {
		if next, ok := g.play(key, t, i); ok {
			moves = append(moves, sente.Move{Name: strconv.Itoa(v), To: g.Decode(next)})
		}
	}
	return moves
}

func (g *Cards) AppendChildren(dst []uint64, key uint64) []uint64 {
	t := cardsTurn(key, g.shift)
	for i := range g.hand[t] {
		if next, ok := g.play(key, t, i); ok {
			dst = append(dst, next)
		}
	}
	return dst
}

// play puts card i of player t on the table. Of equal cards only the lowest
// unplayed one may be played, so equal cards make one move and one key.
func (g *Cards) play(key uint64, t sente.Player, i int) (uint64, bool) {
	mask, shift := key&g.full[0], 0
	if t == sente.Second {
		mask, shift = key>>g.shift, g.shift
	}
	same := g.same[t][i]
	if mask>>i&1 != 0 || mask&same != same {
		return 0, false
	}
	return key | 1<<(i+shift), true
}

func (g *Cards) Encode(p sente.Position) uint64 {
	q := p.(CardsPosition)
	return uint64(q.First) | uint64(q.Second)<<g.shift
}

func (g *Cards) Decode(key uint64) sente.Position {
	return CardsPosition{First: uint16(key & g.full[0]), Second: uint16(key >> g.shift)}
}

func (g *Cards) RankSize() uint64       { return 1 << (len(g.hand[0]) + len(g.hand[1])) }
func (g *Cards) Rank(key uint64) uint64 { return key }

// Tier is the number of cards on the table, which every move raises by one.
func (g *Cards) Tier(key uint64) int { return bits.OnesCount64(key) }

func (g *Cards) FormatPosition(p sente.Position) string {
	q := p.(CardsPosition)
	return g.formatHand(sente.First, uint64(q.First)) + "/" + g.formatHand(sente.Second, uint64(q.Second))
}

func (g *Cards) formatHand(t sente.Player, mask uint64) string {
	if mask == 0 {
		return "-"
	}
	var cards []string
	for i, v := range g.hand[t] {
		if mask>>i&1 != 0 {
			cards = append(cards, strconv.Itoa(v))
		}
	}
	return strings.Join(cards, ",")
}

func (g *Cards) ParsePosition(s string) (sente.Position, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("cards position %q: %s; want the cards each player has played as FIRST/SECOND, comma-separated, - for none, e.g. \"1,3/2\"", s, fmt.Sprintf(format, args...))
	}
	parts := strings.Split(strings.TrimSpace(s), "/")
	if len(parts) != 2 {
		return nil, bad("not two lists separated by /")
	}
	var masks [2]uint64
	for t := range 2 {
		part := strings.TrimSpace(parts[t])
		if part == "-" {
			continue
		}
		for _, field := range strings.Split(part, ",") {
			v, err := strconv.Atoi(strings.TrimSpace(field))
			if err != nil {
				return nil, bad("%q is not a card value", field)
			}
			held, played := false, false
			for i, c := range g.hand[t] {
				if c != v {
					continue
				}
				held = true
				if masks[t]>>i&1 == 0 {
					masks[t] |= 1 << i
					played = true
					break
				}
			}
			switch {
			case !held:
				return nil, bad("the %s player has no card %d", sente.Player(t), v)
			case !played:
				return nil, bad("card %d is listed more often than the %s player holds it", v, sente.Player(t))
			}
		}
	}
	na, nb := bits.OnesCount64(masks[0]), bits.OnesCount64(masks[1])
	if na != nb && na != nb+1 {
		return nil, bad("the first player has played %d cards and the second %d, but they alternate, first player first", na, nb)
	}
	return CardsPosition{First: uint16(masks[0]), Second: uint16(masks[1])}, nil
}

func (g *Cards) Describe() sente.Description {
	return sente.Description{
		Summary: cardsSummary,
		Rules: "Each player holds their own cards (parameters first and second, 1 to 5 each by default). " +
			"Players alternate, the first player first; on a turn the player must put one of their own cards on the table: there is no passing. " +
			"As soon as the total on the table is exactly target (23 by default), the second player wins, whoever played the last card; " +
			"as soon as it is more than target, the first player wins. " +
			"If the player to move has no card left and neither has happened, the game is a tie. " +
			"Cards of equal value in one hand are interchangeable: playing either is one move. A move is named by the value of the card played.",
		Position: "The cards each player has played, as FIRST/SECOND: each the values in the order of the player's hand, comma-separated, - for none. " +
			"The start is \"-/-\"; \"1,3/2\" has the first player's 1 and 3 and the second player's 2 on the table, with the second player to move.",
		Examples: []string{"cards", "cards:target=21", "cards:first=1..5,second=1..5,target=23", "cards:first=1/1/2/3/5,second=2..6,target=20"},
	}
}

// Features are the cards each player has played, as seed 000's table has
// them: one axis a player, one value a set of played cards.
func (g *Cards) Features() []sente.Feature {
	feature := func(t sente.Player) sente.Feature {
		return sente.Feature{
			Name: t.String(),
			Doc:  fmt.Sprintf("the cards the %s player has played", t),
			Of: func(p sente.Position) int {
				q := p.(CardsPosition)
				if t == sente.First {
					return int(q.First)
				}
				return int(q.Second)
			},
			Size:  1 << len(g.hand[t]),
			Label: func(v int) string { return g.formatHand(t, uint64(v)) },
		}
	}
	return []sente.Feature{feature(sente.First), feature(sente.Second)}
}

var _ sente.Featured = (*Cards)(nil)
