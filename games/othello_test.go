package games_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"sente"
	"sente/games"
	"sente/solve/hashing"
	"sente/solve/search"
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
func othelloReachable(g sente.Game) []sente.Position {
	seen := map[sente.Position]bool{g.Start(): true}
	list := []sente.Position{g.Start()}
	for i := 0; i < len(list); i++ {
		for _, m := range g.Moves(list[i]) {
			if !seen[m.To] {
				seen[m.To] = true
				list = append(list, m.To)
			}
		}
	}
	return list
}

func valueOfMargin(m int) sente.Value {
	switch {
	case m > 0:
		return sente.Win
	case m < 0:
		return sente.Lose
	}
	return sente.Tie
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
					if wantV := valueOfMargin(ref.margin()); v != wantV || scorer.Score(p) != ref.margin() {
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
		want[i] = valueOfMargin(refBest(refFromText(t, g.FormatPosition(p)), memo))
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
		{"othello", false},
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
