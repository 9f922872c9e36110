package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

const dbLetters = ".LGECH" // by kind, upper case for the first player

func dbLetter(code int) byte {
	l := dbLetters[code&7]
	if code&dbSecond != 0 {
		l += 'a' - 'A'
	}
	return l
}

// FormatPosition writes the rows from the top separated by /, each square
// . or a piece letter (L lion, G giraffe, E elephant, C chick, H hen;
// upper case the first player's, lower case the second's), then the hands
// (the first player's letters, then the second's, or - for none), then
// first or second for the player to move: the start is
// "gle/.c./.C./ELG - first".
func (g *Dobutsu) FormatPosition(p sente.Position) string {
	key := g.Encode(p)
	var sb strings.Builder
	for sq := range dbCells {
		if sq > 0 && sq%3 == 0 {
			sb.WriteByte('/')
		}
		if c := dbAt(key, sq); c == 0 {
			sb.WriteByte('.')
		} else {
			sb.WriteByte(dbLetter(c))
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(g.handText(key))
	if dbMover(key) == 1 {
		sb.WriteString(" second")
	} else {
		sb.WriteString(" first")
	}
	return sb.String()
}

func (g *Dobutsu) handText(key uint64) string {
	var sb strings.Builder
	for o := range 2 {
		for _, kind := range []int{dbGiraffe, dbElephant, dbChick} {
			for range dbHand(key, o, kind) {
				sb.WriteByte(dbLetter(kind + o*dbSecond))
			}
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

// ParsePosition reads FormatPosition's form. Each side has at most one
// lion (none once it is taken); each other kind of the game's piece set
// has exactly two pieces on the board and in the hands, and hands hold no
// lions or hens.
func (g *Dobutsu) ParsePosition(s string) (sente.Position, error) {
	fields := strings.Fields(s)
	if len(fields) != 3 {
		return nil, g.parseError(s, fmt.Sprintf("%d word(s) instead of 3 (the board, the hands, the player to move)", len(fields)))
	}
	var key uint64
	switch strings.ToLower(fields[2]) {
	case "first":
	case "second":
		key |= 1 << dbSideBit
	default:
		return nil, g.parseError(s, fmt.Sprintf("the player to move is %q, not first or second", fields[2]))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 4 {
		return nil, g.parseError(s, fmt.Sprintf("%d row(s) instead of 4", len(rows)))
	}
	var count [8]int
	var lions [2]int
	for r, row := range rows {
		if len(row) != 3 {
			return nil, g.parseError(s, fmt.Sprintf("row %d has %d square(s) instead of 3", r+1, len(row)))
		}
		for c := range 3 {
			if row[c] == '.' {
				continue
			}
			code, ok := dbCode(row[c])
			if !ok || code&7 != dbLion && !g.hasKind[code&7] {
				return nil, g.parseError(s, fmt.Sprintf("bad square %q in row %d", row[c], r+1))
			}
			if code&7 == dbLion {
				lions[code>>3]++
			}
			kind := code & 7
			if kind == dbHen {
				kind = dbChick
			}
			count[kind]++
			key |= uint64(code) << (4 * (r*3 + c))
		}
	}
	if lions[0] > 1 || lions[1] > 1 {
		return nil, g.parseError(s, "a side has more than one lion")
	}
	if fields[1] != "-" {
		for i := range len(fields[1]) {
			code, ok := dbCode(fields[1][i])
			kind := code & 7
			if !ok || !g.hasKind[kind] || kind == dbHen {
				return nil, g.parseError(s, fmt.Sprintf("bad piece %q in the hands (G, E or C of the game's pieces, lower case for the second player)", fields[1][i]))
			}
			count[kind]++
			if count[kind] > 2 {
				break
			}
			key += dbHandUnit(code>>3, kind)
		}
	}
	for _, kind := range g.kinds {
		if count[kind] != 2 {
			return nil, g.parseError(s, fmt.Sprintf("%d piece(s) of %c instead of 2 on the board and in the hands", count[kind], dbLetters[kind]))
		}
	}
	return DobutsuPosition(key), nil
}

// dbCode is the piece code of a letter.
func dbCode(l byte) (int, bool) {
	owner := 0
	if l >= 'a' && l <= 'z' {
		owner, l = dbSecond, l-('a'-'A')
	}
	i := strings.IndexByte(dbLetters[1:], l)
	if i < 0 {
		return 0, false
	}
	return i + 1 + owner, true
}

func (g *Dobutsu) parseError(s, problem string) error {
	return fmt.Errorf("dobutsu position %q: %s; want 4 rows of 3 squares from the top separated by /, each . or a piece (L lion, G giraffe, E elephant, C chick, H hen; upper case the first player's, lower case the second's), then the hands (e.g. GCe, or - for none), then first or second for the player to move (e.g. %q)",
		s, problem, g.FormatPosition(g.Start()))
}

// dbSquareName names a square by its column a to c from the left and its
// row 1 to 4 from the top (the second player's home rank is row 1).
func dbSquareName(sq int) string {
	return string(rune('a'+sq%3)) + strconv.Itoa(sq/3+1)
}

// name is a move's name: the piece's letter and its squares from and to,
// "+" when a chick promotes (Cb3b2, Cb2b1+, Lb4a3), or the letter, "*" and
// the square of a drop (C*a2). Letters are upper case whoever moves.
func (m dbMove) name(key uint64) string {
	if m.from < 0 {
		return string(dbLetters[m.drop]) + "*" + dbSquareName(int(m.to))
	}
	s := string(dbLetters[dbAt(key, int(m.from))&7]) + dbSquareName(int(m.from)) + dbSquareName(int(m.to))
	if m.promote {
		s += "+"
	}
	return s
}
