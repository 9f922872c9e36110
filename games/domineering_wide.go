package games

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
)

// domWideCells bounds a board of DomineeringWide: its filled cells are
// one sente.Wide key, 11 by 11 at most as a square.
const domWideCells = 128

var _ interface {
	sente.Game
	sente.WideEncoder
	sente.WideSymmetric
	sente.WideOrderer
	sente.WideDecider
	sente.Alternating
	sente.CutoffHorizon
	sente.Describer
	sente.Drawer
	sente.Boarder
} = (*DomineeringWide)(nil)

// DomineeringWide is Domineering on a board of 65 to 128 cells (9 by 9,
// 10 by 10, 11 by 11), whose positions need keys of 128 bits: only search
// takes them (sente.Wide), for the value alone, with the techniques of
// domineering_search.go on two words. Its side to move follows from the
// dominoes placed, as on a board of more than 62 cells of Domineering.
// It has no values in combinatorial game theory: a board of its size is
// past what they can be worked out for, but for its small regions, which
// Decide values as boards of Domineering.
//
// The cell in column c (from the left) and row r (from the bottom) is
// bit r*w+c of the key, Lo's bits first.
type DomineeringWide struct {
	w, h              int
	start, full       cells128
	leftFirst         bool
	vert, horiz       []cells128
	notLeft, notRight cells128
	rowMask           uint64
	regions           *domRegions
}

// DomineeringWidePosition is the filled cells and the side to move.
type DomineeringWidePosition struct {
	Filled     sente.Wide
	LeftToMove bool
}

// cells128 is a set of cells of a board of up to 128.
type cells128 struct{ hi, lo uint64 }

func cellsOf(w sente.Wide) cells128        { return cells128{w.Hi, w.Lo} }
func (a cells128) wide() sente.Wide        { return sente.Wide{Hi: a.hi, Lo: a.lo} }
func (a cells128) and(b cells128) cells128 { return cells128{a.hi & b.hi, a.lo & b.lo} }
func (a cells128) or(b cells128) cells128  { return cells128{a.hi | b.hi, a.lo | b.lo} }
func (a cells128) andNot(b cells128) cells128 {
	return cells128{a.hi &^ b.hi, a.lo &^ b.lo}
}
func (a cells128) zero() bool { return a.hi|a.lo == 0 }
func (a cells128) count() int { return bits.OnesCount64(a.hi) + bits.OnesCount64(a.lo) }
func (a cells128) less(b cells128) bool {
	return a.hi < b.hi || a.hi == b.hi && a.lo < b.lo
}

// shl moves the cells n places up the bits (n < 64).
func (a cells128) shl(n uint) cells128 {
	return cells128{a.hi<<n | a.lo>>(64-n), a.lo << n}
}

// shr moves the cells n places down the bits (n < 64).
func (a cells128) shr(n uint) cells128 {
	return cells128{a.hi >> n, a.lo>>n | a.hi<<(64-n)}
}

// lowest is the lowest cell of a, which is not empty.
func (a cells128) lowest() cells128 {
	if a.lo != 0 {
		return cells128{0, a.lo & -a.lo}
	}
	return cells128{a.hi & -a.hi, 0}
}

// first and last are the indexes of a's lowest and highest cells.
func (a cells128) first() int {
	if a.lo != 0 {
		return bits.TrailingZeros64(a.lo)
	}
	return 64 + bits.TrailingZeros64(a.hi)
}

func (a cells128) last() int {
	if a.hi != 0 {
		return 127 - bits.LeadingZeros64(a.hi)
	}
	return 63 - bits.LeadingZeros64(a.lo)
}

func cellAt(i int) cells128 {
	if i < 64 {
		return cells128{0, 1 << i}
	}
	return cells128{1 << (i - 64), 0}
}

func (a cells128) has(i int) bool { return !a.and(cellAt(i)).zero() }

// newDomineeringWide is NewDomineering for a board of 65 to 128 cells;
// rows, when not nil, are the board's rows from the top.
func newDomineeringWide(w, h int, rows []string, leftFirst bool) (*DomineeringWide, error) {
	g := &DomineeringWide{w: w, h: h, leftFirst: leftFirst, rowMask: 1<<w - 1}
	for i := range w * h {
		bit := cellAt(i)
		g.full = g.full.or(bit)
		r, c := i/w, i%w
		if c > 0 {
			g.notLeft = g.notLeft.or(bit)
		}
		if c < w-1 {
			g.notRight = g.notRight.or(bit)
		}
		if r+1 < h {
			g.vert = append(g.vert, bit.or(cellAt(i+w)))
		}
		if c+1 < w {
			g.horiz = append(g.horiz, bit.or(cellAt(i+1)))
		}
	}
	if rows != nil {
		filled, problem := g.parseRows(rows)
		if problem != "" {
			return nil, fmt.Errorf("domineering: board=%s: %s; want rows of . (empty) and # (filled) from the top, separated by /, all as long, e.g. ..#/.../...", strings.Join(rows, "/"), problem)
		}
		g.start = filled
	}
	g.regions = &domRegions{games: map[[2]int]*domRegionGame{}, shapes: cgt.NewShapes()}
	return g, nil
}

// wideGame is newDomineeringWide's game as a sente.Game: nil, not a nil
// *DomineeringWide, on an error.
func wideGame(g *DomineeringWide, err error) (sente.Game, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}

func (g *DomineeringWide) parseRows(rows []string) (cells128, string) {
	var filled cells128
	if problem := domReadRows(rows, g.w, g.h, func(bit int) { filled = filled.or(cellAt(bit)) }); problem != "" {
		return cells128{}, problem
	}
	return filled, ""
}

func (g *DomineeringWide) String() string {
	return fmt.Sprintf("domineering:w=%d,h=%d", g.w, g.h)
}

// leftByCount is whether Left is to move once the cells filled are.
func (g *DomineeringWide) leftByCount(filled cells128) bool {
	placed := (filled.count() - g.start.count()) / 2
	return g.leftFirst == (placed%2 == 0)
}

func (g *DomineeringWide) Start() sente.Position {
	return DomineeringWidePosition{Filled: g.start.wide(), LeftToMove: g.leftFirst}
}

func (g *DomineeringWide) Turn(p sente.Position) sente.Player {
	return partizanTurn(g.leftFirst, p.(DomineeringWidePosition).LeftToMove)
}

// Ended: no position ends; a player without a move has lost.
func (g *DomineeringWide) Ended(sente.Position) (sente.Value, bool) {
	return sente.Unknown, false
}

func (g *DomineeringWide) Alternates() bool { return true }

func (g *DomineeringWide) dominoName(d cells128) string {
	lo, hi := d.first(), d.last()
	return domCell(lo%g.w, lo/g.w) + "-" + domCell(hi%g.w, hi/g.w)
}

func (g *DomineeringWide) Moves(p sente.Position) []sente.Move {
	q := p.(DomineeringWidePosition)
	filled := cellsOf(q.Filled)
	dominoes := g.horiz
	if q.LeftToMove {
		dominoes = g.vert
	}
	var moves []sente.Move
	for _, d := range dominoes {
		if filled.and(d).zero() {
			moves = append(moves, sente.Move{Name: g.dominoName(d), To: DomineeringWidePosition{Filled: filled.or(d).wide(), LeftToMove: !q.LeftToMove}})
		}
	}
	return moves
}

func (g *DomineeringWide) rowsText(filled cells128) string {
	return domRowsText(g.w, g.h, filled.has)
}

func (g *DomineeringWide) FormatPosition(p sente.Position) string {
	q := p.(DomineeringWidePosition)
	return g.rowsText(cellsOf(q.Filled)) + " " + sideWord(q.LeftToMove)
}

func (g *DomineeringWide) ParsePosition(s string) (sente.Position, error) {
	bad := func(why string) error { return domPositionError(s, why, g.w, g.h, g.FormatPosition(g.Start())) }
	body, left, err := splitSide(s, g.leftFirst)
	if err != nil {
		return nil, bad(err.Error())
	}
	filled, problem := g.parseRows(strings.Split(body, "/"))
	if problem != "" {
		return nil, bad(problem)
	}
	if filled.and(g.start) != g.start {
		return nil, bad("a cell filled from the start is empty")
	}
	if left != g.leftByCount(filled) {
		return nil, bad(fmt.Sprintf("on a board of more than %d cells the side to move follows from the dominoes placed, as in play from the start, and it is %s here", domSideCells, sideWord(g.leftByCount(filled))))
	}
	return DomineeringWidePosition{Filled: filled.wide(), LeftToMove: left}, nil
}

func (g *DomineeringWide) Draw(p sente.Position) string {
	cols := make([]string, g.w)
	for c := range cols {
		cols[c] = tttColumnName(c)
	}
	q := p.(DomineeringWidePosition)
	return drawGrid(g.rowsText(cellsOf(q.Filled)), func(r int) string { return strconv.Itoa(g.h - r) }, cols) +
		"\n" + partizanCaption(q.LeftToMove, "upright", "flat")
}

// Board is Domineering.Board on two words.
func (g *DomineeringWide) Board(p sente.Position) sente.Board {
	q := p.(DomineeringWidePosition)
	filled := cellsOf(q.Filled)
	dominoes := g.horiz
	if q.LeftToMove {
		dominoes = g.vert
	}
	var free []domPlace
	for _, d := range dominoes {
		if filled.and(d).zero() {
			free = append(free, domPlace{g.dominoName(d), d.first(), d.last()})
		}
	}
	return domBoard(g.w, g.h, g.leftFirst, q.LeftToMove, filled.has, free)
}

func (g *DomineeringWide) Describe() sente.Description { return domineeringDescription() }

// The keys: the filled cells.

func (g *DomineeringWide) Encode(p sente.Position) sente.Wide {
	return p.(DomineeringWidePosition).Filled
}

func (g *DomineeringWide) Decode(key sente.Wide) sente.Position {
	return DomineeringWidePosition{Filled: key, LeftToMove: g.leftByCount(cellsOf(key))}
}

func (g *DomineeringWide) AppendChildren(dst []sente.Wide, key sente.Wide) []sente.Wide {
	filled := cellsOf(key)
	dominoes := g.horiz
	if g.leftByCount(filled) {
		dominoes = g.vert
	}
	for _, d := range dominoes {
		if filled.and(d).zero() {
			dst = append(dst, filled.or(d).wide())
		}
	}
	return dst
}

func (g *DomineeringWide) EndedKey(sente.Wide) (sente.Value, bool) { return sente.Unknown, false }

// Canonical is the least key of the position's images by the reflections
// left to right and top to bottom (see Domineering.Canonical; a key
// without the side to move holds no diagonal's image).
func (g *DomineeringWide) Canonical(key sente.Wide) sente.Wide {
	f := cellsOf(key)
	flipped := g.mirrorCols(f)
	best := f
	for _, c := range [...]cells128{flipped, g.mirrorRows(f), g.mirrorRows(flipped)} {
		if c.less(best) {
			best = c
		}
	}
	return best.wide()
}

// row is row r of f, as the low bits of a word.
func (g *DomineeringWide) row(f cells128, r int) uint64 {
	if r == 0 {
		return f.lo & g.rowMask
	}
	n := uint(r * g.w)
	if n >= 64 {
		return f.hi >> (n - 64) & g.rowMask
	}
	return f.shr(n).lo & g.rowMask
}

// atRow is the row x laid at row r.
func (g *DomineeringWide) atRow(x uint64, r int) cells128 {
	n := uint(r * g.w)
	if n >= 64 {
		return cells128{x << (n - 64), 0}
	}
	return cells128{0, x}.shl(n)
}

func (g *DomineeringWide) mirrorRows(f cells128) cells128 {
	var out cells128
	for r := range g.h {
		out = out.or(g.atRow(g.row(f, r), g.h-1-r))
	}
	return out
}

func (g *DomineeringWide) mirrorCols(f cells128) cells128 {
	var out cells128
	for r := range g.h {
		out = out.or(g.atRow(bits.Reverse64(g.row(f, r))>>(64-g.w), r))
	}
	return out
}

// counts are Domineering.counts on two words.
func (g *DomineeringWide) counts(empty cells128) domCounts {
	w := uint(g.w)
	besideFlat := empty.shl(1).and(g.notLeft).or(empty.shr(1).and(g.notRight))
	besideUp := empty.shl(w).or(empty.shr(w)).and(g.full)
	upright, flat := empty.and(empty.shr(w)), empty.and(empty.shr(1)).and(g.notRight)
	c := domCounts{
		fitsL:    upright.count(),
		fitsR:    flat.count(),
		exposedL: upright.and(besideFlat.or(besideFlat.shr(w))).count(),
		exposedR: flat.and(besideUp.or(besideUp.shr(1))).count(),
		roomL:    empty.and(besideUp).count(),
		roomR:    empty.and(besideFlat).count(),
		mostL:    g.uprightPacking(empty).count(),
		mostR:    g.flatPacking(empty).count(),
		safeL:    g.uprightPacking(empty.andNot(besideFlat)).count(),
		safeR:    g.flatPacking(empty.andNot(besideUp)).count(),
	}
	if low := g.uprightPacking(empty.and(besideFlat)); !low.zero() {
		cells := low.or(low.shl(w))
		near := cells.and(cells.shl(1).and(g.notLeft).or(cells.shr(1).and(g.notRight)))
		c.twinL = low.and(near.or(near.shr(w))).count()
		c.loneL = low.count() - c.twinL
	}
	if low := g.flatPacking(empty.and(besideUp)); !low.zero() {
		cells := low.or(low.shl(1))
		near := cells.and(cells.shl(w).or(cells.shr(w))).and(g.full)
		c.twinR = low.and(near.or(near.shr(1))).count()
		c.loneR = low.count() - c.twinR
	}
	return c
}

// uprightPacking is the lower cells of the most disjoint upright dominoes
// on m, the lowest two cells of every run of each column taken at once.
func (g *DomineeringWide) uprightPacking(m cells128) cells128 {
	w := uint(g.w)
	var low cells128
	for {
		starts := m.and(m.shr(w)).andNot(m.shl(w))
		if starts.zero() {
			return low
		}
		low = low.or(starts)
		m = m.andNot(starts.or(starts.shl(w)))
	}
}

// flatPacking is uprightPacking along the rows.
func (g *DomineeringWide) flatPacking(m cells128) cells128 {
	var low cells128
	for {
		starts := m.and(m.shr(1)).and(g.notRight).andNot(m.shl(1).and(g.notLeft))
		if starts.zero() {
			return low
		}
		low = low.or(starts)
		m = m.andNot(starts.or(starts.shl(1)))
	}
}

// Decide is Domineering.Decide on two words: by the counts, then by the
// values of the regions the board has split into.
func (g *DomineeringWide) Decide(key sente.Wide) (sente.Value, bool) {
	filled := cellsOf(key)
	left := g.leftByCount(filled)
	if v := decidedByCounts(g.counts(g.full.andNot(filled)), left); v != sente.Unknown {
		return v, true
	}
	return g.decideByParts(filled, left)
}

func (g *DomineeringWide) neighbours(m cells128) cells128 {
	w := uint(g.w)
	return m.shl(w).or(m.shr(w)).or(m.and(g.notRight).shl(1)).or(m.and(g.notLeft).shr(1)).and(g.full)
}

// decideByParts values each region, a board of Domineering of the
// region's extent with the rest filled (domRegions), and decides by the
// class of their sum, as Domineering.decideByParts does.
func (g *DomineeringWide) decideByParts(filled cells128, left bool) (sente.Value, bool) {
	empty := g.full.andNot(filled)
	if empty.count() > domPartsEmpty {
		return sente.Unknown, false
	}
	var parts []cells128
	for rest := empty; !rest.zero(); {
		region := rest.lowest()
		for {
			grown := region.or(g.neighbours(region)).and(empty)
			if grown == region {
				break
			}
			region = grown
		}
		if region.count() > domPartCells {
			return sente.Unknown, false
		}
		parts = append(parts, region)
		rest = rest.andNot(region)
	}
	values := make([]cgt.Game, 0, len(parts))
	for _, region := range parts {
		v, ok := g.regions.value(g.regionRows(region))
		if !ok {
			return sente.Unknown, false
		}
		values = append(values, v)
	}
	return classValue(cgt.SumOutcome(values...), left), true
}

// regionRows are the rows from the top of the smallest rectangle that
// holds region, its cells empty and the others filled.
func (g *DomineeringWide) regionRows(region cells128) []string {
	minR, minC, maxR, maxC := g.h, g.w, -1, -1
	for m := region; !m.zero(); m = m.andNot(m.lowest()) {
		i := m.first()
		r, c := i/g.w, i%g.w
		minR, maxR = min(minR, r), max(maxR, r)
		minC, maxC = min(minC, c), max(maxC, c)
	}
	rows := make([]string, 0, maxR-minR+1)
	for r := maxR; r >= minR; r-- {
		var b strings.Builder
		for c := minC; c <= maxC; c++ {
			if region.has(r*g.w + c) {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
		rows = append(rows, b.String())
	}
	return rows
}

// domRegions values the regions of boards too large for Domineering's
// keys, each as a board of Domineering of its own extent, one game (and
// valuer) for each extent, all valuing by one table of shapes.
type domRegions struct {
	mu     sync.Mutex
	games  map[[2]int]*domRegionGame
	shapes *cgt.Shapes
}

type domRegionGame struct {
	g *Domineering
	v *cgt.Valuer
}

// value is the value of the empty cells of the board of rows, from the
// top; false should the theory fail to value it.
func (d *domRegions) value(rows []string) (cgt.Game, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	size := [2]int{len(rows[0]), len(rows)}
	rg := d.games[size]
	if rg == nil {
		g, err := NewDomineering(size[0], size[1], "", true)
		if err != nil {
			return 0, false
		}
		v, err := cgt.NewValuer(g, cgt.ValuerOptions{Shapes: d.shapes})
		if err != nil {
			return 0, false
		}
		rg = &domRegionGame{g: g.(*Domineering), v: v}
		d.games[size] = rg
	}
	filled, problem := domParseRows(rows, size[0], size[1])
	if problem != "" {
		return 0, false
	}
	v, err := rg.v.Value(context.Background(), DomineeringPosition{Filled: filled, LeftToMove: true})
	if err != nil {
		return 0, false
	}
	return v, true
}

// OrderChildren is Domineering.OrderChildren on two words.
func (g *DomineeringWide) OrderChildren(dst []sente.WideChild, key sente.Wide) ([]sente.WideChild, sente.Tactics) {
	filled := cellsOf(key)
	left := g.leftByCount(filled)
	empty := g.full.andNot(filled)
	var fits cells128
	step := uint(1)
	if left {
		step = uint(g.w)
		fits = empty.and(empty.shr(step))
	} else {
		fits = empty.and(empty.shr(1)).and(g.notRight)
	}
	for m := fits; !m.zero(); {
		low := m.lowest()
		m = m.andNot(low)
		d := low.or(low.shl(step))
		c := g.counts(empty.andNot(d))
		dst = append(dst, sente.WideChild{Key: filled.or(d).wide(), Hint: moveHint(c, left, decidedByCounts(c, !left))})
	}
	return dst, sente.Tactics{}
}

// Horizon is Domineering.Horizon on two words.
func (g *DomineeringWide) Horizon(key sente.Wide) (most, tieLeast int) {
	filled := cellsOf(key)
	empty := g.full.andNot(filled)
	mine, theirs := g.uprightPacking(empty).count(), g.flatPacking(empty).count()
	if !g.leftByCount(filled) {
		mine, theirs = theirs, mine
	}
	return min(empty.count()/2, 2*mine, 2*theirs+1), 0
}

// CutoffHorizon is Domineering.CutoffHorizon.
func (g *DomineeringWide) CutoffHorizon() int {
	return max(12, g.full.andNot(g.start).count()/2-6)
}
