package web

import (
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// TestRulesFileBoard: a pasted rules file that defines board(p) gets the
// same grid in the page as the built-in tic-tac-toe, the cell of each move
// found by comparing boards, though its game runs in a child process.
func TestRulesFileBoard(t *testing.T) {
	needSandbox(t)
	h := newTestServer(t, Config{}).Handler()
	spec := pasteFile(t, h, "../rules/testdata/ttt.star")
	for _, pos := range [][2]string{{"", ""}, {`"x...o...."`, "x../.o./..."}} {
		got := ready(t, h, spec, pos[0]).Board
		want := ready(t, h, "tictactoe", pos[1]).Board
		if got == nil || got.Style != "grid" || !reflect.DeepEqual(got, want) {
			t.Errorf("ttt.star at %q: board\n%+v\nwant the built-in tic-tac-toe's\n%+v", pos[0], got, want)
		}
	}
	// A file without board has none: the page shows its text form.
	if b := ready(t, h, pasteFile(t, h, "../examples/count.star"), "").Board; b != nil {
		t.Errorf("count.star: board %+v, want none", b)
	}
}

// TestExampleTicTacToeBoard: examples/tictactoe.star draws the built-in
// tic-tac-toe's board, at other sizes too.
func TestExampleTicTacToeBoard(t *testing.T) {
	needSandbox(t)
	h := newTestServer(t, Config{}).Handler()
	spec := pasteFile(t, h, "../examples/tictactoe.star")
	got := ready(t, h, spec+":m=2,n=3,k=2", "").Board
	want := ready(t, h, "tictactoe:m=2,n=3,k=2", "").Board
	if got == nil || !reflect.DeepEqual(got, want) {
		t.Errorf("tictactoe.star:m=2,n=3,k=2: board\n%+v\nwant\n%+v", got, want)
	}
}

// boardsByText is a Boarder whose positions are the texts of their boards:
// rows separated by "/", "." for an empty cell, "*" for a marked one.
type boardsByText struct{}

func (boardsByText) Board(p sente.Position) sente.Board {
	var b sente.Board
	for _, row := range strings.Split(p.(string), "/") {
		var cells []string
		var marks []bool
		for _, ch := range row {
			switch ch {
			case '.':
				cells, marks = append(cells, ""), append(marks, false)
			case '*':
				cells, marks = append(cells, "1"), append(marks, true)
			default:
				cells, marks = append(cells, string(ch)), append(marks, false)
			}
		}
		b.Cells, b.Marked = append(b.Cells, cells), append(b.Marked, marks)
	}
	return b
}

// TestLocateMoves: a board without moves of its own has them found by
// comparing boards: one cell changed is a placement, one emptied and one
// filled a piece moved (a capture too); anything else is not on the board.
func TestLocateMoves(t *testing.T) {
	at := func(r, c int) *sente.BoardCell { return &sente.BoardCell{Row: r, Col: c} }
	for _, tc := range []struct {
		name, before, after string
		want                *sente.BoardMove // nil: not located
	}{
		{"mark", "x../...", "x../.o.", &sente.BoardMove{To: *at(1, 1)}},
		{"card played", "12/34", "*2/34", &sente.BoardMove{To: *at(0, 0)}},
		{"step", "x../...", ".../x..", &sente.BoardMove{From: at(0, 0), To: *at(1, 0)}},
		{"step backwards in reading order", ".../..x", "..x/...", &sente.BoardMove{From: at(1, 2), To: *at(0, 2)}},
		{"capture", "x../o..", ".../x..", &sente.BoardMove{From: at(0, 0), To: *at(1, 0)}},
		{"two placed", ".../...", "x../..o", nil},
		{"two turned", "x../..o", "o../..x", nil},
		{"slide", "xo./...", ".xo/...", nil},
		{"nothing changed", "x../...", "x../...", nil},
		{"other shape", "x../...", "x../.../...", nil},
	} {
		got := locateMoves(boardsByText{}, boardsByText{}.Board(tc.before), []sente.Move{{Name: "m", To: tc.after}})
		if tc.want == nil {
			if len(got) != 0 {
				t.Errorf("%s: located %+v, want not located", tc.name, got)
			}
			continue
		}
		tc.want.Name = "m"
		if len(got) != 1 || !reflect.DeepEqual(got[0], *tc.want) {
			t.Errorf("%s: located %+v, want %+v", tc.name, got, *tc.want)
		}
	}
}

// TestRulesFileSteps: a rules file whose pieces step from cell to cell
// plays on its board, whether it says nothing of its moves' cells (the
// server finds each step by comparing boards) or states them.
func TestRulesFileSteps(t *testing.T) {
	needSandbox(t)
	const steps = `
# Each player has one piece on a row of four cells and steps it onto an
# empty neighbouring cell; a player who cannot move loses.
def start():
    return ("x..o", "x")

def turn(p):
    return "first" if p[1] == "x" else "second"

def moves(p):
    cells, me = p
    other = "o" if me == "x" else "x"
    i = cells.index(me)
    found = []
    for j in (i - 1, i + 1):
        if j >= 0 and j < len(cells) and cells[j] == ".":
            row = list(cells.elems())
            row[i], row[j] = ".", me
            found.append(("abcd"[i] + "abcd"[j], ("".join(row), other)))
    return found

def board(p):
    return [p[0]]
`
	// The same game with board(p) saying where its moves are, as
	// docs/rules.md shows: the cells cross from the file's child process.
	const stated = `
def board(p):
    cells, me = p
    i = cells.index(me)
    return {
        "rows": [cells],
        "moves": {"abcd"[i] + "abcd"[j]: ((0, i), (0, j)) for j in (i - 1, i + 1)
                  if j >= 0 and j < 4 and cells[j] == "."},
    }
`
	h := newTestServer(t, Config{}).Handler()
	for _, src := range []string{steps, strings.Replace(steps, "def board(p):\n    return [p[0]]\n", stated, 1)} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(src)))
		var m map[string]any
		json.Unmarshal(rec.Body.Bytes(), &m)
		spec, _ := m["spec"].(string)
		if rec.Code != 200 || spec == "" {
			t.Fatalf("POST steps: %d %s", rec.Code, rec.Body)
		}
		for _, tc := range []struct {
			pos  string
			want []BoardMove
		}{
			{"", []BoardMove{{Move: "ab", From: &[2]int{0, 0}, To: [2]int{0, 1}}}},
			{`(".x.o", "o")`, []BoardMove{{Move: "dc", From: &[2]int{0, 3}, To: [2]int{0, 2}}}},
			{`(".xo.", "x")`, []BoardMove{{Move: "ba", From: &[2]int{0, 1}, To: [2]int{0, 0}}}},
		} {
			b := ready(t, h, spec, tc.pos).Board
			if b == nil || !reflect.DeepEqual(b.Plays, tc.want) || !reflect.DeepEqual(b.Clicks, [][]string{{"", "", "", ""}}) {
				t.Errorf("steps (moves stated: %v) at %q: board %+v, want plays %+v and no one-click cells", strings.Contains(src, `"moves"`), tc.pos, b, tc.want)
			}
		}
	}
}

// TestBuiltInBoardPlays: quixo, teeko and dōbutsu shōgi place every move of
// a position on the page's board, once, and a placing game's one-click
// cells are those of its moves.
func TestBuiltInBoardPlays(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	for _, tc := range []struct{ spec, pos string }{
		{"quixo:n=3", ""},
		{"teeko:n=4,pieces=2", ""},
		{"teeko:n=4,pieces=2", "xx../..../..../oo.. x"},
		{"dobutsu:pieces=chicks", ".../.l./C../.L. C first"},
		{"tictactoe", "x../.o./..."},
	} {
		info := ready(t, h, tc.spec, tc.pos)
		if info.Board == nil || len(info.Board.Plays) != len(info.Moves) {
			t.Fatalf("%s at %q: board %+v for %d moves", tc.spec, tc.pos, info.Board, len(info.Moves))
		}
		unplaced := map[string]bool{}
		for _, m := range info.Moves {
			unplaced[m.Move] = true
		}
		oneClick := 0
		for _, p := range info.Board.Plays {
			if !unplaced[p.Move] {
				t.Errorf("%s at %q: %s is placed twice or is no move", tc.spec, tc.pos, p.Move)
			}
			delete(unplaced, p.Move)
			if p.From == nil {
				oneClick++
				if got := info.Board.Clicks[p.To[0]][p.To[1]]; got != p.Move {
					t.Errorf("%s at %q: the cell of %s plays %q", tc.spec, tc.pos, p.Move, got)
				}
			}
		}
		if tc.spec == "dobutsu:pieces=chicks" && (oneClick == 0 || oneClick == len(info.Moves)) {
			t.Errorf("dōbutsu with a chick in hand: %d drops of %d moves", oneClick, len(info.Moves))
		}
	}
}

// TestCardsTotalZero: the cards' total is sent when nothing is on the
// table yet, so the page shows 0 rather than nothing.
func TestCardsTotalZero(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	ready(t, h, "cards", "")
	_, _, body := get(t, h, "/api/position?game=cards")
	if !strings.Contains(body, `"table_total":0,`) || !strings.Contains(body, `"target_total":23`) {
		t.Errorf("cards at the start: %s", body)
	}
}
