package games

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/search"
)

var updateSearchClasses = flag.Bool("update-search-classes", false, "rewrite testdata/domineering_search_classes.golden from this build's searches (with SENTE_LONG=full for every rectangle up to 8×8)")

// domWins is the plain reference: whether the player to move at key wins,
// by the definition (she wins when some move leaves the opponent a
// position he loses), memoised by key.
func domWins(g *Domineering, key uint64, memo map[uint64]bool) bool {
	if w, ok := memo[key]; ok {
		return w
	}
	wins := false
	for _, k := range g.AppendChildren(nil, key) {
		if !domWins(g, k, memo) {
			wins = true
			break
		}
	}
	memo[key] = wins
	return wins
}

// domRandomPosition places dominoes of either kind at random and sets the
// side to move at random.
func domRandomPosition(g *Domineering, rng *rand.Rand, dominoes int) uint64 {
	var filled uint64
	all := append(append([]uint64(nil), g.vert...), g.horiz...)
	for range dominoes {
		d := all[rng.IntN(len(all))]
		if filled&d == 0 {
			filled |= d
		}
	}
	return g.key(filled, g.sideByCount && g.leftByCount(filled) || !g.sideByCount && rng.IntN(2) == 0)
}

func newDom(t testing.TB, w, h int) *Domineering {
	t.Helper()
	g, err := NewDomineering(w, h, "", true)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Domineering)
}

// TestDomineeringDecide checks the positions Domineering decides without
// search, by safe moves and by the values of small regions, against the
// plain reference, on random positions of small boards; and that it does
// decide some, or search would never read it.
func TestDomineeringDecide(t *testing.T) {
	for _, size := range []struct{ w, h, n int }{{4, 4, 400}, {5, 4, 400}, {3, 6, 400}, {5, 5, 200}, {6, 4, 400}, {4, 6, 400}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			g := newDom(t, size.w, size.h)
			rng := rand.New(rand.NewPCG(uint64(size.w), uint64(size.h)))
			memo := map[uint64]bool{}
			decided := map[string]int{}
			for i := range size.n {
				key := domRandomPosition(g, rng, i%(size.w*size.h/2))
				want := sente.Lose
				if domWins(g, key, memo) {
					want = sente.Win
				}
				for _, parts := range []int{0, domPartCells} {
					g.search.partCells = parts
					v, ok := g.Decide(key)
					if !ok {
						continue
					}
					decided[fmt.Sprintf("parts=%d", parts)]++
					if v != want {
						t.Fatalf("Decide(%s) with regions up to %d cells valued = %v, want %v", g.FormatPosition(g.Decode(key)), parts, v, want)
					}
				}
			}
			g.search.partCells = domPartCells
			if decided["parts=0"] == 0 || decided[fmt.Sprintf("parts=%d", domPartCells)] <= decided["parts=0"] {
				t.Errorf("decided %v of %d positions; want some by safe moves and more with the regions' values", decided, size.n)
			}
		})
	}
}

// TestDomineeringCanonical checks that every position's images by the
// board's symmetries share its canonical key, which is one of them and
// has the same value for the player to move.
func TestDomineeringCanonical(t *testing.T) {
	for _, size := range []struct{ w, h int }{{4, 4}, {5, 3}, {3, 5}, {5, 5}, {8, 8}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			g := newDom(t, size.w, size.h)
			rng := rand.New(rand.NewPCG(7, uint64(size.w*size.h)))
			memo := map[uint64]bool{}
			for i := range 200 {
				key := domRandomPosition(g, rng, i%(size.w*size.h/2))
				canon := g.Canonical(key)
				if g.Canonical(canon) != canon {
					t.Fatalf("Canonical is not idempotent at %#x", key)
				}
				filled, _ := g.unkey(key)
				images := []uint64{g.key(g.mirrorCols(filled), g.isLeft(key)), g.key(g.mirrorRows(filled), g.isLeft(key))}
				if g.search.colSpread != nil {
					images = append(images, g.key(g.transpose(filled), !g.isLeft(key)))
				}
				for _, im := range images {
					if c := g.Canonical(im); c != canon {
						t.Fatalf("an image of %s has canonical key %#x, the position %#x", g.FormatPosition(g.Decode(key)), c, canon)
					}
				}
				if size.w*size.h <= 25 && domWins(g, key, memo) != domWins(g, canon, memo) {
					t.Fatalf("%s and its canonical image %s differ in value", g.FormatPosition(g.Decode(key)), g.FormatPosition(g.Decode(canon)))
				}
			}
		})
	}
}

func (g *Domineering) isLeft(key uint64) bool { _, left := g.unkey(key); return left }

// TestDomineeringFullBoardKey checks that the full 8×8 board, whose
// filled cells are ^0, a key the engines keep unused, has another key,
// and that keys round trip there.
func TestDomineeringFullBoardKey(t *testing.T) {
	g := newDom(t, 8, 8)
	full := DomineeringPosition{Filled: ^uint64(0), LeftToMove: true}
	key := g.Encode(full)
	if key == ^uint64(0) {
		t.Fatalf("the full board has the key ^0")
	}
	if back := g.Decode(key); back != full {
		t.Fatalf("the full board's key decodes to %v", back)
	}
	almost := DomineeringPosition{Filled: ^uint64(0) &^ 3, LeftToMove: false}
	if back := g.Decode(g.Encode(almost)); back != almost {
		t.Fatalf("%v decodes to %v", almost, back)
	}
}

// TestDomineeringOrderChildren checks that the ordered children are
// AppendChildren's, each once.
func TestDomineeringOrderChildren(t *testing.T) {
	g := newDom(t, 5, 4)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		key := domRandomPosition(g, rng, i%10)
		kids, _ := g.OrderChildren(nil, key)
		want := map[uint64]bool{}
		for _, k := range g.AppendChildren(nil, key) {
			want[k] = true
		}
		if len(kids) != len(want) {
			t.Fatalf("%d ordered children, %d children", len(kids), len(want))
		}
		for _, k := range kids {
			if !want[k.Key] {
				t.Fatalf("ordered child %#x is not a child (or given twice)", k.Key)
			}
			delete(want, k.Key)
		}
	}
}

// TestDomineeringRaces checks the race tables of the open dominoes
// against their closed forms where they have one: lone dominoes alone are
// taken one a move (she plays half of them, rounded up when she moves
// first), twins alone two (a third).
func TestDomineeringRaces(t *testing.T) {
	for n := 0; n <= domMaxOpen; n++ {
		if got, want := domRaceFirst[0][n], (n+1)/2; int(got) != want {
			t.Errorf("first with %d lone: %d, want %d", n, got, want)
		}
		if got, want := domRaceSecond[0][n], n/2; int(got) != want {
			t.Errorf("second with %d lone: %d, want %d", n, got, want)
		}
		if got, want := domRaceFirst[n][0], (n+2)/3; int(got) != want {
			t.Errorf("first with %d twins: %d, want %d", n, got, want)
		}
		if got, want := domRaceSecond[n][0], n/3; int(got) != want {
			t.Errorf("second with %d twins: %d, want %d", n, got, want)
		}
	}
	for tw := 0; tw <= domMaxOpen; tw++ {
		for l := 0; l+1 <= domMaxOpen; l++ {
			// A lone domino is worth no less than a twin, and one more
			// of either never less than none.
			if domRaceFirst[tw][l+1] < domRaceFirst[tw][l] || (tw+1 <= domMaxOpen && domRaceFirst[tw][l+1] < domRaceFirst[tw+1][l]) {
				t.Fatalf("first is not monotone at %d twins, %d lone", tw, l)
			}
		}
	}
}

// TestDomineeringSearchNodes holds search for the value alone to the
// node counts of its decisions (one worker, so the counts are exact):
// the sides apart, the race of open dominoes and the room they take
// (Decide). Before them
// 6×6 took 17,994 nodes, and 6 wide by 8 high about 2.6 million (from
// the command line, two workers).
func TestDomineeringSearchNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of search")
	}
	for _, tt := range []struct {
		w, h int
		most uint64
	}{{6, 6, 12_000}, {6, 8, 1_000_000}} {
		g := newDom(t, tt.w, tt.h)
		s, err := search.New(g, search.Options{ValueOnly: true, Workers: 1, TableBytes: 128 << 20})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve(context.Background(), g.Start())
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome.Value != sente.Win {
			t.Errorf("%d×%d: %v, want a win for the first player", tt.w, tt.h, res.Outcome.Value)
		}
		if res.Nodes > tt.most {
			t.Errorf("%d wide, %d high: %d nodes, want at most %d", tt.w, tt.h, res.Nodes, tt.most)
		}
		t.Logf("%d wide, %d high: %d nodes", tt.w, tt.h, res.Nodes)
	}
}

// searchWins is the value for the player to move of key by search for
// the value alone.
func searchWins(t testing.TB, g *Domineering, key uint64) bool {
	t.Helper()
	s, err := search.New(g, search.Options{ValueOnly: true, Workers: 1, TableBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.SolveKey(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome.Remoteness != sente.RemotenessUnknown {
		t.Fatalf("a search for the value alone gave remoteness %d", res.Outcome.Remoteness)
	}
	return res.Outcome.Value == sente.Win
}

// searchClass is the outcome class of a board by search: with Left first
// and with Right first.
func searchClass(t testing.TB, w, h int) cgt.Outcome {
	t.Helper()
	var wins [2]bool
	for i, left := range []bool{true, false} {
		g, err := NewDomineering(w, h, "", left)
		if err != nil {
			t.Fatal(err)
		}
		d := g.(*Domineering)
		wins[i] = searchWins(t, d, d.Encode(d.Start()))
	}
	switch {
	case wins[0] && wins[1]:
		return cgt.N
	case wins[0]:
		return cgt.L
	case wins[1]:
		return cgt.R
	}
	return cgt.P
}

// TestDomineeringSearchPositions checks search for the value alone against
// the plain reference on random positions of small boards.
func TestDomineeringSearchPositions(t *testing.T) {
	for _, size := range []struct{ w, h int }{{4, 4}, {5, 4}, {3, 6}} {
		g := newDom(t, size.w, size.h)
		rng := rand.New(rand.NewPCG(3, uint64(size.w*size.h)))
		memo := map[uint64]bool{}
		for i := range 60 {
			key := domRandomPosition(g, rng, i%5)
			if got, want := searchWins(t, g, key), domWins(g, key, memo); got != want {
				t.Fatalf("search says the player to move at %s wins: %v; the reference: %v", g.FormatPosition(g.Decode(key)), got, want)
			}
		}
	}
}

// readClasses reads a golden file of lines "m×n class ..." into classes by
// board.
func readClasses(t testing.TB, path string) map[[2]int]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[[2]int]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		var m, n int
		var class string
		if _, err := fmt.Sscanf(line, "%d×%d %s", &m, &n, &class); err != nil {
			t.Fatalf("%s: %q: %v", path, line, err)
		}
		out[[2]int{m, n}] = class
	}
	return out
}

var domClassLetters = map[cgt.Outcome]string{cgt.L: "V", cgt.R: "H", cgt.N: "1", cgt.P: "2"}

// TestDomineeringSearchRectangles checks the outcome classes that search
// finds of rectangles, G(m,n) m cells high and n wide (the papers'
// convention, as in domineering_rectangles_test.go), Left first and Right
// first: against the canonical forms' classes of the golden file of
// rectangles (to 30 cells), and beyond against the golden of search's own
// classes, which holds every rectangle up to 8×8. Boards to 20 cells run
// under -short, to 36 in the default run, to 49 with SENTE_LONG=1, all of
// them with SENTE_LONG=full.
func TestDomineeringSearchRectangles(t *testing.T) {
	byValue := readClasses(t, filepath.Join("testdata", "domineering_rectangles.golden"))
	goldenPath := filepath.Join("testdata", "domineering_search_classes.golden")
	bySearch := map[[2]int]string{}
	if !*updateSearchClasses {
		bySearch = readClasses(t, goldenPath)
	}
	most := 36
	switch {
	case testing.Short():
		most = 20
	case testmode.Full():
		most = 64
	case testmode.Long():
		most = 49
	}
	var lines []string
	found := map[[2]int]string{}
	for m := 1; m <= 8; m++ {
		for n := 1; n <= 8; n++ {
			if m*n > most {
				continue
			}
			got := domClassLetters[searchClass(t, n, m)]
			lines = append(lines, fmt.Sprintf("%d×%d %s", m, n, got))
			found[[2]int{m, n}] = got
			// G(n,m) is −G(m,n): V and H exchange, 1 and 2 stay; the two
			// boards are searched apart.
			if other, ok := found[[2]int{n, m}]; ok && other != strings.NewReplacer("V", "H", "H", "V").Replace(got) {
				t.Errorf("G(%d,%d) is of class %s by search, G(%d,%d) of class %s; a quarter turn exchanges V and H alone", m, n, got, n, m, other)
			}
			if want, ok := byValue[[2]int{m, n}]; ok && got != want {
				t.Errorf("G(%d,%d): search finds class %s, its canonical form %s", m, n, got, want)
			}
			if want, ok := bySearch[[2]int{m, n}]; ok && got != want && !*updateSearchClasses {
				t.Errorf("G(%d,%d): search finds class %s, the golden %s", m, n, got, want)
			}
			if m == n && m >= 6 && got != "1" {
				t.Errorf("G(%d,%d): search finds class %s; the first player wins it (Breuker, Uiterwijk and van den Herik 2000)", m, n, got)
			}
		}
	}
	if *updateSearchClasses {
		head := "# Domineering rectangles by search for the value alone: G(m,n) is m cells high and n wide (domineering:w=n,h=m), Left (V) placing upright.\n" +
			"# m×n, outcome class (V Left wins, H Right wins, 1 the first player, 2 the second). Written by TestDomineeringSearchRectangles -update-search-classes.\n"
		if err := os.WriteFile(goldenPath, []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDomineeringMeasure prints what each of the search's aids saves on
// the square boards given by SENTE_DOMINEERING_MEASURE (say 6,7): nodes
// and CPU time of a search for the value alone, each variant in turn,
// three rounds (SENTE_DOMINEERING_VARIANTS=order,order+sym picks
// variants by name): Decide's first rule alone (order+sym+safe, then
// +parts), then with the race, room and sides apart (the game as it is).
// It is a measurement, not a check.
func TestDomineeringMeasure(t *testing.T) {
	sizes := os.Getenv("SENTE_DOMINEERING_MEASURE")
	if sizes == "" {
		t.Skip("set SENTE_DOMINEERING_MEASURE=6,7 to measure")
	}
	type variant struct {
		name  string
		game  func(*Domineering) sente.Game
		parts int
		first bool // Decide's first rule alone
	}
	decider := func(g *Domineering) sente.Game { return domDecided{domSym{domOrdered{domPlain{g, g}, g}, g}, g} }
	variants := []variant{
		{"plain", func(g *Domineering) sente.Game { return domPlain{g, g} }, 0, false},
		{"order", func(g *Domineering) sente.Game { return domOrdered{domPlain{g, g}, g} }, 0, false},
		{"order+sym", func(g *Domineering) sente.Game { return domSym{domOrdered{domPlain{g, g}, g}, g} }, 0, false},
		{"order+sym+safe", decider, 0, true},
		{"order+sym+safe+parts", decider, domPartCells, true},
		{"+race+room+apart", func(g *Domineering) sente.Game { return g }, domPartCells, false},
	}
	rounds := 3
	if only := os.Getenv("SENTE_DOMINEERING_VARIANTS"); only != "" {
		var kept []variant
		for _, v := range variants {
			if strings.Contains(","+only+",", ","+v.name+",") {
				kept = append(kept, v)
			}
		}
		variants = kept
	}
	for _, s := range strings.Split(sizes, ",") {
		var n int
		fmt.Sscan(s, &n)
		for round := range rounds {
			for _, v := range variants {
				g := newDom(t, n, n)
				g.search.partCells = v.parts
				g.search.firstCounts = v.first
				searcher, err := search.New(v.game(g), search.Options{ValueOnly: true, Workers: 1, TableBytes: 512 << 20})
				if err != nil {
					t.Fatal(err)
				}
				runtime.GC()
				cpu0 := cpuSeconds()
				res, err := searcher.Solve(context.Background(), g.Start())
				cpu := cpuSeconds() - cpu0
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%d×%d round %d %-22s %v %12d nodes %8.2f s CPU", n, n, round+1, v.name, res.Outcome.Value, res.Nodes, cpu)
			}
		}
	}
}

// The variants of TestDomineeringMeasure: the game with fewer of its
// capabilities.
type domPlain struct {
	sente.Game
	sente.Encoder
}

type domOrdered struct {
	domPlain
	o sente.Orderer
}

func (d domOrdered) OrderChildren(dst []sente.Child, key uint64) ([]sente.Child, sente.Tactics) {
	return d.o.OrderChildren(dst, key)
}
func (d domOrdered) Horizon(key uint64) (int, int) { return d.o.Horizon(key) }

type domSym struct {
	domOrdered
	s sente.Symmetric
}

func (d domSym) Canonical(key uint64) uint64 { return d.s.Canonical(key) }

// domDecided decides positions (sente.Decider).
type domDecided struct {
	domSym
	d sente.Decider
}

func (d domDecided) Decide(key uint64) (sente.Value, bool) { return d.d.Decide(key) }

// CutoffHorizon keeps the game's, as the game itself has it.
func (d domDecided) CutoffHorizon() int { return d.d.(sente.CutoffHorizon).CutoffHorizon() }

// cpuSeconds is the process's CPU time so far, user and system.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
