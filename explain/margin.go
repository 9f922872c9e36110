package explain

import (
	"fmt"
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// MarginOf is p's margin under perfect play for the player to move, when
// the game ends in a score and sol knows margins (solve.Margined).
func MarginOf(sol solve.Solution, p sente.Position) (sente.Margin, bool) {
	if !sente.Scored(sol.Game()) {
		return sente.Margin{}, false
	}
	return sol.Margin(p)
}

// MarginNote is the one line said of a game that ends in a score whose
// solution gives no margins, saying why; "" when the game has no score or
// sol gives its margins. Tables stored without margins give the value
// and no margin: never a wrong one.
func MarginNote(sol solve.Solution) string {
	if !sente.Scored(sol.Game()) {
		return ""
	}
	switch err := sol.MarginErr(); {
	case err == solve.ErrNoMargins:
		return "the game ends in a score, but the stored tables hold no margins (stored by a sente that kept none, or the game has none: play that can come back to a position, or a position without moves and without a score): --engine hash or --engine search finds the margin, or says why there is none"
	case err != nil:
		return "no margin: " + err.Error()
	}
	return ""
}

// MarginVerdict says in words who wins a position whose margin for the
// player to move (turn) is m: "first player wins by 10 in 23 plies",
// "tie in 7 plies", and at the end "second player has won by 2".
func MarginVerdict(turn sente.Player, m sente.Margin) string {
	v := m.Value()
	if v == sente.Tie {
		return Verdict(turn, sente.Outcome{Value: v, Remoteness: m.Remoteness})
	}
	by := max(m.Score, -m.Score)
	if m.Remoteness == sente.RemotenessUnknown {
		return fmt.Sprintf("%s player wins by %d", sente.Winner(turn, v), by)
	}
	if m.Remoteness == 0 {
		return fmt.Sprintf("%s player has won by %d", sente.Winner(turn, v), by)
	}
	return fmt.Sprintf("%s player wins by %d in %s", sente.Winner(turn, v), by, plies(m.Remoteness))
}

// MarginWords says what a move's margin is for the player making it:
// "wins by 3 in 5 plies", "loses by 1 in 4 plies", "ties in 7 plies".
func MarginWords(m sente.Margin) string {
	by := max(m.Score, -m.Score)
	if m.Remoteness == sente.RemotenessUnknown {
		switch m.Value() {
		case sente.Win:
			return fmt.Sprintf("wins by %d", by)
		case sente.Lose:
			return fmt.Sprintf("loses by %d", by)
		}
		return "ties"
	}
	switch m.Value() {
	case sente.Win:
		return fmt.Sprintf("wins by %d in %s", by, plies(m.Remoteness))
	case sente.Lose:
		return fmt.Sprintf("loses by %d in %s", by, plies(m.Remoteness))
	}
	return "ties in " + plies(m.Remoteness)
}

// MarginMove is a move with its margin for the player making it.
type MarginMove struct {
	sente.Move
	Margin sente.Margin
}

// MarginMoves returns the moves from p that the solution considered, each
// with its margin for the player making it (a move that keeps the turn
// keeps its position's margin, sente.MoveMargin), the largest margin
// first and, at equal margins, by remoteness as Margin.Better orders
// them; false when sol gives no margins.
func MarginMoves(sol solve.Solution, p sente.Position) ([]MarginMove, bool) {
	if _, ok := MarginOf(sol, p); !ok {
		return nil, false
	}
	g := sol.Game()
	turn := g.Turn(p)
	alternates := sente.CapabilitiesOf(g).Alternates()
	var out []MarginMove
	for _, m := range sol.Moves(p) {
		child, ok := MarginOf(sol, m.To)
		if !ok {
			return nil, false
		}
		keeps := !alternates && g.Turn(m.To) == turn
		out = append(out, MarginMove{Move: m, Margin: sente.MoveMargin(child, keeps)})
	}
	slices.SortStableFunc(out, func(a, b MarginMove) int {
		switch {
		case a.Margin.Better(b.Margin):
			return -1
		case b.Margin.Better(a.Margin):
			return 1
		}
		return 0
	})
	return out, true
}

// MostKept are the names of the moves that keep the best margin, the
// first of ranked's (as MarginMoves ranks them), whatever their plies.
func MostKept(ranked []MarginMove) []string {
	var out []string
	for _, m := range ranked {
		if m.Margin.Score == ranked[0].Margin.Score {
			out = append(out, m.Name)
		}
	}
	return out
}

// JudgeMargin says what a move did to the mover's margin, comparing it
// with the best move's: "" for a move that keeps the most, otherwise a
// sentence such as "that move gives up 4: loses by 2 instead of winning
// by 2".
func JudgeMargin(chosen, best sente.Margin) string {
	if chosen.Score >= best.Score {
		return ""
	}
	return fmt.Sprintf("that move gives up %d of the margin: %s, where the best %s", best.Score-chosen.Score, MarginWords(chosen), MarginWords(best))
}

// MarginJSON is what the browser app says of a position's margin, for a
// game that ends in a score: the fields solve and explain give (margin,
// margin_remoteness, most_kept, margin_note), and the sentence the page
// shows under the verdict (margin_verdict).
type MarginJSON struct {
	Margin           *int     `json:"margin,omitempty"`
	MarginRemoteness *int     `json:"margin_remoteness,omitempty"`
	MostKept         []string `json:"most_kept,omitempty"`
	MarginNote       string   `json:"margin_note,omitempty"`
	MarginVerdict    string   `json:"margin_verdict,omitempty"`
}

// NewMarginJSON is p's margin as the browser app gives it, or nil for a
// game without a score; its sentence names the sides as a speaks of them.
// A solution that finds no margins gives the note that says why, never a
// margin it does not have.
func NewMarginJSON(sol solve.Solution, p sente.Position, a Audience) *MarginJSON {
	g := sol.Game()
	if !sente.Scored(g) {
		return nil
	}
	m, ok := MarginOf(sol, p)
	if !ok {
		if note := MarginNote(sol); note != "" {
			return &MarginJSON{MarginNote: note}
		}
		return nil
	}
	out := &MarginJSON{Margin: &m.Score, MarginRemoteness: MarginRemotenessJSON(m)}
	if ranked, _ := MarginMoves(sol, p); len(ranked) > 0 {
		out.MostKept = MostKept(ranked)
	}
	out.MarginVerdict = a.MarginVerdict(g.Turn(p), m, out.MostKept)
	return out
}

// MarginVerdict says who wins a position by how much when each side plays
// for its own most, turn to move and m its margin, and which moves keep
// the most: "Playing for the most: white wins by 8 in 10 moves; b1 or a2
// keep the most.", and at the end "The first player has won by 4."
func (a Audience) MarginVerdict(turn sente.Player, m sente.Margin, mostKept []string) string {
	v := m.Value()
	var s string
	switch {
	case v == sente.Tie && m.Remoteness == 0:
		s = "the game has ended level"
	case v == sente.Tie && m.Remoteness == sente.RemotenessUnknown:
		s = "a tie"
	case m.Remoteness == sente.RemotenessUnknown:
		s = fmt.Sprintf("%s wins by %d", a.player(sente.Winner(turn, v)), max(m.Score, -m.Score))
	case v == sente.Tie:
		s = "a tie in " + moves(m.Remoteness)
	case m.Remoteness == 0:
		s = fmt.Sprintf("%s has won by %d", a.player(sente.Winner(turn, v)), max(m.Score, -m.Score))
	default:
		s = fmt.Sprintf("%s wins by %d in %s", a.player(sente.Winner(turn, v)), max(m.Score, -m.Score), moves(m.Remoteness))
	}
	if m.Remoteness == 0 {
		return capitalized(s) + "."
	}
	s = "Playing for the most: " + s
	if len(mostKept) > 0 {
		s += fmt.Sprintf("; %s %s the most", orNames(mostKept), keeps(len(mostKept)))
	}
	return s + "."
}

// MarginRemotenessJSON is the plies of m as JSON gives them
// (margin_remoteness): nil for a margin sought without them.
func MarginRemotenessJSON(m sente.Margin) *int {
	if m.Remoteness == sente.RemotenessUnknown {
		return nil
	}
	r := m.Remoteness
	return &r
}
