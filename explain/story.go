package explain

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"sente"
	"sente/solve"
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
	Moves        []StoryMove `json:"moves"`
	MovesSummary string      `json:"moves_summary"`

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

// StoryMove is one move from the position with what it leads to under
// perfect play, for the player making it.
type StoryMove struct {
	Move  string `json:"move"`
	Value string `json:"value"`      // win, lose, tie or draw, for the mover
	Plies *int   `json:"remoteness"` // plies to the end counting this move; nil for a draw
	Words string `json:"words"`      // "wins in 9 plies", "loses in 8 plies", "draw"
	Best  bool   `json:"best"`       // no move from the position is better
}

// Strategy is how one player wins from a position where they are to move
// or where their opponent is: an opening move, when they are to move, and
// then, when a simple one was found, a reply rule that wins every line.
type Strategy struct {
	Player string `json:"player"` // who follows it
	// Answer is the opponent's last move, when the strategy starts by
	// answering it (the refutation of a mistake); "" otherwise.
	Answer string `json:"answer,omitempty"`
	// Opening is the move the player makes first, when they are to move;
	// "" when the rule starts at once (the opponent is to move).
	Opening string `json:"opening,omitempty"`
	// Winning are all the player's winning moves where the strategy starts
	// (when they are to move), best first.
	Winning []string `json:"winning,omitempty"`
	// Rule is the reply rule that wins every line after the opening; nil
	// when no simple rule was found (or none is needed, see Words).
	Rule *Rule `json:"rule,omitempty"`
	// Target is the set of positions to move into, when a pattern over
	// the position's features describes it exactly (see FindTarget); the
	// strategy is stated by it when no reply rule was found.
	Target *Target `json:"target,omitempty"`
	Words  string  `json:"words"` // the whole strategy in a sentence
}

// Rule is a reply rule relating a player's reply to the opponent's last
// move, checked on every line the opponent can choose.
type Rule struct {
	// Form is "c-x" (answer a move named by the number x with the move
	// named c − x) or "x" (answer a move with the move of the same name).
	Form  string `json:"form"`
	C     int    `json:"c,omitempty"` // the constant of "c-x"
	Words string `json:"words"`       // "answer every x with 7 − x"
	// Checked is the number of positions the check visited: every position
	// reached when the opponent plays anything and the rule answers, to the
	// end of the game.
	Checked int `json:"checked"`
	// Fastest reports whether every reply the rule gave was also a fastest
	// win; when false the rule wins, but not always in the fewest plies.
	Fastest bool `json:"fastest"`
}

// Chance is the losing side's best chance: the first position along the
// main line where the winner has a move that does not win, with those
// moves and how the loser then plays.
type Chance struct {
	Player   string    `json:"player"`   // the losing side
	Ply      int       `json:"ply"`      // plies into the main line (0: the position itself)
	At       string    `json:"at"`       // that position
	Mistakes []Mistake `json:"mistakes"` // the winner's moves there that do not win
	Words    string    `json:"words"`
}

// Mistake is a move of the winner that throws the win away.
type Mistake struct {
	Move  string `json:"move"`
	Words string `json:"words"` // what the move leads to for the winner: "loses in 8 plies"
	// Replies are the loser's best replies after the mistake.
	Replies []string `json:"replies"`
	// Strategy is the loser's way to win after the mistake, when it hands
	// them a win.
	Strategy *Strategy `json:"strategy,omitempty"`
	Sentence string    `json:"sentence"`
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
func Explain(sol *solve.Solution, p sente.Position) (*Story, error) {
	return ExplainWith(sol, p, StoryOptions{})
}

// ExplainWith is Explain with bounds on the work.
func ExplainWith(sol *solve.Solution, p sente.Position, opt StoryOptions) (*Story, error) {
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
	e := &storyteller{sol: sol, g: g, opt: opt, work: opt.MaxWork}
	if enc, ok := g.(sente.Encoder); ok {
		e.key = func(p sente.Position) any { return enc.Encode(p) }
	} else {
		e.key = func(p sente.Position) any { return p }
	}
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
		Moves:    []StoryMove{},
	}
	if d, ok := g.(sente.Describer); ok {
		s.Game = d.Describe().Summary
	}
	for _, pl := range []sente.Player{sente.First, sente.Second} {
		if name, ok := sol.Restrict()[pl]; ok {
			s.Assumes = append(s.Assumes, fmt.Sprintf("the %s player follows the policy %s", pl, name))
		}
	}
	s.LastMove, s.LastPlayer = e.lastMove(p)
	if s.Ended {
		s.LineEnd = Verdict(turn, o)
		s.MovesSummary = "The game is over: there are no moves."
		return s, nil
	}

	// The main line.
	line, err := Line(sol, p, opt.MaxLine)
	if err != nil {
		return nil, err
	}
	positions := []sente.Position{p}
	for i, m := range line {
		s.Line = append(s.Line, Step{Ply: i + 1, Player: g.Turn(positions[i]).String(), Move: m.Name, After: g.FormatPosition(m.To)})
		positions = append(positions, m.To)
	}
	s.LineEnd = e.lineEnd(positions[len(positions)-1], len(line))

	// The moves.
	ranked, err := Moves(sol, p)
	if err != nil {
		return nil, err
	}
	for _, m := range ranked {
		s.Moves = append(s.Moves, StoryMove{
			Move: m.Name, Value: m.Outcome.Value.String(), Plies: remoteness(m.Outcome),
			Words: moveWords(m.Outcome), Best: m.Outcome == ranked[0].Outcome,
		})
	}
	s.MovesSummary = movesSummary(turn, o, ranked)

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

type storyteller struct {
	sol  *solve.Solution
	g    sente.Game
	opt  StoryOptions
	key  func(sente.Position) any
	work int // positions left for rule checks

	target     *Target // the game's target set, once looked for
	targetDone bool
}

// targetSet returns the solved game's target set (FindTarget), looking for
// it the first time.
func (e *storyteller) targetSet() *Target {
	if !e.targetDone {
		e.target, e.targetDone = FindTarget(e.sol), true
	}
	return e.target
}

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

// moveWords says what a move leads to for the player making it.
func moveWords(o sente.Outcome) string {
	switch o.Value {
	case sente.Win:
		return "wins in " + plies(o.Remoteness)
	case sente.Lose:
		return "loses in " + plies(o.Remoteness)
	case sente.Tie:
		return "ties in " + plies(o.Remoteness)
	case sente.Draw:
		return "draw (the game goes on forever)"
	}
	return "unknown"
}

// names joins move names: "2, 3, 4 and 5".
func names(moves []string) string {
	switch len(moves) {
	case 0:
		return "none"
	case 1:
		return moves[0]
	}
	return strings.Join(moves[:len(moves)-1], ", ") + " and " + moves[len(moves)-1]
}

// orNames joins move names with "or".
func orNames(moves []string) string {
	if len(moves) < 2 {
		return names(moves)
	}
	return strings.Join(moves[:len(moves)-1], ", ") + " or " + moves[len(moves)-1]
}

func namesWhere(ranked []RankedMove, keep func(sente.Outcome) bool) []string {
	var out []string
	for _, m := range ranked {
		if keep(m.Outcome) {
			out = append(out, m.Name)
		}
	}
	return out
}

func valueIs(v sente.Value) func(sente.Outcome) bool {
	return func(o sente.Outcome) bool { return o.Value == v }
}

// movesSummary sums up the moves from a position whose outcome for the
// player to move (turn) is o.
func movesSummary(turn sente.Player, o sente.Outcome, ranked []RankedMove) string {
	who := fmt.Sprintf("the %s player", turn)
	win, lose := namesWhere(ranked, valueIs(sente.Win)), namesWhere(ranked, valueIs(sente.Lose))
	tie, draw := namesWhere(ranked, valueIs(sente.Tie)), namesWhere(ranked, valueIs(sente.Draw))
	best := namesWhere(ranked, func(m sente.Outcome) bool { return m == o })
	var parts []string
	switch o.Value {
	case sente.Win:
		switch {
		case len(win) == 1:
			parts = append(parts, fmt.Sprintf("The only winning move for %s is %s.", who, win[0]))
		case len(lose)+len(tie)+len(draw) == 0:
			parts = append(parts, fmt.Sprintf("Every move wins for %s: %s.", who, names(win)))
		default:
			parts = append(parts, fmt.Sprintf("Winning moves for %s: %s.", who, names(win)))
		}
		if len(best) < len(win) {
			parts = append(parts, fmt.Sprintf("Fastest (%s): %s.", plies(o.Remoteness), names(best)))
		}
		if len(tie) > 0 {
			parts = append(parts, fmt.Sprintf("Only a tie after %s.", orNames(tie)))
		}
		if len(draw) > 0 {
			parts = append(parts, fmt.Sprintf("Endless play after %s.", orNames(draw)))
		}
		if len(lose) > 0 {
			parts = append(parts, fmt.Sprintf("Losing moves: %s.", names(lose)))
		}
	case sente.Lose:
		if len(best) == len(ranked) {
			parts = append(parts, fmt.Sprintf("Every move loses for %s, each in %s.", who, plies(o.Remoteness)))
		} else {
			parts = append(parts, fmt.Sprintf("Every move loses for %s. Holding out longest (%s): %s; the others lose sooner.", who, plies(o.Remoteness), names(best)))
		}
	case sente.Tie:
		parts = append(parts, fmt.Sprintf("Neither side can force a win. Moves that keep the tie for %s: %s.", who, names(tie)))
		if len(draw) > 0 {
			parts = append(parts, fmt.Sprintf("Moves that would give up the tie for endless play: %s.", names(draw)))
		}
		if len(lose) > 0 {
			parts = append(parts, fmt.Sprintf("Moves that would lose: %s.", names(lose)))
		}
	case sente.Draw:
		parts = append(parts, fmt.Sprintf("Neither side can force a win or even an end. Moves that keep the draw for %s: %s.", who, names(draw)))
		if len(lose) > 0 {
			parts = append(parts, fmt.Sprintf("Moves that would lose: %s.", names(lose)))
		}
	}
	return strings.Join(parts, " ")
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

// strategy finds how follower, to move at q and winning there, wins: the
// opening move and the reply rule after it. last is the opponent's move
// that led to q, when known: a rule may then start by answering it.
func (e *storyteller) strategy(q sente.Position, follower sente.Player, last string) *Strategy {
	win := e.winningMoves(q)
	st := &Strategy{Player: follower.String(), Answer: last, Winning: moveNames(win)}
	if len(win) == 0 {
		st.Words = fmt.Sprintf("the %s player has no winning move here", follower)
		return st
	}
	choice := "the only winning move"
	if len(win) > 1 {
		choice = "one of the winning moves " + names(st.Winning)
	}
	// A rule that starts by answering the opponent's last move itself.
	if last != "" {
		for _, r := range e.candidates([]string{last}, [][]RankedMove{win}) {
			reply, ok := r.reply(last)
			if !ok {
				continue
			}
			for _, w := range win {
				if w.Name != reply {
					continue
				}
				if ok, checked, fastest := e.holds(w.To, follower, r); ok {
					r.Checked, r.Fastest = checked, fastest && w.Outcome == win[0].Outcome
					st.Opening, st.Rule = w.Name, r
					st.Words = fmt.Sprintf("answer %s with %s (%s), and from then on %s", last, w.Name, choice, r.Words)
					return st
				}
				break
			}
		}
	}
	for _, w := range win {
		if e.over(w.To) {
			st.Opening = w.Name
			st.Words = fmt.Sprintf("%s %s (%s): it wins at once", e.play(last), w.Name, choice)
			return st
		}
		if r := e.findRule(w.To, follower); r != nil {
			st.Opening, st.Rule = w.Name, r
			if r.Form == "none" {
				st.Rule = nil
				st.Words = fmt.Sprintf("%s %s (%s): after it every move of the opponent ends the game in the %s player's win", e.play(last), w.Name, choice, follower)
				return st
			}
			st.Words = fmt.Sprintf("%s %s (%s); from then on, %s", e.play(last), w.Name, choice, r.Words)
			return st
		}
	}
	st.Opening = win[0].Name
	if t := e.targetSet(); t != nil {
		st.Target = t
		st.Words = fmt.Sprintf("%s %s (%s), and from then on %s", e.play(last), win[0].Name, choice, t.Words)
		return st
	}
	st.Words = fmt.Sprintf("%s %s (%s), then keep choosing winning moves: %s", e.play(last), win[0].Name, choice, noRule)
	return st
}

// noRule says which rules were tried in vain.
const noRule = "no simple reply rule wins every line (tried: answering x with x, and with c − x when moves are named by numbers)"

func (e *storyteller) play(last string) string {
	if last == "" {
		return "play"
	}
	return "answer " + last + " with"
}

// ruleFrom finds a rule for follower from s, where the opponent is to move.
func (e *storyteller) ruleFrom(s sente.Position, follower sente.Player) *Strategy {
	st := &Strategy{Player: follower.String()}
	r := e.findRule(s, follower)
	if r != nil && r.Form == "none" {
		st.Words = fmt.Sprintf("nothing to do: every move of the opponent ends the game in the %s player's win", follower)
		return st
	}
	if r != nil {
		st.Rule = r
		st.Words = fmt.Sprintf("%s; this wins every line", capitalize(r.Words))
		return st
	}
	if t := e.targetSet(); t != nil {
		st.Target = t
		st.Words = t.Words
		return st
	}
	st.Words = fmt.Sprintf("keep choosing winning moves: %s", noRule)
	return st
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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
	enc, isEnc := e.g.(sente.Encoder)
	if un, ok := e.g.(sente.Unmover); ok && isEnc {
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

// findRule looks for a reply rule that wins every line for follower from
// s, where the opponent is to move. It returns nil when none holds, and a
// rule of Form "none" when every move of the opponent ends the game.
func (e *storyteller) findRule(s sente.Position, follower sente.Player) *Rule {
	var lasts []string
	var replies [][]RankedMove
	allOver := true
	for _, x := range e.sol.Moves(s) {
		allOver = allOver && e.over(x.To)
		if e.over(x.To) || e.g.Turn(x.To) != follower {
			continue
		}
		lasts = append(lasts, x.Name)
		replies = append(replies, e.winningMoves(x.To))
	}
	if allOver {
		// Every move of the opponent ends the game, and s is won for
		// follower, so each ends it in follower's win.
		return &Rule{Form: "none"}
	}
	if len(lasts) == 0 {
		return nil
	}
	for _, r := range e.candidates(lasts, replies) {
		if ok, checked, fastest := e.holds(s, follower, r); ok {
			r.Checked, r.Fastest = checked, fastest
			return r
		}
	}
	return nil
}

// candidates are the rules that give a winning reply to each of the
// opponent's moves lasts, whose winning replies are replies: "x" when each
// can be answered by itself, and "c-x" for each c that fits every one when
// the names are whole numbers.
func (e *storyteller) candidates(lasts []string, replies [][]RankedMove) []*Rule {
	var out []*Rule
	same := true
	for i, x := range lasts {
		found := false
		for _, y := range replies[i] {
			found = found || y.Name == x
		}
		same = same && found
	}
	if same {
		out = append(out, newRule("x", 0))
	}
	var cs map[int]bool
	for i, x := range lasts {
		xv, err := strconv.Atoi(x)
		if err != nil {
			return out
		}
		fit := map[int]bool{}
		for _, y := range replies[i] {
			if yv, err := strconv.Atoi(y.Name); err == nil && (cs == nil || cs[xv+yv]) {
				fit[xv+yv] = true
			}
		}
		cs = fit
		if len(cs) == 0 {
			return out
		}
	}
	var sorted []int
	for c := range cs {
		sorted = append(sorted, c)
	}
	sort.Ints(sorted)
	for _, c := range sorted {
		out = append(out, newRule("c-x", c))
	}
	return out
}

func newRule(form string, c int) *Rule {
	r := &Rule{Form: form, C: c}
	switch form {
	case "x":
		r.Words = "answer every x with x (the same move)"
	case "c-x":
		r.Words = fmt.Sprintf("answer every x with %s", r.expr())
	}
	return r
}

func (r *Rule) expr() string {
	if r.Form == "x" {
		return "x"
	}
	return fmt.Sprintf("%d − x", r.C)
}

// reply is the rule's answer to the move named x.
func (r *Rule) reply(x string) (string, bool) {
	switch r.Form {
	case "x":
		return x, true
	case "c-x":
		v, err := strconv.Atoi(x)
		if err != nil {
			return "", false
		}
		return strconv.Itoa(r.C - v), true
	}
	return "", false
}

// holds checks that follower wins every line from s (the opponent to move,
// or the game over) when the opponent plays anything and follower answers
// each move by r: every answer must be legal and keep the win, no position
// may come back (play must reach the end), the walk must stay within the
// bounds, and the rule must have answered at least one move. It returns the positions visited and whether every answer
// was also a fastest win.
func (e *storyteller) holds(s sente.Position, follower sente.Player, r *Rule) (ok bool, visited int, fastest bool) {
	w := &walk{e: e, follower: follower, rule: r, state: map[any]uint8{}, fastest: true, limit: e.opt.MaxWalk}
	if e.work < w.limit {
		w.limit = e.work
	}
	// A rule that never had to answer anything says nothing.
	ok = w.visit(s) && w.replies > 0
	e.work -= w.n
	return ok, w.n, w.fastest
}

type walk struct {
	e        *storyteller
	follower sente.Player
	rule     *Rule
	state    map[any]uint8 // 1: on the current line, 2: done
	n, limit int
	replies  int // answers the rule gave
	fastest  bool
}

const (
	onLine = 1
	done   = 2
)

// wins reports whether follower wins at p, by the solution.
func (w *walk) wins(p sente.Position) bool {
	o, ok := w.e.sol.Outcome(p)
	return ok && sente.Winner(w.e.g.Turn(p), o.Value) == w.follower
}

// visit checks the rule from s, where the opponent is to move or the game
// is over.
func (w *walk) visit(s sente.Position) bool {
	k := w.e.key(s)
	switch w.state[k] {
	case onLine:
		return false // the rule lets play go round in a circle
	case done:
		return true
	}
	if w.n++; w.n > w.limit || !w.wins(s) {
		return false
	}
	w.state[k] = onLine
	g, sol := w.e.g, w.e.sol
	if !w.e.over(s) {
		if g.Turn(s) == w.follower {
			return false // the rule has no move to answer
		}
		for _, x := range sol.Moves(s) {
			t := x.To
			if w.e.over(t) || g.Turn(t) != w.follower {
				// The game ended, or the opponent moves again.
				if !w.visit(t) {
					return false
				}
				continue
			}
			if w.n++; w.n > w.limit {
				return false
			}
			name, ok := w.rule.reply(x.Name)
			if !ok {
				return false
			}
			w.replies++
			ot, _ := sol.Outcome(t)
			found := false
			for _, y := range sol.Moves(t) {
				if y.Name != name {
					continue
				}
				found = true
				oy, ok := sol.Outcome(y.To)
				if !ok || sente.MoveOutcome(oy).Value != sente.Win {
					return false
				}
				if sente.MoveOutcome(oy) != ot {
					w.fastest = false
				}
				if !w.e.over(y.To) && g.Turn(y.To) == w.follower {
					return false // the follower moves again: no move to answer
				}
				if !w.visit(y.To) {
					return false
				}
			}
			if !found {
				return false
			}
		}
	}
	w.state[k] = done
	return true
}

// chance finds where the winner can first go wrong along the main line
// (positions[0] is the story's position, then one per ply). statedTarget says
// that the winner's strategy was stated by the target set, so that the
// loser's need not state it again.
func (e *storyteller) chance(positions []sente.Position, winner sente.Player, statedTarget bool) *Chance {
	loser := winner.Other()
	for i, q := range positions {
		if e.over(q) || e.g.Turn(q) != winner {
			continue
		}
		ranked, err := Moves(e.sol, q)
		if err != nil {
			return nil
		}
		var mistakes []Mistake
		var wrong []string
		for _, m := range ranked {
			if m.Outcome.Value == sente.Win {
				continue
			}
			wrong = append(wrong, m.Name)
			mk := Mistake{Move: m.Name, Words: moveWords(m.Outcome), Replies: []string{}}
			best, _ := Best(e.sol, m.To)
			mk.Replies = moveNames(best)
			switch {
			case e.over(m.To):
				after, _ := e.sol.Outcome(m.To)
				mk.Sentence = fmt.Sprintf("%s ends the game at once: %s.", m.Name, Verdict(e.g.Turn(m.To), after))
			case m.Outcome.Value == sente.Lose:
				mk.Strategy = e.strategy(m.To, loser, m.Name)
				if len(mk.Strategy.Winning) == 1 {
					mk.Sentence = fmt.Sprintf("After %s the %s player wins in %s; the only winning reply is %s", m.Name, loser, plies(m.Outcome.Remoteness), mk.Strategy.Winning[0])
				} else {
					mk.Sentence = fmt.Sprintf("After %s the %s player wins in %s; the winning replies are %s", m.Name, loser, plies(m.Outcome.Remoteness), names(mk.Strategy.Winning))
				}
				if r := mk.Strategy.Rule; r != nil {
					mk.Sentence += fmt.Sprintf(". Answering %s with %s, then from then on %s, wins every line (checked on %s)",
						m.Name, mk.Strategy.Opening, strings.TrimPrefix(r.Words, "answer "), positionsWords(r.Checked))
				} else if mk.Strategy.Opening != "" && e.over(e.after(m.To, mk.Strategy.Opening)) {
					mk.Sentence += ", which ends the game at once"
				} else if t := mk.Strategy.Target; t != nil && statedTarget {
					mk.Sentence += fmt.Sprintf(". From then on the same target positions as above win for the %s player", loser)
				} else if t != nil {
					mk.Sentence += ". From then on: " + t.Words
				} else {
					mk.Sentence += ". No simple reply rule wins every line after it"
				}
				mk.Sentence += "."
			case m.Outcome.Value == sente.Tie:
				mk.Sentence = fmt.Sprintf("After %s the %s player can hold a tie (in %s) with %s.", m.Name, loser, plies(m.Outcome.Remoteness), orNames(mk.Replies))
			case m.Outcome.Value == sente.Draw:
				mk.Sentence = fmt.Sprintf("After %s the %s player can keep the game going forever with %s.", m.Name, loser, orNames(mk.Replies))
			}
			mistakes = append(mistakes, mk)
		}
		if len(mistakes) == 0 {
			continue
		}
		c := &Chance{Player: loser.String(), Ply: i, At: e.g.FormatPosition(q), Mistakes: mistakes}
		where := "right here"
		if i > 0 {
			where = fmt.Sprintf("after %s of the main line, at %s", plies(i), c.At)
		}
		what := fmt.Sprintf("%s is the only move that does not win", wrong[0])
		if len(wrong) > 1 {
			what = fmt.Sprintf("the moves that do not win are %s", names(wrong))
		}
		hope := "escape defeat"
		for _, m := range mistakes {
			if m.Strategy != nil {
				hope = "win"
			}
		}
		c.Words = fmt.Sprintf("The %s player can %s only if the %s player goes wrong. The first chance comes %s: %s.",
			loser, hope, winner, where, what)
		return c
	}
	return nil
}

// WriteText writes the story in plain words.
func (s *Story) WriteText(w io.Writer) error {
	b := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	if s.Game != "" {
		p("Game: %s\n", s.Game)
	}
	p("Position: %s (%s player to move)\n", s.Position, s.Turn)
	if s.LastMove != "" {
		p("Last move: the %s player played %s\n", s.LastPlayer, s.LastMove)
	}
	for _, a := range s.Assumes {
		p("Assuming %s.\n", a)
	}
	switch {
	case s.Ended:
		p("The game is over: %s.\n", s.Verdict)
		return b.Flush()
	case s.Value == sente.Draw.String():
		p("With perfect play from both sides: %s.\n", s.Verdict)
	default:
		p("With perfect play from both sides: %s (a ply is one move by one player).\n", s.Verdict)
	}

	if s.Winner == "none" {
		p("\nMain line of perfect play:\n")
	} else {
		p("\nMain line of perfect play (the winner wins as fast as possible, the loser holds out as long as possible):\n")
	}
	for _, st := range s.Line {
		p("  %d. %s plays %s\n", st.Ply, st.Player, st.Move)
	}
	if len(s.Line) > 0 {
		end := fmt.Sprintf("Then: %s (position %s).", s.LineEnd, s.Line[len(s.Line)-1].After)
		if s.Value == sente.Draw.String() {
			end = fmt.Sprintf("Then: %s.", s.LineEnd)
		}
		p("%s\n", wrap(end, "  "))
	}

	p("\nMoves for the %s player here, best first:\n", s.Turn)
	width := 0
	for _, m := range s.Moves {
		width = max(width, len(m.Move))
	}
	for _, m := range s.Moves {
		p("  %-*s  %s\n", width, m.Move, m.Words)
	}
	p("%s\n", wrap(s.MovesSummary, "  "))

	if s.Strategy != nil {
		p("\nStrategy of the %s player (the winner):\n", s.Strategy.Player)
		p("%s\n", wrap(capitalize(s.Strategy.Words)+".", "  "))
		if r := s.Strategy.Rule; r != nil {
			p("%s\n", wrap(ruleCheck(r), "  "))
		}
		if t := s.Strategy.Target; t != nil {
			p("%s\n", wrap(t.Check, "  "))
		}
	}
	if c := s.Chance; c != nil {
		p("\nThe losing side's best chance (the %s player's):\n", c.Player)
		p("%s\n", wrap(c.Words, "  "))
		for _, m := range c.Mistakes {
			p("%s\n", wrap(m.Sentence, "  - "))
		}
	}
	return b.Flush()
}

func ruleCheck(r *Rule) string {
	s := fmt.Sprintf("Checked on every line the opponent can choose, to the end of the game: %s.", positionsWords(r.Checked))
	if r.Fastest {
		return s + " Every reply the rule gives is also a fastest win."
	}
	return s + " The rule always wins, though not always in the fewest plies."
}

func positionsWords(n int) string {
	if n == 1 {
		return "1 position"
	}
	return fmt.Sprintf("%d positions", n)
}

// wrap breaks text into lines of at most about 78 columns, the first
// starting with prefix and the others indented to match.
func wrap(text, prefix string) string {
	indent := strings.Repeat(" ", len([]rune(prefix)))
	var lines []string
	line := prefix
	// Keep "7 − x" together.
	var words []string
	for _, word := range strings.Fields(text) {
		if n := len(words); n > 0 && (word == "−" || words[n-1] == "−" || strings.HasSuffix(words[n-1], " −")) {
			words[n-1] += " " + word
			continue
		}
		words = append(words, word)
	}
	for _, word := range words {
		if len([]rune(line))+1+len([]rune(word)) > 78 && strings.TrimSpace(line) != strings.TrimSpace(prefix) {
			lines = append(lines, line)
			line = indent
		}
		if line != prefix && line != indent {
			line += " "
		}
		line += word
	}
	return strings.Join(append(lines, line), "\n")
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
