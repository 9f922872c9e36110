package games

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// Helpers shared by the tests of the impartial games (nim, tofu,
// consecutive, count and the heap games).

func impNew(t testing.TB, spec string) sente.Game {
	t.Helper()
	g, err := New(spec)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return g
}

func impParse(t testing.TB, g sente.Game, s string) sente.Position {
	t.Helper()
	p, err := g.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

func impNames(moves []sente.Move) []string {
	var names []string
	for _, m := range moves {
		names = append(names, m.Name)
	}
	return names
}

// impWalk visits every position reachable from root (the start when nil),
// at most limit of them, checks each with impCheck, and returns them in the
// order visited.
func impWalk(t *testing.T, g sente.Game, root sente.Position, limit int) []sente.Position {
	t.Helper()
	if root == nil {
		root = g.Start()
	}
	seen := map[sente.Position]bool{root: true}
	order := []sente.Position{root}
	for i := 0; i < len(order); i++ {
		for _, m := range impCheck(t, g, order[i]) {
			if !seen[m.To] {
				seen[m.To] = true
				order = append(order, m.To)
				if len(order) > limit {
					t.Fatalf("more than %d positions reachable", limit)
				}
			}
		}
	}
	return order
}

// impCheck checks one position of an impartial game and returns its moves:
// its text form round trips, the Encoder agrees with the Game (keys, Decode,
// EndedKey, AppendChildren as a sorted set of keys), move names are unique,
// every move passes the turn, and its components are positions of the game
// with the first player to move, each its own only component.
func impCheck(t *testing.T, g sente.Game, p sente.Position) []sente.Move {
	t.Helper()
	if imp, ok := g.(sente.Impartial); !ok || !imp.Impartial() {
		t.Fatalf("%T is not impartial", g)
	}
	checkText := func(p sente.Position) string {
		text := g.FormatPosition(p)
		q, err := g.ParsePosition(text)
		if err != nil || !reflect.DeepEqual(q, p) {
			t.Fatalf("ParsePosition(%q) = %#v, %v; want %#v", text, q, err, p)
		}
		if again := g.FormatPosition(q); again != text {
			t.Fatalf("FormatPosition not stable: %q then %q", text, again)
		}
		return text
	}
	text := checkText(p)
	v, ended := g.Ended(p)
	enc, hasEnc := g.(sente.Encoder)
	var key uint64
	if hasEnc {
		key = enc.Encode(p)
		if key == ^uint64(0) {
			t.Fatalf("%s: the reserved key", text)
		}
		if d := enc.Decode(key); !reflect.DeepEqual(d, p) {
			t.Fatalf("%s: key %#x decodes to %#v", text, key, d)
		}
		if vk, ek := enc.EndedKey(key); vk != v || ek != ended {
			t.Fatalf("%s: EndedKey %v, %v; Ended %v, %v", text, vk, ek, v, ended)
		}
	}
	if split, ok := g.(sente.Splitter); ok {
		for _, c := range split.Components(p) {
			ctext := checkText(c)
			if g.Turn(c) != sente.First {
				t.Fatalf("%s: component %s is not canonical (first to move)", text, ctext)
			}
			if cc := split.Components(c); len(cc) != 1 || !reflect.DeepEqual(cc[0], c) {
				t.Fatalf("%s: component %s splits into %v", text, ctext, cc)
			}
		}
	}
	if ended {
		return nil
	}
	moves := g.Moves(p)
	var want []uint64
	names := map[string]bool{}
	for _, m := range moves {
		if m.Name == "" || names[m.Name] {
			t.Fatalf("%s: move %q empty or repeated", text, m.Name)
		}
		names[m.Name] = true
		if g.Turn(m.To) != g.Turn(p).Other() {
			t.Fatalf("%s: move %s does not pass the turn", text, m.Name)
		}
		if hasEnc {
			want = append(want, enc.Encode(m.To))
		}
	}
	if hasEnc {
		got := enc.AppendChildren(nil, key)
		slices.Sort(got)
		slices.Sort(want)
		if got, want = slices.Compact(got), slices.Compact(want); !slices.Equal(got, want) {
			t.Fatalf("%s: AppendChildren %x, Moves %x", text, got, want)
		}
	}
	return moves
}

// impSolve is plain negamax over the Game interface for acyclic games with
// no ties: true when the player to move wins.
func impSolve(g sente.Game, p sente.Position, memo map[sente.Position]bool) bool {
	if win, ok := memo[p]; ok {
		return win
	}
	v, ended := g.Ended(p)
	win := ended && v == sente.Win
	if !ended {
		for _, m := range g.Moves(p) {
			if !impSolve(g, m.To, memo) {
				win = true
				break
			}
		}
	}
	memo[p] = win
	return win
}

// impGrundy is the Grundy value of a normal-play position by mex over the
// game's moves.
func impGrundy(g sente.Game, p sente.Position, memo map[sente.Position]int) int {
	if v, ok := memo[p]; ok {
		return v
	}
	var seen []bool
	for _, m := range g.Moves(p) {
		v := impGrundy(g, m.To, memo)
		for len(seen) <= v {
			seen = append(seen, false)
		}
		seen[v] = true
	}
	v := impMex(seen)
	memo[p] = v
	return v
}

func impMex(seen []bool) int {
	v := 0
	for v < len(seen) && seen[v] {
		v++
	}
	return v
}

// impCheckSplit checks, for each position, that its Grundy value is the XOR
// of its components' values and that its winner follows from it.
func impCheckSplit(t *testing.T, g sente.Game, positions []sente.Position) {
	t.Helper()
	split := g.(sente.Splitter)
	grundy := map[sente.Position]int{}
	wins := map[sente.Position]bool{}
	for _, p := range positions {
		x := 0
		for _, c := range split.Components(p) {
			x ^= impGrundy(g, c, grundy)
		}
		if v := impGrundy(g, p, grundy); v != x {
			t.Fatalf("%s: Grundy value %d, components XOR to %d", g.FormatPosition(p), v, x)
		}
		if win := impSolve(g, p, wins); win != (x != 0) {
			t.Fatalf("%s: win=%v but the components XOR to %d", g.FormatPosition(p), win, x)
		}
	}
}

// impCheckParseErrors checks that each text is refused with a one-line error
// that says what is wanted, with an example, and returns a plain nil.
func impCheckParseErrors(t *testing.T, g sente.Game, texts []string) {
	t.Helper()
	for _, s := range texts {
		p, err := g.ParsePosition(s)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted: %#v", s, p)
			continue
		}
		if p != nil {
			t.Errorf("ParsePosition(%q) failed but returned %#v", s, p)
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "want") || !strings.Contains(msg, "e.g.") {
			t.Errorf("ParsePosition(%q) error %q is not one line saying what is wanted with an example", s, msg)
		}
	}
}

// impCheckNewErrors checks that each spec is refused with a plain nil game.
func impCheckNewErrors(t *testing.T, specs []string) {
	t.Helper()
	for _, spec := range specs {
		g, err := New(spec)
		if err == nil {
			t.Errorf("New(%q) accepted", spec)
		} else if g != nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("New(%q) = %#v, %q; want a plain nil and a one-line error", spec, g, err)
		}
	}
}

// impCheckDescribe checks the description of the game of spec and that its
// examples make games.
func impCheckDescribe(t *testing.T, spec, start string) {
	t.Helper()
	g := impNew(t, spec)
	d := g.(sente.Describer).Describe()
	if d.Summary == "" || strings.Contains(d.Summary, "\n") || d.Rules == "" || !strings.Contains(d.Position, start) || len(d.Examples) == 0 {
		t.Errorf("%s: incomplete description %+v", spec, d)
	}
	if f, err := Lookup(strings.SplitN(spec, ":", 2)[0]); err != nil || f.Summary != d.Summary {
		t.Errorf("%s: family summary %q, description %q", spec, f.Summary, d.Summary)
	}
	for _, ex := range d.Examples {
		if _, err := New(ex); err != nil {
			t.Errorf("%s: example %q: %v", spec, ex, err)
		}
	}
	if g.FormatPosition(g.Start()) != start {
		t.Errorf("%s: start %q, want %q", spec, g.FormatPosition(g.Start()), start)
	}
}

func TestNimStart(t *testing.T) {
	g := impNew(t, "nim")
	p := g.Start()
	if s := g.FormatPosition(p); s != "3/4/5 first" {
		t.Errorf("start = %q", s)
	}
	want := []string{"1-3", "1-2", "1-1", "2-4", "2-3", "2-2", "2-1", "3-5", "3-4", "3-3", "3-2", "3-1"}
	if names := impNames(g.Moves(p)); !slices.Equal(names, want) {
		t.Errorf("start moves %v, want %v", names, want)
	}
	m := g.Moves(p)[1]
	if s := g.FormatPosition(m.To); s != "1/4/5 second" {
		t.Errorf("after %s: %q, want 1/4/5 second", m.Name, s)
	}
	enc := g.(sente.Encoder)
	if key := enc.Encode(m.To); key != 1|4<<6|5<<12|1<<18 {
		t.Errorf("key of 1/4/5 second = %#x", key)
	}
	if v, ended := g.Ended(impParse(t, g, "0/0/0")); ended {
		t.Errorf("normal play 0/0/0 ended with %v", v)
	}
	if g.Turn(impParse(t, g, "0/0/0 second")) != sente.Second || g.Turn(impParse(t, g, "0/0/0")) != sente.First {
		t.Error("turn not read")
	}
}

func TestNimCapabilities(t *testing.T) {
	normal, misere := impNew(t, "nim"), impNew(t, "nim:misere=true")
	if _, ok := normal.(sente.Splitter); !ok {
		t.Error("normal-play nim is no Splitter")
	}
	if _, ok := misere.(sente.Splitter); ok {
		t.Error("misère nim is a Splitter")
	}
	for _, g := range []sente.Game{normal, misere} {
		if _, ok := g.(sente.Heaps); ok {
			t.Errorf("%T offers Heaps", g)
		}
		if _, ok := g.(sente.Encoder); !ok {
			t.Errorf("%T has no Encoder", g)
		}
		if d, ok := g.(sente.Drawer); !ok || !strings.Contains(d.Draw(g.Start()), "ooooo") {
			t.Errorf("%T draws no heaps", g)
		}
	}
	if !misere.(*Nim).Misere() || normal.(nimNormal).Misere() {
		t.Error("Misere() wrong")
	}
	parts := normal.(sente.Splitter).Components(impParse(t, normal, "3/0/5 second"))
	var texts []string
	for _, c := range parts {
		texts = append(texts, normal.FormatPosition(c))
	}
	if !slices.Equal(texts, []string{"3/0/0 first", "0/0/5 first"}) {
		t.Errorf("components %v", texts)
	}
}

func TestNimConsistency(t *testing.T) {
	for _, spec := range []string{"nim", "nim:misere=true", "nim:heaps=1/2/3", "nim:heaps=0/5", "nim:heaps=2/2/2/2,misere=true",
		"nim:heaps=7", "nim:heaps=1/1/1/1/1/1/1/1", "nim:heaps=63/1", "nim:heaps=0"} {
		t.Run(spec, func(t *testing.T) {
			g := impNew(t, spec)
			positions := impWalk(t, g, nil, 1<<16)
			if _, ok := g.(sente.Splitter); ok {
				impCheckSplit(t, g, positions)
			}
		})
	}
}

// TestNimBouton: under normal play the player to move loses exactly when
// the XOR of the heaps is 0; under misère play likewise, except when no heap
// has more than one object, when they lose exactly if the XOR is 1.
func TestNimBouton(t *testing.T) {
	for _, spec := range []string{"nim:heaps=3/4/5", "nim:heaps=1/2/3/4", "nim:heaps=6/6/1", "nim:heaps=1/1/1/1/1/1/1", "nim:heaps=2/5/0/7"} {
		for _, misere := range []bool{false, true} {
			spec := spec
			if misere {
				spec += ",misere=true"
			}
			g := impNew(t, spec)
			memo := map[sente.Position]bool{}
			for _, p := range impWalk(t, g, nil, 1<<16) {
				x, big := 0, false
				for _, h := range p.(NimPosition).Heaps {
					x ^= int(h)
					big = big || h > 1
				}
				want := x != 0
				if misere && !big {
					want = x == 0
				}
				if win := impSolve(g, p, memo); win != want {
					t.Errorf("%s %s: win=%v, want %v", spec, g.FormatPosition(p), win, want)
				}
			}
		}
	}
	g := impNew(t, "nim:misere=true")
	if v, ended := g.Ended(impParse(t, g, "0/0/0 second")); !ended || v != sente.Win {
		t.Errorf("misère 0/0/0: %v, %v; want a win for the player to move", v, ended)
	}
}

func TestNimParse(t *testing.T) {
	g := impNew(t, "nim")
	for _, tt := range []struct{ in, out string }{
		{"3/4/5", "3/4/5 first"}, {" 1,2,3  second ", "1/2/3 second"}, {"0/0/63 FIRST", "0/0/63 first"}, {"0/0/0 Second", "0/0/0 second"},
	} {
		if s := g.FormatPosition(impParse(t, g, tt.in)); s != tt.out {
			t.Errorf("%q reads as %q, want %q", tt.in, s, tt.out)
		}
	}
	impCheckParseErrors(t, g, []string{"", "3/4", "3/4/5/6", "3/4/64", "3/-1/5", "3//5", "3/4/5/", "/3/4/5", "a/b/c", "3/4/5 third",
		"3/4/5 first x", "3 4 5", "3/4/5 1", "3/4/+5x"})
}

func TestNimNewErrors(t *testing.T) {
	impCheckNewErrors(t, []string{"nim:heaps=64", "nim:heaps=1/2/3/4/5/6/7/8/9", "nim:heaps=-1", "nim:misere=maybe", "nim:size=3"})
	for _, heaps := range [][]int{nil, {64}, {-1}, make([]int, 9)} {
		if g, err := NewNim(heaps, false); err == nil || g != nil {
			t.Errorf("NewNim(%v) = %v, %v", heaps, g, err)
		}
	}
}

func TestNimDescribe(t *testing.T) {
	impCheckDescribe(t, "nim", "3/4/5 first")
	impCheckDescribe(t, "nim:misere=true", "3/4/5 first")
}

// checkHeapsBoard checks the "heaps" board of p, whose heaps are sizes:
// a row of tokens per heap, named "heap 1" on, and every move of p placed
// exactly once, on the token a click takes from: a move that leaves c of
// the n tokens of heap r is on token c of row r, so that the token clicked
// and those to its right are the ones taken. After the move the heaps
// are sizes with heap r at c, in order when ordered, as a collection (the
// empty heaps left out) otherwise. It returns the number of moves placed.
func checkHeapsBoard(t *testing.T, g sente.Game, p sente.Position, sizes func(sente.Position) []int, ordered bool) int {
	t.Helper()
	bd := sente.CapabilitiesOf(g).Boarder
	if bd == nil {
		t.Fatalf("%T has no board", g)
	}
	text := g.FormatPosition(p)
	b := bd.Board(p)
	hs := sizes(p)
	if b.Style != "heaps" || len(b.Cells) != len(hs) || len(b.RowLabels) != len(hs) {
		t.Fatalf("%s: style %q, %d rows, labels %q; want heaps, %d rows", text, b.Style, len(b.Cells), b.RowLabels, len(hs))
	}
	for r, row := range b.Cells {
		if len(row) != hs[r] || b.RowLabels[r] != "heap "+strconv.Itoa(r+1) {
			t.Fatalf("%s: row %d (%q) has %d tokens, want %d", text, r, b.RowLabels[r], len(row), hs[r])
		}
		for _, c := range row {
			if c != heapToken {
				t.Fatalf("%s: row %d shows %q", text, r, c)
			}
		}
	}
	if b.Moves == nil {
		t.Fatalf("%s: no board moves", text)
	}
	var moves []sente.Move
	if _, ended := g.Ended(p); !ended {
		moves = g.Moves(p)
	}
	to := map[string]sente.Position{}
	for _, m := range moves {
		to[m.Name] = m.To
	}
	placed := map[string]bool{}
	for _, bm := range b.Moves {
		after, ok := to[bm.Name]
		switch {
		case !ok:
			t.Fatalf("%s: the board places %q, not a move (moves %v)", text, bm.Name, impNames(moves))
		case placed[bm.Name]:
			t.Fatalf("%s: the board places %q twice", text, bm.Name)
		case bm.From != nil || !inside(b, bm.To):
			t.Fatalf("%s: %q is placed at %+v from %v, not on a token", text, bm.Name, bm.To, bm.From)
		}
		placed[bm.Name] = true
		want := slices.Clone(hs)
		want[bm.To.Row] = bm.To.Col
		got := sizes(after)
		if !ordered {
			want = slices.DeleteFunc(want, func(h int) bool { return h == 0 })
			got = slices.DeleteFunc(slices.Clone(got), func(h int) bool { return h == 0 })
			slices.Sort(want)
			slices.Sort(got)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %q, placed on token %d of heap %d, leaves %v; a click there leaves %v", text, bm.Name, bm.To.Col, bm.To.Row+1, got, want)
		}
	}
	if len(placed) != len(moves) {
		t.Fatalf("%s: the board places %d of the %d moves %v", text, len(placed), len(moves), impNames(moves))
	}
	return len(placed)
}

// TestNimBoard: nim is drawn as heaps of tokens, an empty heap an empty
// row, under normal and misère play and with any number of heaps; in
// every reachable position each move is on the token whose click takes
// that many from the right of its heap, once ("1-2" on token 1 of a heap
// of 3), and the ended position of misère play places none.
func TestNimBoard(t *testing.T) {
	nimSizes := func(k int) func(sente.Position) []int {
		return func(p sente.Position) []int {
			hs := make([]int, k)
			for i := range hs {
				hs[i] = int(p.(NimPosition).Heaps[i])
			}
			return hs
		}
	}
	for _, tc := range []struct {
		spec string
		k    int
	}{
		{"nim:heaps=1/2/3", 3}, {"nim:heaps=3/4/5,misere=true", 3}, {"nim:heaps=0/5", 2}, {"nim:heaps=7", 1},
		{"nim:heaps=1/1/1/1/1/1/1/1", 8}, {"nim:heaps=2/0/2/3,misere=true", 4}, {"nim:heaps=0", 1},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			g := impNew(t, tc.spec)
			placed := 0
			for _, p := range impWalk(t, g, nil, 1<<16) {
				placed += checkHeapsBoard(t, g, p, nimSizes(tc.k), true)
			}
			if placed == 0 && tc.spec != "nim:heaps=0" {
				t.Error("no move placed")
			}
		})
	}
	g := impNew(t, "nim:heaps=3/0/5,misere=true")
	b := sente.CapabilitiesOf(g).Boarder.Board(g.Start())
	i := slices.IndexFunc(b.Moves, func(m sente.BoardMove) bool { return m.Name == "1-2" })
	if i < 0 || b.Moves[i].To != (sente.BoardCell{Row: 0, Col: 1}) || len(b.Cells[1]) != 0 || !strings.Contains(b.Caption, "misère") {
		t.Errorf("misère nim 3/0/5: 1-2 at %v, rows %q, caption %q", b.Moves, b.Cells, b.Caption)
	}
	if end := sente.CapabilitiesOf(g).Boarder.Board(impParse(t, g, "0/0/0 second")); len(end.Cells) != 3 || len(end.Moves) != 0 {
		t.Errorf("misère nim at its end: %+v", end)
	}
}
