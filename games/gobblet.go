package games

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

func init() {
	register(Family{
		Name:    "gobblet",
		Summary: "gobblet gobblers: tic-tac-toe with pieces of three sizes that cover smaller ones and move about (solved by Farmer in 2024: a first-player win)",
		Params: []sente.Param{
			{Name: "sizes", Doc: "sizes of piece, the largest kept: 3 is large, medium and small (the real game), 2 large and medium, 1 large only",
				Kind: sente.Int, Default: "3", Min: 1, Max: 3},
			{Name: "pieces", Doc: "pieces of each size each player has (2 in the real game)", Kind: sente.Int, Default: "2", Min: 1, Max: 2},
			{Name: "reveal", Doc: "a move that lifts a piece off the opponent's line and leaves it showing: lose (Blue Orange's rule: the mover loses unless the piece lands on that line, whatever line of its own it makes) or end (lines are judged once the move is complete; both decides when both colours show one)",
				Kind: sente.Choice, Default: "lose", Choices: []string{"lose", "end"}},
			{Name: "both", Doc: "with reveal=end, a move after which both colours show a line (only a lift that uncovers the opponent's line does that): lose (the mover loses: the same game as reveal=lose), win (the mover wins) or draw",
				Kind: sente.Choice, Default: "lose", Choices: []string{"lose", "win", "draw"}},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			g, err := NewGobblet(GobbletRules{Sizes: v.Int("sizes"), Pieces: v.Int("pieces"), Reveal: v.String("reveal"), Both: v.String("both")})
			if err != nil {
				// A nil *Gobblet in a sente.Game would not compare equal to nil.
				return nil, err
			}
			return g, nil
		},
	})
}

// GobbletRules are the pieces of a Gobblet Gobblers game and its readings
// of the rules.
type GobbletRules struct {
	Sizes  int    // sizes of piece, 1 to 3, the largest kept
	Pieces int    // pieces of each size each player has, 1 or 2
	Reveal string // lose or end
	Both   string // lose, win or draw: read only when Reveal is end
}

// Gobblet is Blue Orange's Gobblet Gobblers (Thierry Denoual's Gobblet on
// a 3×3 board): x and o each hold pieces of up to three sizes; a move
// places one from the hand, or takes one of one's own pieces showing on
// the board to another square, on an empty square or over a strictly
// smaller piece of either colour. Three pieces of one colour showing in a
// line win. A stack's sizes shrink from its top down, so a square holds
// at most one piece of each size, and a board is, for each size, the
// squares that hold x's piece of that size and those that hold o's.
//
// The key of a position is that, nine bits a plane: x's pieces of size s
// in bits 18s to 18s+8 and o's in bits 18s+9 to 18s+17 (size 0 small, 1
// medium, 2 large; bit row*3+col for the square in row row from the top
// and column col from the left), and bit 54 set when o is to move. The
// pieces in hand are those not on the board. A game with fewer sizes
// leaves the planes of the smallest sizes empty.
type Gobblet struct {
	rules  GobbletRules
	lowest int // the smallest size in play: 3 - Sizes
	// bothValue is the result for the player to move of a position where
	// both colours show a line: the player who just moved lifted a piece
	// off it.
	bothValue sente.Value

	lines [8]uint64   // bit m set when the squares of mask m hold a line
	names [9]string   // each square's name, like a chess square
	syms  gobbletSyms // the square's eight symmetries, a plane at a time

	ranks *gobbletRanks // the tier engine's tables (gobblet_rank.go)
}

const (
	gbSide   = 54 // set when o is to move
	gbFlip   = 1 << gbSide
	gbPlane  = 1<<9 - 1
	gbLayer  = 1<<18 - 1 // both planes of a size
	gbSquare = 9
)

// gbLetters are the sizes' letters, small to large, upper case: x's.
const gbLetters = "SML"

// GobbletPosition is a position's key (see Gobblet).
type GobbletPosition uint64

// NewGobblet makes the game under rules.
func NewGobblet(r GobbletRules) (*Gobblet, error) {
	switch {
	case r.Sizes < 1 || r.Sizes > 3:
		return nil, fmt.Errorf("gobblet: sizes=%d; want 1 to 3 sizes of piece (3 is the real game)", r.Sizes)
	case r.Pieces < 1 || r.Pieces > 2:
		return nil, fmt.Errorf("gobblet: pieces=%d; want 1 or 2 pieces of each size (2 is the real game)", r.Pieces)
	case r.Reveal != "lose" && r.Reveal != "end":
		return nil, fmt.Errorf("gobblet: reveal=%s; want lose or end", r.Reveal)
	case r.Both != "lose" && r.Both != "win" && r.Both != "draw":
		return nil, fmt.Errorf("gobblet: both=%s; want lose, win or draw", r.Both)
	case r.Reveal == "lose" && r.Both != "lose":
		return nil, fmt.Errorf("gobblet: both=%s needs reveal=end: under reveal=lose a move that leaves the opponent's uncovered line showing loses, whatever line of its own it makes", r.Both)
	}
	g := &Gobblet{rules: r, lowest: 3 - r.Sizes, bothValue: sente.Win}
	switch r.Both {
	case "win":
		g.bothValue = sente.Lose
	case "draw":
		g.bothValue = sente.Tie
	}
	for m := range 512 {
		for _, line := range gobbletLines {
			if m&line == line {
				g.lines[m/64] |= 1 << (m % 64)
				break
			}
		}
	}
	for sq := range gbSquare {
		g.names[sq] = tttColumnName(sq%3) + strconv.Itoa(3-sq/3)
	}
	g.syms = newGobbletSyms()
	g.initRanks()
	return g, nil
}

// gobbletLines are the eight lines of the board as square masks.
var gobbletLines = [8]int{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}

func (g *Gobblet) String() string {
	return fmt.Sprintf("gobblet:sizes=%d,pieces=%d,reveal=%s,both=%s", g.rules.Sizes, g.rules.Pieces, g.rules.Reveal, g.rules.Both)
}

// line reports whether the squares m hold a line.
func (g *Gobblet) line(m uint32) bool { return g.lines[m>>6]>>(m&63)&1 != 0 }

// gbPlaneOf is the plane of colour c's pieces of size s in key.
func gbPlaneOf(key uint64, s, c int) uint32 { return uint32(key>>(18*s+9*c)) & gbPlane }

// gbShowing is the squares where x's pieces and o's show: each square's
// top piece.
func gbShowing(key uint64) (x, o uint32) {
	var covered uint32
	for s := 2; s >= 0; s-- {
		px, po := gbPlaneOf(key, s, 0), gbPlaneOf(key, s, 1)
		x |= px &^ covered
		o |= po &^ covered
		covered |= px | po
	}
	return x, o
}

// gbAtLeast is, for each size s, the squares holding a piece of size s or
// larger: where a piece of size s may not go.
func gbAtLeast(key uint64) (ge [4]uint32) {
	for s := 2; s >= 0; s-- {
		ge[s] = ge[s+1] | uint32(key>>(18*s)|key>>(18*s+9))&gbPlane
	}
	return ge
}

// EndedKey: the game ends as soon as a line shows. A line of the player
// who just moved is their win; a line of the player to move only, which
// the last move uncovered by lifting a piece, is the player to move's win
// (under reveal=lose the mover lost by leaving it showing); lines of both
// are bothValue.
func (g *Gobblet) EndedKey(key uint64) (sente.Value, bool) {
	x, o := gbShowing(key)
	mine, theirs := g.line(x), g.line(o)
	if key&gbFlip != 0 {
		mine, theirs = theirs, mine
	}
	switch {
	case mine && theirs:
		return g.bothValue, true
	case theirs:
		return sente.Lose, true
	case mine:
		return sente.Win, true
	}
	return sente.Unknown, false
}

// AppendChildren: the placements, large pieces first, each on the squares
// in reading order (a3, b3, c3, a2, ...) where nothing as large lies; then
// the steps, the mover's showing large pieces first, each from its square
// to every other square where nothing as large lies. Moves lists the same
// moves in the same order.
func (g *Gobblet) AppendChildren(dst []uint64, key uint64) []uint64 {
	c := int(key >> gbSide)
	ge := gbAtLeast(key)
	next := key ^ gbFlip
	for s := 2; s >= g.lowest; s-- {
		base := uint(18*s + 9*c)
		if bits.OnesCount32(uint32(key>>base)&gbPlane) == g.rules.Pieces {
			continue
		}
		for free := gbPlane &^ ge[s]; free != 0; free &= free - 1 {
			dst = append(dst, next|1<<(base+uint(bits.TrailingZeros32(free))))
		}
	}
	for s := 2; s >= g.lowest; s-- {
		base := uint(18*s + 9*c)
		for own := uint32(key>>base) & gbPlane &^ ge[s+1]; own != 0; own &= own - 1 {
			from := next ^ 1<<(base+uint(bits.TrailingZeros32(own)))
			for free := gbPlane &^ ge[s]; free != 0; free &= free - 1 {
				dst = append(dst, from|1<<(base+uint(bits.TrailingZeros32(free))))
			}
		}
	}
	return dst
}

// gbMove is a move: a piece of size size placed from the hand (from < 0)
// or taken from square from, to square to.
type gbMove struct {
	size, from, to int
}

// appendMoves lists the moves of key in AppendChildren's order.
func (g *Gobblet) appendMoves(dst []gbMove, key uint64) []gbMove {
	c := int(key >> gbSide)
	ge := gbAtLeast(key)
	for s := 2; s >= g.lowest; s-- {
		if bits.OnesCount32(gbPlaneOf(key, s, c)) == g.rules.Pieces {
			continue
		}
		for free := gbPlane &^ ge[s]; free != 0; free &= free - 1 {
			dst = append(dst, gbMove{s, -1, bits.TrailingZeros32(free)})
		}
	}
	for s := 2; s >= g.lowest; s-- {
		for own := gbPlaneOf(key, s, c) &^ ge[s+1]; own != 0; own &= own - 1 {
			for free := gbPlane &^ ge[s]; free != 0; free &= free - 1 {
				dst = append(dst, gbMove{s, bits.TrailingZeros32(own), bits.TrailingZeros32(free)})
			}
		}
	}
	return dst
}

// play is the key after move m from key.
func (m gbMove) play(key uint64) uint64 {
	base := uint(18*m.size + 9*int(key>>gbSide))
	next := key ^ gbFlip | 1<<(base+uint(m.to))
	if m.from >= 0 {
		next ^= 1 << (base + uint(m.from))
	}
	return next
}

// moveName is a move's name: the size's letter and the square of a placement
// ("Lb2"), or the squares left and entered by a step ("a1-b2").
func (g *Gobblet) moveName(m gbMove) string {
	if m.from < 0 {
		return string(gbLetters[m.size]) + g.names[m.to]
	}
	return g.names[m.from] + "-" + g.names[m.to]
}

func (g *Gobblet) Moves(p sente.Position) []sente.Move {
	key := g.Encode(p)
	var moves []sente.Move
	for _, m := range g.appendMoves(nil, key) {
		moves = append(moves, sente.Move{Name: g.moveName(m), To: GobbletPosition(m.play(key))})
	}
	return moves
}

func (g *Gobblet) Encode(p sente.Position) uint64             { return uint64(p.(GobbletPosition)) }
func (g *Gobblet) Decode(key uint64) sente.Position           { return GobbletPosition(key) }
func (g *Gobblet) Start() sente.Position                      { return GobbletPosition(0) }
func (g *Gobblet) Ended(p sente.Position) (sente.Value, bool) { return g.EndedKey(g.Encode(p)) }

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Gobblet) Alternates() bool { return true }

func (g *Gobblet) Turn(p sente.Position) sente.Player {
	if g.Encode(p)&gbFlip != 0 {
		return sente.Second
	}
	return sente.First
}

// gbStack is the pieces on square sq from the top down, each as its
// letter: upper case x's, lower case o's ("Lm").
func gbStack(key uint64, sq int) string {
	var sb strings.Builder
	for s := 2; s >= 0; s-- {
		switch {
		case gbPlaneOf(key, s, 0)>>sq&1 != 0:
			sb.WriteByte(gbLetters[s])
		case gbPlaneOf(key, s, 1)>>sq&1 != 0:
			sb.WriteByte(gbLetters[s] + 'a' - 'A')
		}
	}
	return sb.String()
}

// FormatPosition writes the rows from the top separated by /, each row's
// three squares separated by commas, a square . when empty or else its
// stack from the top down (L large, M medium, S small; upper case x's,
// lower case o's), then a space and the player to move: x's large piece
// over o's small one in the centre, o to move, is ".,.,./.,Ls,./.,.,. o".
// The pieces in hand are those not on the board.
func (g *Gobblet) FormatPosition(p sente.Position) string {
	key := g.Encode(p)
	var sb strings.Builder
	for sq := range gbSquare {
		switch {
		case sq%3 != 0:
			sb.WriteByte(',')
		case sq > 0:
			sb.WriteByte('/')
		}
		if s := gbStack(key, sq); s != "" {
			sb.WriteString(s)
		} else {
			sb.WriteByte('.')
		}
	}
	if key&gbFlip != 0 {
		sb.WriteString(" o")
	} else {
		sb.WriteString(" x")
	}
	return sb.String()
}

// ParsePosition reads FormatPosition's form (letters and the player to
// move in either case): each stack's sizes shrink from the top down, of
// the game's sizes, and no player has more pieces of a size than the game
// gives. Any such board is a position, with either player to move.
func (g *Gobblet) ParsePosition(s string) (sente.Position, error) {
	fields := strings.Fields(s)
	if len(fields) != 2 {
		return nil, g.parseError(s, fmt.Sprintf("%d word(s) instead of 2 (the board, then x or o to move)", len(fields)))
	}
	var key uint64
	switch fields[1] {
	case "x", "X":
	case "o", "O":
		key |= gbFlip
	default:
		return nil, g.parseError(s, fmt.Sprintf("the player to move is %q, not x or o", fields[1]))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 3 {
		return nil, g.parseError(s, fmt.Sprintf("%d row(s) instead of 3", len(rows)))
	}
	for r, row := range rows {
		cells := strings.Split(row, ",")
		if len(cells) != 3 {
			return nil, g.parseError(s, fmt.Sprintf("row %d has %d square(s) instead of 3", r+1, len(cells)))
		}
		for c, cell := range cells {
			sq := r*3 + c
			if cell == "." {
				continue
			}
			if cell == "" || len(cell) > g.rules.Sizes {
				return nil, g.parseError(s, fmt.Sprintf("square %s holds %q: a square is . or a stack of 1 to %d pieces", g.names[sq], cell, g.rules.Sizes))
			}
			below := 3 // the size of the piece above
			for i := range len(cell) {
				l := cell[i]
				colour := 0
				if l >= 'a' && l <= 'z' {
					colour, l = 1, l-('a'-'A')
				}
				size := strings.IndexByte(gbLetters, l)
				switch {
				case size < 0:
					return nil, g.parseError(s, fmt.Sprintf("square %s holds %q, where %q is no piece", g.names[sq], cell, cell[i]))
				case size < g.lowest:
					return nil, g.parseError(s, fmt.Sprintf("square %s holds %q, of a size this game has no pieces of (sizes=%d: the largest %d, %s)", g.names[sq], cell[i], g.rules.Sizes, g.rules.Sizes, gbLargestFirst(gbLetters[g.lowest:])))
				case size >= below:
					return nil, g.parseError(s, fmt.Sprintf("square %s holds %q, where a piece lies on one as large or larger; write a stack from the top down, each piece smaller than the one above", g.names[sq], cell))
				}
				below = size
				key |= 1 << (18*size + 9*colour + sq)
			}
		}
	}
	for size := g.lowest; size < 3; size++ {
		for c, who := range []string{"x", "o"} {
			if n := bits.OnesCount32(gbPlaneOf(key, size, c)); n > g.rules.Pieces {
				return nil, g.parseError(s, fmt.Sprintf("%s has %d %s pieces on the board, more than the %d of each size a player has", who, n, gbSizeWords[size], g.rules.Pieces))
			}
		}
	}
	return GobbletPosition(key), nil
}

var gbSizeWords = [3]string{"small", "medium", "large"}

// gbLargestFirst is a run of sizes' letters, largest first.
func gbLargestFirst(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

func (g *Gobblet) parseError(s, problem string) error {
	return fmt.Errorf("gobblet position %q: %s; want 3 rows of 3 squares from top to bottom separated by /, the squares of a row separated by commas, each . (empty) or its stack from the top down (L large, M medium, S small; upper case x's, lower case o's), then a space and x or o for the player to move (e.g. %q)",
		s, problem, g.example())
}

// example is the position after x's first move, a large piece in the
// centre (the game's largest).
func (g *Gobblet) example() string {
	return g.FormatPosition(GobbletPosition(gbFlip | 1<<(18*2+4)))
}

// revealWords says how the game reads a lift that uncovers the
// opponent's line.
func (g *Gobblet) revealWords() string {
	if g.rules.Reveal == "lose" {
		return "A piece lifted off a square shows what it covered at once: when that completes a line of the opponent's, the mover loses unless the piece lands on a square of that line (covering it), whatever line of its own the move makes (reveal=lose: Blue Orange's rule, and GamesmanOne's and the published solvers'). "
	}
	both := map[string]string{
		"lose": "the mover loses (the same game as reveal=lose)",
		"win":  "the mover wins",
		"draw": "the game is drawn",
	}[g.rules.Both]
	return "Lines are judged once the move is complete (reveal=end): a line of the mover's wins, a line of the opponent's that the lift uncovered and the piece did not cover wins for the opponent, and when both colours show a line " + both + " (both=" + g.rules.Both + "). "
}

// pieceWords names the pieces each player has.
func (g *Gobblet) pieceWords() string {
	plural := ""
	if g.rules.Pieces > 1 {
		plural = "s"
	}
	if g.rules.Sizes == 1 {
		return fmt.Sprintf("%d piece%s, all large (L)", g.rules.Pieces, plural)
	}
	var sizes []string
	for s := 2; s >= g.lowest; s-- {
		sizes = append(sizes, gbSizeWords[s]+" ("+string(gbLetters[s])+")")
	}
	last := len(sizes) - 1
	return fmt.Sprintf("%d piece%s of each size, %s and %s,", g.rules.Pieces, plural, strings.Join(sizes[:last], ", "), sizes[last])
}

func (g *Gobblet) Describe() sente.Description {
	return sente.Description{
		Summary: fmt.Sprintf("get three in a row on a 3×3 board with %d pieces each of %d size(s), larger ones covering smaller ones", g.rules.Pieces, g.rules.Sizes),
		Rules: "Blue Orange's Gobblet Gobblers (Thierry Denoual's Gobblet on a 3×3 board); x moves first. " +
			fmt.Sprintf("Each player holds %s in hand. ", g.pieceWords()) +
			"A move either places a piece from the hand, or takes one of one's own pieces showing on the board to another square; either way onto an empty square or over a strictly smaller piece of either colour, which it covers (a square holds a stack, larger pieces over smaller). " +
			"A lifted piece may not go back to the square it left (every published rule set and solver agrees: the move would change nothing but the turn). " +
			"Only the top piece of a square shows, and three showing pieces of one colour in a row, column or diagonal win at once. " +
			g.revealWords() +
			"There is no passing, and no one is ever without a move (a large piece always shows or is in hand, and has somewhere to go); positions repeat, and play that never ends is a draw. " +
			"Placements are named by the piece's letter and the square (L large, M medium, S small; squares like chess squares: column a to c from the left, row 1 to 3 from the bottom): Lb2 places a large piece in the centre; " +
			"steps by the squares left and entered, a1-b2. " +
			"Positions that are reflections or rotations of each other are treated as one (8 symmetries), and so are positions with the colours swapped and the other player to move.",
		Position: fmt.Sprintf("The rows from top to bottom separated by /, each row's three squares separated by commas, each square . (empty) or its stack from the top down (L large, M medium, S small; upper case x's, lower case o's), then a space and x or o for the player to move, e.g. %q (x's large piece covers o's small one in the centre). "+
			"The pieces in hand are those not on the board.", ".,.,./.,Ls,./.,.,. x"),
		Examples: []string{
			"gobblet",
			"gobblet:reveal=end,both=win",
			"gobblet:sizes=2",
			"gobblet:pieces=1",
		},
	}
}

// gbSquareText is how Draw shows a square: the top piece, then what it covers
// in parentheses, "L(ms)"; . when empty.
func gbSquareText(key uint64, sq int) string {
	s := gbStack(key, sq)
	switch {
	case s == "":
		return "."
	case len(s) > 1:
		return s[:1] + "(" + s[1:] + ")"
	}
	return s
}

// hand is what player c holds, largest first, as letters in the player's
// case.
func (g *Gobblet) hand(key uint64, c int) []string {
	var h []string
	for s := 2; s >= g.lowest; s-- {
		l := gbLetters[s]
		if c == 1 {
			l += 'a' - 'A'
		}
		for range g.rules.Pieces - bits.OnesCount32(gbPlaneOf(key, s, c)) {
			h = append(h, string(l))
		}
	}
	return h
}

// Draw shows the board with the coordinates of move names, each square's
// top piece and what it covers in parentheses, the hands and who is to
// move (or how the game ended).
func (g *Gobblet) Draw(p sente.Position) string {
	key := g.Encode(p)
	width := 1
	for sq := range gbSquare {
		width = max(width, len(gbSquareText(key, sq)))
	}
	var sb strings.Builder
	for r := range 3 {
		sb.WriteString(strconv.Itoa(3 - r))
		sb.WriteByte(' ')
		for c := range 3 {
			cell := gbSquareText(key, r*3+c)
			sb.WriteString(" " + cell + strings.Repeat(" ", width-len(cell)))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("  ")
	for c := range 3 {
		sb.WriteString(" " + tttColumnName(c) + strings.Repeat(" ", width-1))
	}
	for c, who := range []string{"x", "o"} {
		h := strings.Join(g.hand(key, c), " ")
		if h == "" {
			h = "-"
		}
		sb.WriteString("\n" + who + " in hand: " + h)
	}
	sb.WriteString("\n" + g.caption(key, gobbletLetters))
	return trimLines(sb.String())
}

// trimLines drops the spaces at the ends of lines.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// gobbletLetters name the players as the text form and the drawing do;
// gobbletColours as the browser app's board draws their pieces, the first
// player's solid blue and the second's purple rings (Board.Players).
var (
	gobbletLetters = [2]string{"x", "o"}
	gobbletColours = [2]string{"blue", "purple"}
)

// caption says who is to move, or how the game ended, naming the first and
// second players names[0] and names[1].
func (g *Gobblet) caption(key uint64, names [2]string) string {
	mover, last := names[0], names[1]
	if key&gbFlip != 0 {
		mover, last = last, mover
	}
	if _, ended := g.EndedKey(key); !ended {
		return mover + " to move"
	}
	x, o := gbShowing(key)
	moverLine, lastLine := g.line(x), g.line(o)
	if key&gbFlip != 0 {
		moverLine, lastLine = lastLine, moverLine
	}
	switch {
	case !moverLine:
		return "game over: " + last + " has three in a row"
	case !lastLine:
		return "game over: " + last + " uncovered " + mover + "'s three in a row, and " + mover + " wins"
	}
	switch g.bothValue {
	case sente.Win:
		return "game over: both show three in a row, and " + last + ", who uncovered " + mover + "'s, loses"
	case sente.Lose:
		return "game over: both show three in a row, and " + last + ", who moved last, wins"
	}
	return "game over: both show three in a row: a draw"
}

// Board shows each square's stack from the top down (Pieces "gobblet"),
// the labels of move names and each player's hand. A placement is played
// from the piece in hand to its square, a step from the piece to its
// square.
func (g *Gobblet) Board(p sente.Position) sente.Board {
	key := g.Encode(p)
	b := sente.Board{
		Style:     "grid",
		Pieces:    "gobblet",
		RowLabels: []string{"3", "2", "1"},
		ColLabels: []string{"a", "b", "c"},
		InHand:    [][]string{g.hand(key, 0), g.hand(key, 1)},
		Caption:   g.caption(key, gobbletColours),
		Players:   gobbletColours[:],
		Moves:     []sente.BoardMove{},
	}
	for r := range 3 {
		row := make([]string, 3)
		for c := range 3 {
			row[c] = gbStack(key, r*3+c)
		}
		b.Cells = append(b.Cells, row)
	}
	for i := range b.InHand {
		if b.InHand[i] == nil {
			b.InHand[i] = []string{}
		}
	}
	if _, ended := g.EndedKey(key); ended {
		return b
	}
	for _, m := range g.appendMoves(nil, key) {
		bm := sente.BoardMove{Name: g.moveName(m), To: gridCell(m.to, 3)}
		if m.from >= 0 {
			from := gridCell(m.from, 3)
			bm.From = &from
		} else {
			l := gbLetters[m.size]
			if key&gbFlip != 0 {
				l += 'a' - 'A'
			}
			bm.FromHand = string(l)
		}
		b.Moves = append(b.Moves, bm)
	}
	return b
}

// EstimatePositions bounds the positions: every board, with either player
// to move. A board is a layer for each size, a choice of squares for x's
// pieces of that size and o's, as many as each has or fewer.
func (g *Gobblet) EstimatePositions() float64 {
	n := 2.0
	for range g.rules.Sizes {
		var layers float64
		for nx := 0; nx <= g.rules.Pieces; nx++ {
			for no := 0; no <= g.rules.Pieces; no++ {
				layers += float64(binom[gbSquare][nx+no] * binom[nx+no][nx])
			}
		}
		n *= layers
	}
	return n
}

var (
	_ sente.Encoder   = (*Gobblet)(nil)
	_ sente.Describer = (*Gobblet)(nil)
	_ sente.Drawer    = (*Gobblet)(nil)
	_ sente.Boarder   = (*Gobblet)(nil)
	_ sente.Estimator = (*Gobblet)(nil)
)
