package explain

import (
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// Story is what Explain tells about one position of a solved game, in plain
// words for someone who has never read sente's documentation: who wins and
// how soon, what perfect play looks like, which moves are good, and, when a
// simple one exists, the winner's strategy as a rule. Every field is plain
// data, so that a Story encodes to JSON as it is; WriteText renders it.
type Story struct {
	Game     string `json:"summary,omitempty"` // the game's one-line summary, when it has one
	Position string `json:"position"`          // the position, in the game's text form
	Turn     string `json:"turn"`              // who is to move: "first" or "second"
	Ended    bool   `json:"ended"`             // the game is over at the position
	Value    string `json:"value"`             // for the player to move: win, lose, tie or draw
	Winner   string `json:"winner"`            // "first", "second", or "none" (tie or draw)
	Plies    *int   `json:"remoteness"`        // plies to the end under perfect play; nil for a draw
	Verdict  string `json:"verdict"`           // Verdict's sentence: "first player wins in 9 plies"
	// Margin is the position's margin for the player to move, and
	// MarginRemoteness its plies, for a game that ends in a score whose
	// solution knows margins; MostKept are the moves that keep the most.
	// MarginNote says why a game that ends in a score has no margin.
	Margin           *int     `json:"margin,omitempty"`
	MarginRemoteness *int     `json:"margin_remoteness,omitempty"`
	MostKept         []string `json:"most_kept,omitempty"`
	MarginNote       string   `json:"margin_note,omitempty"`
	// LastMove is the move that led to the position, when the solution
	// shows that every way into it ends with a move of that name (as in the
	// card game, where "1/-" follows the opening 1); "" when unknown.
	LastMove   string `json:"last_move,omitempty"`
	LastPlayer string `json:"last_player,omitempty"` // who played LastMove
	// Assumes lists the policies the solve restricted players to, as
	// "the second player follows the policy niece".
	Assumes []string `json:"assumes,omitempty"`

	// Line is the main line of perfect play (see Line): the winner wins as
	// fast as it can, the loser holds out as long as it can.
	Line []Step `json:"line"`
	// LineEnd says how the line ends: "first player has won", "the position
	// ... repeats: the game goes on forever".
	LineEnd string `json:"line_end"`

	// Moves are every move from the position, best first, for the player
	// to move; MovesSummary sums them up in a sentence or two.
	Moves        []MoveJSON `json:"moves"`
	MovesSummary string     `json:"moves_summary"`

	// Strategy is the winning side's plan from the position; nil for a
	// tie, a draw, or a game that is over.
	Strategy *Strategy `json:"strategy,omitempty"`
	// Chance is the losing side's best chance: where, along the main line,
	// the winner can first go wrong, and how the loser then wins; nil when
	// nobody wins or the winner cannot go wrong along the line.
	Chance *Chance `json:"chance,omitempty"`
}

// Step is one ply of the main line.
type Step struct {
	Ply    int    `json:"ply"`      // 1 for the first move from the position
	Player string `json:"player"`   // who plays it: "first" or "second"
	Move   string `json:"move"`     // the move's name
	After  string `json:"position"` // the position it leads to
}

// StoryOptions bound the work of ExplainWith.
type StoryOptions struct {
	// MaxLine caps the main line, in plies; 0 means 200.
	MaxLine int
	// MaxWalk caps each check of a reply rule, in positions; a rule whose
	// check would visit more is not reported. 0 means 100000.
	MaxWalk int
	// MaxWork caps the positions all rule checks of one story visit
	// together; 0 means ten times MaxWalk.
	MaxWork int
}

// Explain tells the story of p (nil: the solution's root) in a solved game
// with the default bounds. It fails only when p was not reached by the solve.
func Explain(sol solve.Solution, p sente.Position) (*Story, error) {
	return ExplainWith(sol, p, StoryOptions{})
}

// ExplainWith is Explain with bounds on the work.
func ExplainWith(sol solve.Solution, p sente.Position, opt StoryOptions) (*Story, error) {
	if opt.MaxLine <= 0 {
		opt.MaxLine = 200
	}
	if opt.MaxWalk <= 0 {
		opt.MaxWalk = 100000
	}
	if opt.MaxWork <= 0 {
		opt.MaxWork = 10 * opt.MaxWalk
	}
	if p == nil {
		p = sol.Root()
	}
	g := sol.Game()
	o, ok := sol.Outcome(p)
	if !ok {
		return nil, fmt.Errorf("position %s was not reached by the solve", g.FormatPosition(p))
	}
	e := newStoryteller(sol, opt)
	turn := g.Turn(p)
	s := e.heading(p, o)
	if s.Ended {
		s.LineEnd = Verdict(turn, o)
		s.MovesSummary = "The game is over: there are no moves."
		return s, nil
	}
	positions, err := e.mainLine(s, p)
	if err != nil {
		return nil, err
	}
	if err := e.moves(s, p, o); err != nil {
		return nil, err
	}

	// The winner's strategy and the loser's chance.
	if o.Value != sente.Win && o.Value != sente.Lose {
		return s, nil
	}
	winner := sente.Winner(turn, o.Value)
	if turn == winner {
		s.Strategy = e.strategy(p, winner, s.LastMove)
	} else {
		s.Strategy = e.ruleFrom(p, winner)
	}
	s.Chance = e.chance(positions, winner, s.Strategy != nil && s.Strategy.Target != nil)
	return s, nil
}

// heading tells who is to move at p, worth o, who wins, what the game is,
// which policies the solve assumed and which move led there.
func (e *storyteller) heading(p sente.Position, o sente.Outcome) *Story {
	g, sol := e.g, e.sol
	turn := g.Turn(p)
	_, ended := g.Ended(p)
	s := &Story{
		Position: g.FormatPosition(p),
		Turn:     turn.String(),
		Ended:    ended || len(sol.Moves(p)) == 0,
		Value:    o.Value.String(),
		Winner:   sente.Winner(turn, o.Value).String(),
		Plies:    remoteness(o),
		Verdict:  Verdict(turn, o),
		Line:     []Step{},
		Moves:    []MoveJSON{},
	}
	if d := e.caps.Describer; d != nil {
		s.Game = d.Describe().Summary
	}
	for _, pl := range []sente.Player{sente.First, sente.Second} {
		if name, ok := sol.Restrict()[pl]; ok {
			s.Assumes = append(s.Assumes, fmt.Sprintf("the %s player follows the policy %s", pl, name))
		}
	}
	s.LastMove, s.LastPlayer = e.lastMove(p)
	if m, ok := MarginOf(sol, p); ok {
		s.Margin, s.MarginRemoteness = &m.Score, MarginRemotenessJSON(m)
		if ranked, _ := MarginMoves(sol, p); len(ranked) > 0 {
			s.MostKept = MostKept(ranked)
		}
	} else {
		s.MarginNote = MarginNote(sol)
	}
	return s
}

// mainLine fills in the main line from p and how it ends, and returns the
// positions along it, p first.
func (e *storyteller) mainLine(s *Story, p sente.Position) ([]sente.Position, error) {
	line, err := Line(e.sol, p, e.opt.MaxLine)
	if err != nil {
		return nil, err
	}
	positions := []sente.Position{p}
	for i, m := range line {
		s.Line = append(s.Line, Step{Ply: i + 1, Player: e.g.Turn(positions[i]).String(), Move: m.Name, After: e.g.FormatPosition(m.To)})
		positions = append(positions, m.To)
	}
	s.LineEnd = e.lineEnd(positions[len(positions)-1], len(line))
	return positions, nil
}

// moves fills in every move from p, worth o, best first, and their summary.
func (e *storyteller) moves(s *Story, p sente.Position, o sente.Outcome) error {
	ranked, err := Moves(e.sol, p)
	if err != nil {
		return err
	}
	moves, err := MovesJSON(e.sol, p, nil)
	if err != nil {
		return err
	}
	s.Moves = moves
	s.MovesSummary = movesSummary(e.g.Turn(p), o, ranked)
	return nil
}

// storyteller tells the story of positions of one solved game.
type storyteller struct {
	sol  solve.Solution
	g    sente.Game
	caps sente.Capabilities
	opt  StoryOptions
	key  func(sente.Position) any // a position's identity: its key, or itself
	work int                      // positions left for rule checks

	target     *Target // the game's target set, once looked for
	targetDone bool
}

func newStoryteller(sol solve.Solution, opt StoryOptions) *storyteller {
	g := sol.Game()
	e := &storyteller{sol: sol, g: g, caps: sente.CapabilitiesOf(g), opt: opt, work: opt.MaxWork}
	if enc := e.caps.Encoder; enc != nil {
		e.key = func(p sente.Position) any { return enc.Encode(p) }
	} else {
		e.key = func(p sente.Position) any { return p }
	}
	return e
}

// targetSet returns the solved game's target set (FindTarget), looking for
// it the first time.
func (e *storyteller) targetSet() *Target {
	if !e.targetDone {
		e.target, e.targetDone = FindTarget(e.sol), true
	}
	return e.target
}

// lineEnd says how the main line ends at last, after played plies: at the
// end of the game, in a cycle, or cut short.
func (e *storyteller) lineEnd(last sente.Position, played int) string {
	o, _ := e.sol.Outcome(last)
	turn := e.g.Turn(last)
	if _, ended := e.g.Ended(last); ended || len(e.sol.Moves(last)) == 0 {
		return Verdict(turn, o)
	}
	if o.Value == sente.Draw {
		return fmt.Sprintf("the position %s comes back: with perfect play the game goes on forever", e.g.FormatPosition(last))
	}
	return fmt.Sprintf("line cut after %s; %s from there", plies(played), Verdict(turn, o))
}

// winningMoves returns the moves from p that win for the player to move,
// fastest first.
func (e *storyteller) winningMoves(p sente.Position) []RankedMove {
	ranked, err := Moves(e.sol, p)
	if err != nil {
		return nil
	}
	var win []RankedMove
	for _, m := range ranked {
		if m.Outcome.Value == sente.Win {
			win = append(win, m)
		}
	}
	return win
}

func moveNames(moves []RankedMove) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.Name
	}
	return out
}

// after returns the position the move named name leads to from p, nil
// when there is no such move.
func (e *storyteller) after(p sente.Position, name string) sente.Position {
	for _, m := range e.sol.Moves(p) {
		if m.Name == name {
			return m.To
		}
	}
	return nil
}

// lastMove returns the name of the move that led to p when every move into
// p that the solution holds has that name; "" otherwise. It looks for the
// moves into p through the game's Unmover when it has one, or else over the
// whole solution when that has no more than MaxWalk positions.
func (e *storyteller) lastMove(p sente.Position) (name, player string) {
	target := e.key(p)
	if target == e.key(e.sol.Root()) {
		return "", "" // it may be the start of play
	}
	seen := false
	consider := func(q sente.Position) bool {
		if e.over(q) {
			return true
		}
		if _, ok := e.sol.Outcome(q); !ok {
			return true
		}
		for _, m := range e.sol.Moves(q) {
			if e.key(m.To) != target {
				continue
			}
			if seen && (m.Name != name || e.g.Turn(q).String() != player) {
				name, player = "", ""
				return false
			}
			name, player, seen = m.Name, e.g.Turn(q).String(), true
		}
		return true
	}
	if enc, un := e.caps.Encoder, e.caps.Unmover; enc != nil && un != nil {
		for _, k := range un.AppendParents(nil, enc.Encode(p)) {
			if !consider(enc.Decode(k)) {
				return "", ""
			}
		}
		return name, player
	}
	if e.sol.Positions() > e.opt.MaxWalk {
		return "", ""
	}
	e.sol.Each(func(q sente.Position, _ sente.Outcome) bool { return consider(q) })
	return name, player
}

func (e *storyteller) over(p sente.Position) bool {
	if _, ended := e.g.Ended(p); ended {
		return true
	}
	return len(e.sol.Moves(p)) == 0
}

// remoteness is an outcome's remoteness for JSON: nil (null) for a draw,
// which never ends, as in every command's JSON.
func remoteness(o sente.Outcome) *int {
	if o.Value == sente.Draw || o.Value == sente.Unknown {
		return nil
	}
	r := o.Remoteness
	return &r
}
