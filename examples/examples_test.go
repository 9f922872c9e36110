package examples_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
)

// maxPositions keeps a mistake in a rules file from running away.
const maxPositions = 2_000_000

// files opens the example rules files as the command line does: through a
// catalogue, which compiles each file once for all the games made from it.
var files = &games.Catalog{ReadFiles: true}

// loadRules loads NAME.star for the spec NAME:key=value,... and makes its
// game with the spec's parameters, just as the built-in of that name is made.
func loadRules(t testing.TB, spec string) sente.Game {
	t.Helper()
	s, err := sente.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	s.Name = starFile(s.Name)
	g, err := files.OpenSpec(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return g
}

func loadFamily(t *testing.T, name string) sente.Family {
	t.Helper()
	fam, err := files.Family(starFile(name))
	if err != nil {
		t.Fatalf("%s: %v", starFile(name), err)
	}
	return fam
}

// starFile is the example rules file of a name.
func starFile(name string) string { return filepath.Join(".", name+".star") }

// converter writes a position of a built-in game as the Starlark literal of
// the same position in its rules twin.
type converter func(b sente.Game, p sente.Position) string

// Starlark literals.
func tuple(items ...string) string {
	if len(items) == 1 {
		return "(" + items[0] + ",)"
	}
	return "(" + strings.Join(items, ", ") + ")"
}

func quote(s string) string { return strconv.Quote(s) }

func itoa[T ~int | ~uint8](n T) string { return strconv.Itoa(int(n)) }

func intTuple[T ~int | ~uint8](ns []T) string {
	items := make([]string, len(ns))
	for i, n := range ns {
		items[i] = itoa(n)
	}
	return tuple(items...)
}

// cardsConv: "1,3/2" becomes ((1, 3), (2,)): the values each player has
// played, smallest first.
func cardsConv(b sente.Game, p sente.Position) string {
	var hands []string
	for _, part := range strings.Split(b.FormatPosition(p), "/") {
		var played []int
		if part != "-" {
			for _, f := range strings.Split(part, ",") {
				n, _ := strconv.Atoi(f)
				played = append(played, n)
			}
		}
		slices.Sort(played)
		hands = append(hands, intTuple(played))
	}
	return tuple(hands...)
}

func chopsticksConv(_ sente.Game, p sente.Position) string {
	q := p.(games.ChopsticksPosition)
	return tuple(itoa(q.First[0]), itoa(q.First[1]), itoa(q.Second[0]), itoa(q.Second[1]), quote(q.Turn.String()))
}

// nimConv: "3/4/5 first" becomes ((3, 4, 5), "first").
func nimConv(b sente.Game, p sente.Position) string {
	body, turn, _ := strings.Cut(b.FormatPosition(p), " ")
	var heaps []int
	for _, f := range strings.Split(body, "/") {
		n, _ := strconv.Atoi(f)
		heaps = append(heaps, n)
	}
	return tuple(intTuple(heaps), quote(turn))
}

func tofuConv(_ sente.Game, p sente.Position) string {
	q := p.(games.TofuPosition)
	var axes []string
	for a := range 3 {
		axes = append(axes, tuple(itoa(q.Lo[a]), itoa(q.Hi[a])))
	}
	return tuple(append(axes, quote(q.Turn.String()))...)
}

// consecutiveConv: "..xx.. second" becomes ("..xx..", "second").
func consecutiveConv(b sente.Game, p sente.Position) string {
	marks, turn, _ := strings.Cut(b.FormatPosition(p), " ")
	return tuple(quote(marks), quote(turn))
}

func countConv(_ sente.Game, p sente.Position) string {
	q := p.(games.CountPosition)
	return tuple(itoa(q.Next), quote(q.Turn.String()))
}

// tictactoeConv: "x.o/.../..." becomes ("x.o", "...", "...").
func tictactoeConv(b sente.Game, p sente.Position) string {
	var rows []string
	for _, row := range strings.Split(b.FormatPosition(p), "/") {
		rows = append(rows, quote(row))
	}
	return tuple(rows...)
}

// pair is a built-in game and its rules twin at the same parameters.
type pair struct {
	spec           string
	builtin, rules sente.Game
	conv           converter
}

func newPair(t *testing.T, spec string, conv converter) *pair {
	t.Helper()
	b, err := games.New(spec)
	if err != nil {
		t.Fatalf("games.New(%q): %v", spec, err)
	}
	return &pair{spec: spec, builtin: b, rules: loadRules(t, spec), conv: conv}
}

// twinOf returns the rules position that is the built-in position p.
func (pr *pair) twinOf(t *testing.T, p sente.Position) sente.Position {
	t.Helper()
	text := pr.conv(pr.builtin, p)
	q, err := pr.rules.ParsePosition(text)
	if err != nil {
		t.Fatalf("%s: the twin of %q: ParsePosition(%s): %v", pr.spec, pr.builtin.FormatPosition(p), text, err)
	}
	return q
}

// twinText is the text of the rules position that is the built-in position p.
func (pr *pair) twinText(t *testing.T, p sente.Position) string {
	t.Helper()
	return pr.rules.FormatPosition(pr.twinOf(t, p))
}

// solved is a pair solved from one position, the solutions compared.
type solved struct {
	*pair
	bsol, rsol   solve.Solution
	bfrom, rfrom sente.Position            // the roots (nil: the start)
	positions    map[string]sente.Position // the rules game's positions by text
}

// compare solves the built-in and the rules twin from the same root (the
// built-in's text, "" for the start), with the same restriction, and checks
// that they have the same positions, each with the same player to move, the
// same value and remoteness, and the same moves (names and positions), and
// the same counts of values.
func (pr *pair) compare(t *testing.T, from string, restrict map[sente.Player]string) *solved {
	t.Helper()
	s := &solved{pair: pr, positions: map[string]sente.Position{}}
	if got, want := pr.rules.FormatPosition(pr.rules.Start()), pr.twinText(t, pr.builtin.Start()); got != want {
		t.Errorf("%s: the rules start is %s; the built-in's is %s", pr.spec, got, want)
	}
	if from != "" {
		p, err := pr.builtin.ParsePosition(from)
		if err != nil {
			t.Fatal(err)
		}
		s.bfrom, s.rfrom = p, pr.twinOf(t, p)
	}
	var err error
	s.bsol, err = hashing.Solve(t.Context(), pr.builtin, hashing.Options{From: s.bfrom, Restrict: restrict, MaxPositions: maxPositions})
	if err != nil {
		t.Fatalf("%s: solving the built-in: %v", pr.spec, err)
	}
	s.rsol, err = hashing.Solve(t.Context(), pr.rules, hashing.Options{From: s.rfrom, Restrict: restrict, MaxPositions: maxPositions})
	if err != nil {
		t.Fatalf("%s: solving the rules file: %v", pr.spec, err)
	}
	name := pr.spec
	if from != "" {
		name += " from " + from
	}
	if restrict != nil {
		name += fmt.Sprintf(" restricted %v", restrict)
	}
	if b, r := s.bsol.Positions(), s.rsol.Positions(); b != r {
		t.Errorf("%s: %d positions in the rules file, %d in the built-in", name, r, b)
	}
	if b, r := s.bsol.Counts(), s.rsol.Counts(); b != r {
		t.Errorf("%s: counts %+v in the rules file, %+v in the built-in", name, r, b)
	}
	outcomes := map[string]sente.Outcome{}
	s.rsol.Each(func(p sente.Position, o sente.Outcome) bool {
		text := pr.rules.FormatPosition(p)
		s.positions[text] = p
		outcomes[text] = o
		return true
	})
	seen := map[string]bool{}
	bad := 0
	s.bsol.Each(func(p sente.Position, o sente.Outcome) bool {
		text := pr.twinText(t, p)
		where := fmt.Sprintf("%s: built-in %q, rules %s", name, pr.builtin.FormatPosition(p), text)
		if seen[text] {
			t.Errorf("%s: two built-in positions map to this one", where)
		}
		seen[text] = true
		rp, ok := s.positions[text]
		if !ok {
			t.Errorf("%s: not reached in the rules file", where)
			bad++
			return bad < 10
		}
		if got := outcomes[text]; got != o {
			t.Errorf("%s: %v in the rules file, %v in the built-in", where, got, o)
			bad++
		}
		if b, r := pr.builtin.Turn(p), pr.rules.Turn(rp); b != r {
			t.Errorf("%s: %v to move in the rules file, %v in the built-in", where, r, b)
			bad++
		}
		var bm, rm []string
		for _, m := range s.bsol.Moves(p) {
			bm = append(bm, m.Name+" -> "+pr.twinText(t, m.To))
		}
		for _, m := range s.rsol.Moves(rp) {
			rm = append(rm, m.Name+" -> "+pr.rules.FormatPosition(m.To))
		}
		slices.Sort(bm)
		slices.Sort(rm)
		if !slices.Equal(bm, rm) {
			t.Errorf("%s: moves\n  rules    %q\n  built-in %q", where, rm, bm)
			bad++
		}
		return bad < 10
	})
	if bad == 0 && len(seen) != len(s.positions) {
		t.Errorf("%s: the built-in's %d positions are %d of the rules file's %d", name, s.bsol.Positions(), len(seen), len(s.positions))
	}
	return s
}

// grundy checks that every position of the solve has the same Grundy value
// in both games, and the same in the rules game whether it splits positions
// into components or not. It returns the rules game's values.
func (s *solved) grundy(t *testing.T) *nimber.Values {
	t.Helper()
	if im, ok := s.rules.(sente.Impartial); !ok || !im.Impartial() {
		t.Fatalf("%s: the rules game is not impartial", s.spec)
	}
	bv, err := nimber.Grundy(t.Context(), s.builtin, s.bfrom, nimber.Options{MaxPositions: maxPositions})
	if err != nil {
		t.Fatalf("%s: Grundy of the built-in: %v", s.spec, err)
	}
	rv, err := nimber.Grundy(t.Context(), s.rules, s.rfrom, nimber.Options{MaxPositions: maxPositions})
	if err != nil {
		t.Fatalf("%s: Grundy of the rules file: %v", s.spec, err)
	}
	whole, err := nimber.Grundy(t.Context(), s.rules, s.rfrom, nimber.Options{MaxPositions: maxPositions, Whole: true})
	if err != nil {
		t.Fatalf("%s: Grundy of the rules file, whole positions: %v", s.spec, err)
	}
	bad := 0
	s.bsol.Each(func(p sente.Position, _ sente.Outcome) bool {
		rp := s.positions[s.twinText(t, p)]
		b, okb := bv.Of(p)
		r, okr := rv.Of(rp)
		w, okw := whole.Of(rp)
		if !okb || !okr || !okw || b != r || w != r {
			t.Errorf("%s: built-in %q: Grundy value %d (%v) in the rules file, %d (%v) there without components, %d (%v) in the built-in",
				s.spec, s.builtin.FormatPosition(p), r, okr, w, okw, b, okb)
			bad++
		}
		return bad < 10
	})
	return rv
}

// outcomeAt is the rules game's outcome at the position written as text
// (a Starlark literal).
func (s *solved) outcomeAt(t *testing.T, text string) (sente.Position, sente.Outcome) {
	t.Helper()
	p, err := s.rules.ParsePosition(text)
	if err != nil {
		t.Fatalf("%s: ParsePosition(%s): %v", s.spec, text, err)
	}
	o, ok := s.rsol.Outcome(p)
	if !ok {
		t.Fatalf("%s: %s was not solved", s.spec, text)
	}
	return p, o
}

// TestParams checks that each twin has the built-in's parameters: the same
// kinds, ranges and defaults (the built-in may have more, such as nim's
// misere and tofu's at, which the examples leave out).
func TestParams(t *testing.T) {
	for _, name := range []string{"cards", "chopsticks", "nim", "tofu", "consecutive", "count", "tictactoe", "connect4"} {
		fam := loadFamily(t, name)
		if fam.Name != name {
			t.Errorf("%s.star: family name %q", name, fam.Name)
		}
		if fam.Summary == "" || strings.Contains(fam.Summary, "\n") {
			t.Errorf("%s.star: summary %q; want one line", name, fam.Summary)
		}
		b, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		rvals, err := sente.Bind(name, fam.Params, nil)
		if err != nil {
			t.Fatalf("%s.star: defaults: %v", name, err)
		}
		bvals, err := sente.Bind(name, b.Params, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, rp := range fam.Params {
			i := slices.IndexFunc(b.Params, func(bp sente.Param) bool { return bp.Name == rp.Name })
			if i < 0 {
				t.Errorf("%s.star: parameter %s is not the built-in's", name, rp.Name)
				continue
			}
			bp := b.Params[i]
			if rp.Kind != bp.Kind {
				t.Errorf("%s.star: parameter %s has kind %v; the built-in's %v", name, rp.Name, rp.Kind, bp.Kind)
				continue
			}
			switch rp.Kind {
			case sente.Int:
				if rvals.Int(rp.Name) != bvals.Int(rp.Name) {
					t.Errorf("%s.star: %s defaults to %d; the built-in's to %d", name, rp.Name, rvals.Int(rp.Name), bvals.Int(rp.Name))
				}
			case sente.Ints:
				if !slices.Equal(rvals.Ints(rp.Name), bvals.Ints(rp.Name)) {
					t.Errorf("%s.star: %s defaults to %v; the built-in's to %v", name, rp.Name, rvals.Ints(rp.Name), bvals.Ints(rp.Name))
				}
			}
			if (rp.Kind == sente.Int || rp.Kind == sente.Ints) && (rp.Min != bp.Min || rp.Max > bp.Max) {
				t.Errorf("%s.star: %s ranges over %d..%d; the built-in's over %d..%d", name, rp.Name, rp.Min, rp.Max, bp.Min, bp.Max)
			}
		}
	}
}

// TestCards: seed 000. The first player wins; if the first player opens
// with 1, the second player's only winning answer is 1.
func TestCards(t *testing.T) {
	for _, spec := range []string{
		"cards:first=1/1/2,second=1/2/2,target=5",
		"cards:first=2/2/3/3,second=1/1/1/4,target=9",
		"cards:first=1,second=5,target=1",
		"cards:first=1/2/3,second=1/1,target=7",
		"cards:first=1/2,second=2/2,target=9",
		"cards:first=1..5,second=1..5,target=21",
		"cards:first=1..6,second=2..7,target=30",
		"cards",
	} {
		pr := newPair(t, spec, cardsConv)
		s := pr.compare(t, "", nil)
		checkFeatures(t, s)
		if spec != "cards" {
			continue
		}
		if _, o := s.outcomeAt(t, "((), ())"); o.Value != sente.Win {
			t.Errorf("cards: the start is %v for the first player; seed 000 says the first player wins", o)
		}
		p, o := s.outcomeAt(t, "((1,), ())")
		if o.Value != sente.Win {
			t.Errorf("cards: after 1 the second player has %v; want a win", o)
		}
		var winning []string
		for _, m := range s.rsol.Moves(p) {
			if c, _ := s.rsol.Outcome(m.To); sente.MoveOutcome(c, sente.KeepsTurn(s.rsol.Game(), p, m.To)).Value == sente.Win {
				winning = append(winning, m.Name)
			}
		}
		if !slices.Equal(winning, []string{"1"}) {
			t.Errorf("cards: after 1 the second player's winning answers are %q; seed 000 says only 1", winning)
		}
	}
}

// checkFeatures compares the cards features, the cards each player has
// played as a mask over the hand (the axes of seed 000's table), with the
// built-in's position.
func checkFeatures(t *testing.T, s *solved) {
	t.Helper()
	g, ok := rules.Of(s.rules)
	if !ok {
		t.Fatalf("%s: rules.Of does not find the rules game", s.spec)
	}
	if names := g.FeatureNames(); !slices.Equal(names, []string{"first", "second"}) {
		t.Errorf("%s: features %q; want first and second", s.spec, names)
		return
	}
	s.bsol.Each(func(p sente.Position, _ sente.Outcome) bool {
		q := p.(games.CardsPosition)
		rp := s.positions[s.twinText(t, p)]
		a, err1 := g.Feature("first", rp)
		b, err2 := g.Feature("second", rp)
		if err1 != nil || err2 != nil || a != int(q.First) || b != int(q.Second) {
			t.Errorf("%s: %q: features %d, %d (%v, %v); want the masks %d, %d", s.spec, s.builtin.FormatPosition(p), a, b, err1, err2, q.First, q.Second)
			return false
		}
		return true
	})
}

// TestCheck runs the loader's own check of every function of each file on
// the positions reachable at the defaults (show and parse, tiers that no
// move lowers, components, features and policies).
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this the loader's check of every example rules file on every reachable position (about 1 s)")
	}
	for _, name := range []string{"cards", "chopsticks", "nim", "tofu", "consecutive", "count", "tictactoe", "loopy", "cutcake"} {
		g, ok := rules.Of(loadRules(t, name))
		if !ok {
			t.Fatalf("%s: rules.Of does not find the rules game", name)
		}
		if n, err := g.Check(t.Context(), 0); err != nil {
			t.Errorf("%s.star: check after %d positions: %v", name, n, err)
		}
	}
}

// TestChopsticks: seed 001. Perfect play never ends; against the niece who
// kills a hand whenever she can, (4, 4) against (4, 3) has no forced win
// either, but against her stricter reading it is a win in 7 plies.
func TestChopsticks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this big solve: the chopsticks rules file against the built-in, position by position, three times (about 1 s)")
	}
	pr := newPair(t, "chopsticks", chopsticksConv)
	s := pr.compare(t, "", nil)
	if _, o := s.outcomeAt(t, `(1, 1, 1, 1, "first")`); o.Value != sente.Draw {
		t.Errorf("chopsticks: the start is %v; seed 001's author expected a draw", o)
	}
	niece := pr.compare(t, "4,4 4,3 first", map[sente.Player]string{sente.Second: "niece"})
	if _, o := niece.outcomeAt(t, `(4, 4, 4, 3, "first")`); o.Value != sente.Draw {
		t.Errorf("chopsticks against the niece from (4, 4) against (4, 3): %v; want a draw", o)
	}
	strict := pr.compare(t, "4,4 4,3 first", map[sente.Player]string{sente.Second: "niece-attacks"})
	if _, o := strict.outcomeAt(t, `(4, 4, 4, 3, "first")`); o != (sente.Outcome{Value: sente.Win, Remoteness: 7}) {
		t.Errorf("chopsticks against niece-attacks from (4, 4) against (4, 3): %v; want a win in 7", o)
	}
	// The niece also serves the first player.
	pr.compare(t, "", map[sente.Player]string{sente.First: "niece"})
}

// TestNim: seed 002. Grundy values are the XOR of the heaps.
func TestNim(t *testing.T) {
	for _, spec := range []string{"nim:heaps=7", "nim:heaps=1/2/3", "nim:heaps=0/5/2/6", "nim:heaps=2/2", "nim"} {
		s := newPair(t, spec, nimConv).compare(t, "", nil)
		rv := s.grundy(t)
		s.bsol.Each(func(p sente.Position, _ sente.Outcome) bool {
			x := 0
			for _, h := range p.(games.NimPosition).Heaps {
				x ^= int(h)
			}
			if g, _ := rv.Of(s.twinOf(t, p)); g != x {
				t.Errorf("%s: %s has Grundy value %d; Bouton says %d", spec, s.twinText(t, p), g, x)
			}
			return true
		})
	}
}

// TestTofu: seed 002, one block with the habanero in the middle.
func TestTofu(t *testing.T) {
	for _, spec := range []string{"tofu:x=1,y=1,z=1", "tofu:x=4,y=3,z=2", "tofu:x=5,y=1,z=6", "tofu:x=6,y=5,z=4", "tofu"} {
		s := newPair(t, spec, tofuConv).compare(t, "", nil)
		s.grundy(t)
	}
}

// TestConsecutive: seed 003. With m = 1 the first player wins exactly when
// n is odd; with m >= 2 the first player always wins.
func TestConsecutive(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this big solve: the consecutive-numbers rules file against the built-in, up to its default size (about 5 s)")
	}
	for _, spec := range []string{"consecutive:n=1,m=1", "consecutive:n=8,m=1", "consecutive:n=9,m=3", "consecutive:n=11,m=4", "consecutive:n=12,m=3", "consecutive"} {
		s := newPair(t, spec, consecutiveConv).compare(t, "", nil)
		s.grundy(t)
	}
	for m := 1; m <= 4; m++ {
		for n := 1; n <= 10; n++ {
			spec := fmt.Sprintf("consecutive:n=%d,m=%d", n, m)
			g := loadRules(t, spec)
			sol, err := hashing.Solve(t.Context(), g, hashing.Options{MaxPositions: maxPositions})
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			o, _ := sol.Outcome(g.Start())
			want := sente.Win
			if m == 1 && n%2 == 0 {
				want = sente.Lose
			}
			if o.Value != want {
				t.Errorf("%s: the first player has %v; seed 003 says %v", spec, o, want)
			}
		}
	}
}

// TestCount: seed 004. The second player wins, and G(k) = (21 - k) mod 4
// for the next number k.
func TestCount(t *testing.T) {
	for _, spec := range []string{"count:lose=1,most=1", "count:lose=10,most=2", "count:lose=31,most=4,start=5"} {
		s := newPair(t, spec, countConv).compare(t, "", nil)
		s.grundy(t)
	}
	s := newPair(t, "count", countConv).compare(t, "", nil)
	if _, o := s.outcomeAt(t, `(1, "first")`); o.Value != sente.Lose {
		t.Errorf("count: the start is %v for the first player; seed 004 says the second player wins", o)
	}
	rv := s.grundy(t)
	for k := 1; k <= 21; k++ {
		found := false
		for _, turn := range []string{"first", "second"} {
			p, ok := s.positions[s.rules.FormatPosition(mustParse(t, s.rules, tuple(itoa(k), quote(turn))))]
			if !ok {
				continue
			}
			found = true
			if g, _ := rv.Of(p); g != (21-k)%4 {
				t.Errorf("count: G(%d) = %d; want (21-%d) mod 4 = %d", k, g, k, (21-k)%4)
			}
		}
		if !found {
			t.Errorf("count: %d is never the next number", k)
		}
	}
}

func mustParse(t *testing.T, g sente.Game, text string) sente.Position {
	t.Helper()
	p, err := g.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%s): %v", text, err)
	}
	return p
}

// TestTicTacToe: a tie on 3×3, and other small boards.
func TestTicTacToe(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this big solve: the tic-tac-toe rules file against the built-in, position by position (about 1 s)")
	}
	for _, spec := range []string{"tictactoe:m=2,n=2,k=1", "tictactoe:m=1,n=4,k=2", "tictactoe:m=4,n=1,k=3", "tictactoe:m=2,n=3,k=2", "tictactoe"} {
		s := newPair(t, spec, tictactoeConv).compare(t, "", nil)
		if spec != "tictactoe" {
			continue
		}
		if _, o := s.outcomeAt(t, `("...", "...", "...")`); o.Value != sente.Tie {
			t.Errorf("tictactoe: the start is %v; want a tie", o)
		}
	}
}

// TestConnect4: the twin written with bit boards agrees position by
// position with the built-in on small boards (its show writes the built-in's
// text form), and on 4×4 (161,029 positions) in its counts and its start.
func TestConnect4(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this big solve: the connect-four rules file against the built-in, position by position and on 4×4 (about 7 s)")
	}
	for _, spec := range []string{"connect4:w=3,h=3,k=3", "connect4:w=4,h=3,k=3", "connect4:w=3,h=4,k=3"} {
		newPair(t, spec, func(b sente.Game, p sente.Position) string { return b.FormatPosition(p) }).compare(t, "", nil)
	}
	var counts [2]solve.Counts
	var starts [2]sente.Outcome
	builtin, err := games.New("connect4:w=4,h=4")
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range []sente.Game{loadRules(t, "connect4:w=4,h=4"), builtin} {
		sol, err := hashing.Solve(t.Context(), g, hashing.Options{})
		if err != nil {
			t.Fatal(err)
		}
		counts[i] = sol.Counts()
		starts[i], _ = sol.Outcome(g.Start())
	}
	if counts[0] != counts[1] || starts[0] != starts[1] || starts[0] != (sente.Outcome{Value: sente.Tie, Remoteness: 16}) {
		t.Errorf("connect four 4×4: rules file %+v from a start %v, built-in %+v from %v; want equal, a tie in 16", counts[0], starts[0], counts[1], starts[1])
	}
}

// TestLoopy: the cat and mouse game has draws (endless play), wins and
// losses, the start is a draw, and the engine agrees with the slow
// reference solver on every position, from every start.
func TestLoopy(t *testing.T) {
	for mouse := 1; mouse <= 5; mouse++ {
		for cat := 1; cat <= 5; cat++ {
			spec := fmt.Sprintf("loopy:mouse=%d,cat=%d", mouse, cat)
			g := loadRules(t, spec)
			sol, err := hashing.Solve(t.Context(), g, hashing.Options{MaxPositions: maxPositions})
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			ref, err := reference.Reference(g, nil, nil)
			if err != nil {
				t.Fatalf("%s: reference: %v", spec, err)
			}
			if len(ref) != sol.Positions() {
				t.Errorf("%s: %d positions; the reference finds %d", spec, sol.Positions(), len(ref))
			}
			sol.Each(func(p sente.Position, o sente.Outcome) bool {
				if want, ok := ref[p]; !ok || want != o {
					t.Errorf("%s: %s is %v; the reference says %v (found %v)", spec, g.FormatPosition(p), o, want, ok)
				}
				return true
			})
			if mouse == 1 && cat == 2 {
				c := sol.Counts()
				if c.Draw == 0 || c.Win == 0 || c.Lose == 0 {
					t.Errorf("%s: counts %+v; want draws, wins and losses", spec, c)
				}
				if o, _ := sol.Outcome(g.Start()); o.Value != sente.Draw {
					t.Errorf("%s: the start is %v; want a draw", spec, o)
				}
			}
		}
	}
}
