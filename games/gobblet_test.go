package games

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

func gobbletNew(t testing.TB, spec string) *Gobblet {
	t.Helper()
	return mustGame[*Gobblet](t, spec)
}

func gobbletKey(t testing.TB, g *Gobblet, s string) uint64 {
	t.Helper()
	return g.Encode(mustParse[GobbletPosition](t, g, s))
}

// gobbletRuleSpecs are the readings of the rules, every one the family
// accepts: reveal=lose, and reveal=end with each result of lines of both
// colours.
var gobbletRuleSpecs = []string{"reveal=lose", "reveal=end,both=lose", "reveal=end,both=win", "reveal=end,both=draw"}

// The naive rules below work on the text of a position alone, sharing no
// code with the game: a board is nine stacks of letters, top first.

// naiveBoard is a position's text as its nine stacks, top first ("" for
// an empty square), and the letter of the player to move.
func naiveBoard(text string) ([]string, byte) {
	board, side, _ := strings.Cut(text, " ")
	var squares []string
	for _, row := range strings.Split(board, "/") {
		for _, cell := range strings.Split(row, ",") {
			if cell == "." {
				cell = ""
			}
			squares = append(squares, cell)
		}
	}
	return squares, side[0]
}

func naiveText(squares []string, side byte) string {
	var sb strings.Builder
	for i, s := range squares {
		switch {
		case i%3 != 0:
			sb.WriteByte(',')
		case i > 0:
			sb.WriteByte('/')
		}
		if s == "" {
			s = "."
		}
		sb.WriteString(s)
	}
	return sb.String() + " " + string(side)
}

// naiveSize is a letter's size, 0 small to 2 large, and whether it is x's.
func naiveSize(l byte) (int, bool) {
	return strings.IndexByte("SML", byte(strings.ToUpper(string(l))[0])), l >= 'A' && l <= 'Z'
}

// naiveLine reports whether the top pieces of colour x (upper case) or o
// make three in a row.
func naiveLine(squares []string, x bool) bool {
	owns := func(sq int) bool {
		if squares[sq] == "" {
			return false
		}
		_, isX := naiveSize(squares[sq][0])
		return isX == x
	}
	for _, l := range [][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}} {
		if owns(l[0]) && owns(l[1]) && owns(l[2]) {
			return true
		}
	}
	return false
}

// naiveEnded is the result of a position for the player to move, straight
// from the rules: the other player just moved, and a line of theirs only
// wins for them; a line of the player to move only was uncovered by that
// move and wins for the player to move; lines of both lose for the mover
// under reveal=lose, and are what both says under reveal=end.
func naiveEnded(text, reveal, both string) (sente.Value, bool) {
	squares, side := naiveBoard(text)
	mine, theirs := naiveLine(squares, side == 'x'), naiveLine(squares, side != 'x')
	switch {
	case mine && theirs && reveal == "end" && both == "win":
		return sente.Lose, true
	case mine && theirs && reveal == "end" && both == "draw":
		return sente.Tie, true
	case mine:
		return sente.Win, true
	case theirs:
		return sente.Lose, true
	}
	return sente.Unknown, false
}

// naiveChild is a move played on the text: its name, the position after
// it, and how the move ends the game for the player to move after it,
// worked out as a person plays it: lift the piece (which shows what it
// covered), then put it down.
type naiveChild struct {
	name, text string
	value      sente.Value
	ended      bool
}

// naiveChildren plays every move on the text of a position of a game
// with sizes sizes (the largest kept) and pieces pieces of each.
func naiveChildren(text string, sizes, pieces int, reveal, both string) []naiveChild {
	squares, side := naiveBoard(text)
	other := byte('o')
	if side == 'o' {
		other = 'x'
	}
	letter := func(size int) byte {
		l := "SML"[size]
		if side == 'o' {
			l += 'a' - 'A'
		}
		return l
	}
	name := func(sq int) string { return string(rune('a'+sq%3)) + fmt.Sprint(3-sq/3) }
	fits := func(sq, size int) bool {
		if squares[sq] == "" {
			return true
		}
		top, _ := naiveSize(squares[sq][0])
		return top < size
	}
	var kids []naiveChild
	finish := func(name string, after []string, liftedOff bool) {
		c := naiveChild{name: name, text: naiveText(after, other)}
		mover, opponent := naiveLine(after, side == 'x'), naiveLine(after, side != 'x')
		// A step that uncovered a line of the opponent's and left it
		// showing: under reveal=lose the lift lost, whatever the piece did.
		switch {
		case opponent && liftedOff && reveal == "lose":
			c.value, c.ended = sente.Win, true
		case opponent && mover:
			c.value, c.ended = map[string]sente.Value{"lose": sente.Win, "win": sente.Lose, "draw": sente.Tie}[both], true
		case opponent:
			c.value, c.ended = sente.Win, true
		case mover:
			c.value, c.ended = sente.Lose, true
		}
		kids = append(kids, c)
	}
	for size := 2; size >= 3-sizes; size-- {
		onBoard := 0
		for _, s := range squares {
			onBoard += strings.Count(s, string(letter(size)))
		}
		if onBoard == pieces {
			continue
		}
		for sq := range 9 {
			if fits(sq, size) {
				after := slices.Clone(squares)
				after[sq] = string(letter(size)) + after[sq]
				finish("SML"[size:size+1]+name(sq), after, false)
			}
		}
	}
	for size := 2; size >= 3-sizes; size-- {
		for from := range 9 {
			if squares[from] == "" || squares[from][0] != letter(size) {
				continue
			}
			lifted := slices.Clone(squares)
			lifted[from] = lifted[from][1:]
			uncovered := naiveLine(lifted, side != 'x')
			for to := range 9 {
				if to == from || !fits(to, size) {
					continue
				}
				after := slices.Clone(lifted)
				after[to] = string(letter(size)) + after[to]
				finish(name(from)+"-"+name(to), after, uncovered)
			}
		}
	}
	return kids
}

// gobbletImages is the position's text under the square's eight
// symmetries, and with the colours swapped and the other player to move,
// worked out on the text.
func gobbletImages(text string) []string {
	squares, side := naiveBoard(text)
	var imgs []string
	for _, f := range []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return r, 2 - c },
		func(r, c int) (int, int) { return 2 - r, c },
		func(r, c int) (int, int) { return 2 - r, 2 - c },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return 2 - c, r },
		func(r, c int) (int, int) { return c, 2 - r },
		func(r, c int) (int, int) { return 2 - c, 2 - r },
	} {
		img := make([]string, 9)
		for sq := range 9 {
			r2, c2 := f(sq/3, sq%3)
			img[r2*3+c2] = squares[sq]
		}
		imgs = append(imgs, naiveText(img, side))
		swapped := make([]string, 9)
		for sq, s := range img {
			swapped[sq] = strings.Map(func(r rune) rune {
				if r >= 'a' {
					return r - 'a' + 'A'
				}
				return r - 'A' + 'a'
			}, s)
		}
		imgs = append(imgs, naiveText(swapped, side^'x'^'o'))
	}
	return imgs
}

// gobbletReachable lists every position reachable from the start, with
// the parents of each (the positions with a move to it).
func gobbletReachable(g *Gobblet) ([]uint64, map[uint64][]uint64) {
	seen := map[uint64]bool{0: true}
	list := []uint64{0}
	parents := map[uint64][]uint64{}
	for i := 0; i < len(list); i++ {
		k := list[i]
		if _, ended := g.EndedKey(k); ended {
			continue
		}
		for _, c := range g.AppendChildren(nil, k) {
			parents[c] = append(parents[c], k)
			if !seen[c] {
				seen[c] = true
				list = append(list, c)
			}
		}
	}
	return list, parents
}

// TestGobbletConsistency walks every position of small games, and random
// games of the full one under every reading of the rules, and checks the
// game against the rules played on text (moves, their names and results),
// and its keys, parents, classes and ranks against each other.
func TestGobbletConsistency(t *testing.T) {
	for _, tt := range []struct {
		spec   string
		stride int // every stride-th position is checked
		long   bool
	}{
		{"gobblet:sizes=2,pieces=1", 1, false},
		{"gobblet:sizes=1", 1, false},
		// The smallest games with lines: 1.5 million positions.
		{"gobblet:sizes=3,pieces=1", 61, true},
		{"gobblet:sizes=3,pieces=1,reveal=end,both=win", 67, true},
	} {
		t.Run("every position of "+tt.spec, func(t *testing.T) {
			if tt.long {
				testmode.SkipUnlessLong(t, "every 61st position of 1.5 million, a CPU-minute (random games of them are played without)")
			}
			g := gobbletNew(t, tt.spec)
			list, parents := gobbletReachable(g)
			for i, k := range list {
				if i%tt.stride == 0 {
					gobbletCheck(t, g, k, parents[k])
				}
			}
		})
	}
	var random []string
	for _, rules := range gobbletRuleSpecs {
		random = append(random, "gobblet:"+rules, "gobblet:sizes=3,pieces=1,"+rules, "gobblet:sizes=2,"+rules)
	}
	games := 60
	if testing.Short() {
		games = 6
	}
	for _, spec := range random {
		t.Run("random games of "+spec, func(t *testing.T) {
			g := gobbletNew(t, spec)
			rng := rand.New(rand.NewPCG(3, 4))
			ended := 0
			for range games {
				k := uint64(0)
				for range 80 {
					gobbletCheck(t, g, k, nil)
					if _, over := g.EndedKey(k); over {
						ended++
						break
					}
					kids := g.AppendChildren(nil, k)
					next := kids[rng.IntN(len(kids))]
					gobbletCheck(t, g, next, []uint64{k})
					k = next
				}
			}
			if ended < games/6 {
				t.Errorf("only %d of %d random games ended", ended, games)
			}
		})
	}
}

// gobbletCheck checks the position key: its text and key round trip; its
// end and moves against the rules played on its text; its parents, which
// list every parent in parents and only positions that have not ended
// and have a move to it, each once; its class, which its images share;
// and its tier and rank, which Unrank takes back to its class's key.
func gobbletCheck(t *testing.T, g *Gobblet, key uint64, parents []uint64) {
	t.Helper()
	p := g.Decode(key)
	text := g.FormatPosition(p)
	if q, err := g.ParsePosition(text); err != nil || g.Encode(q) != key {
		t.Fatalf("ParsePosition(%q) = %v, %v; want the key %#x", text, q, err, key)
	}
	r := g.rules
	want, wantOver := naiveEnded(text, r.Reveal, r.Both)
	if v, over := g.EndedKey(key); v != want || over != wantOver {
		t.Fatalf("%s: EndedKey %v %v; the rules say %v %v", text, v, over, want, wantOver)
	}
	c := g.Canonical(key)
	for _, img := range gobbletImages(text) {
		if ic := g.Canonical(gobbletKey(t, g, img)); ic != c {
			t.Fatalf("%s: its image %s has the canonical key %#x, not %#x", text, img, ic, c)
		}
	}
	if _, over := g.EndedKey(key); !over {
		var want []sente.TierPosition
		for _, kid := range g.AppendChildren(nil, key) {
			t, r := g.TierRank(kid)
			want = append(want, sente.TierPosition{Tier: t, Rank: r})
		}
		if got := g.NewChildRanker()(nil, key); !slices.Equal(got, want) {
			t.Fatalf("%s: the child ranker gives %v, TierRank of each child %v", text, got, want)
		}
	}
	tier, rank := g.TierRank(key)
	if back, ok := g.Unrank(tier, rank); !ok || back != c || rank >= g.TierSize(tier) {
		t.Fatalf("%s: tier %d rank %d (of %d) unranks to %#x, %v; want the canonical %#x", text, tier, rank, g.TierSize(tier), back, ok, c)
	}
	got := g.AppendParents(nil, key)
	if sorted := slices.Sorted(slices.Values(got)); len(slices.Compact(sorted)) != len(got) {
		t.Fatalf("%s: a parent listed twice", text)
	}
	for _, pk := range parents {
		if !slices.Contains(got, pk) {
			t.Fatalf("%s: parent %s not listed", text, g.FormatPosition(g.Decode(pk)))
		}
	}
	for _, pk := range got {
		if _, over := g.EndedKey(pk); over || !slices.Contains(g.AppendChildren(nil, pk), key) {
			t.Fatalf("%s: listed parent %s has ended or has no move to it", text, g.FormatPosition(g.Decode(pk)))
		}
	}
	if wantOver {
		return
	}
	naive := naiveChildren(text, r.Sizes, r.Pieces, r.Reveal, r.Both)
	moves := g.Moves(p)
	kids := g.AppendChildren(nil, key)
	if len(moves) != len(naive) || len(kids) != len(moves) {
		t.Fatalf("%s: %d moves, %d children; the rules give %d", text, len(moves), len(kids), len(naive))
	}
	for i, m := range moves {
		n := naive[i]
		after := g.FormatPosition(m.To)
		v, over := g.Ended(m.To)
		if m.Name != n.name || after != n.text || g.Encode(m.To) != kids[i] || v != n.value || over != n.ended {
			t.Fatalf("%s: move %d is %s to %s (%v %v); the rules give %s to %s (%v %v)", text, i, m.Name, after, v, over, n.name, n.text, n.value, n.ended)
		}
	}
}

// TestGobbletMoves pins moves and their names.
func TestGobbletMoves(t *testing.T) {
	g := gobbletNew(t, "gobblet")
	var names []string
	for _, m := range g.Moves(g.Start()) {
		names = append(names, m.Name)
	}
	if len(names) != 27 || names[0] != "La3" || names[4] != "Lb2" || names[26] != "Sc1" {
		t.Errorf("moves from the start: %q", names)
	}
	tests := []struct {
		from, move, want string
	}{
		{".,.,./.,.,./.,.,. x", "Lb2", ".,.,./.,L,./.,.,. o"},
		{".,.,./.,s,./.,.,. x", "Mb2", ".,.,./.,Ms,./.,.,. o"},
		{".,.,./.,Ms,./.,.,. o", "Lb2", ".,.,./.,lMs,./.,.,. x"},
		// A step leaves what the piece covered.
		{".,.,./.,lMs,./.,.,. o", "b2-a3", "l,.,./.,Ms,./.,.,. x"},
		{"l,.,./.,Ms,./.,.,. x", "b2-c1", "l,.,./.,s,./.,.,M o"},
	}
	for _, tt := range tests {
		k := gobbletKey(t, g, tt.from)
		var got []string
		for _, m := range g.Moves(g.Decode(k)) {
			if m.Name == tt.move {
				got = append(got, g.FormatPosition(m.To))
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s from %s leads to %q, want %q", tt.move, tt.from, got, tt.want)
		}
	}
	// No placement of a size a player has none left of, no piece onto one
	// as large, no step back to the square it left, no step of a covered
	// piece or of the opponent's.
	p := g.Decode(gobbletKey(t, g, "L,L,./.,Ms,./.,.,m o"))
	for _, m := range g.Moves(p) {
		switch {
		case m.Name[0] == 'L' && m.Name != "La2" && m.Name != "Lc2" && m.Name != "Lb2" && m.Name != "Lc3" && m.Name != "La1" && m.Name != "Lb1" && m.Name != "Lc1":
			t.Errorf("o places %s", m.Name)
		case m.Name[0] == 'M' && (m.Name == "Mb2" || m.Name == "Ma3"):
			t.Errorf("o places %s over a piece as large", m.Name)
		case strings.HasPrefix(m.Name, "b2-") || strings.HasPrefix(m.Name, "a3-"):
			t.Errorf("o steps a piece not its own showing: %s", m.Name)
		case m.Name == "c1-c1":
			t.Errorf("o steps back where it was")
		}
	}
}

// TestGobbletEnded pins the results of lines under each reading.
func TestGobbletEnded(t *testing.T) {
	tests := []struct {
		rules, pos string
		want       sente.Value
		over       bool
	}{
		{"", ".,.,./.,.,./.,.,. x", sente.Unknown, false},
		{"", "L,M,S/m,m,./.,.,. o", sente.Lose, true},
		{"", "L,M,S/m,m,./.,.,. x", sente.Win, true}, // uncovered: x, to move, wins
		{"", "L,lM,S/m,s,./.,.,. o", sente.Unknown, false},
		// A covered piece does not count, whoever's it is.
		{"", "Ls,Ms,S/m,m,./.,.,. o", sente.Lose, true},
		{"", "l,lM,S/Ms,s,./.,.,. x", sente.Unknown, false},
		// Lines of both: the player who just moved uncovered the other's.
		{"", "L,M,S/l,m,s/.,.,. x", sente.Win, true},
		{"", "L,M,S/l,m,s/.,.,. o", sente.Win, true},
		{"reveal=end,both=lose", "L,M,S/l,m,s/.,.,. o", sente.Win, true},
		{"reveal=end,both=win", "L,M,S/l,m,s/.,.,. o", sente.Lose, true},
		{"reveal=end,both=win", "L,M,S/l,m,s/.,.,. x", sente.Lose, true},
		{"reveal=end,both=draw", "L,M,S/l,m,s/.,.,. x", sente.Tie, true},
		{"reveal=end,both=draw", "L,M,S/m,m,./.,.,. o", sente.Lose, true},
		{"reveal=end,both=win", "L,M,S/m,m,./.,.,. x", sente.Win, true},
		// Diagonals and columns.
		{"", "l,.,./.,m,./.,.,s x", sente.Lose, true},
		{"", ".,L,./.,M,./.,S,. o", sente.Lose, true},
		{"", ".,.,l/.,m,./s,.,. x", sente.Lose, true},
	}
	for _, tt := range tests {
		spec := "gobblet"
		if tt.rules != "" {
			spec += ":" + tt.rules
		}
		g := gobbletNew(t, spec)
		p, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		if v, over := g.Ended(p); v != tt.want || over != tt.over {
			t.Errorf("%s: Ended(%s) = %v, %v; want %v, %v", spec, tt.pos, v, over, tt.want, tt.over)
		}
	}
}

// TestGobbletReveal plays the moves that lift a piece off an opponent's
// line: under every reading, a move that covers the line again goes on,
// one that leaves it showing loses, and one that also makes the mover's
// own line is what the reading says.
func TestGobbletReveal(t *testing.T) {
	// x's large piece on a1 covers o's small one, which with o's mediums
	// on b1 and c1 makes o's line; x has a3 and b3 showing, and a medium
	// in hand.
	const pos = "M,L,./.,.,./Ls,m,m x"
	tests := []struct {
		rules, move string
		want        sente.Value // for o, to move after it
		over        bool
	}{
		{"reveal=lose", "a1-b1", sente.Unknown, false}, // covers o's line again
		{"reveal=lose", "a1-b2", sente.Win, true},      // leaves it showing
		{"reveal=lose", "a1-c3", sente.Win, true},      // x's line too, but o's shows
		{"reveal=end,both=lose", "a1-c3", sente.Win, true},
		{"reveal=end,both=win", "a1-c3", sente.Lose, true},
		{"reveal=end,both=draw", "a1-c3", sente.Tie, true},
		{"reveal=end,both=win", "a1-b2", sente.Win, true},
		{"reveal=end,both=win", "Mc3", sente.Lose, true}, // a placement uncovers nothing
	}
	for _, tt := range tests {
		g := gobbletNew(t, "gobblet:"+tt.rules)
		k := gobbletKey(t, g, pos)
		found := false
		for _, m := range g.Moves(g.Decode(k)) {
			if m.Name != tt.move {
				continue
			}
			found = true
			if v, over := g.Ended(m.To); v != tt.want || over != tt.over {
				t.Errorf("%s: %s then %s: %v %v, want %v %v (%s)", tt.rules, pos, tt.move, v, over, tt.want, tt.over, g.Board(m.To).Caption)
			}
		}
		if !found {
			t.Errorf("%s: no move %s from %s", tt.rules, tt.move, pos)
		}
	}
}

func TestGobbletParse(t *testing.T) {
	g := gobbletNew(t, "gobblet")
	for _, bad := range []string{
		"", ".,.,./.,.,./.,.,.", ".,.,./.,.,./.,.,. z", ".,.,./.,.,. x", ".,.,./.,.,./.,. x", ".,.,./.,.,./.,.,.,. x",
		"Q,.,./.,.,./.,.,. x",  // no such piece
		"SL,.,./.,.,./.,.,. x", // a large piece under a small one
		"LL,.,./.,.,./.,.,. x", // two large pieces on a square
		"Ll,.,./.,.,./.,.,. x", // and of two colours
		"L,L,L/.,.,./.,.,. x",  // three large pieces
		",.,./.,.,./.,.,. x",   // an empty square written as nothing
		".,.,./.,.,./.,.,. x x",
	} {
		p, err := g.ParsePosition(bad)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted: %s", bad, g.FormatPosition(p))
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "e.g.") || !strings.Contains(msg, "gobblet position") {
			t.Errorf("ParsePosition(%q): the error should be one line that names the game and gives an example: %s", bad, msg)
		}
	}
	if _, err := gobbletNew(t, "gobblet:sizes=2").ParsePosition("Ms,.,./.,.,./.,.,. x"); err == nil {
		t.Error("a small piece accepted with sizes=2 (large and medium)")
	}
	if p, err := g.ParsePosition("  lMs,.,./.,.,./.,.,L   X "); err != nil || g.FormatPosition(p) != "lMs,.,./.,.,./.,.,L x" {
		t.Errorf("upper case and spaces: %v, %v", p, err)
	}
	for _, spec := range []string{"gobblet:sizes=0", "gobblet:sizes=4", "gobblet:pieces=3", "gobblet:both=win", "gobblet:reveal=lose,both=draw", "gobblet:reveal=peek"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		}
	}
}

func TestGobbletDrawAndBoard(t *testing.T) {
	g := gobbletNew(t, "gobblet")
	p := g.Decode(gobbletKey(t, g, "Lm,.,S/.,M,./.,.,lMs o"))
	want := "3  L(m)  .     S\n2  .     M     .\n1  .     .     l(Ms)\n   a     b     c\nx in hand: L S\no in hand: l m s\no to move"
	if got := g.Draw(p); got != want {
		t.Errorf("Draw:\n%s\nwant\n%s", got, want)
	}
	b := g.Board(p)
	if b.Style != "grid" || b.Pieces != "gobblet" || b.Cells[0][0] != "Lm" || b.Cells[2][2] != "lMs" || b.Cells[0][1] != "" ||
		strings.Join(b.RowLabels, "") != "321" || strings.Join(b.ColLabels, "") != "abc" || b.Caption != "purple to move" ||
		!slices.Equal(b.Players, []string{"blue", "purple"}) {
		t.Errorf("Board: %+v", b)
	}
	if !slices.Equal(b.InHand[0], []string{"L", "S"}) || !slices.Equal(b.InHand[1], []string{"l", "m", "s"}) {
		t.Errorf("hands %q", b.InHand)
	}
	moves := g.Moves(p)
	if len(b.Moves) != len(moves) {
		t.Fatalf("the board places %d moves of %d", len(b.Moves), len(moves))
	}
	for i, bm := range b.Moves {
		m := moves[i]
		switch {
		case bm.Name != m.Name:
			t.Errorf("board move %d is %s, the move %s", i, bm.Name, m.Name)
		case m.Name[0] == 'L' && (bm.FromHand != "l" || bm.From != nil):
			t.Errorf("%s: from hand %q, from %v", m.Name, bm.FromHand, bm.From)
		case m.Name == "c1-a2" && (bm.From == nil || *bm.From != (sente.BoardCell{Row: 2, Col: 2}) || bm.To != (sente.BoardCell{Row: 1, Col: 0})):
			t.Errorf("%s placed %+v", m.Name, bm)
		}
	}
	for pos, caption := range map[string]string{
		"L,M,S/m,m,./.,.,. o":  "game over: blue has three in a row",
		"L,M,S/m,m,./.,.,. x":  "game over: purple uncovered blue's three in a row, and blue wins",
		"L,M,S/l,m,s/.,.,. x":  "game over: both show three in a row, and purple, who uncovered blue's, loses",
		".,.,./.,.,./.,.,. x ": "blue to move",
	} {
		if got := g.Board(g.Decode(gobbletKey(t, g, pos))).Caption; got != caption {
			t.Errorf("%s: caption %q, want %q", pos, got, caption)
		}
	}
	for spec, words := range map[string][]string{
		"gobblet":                      {"reveal=lose", "Lb2", "a1-b2", "may not go back", "draw"},
		"gobblet:reveal=end,both=win":  {"reveal=end", "the mover wins"},
		"gobblet:reveal=end,both=draw": {"the game is drawn"},
		"gobblet:sizes=2,pieces=1":     {"1 piece of each size", "large (L) and medium (M)"},
		"gobblet:sizes=1":              {"large (L)"},
	} {
		d := gobbletNew(t, spec).Describe()
		for _, w := range words {
			if !strings.Contains(d.Rules, w) {
				t.Errorf("%s: the rules should say %q: %s", spec, w, d.Rules)
			}
		}
	}
	if g.String() != "gobblet:sizes=3,pieces=2,reveal=lose,both=lose" {
		t.Errorf("String %s", g)
	}
}

// TestGobbletRanks checks every rank of every tier of small games: a rank
// Unrank gives a key for is its class's canonical key and ranks back to
// itself, and the ranks so given are as many as the classes of the
// tier's boards, counted by brute force over every board.
func TestGobbletRanks(t *testing.T) {
	for _, spec := range []string{"gobblet:sizes=2,pieces=1", "gobblet:sizes=3,pieces=1", "gobblet:sizes=2"} {
		t.Run(spec, func(t *testing.T) {
			if spec != "gobblet:sizes=2,pieces=1" {
				testmode.SkipShort(t, "the larger games' boards, a CPU-second")
			}
			g := gobbletNew(t, spec)
			classes := map[int]map[uint64]bool{}
			gobbletBoards(g, func(key uint64) {
				tier, _ := g.TierRank(key)
				if classes[tier] == nil {
					classes[tier] = map[uint64]bool{}
				}
				classes[tier][g.Canonical(key)] = true
			})
			for tier := range len(g.ranks.tiers) {
				n := 0
				for r := range g.TierSize(tier) {
					key, ok := g.Unrank(tier, r)
					if !ok {
						continue
					}
					n++
					if g.Canonical(key) != key {
						t.Fatalf("tier %d rank %d: %s is not canonical", tier, r, g.FormatPosition(g.Decode(key)))
					}
					if bt, br := g.TierRank(key); bt != tier || br != r {
						t.Fatalf("tier %d rank %d: %s ranks as tier %d rank %d", tier, r, g.FormatPosition(g.Decode(key)), bt, br)
					}
				}
				if n != len(classes[tier]) {
					t.Errorf("tier %d: %d ranks are positions, for %d classes", tier, n, len(classes[tier]))
				}
			}
		})
	}
}

// gobbletBoards calls f with every board of g, x to move: every choice,
// size by size, of squares for x's pieces and o's.
func gobbletBoards(g *Gobblet, f func(key uint64)) {
	var layers []uint32
	for v := range uint32(1 << 18) {
		x, o := v&511, v>>9
		if x&o == 0 && bits.OnesCount32(x) <= g.rules.Pieces && bits.OnesCount32(o) <= g.rules.Pieces {
			layers = append(layers, v)
		}
	}
	var rec func(s int, key uint64)
	rec = func(s int, key uint64) {
		if s < g.lowest {
			f(key)
			return
		}
		for _, v := range layers {
			rec(s-1, key|uint64(v)<<(18*s))
		}
	}
	rec(2, 0)
}

// TestGobbletLargestTier spot-checks the tier where every piece is on the
// board: its size, and random ranks.
func TestGobbletLargestTier(t *testing.T) {
	g := gobbletNew(t, "gobblet")
	last := len(g.ranks.tiers) - 1
	if got := g.TierSize(last); got != 108*756*756 {
		t.Errorf("the tier of every piece on the board has %d ranks, want 108·756·756", got)
	}
	if g.TierLoops(0) || !g.TierLoops(1) || !g.TierLoops(last) || len(g.ChildTiers(last)) != 0 || len(g.ChildTiers(0)) != 3 {
		t.Errorf("tiers: the start's has no loops and 3 children, the others loop, the last has no children")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	positions, tries := 0, 20000
	if testing.Short() {
		tries = 2000
	}
	for range tries {
		r := rng.Uint64N(g.TierSize(last))
		key, ok := g.Unrank(last, r)
		if !ok {
			continue
		}
		positions++
		text := g.FormatPosition(g.Decode(key))
		if bt, br := g.TierRank(key); bt != last || br != r || g.Canonical(key) != key {
			t.Fatalf("rank %d: %s ranks as tier %d rank %d", r, text, bt, br)
		}
		for _, img := range gobbletImages(text) {
			if bt, br := g.TierRank(gobbletKey(t, g, img)); bt != last || br != r {
				t.Fatalf("rank %d: %s has the image %s of tier %d rank %d", r, text, img, bt, br)
			}
		}
	}
	if positions < tries*17/20 {
		t.Errorf("%d of %d random ranks are positions", positions, tries)
	}
}

// TestGobbletAgreesWithReference solves small games under every reading
// of the rules three ways, the slow reference, the hashing engine (with
// and without symmetry) and the tier engine, and compares them position
// by position, and the classes each engine counts. The smallest games
// with lines have 1.5 million positions, solved with SENTE_LONG
// only; otherwise those with too few pieces for a line, which still loop.
func TestGobbletAgreesWithReference(t *testing.T) {
	ctx := context.Background()
	specs := []string{"gobblet:sizes=2,pieces=1", "gobblet:sizes=1"}
	for _, rules := range gobbletRuleSpecs {
		specs = append(specs, "gobblet:sizes=3,pieces=1,"+rules)
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			if strings.Contains(spec, "sizes=3") {
				testmode.SkipUnlessLong(t, "1.5 million positions solved four ways under each reading, minutes each")
			}
			g := gobbletNew(t, spec)
			want, err := reference.Reference(g, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			gs, err := store.Store{Dir: t.TempDir()}.Game(spec)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: gs})
			if err != nil {
				t.Fatal(err)
			}
			defer ts.Close()
			byTiers := tiers.FromTiers(g, ts, g.Start(), 0)
			if c := byTiers.Counts(); c.Positions != uint64(len(want)) {
				t.Errorf("tier engine: %d positions, reference %d", c.Positions, len(want))
			}
			byHashing, err := hashing.Solve(ctx, g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if byHashing.Positions() != len(want) {
				t.Errorf("hashing engine: %d positions, reference %d", byHashing.Positions(), len(want))
			}
			symmetric, err := hashing.Solve(ctx, g, hashing.Options{Symmetry: true})
			if err != nil {
				t.Fatal(err)
			}
			if symmetric.Positions() != byTiers.ClassCount() {
				t.Errorf("tier engine: %d classes; hashing engine with symmetry %d", byTiers.ClassCount(), symmetric.Positions())
			}
			bad := 0
			for p, w := range want {
				h, hok := byHashing.Outcome(p)
				s, sok := symmetric.Outcome(p)
				tg, tok := byTiers.Outcome(p)
				if !hok || h != w || !sok || s != w || !tok || tg != w {
					if bad++; bad <= 5 {
						t.Errorf("%s: hashing %v (%v), with symmetry %v (%v), tiers %v (%v); reference %v", g.FormatPosition(p), h, hok, s, sok, tg, tok, w)
					}
				}
			}
		})
	}
}

func TestGobbletGamecheck(t *testing.T) {
	testmode.SkipShort(t, "sente check of three gobblet games (gamecheck's TestBuiltInGamesPass checks one)")
	for _, tt := range []struct {
		spec      string
		positions int
	}{
		{"gobblet:sizes=2,pieces=1", 1500},
		{"gobblet:sizes=3,pieces=1,reveal=end,both=draw", 1000},
		{"gobblet", 300},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			s, err := sente.ParseSpec(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			b, err := (&Catalog{}).Bind(s)
			if err != nil {
				t.Fatal(err)
			}
			g := gobbletNew(t, tt.spec)
			// Family and Values: a second game from the same spec has the
			// same keys, tiers and ranks.
			rep, err := gamecheck.Check(context.Background(), g, gamecheck.Options{Positions: tt.positions, Family: &b.Family, Values: b.Values})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(rep.Checks, "\n"), "stable keys") {
				t.Errorf("stable keys not checked: %q", rep.Checks)
			}
		})
	}
}

// TestGobbletSolved pins the published answers: the first player wins
// (Farmer 2024, Liou 2025), in 13 plies, and the longest win and loss of
// any position take 23 and 24 (Liou's distances to mate); the classes
// reached, boards up to the eight symmetries and the colours swapped with
// the player to move, are Farmer's count of states, 341,024,631. What
// the classes are worth, and the positions they stand for, are sente's
// own counts. The solve takes minutes and gigabytes, so the test runs
// only with SENTE_LONG=full.
func TestGobbletSolved(t *testing.T) {
	testmode.SkipUnlessFull(t, "the full game's solve (about 13 CPU-minutes, 1 GB)")
	g := gobbletNew(t, "gobblet")
	gs, err := store.Store{Dir: t.TempDir()}.Game("gobblet")
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	if ts.Start.Value != sente.Win || ts.Start.Remoteness != 13 {
		t.Errorf("start: %v, want a win for the first player in 13", ts.Start)
	}
	if c := ts.Classes; c.Positions != 341_024_631 || c.Win != 241_624_949 || c.Lose != 99_295_532 || c.Draw != 104_150 {
		t.Errorf("classes %+v; want 341,024,631: 241,624,949 won, 99,295,532 lost, 104,150 drawn", c)
	}
	if p := ts.Totals; p.Positions != 5_453_659_590 || p.Win != 3_864_252_998 || p.Lose != 1_587_747_508 || p.Draw != 1_659_084 {
		t.Errorf("positions %+v; want 5,453,659,590: 3,864,252,998 won, 1,587,747,508 lost, 1,659,084 drawn", p)
	}
	longest := map[sente.Value]int{}
	for tier := range len(g.ranks.tiers) {
		tbl, err := gs.Open(tier, store.Values)
		if err != nil {
			t.Fatal(err)
		}
		cells, err := tbl.LoadCells()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cells {
			longest[c.Value()] = max(longest[c.Value()], c.Remoteness())
		}
		tbl.Close()
	}
	if longest[sente.Win] != 23 || longest[sente.Lose] != 24 {
		t.Errorf("the longest win takes %d plies and the longest loss %d, want 23 and 24", longest[sente.Win], longest[sente.Lose])
	}
	// Every first placement of a large or small piece wins, every medium
	// one loses.
	for _, m := range g.Moves(g.Start()) {
		want := sente.Lose // for the second player, to move after it
		if m.Name[0] == 'M' {
			want = sente.Win
		}
		if o, ok := ts.Outcome(m.To); !ok || o.Value != want {
			t.Errorf("%s: %v (%v) for the second player, want %v", m.Name, o, ok, want)
		}
	}
}

// gobbletSample is n positions of g that have not ended, of random ranks
// of its tiers (each tier as likely as its ranks), half of them turned to
// o to move.
func gobbletSample(g *Gobblet, n int) []uint64 {
	rng := rand.New(rand.NewPCG(1, 2))
	var total uint64
	for tier := range g.ranks.tiers {
		total += g.TierSize(tier)
	}
	var keys []uint64
	for len(keys) < n {
		r := rng.Uint64N(total)
		tier := 0
		for r >= g.TierSize(tier) {
			r -= g.TierSize(tier)
			tier++
		}
		k, ok := g.Unrank(tier, r)
		if _, over := g.EndedKey(k); !ok || over {
			continue
		}
		if rng.IntN(2) == 1 {
			k = g.OtherSide(k)
		}
		keys = append(keys, k)
	}
	return keys
}

func BenchmarkGobbletTierRank(b *testing.B) {
	g := gobbletNew(b, "gobblet")
	keys := gobbletSample(g, 4096)
	b.ResetTimer()
	var sum uint64
	for i := range b.N {
		_, r := g.TierRank(keys[i&4095])
		sum += r
	}
	_ = sum
}

// BenchmarkGobbletChildRanks ranks a position's children: by the child
// ranker, and by TierRank on each child's key.
func BenchmarkGobbletChildRanks(b *testing.B) {
	g := gobbletNew(b, "gobblet")
	keys := gobbletSample(g, 4096)
	b.Run("ranker", func(b *testing.B) {
		rank := g.NewChildRanker()
		var dst []sente.TierPosition
		for i := range b.N {
			dst = rank(dst[:0], keys[i&4095])
		}
	})
	b.Run("keys", func(b *testing.B) {
		var kids []uint64
		var sum uint64
		for i := range b.N {
			kids = g.AppendChildren(kids[:0], keys[i&4095])
			for _, k := range kids {
				_, r := g.TierRank(k)
				sum += r
			}
		}
		_ = sum
	})
}
