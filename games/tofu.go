package games

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// Limits of AtCoder ARC013 C on the input: 1 to 100 blocks, each side 1 to
// 100 cells, at least one habanero in every block.
const (
	tofuMaxBlocks = 100
	tofuMaxSide   = 100
)

const tofuSummary = "tofu and habanero (AtCoder ARC013 C): cut slabs off a block of tofu; whoever eats a habanero loses"

func init() {
	register(Family{
		Name:    "tofu",
		Summary: tofuSummary,
		Params: []sente.Param{
			{Name: "x", Doc: "the block's size along x, in cells", Kind: sente.Int, Default: "3", Min: 1, Max: tofuMaxSide},
			{Name: "y", Doc: "the block's size along y, in cells", Kind: sente.Int, Default: "3", Min: 1, Max: tofuMaxSide},
			{Name: "z", Doc: "the block's size along z, in cells", Kind: sente.Int, Default: "3", Min: 1, Max: tofuMaxSide},
			{Name: "at", Kind: sente.Text, Default: "centre",
				Doc: "the habanero cells as x.y.z counted from 0, separated by /, e.g. 1.1.1/2.0.1, or centre for the middle cell (rounded down)"},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			b := TofuBlock{X: v.Int("x"), Y: v.Int("y"), Z: v.Int("z")}
			cells, err := tofuParseCells(v.String("at"), b)
			if err != nil {
				return nil, err
			}
			b.Habaneros = cells
			return NewTofu(b)
		},
	})
}

var _ interface {
	sente.Game
	sente.Encoder
	sente.Impartial
	sente.Describer
	sente.Splitter
} = (*Tofu)(nil)

// TofuBlock is one block of tofu of ARC013 C: X by Y by Z cells, with
// habaneros in the cells listed, each (x, y, z) counted from 0.
type TofuBlock struct {
	X, Y, Z   int
	Habaneros [][3]int
}

func (b TofuBlock) side(axis int) int { return [3]int{b.X, b.Y, b.Z}[axis] }

// tofuBounds returns the habaneros' bounding box, both ends inclusive.
func tofuBounds(b TofuBlock) (lo, hi [3]int) {
	lo = [3]int{b.X, b.Y, b.Z}
	hi = [3]int{-1, -1, -1}
	for _, c := range b.Habaneros {
		for a := range 3 {
			lo[a] = min(lo[a], c[a])
			hi[a] = max(hi[a], c[a])
		}
	}
	return lo, hi
}

// TofuHeaps reduces a block to six nim heaps: the cells between the
// habaneros' bounding box and each face, along x (low side, high side), y
// and z. A move cuts a slab that holds no habanero, which takes from one
// heap; the block has no such move when every heap is 0. The block must
// hold at least one habanero (a block without one gives no heaps: all 0).
func TofuHeaps(b TofuBlock) [6]int {
	if len(b.Habaneros) == 0 {
		return [6]int{}
	}
	lo, hi := tofuBounds(b)
	var h [6]int
	for a := range 3 {
		h[2*a] = lo[a]
		h[2*a+1] = b.side(a) - 1 - hi[a]
	}
	return h
}

// TofuWinner solves ARC013 C: the first player (Takahashi) wins exactly when
// the XOR of the heaps of all blocks is not 0. It returns that XOR too.
func TofuWinner(blocks []TofuBlock) (first bool, xor int) {
	for _, b := range blocks {
		for _, h := range TofuHeaps(b) {
			xor ^= h
		}
	}
	return xor != 0, xor
}

// ParseTofu reads the input of ARC013 C: a line N (1 to 100), then for each
// block a line "X Y Z" (1 to 100 each), a line M (1 to X*Y*Z) and M lines
// "x y z" (0 <= x < X, and so on). Blank lines are skipped. Its errors are
// one line, with the line number and the form wanted.
func ParseTofu(r io.Reader) ([]TofuBlock, error) {
	sc := bufio.NewScanner(r)
	line := 0
	// next returns the whole numbers on the next non-blank line.
	next := func(what string, count int) ([]int, error) {
		for sc.Scan() {
			line++
			fields := strings.Fields(sc.Text())
			if len(fields) == 0 {
				continue
			}
			if len(fields) != count {
				return nil, fmt.Errorf("tofu input line %d: %d numbers; want %s", line, len(fields), what)
			}
			nums := make([]int, count)
			for i, f := range fields {
				n, err := strconv.Atoi(f)
				if err != nil {
					return nil, fmt.Errorf("tofu input line %d: %q is not a whole number; want %s", line, f, what)
				}
				nums[i] = n
			}
			return nums, nil
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("tofu input line %d: %v; want %s", line+1, err, what)
		}
		return nil, fmt.Errorf("tofu input line %d: the input ends; want %s", line+1, what)
	}
	nums, err := next("N, the number of blocks, 1 to 100, e.g. \"1\"", 1)
	if err != nil {
		return nil, err
	}
	n := nums[0]
	if n < 1 || n > tofuMaxBlocks {
		return nil, fmt.Errorf("tofu input line %d: N=%d; want the number of blocks, 1 to %d, e.g. \"1\"", line, n, tofuMaxBlocks)
	}
	blocks := make([]TofuBlock, 0, n)
	for range n {
		const sizeForm = "the block's size X Y Z, each 1 to 100, e.g. \"3 3 3\""
		size, err := next(sizeForm, 3)
		if err != nil {
			return nil, err
		}
		for _, s := range size {
			if s < 1 || s > tofuMaxSide {
				return nil, fmt.Errorf("tofu input line %d: size %d; want %s", line, s, sizeForm)
			}
		}
		b := TofuBlock{X: size[0], Y: size[1], Z: size[2]}
		volume := b.X * b.Y * b.Z
		mForm := fmt.Sprintf("M, the number of habaneros in the block, 1 to X*Y*Z = %d, e.g. \"1\"", volume)
		nums, err := next(mForm, 1)
		if err != nil {
			return nil, err
		}
		m := nums[0]
		if m < 1 || m > volume {
			return nil, fmt.Errorf("tofu input line %d: M=%d; want %s", line, m, mForm)
		}
		cellForm := fmt.Sprintf("a habanero's cell x y z with 0 <= x < %d, 0 <= y < %d, 0 <= z < %d, e.g. \"0 0 0\"", b.X, b.Y, b.Z)
		b.Habaneros = make([][3]int, 0, min(m, 1024))
		for range m {
			c, err := next(cellForm, 3)
			if err != nil {
				return nil, err
			}
			for a := range 3 {
				if c[a] < 0 || c[a] >= b.side(a) {
					return nil, fmt.Errorf("tofu input line %d: cell %d %d %d is outside the block; want %s", line, c[0], c[1], c[2], cellForm)
				}
			}
			b.Habaneros = append(b.Habaneros, [3]int{c[0], c[1], c[2]})
		}
		blocks = append(blocks, b)
	}
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) != "" {
			return nil, fmt.Errorf("tofu input line %d: text after the last of the %d blocks; want N blocks and nothing more", line, n)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("tofu input line %d: %v; want N blocks and nothing more", line+1, err)
	}
	return blocks, nil
}

// tofuParseCells reads the at parameter: x.y.z cells separated by /, or
// centre.
func tofuParseCells(text string, b TofuBlock) ([][3]int, error) {
	form := fmt.Sprintf("want habanero cells x.y.z counted from 0 (x below %d, y below %d, z below %d) separated by /, e.g. \"%d.%d.%d\", or centre",
		b.X, b.Y, b.Z, (b.X-1)/2, (b.Y-1)/2, (b.Z-1)/2)
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "centre", "center":
		return [][3]int{{(b.X - 1) / 2, (b.Y - 1) / 2, (b.Z - 1) / 2}}, nil
	}
	var cells [][3]int
	for _, part := range strings.Split(text, "/") {
		coords := strings.Split(strings.TrimSpace(part), ".")
		if len(coords) != 3 {
			return nil, fmt.Errorf("tofu: at=%s: %q is not a cell x.y.z; %s", text, part, form)
		}
		var c [3]int
		for a, s := range coords {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || v >= b.side(a) {
				return nil, fmt.Errorf("tofu: at=%s: %q is not a cell of the block; %s", text, part, form)
			}
			c[a] = v
		}
		cells = append(cells, c)
	}
	return cells, nil
}

// Tofu is one block of ARC013 C as a game: players alternately cut a slab of
// whole cells, parallel to a face, off the block and eat it; whoever eats a
// habanero loses.
//
// Eating a habanero loses at once, so a player with a safe cut (a slab with
// no habanero) never gains by another, and a player without one loses
// whatever they cut. The game is therefore played with the safe cuts as the
// only moves: a player who has none has no move and loses, under normal
// play, with the same winner in every position. What is left of the block
// always contains the habaneros' bounding box, so a position is the
// remaining cells along each axis, and TofuHeaps' six nim heaps are its
// components.
//
// The key holds, for axis a (x, y, z), the first remaining cell in bits 14a
// to 14a+6 and the last in bits 14a+7 to 14a+13, and the turn in bit 42
// (set when the second player moves): which player moves cannot be derived
// from the cells eaten, so it is kept.
type Tofu struct {
	block  TofuBlock
	lo, hi [3]int // the habaneros' bounding box
}

// TofuPosition is the remaining block, Lo[a] to Hi[a] (inclusive) along
// axis a (x, y, z), and the player to move.
type TofuPosition struct {
	Lo, Hi [3]uint8
	Turn   sente.Player
}

// NewTofu makes the game of one block (sides 1 to 100, at least one
// habanero, every habanero inside). It returns a plain nil game on error.
func NewTofu(b TofuBlock) (sente.Game, error) {
	for a := range 3 {
		if s := b.side(a); s < 1 || s > tofuMaxSide {
			return nil, fmt.Errorf("tofu: side %s=%d; want 1 to %d", "xyz"[a:a+1], s, tofuMaxSide)
		}
	}
	if len(b.Habaneros) == 0 {
		return nil, fmt.Errorf("tofu: no habanero; want at least one")
	}
	for _, c := range b.Habaneros {
		for a := range 3 {
			if c[a] < 0 || c[a] >= b.side(a) {
				return nil, fmt.Errorf("tofu: habanero %d.%d.%d is outside the %dx%dx%d block", c[0], c[1], c[2], b.X, b.Y, b.Z)
			}
		}
	}
	b.Habaneros = append([][3]int(nil), b.Habaneros...)
	g := &Tofu{block: b}
	g.lo, g.hi = tofuBounds(b)
	return g, nil
}

// Block returns the block the game is played on.
func (g *Tofu) Block() TofuBlock {
	b := g.block
	b.Habaneros = append([][3]int(nil), b.Habaneros...)
	return b
}

func (g *Tofu) Impartial() bool { return true }

func (g *Tofu) Start() sente.Position {
	var p TofuPosition
	for a := range 3 {
		p.Hi[a] = uint8(g.block.side(a) - 1)
	}
	return p
}

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Tofu) Alternates() bool { return true }

func (g *Tofu) Turn(p sente.Position) sente.Player { return p.(TofuPosition).Turn }

// Ended: no position ends; a position without a safe cut has no moves and
// is lost.
func (g *Tofu) Ended(p sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *Tofu) EndedKey(key uint64) (sente.Value, bool) { return sente.Unknown, false }

// each calls fn for every safe cut from p with its name and result.
func (g *Tofu) each(p TofuPosition, fn func(axis, first, last int, to TofuPosition)) {
	to := p
	to.Turn = p.Turn.Other()
	for a := range 3 {
		lo, hi := int(p.Lo[a]), int(p.Hi[a])
		for cut := lo; cut < g.lo[a]; cut++ {
			q := to
			q.Lo[a] = uint8(cut + 1)
			fn(a, lo, cut, q)
		}
		for cut := hi; cut > g.hi[a]; cut-- {
			q := to
			q.Hi[a] = uint8(cut - 1)
			fn(a, cut, hi, q)
		}
	}
}

// Moves are named by the axis and the layers eaten, counted from 0: "x0"
// eats the layer x = 0, "z2..3" the layers z = 2 and 3.
func (g *Tofu) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	g.each(p.(TofuPosition), func(axis, first, last int, to TofuPosition) {
		name := "xyz"[axis:axis+1] + strconv.Itoa(first)
		if last > first {
			name += ".." + strconv.Itoa(last)
		}
		moves = append(moves, sente.Move{Name: name, To: to})
	})
	return moves
}

func (g *Tofu) AppendChildren(dst []uint64, key uint64) []uint64 {
	g.each(tofuDecode(key), func(axis, first, last int, to TofuPosition) {
		dst = append(dst, tofuEncode(to))
	})
	return dst
}

// Components are the six heaps of TofuHeaps that are not empty, each as the
// position in which only that side of the bounding box has cells left, with
// the first player to move.
func (g *Tofu) Components(p sente.Position) []sente.Position {
	q := p.(TofuPosition)
	var box TofuPosition
	for a := range 3 {
		box.Lo[a], box.Hi[a] = uint8(g.lo[a]), uint8(g.hi[a])
	}
	var parts []sente.Position
	for a := range 3 {
		if q.Lo[a] != box.Lo[a] {
			c := box
			c.Lo[a] = q.Lo[a]
			parts = append(parts, c)
		}
		if q.Hi[a] != box.Hi[a] {
			c := box
			c.Hi[a] = q.Hi[a]
			parts = append(parts, c)
		}
	}
	return parts
}

func (g *Tofu) Encode(p sente.Position) uint64 { return tofuEncode(p.(TofuPosition)) }

func (g *Tofu) Decode(key uint64) sente.Position { return tofuDecode(key) }

func tofuEncode(p TofuPosition) uint64 {
	var key uint64
	for a := range 3 {
		key |= (uint64(p.Lo[a]) | uint64(p.Hi[a])<<7) << (14 * a)
	}
	return key | uint64(p.Turn&1)<<42
}

func tofuDecode(key uint64) TofuPosition {
	var p TofuPosition
	for a := range 3 {
		p.Lo[a] = uint8(key >> (14 * a) & 127)
		p.Hi[a] = uint8(key >> (14*a + 7) & 127)
	}
	p.Turn = sente.Player(key >> 42 & 1)
	return p
}

func (g *Tofu) FormatPosition(p sente.Position) string {
	q := p.(TofuPosition)
	return fmt.Sprintf("%d..%d/%d..%d/%d..%d %s", q.Lo[0], q.Hi[0], q.Lo[1], q.Hi[1], q.Lo[2], q.Hi[2], q.Turn)
}

func (g *Tofu) ParsePosition(s string) (sente.Position, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("tofu position %q: %s; want the cells left along x, y and z as LO..HI/LO..HI/LO..HI within the %dx%dx%d block, "+
			"holding every habanero (x %d..%d, y %d..%d, z %d..%d), then optionally who moves (first or second), e.g. %q",
			s, fmt.Sprintf(format, args...), g.block.X, g.block.Y, g.block.Z, g.lo[0], g.hi[0], g.lo[1], g.hi[1], g.lo[2], g.hi[2], g.FormatPosition(g.Start()))
	}
	body, turn, err := impSplitTurn(s)
	if err != nil {
		return nil, bad("%v", err)
	}
	axes := strings.Split(body, "/")
	if len(axes) != 3 {
		return nil, bad("not three ranges separated by /")
	}
	q := TofuPosition{Turn: turn}
	for a, text := range axes {
		los, his, isRange := strings.Cut(text, "..")
		if !isRange {
			his = los
		}
		lo, err1 := strconv.Atoi(los)
		hi, err2 := strconv.Atoi(his)
		switch {
		case err1 != nil || err2 != nil:
			return nil, bad("%q is not a range LO..HI", text)
		case lo < 0 || hi >= g.block.side(a) || lo > hi:
			return nil, bad("%q is not a range of cells of the block", text)
		case lo > g.lo[a] || hi < g.hi[a]:
			return nil, bad("%q leaves out a habanero", text)
		}
		q.Lo[a], q.Hi[a] = uint8(lo), uint8(hi)
	}
	return q, nil
}

func (g *Tofu) Describe() sente.Description {
	var cells []string
	for _, c := range g.block.Habaneros {
		cells = append(cells, fmt.Sprintf("%d.%d.%d", c[0], c[1], c[2]))
	}
	h := TofuHeaps(g.block)
	return sente.Description{
		Summary: tofuSummary,
		Rules: fmt.Sprintf("A block of tofu of x by y by z cells (parameters x, y and z, 3 by default) with habaneros in some cells (parameter at, the middle cell by default, rounded down; here %s in a %dx%dx%d block). "+
			"Players alternately cut a slab of whole cells, parallel to a face, off the block and eat it; whoever eats a habanero loses. "+
			"Since eating a habanero loses at once, the moves are the safe cuts only, slabs without a habanero: a player who has none must eat one, so has no move and loses (normal play); "+
			"the winner of every position is the same as in the game as told. "+
			"The habaneros' bounding box is never cut, and the cells between it and the six faces are six nim heaps (here %v), the components of a position: "+
			"the player to move wins exactly when their XOR is not 0. "+
			"With several blocks, as in the contest ('sente tofu' reads its input), the heaps of all blocks are XORed: WIN when the XOR is not 0, else LOSE. "+
			"Both players have the same moves; the position records whose turn it is only to say who wins. "+
			"A move is named by the axis and the layers eaten, counted from 0: \"x0\" eats the layer x = 0, \"z2..3\" the layers z = 2 and 3.",
			strings.Join(cells, "/"), g.block.X, g.block.Y, g.block.Z, h),
		Position: "The cells left along x, y and z as LO..HI/LO..HI/LO..HI, counted from 0, then who moves (first or second; first if left out). " +
			"The default start is \"0..2/0..2/0..2 first\"; \"1..2/0..2/0..2 second\" follows the move x0.",
		Examples: []string{"tofu", "tofu:x=4,y=3,z=2,at=1.1.0", "tofu:x=5,y=5,z=5,at=1.2.3/3.2.1", "tofu:x=2,y=2,z=2,at=0.0.0"},
	}
}
