package games

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

func init() {
	register(Family{
		Name:    "morris",
		Summary: "nine men's morris and its family: place stones, then move them; each mill takes a stone (five to twelve men's, Lasker morris; nine men's: a draw, Gasser 1993)",
		Params: []sente.Param{
			{Name: "board", Doc: "the game, which sets the board and the men: five and six (16 points: two squares joined at their middles), seven (17: those with a cross through the centre), nine and ten (24: three squares), eleven and morabaraba (24 with diagonals joining the corners, twelve men each)",
				Kind: sente.Choice, Default: "nine", Choices: []string{"five", "six", "seven", "nine", "ten", "eleven", "morabaraba"}},
			{Name: "men", Doc: "men (stones) each; 0 means the board's own (5, 6, 7, 9, 10, 11, 12); at most half the points", Kind: sente.Int, Default: "0", Min: 0, Max: 12},
			{Name: "fly", Doc: "when men fly to any empty point rather than step along a line: never, three (a player left with three stones, the usual rule), always",
				Kind: sente.Choice, Default: "three", Choices: []string{"never", "three", "always"}},
			{Name: "lasker", Doc: "Lasker's rule: a player with stones in hand may place one or move one on the board, on every turn (false: place them all first)", Kind: sente.Bool, Default: "false"},
			{Name: "remove", Doc: "which stone a mill takes: standard (one not in a mill of the opponent's, or any when all are in mills), strict (never one in a mill: none when all are), lenient (any)",
				Kind: sente.Choice, Default: "standard", Choices: []string{"standard", "strict", "lenient"}},
			{Name: "blocked", Doc: "a player who cannot move: usual (loses, but a board filled by placing, possible with twelve men on 24 points, is a tie), lose (loses, a full board too), tie (the game ends in a tie)",
				Kind: sente.Choice, Default: "usual", Choices: []string{"usual", "lose", "tie"}},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			g, err := NewMorris(MorrisRules{
				Board:   v.String("board"),
				Men:     v.Int("men"),
				Fly:     v.String("fly"),
				Lasker:  v.Bool("lasker"),
				Remove:  v.String("remove"),
				Blocked: v.String("blocked"),
			})
			if err != nil {
				// A nil *Morris in a sente.Game would not compare equal to nil.
				return nil, err
			}
			return g, nil
		},
	})
}

// MorrisRules are the parameters of a morris game, as the spec names them.
type MorrisRules struct {
	Board   string // five, six, seven, nine, ten, eleven, morabaraba
	Men     int    // 0: the board's own
	Fly     string // never, three, always
	Lasker  bool
	Remove  string // standard, strict, lenient
	Blocked string // usual, lose, tie
}

// morrisGames are the boards by the game that names them, with its men.
var morrisGames = map[string]struct {
	geo   morrisGeometry
	men   int
	title string
}{
	"five":       {morrisTwoSquares, 5, "five men's morris"},
	"six":        {morrisTwoSquares, 6, "six men's morris"},
	"seven":      {morrisCross, 7, "seven men's morris"},
	"nine":       {morrisThreeSquares, 9, "nine men's morris"},
	"ten":        {morrisThreeSquares, 10, "ten men's morris"},
	"eleven":     {morrisDiagonals, 11, "eleven men's morris"},
	"morabaraba": {morrisDiagonals, 12, "Morabaraba (twelve men's morris)"},
}

const (
	morrisFlyNever = iota
	morrisFlyThree
	morrisFlyAlways
)

const (
	morrisRemoveStandard = iota
	morrisRemoveStrict
	morrisRemoveLenient
)

const (
	morrisBlockedUsual = iota
	morrisBlockedLose
	morrisBlockedTie
)

// Morris is the morris family: two players, x (who places first) and o,
// each with men stones in hand, place them in turn on the empty points of
// the board, then move them along its lines to a neighbouring empty point
// (or fly them anywhere, see fly); three of one's stones in a row on a
// line are a mill, and the move that closes one takes a stone of the
// opponent's off the board (which one: see remove). A player left with
// fewer than three stones, on the board and in hand, loses; so does a
// player who cannot move (see blocked). Play that never ends is a draw.
//
// The key of a position holds each player's points, 24 bits each, the
// stones each has in hand, and the side to move:
//
//	x | o<<24 | xHand<<48 | oHand<<52 | oToMove<<56
//
// A move with the stone it takes is one move, one ply, as in the
// published depths: "d1", "d1xa7" (place and take), "a1-a4", "a1-a4xg7".
type Morris struct {
	rules   MorrisRules
	title   string
	b       *morrisBoard
	men     int
	fly     int
	lasker  bool
	remove  int
	blocked int
	full    uint32 // every point

	syms    *morrisSymmetries
	classes *morrisClasses // the classes of occupied points (morris_class.go)
	ranks   *morrisRanks   // the tier engine's tables (morris_rank.go)
}

const (
	morrisPlane    = 24 // o's points start here
	morrisHands    = 48 // x's stones in hand, then o's 4 bits higher
	morrisSide     = 56 // set when o is to move
	morrisMask     = 1<<morrisPlane - 1
	morrisHandMask = 15
)

// MorrisPosition is a morris position: the points of each player's stones
// (bit p for point p, numbered in reading order from the top left: a7, d7,
// g7, b6, ... on the 24-point board), the stones each has in hand, and
// whether o is to move.
type MorrisPosition struct {
	X, O         uint32
	XHand, OHand uint8
	OToMove      bool
}

// NewMorris makes a morris game; its errors say which parameter is wrong
// and what is accepted.
func NewMorris(r MorrisRules) (*Morris, error) {
	game, ok := morrisGames[r.Board]
	if !ok {
		return nil, fmt.Errorf("morris: board=%s; want five, six, seven, nine, ten, eleven or morabaraba", r.Board)
	}
	g := &Morris{title: game.title, b: newMorrisBoard(game.geo), men: r.Men, lasker: r.Lasker}
	if g.men == 0 {
		g.men = game.men
	}
	if g.men < 3 || 2*g.men > g.b.points {
		return nil, fmt.Errorf("morris: men=%d on the %s board; want 3 to %d (half its points), or 0 for the board's own %d", g.men, g.b.name, g.b.points/2, game.men)
	}
	var err error
	if g.fly, err = morrisChoice("fly", r.Fly, "never", "three", "always"); err != nil {
		return nil, err
	}
	if g.remove, err = morrisChoice("remove", r.Remove, "standard", "strict", "lenient"); err != nil {
		return nil, err
	}
	if g.blocked, err = morrisChoice("blocked", r.Blocked, "usual", "lose", "tie"); err != nil {
		return nil, err
	}
	r.Men = g.men
	g.rules = r
	g.full = uint32(1)<<g.b.points - 1
	g.syms = newMorrisSymmetries(g.b.syms)
	g.classes = morrisClassesOf(g.b, g.syms)
	g.initRanks()
	return g, nil
}

func morrisChoice(name, value string, choices ...string) (int, error) {
	for i, c := range choices {
		if strings.EqualFold(c, value) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("morris: %s=%s; want one of %s", name, value, strings.Join(choices, ", "))
}

func (g *Morris) String() string {
	r := g.rules
	return fmt.Sprintf("morris:board=%s,men=%d,fly=%s,lasker=%t,remove=%s,blocked=%s", r.Board, r.Men, r.Fly, r.Lasker, r.Remove, r.Blocked)
}

// split is the stones of the player to move and of the other, on the
// board and in hand, and whether o is to move.
func (g *Morris) split(key uint64) (mine, theirs uint32, myHand, theirHand int, oMoves bool) {
	x, o := uint32(key)&morrisMask, uint32(key>>morrisPlane)&morrisMask
	hx, ho := int(key>>morrisHands&morrisHandMask), int(key>>(morrisHands+4)&morrisHandMask)
	if key>>morrisSide&1 == 1 {
		return o, x, ho, hx, true
	}
	return x, o, hx, ho, false
}

// morrisJoin is the key of the position where the player who had mine (o when
// oMoved) has moved, and the other is to move.
func morrisJoin(mine, theirs uint32, myHand, theirHand int, oMoved bool) uint64 {
	if oMoved {
		return uint64(theirs) | uint64(mine)<<morrisPlane | uint64(theirHand)<<morrisHands | uint64(myHand)<<(morrisHands+4)
	}
	return uint64(mine) | uint64(theirs)<<morrisPlane | uint64(myHand)<<morrisHands | uint64(theirHand)<<(morrisHands+4) | 1<<morrisSide
}

// inMills is the stones of m that stand in a mill of m.
func (g *Morris) inMills(m uint32) uint32 {
	var in uint32
	for _, mill := range g.b.mills {
		if m&mill == mill {
			in |= mill
		}
	}
	return in
}

// closes reports whether the stones m, one of which has just come to
// point p, make a mill through p: a mill closed by that move.
func (g *Morris) closes(m uint32, p int) bool {
	for _, mill := range g.b.millsAt[p] {
		if m&mill == mill {
			return true
		}
	}
	return false
}

// removable is the stones of theirs a mill may take.
func (g *Morris) removable(theirs uint32) uint32 {
	switch g.remove {
	case morrisRemoveLenient:
		return theirs
	case morrisRemoveStrict:
		return theirs &^ g.inMills(theirs)
	}
	if free := theirs &^ g.inMills(theirs); free != 0 {
		return free
	}
	return theirs
}

// flies reports whether a player with stones stones (on the board and in
// hand) moves them to any empty point.
func (g *Morris) flies(stones int) bool {
	return g.fly == morrisFlyAlways || g.fly == morrisFlyThree && stones <= 3
}

// movesMen reports whether a player with hand stones in hand may move a
// man on the board: once all are placed, or at any time by Lasker's rule.
func (g *Morris) movesMen(hand int) bool { return hand == 0 || g.lasker }

// AppendChildren: placements first while the mover has stones in hand, on
// each empty point in order, then (once all are placed, or by Lasker's
// rule) moves of each man in point order to each point it may reach in
// order. A placement or move that closes a mill is one child for each
// stone it may take, in point order, or a single child when none may be
// taken.
func (g *Morris) AppendChildren(dst []uint64, key uint64) []uint64 {
	mine, theirs, myHand, theirHand, oMoves := g.split(key)
	empty := g.full &^ (mine | theirs)
	takes, known := uint32(0), false
	add := func(moved uint32, to, hand int) {
		if !g.closes(moved, to) {
			dst = append(dst, morrisJoin(moved, theirs, hand, theirHand, oMoves))
			return
		}
		if !known {
			takes, known = g.removable(theirs), true
		}
		if takes == 0 {
			dst = append(dst, morrisJoin(moved, theirs, hand, theirHand, oMoves))
			return
		}
		for t := takes; t != 0; t &= t - 1 {
			dst = append(dst, morrisJoin(moved, theirs&^(t&-t), hand, theirHand, oMoves))
		}
	}
	if myHand > 0 {
		for e := empty; e != 0; e &= e - 1 {
			add(mine|e&-e, bits.TrailingZeros32(e), myHand-1)
		}
	}
	if !g.movesMen(myHand) {
		return dst
	}
	flying := g.flies(bits.OnesCount32(mine) + myHand)
	for m := mine; m != 0; m &= m - 1 {
		from := m & -m
		to := empty
		if !flying {
			to &= g.b.adj[bits.TrailingZeros32(m)]
		}
		for ; to != 0; to &= to - 1 {
			add(mine^from|to&-to, bits.TrailingZeros32(to), myHand)
		}
	}
	return dst
}

// canMove reports whether the player to move has a placement or a move.
func (g *Morris) canMove(mine, theirs uint32, myHand int) bool {
	empty := g.full &^ (mine | theirs)
	if empty == 0 {
		return false
	}
	if myHand > 0 {
		return true
	}
	if mine == 0 {
		return false
	}
	if g.flies(bits.OnesCount32(mine) + myHand) {
		return true
	}
	for m := mine; m != 0; m &= m - 1 {
		if g.b.adj[bits.TrailingZeros32(m)]&empty != 0 {
			return true
		}
	}
	return false
}

// EndedKey: a player with fewer than three stones, on the board and in
// hand, has lost (the player to move, whose stone the last move took; the
// other player, in a position play never reaches, has lost too). A player
// to move who has no placement and no move loses, or ties (see blocked).
func (g *Morris) EndedKey(key uint64) (sente.Value, bool) {
	mine, theirs, myHand, theirHand, _ := g.split(key)
	switch {
	case bits.OnesCount32(mine)+myHand < 3:
		return sente.Lose, true
	case bits.OnesCount32(theirs)+theirHand < 3:
		return sente.Win, true
	case g.canMove(mine, theirs, myHand):
		return sente.Unknown, false
	case g.blocked == morrisBlockedTie || g.blocked == morrisBlockedUsual && mine|theirs == g.full:
		return sente.Tie, true
	}
	return sente.Lose, true
}

// legal reports whether a position can happen in a game where either
// player placed first: points disjoint and on the board, at most men
// stones each on the board and in hand together, and, unless Lasker's
// rule merges placing and moving, the player to move has as many in hand
// as the other (having placed first) or one more (the other placed
// first).
func (g *Morris) legal(x, o uint32, hx, ho int, oToMove bool) bool {
	switch {
	case x&o != 0 || (x|o)&^g.full != 0:
		return false
	case hx < 0 || ho < 0 || bits.OnesCount32(x)+hx > g.men || bits.OnesCount32(o)+ho > g.men:
		return false
	case g.lasker:
		return true
	}
	if oToMove {
		hx, ho = ho, hx
	}
	return hx == ho || hx == ho+1
}

// AppendParents lists the positions with a move to key that have not
// ended: the player who just moved takes back a placement (a stone back
// in hand) or a move of a man, and a stone of the mover's that the move
// took comes back on an empty point when the move closed a mill.
func (g *Morris) AppendParents(dst []uint64, key uint64) []uint64 {
	mine, theirs, myHand, theirHand, oMoves := g.split(key)
	// theirs moved last: a parent has them to move, with the stones
	// before.
	empty := g.full &^ (mine | theirs)
	// None of mine could be taken in a parent where mine were all there.
	noTake := g.removable(mine) == 0
	// returns[r]: a stone of mine on the empty point r could have been
	// taken, the move having closed a mill; computed once.
	returns, known := uint32(0), false
	add := func(before uint32, hand int, to int, vacated uint32) {
		// The parent, where mine had moved and theirs were to move.
		parentOf := func(mineThen uint32) uint64 {
			return morrisJoin(mineThen, before, myHand, hand, oMoves)
		}
		if !g.closes(theirs, to) || noTake {
			if pk := parentOf(mine); g.parentOK(pk) {
				dst = append(dst, pk)
			}
		}
		if !g.closes(theirs, to) {
			return
		}
		if !known {
			known = true
			for e := empty; e != 0; e &= e - 1 {
				r := e & -e
				if g.removable(mine|r)&r != 0 {
					returns |= r
				}
			}
		}
		for r := returns &^ vacated; r != 0; r &= r - 1 {
			if pk := parentOf(mine | r&-r); g.parentOK(pk) {
				dst = append(dst, pk)
			}
		}
	}
	for m := theirs; m != 0; m &= m - 1 {
		to := bits.TrailingZeros32(m)
		before := theirs &^ (1 << to)
		// A placement taken back: the stone goes back in hand.
		if theirHand < g.men {
			add(before, theirHand+1, to, 0)
		}
		// A move taken back: the man goes back to an empty point it came
		// from.
		if !g.movesMen(theirHand) {
			continue
		}
		from := empty
		if !g.flies(bits.OnesCount32(theirs) + theirHand) {
			from &= g.b.adj[to]
		}
		for ; from != 0; from &= from - 1 {
			add(before|from&-from, theirHand, to, from&-from)
		}
	}
	return dst
}

// parentOK reports whether a parent can happen and has not ended. The
// player to move in it has a move, the one taken back, so it has ended
// only when a player has fewer than three stones.
func (g *Morris) parentOK(pk uint64) bool {
	x, o := uint32(pk)&morrisMask, uint32(pk>>morrisPlane)&morrisMask
	hx, ho := int(pk>>morrisHands&morrisHandMask), int(pk>>(morrisHands+4)&morrisHandMask)
	return g.legal(x, o, hx, ho, pk>>morrisSide&1 == 1) && bits.OnesCount32(x)+hx >= 3 && bits.OnesCount32(o)+ho >= 3
}

func (g *Morris) Encode(p sente.Position) uint64 {
	pos := p.(MorrisPosition)
	key := uint64(pos.X) | uint64(pos.O)<<morrisPlane | uint64(pos.XHand)<<morrisHands | uint64(pos.OHand)<<(morrisHands+4)
	if pos.OToMove {
		key |= 1 << morrisSide
	}
	return key
}

func (g *Morris) Decode(key uint64) sente.Position {
	return MorrisPosition{
		X:       uint32(key) & morrisMask,
		O:       uint32(key>>morrisPlane) & morrisMask,
		XHand:   uint8(key >> morrisHands & morrisHandMask),
		OHand:   uint8(key >> (morrisHands + 4) & morrisHandMask),
		OToMove: key>>morrisSide&1 == 1,
	}
}

func (g *Morris) Start() sente.Position {
	return MorrisPosition{XHand: uint8(g.men), OHand: uint8(g.men)}
}

// moveOf reads a move off the keys before and after it: the point a man
// left (-1 for a placement), the point it came to, and the point of the
// stone it took (-1 for none).
func (g *Morris) moveOf(key, kid uint64) (from, to, take int) {
	mine, theirs, _, _, _ := g.split(key)
	// In the child the mover's stones are the other player's.
	after, left, _, _, _ := g.split(kid)
	moved := left
	from, take = -1, -1
	if gone := mine &^ moved; gone != 0 {
		from = bits.TrailingZeros32(gone)
	}
	to = bits.TrailingZeros32(moved &^ mine)
	if taken := theirs &^ after; taken != 0 {
		take = bits.TrailingZeros32(taken)
	}
	return from, to, take
}

// moveName is "d1" for a placement, "a1-a4" for a move, with "xg7" after
// it for the stone it takes.
func (g *Morris) moveName(from, to, take int) string {
	name := g.b.names[to]
	if from >= 0 {
		name = g.b.names[from] + "-" + name
	}
	if take >= 0 {
		name += "x" + g.b.names[take]
	}
	return name
}

// Moves are named "d1" (a placement), "a1-a4" (a move, or a flight), with
// "xg7" after the name of one that takes the stone on g7, in the order of
// AppendChildren.
func (g *Morris) Moves(p sente.Position) []sente.Move {
	key := g.Encode(p)
	kids := g.AppendChildren(nil, key)
	moves := make([]sente.Move, len(kids))
	for i, kid := range kids {
		moves[i] = sente.Move{Name: g.moveName(g.moveOf(key, kid)), To: g.Decode(kid)}
	}
	return moves
}

func (g *Morris) Ended(p sente.Position) (sente.Value, bool) {
	return g.EndedKey(g.Encode(p))
}

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Morris) Alternates() bool { return true }

func (g *Morris) Turn(p sente.Position) sente.Player {
	if p.(MorrisPosition).OToMove {
		return sente.Second
	}
	return sente.First
}

// FormatPosition writes the points row by row from the top, "/" between
// rows, each x, o or . (empty), then the player to move and the stones in
// hand of x and of o: ".../.../.../....../.../.../... x 9 9" is the start
// of nine men's morris.
func (g *Morris) FormatPosition(p sente.Position) string {
	pos := p.(MorrisPosition)
	var sb strings.Builder
	for r, row := range g.b.rows {
		if r > 0 {
			sb.WriteByte('/')
		}
		for _, pt := range row {
			switch {
			case pos.X>>pt&1 != 0:
				sb.WriteByte('x')
			case pos.O>>pt&1 != 0:
				sb.WriteByte('o')
			default:
				sb.WriteByte('.')
			}
		}
	}
	side := " x "
	if pos.OToMove {
		side = " o "
	}
	sb.WriteString(side + strconv.Itoa(int(pos.XHand)) + " " + strconv.Itoa(int(pos.OHand)))
	return sb.String()
}

// ParsePosition reads FormatPosition's form; the stones in hand may be
// left out when neither player has any.
func (g *Morris) ParsePosition(s string) (sente.Position, error) {
	fields := strings.Fields(s)
	if len(fields) != 2 && len(fields) != 4 {
		return nil, g.parseError(s, fmt.Sprintf("%d word(s) instead of 4 (the points, the player to move, x's and o's stones in hand) or 2 (no stones in hand)", len(fields)))
	}
	var pos MorrisPosition
	switch strings.ToLower(fields[1]) {
	case "x":
	case "o":
		pos.OToMove = true
	default:
		return nil, g.parseError(s, fmt.Sprintf("the player to move is %q, not x or o", fields[1]))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != len(g.b.rows) {
		return nil, g.parseError(s, fmt.Sprintf("%d row(s) of points instead of %d", len(rows), len(g.b.rows)))
	}
	for r, row := range rows {
		if len(row) != len(g.b.rows[r]) {
			return nil, g.parseError(s, fmt.Sprintf("row %d has %d point(s) instead of %d", r+1, len(row), len(g.b.rows[r])))
		}
		for i := range len(row) {
			bit := uint32(1) << g.b.rows[r][i]
			switch row[i] {
			case 'x', 'X':
				pos.X |= bit
			case 'o', 'O':
				pos.O |= bit
			case '.':
			default:
				return nil, g.parseError(s, fmt.Sprintf("bad point %q in row %d", row[i], r+1))
			}
		}
	}
	if len(fields) == 4 {
		for i, f := range fields[2:] {
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 || n > g.men {
				return nil, g.parseError(s, fmt.Sprintf("%s's stones in hand are %q, not a number from 0 to %d", "xo"[i:i+1], f, g.men))
			}
			if i == 0 {
				pos.XHand = uint8(n)
			} else {
				pos.OHand = uint8(n)
			}
		}
	}
	if !g.legal(pos.X, pos.O, int(pos.XHand), int(pos.OHand), pos.OToMove) {
		return nil, g.parseError(s, fmt.Sprintf("x with %d on the board and %d in hand, o with %d and %d, %s to move, cannot happen: at most %d each, and %s",
			bits.OnesCount32(pos.X), pos.XHand, bits.OnesCount32(pos.O), pos.OHand, strings.ToLower(fields[1]), g.men, g.handRule()))
	}
	return pos, nil
}

// handRule says how the stones in hand go with the side to move.
func (g *Morris) handRule() string {
	if g.lasker {
		return "by Lasker's rule any stones in hand go with either side to move"
	}
	return "while stones are placed the player to move has as many in hand as the other, or one more"
}

func (g *Morris) parseError(s, problem string) error {
	var counts []string
	for _, row := range g.b.rows {
		counts = append(counts, strconv.Itoa(len(row)))
	}
	return fmt.Errorf("morris position %q: %s; want the points in rows from the top (%s points) separated by /, each x, o or . (empty), then x or o for the player to move, then x's and o's stones in hand (e.g. %q)",
		s, problem, strings.Join(counts, ", "), g.example())
}

// example is the position after x's first placement on the first point of
// the middle row.
func (g *Morris) example() string {
	mid := g.b.rows[len(g.b.rows)/2][0]
	return g.FormatPosition(MorrisPosition{X: 1 << mid, XHand: uint8(g.men - 1), OHand: uint8(g.men), OToMove: true})
}

func (g *Morris) Describe() sente.Description {
	flyWords := map[int]string{
		morrisFlyNever:  "Men never fly: a man always steps along a line. ",
		morrisFlyThree:  "A player left with three stones (on the board and in hand) flies: a man may go to any empty point, not only a neighbour (the usual rule). ",
		morrisFlyAlways: "Men always fly: a move takes a man to any empty point. ",
	}[g.fly]
	removeWords := map[int]string{
		morrisRemoveStandard: "a stone that is not in a mill of the opponent's, or any of the opponent's stones when all are in mills (the standard rule)",
		morrisRemoveStrict:   "a stone that is not in a mill of the opponent's; when all are in mills the mill takes none (strict)",
		morrisRemoveLenient:  "any of the opponent's stones (lenient)",
	}[g.remove]
	blockedWords := map[int]string{
		morrisBlockedUsual: "A player who cannot move loses, except that a board filled by the placing, which twelve men on 24 points can fill, ends in a tie (the usual rules). ",
		morrisBlockedLose:  "A player who cannot move loses, on a full board too. ",
		morrisBlockedTie:   "A player who cannot move ends the game in a tie. ",
	}[g.blocked]
	phases := "First the players place their stones in turn on empty points until each has placed all; then a move takes a man along a line to an empty neighbouring point. "
	if g.lasker {
		phases = "By Lasker's rule placing and moving are merged: on each turn a player with stones in hand may place one on an empty point or move a man on the board along a line to an empty neighbouring point; one with none in hand moves. "
	}
	return sente.Description{
		Summary: fmt.Sprintf("%s: %d men each on the %s board; mills of three take stones", g.title, g.men, g.b.name),
		Rules: fmt.Sprintf("%s on the %s board (%d points, %d mills), %d men each; x places first. "+
			"%s%s"+
			"Three of one's stones in a row along a line (every three points in a row on a line) are a mill: a placement or move that closes a mill takes one of the opponent's stones off the board, as part of the same move, "+
			"one stone even when it closes two mills at once: %s; when the opponent has no stone on the board the mill takes none. "+
			"A player left with fewer than three stones, on the board and in hand, loses. %s"+
			"Positions can repeat once men move, and play that never ends is a draw. "+
			"Parameters: board (five, six, seven, nine, ten, eleven, morabaraba: the board and the men), men (0 for the board's own), fly (never, three, always), lasker (true or false), remove (standard, strict, lenient), blocked (usual, lose, tie). "+
			"Points are named by file, a from the left, and rank, 1 from the bottom, as in the nine men's morris literature: a placement is its point, d1; a move the points left and reached, a1-a4; a move that takes a stone adds x and its point, d1xa7 or a1-a4xg7, one move, one ply. "+
			"Positions that are reflections or rotations of each other%s are treated as one, and so are positions with the colours swapped and the other player to move.",
			g.title, g.b.name, g.b.points, len(g.b.mills), g.men, phases, flyWords, removeWords, blockedWords, g.swapWords()),
		Position: fmt.Sprintf("The points row by row from the top separated by /, each x, o or . (empty), then x or o for the player to move, then the stones x and o have in hand (both may be left out when 0), e.g. %q. "+
			"At most %d stones each on the board and in hand together, and %s.", g.example(), g.men, g.handRule()),
		Examples: []string{
			"morris",
			"morris:board=six",
			"morris:board=five",
			"morris:board=seven",
			"morris:board=ten,lasker=true",
			"morris:board=morabaraba",
			"morris:board=six,men=4,fly=never",
		},
	}
}

// swapWords names the swap of the squares when it is a symmetry.
func (g *Morris) swapWords() string {
	if len(g.b.syms) == 16 {
		return ", or with the inner and outer squares swapped,"
	}
	return ""
}

var (
	_ sente.Encoder   = (*Morris)(nil)
	_ sente.Unmover   = (*Morris)(nil)
	_ sente.Symmetric = (*Morris)(nil)
	_ sente.Describer = (*Morris)(nil)
	_ sente.Drawer    = (*Morris)(nil)
	_ sente.Boarder   = (*Morris)(nil)
	_ sente.Estimator = (*Morris)(nil)
)
