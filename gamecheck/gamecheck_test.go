package gamecheck_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
)

// open makes a game from a spec, with its family and values for the
// stability check.
func open(t *testing.T, spec string) (sente.Game, gamecheck.Options) {
	t.Helper()
	s, err := sente.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := (&games.Catalog{ReadFiles: true}).Bind(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	return g, gamecheck.Options{Family: &b.Family, Values: b.Values, Positions: 1500}
}

// TestBuiltInGamesPass: every built-in family, at small parameters where
// its defaults are large (the check walks a bounded part of the game either
// way), and some rules files and wrappers keep their contract.
func TestBuiltInGamesPass(t *testing.T) {
	specs := map[string]string{
		"cards":       "cards",
		"chopsticks":  "chopsticks",
		"connect4":    "connect4:w=4,h=4,k=3",
		"consecutive": "consecutive:n=8,m=2",
		"count":       "count",
		"dawson":      "dawson:n=8",
		"dawsonchess": "dawsonchess:n=8",
		"grundy":      "grundy:n=9",
		"kayles":      "kayles:n=8",
		"nim":         "nim:heaps=1/2/3",
		"octal":       "octal:code=0.137,n=8",
		// Othello's 8×8 has no keys; 6×6 has every capability.
		"othello 6×6": "othello:n=6",
		"othello 8×8": "othello:n=8",
		"othello 4×6": "othello:w=6,h=4",
		"quixo":       "quixo:n=3,k=2",
		"subtraction": "subtraction:set=1/3/4,n=10",
		"tictactoe":   "tictactoe",
		"tofu":        "tofu:x=2,y=3,z=2",
	}
	if testing.Short() {
		// The largest families' defaults take seconds each: -short
		// checks them on small boards, the run without it at their
		// defaults, and tic-tac-toe in Starlark too (two CPU-seconds;
		// the other rules files take the same path).
		specs["teeko"] = "teeko:n=4,pieces=2"
		specs["morris"] = "morris:board=six,men=3"
		specs["gobblet"] = "gobblet:sizes=2"
		specs["dobutsu"] = "dobutsu:pieces=chicks"
	} else {
		specs["rules tictactoe"] = "../examples/tictactoe.star"
	}
	for _, fam := range games.All() {
		if _, ok := specs[fam.Name]; !ok {
			specs[fam.Name] = fam.Name
		}
	}
	specs["rules nim"] = "../rules/testdata/nim.star"
	specs["rules greedy"] = "../rules/testdata/greedy.star"
	// Games whose moves may keep the turn: the check notes one.
	keeps := map[string]bool{"rules dots and boxes": true, "rules kalah": true, "kalah": true}
	specs["rules dots and boxes"] = "../examples/dotsandboxes.star"
	specs["rules kalah"] = "../examples/kalah.star:pits=3,seeds=2"
	for name, spec := range specs {
		t.Run(name, func(t *testing.T) {
			g, opt := open(t, spec)
			rep, err := gamecheck.Check(context.Background(), g, opt)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			// Every built-in game whose moves all pass the turn says so,
			// so that the engines never ask whose turn it is; Kalah's
			// extra turn keeps it.
			builtIn := !strings.HasPrefix(name, "rules ")
			if alternates := sente.CapabilitiesOf(g).Alternates(); alternates != (builtIn && !keeps[name]) {
				t.Errorf("%s: Alternates says %v", spec, alternates)
			}
			if (rep.KeepsTurn != "") != keeps[name] {
				t.Errorf("%s: a move that keeps the turn: %q", spec, rep.KeepsTurn)
			}
			if rep.Positions == 0 || len(rep.Checks) < 3 {
				t.Errorf("%s: %d positions, checks %q", spec, rep.Positions, rep.Checks)
			}
			if sente.CapabilitiesOf(g).Ranker != nil && !strings.Contains(strings.Join(rep.Checks, "\n"), "stable keys") {
				t.Errorf("%s has a Ranker, but its keys were not checked for stability: %q", spec, rep.Checks)
			}
		})
	}
	t.Run("misère nim", func(t *testing.T) {
		g, _ := open(t, "nim:heaps=1/2/3")
		if _, err := gamecheck.Check(context.Background(), nimber.MisereGame(g), gamecheck.Options{}); err != nil {
			t.Fatal(err)
		}
	})
}

// toy is a small game with every capability stated on keys: a counter
// from 0 to 7, where a move adds 1 or 2 (to at most 7); 7 has ended, lost
// for the player to move. The key is the count, the tier and the rank too;
// the canonical position is the position itself. Each breach field breaks
// one thing.
type toy struct {
	breach string
	calls  atomic.Int64
}

type toyPos int

func (g *toy) Start() sente.Position { return toyPos(0) }

func (g *toy) Moves(p sente.Position) []sente.Move {
	n := int(p.(toyPos))
	var moves []sente.Move
	for d := 1; d <= 2 && n+d <= 7; d++ {
		name := "+" + strconv.Itoa(d)
		if g.breach == "names" && n == 3 {
			name = "+1"
		}
		moves = append(moves, sente.Move{Name: name, To: toyPos(n + d)})
	}
	return moves
}

func (g *toy) Ended(p sente.Position) (sente.Value, bool) {
	if p.(toyPos) == 7 {
		return sente.Lose, true
	}
	return sente.Unknown, false
}

// Turn alternates between odd and even numbers, so that a move of +2
// keeps the turn.
func (g *toy) Turn(p sente.Position) sente.Player { return sente.Player(int(p.(toyPos)) % 2) }

// Alternates is a false promise, made under the breach "promise".
func (g *toy) Alternates() bool { return g.breach == "promise" }

func (g *toy) TurnKey(key uint64) sente.Player {
	if g.breach == "turn key" && key == 3 {
		return sente.First
	}
	return g.Turn(toyPos(key))
}

func (g *toy) FormatPosition(p sente.Position) string {
	if g.breach == "text" && p.(toyPos) == 5 {
		return "five"
	}
	if g.breach == "zero byte" && p.(toyPos) == 5 {
		return "5\x00"
	}
	return strconv.Itoa(int(p.(toyPos)))
}

func (g *toy) ParsePosition(s string) (sente.Position, error) {
	if g.breach == "zero byte" && s == "5\x00" {
		return toyPos(5), nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 7 {
		return nil, fmt.Errorf("toy position %q: want 0 to 7", s)
	}
	return toyPos(n), nil
}

func (g *toy) Encode(p sente.Position) uint64 {
	if g.breach == "reserved" && p.(toyPos) == 6 {
		return ^uint64(0)
	}
	return uint64(p.(toyPos))
}

func (g *toy) Decode(key uint64) sente.Position {
	if key == ^uint64(0) {
		return toyPos(6)
	}
	if g.breach == "decode" && key == 4 {
		return toyPos(3)
	}
	return toyPos(key)
}

func (g *toy) AppendChildren(dst []uint64, key uint64) []uint64 {
	if g.breach == "concurrent" {
		// Answers otherwise while another call is under way.
		busy := g.calls.Add(1) > 1
		time.Sleep(time.Millisecond)
		g.calls.Add(-1)
		if busy && key == 2 {
			return dst
		}
	}
	for d := uint64(1); d <= 2 && key+d <= 7; d++ {
		switch {
		case g.breach == "children" && key == 2 && d == 2:
			continue
		case g.breach == "reserved" && key+d == 6:
			dst = append(dst, ^uint64(0))
			continue
		}
		dst = append(dst, key+d)
	}
	return dst
}

func (g *toy) EndedKey(key uint64) (sente.Value, bool) {
	if g.breach == "ended" && key == 6 {
		return sente.Win, true
	}
	return g.Ended(toyPos(key))
}

func (g *toy) RankSize() uint64 { return 8 }

func (g *toy) Rank(key uint64) uint64 {
	switch {
	case g.breach == "rank range" && key == 3:
		return 8
	case g.breach == "rank clash" && key == 3:
		return 2
	}
	return key
}

func (g *toy) Tier(key uint64) int {
	if g.breach == "tiers" && key == 4 {
		return 0
	}
	return int(key)
}

func (g *toy) AppendParents(dst []uint64, key uint64) []uint64 {
	for d := uint64(1); d <= 2 && d <= key; d++ {
		if g.breach == "parents" && key == 5 && d == 1 {
			continue
		}
		dst = append(dst, key-d)
	}
	return dst
}

func (g *toy) Canonical(key uint64) uint64 {
	switch {
	case g.breach == "canonical twice" && key == 4:
		return 5
	case g.breach == "canonical twice" && key == 5:
		return 6
	case g.breach == "canonical value" && key == 6:
		return 7
	case g.breach == "canonical turn" && key == 4:
		return 5
	}
	return key
}

var _ interface {
	sente.Game
	sente.Encoder
	sente.Ranker
	sente.Tiered
	sente.Unmover
	sente.Symmetric
} = (*toy)(nil)

// TestToyPasses: the toy keeps its contract when nothing is broken.
func TestToyPasses(t *testing.T) {
	rep, err := gamecheck.Check(context.Background(), &toy{}, gamecheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Positions != 8 {
		t.Errorf("%d positions, want 8", rep.Positions)
	}
	all := strings.Join(rep.Checks, "\n")
	for _, want := range []string{"text form", "encoder", "ranks", "tiers", "parents", "symmetries", "concurrency", "turns: Turn is first or second everywhere, compared before and after every move"} {
		if !strings.Contains(all, want) {
			t.Errorf("checks lack %q:\n%s", want, all)
		}
	}
	// A move of +2 keeps the turn: allowed, and noted with an example.
	if want := "the move +2 from 0 (the first player moves again)"; rep.KeepsTurn != want || !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, want) }) {
		t.Errorf("KeepsTurn %q, notes %q; want %q noted", rep.KeepsTurn, rep.Notes, want)
	}
}

// TestBreaches: each kind of breach is found, named with the position and
// what failed.
func TestBreaches(t *testing.T) {
	for _, tc := range []struct {
		breach, check, position, msg string
	}{
		{"text", "text form", "five", "ParsePosition cannot read"},
		{"zero byte", "text form", "5\x00", "holds a zero byte"},
		{"names", "moves", "3", `two moves are named "+1", to "4" and "5"`},
		{"reserved", "encoder", "4", "the move +2 leads to a position whose key is ^uint64(0)"},
		{"decode", "encoder", "4", `Decode(Encode(p)) is "3"`},
		{"children", "encoder", "2", "AppendChildren lacks the key 0x4 of the move +2"},
		{"ended", "encoder", "6", "EndedKey says it ended with win, Ended the game goes on"},
		{"rank range", "ranks", "3", "rank 8 is not below RankSize 8"},
		{"rank clash", "ranks", "", "the same rank 2"},
		{"tiers", "tiers", "", "leads from tier"},
		{"parents", "parents", "4", `AppendParents of "5", which the move +1 leads to, does not list this position`},
		{"canonical twice", "symmetries", "4", "Canonical is not idempotent"},
		{"canonical value", "symmetries", "6", `its canonical position "7" it ended with lose, but it the game goes on`},
		{"concurrent", "concurrency", "2", "asked from 4 goroutines at once"},
		{"promise", "turns", "0", "the move +2 keeps the turn (the first player moves again), but the game promises that every move passes it"},
		{"turn key", "encoder", "3", "TurnKey says first, Turn second"},
		{"canonical turn", "symmetries", "4", `the first player is to move, but the second player at its canonical position "5"`},
	} {
		t.Run(tc.breach, func(t *testing.T) {
			_, err := gamecheck.Check(context.Background(), &toy{breach: tc.breach}, gamecheck.Options{})
			var ce *gamecheck.Error
			if !errors.As(err, &ce) {
				t.Fatalf("error %v; want a *gamecheck.Error", err)
			}
			if ce.Check != tc.check || tc.position != "" && ce.Position != tc.position || !strings.Contains(ce.Msg, tc.msg) {
				t.Errorf("got %q (check %q at %q); want check %q at %q with %q", err, ce.Check, ce.Position, tc.check, tc.position, tc.msg)
			}
			if !strings.Contains(err.Error(), ce.Position) && !strings.Contains(err.Error(), strconv.Quote(ce.Position)) {
				t.Errorf("%q does not name the position %q", err, ce.Position)
			}
		})
	}
}

// unstable gives keys that depend on a counter shared by the games it
// makes, as a game numbering positions as it meets them might.
type unstable struct {
	toy
	offset uint64
}

func (g *unstable) Encode(p sente.Position) uint64          { return uint64(p.(toyPos)) + g.offset }
func (g *unstable) Decode(key uint64) sente.Position        { return toyPos(key - g.offset) }
func (g *unstable) EndedKey(key uint64) (sente.Value, bool) { return g.Ended(g.Decode(key)) }
func (g *unstable) AppendChildren(dst []uint64, key uint64) []uint64 {
	for _, k := range g.toy.AppendChildren(nil, key-g.offset) {
		dst = append(dst, k+g.offset)
	}
	return dst
}

// TestStableKeys: keys that differ between two games from the same spec
// are reported for a game without a Ranker and fail one with a Ranker.
func TestStableKeys(t *testing.T) {
	var made uint64
	fam := sente.Family{Name: "unstable", New: func(sente.ParamValues) (sente.Game, error) {
		made += 10
		return &unstableGame{&unstable{offset: made}}, nil
	}}
	g, _ := fam.New(sente.ParamValues{})
	rep, err := gamecheck.Check(context.Background(), g, gamecheck.Options{Family: &fam})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "keys differ") }) {
		t.Errorf("notes %q; want one saying the keys differ", rep.Notes)
	}
	fam.New = func(sente.ParamValues) (sente.Game, error) {
		made += 10
		return &unstableRanked{unstableGame{&unstable{offset: made}}}, nil
	}
	g, _ = fam.New(sente.ParamValues{})
	_, err = gamecheck.Check(context.Background(), g, gamecheck.Options{Family: &fam})
	var ce *gamecheck.Error
	if !errors.As(err, &ce) || ce.Check != "stable keys" || !strings.Contains(ce.Msg, "must give every position the same key") {
		t.Errorf("error %v; want the stable keys check to fail", err)
	}
}

// unstableGame offers only the Encoder of unstable.
type unstableGame struct{ u *unstable }

func (g unstableGame) Start() sente.Position                          { return g.u.Start() }
func (g unstableGame) Moves(p sente.Position) []sente.Move            { return g.u.Moves(p) }
func (g unstableGame) Ended(p sente.Position) (sente.Value, bool)     { return g.u.Ended(p) }
func (g unstableGame) Turn(p sente.Position) sente.Player             { return g.u.Turn(p) }
func (g unstableGame) FormatPosition(p sente.Position) string         { return g.u.FormatPosition(p) }
func (g unstableGame) ParsePosition(s string) (sente.Position, error) { return g.u.ParsePosition(s) }
func (g unstableGame) Encode(p sente.Position) uint64                 { return g.u.Encode(p) }
func (g unstableGame) Decode(key uint64) sente.Position               { return g.u.Decode(key) }
func (g unstableGame) EndedKey(key uint64) (sente.Value, bool)        { return g.u.EndedKey(key) }
func (g unstableGame) AppendChildren(dst []uint64, key uint64) []uint64 {
	return g.u.AppendChildren(dst, key)
}

// unstableRanked has a Ranker as well.
type unstableRanked struct{ unstableGame }

func (g unstableRanked) RankSize() uint64       { return 100 }
func (g unstableRanked) Rank(key uint64) uint64 { return key % 100 }

// steps is a race to 8 by steps of one or two, one player making every
// move, whose Canonical folds each odd count into the even one below it:
// in another tier.
type steps struct{}

func (steps) Start() sente.Position { return uint64(0) }
func (steps) Moves(p sente.Position) (moves []sente.Move) {
	for _, s := range []uint64{1, 2} {
		if n := p.(uint64) + s; n <= 8 {
			moves = append(moves, sente.Move{Name: strconv.FormatUint(s, 10), To: n})
		}
	}
	return moves
}
func (steps) Ended(p sente.Position) (sente.Value, bool) { return sente.Lose, p.(uint64) == 8 }
func (steps) Turn(p sente.Position) sente.Player         { return sente.First }
func (steps) FormatPosition(p sente.Position) string     { return strconv.FormatUint(p.(uint64), 10) }
func (steps) ParsePosition(s string) (sente.Position, error) {
	return strconv.ParseUint(s, 10, 64)
}
func (steps) Encode(p sente.Position) uint64 { return p.(uint64) }
func (steps) Decode(k uint64) sente.Position { return k }
func (g steps) AppendChildren(dst []uint64, k uint64) []uint64 {
	for _, m := range g.Moves(k) {
		dst = append(dst, m.To.(uint64))
	}
	return dst
}
func (g steps) EndedKey(k uint64) (sente.Value, bool) { return g.Ended(k) }
func (steps) RankSize() uint64                        { return 9 }
func (steps) Rank(k uint64) uint64                    { return k }
func (steps) Tier(k uint64) int                       { return int(k) }
func (steps) Canonical(k uint64) uint64               { return k &^ 1 }

// TestClassTiers: a game whose ranks the tier engine discovers keeps a
// class of symmetric positions in one tier, which the tier engine's
// --symmetry needs.
func TestClassTiers(t *testing.T) {
	_, err := gamecheck.Check(t.Context(), sente.WithBytes(steps{}), gamecheck.Options{})
	var ce *gamecheck.Error
	if !errors.As(err, &ce) || ce.Check != "symmetries" || !strings.Contains(ce.Msg, "a class's positions are in one tier") {
		t.Errorf("error %v; want the symmetries check to fail on a class's tiers", err)
	}
}
