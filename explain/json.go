package explain

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve"
)

// The JSON of sente: every command's --json and the browser app's API
// write the types of this file (the table rows of render, streamed a
// field at a time, excepted), so that a field has one name, one type and
// one meaning wherever it appears. README.md ("JSON output") documents
// each field once; internal/vocabulary holds the same table, and the
// tests of the command line and the browser app check what they write
// against it.

// RemotenessJSON is a remoteness as JSON gives it: null for a draw, which
// never ends, and for a value not known yet.
func RemotenessJSON(o sente.Outcome) *int {
	if o.Value != sente.Win && o.Value != sente.Lose && o.Value != sente.Tie || o.Remoteness == sente.RemotenessUnknown {
		return nil // a draw's, or one a search for the value alone did not seek
	}
	r := o.Remoteness
	return &r
}

// GrundyJSON is a (generalized) Grundy value as JSON gives it: a finite
// value is a number; an infinite one (a loopy game's ∞{0,2}) is null in
// grundy, with the finite values among its options in grundy_infinite; an
// unknown one is null alone.
type GrundyJSON struct {
	Grundy   *int  `json:"grundy"`
	Infinite []int `json:"grundy_infinite,omitzero"`
}

// NewGrundyJSON is n as JSON gives it; known false is an unknown value.
func NewGrundyJSON(n nimber.Nimber, known bool) *GrundyJSON {
	switch {
	case !known:
		return &GrundyJSON{}
	case n.Infinite:
		return &GrundyJSON{Infinite: append([]int{}, n.K...)}
	}
	v := n.Value
	return &GrundyJSON{Grundy: &v}
}

// MoveJSON is one move: its name, who makes it, the position it leads to,
// and its value and remoteness for the player making it, counting the move
// (value absent while the browser app is still solving). In a list of
// moves from a position, best marks those no other move beats, and words
// say what the move leads to; grundy is the value of the position reached.
type MoveJSON struct {
	Move       string       `json:"move"`
	Player     sente.Player `json:"player"`
	Value      sente.Value  `json:"value,omitzero"`
	Remoteness *int         `json:"remoteness"`
	Position   string       `json:"position"`
	// Margin is the move's margin for the player making it, and
	// MarginRemoteness its plies, for a game that ends in a score whose
	// solution knows margins.
	Margin           *int `json:"margin,omitempty"`
	MarginRemoteness *int `json:"margin_remoteness,omitempty"`
	*GrundyJSON
	Best  bool   `json:"best,omitzero"`
	Words string `json:"words,omitzero"`
	// The value of the position reached, for a partizan game.
	*MoveWorthJSON
}

// NewMoveJSON is the move m from from, with its value.
func NewMoveJSON(g sente.Game, from sente.Position, m RankedMove) MoveJSON {
	return MoveJSON{
		Move:       m.Name,
		Player:     g.Turn(from),
		Value:      m.Outcome.Value,
		Remoteness: RemotenessJSON(m.Outcome),
		Position:   g.FormatPosition(m.To),
	}
}

// MovesJSON are the moves from p, best first, with best and words, and
// the Grundy value of each position reached when grundy is not nil.
func MovesJSON(sol solve.Solution, p sente.Position, grundy nimber.Valuer) ([]MoveJSON, error) {
	ranked, err := Moves(sol, p)
	if err != nil {
		return nil, err
	}
	out := rankedJSON(sol.Game(), p, ranked, grundy)
	if margins, ok := MarginMoves(sol, p); ok {
		for i := range out {
			for _, m := range margins {
				if m.Name == out[i].Move {
					out[i].Margin, out[i].MarginRemoteness = &m.Margin.Score, MarginRemotenessJSON(m.Margin)
				}
			}
		}
	}
	return out, nil
}

// QuickMovesJSON are the moves from p as a quick answer gives them
// (answer.SearchSolution.QuickMoves), root being p's outcome: those it
// values best first, with words, the others after with no value; best
// marks the moves known to reach root, which are best whatever the others
// prove to be.
func QuickMovesJSON(g sente.Game, p sente.Position, root sente.Outcome, moves []answer.QuickMove) []MoveJSON {
	ranked := make([]RankedMove, len(moves))
	for i, m := range moves {
		ranked[i] = RankedMove{Move: m.Move, Outcome: m.Outcome}
	}
	slices.SortStableFunc(ranked, bestFirst)
	out := []MoveJSON{}
	for _, m := range ranked {
		j := NewMoveJSON(g, p, m)
		if m.Outcome.Value != sente.Unknown {
			j.Best = m.Outcome == root
			j.Words = moveWords(m.Outcome)
		}
		out = append(out, j)
	}
	return out
}

// rankedJSON are the moves from p ranked already, as MovesJSON gives them.
func rankedJSON(g sente.Game, p sente.Position, ranked []RankedMove, grundy nimber.Valuer) []MoveJSON {
	out := []MoveJSON{}
	for _, m := range ranked {
		j := NewMoveJSON(g, p, m)
		j.Best = m.Outcome == ranked[0].Outcome
		j.Words = moveWords(m.Outcome)
		if grundy != nil {
			j.GrundyJSON = NewGrundyJSON(grundy.Of(m.To))
		}
		out = append(out, j)
	}
	return out
}

// ParamJSON is a parameter of a game: its name, kind, default, the values
// it accepts (in words, and as bounds or choices) and what it means.
type ParamJSON struct {
	Name    string     `json:"name"`
	Kind    sente.Kind `json:"kind"`
	Default string     `json:"default"`
	Min     *int       `json:"min,omitempty"`
	Max     *int       `json:"max,omitempty"`
	Choices []string   `json:"choices,omitempty"`
	Accepts string     `json:"accepts"`
	Doc     string     `json:"doc"`
	// Positional marks the parameter a spec may give first without its
	// name (subtraction:1,3,4).
	Positional bool `json:"positional,omitempty"`
}

// ParamsJSON are params as JSON gives them.
func ParamsJSON(params []sente.Param) []ParamJSON {
	out := []ParamJSON{}
	for _, p := range params {
		j := ParamJSON{Name: p.Name, Kind: p.Kind, Default: p.Default, Doc: p.Doc, Choices: p.Choices, Accepts: p.Accepts(), Positional: p.Positional}
		if p.Kind == sente.Int || p.Kind == sente.Ints {
			j.Min, j.Max = &p.Min, &p.Max
		}
		out = append(out, j)
	}
	return out
}

// GameJSON is an entry of the catalogue: a game family's name, summary
// and parameters.
type GameJSON struct {
	Name    string      `json:"name"`
	Title   string      `json:"title"` // the game's name for people: "Connect four", "Dawson's chess (octal 0.137)"
	Summary string      `json:"summary"`
	Params  []ParamJSON `json:"params"`
}

// NewGameJSON is the entry of the family f, named name (a pasted rules
// file is named by its spec).
func NewGameJSON(name string, f sente.Family) GameJSON {
	return GameJSON{Name: name, Title: Title(f), Summary: f.Summary, Params: ParamsJSON(f.Params)}
}

// Title is a game's name for people, for lists: what its summary calls it
// before the colon ("connect four: drop stones..."), with a capital, or its
// name when the summary does not begin so.
func Title(f sente.Family) string {
	title, _, ok := strings.Cut(f.Summary, ": ")
	if !ok || title == "" || len(title) > 48 || strings.ContainsAny(title, ";") {
		title = f.Name
	}
	r, size := utf8.DecodeRuneInString(title)
	return string(unicode.ToUpper(r)) + title[size:]
}

// PolicyJSON is a policy a restricted player may follow.
type PolicyJSON struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
}

// DescriptionJSON is what describe says of a game.
type DescriptionJSON struct {
	Name         string       `json:"name"`
	Summary      string       `json:"summary"`
	Rules        string       `json:"rules"`
	PositionForm string       `json:"position_form"`
	Start        string       `json:"start"`
	Params       []ParamJSON  `json:"params"`
	Policies     []PolicyJSON `json:"policies"`
	Examples     []string     `json:"examples"`
}

// TierJSON is one tier of a solve by the tier engine.
type TierJSON struct {
	Tier      int               `json:"tier"`
	Positions uint64            `json:"positions"`
	Classes   uint64            `json:"classes"`
	Counts    map[string]uint64 `json:"counts"`
	Seconds   float64           `json:"seconds"`
	// EveryPosition: taken whole from tables of every position
	// (solve.TierResult.EveryPosition).
	EveryPosition bool `json:"every_position,omitempty"`
}

// CountsJSON are positions counted by value.
func CountsJSON(c solve.Counts) map[string]uint64 {
	return map[string]uint64{"win": c.Win, "lose": c.Lose, "tie": c.Tie, "draw": c.Draw}
}

// SolutionJSON is what solve says of a position. An answer by search
// (Method "search") knows the position's outcome and what the search
// cost, and no counts of positions: those fields, and the best moves and
// main line, which would take a search of every move, are left out.
type SolutionJSON struct {
	Game               string                  `json:"game"`
	Position           string                  `json:"position"`
	Turn               sente.Player            `json:"turn"`
	Value              sente.Value             `json:"value"`
	Winner             sente.Player            `json:"winner"`
	Remoteness         *int                    `json:"remoteness"`
	BestMoves          []string                `json:"best_moves,omitzero"`
	MainLine           []MoveJSON              `json:"main_line,omitzero"`
	Restrict           map[sente.Player]string `json:"restrict"`
	Positions          *int                    `json:"positions,omitempty"`
	SymmetryClasses    *bool                   `json:"symmetry_classes,omitempty"`
	Classes            *int                    `json:"classes,omitempty"`
	Counts             map[string]uint64       `json:"counts,omitzero"`
	WholeTable         bool                    `json:"whole_table,omitempty"` // positions and counts are a stored table's, not the position's
	Seconds            float64                 `json:"seconds"`
	PositionsPerSecond *float64                `json:"positions_per_second,omitempty"`
	Tiers              []TierJSON              `json:"tiers,omitempty"`
	// Margin is the margin of the position for the player to move, and
	// MarginRemoteness its plies, for a game that ends in a score whose
	// solution knows margins; MostKept are the moves that keep the most.
	// MarginNote says why a game that ends in a score has no margin.
	Margin           *int     `json:"margin,omitempty"`
	MarginRemoteness *int     `json:"margin_remoteness,omitempty"`
	MostKept         []string `json:"most_kept,omitempty"`
	MarginNote       string   `json:"margin_note,omitempty"`
	// Method, Nodes and TableBytes are an answer by search's: "search",
	// the nodes it searched and its transposition table's bytes.
	Method     string  `json:"method,omitempty"`
	Nodes      *uint64 `json:"nodes,omitempty"`
	TableBytes *int64  `json:"table_bytes,omitempty"`
	// FromBook is how many positions an answer by search read from the
	// game's opening book, none searched, and BookPlies the book's depth;
	// BookBestFor, for a book of one player's strategy, that player
	// ("first" or "second").
	FromBook    *int   `json:"from_book,omitempty"`
	BookPlies   *int   `json:"book_plies,omitempty"`
	BookBestFor string `json:"book_best_for,omitempty"`
}

// PositionJSON is what the browser app says of a position (GET
// /api/position): the game, the position and its drawing, and once the
// game is solved its value, Grundy value, verdict and moves; while it is
// being solved, status is "solving", progress says how far it has come,
// and the moves have no values yet.
type PositionJSON struct {
	Game         string        `json:"game"`
	Name         string        `json:"name"`
	Summary      string        `json:"summary,omitempty"`
	Rules        string        `json:"rules,omitempty"`
	PositionForm string        `json:"position_form,omitempty"`
	Start        string        `json:"start"`
	Position     string        `json:"position"`
	Drawing      string        `json:"drawing,omitempty"`
	Board        *BoardJSON    `json:"board,omitempty"`
	Turn         sente.Player  `json:"turn"`
	Ended        bool          `json:"ended"`
	Value        sente.Value   `json:"value,omitzero"`
	Remoteness   *int          `json:"remoteness"`
	Winner       *sente.Player `json:"winner,omitempty"`
	*GrundyJSON
	Impartial bool   `json:"impartial"`
	Verdict   string `json:"verdict"`
	// VerdictFor is the verdict for a person playing a side against the
	// computer, by side; Why and WhyFor say what the moves offer.
	VerdictFor map[sente.Player]string `json:"verdict_for,omitempty"`
	Why        string                  `json:"why,omitempty"`
	// Repetition is the verdict on the game if the page ends it here
	// because the position came round again.
	Repetition string                  `json:"repetition,omitempty"`
	WhyFor     map[sente.Player]string `json:"why_for,omitempty"`
	Moves      []MoveJSON              `json:"moves"`
	Status     string                  `json:"status"`
	Progress   *ProgressJSON           `json:"progress,omitempty"`
	Positions  int                     `json:"positions,omitempty"`
	// Search, for an answer by search, says how it came: "all 8
	// positions from the opening book of 12 plies, none searched", or
	// the search's nodes, time and table (answer.SearchCost.Words).
	Search string `json:"search,omitempty"`
	// WhySearch says why the answer comes by search: the tables'
	// refusal for want of memory or disk, and what search does instead.
	WhySearch string `json:"why_search,omitempty"`
	// Pending marks an answer by search that is quick (web's quick.go):
	// the position's value and remoteness, and of its moves those known
	// at once (every move of a lost position, without its remoteness; a
	// best move of a won or tied one); the rest is searched, and the page
	// asks again with rest=1.
	Pending bool `json:"pending,omitempty"`
	// The value in combinatorial game theory, for a partizan game.
	*PositionWorthJSON
	// The margin, for a game that ends in a score.
	*MarginJSON
}

// ProgressJSON is how far a solve of the browser app has come, and where
// it waits.
type ProgressJSON struct {
	Phase string `json:"phase"`
	Done  int64  `json:"done"`
	Total int64  `json:"total"`
	// Queue is the solve's place in its lane, 1 for the next to start; 0
	// once it runs.
	Queue int `json:"queue"`
	// Lane is "small" or "large" (by the estimated size), or "rules-file".
	Lane           string `json:"lane"`
	EstimatedBytes int64  `json:"estimated_bytes"`
	Bytes          int64  `json:"bytes"`        // held now
	SecondsLeft    int    `json:"seconds_left"` // 0 when unknown
	// Words, when set, say how far the work has come, for a page to
	// show as they are: a search's bounds, nodes and time.
	Words string `json:"words,omitempty"`
}

// BoardJSON is a picture of a position for the page, made from the game's
// sente.Board. Style, the board's, says which fields are set: "grid"
// (tic-tac-toe, connect four, quixo, teeko, dōbutsu shōgi, a rules file
// that defines board, Gobblet Gobblers), "hands" (chopsticks), "cards"
// (seed 000), "heaps" (nim, subtraction games: Cells, RowLabels, Caption,
// Plays and Clicks as for a grid, a row of tokens per heap), "points" (the
// morris games: Cells, labels, Caption, Plays and Clicks as for a grid,
// and Lines), "pits" (Kalah: Cells, Caption, Plays and Clicks as for a
// grid; two rows of houses with a store at each end: the second player's
// store first in the top row, the first player's last in the bottom row).
type BoardJSON struct {
	Style string `json:"style"`

	// grid: Cells[r][c] is "x", "o", a piece's letter (upper case the first
	// player's) or "" from the top row.
	Cells     [][]string `json:"cells,omitempty"`
	RowLabels []string   `json:"row_labels,omitempty"`
	ColLabels []string   `json:"col_labels,omitempty"`
	Gravity   bool       `json:"gravity,omitempty"`
	Caption   string     `json:"caption,omitempty"` // a line shown below the grid
	// PieceSet names what the letters of Cells stand for when they are
	// a game's pieces, for the page to draw them as such ("dobutsu", or
	// "gobblet": a cell's stack from the top down, "Lm" the first player's
	// large piece over the second's medium); InHand is each player's
	// pieces in hand, first then second, written as Cells writes them,
	// once a piece.
	PieceSet string     `json:"piece_set,omitempty"`
	InHand   [][]string `json:"in_hand,omitempty"`
	// Players names the two players as the pieces show them, first then
	// second ("white", "black"), when the board names them so.
	Players []string `json:"players,omitempty"`
	// points: Lines are the lines of a morris board, each [[r, c], [r, c]]
	// from the centre of one cell to the centre of another; the cells they
	// join are the points, and the other cells are not on the board.
	Lines [][2][2]int `json:"lines,omitempty"`

	// Plays places the moves of the position that can be played on the
	// board; the others are played from the list of moves only. Clicks[r][c]
	// (grid) is the move played by one click on cell c of row r: the one
	// move without From whose To it is.
	Plays  []BoardMoveJSON `json:"plays"`
	Clicks [][]string      `json:"clicks,omitempty"`

	// hands: fingers on each hand, left then right, 5 for dead; the cell
	// of a hand in Plays is [player, hand], 0 for the first player and
	// the left hand.
	Hands [][2]int `json:"hands,omitempty"`

	// cards: each player's hand with what has been played, and the total
	// on the table against the target; a total of 0 is shown as such.
	Cards  []CardHandJSON `json:"cards,omitempty"`
	Total  int            `json:"table_total"`
	Target int            `json:"target_total"`
}

// BoardMoveJSON is where a move is played: From, when set, is the cell
// ([row, column] from the top-left) a piece is taken from, To the cell it
// is put on. Without From one click on To plays it. FromHand, for a drop,
// is the piece of the mover's in_hand it puts on To: a click on that piece
// in hand, then on To, plays it too. Remove, when set, is the cell of an
// opponent's piece the move takes off the board once it is played (a mill):
// the page plays it by a further click on that piece.
type BoardMoveJSON struct {
	Move     string  `json:"move"`
	From     *[2]int `json:"from_cell,omitempty"`
	To       [2]int  `json:"to_cell"`
	FromHand string  `json:"from_hand,omitempty"`
	Remove   *[2]int `json:"remove_cell,omitempty"`
}

// CardHandJSON is one player's cards: each card's value, whether it is on
// the table, and the move that plays it (when it is this player's turn).
type CardHandJSON struct {
	Values []int    `json:"card_values"`
	Played []bool   `json:"played"`
	Moves  []string `json:"card_moves"`
}

// RulesFileJSON is the browser app's answer to a pasted rules file (POST
// /api/rules): the spec that names it from now on, its entry in the
// catalogue, and a notice when the server forgot another file to keep it.
type RulesFileJSON struct {
	Spec   string   `json:"spec"`
	Entry  GameJSON `json:"entry"`
	Notice string   `json:"notice,omitempty"`
}

// ErrorJSON is the browser app's answer to a request it cannot answer.
type ErrorJSON struct {
	Error string `json:"error"`
	// WhySearch is, where a position too large for a table was given
	// to search and its search could not answer, why search was tried.
	WhySearch string `json:"why_search,omitempty"`
}

// SequenceJSON is grundy's answer: a game's Grundy values over one
// parameter, and their period when one is known.
type SequenceJSON struct {
	Game       string       `json:"game"`
	Param      string       `json:"param"`
	From       int          `json:"from"`
	To         int          `json:"to"`
	Results    []ResultJSON `json:"results"`
	Period     *PeriodJSON  `json:"period"`
	Conjecture string       `json:"conjecture,omitempty"`
	SearchedTo int          `json:"searched_to,omitempty"`
}

// PeriodJSON is a period of Grundy values: from where, how long, and
// whether it is proven (and how).
type PeriodJSON struct {
	From   int    `json:"from"`
	Length int    `json:"length"`
	Proven bool   `json:"proven"`
	Proof  string `json:"proof"`
}

// ResultJSON is one combination of parameter values of grundy or sweep:
// who wins from the start, or its Grundy value, or why it was skipped.
type ResultJSON struct {
	ParamValues map[string]int `json:"param_values"`
	Turn        *sente.Player  `json:"turn,omitempty"`
	Value       *sente.Value   `json:"value,omitempty"`
	Winner      *sente.Player  `json:"winner,omitempty"`
	*GrundyJSON
	Method Method `json:"method,omitzero"`
	// Skipped says that the combination is not a valid game, and Reason
	// why; the result has nothing else then.
	Skipped bool   `json:"skipped,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// SweepJSON is sweep's answer: who wins over one or two parameters, and
// the patterns seen.
type SweepJSON struct {
	Game        string       `json:"game"`
	Results     []ResultJSON `json:"results"`
	Patterns    []string     `json:"patterns"`
	PatternsAre string       `json:"patterns_are"`
}

// TofuJSON is the tofu command's answer to a contest input (AtCoder ARC013
// C): the contest's answer, the winner, and each block's heaps.
type TofuJSON struct {
	ContestAnswer string          `json:"contest_answer"`
	Winner        sente.Player    `json:"winner"`
	Xor           int             `json:"xor"`
	Blocks        []TofuBlockJSON `json:"blocks"`
}

// TofuBlockJSON is one block of tofu: its size, its habaneros, the six
// heaps it splits into and their XOR.
type TofuBlockJSON struct {
	Size      [3]int   `json:"size"`
	Habaneros [][3]int `json:"habaneros"`
	Heaps     [6]int   `json:"heaps"`
	Xor       int      `json:"xor"`
}
