package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// nimMaxHeaps and nimMaxHeap bound nim so that a position fits a key of six
// bits per heap and a turn bit.
const (
	nimMaxHeaps = 8
	nimMaxHeap  = 63
)

const nimSummary = "nim: take any number of objects from one heap; taking the last wins, or loses under misère play (solved by Bouton in 1901)"

func init() {
	register(Family{
		Name:    "nim",
		Summary: nimSummary,
		Params: []sente.Param{
			{Name: "heaps", Doc: "the heap sizes at the start", Kind: sente.Ints, Default: "3/4/5", Min: 0, Max: nimMaxHeap, MaxLen: nimMaxHeaps},
			{Name: "misere", Doc: "misère play: whoever takes the last object loses", Kind: sente.Bool, Default: "false"},
		},
		New: func(v sente.ParamValues) (sente.Game, error) { return NewNim(v.Ints("heaps"), v.Bool("misere")) },
	})
}

var (
	_ interface {
		sente.Game
		sente.Encoder
		sente.Impartial
		sente.Describer
		sente.Drawer
		sente.Boarder
		sente.Splitter
	} = nimNormal{}
	_ interface {
		sente.Game
		sente.Encoder
		sente.Impartial
		sente.Describer
		sente.Drawer
		sente.Boarder
		sente.Misere
	} = (*Nim)(nil)
)

// Nim is nim on a fixed row of 1 to 8 heaps of up to 63 objects: a move
// takes one or more objects from one heap. Under normal play taking the last
// object wins (the player left without a move loses); under misère play it
// loses.
//
// The key holds heap i in bits 6i to 6i+5 and the turn in bit 6k for k
// heaps (set when the second player moves). The turn cannot be derived from
// the heaps, so it is kept.
//
// NewNim returns a *Nim for misère play, and for normal play a wrapper that
// adds sente.Splitter (one component per non-empty heap, whose values XOR
// under normal play); misère nim has no Splitter, since the XOR rule does not
// hold for it.
type Nim struct {
	start  NimPosition
	k      int
	misere bool
}

// nimNormal is normal-play nim with its components.
type nimNormal struct{ *Nim }

// NimPosition is the heap sizes, heaps beyond the game's number of heaps
// being 0, and the player to move.
type NimPosition struct {
	Heaps [nimMaxHeaps]uint8
	Turn  sente.Player
}

// NewNim makes nim with the given heaps (1 to 8 heaps of 0 to 63 objects),
// under misère play if misere is set. It returns a plain nil game on error.
func NewNim(heaps []int, misere bool) (sente.Game, error) {
	if len(heaps) < 1 || len(heaps) > nimMaxHeaps {
		return nil, fmt.Errorf("nim: %d heaps; want 1 to %d", len(heaps), nimMaxHeaps)
	}
	g := &Nim{k: len(heaps), misere: misere}
	for i, h := range heaps {
		if h < 0 || h > nimMaxHeap {
			return nil, fmt.Errorf("nim: heap %d has %d objects; want 0 to %d", i+1, h, nimMaxHeap)
		}
		g.start.Heaps[i] = uint8(h)
	}
	if misere {
		return g, nil
	}
	return nimNormal{g}, nil
}

// Misere reports whether taking the last object loses (sente.Misere).
func (g *Nim) Misere() bool { return g.misere }

func (g *Nim) Impartial() bool { return true }

func (g *Nim) Start() sente.Position { return g.start }

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Nim) Alternates() bool { return true }

func (g *Nim) Turn(p sente.Position) sente.Player { return p.(NimPosition).Turn }

func (g *Nim) Ended(p sente.Position) (sente.Value, bool) { return g.EndedKey(g.Encode(p)) }

// EndedKey: under misère play the player to move when every heap is empty
// has won, since the opponent took the last object. Under normal play no
// position ends; a position without moves is lost.
func (g *Nim) EndedKey(key uint64) (sente.Value, bool) {
	if g.misere && key&(1<<(6*g.k)-1) == 0 {
		return sente.Win, true
	}
	return sente.Unknown, false
}

// Moves are named HEAP-TAKEN with heaps numbered from 1: "3-2" takes two
// objects from the third heap.
func (g *Nim) Moves(p sente.Position) []sente.Move {
	q := p.(NimPosition)
	var moves []sente.Move
	for i := range g.k {
		for left := range int(q.Heaps[i]) {
			to := q
			to.Heaps[i] = uint8(left)
			to.Turn = q.Turn.Other()
			moves = append(moves, sente.Move{Name: strconv.Itoa(i+1) + "-" + strconv.Itoa(int(q.Heaps[i])-left), To: to})
		}
	}
	return moves
}

func (g *Nim) AppendChildren(dst []uint64, key uint64) []uint64 {
	turn := uint64(1) << (6 * g.k)
	for i := range g.k {
		shift := 6 * i
		h := key >> shift & 63
		base := (key &^ (63 << shift)) ^ turn
		for left := range h {
			dst = append(dst, base|left<<shift)
		}
	}
	return dst
}

func (g *Nim) Encode(p sente.Position) uint64 {
	q := p.(NimPosition)
	var key uint64
	for i := range g.k {
		key |= uint64(q.Heaps[i]) << (6 * i)
	}
	if q.Turn == sente.Second {
		key |= 1 << (6 * g.k)
	}
	return key
}

func (g *Nim) Decode(key uint64) sente.Position {
	var q NimPosition
	for i := range g.k {
		q.Heaps[i] = uint8(key >> (6 * i) & 63)
	}
	if key>>(6*g.k)&1 != 0 {
		q.Turn = sente.Second
	}
	return q
}

// Components splits a normal-play position into its non-empty heaps, each
// as the position with that heap alone (the others empty) and the first
// player to move, so that equal heaps share one position.
func (g nimNormal) Components(p sente.Position) []sente.Position {
	q := p.(NimPosition)
	var parts []sente.Position
	for i := range g.k {
		if q.Heaps[i] != 0 {
			var c NimPosition
			c.Heaps[i] = q.Heaps[i]
			parts = append(parts, c)
		}
	}
	return parts
}

func (g *Nim) FormatPosition(p sente.Position) string {
	q := p.(NimPosition)
	parts := make([]string, g.k)
	for i := range g.k {
		parts[i] = strconv.Itoa(int(q.Heaps[i]))
	}
	return strings.Join(parts, "/") + " " + q.Turn.String()
}

func (g *Nim) ParsePosition(s string) (sente.Position, error) {
	example := g.FormatPosition(g.start)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("nim position %q: %s; want the %d heap sizes (0 to %d) separated by /, then optionally who moves (first or second), e.g. %q",
			s, fmt.Sprintf(format, args...), g.k, nimMaxHeap, example)
	}
	body, turn, err := impSplitTurn(s)
	if err != nil {
		return nil, bad("%v", err)
	}
	fields := strings.FieldsFunc(body, func(r rune) bool { return r == '/' || r == ',' })
	if len(fields) != g.k || strings.Count(body, "/")+strings.Count(body, ",") != g.k-1 {
		return nil, bad("not %d heaps", g.k)
	}
	q := NimPosition{Turn: turn}
	for i, f := range fields {
		h, err := strconv.Atoi(f)
		if err != nil || h < 0 || h > nimMaxHeap {
			return nil, bad("heap %q is not a whole number from 0 to %d", f, nimMaxHeap)
		}
		q.Heaps[i] = uint8(h)
	}
	return q, nil
}

// Draw shows each heap as a row of objects, numbered as in move names.
func (g *Nim) Draw(p sente.Position) string {
	q := p.(NimPosition)
	var b strings.Builder
	for i := range g.k {
		fmt.Fprintf(&b, "heap %d (%2d): %s\n", i+1, q.Heaps[i], strings.Repeat("o", int(q.Heaps[i])))
	}
	// Whose turn it is, the caller says beside the verdict.
	return strings.TrimSuffix(b.String(), "\n")
}

// Board shows the heaps as rows of tokens, heaps numbered as in move
// names; the move "2-3" is played on the third token from the right of
// heap 2.
func (g *Nim) Board(p sente.Position) sente.Board {
	q := p.(NimPosition)
	sizes := make([]int, g.k)
	for i := range sizes {
		sizes[i] = int(q.Heaps[i])
	}
	b := heapsBoard(sizes, func(i int, place func(string, int)) {
		for take := 1; take <= sizes[i]; take++ {
			place(strconv.Itoa(i+1)+"-"+strconv.Itoa(take), take)
		}
	})
	b.Caption = "Take one or more objects from one heap; taking the last object wins."
	if g.misere {
		b.Caption = "Take one or more objects from one heap; misère play: taking the last object loses."
	}
	return b
}

func (g *Nim) Describe() sente.Description {
	ending := "Under normal play (the default) the player who cannot move, because every heap is empty, loses: taking the last object wins. " +
		"Bouton's rule: the player to move loses exactly when the XOR of the heap sizes is 0, and the heaps are independent components whose Grundy values are their sizes. "
	if g.misere {
		ending = "This is misère play: the player who takes the last object loses, so the player to move when every heap is empty has won. " +
			"The player to move loses exactly when the XOR of the sizes is 0, unless every heap holds at most one object, when they lose exactly if the XOR is 1; " +
			"the sum-of-games (XOR) rule of normal play does not hold, so misère nim offers no components. "
	}
	return sente.Description{
		Summary: nimSummary,
		Rules: "Several heaps of objects (parameter heaps, 3/4/5 by default; 1 to 8 heaps of 0 to 63). " +
			"Players alternate; on a turn a player takes one or more objects from a single heap, up to the whole heap. " + ending +
			"Both players have the same moves: the game is impartial, and the position records whose turn it is only to say who wins. " +
			"A move is named HEAP-TAKEN with heaps numbered from 1: \"3-2\" takes two objects from the third heap.",
		Position: "The heap sizes in order separated by /, then who moves (first or second; first if left out). " +
			"The default start is \"3/4/5 first\"; \"1/4/5 second\" follows the move 1-2.",
		Examples: []string{"nim", "nim:heaps=1/2/3", "nim:heaps=3/4/5,misere=true", "nim:heaps=7/7/7/7"},
	}
}

// impSplitTurn splits the optional trailing player (first or second, as a
// word) off a position of an impartial game; without one, the first player
// moves. The rest must be one field.
func impSplitTurn(s string) (string, sente.Player, error) {
	fields := strings.Fields(s)
	switch len(fields) {
	case 1:
		return fields[0], sente.First, nil
	case 2:
		switch strings.ToLower(fields[1]) {
		case "first":
			return fields[0], sente.First, nil
		case "second":
			return fields[0], sente.Second, nil
		}
		return "", 0, fmt.Errorf("%q is not first or second", fields[1])
	case 0:
		return "", 0, fmt.Errorf("empty")
	}
	return "", 0, fmt.Errorf("%d fields", len(fields))
}

// Features are the sizes of the heaps, so that a strategy can be stated by
// them.
func (g *Nim) Features() []sente.Feature {
	out := make([]sente.Feature, g.k)
	for i := range out {
		out[i] = sente.Feature{
			Name: fmt.Sprintf("heap%d", i+1),
			Doc:  fmt.Sprintf("the size of heap %d", i+1),
			Of:   func(p sente.Position) int { return int(p.(NimPosition).Heaps[i]) },
			Size: nimMaxHeap + 1,
		}
	}
	return out
}

var _ sente.Featured = (*Nim)(nil)
