package games

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

const (
	// heapMaxN bounds the tokens of a heap game's position.
	heapMaxN = 1000
	// heapMaxKeyed is the largest n for which positions have a key: a
	// position of at most n tokens takes n+1 bits, and the turn one more.
	heapMaxKeyed = 61
	// heapMaxOctal bounds the digits after the point of an octal code.
	heapMaxOctal = 32
)

// heapDoc is the family-specific part of a heap game's description.
type heapDoc struct {
	summary, rules string
	examples       []string
}

var heapDocs = map[string]heapDoc{
	"octal": {
		summary: "octal games in the notation of Winning Ways: take tokens from one heap, leaving none, one or two heaps (0.77 is Kayles)",
		rules: "The rules are an octal code d0.d1d2... (parameter code, given first without its key; 0.77 by default). " +
			"Digit i after the point says what may remain of a heap after taking i tokens from it: " +
			"it is the sum of 1 if nothing may remain (the i tokens were the whole heap), 2 if one heap may remain, and 4 if the rest may be split into two non-empty heaps. " +
			"A digit 0 before the point allows nothing more; a 4 there allows splitting a heap into two non-empty heaps without taking anything. " +
			"Kayles is 0.77, Dawson's Kayles 0.07, Dawson's chess 0.137; the subtraction game with the set {1, 2} is 0.33. ",
		examples: []string{"octal", "octal:0.77", "octal:0.07,n=20", "octal:code=0.137,n=30", "octal:4.07,n=12"},
	},
	"subtraction": {
		summary: "subtraction games: take a number of tokens in a fixed set from one heap",
		rules: "A move takes from one heap a number of tokens in the set (parameter set, given first without its key: 1,2,3 by default; also 1/3/4 or 1..3), " +
			"leaving the rest as one heap, or nothing when it takes the whole heap. This is the octal game with digit 3 at each number in the set: {1, 3, 4} is 0.3033. ",
		examples: []string{"subtraction", "subtraction:1,3,4", "subtraction:1,3,4,n=30", "subtraction:set=2/5,n=20"},
	},
	"grundy": {
		summary: "Grundy's game: split one heap into two heaps of different sizes",
		rules: "A move splits one heap into two non-empty heaps of different sizes, taking nothing: a heap of 7 may become 1+6, 2+5 or 3+4, but a heap of 2 cannot be split into 1+1. " +
			"Heaps of 1 and 2 are dead. This is not an octal game (it would be 4.0 with unequal parts). ",
		examples: []string{"grundy", "grundy:n=20", "grundy:n=100"},
	},
	"kayles": {
		summary: "Kayles (octal 0.77): knock down one pin or two adjacent pins of a row",
		rules: "A heap is a row of pins. A move knocks down one pin or two adjacent pins of one row, " +
			"which may leave nothing, a shorter row, or two rows when the pins were inside the row. This is the octal game 0.77. ",
		examples: []string{"kayles", "kayles:n=20", "kayles:n=100"},
	},
	"dawson": {
		summary: "Dawson's Kayles (octal 0.07): knock down two adjacent pins of a row",
		rules: "A heap is a row of pins. A move knocks down exactly two adjacent pins of one row, " +
			"which may leave nothing, a shorter row, or two rows. This is the octal game 0.07; its values are those of Dawson's chess shifted by one (a row of n+1 pins is worth a Dawson's chess heap of n). ",
		examples: []string{"dawson", "dawson:n=20", "dawson:n=100"},
	},
	"dawsonchess": {
		summary: "Dawson's chess (octal 0.137): the pawn game of Dawson, as heaps",
		rules: "This is the octal game 0.137, Dawson's chess on a 3 by n board with pawns on both home rows, where capture is compulsory: " +
			"a move takes one token if it is the whole heap, two tokens from an end of a heap (leaving nothing or one heap), " +
			"or three tokens anywhere in a heap (leaving nothing, one heap or two). A heap of n is worth a row of n+1 pins in Dawson's Kayles. ",
		examples: []string{"dawsonchess", "dawsonchess:n=20", "dawsonchess:n=100"},
	},
}

func init() {
	n := sente.Param{Name: "n", Doc: "the size of the single heap at the start", Kind: sente.Int, Default: "10", Min: 0, Max: heapMaxN}
	register(Family{
		Name:    "octal",
		Summary: heapDocs["octal"].summary,
		Params: []sente.Param{
			{Name: "code", Kind: sente.Text, Default: "0.77", Positional: true,
				Doc: "an octal code d0.d1d2...: digits 0 to 7, d0 0 or 4, 1 to 32 digits after the point, e.g. 0.77"},
			n,
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			rules, err := ParseOctal(v.String("code"))
			if err != nil {
				return nil, fmt.Errorf("octal: %v", err)
			}
			return newHeapFamily("octal", "octal "+strings.TrimSpace(v.String("code")), rules, v.Int("n"))
		},
	})
	register(Family{
		Name:    "subtraction",
		Summary: heapDocs["subtraction"].summary,
		Params: []sente.Param{
			{Name: "set", Kind: sente.Text, Default: "1,2,3", Positional: true,
				Doc: "the numbers of tokens a move may take, as 1,3,4 or 1/3/4 or 1..3, each 1 to 1000"},
			n,
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			set, err := sente.ParseInts(v.String("set"))
			if err != nil {
				return nil, fmt.Errorf("subtraction: set=%s: %v; want the numbers a move may take, as 1,3,4 or 1/3/4 or 1..3", v.String("set"), err)
			}
			rules, err := SubtractionRules(set)
			if err != nil {
				return nil, fmt.Errorf("subtraction: %v", err)
			}
			return newHeapFamily("subtraction", "subtraction "+heapSetLabel(rules), rules, v.Int("n"))
		},
	})
	for _, f := range []struct {
		name, label string
		rules       sente.HeapRules
	}{
		{"grundy", "Grundy's game", sente.HeapRules{Digits: []uint8{4}, Unequal: true}},
		{"kayles", "Kayles (octal 0.77)", sente.HeapRules{Digits: []uint8{0, 7, 7}}},
		{"dawson", "Dawson's Kayles (octal 0.07)", sente.HeapRules{Digits: []uint8{0, 0, 7}}},
		{"dawsonchess", "Dawson's chess (octal 0.137)", sente.HeapRules{Digits: []uint8{0, 1, 3, 7}}},
	} {
		register(Family{
			Name:    f.name,
			Summary: heapDocs[f.name].summary,
			Params:  []sente.Param{n},
			New: func(v sente.ParamValues) (sente.Game, error) {
				return newHeapFamily(f.name, f.label, f.rules, v.Int("n"))
			},
		})
	}
}

var (
	_ interface {
		sente.Game
		sente.Impartial
		sente.Describer
		sente.Splitter
		sente.Heaps
	} = (*HeapGame)(nil)
	_ interface {
		sente.Game
		sente.Encoder
		sente.Impartial
		sente.Describer
		sente.Splitter
		sente.Heaps
	} = heapKeyed{}
	_ sente.Boarder = heapBoarded{}
	_ interface {
		sente.Encoder
		sente.Boarder
	} = heapKeyedBoarded{}
)

// HeapGame is a take-and-break game under sente.HeapRules, played on a
// collection of heaps of at most n tokens in all (n up to 1000), starting
// from one heap of n. Every heap is a component (sente.Splitter) and the
// rules are offered as sente.Heaps.
//
// Positions are HeapPosition values: the heap sizes as a string, comparable
// for any n. For n up to 61 the game also has an integer key (see
// heapKeyed), for larger n none: the engines intern its positions.
//
// Both players always have the same moves, but the position records whose
// turn it is (the turn cannot be derived from the heaps) so that Turn can
// say who wins.
type HeapGame struct {
	name  string // the family, choosing the description
	label string // the rules in words: "octal 0.77", "Grundy's game"
	rules sente.HeapRules
	n     int
}

// heapKeyed is a heap game with n <= 61, which has the Encoder fast path.
// The key of a position with heaps h0 <= h1 <= ... is, above a turn bit
// (bit 0, set when the second player moves), the code with bit h_j+j set
// for every heap j: the heaps as a path of h_max+k <= n+1 bits, so keys stay
// below 2^(n+2).
type heapKeyed struct{ *HeapGame }

// HeapPosition is a collection of non-empty heaps and the player to move.
// Its heaps are kept in ascending order, two bytes each, so that equal
// collections are equal values.
type HeapPosition struct {
	sizes string
	Turn  sente.Player
}

// Heaps returns the heap sizes in ascending order.
func (p HeapPosition) Heaps() []int {
	hs := make([]int, len(p.sizes)/2)
	for j := range hs {
		hs[j] = p.size(j)
	}
	return hs
}

func (p HeapPosition) size(j int) int { return int(p.sizes[2*j])<<8 | int(p.sizes[2*j+1]) }

func (p HeapPosition) count() int { return len(p.sizes) / 2 }

// heapPosition makes the position with the given heaps (in any order, zeros
// dropped; each below 65536) and turn. It may reorder hs.
func heapPosition(hs []int, turn sente.Player) HeapPosition {
	slices.Sort(hs)
	b := make([]byte, 0, 2*len(hs))
	for _, h := range hs {
		if h > 0 {
			b = append(b, byte(h>>8), byte(h))
		}
	}
	return HeapPosition{sizes: string(b), Turn: turn}
}

// NewHeapGame makes the take-and-break game with the given rules and a
// start of one heap of n tokens (0 to 1000; a position holds at most n
// tokens in all). name is used in messages and, for the built-in families
// (octal, subtraction, grundy, kayles, dawson, dawsonchess), chooses the
// description. It returns a plain nil game on error.
func NewHeapGame(name string, rules sente.HeapRules, n int) (sente.Game, error) {
	return newHeapFamily(name, name, rules, n)
}

func newHeapFamily(name, label string, rules sente.HeapRules, n int) (sente.Game, error) {
	if n < 0 || n > heapMaxN {
		return nil, fmt.Errorf("%s: n=%d; want 0 to %d", name, n, heapMaxN)
	}
	switch {
	case len(rules.Digits) == 0:
		return nil, fmt.Errorf("%s: no rules (no digits)", name)
	case len(rules.Digits) > heapMaxN+1:
		return nil, fmt.Errorf("%s: rules take up to %d tokens; want at most %d", name, len(rules.Digits)-1, heapMaxN)
	case rules.Digits[0] != 0 && rules.Digits[0] != 4:
		return nil, fmt.Errorf("%s: digit %d before the point; want 0 or 4", name, rules.Digits[0])
	}
	for i, d := range rules.Digits {
		if d > 7 {
			return nil, fmt.Errorf("%s: digit %d (for taking %d) is not 0 to 7", name, d, i)
		}
	}
	g := &HeapGame{name: name, label: label, n: n,
		rules: sente.HeapRules{Digits: slices.Clone(rules.Digits), Unequal: rules.Unequal}}
	takes := g.takesOnly()
	switch {
	case n <= heapMaxKeyed && takes:
		return heapKeyedBoarded{heapKeyed{g}}, nil
	case n <= heapMaxKeyed:
		return heapKeyed{g}, nil
	case takes:
		return heapBoarded{g}, nil
	}
	return g, nil
}

// heapBoarded and heapKeyedBoarded are heap games whose moves only take
// tokens from the end of a heap (takesOnly: subtraction games, and octal
// codes without a digit from 4 to 7), drawn as heaps of tokens to click.
// A game that splits heaps has no board: one click on a token could not say
// where to split.
type (
	heapBoarded      struct{ *HeapGame }
	heapKeyedBoarded struct{ heapKeyed }
)

func (g heapBoarded) Board(p sente.Position) sente.Board      { return g.board(p) }
func (g heapKeyedBoarded) Board(p sente.Position) sente.Board { return g.board(p) }

// takesOnly reports whether no move splits a heap: no digit allows two
// heaps to remain.
func (g *HeapGame) takesOnly() bool {
	for _, d := range g.rules.Digits {
		if d&4 != 0 {
			return false
		}
	}
	return true
}

// board shows the heaps in the order of the position's text, one row each;
// the position without heaps as one empty heap, so that the board stays in
// view after the last token is taken. Heaps of equal size have the same
// moves, listed once: they are placed on the first such heap, the others'
// tokens left unplayable.
func (g *HeapGame) board(p sente.Position) sente.Board {
	hs := p.(HeapPosition).Heaps()
	if len(hs) == 0 {
		hs = []int{0}
	}
	b := heapsBoard(hs, func(i int, place func(string, int)) {
		h := hs[i]
		if i > 0 && hs[i-1] == h {
			return
		}
		g.rules.Options(h, func(a, _ int) { place(heapMoveName(h, a, 0), h-a) })
	})
	b.Caption = "A move takes " + g.takeWords() + " from one heap."
	return b
}

// takeWords says how many tokens a move of a game that only takes may
// take: "1, 3 or 4 tokens", with a number allowed only for a whole heap,
// or never for one, said so.
func (g *HeapGame) takeWords() string {
	var ways []string
	for i, d := range g.rules.Digits {
		switch {
		case i == 0 || d == 0:
			continue
		case d&3 == 1:
			ways = append(ways, strconv.Itoa(i)+" (a whole heap only)")
		case d&3 == 2:
			ways = append(ways, strconv.Itoa(i)+" (never a whole heap)")
		default:
			ways = append(ways, strconv.Itoa(i))
		}
	}
	words := strings.Join(ways, ", ")
	if k := len(ways); k > 1 {
		words = strings.Join(ways[:k-1], ", ") + " or " + ways[k-1]
	}
	if len(ways) == 1 && ways[0] == "1" {
		return words + " token"
	}
	return words + " tokens"
}

// ParseOctal reads an octal code d0.d1d2... of Winning Ways ("0.77" for
// Kayles): digits 0 to 7, d0 0 or 4 (it may be left out, as in ".77"; the
// point may be written ·), and 1 to 32 digits after the point.
func ParseOctal(code string) (sente.HeapRules, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("octal code %q: %s; want d0.d1d2... with digits 0 to 7, d0 0 or 4, and 1 to %d digits after the point, e.g. \"0.77\" (Kayles) or \"0.137\"",
			code, fmt.Sprintf(format, args...), heapMaxOctal)
	}
	s := strings.Replace(strings.TrimSpace(code), "·", ".", 1)
	whole, frac, ok := strings.Cut(s, ".")
	switch {
	case !ok:
		return sente.HeapRules{}, bad("no point")
	case whole == "":
		whole = "0"
	case whole != "0" && whole != "4":
		return sente.HeapRules{}, bad("%q before the point is not 0 or 4", whole)
	}
	switch {
	case frac == "":
		return sente.HeapRules{}, bad("no digits after the point")
	case len(frac) > heapMaxOctal:
		return sente.HeapRules{}, bad("%d digits after the point", len(frac))
	}
	digits := []uint8{whole[0] - '0'}
	for _, c := range frac {
		if c < '0' || c > '7' {
			return sente.HeapRules{}, bad("%q is not an octal digit", c)
		}
		digits = append(digits, uint8(c-'0'))
	}
	return sente.HeapRules{Digits: digits}, nil
}

// SubtractionRules are the rules of the subtraction game with the given set:
// a move takes a number of tokens in the set (each 1 to 1000, repeats
// ignored) from one heap, leaving nothing or one heap: digit 3 at each
// number.
func SubtractionRules(set []int) (sente.HeapRules, error) {
	if len(set) == 0 {
		return sente.HeapRules{}, fmt.Errorf("the set is empty; want the numbers of tokens a move may take, e.g. 1,3,4")
	}
	top := 0
	for _, x := range set {
		if x < 1 || x > heapMaxN {
			return sente.HeapRules{}, fmt.Errorf("the set has %d; want numbers from 1 to %d, e.g. 1,3,4", x, heapMaxN)
		}
		top = max(top, x)
	}
	digits := make([]uint8, top+1)
	for _, x := range set {
		digits[x] = 3
	}
	return sente.HeapRules{Digits: digits}, nil
}

// heapSetLabel writes the set of a subtraction game: {1, 3, 4}.
func heapSetLabel(r sente.HeapRules) string {
	var set []string
	for i, d := range r.Digits {
		if i > 0 && d != 0 {
			set = append(set, strconv.Itoa(i))
		}
	}
	return "{" + strings.Join(set, ", ") + "}"
}

// N is the size of the start heap and the most tokens a position holds.
func (g *HeapGame) N() int { return g.n }

func (g *HeapGame) Impartial() bool { return true }

func (g *HeapGame) HeapRules() sente.HeapRules {
	return sente.HeapRules{Digits: slices.Clone(g.rules.Digits), Unequal: g.rules.Unequal}
}

func (g *HeapGame) Start() sente.Position { return heapPosition([]int{g.n}, sente.First) }

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *HeapGame) Alternates() bool { return true }

func (g *HeapGame) Turn(p sente.Position) sente.Player { return p.(HeapPosition).Turn }

// Ended: heap games are played to the end under normal play; a position
// without moves is lost.
func (g *HeapGame) Ended(p sente.Position) (sente.Value, bool) { return sente.Unknown, false }

// Moves lists, for each distinct heap size, the options of sente.HeapRules.
// A move is named SIZE-TAKEN when it leaves nothing or one heap ("12-2"
// leaves 10, "3-3" leaves nothing), SIZE-TAKEN=A+B when it leaves two heaps
// ("12-2=4+6") and SIZE=A+B when it splits without taking ("7=3+4").
func (g *HeapGame) Moves(p sente.Position) []sente.Move {
	q := p.(HeapPosition)
	hs := q.Heaps()
	var moves []sente.Move
	for i, h := range hs {
		if i > 0 && hs[i-1] == h {
			continue
		}
		g.rules.Options(h, func(a, b int) {
			rest := make([]int, 0, len(hs)+1)
			rest = append(append(append(rest, hs[:i]...), hs[i+1:]...), a, b)
			moves = append(moves, sente.Move{Name: heapMoveName(h, a, b), To: heapPosition(rest, q.Turn.Other())})
		})
	}
	return moves
}

func heapMoveName(h, a, b int) string {
	taken := h - a - b
	switch {
	case b > 0 && taken == 0:
		return fmt.Sprintf("%d=%d+%d", h, a, b)
	case b > 0:
		return fmt.Sprintf("%d-%d=%d+%d", h, taken, a, b)
	}
	return fmt.Sprintf("%d-%d", h, taken)
}

// Components are the heaps, each as a position of its own with the first
// player to move, so that equal heaps share one position.
func (g *HeapGame) Components(p sente.Position) []sente.Position {
	q := p.(HeapPosition)
	parts := make([]sente.Position, q.count())
	for j := range parts {
		parts[j] = HeapPosition{sizes: q.sizes[2*j : 2*j+2], Turn: sente.First}
	}
	return parts
}

func (g *HeapGame) FormatPosition(p sente.Position) string {
	q := p.(HeapPosition)
	if q.count() == 0 {
		return "0 " + q.Turn.String()
	}
	parts := make([]string, q.count())
	for j := range parts {
		parts[j] = strconv.Itoa(q.size(j))
	}
	return strings.Join(parts, "+") + " " + q.Turn.String()
}

func (g *HeapGame) ParsePosition(s string) (sente.Position, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s position %q: %s; want heap sizes joined by + (0 for none) of at most %d tokens in all, then optionally who moves (first or second), e.g. \"%d first\" or \"3+5 second\"",
			g.name, s, fmt.Sprintf(format, args...), g.n, g.n)
	}
	body, turn, err := impSplitTurn(s)
	if err != nil {
		return nil, bad("%v", err)
	}
	fields := strings.FieldsFunc(body, func(r rune) bool { return r == '+' || r == ',' || r == '/' })
	if len(fields) != strings.Count(body, "+")+strings.Count(body, ",")+strings.Count(body, "/")+1 {
		return nil, bad("an empty heap size")
	}
	hs := make([]int, 0, len(fields))
	total := 0
	for _, f := range fields {
		h, err := strconv.Atoi(f)
		if err != nil || h < 0 {
			return nil, bad("%q is not a heap size", f)
		}
		if h > g.n-total {
			return nil, bad("more than %d tokens", g.n)
		}
		total += h
		hs = append(hs, h)
	}
	return heapPosition(hs, turn), nil
}

func (g *HeapGame) Describe() sente.Description {
	doc, ok := heapDocs[g.name]
	if !ok {
		doc = heapDoc{summary: "the take-and-break game " + g.label}
	}
	keys := "Positions have integer keys, since n is at most 61. "
	if g.n > heapMaxKeyed {
		keys = "With n above 61 positions have no integer key and are interned by the engines. "
	}
	return sente.Description{
		Summary: doc.summary,
		Rules: "A take-and-break game on heaps of tokens: " + g.label + ", starting from one heap of n tokens (parameter n, 10 by default; up to 1000). " +
			doc.rules +
			"Players alternate, making a move in one heap; the player who cannot move loses (normal play). " +
			"The heaps are independent components: a position's Grundy value is the XOR of its heaps' values, which follow from the rules alone. " +
			"Both players have the same moves; the position records whose turn it is only to say who wins. " +
			"Moves are named by the heap's size, the tokens taken and what is left: \"12-2\" takes 2 from a heap of 12 leaving one heap of 10, \"3-3\" takes a whole heap of 3, " +
			"\"12-2=4+6\" takes 2 and leaves heaps of 4 and 6, \"7=3+4\" splits a heap of 7 without taking. Heaps of equal size give the same moves, listed once. " +
			"A position holds at most n tokens in all. " + keys,
		Position: fmt.Sprintf("The heap sizes in ascending order joined by + (0 when no heap is left), then who moves (first or second; first if left out). "+
			"The start is %q; \"3+5 second\" has heaps of 3 and 5 with the second player to move.", g.FormatPosition(g.Start())),
		Examples: doc.examples,
	}
}

func (g heapKeyed) Encode(p sente.Position) uint64 {
	q := p.(HeapPosition)
	var code uint64
	for j := range q.count() {
		code |= 1 << (q.size(j) + j)
	}
	return code<<1 | uint64(q.Turn&1)
}

func (g heapKeyed) Decode(key uint64) sente.Position {
	b := make([]byte, 0, 2*bits.OnesCount64(key>>1))
	j := 0
	for code := key >> 1; code != 0; code &= code - 1 {
		h := bits.TrailingZeros64(code) - j
		b = append(b, byte(h>>8), byte(h))
		j++
	}
	return HeapPosition{sizes: string(b), Turn: sente.Player(key & 1)}
}

func (g heapKeyed) EndedKey(key uint64) (sente.Value, bool) { return sente.Unknown, false }

func (g heapKeyed) AppendChildren(dst []uint64, key uint64) []uint64 {
	var count [heapMaxKeyed + 1]uint8
	j := 0
	for code := key >> 1; code != 0; code &= code - 1 {
		count[bits.TrailingZeros64(code)-j]++
		j++
	}
	turn := key&1 ^ 1
	for h := 1; h <= g.n; h++ {
		if count[h] == 0 {
			continue
		}
		g.rules.Options(h, func(a, b int) {
			count[h]--
			count[a]++
			count[b]++
			dst = append(dst, heapCountsCode(&count, g.n)<<1|turn)
			count[a]--
			count[b]--
			count[h]++
		})
	}
	return dst
}

// heapCountsCode is the code of the heaps with count[h] heaps of size h for
// h from 1 to n (count[0] is ignored).
func heapCountsCode(count *[heapMaxKeyed + 1]uint8, n int) uint64 {
	var code uint64
	j := 0
	for h := 1; h <= n; h++ {
		for range count[h] {
			code |= 1 << (h + j)
			j++
		}
	}
	return code
}
