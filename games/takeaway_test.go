package games

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// heapTestValues computes the Grundy values of single heaps of 0 to n
// straight from the digits, as Winning Ways defines them: taking i tokens
// (i >= 1) may leave nothing when the heap was exactly i (digit bit 1), one
// heap when more remains (bit 2), or two non-empty heaps (bit 4, also for
// i = 0); with unequal, the two heaps must differ.
func heapTestValues(digits []uint8, unequal bool, n int) []int {
	g := make([]int, n+1)
	for k := 1; k <= n; k++ {
		seen := map[int]bool{}
		for i, d := range digits {
			if i > k {
				break
			}
			r := k - i
			if i > 0 && d&1 != 0 && r == 0 {
				seen[0] = true
			}
			if i > 0 && d&2 != 0 && r > 0 {
				seen[g[r]] = true
			}
			if d&4 != 0 {
				for a := 1; a < r; a++ {
					if !unequal || 2*a != r {
						seen[g[a]^g[r-a]] = true
					}
				}
			}
		}
		for seen[g[k]] {
			g[k]++
		}
	}
	return g
}

func heapHeaps(p sente.Position) []int { return p.(HeapPosition).Heaps() }

func TestParseOctal(t *testing.T) {
	for _, tt := range []struct {
		code string
		want []uint8
	}{
		{"0.77", []uint8{0, 7, 7}},
		{".77", []uint8{0, 7, 7}},
		{"0·07", []uint8{0, 0, 7}},
		{" 0.137 ", []uint8{0, 1, 3, 7}},
		{"4.07", []uint8{4, 0, 7}},
		{"4.0", []uint8{4, 0}},
		{"0.0", []uint8{0, 0}},
		{"0." + strings.Repeat("7", 32), append([]uint8{0}, slices.Repeat([]uint8{7}, 32)...)},
	} {
		r, err := ParseOctal(tt.code)
		if err != nil || !slices.Equal(r.Digits, tt.want) || r.Unequal {
			t.Errorf("ParseOctal(%q) = %v, %v; want %v", tt.code, r, err, tt.want)
		}
	}
	for _, code := range []string{"", "0", "77", "0.", "1.77", "2.7", "0.78", "0.7a", "00.77", "0..7", "0.7.7", "4", "-0.7", "0,77", "0.٧",
		"0." + strings.Repeat("7", 33)} {
		_, err := ParseOctal(code)
		if err == nil {
			t.Errorf("ParseOctal(%q) accepted", code)
		} else if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "want") || !strings.Contains(msg, "e.g.") {
			t.Errorf("ParseOctal(%q): error %q is not one line saying what is wanted with an example", code, msg)
		}
	}
}

func TestHeapRules(t *testing.T) {
	for _, tt := range []struct {
		spec    string
		digits  []uint8
		unequal bool
	}{
		{"octal", []uint8{0, 7, 7}, false},
		{"octal:0.137", []uint8{0, 1, 3, 7}, false},
		{"octal:code=4.07,n=5", []uint8{4, 0, 7}, false},
		{"kayles", []uint8{0, 7, 7}, false},
		{"dawson", []uint8{0, 0, 7}, false},
		{"dawsonchess", []uint8{0, 1, 3, 7}, false},
		{"grundy", []uint8{4}, true},
		{"subtraction", []uint8{0, 3, 3, 3}, false},
		{"subtraction:1,3,4", []uint8{0, 3, 0, 3, 3}, false},
		{"subtraction:4/1/3/3", []uint8{0, 3, 0, 3, 3}, false},
		{"subtraction:2..3,n=7", []uint8{0, 0, 3, 3}, false},
	} {
		g := impNew(t, tt.spec)
		r := g.(sente.Heaps).HeapRules()
		if !slices.Equal(r.Digits, tt.digits) || r.Unequal != tt.unequal {
			t.Errorf("%s: HeapRules %v, want %v unequal=%v", tt.spec, r, tt.digits, tt.unequal)
		}
		r.Digits[0] = 9 // a copy: the game must not change
		if g.(sente.Heaps).HeapRules().Digits[0] == 9 {
			t.Errorf("%s: HeapRules shares its digits", tt.spec)
		}
	}
	if r, err := SubtractionRules([]int{5, 2, 5}); err != nil || !slices.Equal(r.Digits, []uint8{0, 0, 3, 0, 0, 3}) {
		t.Errorf("SubtractionRules(5,2,5) = %v, %v", r, err)
	}
	for _, set := range [][]int{nil, {0}, {1, 1001}, {-3}} {
		if _, err := SubtractionRules(set); err == nil {
			t.Errorf("SubtractionRules(%v) accepted", set)
		}
	}
}

// heapTestSpecs are small heap games whose every reachable position the
// tests visit.
var heapTestSpecs = []string{
	"kayles:n=18", "dawson:n=18", "dawsonchess:n=18", "grundy:n=18",
	"octal:0.77,n=14", "octal:4.07,n=12", "octal:4.0,n=10", "octal:0.6,n=14", "octal:0.31,n=15", "octal:0.0,n=5", "octal:4.3,n=12",
	"subtraction:1,3,4,n=20", "subtraction:2/5,n=20", "subtraction:n=17", "kayles:n=0", "kayles:n=1",
}

// TestHeapMovesMatchOptions: the moves from every reachable position are
// the options of HeapRules on each distinct heap size, with names that say
// what they do.
func TestHeapMovesMatchOptions(t *testing.T) {
	for _, spec := range heapTestSpecs {
		t.Run(spec, func(t *testing.T) {
			g := impNew(t, spec)
			rules := g.(sente.Heaps).HeapRules()
			for _, p := range impWalk(t, g, nil, 1<<16) {
				hs := heapHeaps(p)
				var want []string
				for i, h := range hs {
					if i > 0 && hs[i-1] == h {
						continue
					}
					rules.Options(h, func(a, b int) {
						rest := slices.Concat(hs[:i], hs[i+1:], []int{a, b})
						want = append(want, g.FormatPosition(heapPosition(rest, g.Turn(p).Other())))
					})
				}
				var got []string
				for _, m := range g.Moves(p) {
					to := g.FormatPosition(m.To)
					got = append(got, to)
					// The name: SIZE-TAKEN, SIZE-TAKEN=A+B or SIZE=A+B.
					lhs, rhs, split := strings.Cut(m.Name, "=")
					hText, takenText, took := strings.Cut(lhs, "-")
					h, _ := strconv.Atoi(hText)
					taken, _ := strconv.Atoi(takenText)
					left := []int{h - taken}
					if split {
						a, b, _ := strings.Cut(rhs, "+")
						na, _ := strconv.Atoi(a)
						nb, _ := strconv.Atoi(b)
						left = []int{na, nb}
						if na+nb != h-taken || na > nb {
							t.Fatalf("%s: move %s does not add up", g.FormatPosition(p), m.Name)
						}
					}
					if !took && !split || took && taken < 1 || !slices.Contains(hs, h) {
						t.Fatalf("%s: move %s is not SIZE-TAKEN[=A+B] or SIZE=A+B of a heap", g.FormatPosition(p), m.Name)
					}
					i := slices.Index(hs, h)
					if named := heapPosition(slices.Concat(hs[:i], hs[i+1:], left), g.Turn(p).Other()); !reflect.DeepEqual(named, m.To) {
						t.Fatalf("%s: move %s leads to %s", g.FormatPosition(p), m.Name, to)
					}
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: moves to %v, options %v", g.FormatPosition(p), got, want)
				}
			}
		})
	}
}

// TestHeapValues: every reachable position's winner, by brute force over
// the game's moves, is given by the XOR of its heaps' values computed from
// the digits alone; and the game's own Grundy values are that XOR.
func TestHeapValues(t *testing.T) {
	for _, spec := range heapTestSpecs {
		t.Run(spec, func(t *testing.T) {
			g := impNew(t, spec)
			r := g.(sente.Heaps).HeapRules()
			n := g.(interface{ N() int }).N()
			values := heapTestValues(r.Digits, r.Unequal, n)
			positions := impWalk(t, g, nil, 1<<16)
			memo := map[sente.Position]bool{}
			for _, p := range positions {
				x := 0
				for _, h := range heapHeaps(p) {
					x ^= values[h]
				}
				if win := impSolve(g, p, memo); win != (x != 0) {
					t.Fatalf("%s: win=%v, heap values XOR to %d", g.FormatPosition(p), win, x)
				}
			}
			impCheckSplit(t, g, positions)
		})
	}
	// Positions with several heaps from the start, parsed.
	g := impNew(t, "kayles:n=16")
	values := heapTestValues([]uint8{0, 7, 7}, false, 16)
	for _, s := range []string{"1+2+3", "4+4", "5+6+5", "2+3+11", "1+1+1+1+1+1", "8+8", "7+9"} {
		p := impParse(t, g, s)
		x := 0
		for _, h := range heapHeaps(p) {
			x ^= values[h]
		}
		if win := impSolve(g, p, map[sente.Position]bool{}); win != (x != 0) {
			t.Errorf("kayles %s: win=%v, XOR %d", s, win, x)
		}
	}
}

// TestHeapPublishedValues pins the start of the published Grundy sequences
// (OEIS A002186 Kayles, A002188 Grundy's game, A002187 Dawson's chess) and
// the relations between the games.
func TestHeapPublishedValues(t *testing.T) {
	for _, tt := range []struct {
		name    string
		digits  []uint8
		unequal bool
		want    []int
	}{
		{"kayles", []uint8{0, 7, 7}, false, []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7}},
		{"grundy", []uint8{4}, true, []int{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0}},
		{"dawsonchess", []uint8{0, 1, 3, 7}, false, []int{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2}},
		{"subtraction 1,2,3", []uint8{0, 3, 3, 3}, false, []int{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}},
		{"subtraction 1,3,4", []uint8{0, 3, 0, 3, 3}, false, []int{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}},
	} {
		if got := heapTestValues(tt.digits, tt.unequal, len(tt.want)-1); !slices.Equal(got, tt.want) {
			t.Errorf("%s: values %v, published %v", tt.name, got, tt.want)
		}
	}
	// Dawson's Kayles is Dawson's chess shifted by one.
	dk, dc := heapTestValues([]uint8{0, 0, 7}, false, 200), heapTestValues([]uint8{0, 1, 3, 7}, false, 199)
	for n := range dc {
		if dk[n+1] != dc[n] {
			t.Fatalf("Dawson's Kayles %d is worth %d, Dawson's chess %d %d", n+1, dk[n+1], n, dc[n])
		}
	}
	// The game agrees through its own moves.
	for _, tt := range []struct {
		spec string
		want int
	}{{"kayles:n=27", 8}, {"grundy:n=13", 3}, {"dawsonchess:n=15", 5}, {"dawson:n=16", 5}} {
		g := impNew(t, tt.spec)
		if v := impGrundy(g, g.Start(), map[sente.Position]int{}); v != tt.want {
			t.Errorf("%s: start worth %d, want %d", tt.spec, v, tt.want)
		}
	}
}

func TestHeapEncoder(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		keyed bool
	}{{"kayles:n=61", true}, {"kayles:n=62", false}, {"grundy:n=1000", false}, {"octal:0.07,n=3", true}} {
		g := impNew(t, tt.spec)
		if _, ok := g.(sente.Encoder); ok != tt.keyed {
			t.Errorf("%s: Encoder %v, want %v", tt.spec, ok, tt.keyed)
		}
		for _, c := range []sente.Position{g.Start(), g.Moves(g.Start())[0].To} {
			if _, ok := g.(sente.Splitter); !ok {
				t.Errorf("%s: no Splitter", tt.spec)
			} else if parts := g.(sente.Splitter).Components(c); len(parts) != len(heapHeaps(c)) {
				t.Errorf("%s: %d components of %s", tt.spec, len(parts), g.FormatPosition(c))
			}
		}
	}
	g := impNew(t, "kayles")
	enc := g.(sente.Encoder)
	p := impParse(t, g, "3+5 second")
	if key := enc.Encode(p); key != (1<<3|1<<(5+1))<<1|1 {
		t.Errorf("key of 3+5 second = %#b", key)
	}
	if key := enc.Encode(impParse(t, g, "0")); key != 0 {
		t.Errorf("key of the empty position = %#b", key)
	}
	// The largest keys fit: 61 tokens as one heap or as ones.
	g61 := impNew(t, "kayles:n=61")
	for _, s := range []string{"61 second", strings.Repeat("1+", 60) + "1 second", "30+31 second"} {
		p := impParse(t, g61, s)
		key := g61.(sente.Encoder).Encode(p)
		if key >= 1<<63 || !reflect.DeepEqual(g61.(sente.Encoder).Decode(key), p) {
			t.Errorf("n=61 %s: key %#x", s, key)
		}
		for _, m := range impCheck(t, g61, p) {
			impCheck(t, g61, m.To)
		}
	}
	// n = 1000: no key, moves all the same.
	big := impNew(t, "kayles:n=1000")
	if moves := big.Moves(big.Start()); len(moves) != 1000 || moves[0].Name != "1000-1" || moves[1].Name != "1000-1=1+998" {
		t.Errorf("kayles 1000: %d moves, first %v", len(moves), impNames(moves[:2]))
	}
	for _, m := range impCheck(t, big, impParse(t, big, "3+500+497 second")) {
		impCheck(t, big, m.To)
	}
}

func TestHeapNoAlloc(t *testing.T) {
	for _, spec := range []string{"kayles:n=20", "grundy:n=20", "subtraction:1,3,4,n=30"} {
		g := impNew(t, spec)
		enc := g.(sente.Encoder)
		var keys []uint64
		for _, p := range impWalk(t, g, nil, 1<<16) {
			keys = append(keys, enc.Encode(p))
		}
		dst := make([]uint64, 0, 1024)
		if allocs := testing.AllocsPerRun(5, func() {
			for _, key := range keys {
				dst = enc.AppendChildren(dst[:0], key)
			}
		}); allocs != 0 {
			t.Errorf("%s: %v allocations per pass", spec, allocs)
		}
	}
}

func TestHeapPositions(t *testing.T) {
	g := impNew(t, "kayles")
	for _, tt := range []struct{ in, out string }{
		{"10", "10 first"}, {"0", "0 first"}, {"3+0+5", "3+5 first"}, {"5,3", "3+5 first"}, {"2/2/2 second", "2+2+2 second"}, {" 7+1  SECOND", "1+7 second"},
	} {
		if s := g.FormatPosition(impParse(t, g, tt.in)); s != tt.out {
			t.Errorf("%q reads as %q, want %q", tt.in, s, tt.out)
		}
	}
	if g.Turn(impParse(t, g, "3 second")) != sente.Second {
		t.Error("turn not read")
	}
	impCheckParseErrors(t, g, []string{"", "3+", "+3", "3++5", "x", "11", "6+6", "3 third", "-1", "3+5 first extra", "1e3", "3+-2", "99999999999999999999"})
	g = impNew(t, "kayles:n=12")
	parts := g.(sente.Splitter).Components(impParse(t, g, "3+3+5 second"))
	var texts []string
	for _, c := range parts {
		texts = append(texts, g.FormatPosition(c))
	}
	if !slices.Equal(texts, []string{"3 first", "3 first", "5 first"}) {
		t.Errorf("components %v", texts)
	}
	want := []string{"3-1", "3-1=1+1", "3-2", "5-1", "5-1=1+3", "5-1=2+2", "5-2", "5-2=1+2"}
	if names := impNames(g.Moves(impParse(t, g, "3+3+5"))); !slices.Equal(names, want) {
		t.Errorf("kayles 3+3+5 moves %v, want %v", names, want)
	}
	gr := impNew(t, "grundy")
	if names := impNames(gr.Moves(impParse(t, gr, "2+7"))); !slices.Equal(names, []string{"7=1+6", "7=2+5", "7=3+4"}) {
		t.Errorf("grundy 2+7 moves %v", names)
	}
}

func TestHeapNewErrors(t *testing.T) {
	impCheckNewErrors(t, []string{"kayles:n=1001", "kayles:n=-1", "grundy:code=0.7", "octal:0.78", "octal:code=1.5", "octal:0.77,n=1001", "octal:0",
		"subtraction:0,1", "subtraction:1001", "subtraction:x", "subtraction:3..1", "dawson:n=x"})
	for _, tt := range []struct {
		rules sente.HeapRules
		n     int
	}{{sente.HeapRules{}, 5}, {sente.HeapRules{Digits: []uint8{1, 7}}, 5}, {sente.HeapRules{Digits: []uint8{0, 8}}, 5},
		{sente.HeapRules{Digits: []uint8{0, 7}}, 1001}, {sente.HeapRules{Digits: make([]uint8, 1002)}, 5}} {
		if g, err := NewHeapGame("test", tt.rules, tt.n); err == nil || g != nil {
			t.Errorf("NewHeapGame(%v, %d) = %v, %v", tt.rules, tt.n, g, err)
		}
	}
	g, err := NewHeapGame("custom", sente.HeapRules{Digits: []uint8{0, 3, 6}}, 8)
	if err != nil {
		t.Fatal(err)
	}
	if d := g.(sente.Describer).Describe(); d.Summary == "" || d.Rules == "" {
		t.Errorf("custom description %+v", d)
	}
}

func TestHeapDescribe(t *testing.T) {
	for _, spec := range []string{"octal", "subtraction", "grundy", "kayles", "dawson", "dawsonchess"} {
		impCheckDescribe(t, spec, "10 first")
	}
	if d := impNew(t, "kayles:n=100").(sente.Describer).Describe(); !strings.Contains(d.Rules, "interned") {
		t.Error("kayles n=100 does not say its positions are interned")
	}
}

// TestHeapBoard: a heap game whose moves only take tokens (a subtraction
// game, an octal code without a digit from 4 to 7) is drawn as heaps of
// tokens, with only its allowed moves placed, each once, on the token a
// click takes from; an emptied position is one empty heap; heaps of equal
// size share their moves, placed on the first. Games that split heaps
// have no board.
func TestHeapBoard(t *testing.T) {
	heapSizes := func(p sente.Position) []int {
		if hs := heapHeaps(p); len(hs) > 0 {
			return hs
		}
		return []int{0}
	}
	for _, spec := range []string{"subtraction", "subtraction:1,3,4,n=20", "subtraction:set=2/5,n=20", "subtraction:set=7,n=6", "octal:0.33", "octal:0.123,n=12", "subtraction:1,3,4,n=70"} {
		t.Run(spec, func(t *testing.T) {
			g := impNew(t, spec)
			placed := 0
			for _, p := range impWalk(t, g, nil, 1<<16) {
				placed += checkHeapsBoard(t, g, p, heapSizes, false)
			}
			if placed == 0 && spec != "subtraction:set=7,n=6" {
				t.Error("no move placed")
			}
		})
	}
	g := impNew(t, "subtraction:1,3,4,n=20")
	for _, p := range impWalk(t, g, impParse(t, g, "3+3+6 second"), 1<<16) {
		checkHeapsBoard(t, g, p, heapSizes, false)
	}
	for _, tc := range []struct {
		pos   string
		moves map[string]sente.BoardCell
	}{
		{"10", map[string]sente.BoardCell{"10-1": {Row: 0, Col: 9}, "10-3": {Row: 0, Col: 7}, "10-4": {Row: 0, Col: 6}}},
		{"3+3 second", map[string]sente.BoardCell{"3-1": {Row: 0, Col: 2}, "3-3": {Row: 0, Col: 0}}},
		{"2+5", map[string]sente.BoardCell{"2-1": {Row: 0, Col: 1}, "5-1": {Row: 1, Col: 4}, "5-3": {Row: 1, Col: 2}, "5-4": {Row: 1, Col: 1}}},
	} {
		b := sente.CapabilitiesOf(g).Boarder.Board(impParse(t, g, tc.pos))
		got := map[string]sente.BoardCell{}
		for _, m := range b.Moves {
			got[m.Name] = m.To
		}
		if !reflect.DeepEqual(got, tc.moves) {
			t.Errorf("subtraction {1, 3, 4} at %s: moves at %v, want %v", tc.pos, got, tc.moves)
		}
	}
	if b := sente.CapabilitiesOf(g).Boarder.Board(impParse(t, g, "0")); len(b.Cells) != 1 || len(b.Cells[0]) != 0 || len(b.Moves) != 0 {
		t.Errorf("subtraction with nothing left: %+v, want one empty heap", b)
	}
	if c := sente.CapabilitiesOf(g).Boarder.Board(g.Start()).Caption; c != "A move takes 1, 3 or 4 tokens from one heap." {
		t.Errorf("subtraction {1, 3, 4}: caption %q", c)
	}
	o := impNew(t, "octal:0.123")
	if c := sente.CapabilitiesOf(o).Boarder.Board(o.Start()).Caption; c != "A move takes 1 (a whole heap only), 2 (never a whole heap) or 3 tokens from one heap." {
		t.Errorf("octal 0.123: caption %q", c)
	}
	for _, spec := range []string{"octal", "kayles", "dawson", "dawsonchess", "grundy", "octal:0.37", "kayles:n=100"} {
		if sente.CapabilitiesOf(impNew(t, spec)).Boarder != nil {
			t.Errorf("%s, which splits heaps, has a board", spec)
		}
	}
}
