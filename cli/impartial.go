package cli

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
)

// parseRange reads --param name=low..high for a whole-number parameter of
// fam.
func parseRange(fam sente.Family, text string) (explain.ParamRange, error) {
	r, err := explain.ParseRange(fam, text)
	if err != nil {
		return r, badInput("--param %q: %v", text, err)
	}
	return r, nil
}

type grundyCmd struct {
	Game         string `arg:"" help:"An impartial game: NAME or NAME:key=value,..."`
	Param        string `required:"" help:"The parameter to vary, as name=low..high (for example n=0..100)." placeholder:"NAME=LOW..HIGH"`
	Limit        int    `help:"Heap games: how far to compute the sequence when looking for a proven period. By default up to G(1000000), stopping after a few seconds of work (2·10⁹ options looked at); a limit given here is followed to the end, with progress on a terminal." placeholder:"N"`
	MaxPositions int    `help:"Stop with an error past this many positions for one value." default:"200000000"`
	JSON         bool   `name:"json" help:"Print JSON."`
	// MaxWork replaces the default search's bound on options looked at,
	// so that tests reach the bound in a moment.
	MaxWork int64 `hidden:"" help:"Heap games: the default search's bound on options looked at."`
}

// sequence computes the values the flags ask for.
func (c *grundyCmd) sequence(e *env) (*explain.Sequence, error) {
	if err := firstRefusal(
		atLeast("--limit", c.Limit, 0, " (0: the default search)"),
		atLeast("--max-positions", c.MaxPositions, 1, ""),
	); err != nil {
		return nil, err
	}
	spec, fam, err := e.lookupSpec(c.Game)
	if err != nil {
		return nil, err
	}
	r, err := parseRange(fam, c.Param)
	if err != nil {
		return nil, err
	}
	search := nimber.HeapSearch{Limit: c.Limit}
	if c.Limit <= 0 {
		search = nimber.DefaultHeapSearch()
		if c.MaxWork > 0 {
			search.MaxWork = c.MaxWork
		}
	}
	shown := newHeapProgress(e)
	search.Progress = shown.report
	s, err := explain.GrundySequence(e.ctx, e.openSpec, spec, r, explain.SequenceOptions{MaxPositions: c.MaxPositions, Search: search, Answer: e.answerOptions()})
	shown.done()
	var (
		notNormal *explain.NotNormalPlayError
		kept      *nimber.KeepsTurnError
	)
	switch {
	case errors.As(err, &kept) && errors.As(err, &notNormal):
		return nil, badInput("%s at %s=%d: %v, so it has no Grundy values; use 'sente sweep' to see who wins", fam.Name, notNormal.Param, notNormal.Value, kept)
	case errors.Is(err, explain.ErrNotImpartial):
		return nil, badInput("%s is not impartial, so it has no Grundy values; use 'sente sweep' to see who wins", fam.Name)
	case errors.As(err, &notNormal):
		return nil, badInput("%s at %s=%d is not under normal play (misère, or a position ends other than lost for the player to move), so it has no Grundy values; use 'sente sweep' to see who wins", fam.Name, notNormal.Param, notNormal.Value)
	}
	return s, refusalError(err)
}

// grundyNote is what grundy says of the values beyond them: how far a heap
// game's search went without finding a period, or a conjecture.
func grundyNote(s *explain.Sequence) string {
	if !s.Heap {
		return s.Conjecture
	}
	if s.Period != nil {
		return ""
	}
	note := fmt.Sprintf("no period found up to G(%d)", s.Reached)
	if s.OutOfWork {
		note += " (the default search stops after a few seconds of work)"
	}
	return note + fmt.Sprintf("; --limit %d looks further", explain.FurtherLimit(s.Reached))
}

func (c *grundyCmd) Run(e *env) error {
	s, err := c.sequence(e)
	if err != nil {
		return err
	}
	first, last, values, period, note := s.First, s.Last, s.Values, s.Period, grundyNote(s)
	name := s.Param
	if c.JSON {
		out := explain.SequenceJSON{Game: c.Game, Param: name, From: first, To: last, Results: []explain.ResultJSON{}, Conjecture: note}
		for i, v := range values {
			out.Results = append(out.Results, explain.ResultJSON{ParamValues: map[string]int{name: first + i}, GrundyJSON: explain.NewGrundyJSON(v, true)})
		}
		if period != nil {
			out.Period = &explain.PeriodJSON{From: period.From, Length: period.Length, Proven: period.Proven, Proof: period.Proof}
		}
		if s.Heap && s.Reached > 0 {
			out.SearchedTo = s.Reached
		}
		return writeJSON(e.stdout, out)
	}
	w := e.stdout
	fmt.Fprintf(w, "%s: Grundy values of the start for %s = %d..%d\n", c.Game, name, first, last)
	const perLine = 20
	for i := 0; i < len(values); i += perLine {
		end := min(i+perLine, len(values))
		fmt.Fprintf(w, "  %s = %d..%d:", name, first+i, first+end-1)
		for _, v := range values[i:end] {
			fmt.Fprintf(w, " %s", v)
		}
		fmt.Fprintln(w)
	}
	switch {
	case period != nil && period.Proven:
		fmt.Fprintf(w, "period %d from %s = %d, proven: %s\n", period.Length, name, period.From, period.Proof)
	case period != nil:
		fmt.Fprintf(w, "period %d from %s = %d, conjectured (observed, not proven): %s\n", period.Length, name, period.From, period.Proof)
	case note != "":
		fmt.Fprintln(w, note)
	default:
		fmt.Fprintln(w, explain.NoPattern(name, first, last))
	}
	return nil
}

// heapProgress shows how far a search of a heap game's values has come on
// stderr, with an estimate of the time left, when stderr is a terminal and
// the search has run for more than a second.
type heapProgress struct {
	e           *env
	start, last time.Time
	shown       bool
	plain       plainLines // where stderr is not a terminal
}

func newHeapProgress(e *env) *heapProgress {
	start := e.now()
	return &heapProgress{e: e, start: start, plain: plainLines{every: e.progressEvery, last: start}}
}

func (p *heapProgress) report(reached int, fraction float64) {
	now := p.e.now()
	if fraction <= 0 {
		return
	}
	left := time.Duration(float64(now.Sub(p.start)) * (1 - fraction) / fraction).Round(time.Second)
	if !p.e.tty {
		if p.plain.due(now) {
			fmt.Fprintf(p.e.stderr, "sente: progress: computing Grundy values: G(%d) reached, %.0f%%, about %s left\n", reached, 100*fraction, left)
		}
		return
	}
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprintf(p.e.stderr, "\r\033[Kcomputing Grundy values: G(%d) reached, %.0f%%, about %s left (Ctrl-C stops)", reached, 100*fraction, left)
}

func (p *heapProgress) done() {
	if p.shown {
		fmt.Fprint(p.e.stderr, "\r\033[K")
	}
}

type sweepCmd struct {
	Game         string   `arg:"" help:"NAME or NAME:key=value,..."`
	Params       []string `name:"param" required:"" help:"A parameter to vary, as name=low..high; give one or two." placeholder:"NAME=LOW..HIGH"`
	Grundy       bool     `help:"Show Grundy values instead of who wins (impartial games)."`
	MaxPositions int      `help:"Stop with an error past this many positions for one combination." default:"200000000"`
	JSON         bool     `name:"json" help:"Print JSON."`
}

func (c *sweepCmd) Run(e *env) error {
	if err := atLeast("--max-positions", c.MaxPositions, 1, ""); err != nil {
		return err
	}
	spec, fam, err := e.lookupSpec(c.Game)
	if err != nil {
		return err
	}
	if len(c.Params) > 2 {
		return badInput("--param given %d times; sweep takes one or two", len(c.Params))
	}
	var ranges []explain.ParamRange
	for _, p := range c.Params {
		r, err := parseRange(fam, p)
		if err != nil {
			return err
		}
		if len(ranges) == 1 && ranges[0].Name == r.Name {
			return badInput("--param %s given twice", r.Name)
		}
		ranges = append(ranges, r)
	}
	var cols explain.ParamRange
	if len(ranges) == 2 {
		cols = ranges[1]
	}
	sw, err := explain.SweepWinners(e.ctx, e.openSpec, spec, ranges[0], cols, explain.SweepOptions{MaxPositions: c.MaxPositions, Grundy: c.Grundy, Answer: e.answerOptions(), Name: e.canonicalName})
	if errors.Is(err, explain.ErrNoGrundy) {
		return badInput("%s has no Grundy values (it is not impartial, or not under normal play); drop --grundy", fam.Name)
	}
	if err != nil {
		return err
	}
	rows, cols := sw.Rows, sw.Cols

	type cell = explain.ResultJSON
	var cells []cell
	shown := make([][]string, len(rows.Values))
	var skipped []cell
	var firstErr error
	for i, row := range sw.Cells {
		for _, x := range row {
			params := map[string]int{rows.Name: x.Row}
			if cols.Name != "" {
				params[cols.Name] = x.Col
			}
			if x.Err != nil {
				// A combination past --max-positions, or not a game (k
				// longer than the board, say): a hole in the grid.
				err := x.Err
				if errors.Is(err, explore.ErrTooMany) {
					err = fmt.Errorf("%s: %w (--max-positions %d)", x.Spec, err, c.MaxPositions)
				}
				firstErr = cmp.Or(firstErr, err)
				skip := cell{ParamValues: params, Skipped: true, Reason: err.Error()}
				skipped = append(skipped, skip)
				cells = append(cells, skip)
				shown[i] = append(shown[i], "-")
				continue
			}
			ev := x.Evaluation
			text := ev.Winner.String()
			if c.Grundy {
				text = ev.Grundy.String()
			}
			shown[i] = append(shown[i], text)
			y := cell{ParamValues: params, Turn: &ev.Turn, Winner: &ev.Winner, Value: &ev.Value, Method: ev.Method}
			if ev.HasGrundy {
				y.GrundyJSON = explain.NewGrundyJSON(ev.Grundy, true)
			}
			cells = append(cells, y)
		}
	}
	if len(skipped) == len(cells) {
		// Not one combination is a game: the spec itself is wrong.
		return firstErr
	}
	patterns, noPattern, observed := sw.Patterns, sw.NoPattern, sw.Observed
	if c.JSON {
		if patterns == nil {
			patterns = []string{}
		}
		return writeJSON(e.stdout, explain.SweepJSON{Game: c.Game, Results: cells, Patterns: patterns, PatternsAre: observed + ", not proven"})
	}

	w := e.stdout
	what := "who wins from the start"
	if c.Grundy {
		what = "Grundy value of the start"
	}
	fmt.Fprintf(w, "%s: %s\n", c.Game, what)
	header := []string{rows.Name}
	for _, cv := range cols.Values {
		if cols.Name == "" {
			header = append(header, "")
		} else {
			header = append(header, fmt.Sprintf("%s=%d", cols.Name, cv))
		}
	}
	table := [][]string{header}
	for i, rv := range rows.Values {
		table = append(table, append([]string{strconv.Itoa(rv)}, shown[i]...))
	}
	writeTable(w, table)
	if len(skipped) > 0 {
		// Each reason once, with how many cells it covers.
		fmt.Fprintln(w, "Skipped (-):")
		var reasons []string
		cellsOf := map[string]int{}
		for _, x := range skipped {
			if cellsOf[x.Reason] == 0 {
				reasons = append(reasons, x.Reason)
			}
			cellsOf[x.Reason]++
		}
		for _, r := range reasons {
			if n := cellsOf[r]; n > 1 {
				r += fmt.Sprintf(" (%d cells)", n)
			}
			fmt.Fprintf(w, "  %s\n", r)
		}
	}
	switch {
	case len(patterns) > 0:
		fmt.Fprintf(w, "Patterns (%s, not proven):\n", observed)
		for _, p := range patterns {
			fmt.Fprintf(w, "  %s\n", p)
		}
	case noPattern != "":
		fmt.Fprintf(w, "Patterns: %s.\n", noPattern)
	}
	return nil
}

// writeTable prints rows of cells in right-aligned columns.
func writeTable(w io.Writer, rows [][]string) {
	widths := map[int]int{}
	for _, row := range rows {
		for j, cell := range row {
			widths[j] = max(widths[j], len([]rune(cell)))
		}
	}
	for _, row := range rows {
		var sb strings.Builder
		for j, cell := range row {
			sb.WriteString(strings.Repeat(" ", widths[j]-len([]rune(cell))+2))
			sb.WriteString(cell)
		}
		fmt.Fprintln(w, strings.TrimRight(sb.String(), " "))
	}
}

type tofuCmd struct {
	File    string `arg:"" optional:"" help:"The contest input (ARC013 C); standard input when absent or -."`
	Explain bool   `help:"Show each block's six heaps and the XOR."`
	JSON    bool   `name:"json" help:"Print JSON: the answer, the XOR, and each block's heaps."`
}

func (c *tofuCmd) Run(e *env) error {
	in, name := e.stdin, "standard input"
	if c.File != "" && c.File != "-" {
		f, err := os.Open(c.File)
		if err != nil {
			return badInput("%v", err)
		}
		defer f.Close()
		in, name = f, c.File
	}
	blocks, err := games.ParseTofu(in)
	if err != nil {
		return badInput("%s: %v", name, err)
	}
	first, xor := games.TofuWinner(blocks)
	answer := map[bool]string{true: "WIN", false: "LOSE"}[first]
	if c.JSON {
		winner := map[bool]sente.Player{true: sente.First, false: sente.Second}[first]
		list := []explain.TofuBlockJSON{}
		for _, b := range blocks {
			h := games.TofuHeaps(b)
			x := 0
			for _, v := range h {
				x ^= v
			}
			list = append(list, explain.TofuBlockJSON{Size: [3]int{b.X, b.Y, b.Z}, Habaneros: b.Habaneros, Heaps: h, Xor: x})
		}
		return writeJSON(e.stdout, explain.TofuJSON{ContestAnswer: answer, Winner: winner, Xor: xor, Blocks: list})
	}
	if c.Explain {
		for i, b := range blocks {
			h := games.TofuHeaps(b)
			x := 0
			for _, v := range h {
				x ^= v
			}
			fmt.Fprintf(e.stdout, "block %d: %d×%d×%d, %d habanero(s): heaps %d %d %d %d %d %d, xor %d\n",
				i+1, b.X, b.Y, b.Z, len(b.Habaneros), h[0], h[1], h[2], h[3], h[4], h[5], x)
		}
		fmt.Fprintf(e.stdout, "xor of all heaps: %d, so the first player %s\n", xor, map[bool]string{true: "wins", false: "loses"}[first])
	}
	fmt.Fprintln(e.stdout, answer)
	return nil
}
