package games

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

func cardsNew(t testing.TB, spec string) *Cards {
	t.Helper()
	g, err := New(spec)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return g.(*Cards)
}

func cardsParse(t testing.TB, g *Cards, s string) CardsPosition {
	t.Helper()
	p, err := g.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p.(CardsPosition)
}

func cardsNames(moves []sente.Move) []string {
	var names []string
	for _, m := range moves {
		names = append(names, m.Name)
	}
	return names
}

func TestCardsStart(t *testing.T) {
	g := cardsNew(t, "cards")
	p := g.Start()
	if s := g.FormatPosition(p); s != "-/-" {
		t.Errorf("start = %q, want -/-", s)
	}
	if g.Turn(p) != sente.First {
		t.Errorf("start turn = %v, want first", g.Turn(p))
	}
	if v, ended := g.Ended(p); ended {
		t.Errorf("start ended with %v", v)
	}
	if names := cardsNames(g.Moves(p)); !slices.Equal(names, []string{"1", "2", "3", "4", "5"}) {
		t.Errorf("start moves = %v", names)
	}
	if g.RankSize() != 1<<10 {
		t.Errorf("RankSize = %d, want 1024", g.RankSize())
	}
}

func TestCardsEnded(t *testing.T) {
	tests := []struct {
		spec, pos string
		turn      sente.Player
		want      sente.Value // Unknown: not ended
	}{
		{"cards", "-/-", sente.First, sente.Unknown},
		{"cards", "1/-", sente.Second, sente.Unknown},
		{"cards", "1/2", sente.First, sente.Unknown},
		{"cards", "1,2/3", sente.Second, sente.Unknown},
		{"cards", "3,4,5/2,4,5", sente.First, sente.Lose},    // the second player makes 23: second wins
		{"cards", "1,3,4,5/2,3,5", sente.Second, sente.Win},  // the first player makes 23: second wins all the same
		{"cards", "2,3,4,5/1,4,5", sente.Second, sente.Lose}, // the first player makes 24: first wins
		{"cards", "3,4,5/3,4,5", sente.First, sente.Win},     // the second player makes 24: first wins
		{"cards:first=1..3,second=1..3", "1,2,3/1,2,3", sente.First, sente.Tie},
		{"cards:first=1..3,second=1/2", "1,2,3/1,2", sente.Second, sente.Tie},
		{"cards:first=1/2,second=1..3", "1,2/1,2", sente.First, sente.Tie},
		{"cards:first=1..3,second=1/2", "1,2/1,2", sente.First, sente.Unknown},
		{"cards:target=4", "1/3", sente.First, sente.Lose},
		{"cards:target=4", "1,2/1", sente.Second, sente.Win},
		{"cards:target=4", "2,3/1", sente.Second, sente.Lose},
		{"cards:target=4", "3/2", sente.First, sente.Win},
	}
	for _, tt := range tests {
		g := cardsNew(t, tt.spec)
		p := cardsParse(t, g, tt.pos)
		if got := g.Turn(p); got != tt.turn {
			t.Errorf("%s %s: turn %v, want %v", tt.spec, tt.pos, got, tt.turn)
		}
		v, ended := g.Ended(p)
		if v != tt.want || ended != (tt.want != sente.Unknown) {
			t.Errorf("%s %s: Ended = %v, %v; want %v", tt.spec, tt.pos, v, ended, tt.want)
		}
		if vk, ek := g.EndedKey(g.Encode(p)); vk != v || ek != ended {
			t.Errorf("%s %s: EndedKey = %v, %v; Ended = %v, %v", tt.spec, tt.pos, vk, ek, v, ended)
		}
	}
}

func TestCardsDuplicates(t *testing.T) {
	g := cardsNew(t, "cards:first=1/1/2,second=3/3")
	tests := []struct {
		pos   string
		want  CardsPosition
		moves []string
	}{
		{"-/-", CardsPosition{}, []string{"1", "2"}},
		{"1/-", CardsPosition{First: 1}, []string{"3"}},
		{"1/3", CardsPosition{First: 1, Second: 1}, []string{"1", "2"}},
		{"1,1/3", CardsPosition{First: 3, Second: 1}, []string{"3"}},
		{"2,1/3", CardsPosition{First: 5, Second: 1}, []string{"3"}},
	}
	for _, tt := range tests {
		p := cardsParse(t, g, tt.pos)
		if p != tt.want {
			t.Errorf("ParsePosition(%q) = %+v, want %+v", tt.pos, p, tt.want)
		}
		if names := cardsNames(g.Moves(p)); !slices.Equal(names, tt.moves) {
			t.Errorf("%s: moves %v, want %v", tt.pos, names, tt.moves)
		}
	}
	if s := g.FormatPosition(CardsPosition{First: 5, Second: 1}); s != "1,2/3" {
		t.Errorf("Format = %q, want hand order 1,2/3", s)
	}
}

func TestCardsParseErrors(t *testing.T) {
	g := cardsNew(t, "cards:first=1/1/2,second=3/3")
	for _, s := range []string{"", "-", "6/-", "3/-", "1/1", "1,1,1/3,3", "1,2/-", "-/3", "1,1/-", "x/-", "1/3/3", "1;2/3"} {
		_, err := g.ParsePosition(s)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted", s)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "e.g.") {
			t.Errorf("ParsePosition(%q) error %q is not one line with an example", s, msg)
		}
	}
}

func TestCardsNewErrors(t *testing.T) {
	for _, spec := range []string{"cards:first=1..13", "cards:second=0/1", "cards:target=0", "cards:first=100", "cards:cards=3"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		}
	}
	for _, hands := range [][2][]int{{nil, {1}}, {{1}, make([]int, 13)}, {{0}, {1}}} {
		if _, err := NewCards(hands[0], hands[1], 23); err == nil {
			t.Errorf("NewCards(%v) accepted", hands)
		}
	}
	if _, err := NewCards([]int{1}, []int{1}, 0); err == nil {
		t.Error("NewCards with target 0 accepted")
	}
}

// cardsReachable walks the game by Moves alone, checking on the way that
// text forms, keys and the key-level rules agree with it.
func cardsReachable(t *testing.T, g *Cards) int {
	t.Helper()
	start := g.Start().(CardsPosition)
	seen := map[CardsPosition]bool{start: true}
	for queue := []CardsPosition{start}; len(queue) > 0; queue = queue[1:] {
		p := queue[0]
		text := g.FormatPosition(p)
		if q, err := g.ParsePosition(text); err != nil || q != p {
			t.Fatalf("ParsePosition(%q) = %v, %v; want %+v", text, q, err, p)
		}
		key := g.Encode(p)
		if key == ^uint64(0) || g.Decode(key) != p || g.Rank(key) >= g.RankSize() {
			t.Fatalf("%s: key %d decodes to %+v, rank %d of %d", text, key, g.Decode(key), g.Rank(key), g.RankSize())
		}
		v, ended := g.Ended(p)
		if vk, ek := g.EndedKey(key); vk != v || ek != ended {
			t.Fatalf("%s: EndedKey %v,%v, Ended %v,%v", text, vk, ek, v, ended)
		}
		if ended {
			continue
		}
		var want []uint64
		names := map[string]bool{}
		for _, m := range g.Moves(p) {
			to := m.To.(CardsPosition)
			if names[m.Name] {
				t.Fatalf("%s: move %s twice", text, m.Name)
			}
			names[m.Name] = true
			if g.Turn(to) != g.Turn(p).Other() || g.Tier(g.Encode(to)) != g.Tier(key)+1 {
				t.Fatalf("%s: move %s keeps the turn or tier", text, m.Name)
			}
			want = append(want, g.Encode(to))
			if !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
		got := g.AppendChildren(nil, key)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: AppendChildren %v, Moves %v", text, got, want)
		}
	}
	return len(seen)
}

func TestCardsConsistency(t *testing.T) {
	for _, spec := range []string{"cards", "cards:target=21", "cards:first=1/1/2/3/5,second=2..6,target=20",
		"cards:first=1..3,second=1/2,target=99", "cards:first=2/2/2,second=2/2/2,target=8", "cards:first=1..7,second=1..6,target=30"} {
		t.Run(spec, func(t *testing.T) { cardsReachable(t, cardsNew(t, spec)) })
	}
}

// cardsPost is the solver of the post of seed 000, ported as written: dp
// over the played masks a and b, true when the player to move wins. It
// knows nothing of ties or equal cards, which the default game has neither of.
type cardsPost struct {
	w      []int
	target int
	dp     map[[2]int]bool
}

func (c *cardsPost) dfs(a, b, sum int) bool {
	if r, ok := c.dp[[2]int{a, b}]; ok {
		return r
	}
	firstToMove := bits.OnesCount(uint(a))%2 == bits.OnesCount(uint(b))%2
	var res bool
	switch {
	case sum == c.target:
		res = !firstToMove
	case sum > c.target:
		res = firstToMove
	default:
		for i, v := range c.w {
			if firstToMove && a&(1<<i) == 0 && !c.dfs(a|1<<i, b, sum+v) ||
				!firstToMove && b&(1<<i) == 0 && !c.dfs(a, b|1<<i, sum+v) {
				res = true
			}
		}
	}
	c.dp[[2]int{a, b}] = res
	return res
}

// cardsSolve is plain negamax over the Game interface.
func cardsSolve(g sente.Game, p sente.Position, memo map[string]sente.Value) sente.Value {
	text := g.FormatPosition(p)
	if v, ok := memo[text]; ok {
		return v
	}
	v, ended := g.Ended(p)
	if !ended {
		v = sente.Lose
		for _, m := range g.Moves(p) {
			switch cardsSolve(g, m.To, memo).Flip() {
			case sente.Win:
				v = sente.Win
			case sente.Tie:
				if v == sente.Lose {
					v = sente.Tie
				}
			}
		}
	}
	memo[text] = v
	return v
}

// TestCardsPost pins the count of reachable positions and the published
// answer, both checked against the post's own program.
func TestCardsPost(t *testing.T) {
	const reachable = 458
	g := cardsNew(t, "cards")
	post := &cardsPost{w: []int{1, 2, 3, 4, 5}, target: 23, dp: map[[2]int]bool{}}
	post.dfs(0, 0, 0)
	if n := cardsReachable(t, g); n != reachable || len(post.dp) != reachable {
		t.Errorf("reachable positions: %d by Moves, %d by the post's program; want %d", n, len(post.dp), reachable)
	}
	memo := map[string]sente.Value{}
	if v := cardsSolve(g, g.Start(), memo); v != sente.Win {
		t.Errorf("start = %v for the first player, want win", v)
	}
	for ab, win := range post.dp {
		p := CardsPosition{First: uint16(ab[0]), Second: uint16(ab[1])}
		if v := cardsSolve(g, p, memo); (v == sente.Win) != win || v == sente.Tie {
			t.Errorf("%s: %v, the post says win=%v", g.FormatPosition(p), v, win)
		}
	}
	// The second player's only chance: answer an opening 1 with 1, then
	// every x with 7-x.
	for _, open := range g.Moves(g.Start()) {
		var wins []string
		for _, reply := range g.Moves(open.To) {
			if cardsSolve(g, reply.To, memo) == sente.Lose {
				wins = append(wins, reply.Name)
			}
		}
		want := []string(nil)
		if open.Name == "1" {
			want = []string{"1"}
		}
		if !slices.Equal(wins, want) {
			t.Errorf("after opening %s the second player wins by %v, want %v", open.Name, wins, want)
		}
	}
	var follow func(p sente.Position)
	follow = func(p sente.Position) {
		if v, ended := g.Ended(p); ended {
			if sente.Winner(g.Turn(p), v) != sente.Second {
				t.Errorf("playing 7-x the second player does not win at %s", g.FormatPosition(p))
			}
			return
		}
		for _, m := range g.Moves(p) {
			x, _ := strconv.Atoi(m.Name)
			i := slices.IndexFunc(g.Moves(m.To), func(r sente.Move) bool { return r.Name == strconv.Itoa(7-x) })
			if v, ended := g.Ended(m.To); ended || i < 0 {
				t.Errorf("after %s: %v, %v; no reply %d", g.FormatPosition(m.To), v, ended, 7-x)
				continue
			}
			follow(g.Moves(m.To)[i].To)
		}
	}
	follow(cardsParse(t, g, "1/1"))
}

func TestCardsNoAlloc(t *testing.T) {
	g := cardsNew(t, "cards")
	dst := make([]uint64, 0, 16)
	allocs := testing.AllocsPerRun(20, func() {
		for key := range g.RankSize() {
			if _, ended := g.EndedKey(key); !ended {
				dst = g.AppendChildren(dst[:0], key)
			}
			_ = g.Tier(key) + int(g.Rank(key))
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per pass over the keys", allocs)
	}
}

func TestCardsDescribe(t *testing.T) {
	d := cardsNew(t, "cards").Describe()
	if d.Summary == "" || strings.Contains(d.Summary, "\n") || d.Rules == "" || !strings.Contains(d.Position, "-/-") {
		t.Errorf("incomplete description %+v", d)
	}
	for _, spec := range d.Examples {
		if _, err := New(spec); err != nil {
			t.Errorf("example %q: %v", spec, err)
		}
	}
}

func TestCardsFeatures(t *testing.T) {
	g, err := New("cards")
	if err != nil {
		t.Fatal(err)
	}
	fs := g.(sente.Featured).Features()
	if len(fs) != 2 || fs[0].Name != "first" || fs[1].Name != "second" || fs[0].Size != 32 {
		t.Fatalf("features %+v", fs)
	}
	p, err := g.ParsePosition("1,3/2")
	if err != nil {
		t.Fatal(err)
	}
	if got := fs[0].Of(p); got != 0b101 || fs[0].Label(got) != "1,3" {
		t.Errorf("first: %d %q, want 5 \"1,3\"", got, fs[0].Label(got))
	}
	if got := fs[1].Of(p); got != 0b10 || fs[1].Label(got) != "2" || fs[1].Label(0) != "-" {
		t.Errorf("second: %d %q", got, fs[1].Label(got))
	}
}
