package games

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sente-go/sente"
)

// TestBoardMoves: the games whose moves are more than a mark placed state
// where each move is on their board. Along random games from the start,
// every move of every position is located once, by its own name, inside
// the board, taken from a cell that holds a piece (when it is taken from
// one; a quixo cube may be blank and a dead hand revived), and put on a
// cell that holds one after it (unless a touch kills the hand).
func TestBoardMoves(t *testing.T) {
	for _, tc := range []struct {
		spec       string
		froms      bool // some moves take a piece from a cell
		placements bool // some moves place one
		blanks     bool // a blank cell may be taken (quixo's blank cubes, a dead hand revived)
		kills      bool // a move may empty its target (a hand touched dead)
	}{
		{"quixo:n=3", true, false, true, false},
		{"quixo", true, false, true, false},
		{"teeko", true, true, false, false},
		{"teeko:n=4,pieces=2", true, true, false, false},
		{"dobutsu", true, true, false, false},
		{"dobutsu:pieces=chicks,catch=free", true, true, false, false},
		{"chopsticks", true, false, false, true},
		{"chopsticks:transfer=split,revive=true", true, false, true, true},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			g, err := New(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			bd := sente.CapabilitiesOf(g).Boarder
			rng := rand.New(rand.NewPCG(1, 2))
			var sawFrom, sawPlacement bool
			for game := range 30 {
				p := g.Start()
				for ply := 0; ply < 60; ply++ {
					if _, ended := g.Ended(p); ended {
						break
					}
					moves := g.Moves(p)
					if len(moves) == 0 {
						break
					}
					b := bd.Board(p)
					if b.Moves == nil {
						t.Fatalf("game %d ply %d: %s: no board moves", game, ply, g.FormatPosition(p))
					}
					names := make([]string, len(moves))
					for i, m := range moves {
						names[i] = m.Name
					}
					var located []string
					for _, bm := range b.Moves {
						located = append(located, bm.Name)
					}
					slices.Sort(names)
					slices.Sort(located)
					if !slices.Equal(names, located) {
						t.Fatalf("%s: board moves %v, moves %v", g.FormatPosition(p), located, names)
					}
					for _, bm := range b.Moves {
						if !inside(b, bm.To) || bm.From != nil && !inside(b, *bm.From) {
							t.Fatalf("%s: %s is off the board: %+v", g.FormatPosition(p), bm.Name, bm)
						}
						if bm.From != nil {
							sawFrom = true
							if *bm.From == bm.To || !tc.blanks && b.Cells[bm.From.Row][bm.From.Col] == "" {
								t.Fatalf("%s: %s takes from %+v, which is empty or its target", g.FormatPosition(p), bm.Name, *bm.From)
							}
						} else {
							sawPlacement = true
						}
						i := slices.IndexFunc(moves, func(m sente.Move) bool { return m.Name == bm.Name })
						if after := bd.Board(moves[i].To); !tc.kills && after.Cells[bm.To.Row][bm.To.Col] == "" {
							t.Fatalf("%s: %s leaves its cell %+v empty", g.FormatPosition(p), bm.Name, bm.To)
						}
					}
					p = moves[rng.IntN(len(moves))].To
				}
			}
			if sawFrom != tc.froms || sawPlacement != tc.placements {
				t.Errorf("moves from a cell seen: %v, want %v; placements seen: %v, want %v", sawFrom, tc.froms, sawPlacement, tc.placements)
			}
		})
	}
}

func inside(b sente.Board, c sente.BoardCell) bool {
	return c.Row >= 0 && c.Row < len(b.Cells) && c.Col >= 0 && c.Col < len(b.Cells[c.Row])
}

// TestBoardMovesSpot pins a few moves to their cells: quixo's push of a
// corner cube in at the other end of its row, teeko's step, dōbutsu
// shōgi's capture and drop, chopsticks' touches, transfer and split.
func TestBoardMovesSpot(t *testing.T) {
	cell := func(r, c int) *sente.BoardCell { return &sente.BoardCell{Row: r, Col: c} }
	for _, tc := range []struct {
		spec, pos, move string
		want            sente.BoardMove
	}{
		{"quixo:n=3", "", "a3r", sente.BoardMove{Name: "a3r", From: cell(0, 0), To: sente.BoardCell{Row: 0, Col: 2}}},
		{"quixo:n=3", "", "b1t", sente.BoardMove{Name: "b1t", From: cell(2, 1), To: sente.BoardCell{Row: 0, Col: 1}}},
		{"teeko", "", "c3", sente.BoardMove{Name: "c3", To: sente.BoardCell{Row: 2, Col: 2}}},
		{"teeko:n=4,pieces=2", "xx../..../..../oo.. x", "a4-b3", sente.BoardMove{Name: "a4-b3", From: cell(0, 0), To: sente.BoardCell{Row: 1, Col: 1}}},
		{"dobutsu", "gle/.C./.../ELG C second", "Lb1b2", sente.BoardMove{Name: "Lb1b2", From: cell(0, 1), To: sente.BoardCell{Row: 1, Col: 1}}},
		{"dobutsu:catch=free", "gle/.C./.../ELG C first", "C*b3", sente.BoardMove{Name: "C*b3", To: sente.BoardCell{Row: 2, Col: 1}}},
		{"chopsticks", "", "LxR", sente.BoardMove{Name: "LxR", From: cell(0, 0), To: sente.BoardCell{Row: 1, Col: 1}}},
		{"chopsticks", "1,1 1,2 second", "RxL", sente.BoardMove{Name: "RxL", From: cell(1, 1), To: sente.BoardCell{Row: 0, Col: 0}}},
		{"chopsticks", "3,1 1,1 first", "L2R", sente.BoardMove{Name: "L2R", From: cell(0, 0), To: sente.BoardCell{Row: 0, Col: 1}}},
		{"chopsticks:transfer=split", "1,3 1,1 first", "split", sente.BoardMove{Name: "split", From: cell(0, 1), To: sente.BoardCell{Row: 0, Col: 0}}},
	} {
		g, err := New(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		p := g.Start()
		if tc.pos != "" {
			if p, err = g.ParsePosition(tc.pos); err != nil {
				t.Fatal(err)
			}
		}
		b := sente.CapabilitiesOf(g).Boarder.Board(p)
		i := slices.IndexFunc(b.Moves, func(m sente.BoardMove) bool { return m.Name == tc.move })
		if i < 0 {
			t.Errorf("%s at %q: no board move %s among %+v", tc.spec, tc.pos, tc.move, b.Moves)
			continue
		}
		got := b.Moves[i]
		if got.Name != tc.want.Name || got.To != tc.want.To || (got.From == nil) != (tc.want.From == nil) || got.From != nil && *got.From != *tc.want.From {
			t.Errorf("%s at %q: %s at %+v from %v, want %+v from %v", tc.spec, tc.pos, tc.move, got.To, got.From, tc.want.To, tc.want.From)
		}
	}
}

// TestDobutsuDropsShareSquares: with a giraffe and a chick in hand, both
// may drop on each empty square, so the board places two moves on each,
// for a page to ask which.
func TestDobutsuDropsShareSquares(t *testing.T) {
	g := mustGame[*Dobutsu](t, "dobutsu")
	p := mustParse[DobutsuPosition](t, g, ".le/.c./.../EL. GCg first")
	drops := map[sente.BoardCell][]string{}
	for _, m := range g.Board(p).Moves {
		if m.From == nil {
			drops[m.To] = append(drops[m.To], m.Name)
		}
	}
	if len(drops) != 7 {
		t.Errorf("drops on %d squares, want the 7 empty ones: %v", len(drops), drops)
	}
	if got := drops[sente.BoardCell{Row: 2, Col: 0}]; !slices.Equal(got, []string{"G*a3", "C*a3"}) {
		t.Errorf("drops on a3: %v, want G*a3 and C*a3", got)
	}
}
