package games_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/solve/tiers"
)

// The reference: Othello on a [][]int board (0 empty, 1 black, 2 white),
// written from the rules with no bitboards, so that the game's moves and
// the engines' values are checked against something plainly right.

type refOthello struct {
	cells  [][]int
	player int // 1 black, 2 white: the player to move
}

var refDirs = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// refFlips lists the cells that player's disc on (r, c) turns.
func refFlips(cells [][]int, player, r, c int) [][2]int {
	if cells[r][c] != 0 {
		return nil
	}
	var all [][2]int
	for _, d := range refDirs {
		var line [][2]int
		rr, cc := r+d[0], c+d[1]
		for rr >= 0 && rr < len(cells) && cc >= 0 && cc < len(cells[0]) && cells[rr][cc] == 3-player {
			line = append(line, [2]int{rr, cc})
			rr, cc = rr+d[0], cc+d[1]
		}
		if len(line) > 0 && rr >= 0 && rr < len(cells) && cc >= 0 && cc < len(cells[0]) && cells[rr][cc] == player {
			all = append(all, line...)
		}
	}
	return all
}

// refMoves gives the moves of p by name ("a1" is the top left, "pass"
// when the player to move has none and the other has some); none when
// the game is over.
func refMoves(p refOthello) map[string]refOthello {
	moves := map[string]refOthello{}
	for r := range p.cells {
		for c := range p.cells[r] {
			flips := refFlips(p.cells, p.player, r, c)
			if len(flips) == 0 {
				continue
			}
			next := refOthello{player: 3 - p.player}
			for _, row := range p.cells {
				next.cells = append(next.cells, append([]int(nil), row...))
			}
			next.cells[r][c] = p.player
			for _, f := range flips {
				next.cells[f[0]][f[1]] = p.player
			}
			moves[fmt.Sprintf("%c%d", 'a'+c, r+1)] = next
		}
	}
	if len(moves) == 0 {
		other := refOthello{cells: p.cells, player: 3 - p.player}
		for r := range p.cells {
			for c := range p.cells[r] {
				if len(refFlips(p.cells, other.player, r, c)) > 0 {
					return map[string]refOthello{"pass": other}
				}
			}
		}
	}
	return moves
}

func (p refOthello) String() string {
	var rows []string
	for _, row := range p.cells {
		var sb strings.Builder
		for _, v := range row {
			sb.WriteByte(".xo"[v])
		}
		rows = append(rows, sb.String())
	}
	return strings.Join(rows, "/") + " " + string(" xo"[p.player])
}

// margin is the discs of the player to move less the other's.
func (p refOthello) margin() int {
	m := 0
	for _, row := range p.cells {
		for _, v := range row {
			switch v {
			case p.player:
				m++
			case 3 - p.player:
				m--
			}
		}
	}
	return m
}

// refBest is the margin of p for the player to move under perfect play,
// each side making its own margin as large as it can (negamax), by the
// text of the position.
func refBest(p refOthello, memo map[string]int) int {
	key := p.String()
	if v, ok := memo[key]; ok {
		return v
	}
	moves := refMoves(p)
	best := p.margin()
	if len(moves) > 0 {
		best = -1 << 30
		for _, next := range moves {
			best = max(best, -refBest(next, memo))
		}
	}
	memo[key] = best
	return best
}

func refFromText(t *testing.T, text string) refOthello {
	t.Helper()
	board, side, _ := strings.Cut(text, " ")
	p := refOthello{player: 1}
	if side == "o" {
		p.player = 2
	}
	for _, row := range strings.Split(board, "/") {
		var cells []int
		for _, ch := range row {
			cells = append(cells, strings.IndexRune(".xo", ch))
		}
		p.cells = append(p.cells, cells)
	}
	return p
}

func othelloGame(t testing.TB, spec string) sente.Game {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return g
}

// othelloReachable lists every position reachable from the start by Moves,
// breadth first.
func othelloReachable(g sente.Game) []sente.Position { return othelloFirst(g, 0) }

// othelloFirst lists the first limit positions a breadth-first walk from
// the start meets, all of them when limit is 0.
func othelloFirst(g sente.Game, limit int) []sente.Position {
	seen := map[sente.Position]bool{g.Start(): true}
	list := []sente.Position{g.Start()}
	for i := 0; i < len(list) && (limit == 0 || len(list) < limit); i++ {
		for _, m := range g.Moves(list[i]) {
			if !seen[m.To] {
				seen[m.To] = true
				list = append(list, m.To)
			}
		}
	}
	return list
}

// TestOthelloMovesMatchReference: at every position of 4×4 and of 4×6 up to
// a few plies, the moves are the reference's, by name and by the board they
// lead to, and the game has ended exactly where the reference has no
// move, with its result and score.
func TestOthelloMovesMatchReference(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		limit int // positions to check, breadth first; 0 for all
	}{
		{"othello:n=4", 0},
		{"othello:w=6,h=4", 20000},
		{"othello:w=4,h=6", 20000},
		{"othello:n=6", 20000},
		{"othello:n=8", 5000},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			if testing.Short() && tt.limit > 2000 {
				tt.limit = 2000
			}
			g := othelloGame(t, tt.spec)
			scorer := sente.CapabilitiesOf(g).Scorer
			seen := map[sente.Position]bool{g.Start(): true}
			list := []sente.Position{g.Start()}
			for i := 0; i < len(list) && (tt.limit == 0 || i < tt.limit); i++ {
				p := list[i]
				text := g.FormatPosition(p)
				ref := refFromText(t, text)
				want := refMoves(ref)
				v, over := g.Ended(p)
				if over != (len(want) == 0) {
					t.Fatalf("%s: ended %v, reference has %d moves", text, over, len(want))
				}
				if over {
					if wantV := (sente.Margin{Score: ref.margin()}).Value(); v != wantV || scorer.Score(p) != ref.margin() {
						t.Fatalf("%s: ended %v score %d, reference margin %d", text, v, scorer.Score(p), ref.margin())
					}
					continue
				}
				got := g.Moves(p)
				if len(got) != len(want) {
					t.Fatalf("%s: %d moves, reference %d", text, len(got), len(want))
				}
				for _, m := range got {
					next, ok := want[m.Name]
					if !ok {
						t.Fatalf("%s: move %s is not the reference's", text, m.Name)
					}
					if g.FormatPosition(m.To) != next.String() {
						t.Fatalf("%s: %s leads to %s, reference %s", text, m.Name, g.FormatPosition(m.To), next)
					}
					if !seen[m.To] {
						seen[m.To] = true
						list = append(list, m.To)
					}
				}
			}
		})
	}
}

// TestOthello4x4Published pins the perfect-play result of 4×4 Othello:
// white, the second player, wins 11–3 by the plain count of discs (two
// cells stay empty), which the reference minimax finds on its own.
func TestOthello4x4Published(t *testing.T) {
	g := othelloGame(t, "othello:n=4")
	ref := refFromText(t, g.FormatPosition(g.Start()))
	if got := refBest(ref, map[string]int{}); got != -8 {
		t.Fatalf("reference: black's margin at the start is %d; published 3–11, -8", got)
	}
	// The final count of the principal line, by the reference: play a
	// move that keeps the margin until the end.
	memo := map[string]int{}
	p := ref
	for moves := refMoves(p); len(moves) > 0; moves = refMoves(p) {
		best := refBest(p, memo)
		for _, next := range moves {
			if -refBest(next, memo) == best {
				p = next
				break
			}
		}
	}
	var black, white int
	for _, row := range p.cells {
		for _, v := range row {
			black += v & 1
			white += v >> 1
		}
	}
	if black != 3 || white != 11 {
		t.Fatalf("the perfect line ends %d–%d (%s); published 3–11", black, white, p)
	}
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := sol.Outcome(g.Start()); o.Value != sente.Lose {
		t.Fatalf("engine: the start is %v for black; white wins", o)
	}
}

// TestOthelloEnginesMatchReference: the hashing engine (with and without
// symmetry) and search give every position of 4×4 Othello the value the
// reference minimax gives it.
func TestOthelloEnginesMatchReference(t *testing.T) {
	g := othelloGame(t, "othello:n=4")
	positions := othelloReachable(g)
	memo := map[string]int{}
	want := make([]sente.Value, len(positions))
	for i, p := range positions {
		want[i] = (sente.Margin{Score: refBest(refFromText(t, g.FormatPosition(p)), memo)}).Value()
	}
	for _, symmetry := range []bool{false, true} {
		sol, err := hashing.Solve(context.Background(), g, hashing.Options{Symmetry: symmetry})
		if err != nil {
			t.Fatal(err)
		}
		if !symmetry && sol.Positions() != len(positions) {
			t.Errorf("engine found %d positions, the walk over Moves %d", sol.Positions(), len(positions))
		}
		if symmetry && sol.Positions() >= len(positions) {
			t.Errorf("symmetry did not reduce %d positions (%d)", len(positions), sol.Positions())
		}
		bad := 0
		for i, p := range positions {
			if o, ok := sol.Outcome(p); !ok || o.Value != want[i] {
				if bad++; bad <= 5 {
					t.Errorf("symmetry=%v: %s: engine %v, reference %v", symmetry, g.FormatPosition(p), o, want[i])
				}
			}
		}
	}
	s, err := search.New(g, search.Options{Workers: 1, TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	step := 1
	if testing.Short() {
		step = 37
	}
	bad := 0
	for i := 0; i < len(positions); i += step {
		res, err := s.Solve(context.Background(), positions[i])
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome.Value != want[i] {
			if bad++; bad <= 5 {
				t.Errorf("search: %s: %v, reference %v", g.FormatPosition(positions[i]), res.Outcome, want[i])
			}
		}
	}
}

// TestOthelloKeys: keys exist up to 36 cells, read back, and put the side
// to move in the lowest bit, so that a pass is the key with that bit
// flipped; 8×8 offers nothing on keys.
func TestOthelloKeys(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		keyed bool
	}{
		{"othello:n=4", true},
		{"othello:w=6,h=4", true},
		{"othello:n=6", true},
		{"othello:w=8,h=4", true},
		{"othello:w=8,h=6", false},
		{"othello:n=8", false},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			g := othelloGame(t, tt.spec)
			caps := sente.CapabilitiesOf(g)
			for name, has := range map[string]bool{
				"Encoder": caps.Encoder != nil, "Symmetric": caps.Symmetric != nil, "Orderer": caps.Orderer != nil,
				"KeyScorer": caps.KeyScorer != nil, "Tiered": caps.Tiered != nil,
			} {
				if has != tt.keyed {
					t.Errorf("%s: %v, want %v", name, has, tt.keyed)
				}
			}
			if caps.Scorer == nil || caps.Drawer == nil || caps.Boarder == nil || caps.Describer == nil || !caps.Alternates() {
				t.Errorf("capabilities on positions missing: %+v", caps)
			}
			if !tt.keyed {
				return
			}
			p, err := g.ParsePosition(fullBoard(g))
			if err != nil {
				t.Fatal(err)
			}
			key := caps.Encoder.Encode(p)
			if key == ^uint64(0) || g.FormatPosition(caps.Encoder.Decode(key)) != g.FormatPosition(p) {
				t.Errorf("the full white board %s does not read back from key %d", g.FormatPosition(p), key)
			}
			if caps.KeyScorer.ScoreKey(key) != caps.Scorer.MaxScore() {
				t.Errorf("full white board, white to move: score %d, want %d", caps.KeyScorer.ScoreKey(key), caps.Scorer.MaxScore())
			}
		})
	}
}

// fullBoard is the board of g all white, white to move: the largest key.
func fullBoard(g sente.Game) string {
	start := g.FormatPosition(g.Start())
	board, _, _ := strings.Cut(start, " ")
	var sb strings.Builder
	for _, ch := range board {
		if ch == '/' {
			sb.WriteRune(ch)
		} else {
			sb.WriteByte('o')
		}
	}
	return sb.String() + " o"
}

// TestOthelloBadSpecs: sizes off the list are refused with what is
// accepted.
func TestOthelloBadSpecs(t *testing.T) {
	for _, spec := range []string{"othello:n=5", "othello:w=6,h=3", "othello:n=10", "othello:w=2"} {
		if _, err := games.New(spec); err == nil {
			t.Errorf("%s: no error", spec)
		} else if !strings.Contains(err.Error(), "from 4 to 8") {
			t.Errorf("%s: %v", spec, err)
		}
	}
}

// feinstein6x6 is Feinstein's perfect line of 6×6 Othello (1993), moved
// from his 8×8 coordinates (columns b to g, rows 2 to 7) onto the 6×6
// board's, with black's pass before move 31, which the published line
// leaves out (white plays 31 and 32): the whole board filled, white
// winning 20–16.
const feinstein6x6 = "c2 b4 c5 d2 e4 e3 d1 c1 b1 d5 d6 f4 b3 b2 f3 f2 e2 b6 a4 c6 a6 a2 b5 a5 e6 e5 a3 a1 f5 f6 pass e1 f1"

// TestOthelloFeinsteinLine: the published perfect line of 6×6 is legal
// move by move and ends 16–20 with the board full; the score at its end
// is white's margin of 4, white being to move. (That the line is perfect
// play is the search's to show: see BENCHMARKS.md.)
func TestOthelloFeinsteinLine(t *testing.T) {
	g := othelloGame(t, "othello:n=6")
	p, err := g.ParsePosition(feinstein6x6)
	if err != nil {
		t.Fatal(err)
	}
	v, over := g.Ended(p)
	if !over {
		t.Fatalf("%s has not ended", g.FormatPosition(p))
	}
	text := g.FormatPosition(p)
	board, _, _ := strings.Cut(text, " ")
	black, white := strings.Count(board, "x"), strings.Count(board, "o")
	score := sente.CapabilitiesOf(g).Scorer.Score(p)
	if black != 16 || white != 20 || g.Turn(p) != sente.Second || v != sente.Win || score != 4 {
		t.Fatalf("%s: black %d, white %d, %v for %v, score %d; want 16–20, a win by 4 for white to move", text, black, white, v, g.Turn(p), score)
	}
}

// TestOthelloText: the text forms read back, moves and boards give the
// same position, and a board the game cannot reach is refused with what
// is accepted.
func TestOthelloText(t *testing.T) {
	g := othelloGame(t, "othello:n=4")
	for _, tt := range []struct{ in, want, err string }{
		{in: "-", want: "..../.ox./.xo./.... x"},
		{in: "b1", want: ".x../.xx./.xo./.... o"},
		{in: "b1 a1", want: "ox../.ox./.xo./.... x"},
		{in: "B1A1", want: "ox../.ox./.xo./.... x"},
		{in: "ox../.ox./.xo./.... x", want: "ox../.ox./.xo./.... x"},
		{in: "b1 b1", err: `move 2, "b1", is not legal there`},
		{in: "..../.ox./.xo./....", err: "no side to move"},
		{in: "..../.ox./.xo. x", err: "3 row(s) instead of 4"},
		{in: "..../.o../.xo./.... x", err: "an empty cell in the centre"},
		{in: "..../.ox./.xq./.... x", err: `bad cell 'q'`},
	} {
		p, err := g.ParsePosition(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "want 4 rows of 4 cells") {
				t.Errorf("%q: error %v, want %q and what is accepted", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if got := g.FormatPosition(p); got != tt.want {
			t.Errorf("%q reads as %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestOthelloBoard: the terminal board marks the moves of the player to
// move, and the browser's board places every move on the cell it fills,
// as a move turns other discs too.
func TestOthelloBoard(t *testing.T) {
	g := othelloGame(t, "othello:n=4")
	caps := sente.CapabilitiesOf(g)
	start := g.Start()
	want := "   a b c d\n" +
		" 1 . * . .\n" +
		" 2 * o x .\n" +
		" 3 . x o *\n" +
		" 4 . . * .\n" +
		"black (x) 2, white (o) 2; black (x) to move"
	if got := caps.Drawer.Draw(start); got != want {
		t.Errorf("Draw:\n%s\nwant:\n%s", got, want)
	}
	b := caps.Boarder.Board(start)
	var placed []string
	for _, m := range b.Moves {
		if b.Cells[m.To.Row][m.To.Col] != "" {
			t.Errorf("move %s placed on the full cell %v", m.Name, m.To)
		}
		placed = append(placed, fmt.Sprintf("%s@%s%s", m.Name, b.ColLabels[m.To.Col], b.RowLabels[m.To.Row]))
	}
	if got := strings.Join(placed, " "); got != "b1@b1 a2@a2 d3@d3 c4@c4" {
		t.Errorf("board moves %s", got)
	}
	if b.Cells[1][1] != "o" || b.Cells[1][2] != "x" || len(b.Players) != 2 || b.Players[0] != "black" {
		t.Errorf("board %+v", b)
	}
	// A position where the player to move must pass: the pass is played
	// from the list of moves, not on the board.
	for _, p := range othelloReachable(g) {
		moves := g.Moves(p)
		if len(moves) != 1 || moves[0].Name != "pass" {
			continue
		}
		if b := caps.Boarder.Board(p); len(b.Moves) != 0 || !strings.Contains(b.Caption, "has no move and passes") {
			t.Errorf("%s: board moves %v, caption %q", g.FormatPosition(p), b.Moves, b.Caption)
		}
		if g.Turn(moves[0].To) == g.Turn(p) || g.FormatPosition(moves[0].To)[:19] != g.FormatPosition(p)[:19] {
			t.Errorf("%s: pass leads to %s", g.FormatPosition(p), g.FormatPosition(moves[0].To))
		}
		return
	}
	t.Error("no position of 4×4 with a pass")
}

// TestOthelloKeyCapabilities holds the capabilities on keys to the game's
// logic at every position of 4×4 and along some thousands of 6×6: the
// ordering hint lists exactly the children, says a win at once exactly
// when a move ends the game won, and bounds the plies left (the longest
// line, found by walking them all on 4×4); scores on keys are scores on
// positions; the tier is the discs less four, up by one a move and the
// same after a pass.
func TestOthelloKeyCapabilities(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		limit int
	}{
		{"othello:n=4", 0},
		{"othello:w=6,h=4", 3000},
		{"othello:n=6", 3000},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			g := othelloGame(t, tt.spec)
			caps := sente.CapabilitiesOf(g)
			enc, ord := caps.Encoder, caps.Orderer
			longest := map[uint64]int{}
			var plies func(key uint64) int
			plies = func(key uint64) int {
				if n, ok := longest[key]; ok {
					return n
				}
				n := 0
				if _, over := enc.EndedKey(key); !over {
					for _, c := range enc.AppendChildren(nil, key) {
						n = max(n, 1+plies(c))
					}
				}
				longest[key] = n
				return n
			}
			positions := othelloFirst(g, tt.limit)
			if tt.limit == 0 {
				plies(enc.Encode(g.Start()))
			}
			for _, p := range positions {
				key := enc.Encode(p)
				text := g.FormatPosition(p)
				if v, over := g.Ended(p); over {
					if caps.KeyScorer.ScoreKey(key) != caps.Scorer.Score(p) || (sente.Margin{Score: caps.Scorer.Score(p)}).Value() != v {
						t.Fatalf("%s: score %d on the key, %d on the position, ended %v", text, caps.KeyScorer.ScoreKey(key), caps.Scorer.Score(p), v)
					}
					continue
				}
				want := map[uint64]bool{}
				winsAtOnce := false
				for _, m := range g.Moves(p) {
					c := enc.Encode(m.To)
					want[c] = true
					if v, over := g.Ended(m.To); over && v == sente.Lose {
						winsAtOnce = true
					}
					tier, ctier := caps.Tiered.Tier(key), caps.Tiered.Tier(c)
					if (m.Name == "pass") != (ctier == tier) || ctier > tier+1 {
						t.Fatalf("%s: %s goes from tier %d to %d", text, m.Name, tier, ctier)
					}
				}
				kids, tactics := ord.OrderChildren(nil, key)
				if len(kids) != len(want) {
					t.Fatalf("%s: %d children ordered, %d moves", text, len(kids), len(want))
				}
				for _, k := range kids {
					if !want[k.Key] {
						t.Fatalf("%s: ordered child %s is no move's", text, g.FormatPosition(enc.Decode(k.Key)))
					}
				}
				if tactics.WinsAtOnce != winsAtOnce || tactics.LosingLeftOut {
					t.Fatalf("%s: tactics %+v, a win at once %v", text, tactics, winsAtOnce)
				}
				most, _ := ord.Horizon(key)
				if n, ok := longest[key]; ok && n > most {
					t.Fatalf("%s: a line of %d plies, horizon %d", text, n, most)
				}
			}
		})
	}
}

// TestOthelloFeinsteinSearch: search finds every position of Feinstein's
// perfect 6×6 line won for white, from the position 18 cells from the end
// (SENTE_LONG: from 20, a few seconds; SENTE_LONG=full: from 22, about a
// CPU-minute).
func TestOthelloFeinsteinSearch(t *testing.T) {
	g := othelloGame(t, "othello:n=6")
	line := strings.Fields(feinstein6x6)
	from := 15 // moves played, black's pass among them: 18 cells empty
	switch {
	case testmode.Full():
		from = 11
	case testmode.Long():
		from = 13
	}
	s, err := search.New(g, search.Options{Workers: 1, TableBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	for k := len(line); k >= from; k-- {
		p, err := g.ParsePosition(strings.Join(line[:k], " "))
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		want := sente.Lose
		if g.Turn(p) == sente.Second {
			want = sente.Win
		}
		if res.Outcome.Value != want {
			t.Errorf("after %d moves (%s): %v for %v; white wins", k, g.FormatPosition(p), res.Outcome, g.Turn(p))
		}
	}
}

// TestOthelloTierMargins: the tier engine (on ranks it discovers, by the
// game's keys as bytes: sente.WithBytes) stores 4×4 Othello's margins,
// and they are the reference minimax's on every position, with the
// hashing engine's plies.
func TestOthelloTierMargins(t *testing.T) {
	g := othelloGame(t, "othello:n=4")
	ts, err := tiers.SolveTiers(t.Context(), sente.WithBytes(g), tiers.TierOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	got := tiers.FromTiers(sente.WithBytes(g), ts, g.Start(), 0)
	if err := got.MarginErr(); err != nil {
		t.Fatalf("the tier engine's margins: %v", err)
	}
	sol, err := hashing.Solve(t.Context(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]int{}
	positions := othelloReachable(g)
	step := 1
	if testing.Short() {
		step = 37
	}
	bad := 0
	for i := 0; i < len(positions); i += step {
		p := positions[i]
		want := refBest(refFromText(t, g.FormatPosition(p)), memo)
		m, ok := got.Margin(p)
		hm, _ := sol.Margin(p)
		if !ok || m.Score != want || m != hm {
			if bad++; bad <= 5 {
				t.Errorf("%s: tiers %v (%v), hashing %v, reference %d", g.FormatPosition(p), m, ok, hm, want)
			}
		}
	}
	if m, _ := got.Margin(g.Start()); m.Score != -8 {
		t.Errorf("the start: %v, published 3–11", m)
	}
}

// TestOthello4x6Margin: the 4×6 board, both ways up, is a first-player
// win by 16 discs in 21 plies, by search for the margin alone and for the
// margin with its plies (the tier engine finds the same over its 380
// million positions in an hour and a quarter here: BENCHMARKS.md).
func TestOthello4x6Margin(t *testing.T) {
	for _, spec := range []string{"othello:w=6,h=4", "othello:w=4,h=6"} {
		g := othelloGame(t, spec)
		for _, alone := range []bool{true, false} {
			if !alone && testing.Short() {
				continue
			}
			ms, err := search.NewMarginSearcher(g, search.MarginOptions{TableBytes: 64 << 20, MarginOnly: alone})
			if err != nil {
				t.Fatal(err)
			}
			m, err := ms.Margin(t.Context(), g.Start())
			if err != nil {
				t.Fatal(err)
			}
			want := sente.Margin{Score: 16, Remoteness: 21}
			if alone {
				want.Remoteness = sente.RemotenessUnknown
			}
			if m != want {
				t.Errorf("%s (margin alone %v): %v, want the first player's by 16", spec, alone, m)
			}
		}
	}
}
