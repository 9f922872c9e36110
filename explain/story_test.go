package explain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
)

// The flag has its own name so that it cannot clash with an -update flag
// another test file of the package may define.
var updateStory = flag.Bool("update-story", false, "rewrite the story goldens under testdata/")

// story solves spec and tells the story of pos ("" for the start).
func story(t *testing.T, spec, pos string) (sente.Game, solve.Solution, *explain.Story) {
	t.Helper()
	g, sol := solved(t, spec)
	var p sente.Position
	if pos != "" {
		var err error
		if p, err = g.ParsePosition(pos); err != nil {
			t.Fatal(err)
		}
	}
	s, err := explain.Explain(sol, p)
	if err != nil {
		t.Fatal(err)
	}
	return g, sol, s
}

func text(t *testing.T, s *explain.Story) string {
	t.Helper()
	var b bytes.Buffer
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *updateStory {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./explain/ -update-story to write the goldens)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden (run with -update-story to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestStoryGoldens(t *testing.T) {
	tests := []struct{ name, spec, pos string }{
		{"story_cards.txt", "cards", ""},
		{"story_cards_after_1.txt", "cards", "1/-"},
		{"story_tictactoe.txt", "tictactoe", ""},
		{"story_chopsticks.txt", "chopsticks", ""},
		{"story_count.txt", "count", ""},
		{"story_nim.txt", "nim", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, s := story(t, tt.spec, tt.pos)
			golden(t, tt.name, []byte(text(t, s)))
		})
	}
	t.Run("story_cards.json", func(t *testing.T) {
		_, _, s := story(t, "cards", "")
		b, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "story_cards.json", append(b, '\n'))
		var back explain.Story
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(&back, s) {
			t.Errorf("the story does not survive a JSON round trip")
		}
	})
}

func movesWhere(s *explain.Story, value string) []string {
	var out []string
	for _, m := range s.Moves {
		if m.Value.String() == value {
			out = append(out, m.Move)
		}
	}
	return out
}

// TestStoryCardsStart pins seed 000's published answer as the story tells
// it: the first player wins, with every opening but 1; the second player's
// only chance is the opening 1, answered by 1, and from then on every card
// x by 7 − x.
func TestStoryCardsStart(t *testing.T) {
	_, _, s := story(t, "cards", "")
	if s.Winner != "first" || s.Turn != "first" || s.Plies == nil || *s.Plies != 9 || s.Verdict != "first player wins in 9 plies" {
		t.Errorf("verdict: winner %s, turn %s, %v plies, %q", s.Winner, s.Turn, s.Plies, s.Verdict)
	}
	if got := movesWhere(s, "win"); !slices.Equal(got, []string{"2", "3", "4", "5"}) {
		t.Errorf("winning moves %v, want 2 3 4 5", got)
	}
	if got := movesWhere(s, "lose"); !slices.Equal(got, []string{"1"}) {
		t.Errorf("losing moves %v, want 1", got)
	}
	if len(s.Line) != 9 || s.Line[0].Player != "first" || s.Line[1].Player != "second" {
		t.Errorf("main line %+v", s.Line)
	}
	c := s.Chance
	if c == nil || c.Player != "second" || c.Ply != 0 || len(c.Mistakes) != 1 {
		t.Fatalf("chance %+v, want the first player's one mistake at the start", c)
	}
	m := c.Mistakes[0]
	if m.Move != "1" || !slices.Equal(m.Replies, []string{"1"}) || m.Strategy == nil ||
		!slices.Equal(m.Strategy.Winning, []string{"1"}) || m.Strategy.Opening != "1" {
		t.Fatalf("mistake %+v, want the opening 1 refuted by 1 only", m)
	}
	if r := m.Strategy.Rule; r == nil || r.Form != "c-x" || r.C != 7 || !r.Fastest {
		t.Fatalf("rule after 1, 1: %+v, want 7 − x", r)
	}
	out := text(t, s)
	for _, want := range []string{
		"first player wins in 9 plies",
		"Winning moves for the first player: 2, 3, 4 and 5. Losing moves: 1.",
		"1 is the only move that does not win",
		"the only winning reply is 1",
		"Answering 1 with 1, then from then on every x with 7 − x, wins every line",
	} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("story lacks %q:\n%s", want, out)
		}
	}
}

// TestStoryCardsAfter1 is the second player's side: after the opening 1,
// answer 1 with 1, then every x with 7 − x.
func TestStoryCardsAfter1(t *testing.T) {
	_, _, s := story(t, "cards", "1/-")
	if s.Winner != "second" || s.Turn != "second" || s.LastMove != "1" || s.LastPlayer != "first" {
		t.Errorf("winner %s, turn %s, last move %s by %s", s.Winner, s.Turn, s.LastMove, s.LastPlayer)
	}
	st := s.Strategy
	if st == nil || st.Player != "second" || st.Answer != "1" || st.Opening != "1" || !slices.Equal(st.Winning, []string{"1"}) {
		t.Fatalf("strategy %+v", st)
	}
	if r := st.Rule; r == nil || r.C != 7 || r.Words != "answer every x with 7 − x" {
		t.Fatalf("rule %+v", st.Rule)
	}
	out := strings.Join(strings.Fields(text(t, s)), " ")
	if want := "Answer 1 with 1 (the only winning move); from then on, answer every x with 7 − x."; !strings.Contains(out, want) {
		t.Errorf("story lacks %q:\n%s", want, out)
	}
}

// TestStoryCardsRuleByHand checks the rule 7 − x independently of the
// solution and of the explain package's own walk: from 1/1, with the rules
// of the game alone, the first player plays anything, the second answers
// by 7 − x, and the second player wins every line.
func TestStoryCardsRuleByHand(t *testing.T) {
	g, err := games.New("cards")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := g.ParsePosition("1/1")
	ok, lines := byHand(g, p, sente.Second, func(x string) string {
		v, _ := strconv.Atoi(x)
		return strconv.Itoa(7 - v)
	})
	if !ok || lines != 4*3*2 {
		t.Errorf("7 − x from 1/1: wins %v on %d lines, want every one of 24", ok, lines)
	}
}

// byHand plays every line from s (the opponent of follower to move), the
// follower answering each move x with reply(x), by the game's rules alone,
// and reports whether the follower wins every line, and how many lines
// there are. A position that comes back on a line fails.
func byHand(g sente.Game, s sente.Position, follower sente.Player, reply func(string) string) (bool, int) {
	lines := 0
	onLine := map[string]bool{}
	var visit func(s sente.Position) bool
	visit = func(s sente.Position) bool {
		key := g.FormatPosition(s)
		if onLine[key] {
			return false
		}
		turn := g.Turn(s)
		if v, ended := g.Ended(s); ended {
			lines++
			return sente.Winner(turn, v) == follower
		}
		moves := g.Moves(s)
		if len(moves) == 0 {
			lines++
			return turn != follower
		}
		if turn == follower {
			return false
		}
		onLine[key] = true
		defer delete(onLine, key)
		for _, x := range moves {
			t := x.To
			if _, ended := g.Ended(t); ended || g.Turn(t) != follower || len(g.Moves(t)) == 0 {
				if !visit(t) {
					return false
				}
				continue
			}
			found := false
			for _, y := range g.Moves(t) {
				if y.Name == reply(x.Name) {
					found = true
					if !visit(y.To) {
						return false
					}
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	ok := visit(s)
	return ok, lines
}

func ruleReply(r *explain.Rule) func(string) string {
	return func(x string) string {
		if r.Form == "x" {
			return x
		}
		v, err := strconv.Atoi(x)
		if err != nil {
			return "\x00not a number"
		}
		return strconv.Itoa(r.C - v)
	}
}

func moveTo(t *testing.T, g sente.Game, p sente.Position, name string) sente.Position {
	t.Helper()
	for _, m := range g.Moves(p) {
		if m.Name == name {
			return m.To
		}
	}
	t.Fatalf("no move %s at %s", name, g.FormatPosition(p))
	return nil
}

// checkStrategy verifies a strategy for the player it names from p by
// brute force: its opening (when any) wins, and its rule wins every line.
func checkStrategy(t *testing.T, g sente.Game, sol solve.Solution, p sente.Position, st *explain.Strategy) {
	t.Helper()
	follower, err := sente.ParsePlayer(st.Player)
	if err != nil {
		t.Fatal(err)
	}
	if st.Opening != "" {
		if !slices.Contains(st.Winning, st.Opening) {
			t.Fatalf("%s: opening %s is not among the winning moves %v", g.FormatPosition(p), st.Opening, st.Winning)
		}
		p = moveTo(t, g, p, st.Opening)
		o, _ := sol.Outcome(p)
		if sente.Winner(g.Turn(p), o.Value) != follower {
			t.Fatalf("opening %s does not win", st.Opening)
		}
	}
	if st.Rule == nil {
		return
	}
	if ok, _ := byHand(g, p, follower, ruleReply(st.Rule)); !ok {
		t.Fatalf("%s: the %s player's rule %q does not win every line", g.FormatPosition(p), follower, st.Rule.Words)
	}
}

// TestStoryRulesHold tells the story of every position of a few games and
// checks every strategy reported, the winner's and the loser's after each
// mistake, by brute force with the games' rules alone. Chopsticks is loopy,
// so there a rule must also never let a position come back.
func TestStoryRulesHold(t *testing.T) {
	for _, spec := range []string{"cards", "cards:target=21", "chopsticks"} {
		t.Run(spec, func(t *testing.T) {
			g, sol := solved(t, spec)
			rules := 0
			sol.Each(func(p sente.Position, o sente.Outcome) bool {
				s, err := explain.Explain(sol, p)
				if err != nil {
					t.Fatal(err)
				}
				decided := o.Value == sente.Win || o.Value == sente.Lose
				if s.Ended || !decided {
					if s.Strategy != nil || s.Chance != nil {
						t.Fatalf("%s: a strategy or chance without a winner", s.Position)
					}
					return true
				}
				if s.Strategy == nil || s.Strategy.Player != s.Winner {
					t.Fatalf("%s: strategy %+v, want one for the %s player", s.Position, s.Strategy, s.Winner)
				}
				checkStrategy(t, g, sol, p, s.Strategy)
				if s.Strategy.Rule != nil {
					rules++
				}
				if c := s.Chance; c != nil {
					q := p
					for _, step := range s.Line[:c.Ply] {
						q = moveTo(t, g, q, step.Move)
					}
					for _, m := range c.Mistakes {
						after := moveTo(t, g, q, m.Move)
						mo, _ := sol.Outcome(after)
						if sente.Winner(g.Turn(after), mo.Value).String() == s.Winner {
							t.Fatalf("%s: mistake %s still wins", c.At, m.Move)
						}
						if m.Strategy != nil {
							checkStrategy(t, g, sol, after, m.Strategy)
						}
					}
				}
				return true
			})
			if rules == 0 {
				t.Errorf("no rule found anywhere in %s", spec)
			}
		})
	}
}

func TestStoryTicTacToe(t *testing.T) {
	_, _, s := story(t, "tictactoe", "")
	if s.Value != "tie" || s.Plies == nil || *s.Plies != 9 || s.Verdict != "tie in 9 plies" || s.Strategy != nil || s.Chance != nil {
		t.Errorf("value %s in %v (%q), strategy %v, chance %v", s.Value, s.Plies, s.Verdict, s.Strategy, s.Chance)
	}
	if len(s.Line) != 9 || s.LineEnd != "the game has ended in a tie" {
		t.Errorf("line of %d plies ending %q", len(s.Line), s.LineEnd)
	}
	if got := movesWhere(s, "tie"); len(got) != 9 {
		t.Errorf("moves that keep the tie: %v, want all nine", got)
	}
	out := text(t, s)
	for _, want := range []string{"tie in 9 plies", "  1. first plays ", "  9. first plays ", "Moves that keep the tie for the first player"} {
		if !strings.Contains(out, want) {
			t.Errorf("story lacks %q:\n%s", want, out)
		}
	}
}

func TestStoryChopsticks(t *testing.T) {
	g, sol, s := story(t, "chopsticks", "")
	if s.Value != "draw" || s.Winner != "none" || s.Strategy != nil || s.Chance != nil {
		t.Errorf("value %s, winner %s", s.Value, s.Winner)
	}
	var all []string
	for _, m := range g.Moves(g.Start()) {
		all = append(all, m.Name)
	}
	if got := movesWhere(s, "draw"); !slices.Equal(got, all) {
		t.Errorf("moves that keep the draw %v, want %v", got, all)
	}
	if !strings.Contains(s.MovesSummary, "Moves that keep the draw for the first player: ") || !strings.Contains(s.LineEnd, "goes on forever") {
		t.Errorf("summary %q, line end %q", s.MovesSummary, s.LineEnd)
	}
	// A drawn position where some move loses says so.
	found := false
	sol.Each(func(p sente.Position, o sente.Outcome) bool {
		if o.Value != sente.Draw {
			return true
		}
		ranked, _ := explain.Moves(sol, p)
		if ranked[len(ranked)-1].Outcome.Value != sente.Lose {
			return true
		}
		s, err := explain.Explain(sol, p)
		if err != nil {
			t.Fatal(err)
		}
		_, lost, _ := strings.Cut(s.MovesSummary, "Moves that would lose: ")
		if !strings.Contains(lost, ranked[len(ranked)-1].Name) {
			t.Errorf("%s: summary %q does not name the losing move %s", s.Position, s.MovesSummary, ranked[len(ranked)-1].Name)
		}
		found = true
		return false
	})
	if !found {
		t.Error("no drawn chopsticks position with a losing move")
	}
}

// TestStoryCount: the count game's moves are named by the numbers said
// ("2-4"), not by a single number, so no "c − x" rule applies and none is
// claimed; the strategy is the target set instead: end every turn on a
// multiple of 4.
func TestStoryCount(t *testing.T) {
	_, _, s := story(t, "count", "")
	if s.Winner != "second" || s.Plies == nil || *s.Plies != 10 {
		t.Errorf("winner %s in %v plies, want second in 10", s.Winner, s.Plies)
	}
	want := "always move to a position where the last number said is a multiple of 4"
	if s.Strategy == nil || s.Strategy.Rule != nil || s.Strategy.Target == nil || s.Strategy.Words != want {
		t.Errorf("strategy %+v, want %q", s.Strategy, want)
	}
}

func TestStoryEnded(t *testing.T) {
	_, _, s := story(t, "cards", "1,2,3,4,5/1,2,3,4")
	if !s.Ended || s.Winner != "first" || s.Verdict != "first player has won" || len(s.Line) != 0 || s.Strategy != nil {
		t.Errorf("%+v", s)
	}
	if out := text(t, s); !strings.Contains(out, "The game is over: first player has won.") {
		t.Errorf("story of an ended game:\n%s", out)
	}
}

func TestStoryUnreached(t *testing.T) {
	g, _ := games.New("cards")
	from, _ := g.ParsePosition("1/-")
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{From: from})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := g.ParsePosition("2/-")
	if _, err := explain.Explain(sol, other); err == nil {
		t.Error("no error for a position the solve did not reach")
	}
	// The root of a solve has no known last move.
	s, err := explain.Explain(sol, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Position != "1/-" || s.LastMove != "" || s.Strategy == nil || s.Strategy.Rule == nil || s.Strategy.Rule.C != 7 {
		t.Errorf("story of the root 1/-: %+v", s)
	}
}

// TestStoryNiece is seed 001's puzzle: against the niece who kills a hand
// whenever she can and otherwise attacks whenever she can, the first player
// wins from 4,4 vs 4,3 (against the milder niece who may transfer, the game
// is a draw, as games' tests pin). The story states the assumption, and its
// strategy and chances are checked by brute force.
func TestStoryNiece(t *testing.T) {
	g, err := games.New("chopsticks")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition("4,4 4,3 first")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{From: p, Restrict: map[sente.Player]string{sente.Second: "niece-attacks"}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := explain.Explain(sol, p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Winner != "first" || !slices.Equal(s.Assumes, []string{"the second player follows the policy niece-attacks"}) || s.Strategy == nil || len(s.Strategy.Winning) == 0 {
		t.Fatalf("%+v", s)
	}
	golden(t, "story_niece.txt", []byte(text(t, s)))
}
