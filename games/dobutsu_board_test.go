package games

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// TestDobutsuBoardHands: the board names its pieces and carries each
// player's hand, first then second, empty hands as empty lists; a capture
// puts the piece taken in the taker's hand, a hen as a chick.
func TestDobutsuBoardHands(t *testing.T) {
	g := dobutsuNew(t, "dobutsu")
	for _, tc := range []struct {
		pos  string
		want [][]string
	}{
		{"", [][]string{{}, {}}},
		{".le/.c./.../EL. GCg first", [][]string{{"G", "C"}, {"g"}}},
		{"gle/..C/.h./EL. G first", [][]string{{"G"}, {}}},
		{"l../.../.../..L GGEeCc second", [][]string{{"G", "G", "E", "C"}, {"e", "c"}}},
	} {
		p := g.Start()
		if tc.pos != "" {
			p = mustParse[DobutsuPosition](t, g, tc.pos)
		}
		b := g.Board(p)
		if b.Pieces != "dobutsu" || !slices.EqualFunc(b.InHand, tc.want, slices.Equal) {
			t.Errorf("%s: pieces %q, in hand %q; want dobutsu, %q", g.FormatPosition(p), b.Pieces, b.InHand, tc.want)
		}
	}
	// The lion takes the hen: a chick in the first player's hand.
	p := mustParse[DobutsuPosition](t, g, "gle/..C/.h./EL. G first")
	i := slices.IndexFunc(g.Moves(p), func(m sente.Move) bool { return m.Name == "Lb4b3" })
	if i < 0 {
		t.Fatal("no Lb4b3 at gle/..C/.h./EL. G first")
	}
	if got := g.Board(g.Moves(p)[i].To).InHand; !slices.EqualFunc(got, [][]string{{"G", "C"}, {}}, slices.Equal) {
		t.Errorf("after the lion takes the hen, in hand %q", got)
	}
}

// TestDobutsuBoardPlacesEveryMove: along random games, the board places
// every move once; a step takes the mover's own piece from its square, a
// drop takes a piece of the mover's hand, named as the move names it, to
// an empty square, so that a page plays it by the piece in hand; and the
// hands are those the position's text writes.
func TestDobutsuBoardPlacesEveryMove(t *testing.T) {
	for _, spec := range []string{"dobutsu", "dobutsu:fardrop=false,catch=free", "dobutsu:pieces=chicks"} {
		t.Run(spec, func(t *testing.T) {
			g := dobutsuNew(t, spec)
			rng := rand.New(rand.NewPCG(3, 4))
			drops := 0
			for range 20 {
				p := g.Start()
				for range 80 {
					moves := g.Moves(p)
					if _, ended := g.Ended(p); ended || len(moves) == 0 {
						break
					}
					b := g.Board(p)
					text := g.FormatPosition(p)
					if hands := strings.Join(b.InHand[0], "") + strings.Join(b.InHand[1], ""); hands != strings.Fields(text)[1] && (hands != "" || strings.Fields(text)[1] != "-") {
						t.Fatalf("%s: in hand %q", text, b.InHand)
					}
					mover := 0
					if g.Turn(p) == sente.Second {
						mover = 1
					}
					placed := map[string]int{}
					for _, bm := range b.Moves {
						placed[bm.Name]++
						to := b.Cells[bm.To.Row][bm.To.Col]
						switch {
						case bm.From != nil:
							piece := b.Cells[bm.From.Row][bm.From.Col]
							if bm.FromHand != "" || piece == "" || (piece == strings.ToUpper(piece)) != (mover == 0) || !strings.EqualFold(piece, bm.Name[:1]) {
								t.Fatalf("%s: the step %s from %q, from hand %q", text, bm.Name, piece, bm.FromHand)
							}
						default:
							drops++
							if to != "" || !slices.Contains(b.InHand[mover], bm.FromHand) || !strings.EqualFold(bm.FromHand, bm.Name[:1]) || !strings.Contains(bm.Name, "*") {
								t.Fatalf("%s: the drop %s of %q from %q onto %q", text, bm.Name, bm.FromHand, b.InHand[mover], to)
							}
						}
					}
					for _, m := range moves {
						if placed[m.Name] != 1 {
							t.Fatalf("%s: %s placed %d times", text, m.Name, placed[m.Name])
						}
					}
					if len(placed) != len(moves) {
						t.Fatalf("%s: %d moves placed, %d moves", text, len(placed), len(moves))
					}
					p = moves[rng.IntN(len(moves))].To
				}
			}
			if drops == 0 {
				t.Error("no drop met")
			}
		})
	}
}
