package explain

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explore"
)

// WinnerPattern says in words who wins along one parameter, from the winners
// observed for each of its values (consecutive whole numbers from first):
// "the first player always wins", "the first player wins exactly when n is
// odd", "the first player wins exactly when n mod 3 is 1 or 2 (from n = 5)".
// It returns false when no pattern shows with enough evidence (see
// FindPeriod); the caller says what the pattern was observed on.
func WinnerPattern(winners []sente.Player, first int, name string) (string, bool) {
	if len(winners) == 0 {
		return "", false
	}
	codes := make([]int, len(winners))
	for i, w := range winners {
		codes[i] = int(w)
	}
	p, ok := FindPeriod(codes, first)
	if !ok {
		return "", false
	}
	if p.Length == 1 {
		switch w := winners[len(winners)-1]; {
		case p.From != first:
			return fmt.Sprintf("from %s = %d on, %s", name, p.From, always(w)), true
		default:
			return always(w), true
		}
	}
	// Which residues mod p.Length the first player wins at, in the
	// repeating part.
	var residues []int
	for k := p.From; k < p.From+p.Length; k++ {
		if winners[k-first] == sente.First {
			residues = append(residues, ((k%p.Length)+p.Length)%p.Length)
		}
	}
	sort.Ints(residues)
	var when string
	switch {
	case p.Length == 2 && len(residues) == 1 && residues[0] == 1:
		when = name + " is odd"
	case p.Length == 2 && len(residues) == 1 && residues[0] == 0:
		when = name + " is even"
	case len(residues) == 0:
		return periodicNoFirst(winners, p, first, name), true
	default:
		when = fmt.Sprintf("%s mod %d is %s", name, p.Length, orList(residues))
	}
	s := "the first player wins exactly when " + when
	if others := otherWinner(winners[p.From-first:]); others != "" {
		s += " (" + others + " otherwise)"
	}
	if p.From != first {
		s += fmt.Sprintf(", from %s = %d on", name, p.From)
	}
	return s, true
}

func periodicNoFirst(winners []sente.Player, p Period, first int, name string) string {
	var parts []string
	for k := p.From; k < p.From+p.Length; k++ {
		parts = append(parts, fmt.Sprintf("%s ≡ %d: %s", name, ((k%p.Length)+p.Length)%p.Length, winners[k-first]))
	}
	return fmt.Sprintf("periodic in %s with period %d (%s)", name, p.Length, strings.Join(parts, ", "))
}

// otherWinner names who wins where the first player does not, when that is
// always the same: "the second player wins", "nobody wins".
func otherWinner(winners []sente.Player) string {
	seen := map[sente.Player]bool{}
	for _, w := range winners {
		if w != sente.First {
			seen[w] = true
		}
	}
	switch {
	case len(seen) != 1:
		return ""
	case seen[sente.Second]:
		return "the second player wins"
	}
	return "nobody wins"
}

func always(w sente.Player) string {
	switch w {
	case sente.First, sente.Second:
		return fmt.Sprintf("the %s player always wins", w)
	}
	return "nobody wins (tie or draw)"
}

func orList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// ColumnPatterns describes who wins along the rows (parameter rowName) for
// each column value of colName, grouping neighbouring columns that behave
// alike: "m = 1: the first player wins exactly when n is odd", "m = 2..4: the
// first player always wins", "m = 5: no pattern found in n = 1..8".
// winners[c][r] is the winner at column value cols[c] and row rowFirst[c]+r:
// a column holds the rows of a sweep that could be played, which for some
// games is fewer than the range, and its pattern is checked on those.
func ColumnPatterns(winners [][]sente.Player, rowFirst []int, rowName string, cols []int, colName string) []string {
	describe := func(c int) string {
		if len(winners[c]) == 0 {
			return "no row could be played"
		}
		if d, ok := WinnerPattern(winners[c], rowFirst[c], rowName); ok {
			return d
		}
		return NoPattern(rowName, rowFirst[c], rowFirst[c]+len(winners[c])-1)
	}
	var out []string
	for c := 0; c < len(cols); {
		desc := describe(c)
		end := c + 1
		for end < len(cols) && cols[end] == cols[end-1]+1 && describe(end) == desc {
			end++
		}
		label := fmt.Sprintf("%s = %d", colName, cols[c])
		if end-c > 1 {
			label = fmt.Sprintf("%s = %d..%d", colName, cols[c], cols[end-1])
		}
		out = append(out, label+": "+desc)
		c = end
	}
	return out
}

// SweepOptions limit the work of SweepWinners.
type SweepOptions struct {
	// MaxPositions limits the positions of one combination's game; a
	// combination past it is skipped.
	MaxPositions int
	// Grundy asks for Grundy values: a combination without one ends the
	// sweep with ErrNoGrundy.
	Grundy bool
	// Answer are the answer layer's options for each combination's game
	// (its memory limit, its stored tables); a combination refused for
	// its size is skipped. Name, when set, names a combination's stored
	// tables (Answer.Name) by its spec.
	Answer answer.Options
	Name   func(sente.Spec) string
}

// ErrNoGrundy says that a sweep asked for Grundy values met a game without
// them (not impartial, or not under normal play).
var ErrNoGrundy = errors.New("the game has no Grundy values")

// SweepCell is one combination of a sweep's values: who wins there, or why
// there is no answer.
type SweepCell struct {
	Spec     sente.Spec
	Row, Col int // the values of the row and column parameters
	// Err, when set, says why the cell has no result: the combination is
	// not a game (the Opener's error, as it is), its game has more
	// positions than MaxPositions (an error wrapping explore.ErrTooMany),
	// or the answer layer refused it for its size (an *answer.Refusal).
	Err        error
	Evaluation Evaluation
}

// Sweep is who wins from the start over one or two parameters, and the
// patterns seen along the rows.
type Sweep struct {
	// Rows and Cols are the parameters varied; with one parameter, Cols
	// has no Name and the one value 0.
	Rows, Cols ParamRange
	// Cells[i][j] is the combination of row i and column j.
	Cells   [][]SweepCell
	Skipped int
	// Patterns describe who wins along the rows: of the one column, or of
	// each column (see ColumnPatterns). NoPattern says, for one column
	// without a pattern, that none was found.
	Patterns  []string
	NoPattern string
	// Observed is what the patterns were observed on: "observed for n =
	// 1..8 and m = 1..3 except the 2 skipped".
	Observed string
}

// SweepWinners evaluates spec's game for every combination of the values
// of rows and cols (cols may have no Name: one parameter), row by row. A
// combination that is not a game, or is past MaxPositions, is a hole in
// the grid, not the end of it; any other failure ends the sweep.
func SweepWinners(ctx context.Context, open Opener, spec sente.Spec, rows, cols ParamRange, opt SweepOptions) (*Sweep, error) {
	if cols.Name == "" {
		cols = ParamRange{Values: []int{0}}
	}
	sw := &Sweep{Rows: rows, Cols: cols, Cells: make([][]SweepCell, len(rows.Values))}
	for i, rv := range rows.Values {
		for _, cv := range cols.Values {
			s := WithParam(spec, rows.Name, rv)
			if cols.Name != "" {
				s = WithParam(s, cols.Name, cv)
			}
			cell := SweepCell{Spec: s, Row: rv, Col: cv}
			g, err := open(s)
			if err == nil {
				aopt := opt.Answer
				aopt.Label = s.String() // the refusal of a combination names it
				if opt.Name != nil {
					aopt.Name = opt.Name(s)
				}
				cell.Evaluation, err = Evaluate(ctx, g, nil, EvaluateOptions{MaxPositions: opt.MaxPositions, Answer: aopt})
				var refused *answer.Refusal
				if err != nil && !errors.Is(err, explore.ErrTooMany) && !errors.As(err, &refused) {
					return nil, fmt.Errorf("%s: %w", s, err)
				}
			}
			if err != nil {
				cell.Err = err
				sw.Skipped++
			} else if opt.Grundy && !cell.Evaluation.HasGrundy {
				return nil, ErrNoGrundy
			}
			sw.Cells[i] = append(sw.Cells[i], cell)
		}
	}
	if sw.Skipped < len(rows.Values)*len(cols.Values) {
		sw.findPatterns()
	}
	return sw, nil
}

// findPatterns looks for patterns along the rows each column could play:
// the longest run of neighbouring rows without a skipped cell.
func (sw *Sweep) findPatterns() {
	rows, cols := sw.Rows, sw.Cols
	runs := make([][]sente.Player, len(cols.Values))
	runFirst := make([]int, len(cols.Values))
	for j := range cols.Values {
		played := make([]bool, len(rows.Values))
		for i := range rows.Values {
			played[i] = sw.Cells[i][j].Err == nil
		}
		from, length := longestRun(played)
		for i := from; i < from+length; i++ {
			runs[j] = append(runs[j], sw.Cells[i][j].Evaluation.Winner)
		}
		runFirst[j] = rows.First() + from
	}
	if cols.Name == "" {
		if p, ok := WinnerPattern(runs[0], runFirst[0], rows.Name); ok {
			sw.Patterns = []string{p}
		} else {
			sw.NoPattern = NoPattern(rows.Name, runFirst[0], runFirst[0]+len(runs[0])-1)
		}
	} else {
		sw.Patterns = ColumnPatterns(runs, runFirst, rows.Name, cols.Values, cols.Name)
	}
	sw.Observed = fmt.Sprintf("observed for %s = %d..%d", rows.Name, rows.First(), rows.Last())
	if cols.Name != "" {
		sw.Observed += fmt.Sprintf(" and %s = %d..%d", cols.Name, cols.First(), cols.Last())
	}
	if sw.Skipped > 0 {
		sw.Observed += fmt.Sprintf(" except the %d skipped", sw.Skipped)
	}
}

// longestRun returns the start and length of the longest run of true in ok,
// the later one of equal runs.
func longestRun(ok []bool) (from, length int) {
	start := 0
	for i := 0; i <= len(ok); i++ {
		if i < len(ok) && ok[i] {
			continue
		}
		if i-start >= length && i > start {
			from, length = start, i-start
		}
		start = i + 1
	}
	return from, length
}
