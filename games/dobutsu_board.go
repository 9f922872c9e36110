package games

import (
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// Draw shows the board with the letters of its columns and the numbers of
// its rows, each side's hand beside its home rank and the player to move.
func (g *Dobutsu) Draw(p sente.Position) string {
	key := g.Encode(p)
	var sb strings.Builder
	sb.WriteString("   a b c\n")
	for r := range 4 {
		sb.WriteString(strconv.Itoa(r+1) + " ")
		for c := range 3 {
			sb.WriteByte(' ')
			if code := dbAt(key, r*3+c); code == 0 {
				sb.WriteByte('.')
			} else {
				sb.WriteByte(dbLetter(code))
			}
		}
		switch r {
		case 0:
			sb.WriteString("   second's hand: " + g.ownHand(key, 1))
		case 3:
			sb.WriteString("   first's hand: " + g.ownHand(key, 0))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString(g.toMove(key))
	return sb.String()
}

func (g *Dobutsu) ownHand(key uint64, o int) string {
	var sb strings.Builder
	for _, kind := range g.kinds {
		for range dbHand(key, o, kind) {
			sb.WriteByte(dbLetter(kind + o*dbSecond))
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

func (g *Dobutsu) toMove(key uint64) string {
	if dbMover(key) == 1 {
		return "second (lower case) to move"
	}
	return "first (upper case) to move"
}

// Board shows the squares with their pieces' letters, the labels of move
// names and each player's hand, for a page to draw as dōbutsu shōgi's
// pieces (Pieces "dobutsu"). A step is played from the piece to its square
// (a capture sends the piece taken to a hand, which the cells do not show,
// so comparing boards could miss it), a drop from the piece in hand to its
// square, or by a click on the square with a choice of piece when several
// can drop there.
func (g *Dobutsu) Board(p sente.Position) sente.Board {
	key := g.Encode(p)
	b := g.boardCells(key)
	b.Moves = []sente.BoardMove{}
	if _, ended := g.EndedKey(key); ended {
		return b
	}
	o := dbMover(key)
	for _, m := range g.appendMoves(nil, key) {
		bm := sente.BoardMove{Name: m.name(key), To: gridCell(int(m.to), 3)}
		if m.from >= 0 {
			from := gridCell(int(m.from), 3)
			bm.From = &from
		} else {
			bm.FromHand = string(dbLetter(int(m.drop) + o*dbSecond))
		}
		b.Moves = append(b.Moves, bm)
	}
	return b
}

// boardCells is the board of key without its moves. The hands, which a
// page shows as pieces, are not in a caption; Draw writes them for the
// command line.
func (g *Dobutsu) boardCells(key uint64) sente.Board {
	b := sente.Board{Style: "grid", ColLabels: []string{"a", "b", "c"}, Pieces: "dobutsu", InHand: [][]string{{}, {}}}
	for r := range 4 {
		row := make([]string, 3)
		for c := range 3 {
			if code := dbAt(key, r*3+c); code != 0 {
				row[c] = string(dbLetter(code))
			}
		}
		b.Cells = append(b.Cells, row)
		b.RowLabels = append(b.RowLabels, strconv.Itoa(r+1))
	}
	for o := range 2 {
		for _, kind := range g.kinds {
			for range dbHand(key, o, kind) {
				b.InHand[o] = append(b.InHand[o], string(dbLetter(kind+o*dbSecond)))
			}
		}
	}
	return b
}
