package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"sente"
	"sente/explain"
	"sente/explore"
	"sente/games"
	"sente/nimber"
)

// paramRange is one --param name=low..high.
type paramRange struct {
	name   string
	values []int
}

func parseRange(fam sente.Family, text string) (paramRange, error) {
	name, values, ok := strings.Cut(text, "=")
	if !ok {
		return paramRange{}, badInput("--param %q: want name=low..high (for example n=1..30)", text)
	}
	var param *sente.Param
	for i := range fam.Params {
		if fam.Params[i].Name == name {
			param = &fam.Params[i]
		}
	}
	if param == nil || param.Kind != sente.Int {
		var names []string
		for _, p := range fam.Params {
			if p.Kind == sente.Int {
				names = append(names, p.Name)
			}
		}
		return paramRange{}, badInput("--param %q: %s has no whole-number parameter %q (it has: %s)", text, fam.Name, name, strings.Join(names, ", "))
	}
	list, err := sente.ParseInts(values)
	if err != nil {
		return paramRange{}, badInput("--param %q: %v; want name=low..high", text, err)
	}
	for i, v := range list {
		if v < param.Min || v > param.Max {
			return paramRange{}, badInput("--param %q: %s=%d is out of range; want %s", text, name, v, param.Accepts())
		}
		if i > 0 && v != list[i-1]+1 {
			return paramRange{}, badInput("--param %q: want consecutive values, low..high", text)
		}
	}
	return paramRange{name, list}, nil
}

// withParam returns spec with name set to v.
func withParam(spec sente.Spec, name string, v int) sente.Spec {
	out := sente.Spec{Name: spec.Name}
	for _, a := range spec.Args {
		if a.Key != name {
			out.Args = append(out.Args, a)
		}
	}
	out.Args = append(out.Args, sente.Arg{Key: name, Value: strconv.Itoa(v)})
	return out
}

type grundyCmd struct {
	Game         string `arg:"" help:"An impartial game: NAME or NAME:key=value,..."`
	Param        string `required:"" help:"The parameter to vary, as name=low..high (for example n=0..100)." placeholder:"NAME=LOW..HIGH"`
	Limit        int    `help:"Heap games: how far to compute the sequence when looking for a proven period. By default up to G(1000000), stopping after a few seconds of work (2·10⁹ options looked at); a limit given here is followed to the end, with progress on a terminal." placeholder:"N"`
	MaxPositions int    `help:"Stop with an error past this many positions for one value." default:"200000000"`
	JSON         bool   `name:"json" help:"Print JSON."`
}

// sequence is a game's Grundy values over one parameter and what is known
// of them.
type sequence struct {
	param       string
	first, last int
	values      []string       // as text: loopy games have infinite values
	numbers     []int          // the finite values, when all are finite
	period      *nimber.Period // a heap game's period, proven where theory allows
	note        string         // a conjecture, or why there is no period
	searched    int            // a heap game's values were computed up to G(searched)
}

// The default search for a heap game's period: values up to G(1000000),
// but no more than 2·10⁹ options looked at, two or three seconds here. That
// is far enough for most proofs the theory gives (0.16 is proven from
// G(517152) at a twentieth of it) and keeps rules that split into many
// unequal parts, whose plain values cost in proportion to n each, from
// running for hours. They are variables so that tests can make them small.
var (
	defaultHeapLimit       = 1000000
	defaultHeapWork  int64 = 2000000000
)

// furtherLimit suggests a --limit that looks past G(reached): about twice as
// far, rounded to two significant digits.
func furtherLimit(reached int) int {
	n := 2 * max(reached, 1)
	unit := 1
	for n/unit >= 100 {
		unit *= 10
	}
	return (n + unit - 1) / unit * unit
}

// sequence computes the values the flags ask for.
func (c *grundyCmd) sequence(e *env) (*sequence, error) {
	spec, fam, err := lookupSpec(c.Game)
	if err != nil {
		return nil, err
	}
	r, err := parseRange(fam, c.Param)
	if err != nil {
		return nil, err
	}
	first, last := r.values[0], r.values[len(r.values)-1]
	s := &sequence{param: r.name, first: first, last: last}
	base, err := fromSpec(withParam(spec, r.name, first))
	if err != nil {
		return nil, err
	}
	if imp, ok := base.(sente.Impartial); !ok || !imp.Impartial() {
		return nil, badInput("%s is not impartial, so it has no Grundy values; use 'sente sweep' to see who wins", fam.Name)
	}
	if heaps, ok := base.(sente.Heaps); ok && r.name == "n" {
		// A heap game's single-heap values come straight from its rules,
		// with the period proven where theory allows.
		rules := heaps.HeapRules()
		seq, err := nimber.HeapValues(e.ctx, rules, last)
		if err != nil {
			return nil, err
		}
		s.numbers = seq[first:]
		// The values asked for may settle the period; otherwise look
		// further.
		p, ok := nimber.HeapPeriod(rules, seq)
		reached, outOfWork := last, false
		if !ok {
			b := nimber.HeapSearch{Limit: c.Limit}
			if c.Limit <= 0 {
				b = nimber.HeapSearch{Limit: defaultHeapLimit, MaxWork: defaultHeapWork}
			}
			if b.Limit > last {
				shown := newHeapProgress(e)
				b.Progress = shown.report
				res, err := nimber.SearchHeapPeriod(e.ctx, rules, b)
				shown.done()
				if err != nil {
					return nil, err
				}
				p, ok, reached, outOfWork = res.Period, res.Found, res.Reached, res.OutOfWork
			}
		}
		s.searched = reached
		if ok {
			s.period = &p
		} else {
			s.note = fmt.Sprintf("no period found up to G(%d)", reached)
			if outOfWork {
				s.note += " (the default search stops after a few seconds of work)"
			}
			s.note += fmt.Sprintf("; --limit %d looks further", furtherLimit(reached))
		}
	} else {
		for _, v := range r.values {
			g, err := fromSpec(withParam(spec, r.name, v))
			if err != nil {
				return nil, err
			}
			ev, err := explain.Evaluate(e.ctx, g, nil, explain.EvaluateOptions{MaxPositions: c.MaxPositions})
			if err != nil {
				return nil, err
			}
			if ev.Grundy == "" {
				return nil, badInput("%s at %s=%d is not under normal play (misère, or a position ends other than lost for the player to move), so it has no Grundy values; use 'sente sweep' to see who wins", fam.Name, r.name, v)
			}
			s.values = append(s.values, ev.Grundy)
			if ev.Nimber >= 0 && len(s.numbers) == len(s.values)-1 {
				s.numbers = append(s.numbers, ev.Nimber)
			}
		}
	}
	if s.values == nil {
		for _, v := range s.numbers {
			s.values = append(s.values, strconv.Itoa(v))
		}
	}
	if len(s.numbers) != len(s.values) {
		s.numbers = nil
	}
	if s.period == nil && s.note == "" && s.numbers != nil {
		if d, ok := explain.Describe(s.numbers, first, r.name); ok {
			s.note = fmt.Sprintf("conjecture (%s): %s", explain.Observed(r.name, first, last), d)
		}
	}
	return s, nil
}

func (c *grundyCmd) Run(e *env) error {
	s, err := c.sequence(e)
	if err != nil {
		return err
	}
	first, last, values, period, note := s.first, s.last, s.values, s.period, s.note
	r := paramRange{name: s.param}
	if c.JSON {
		type result struct {
			At map[string]int `json:"param_values"`
			grundyJSON
		}
		results := []result{}
		for i, v := range values {
			results = append(results, result{map[string]int{r.name: first + i}, parseGrundy(v)})
		}
		var p any
		if period != nil {
			p = map[string]any{"from": period.From, "length": period.Length, "proven": period.Proven, "proof": period.Proof}
		}
		out := map[string]any{"game": c.Game, "param": r.name, "from": first, "to": last, "results": results, "period": p}
		if s.searched > 0 {
			out["searched_to"] = s.searched
		}
		if note != "" {
			out["conjecture"] = note
		}
		return writeJSON(e.stdout, out)
	}
	w := e.stdout
	fmt.Fprintf(w, "%s: Grundy values of the start for %s = %d..%d\n", c.Game, r.name, first, last)
	const perLine = 20
	for i := 0; i < len(values); i += perLine {
		end := min(i+perLine, len(values))
		fmt.Fprintf(w, "  %s = %d..%d:", r.name, first+i, first+end-1)
		for _, v := range values[i:end] {
			fmt.Fprintf(w, " %s", v)
		}
		fmt.Fprintln(w)
	}
	switch {
	case period != nil && period.Proven:
		fmt.Fprintf(w, "period %d from %s = %d, proven: %s\n", period.Length, r.name, period.From, period.Proof)
	case period != nil:
		fmt.Fprintf(w, "period %d from %s = %d, conjectured (observed, not proven): %s\n", period.Length, r.name, period.From, period.Proof)
	case note != "":
		fmt.Fprintln(w, note)
	default:
		fmt.Fprintln(w, explain.NoPattern(r.name, first, last))
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
}

func newHeapProgress(e *env) *heapProgress { return &heapProgress{e: e, start: time.Now()} }

func (p *heapProgress) report(reached int, fraction float64) {
	if !p.e.tty {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond || fraction <= 0 {
		return
	}
	p.last, p.shown = now, true
	left := time.Duration(float64(now.Sub(p.start)) * (1 - fraction) / fraction).Round(time.Second)
	fmt.Fprintf(p.e.stderr, "\r\033[Kcomputing Grundy values: G(%d) reached, %.0f%%, about %s left (Ctrl-C stops)", reached, 100*fraction, left)
}

func (p *heapProgress) done() {
	if p.shown {
		fmt.Fprint(p.e.stderr, "\r\033[K")
	}
}

func lookupSpec(text string) (sente.Spec, sente.Family, error) {
	spec, err := sente.ParseSpec(text)
	if err != nil {
		return spec, sente.Family{}, usageError{err}
	}
	fam, err := findFamily(spec.Name)
	if err != nil {
		return spec, fam, err
	}
	return spec, fam, nil
}

type sweepCmd struct {
	Game         string   `arg:"" help:"NAME or NAME:key=value,..."`
	Params       []string `name:"param" required:"" help:"A parameter to vary, as name=low..high; give one or two." placeholder:"NAME=LOW..HIGH"`
	Grundy       bool     `help:"Show Grundy values instead of who wins (impartial games)."`
	MaxPositions int      `help:"Stop with an error past this many positions for one combination." default:"200000000"`
	JSON         bool     `name:"json" help:"Print JSON."`
}

func (c *sweepCmd) Run(e *env) error {
	spec, fam, err := lookupSpec(c.Game)
	if err != nil {
		return err
	}
	if len(c.Params) > 2 {
		return badInput("--param given %d times; sweep takes one or two", len(c.Params))
	}
	var ranges []paramRange
	for _, p := range c.Params {
		r, err := parseRange(fam, p)
		if err != nil {
			return err
		}
		if len(ranges) == 1 && ranges[0].name == r.name {
			return badInput("--param %s given twice", r.name)
		}
		ranges = append(ranges, r)
	}
	rows := ranges[0]
	cols := paramRange{values: []int{0}}
	if len(ranges) == 2 {
		cols = ranges[1]
	}

	type cell struct {
		At     map[string]int `json:"param_values"`
		Turn   string         `json:"turn,omitempty"`
		Value  string         `json:"value,omitempty"`
		Winner string         `json:"winner,omitempty"`
		*grundyJSON
		Method string `json:"method,omitempty"`
		// Skipped says that the combination is not a valid game, and Reason
		// why; the cell has no result then.
		Skipped bool   `json:"skipped,omitempty"`
		Reason  string `json:"reason,omitempty"`
	}
	var cells []cell
	// played[j][i] says whether row i of column j could be played.
	played := make([][]bool, len(cols.values))
	winners := make([][]sente.Player, len(cols.values))
	shown := make([][]string, len(rows.values))
	var skipped []cell
	var firstErr error
	for i, rv := range rows.values {
		for j, cv := range cols.values {
			s := withParam(spec, rows.name, rv)
			params := map[string]int{rows.name: rv}
			if cols.name != "" {
				s = withParam(s, cols.name, cv)
				params[cols.name] = cv
			}
			// skip marks the cell as having no result, for the reason err.
			skip := func(err error) {
				firstErr = cmp.Or(firstErr, err)
				x := cell{At: params, Skipped: true, Reason: err.Error()}
				skipped = append(skipped, x)
				cells = append(cells, x)
				played[j] = append(played[j], false)
				winners[j] = append(winners[j], sente.Nobody)
				shown[i] = append(shown[i], "-")
			}
			g, err := fromSpec(s)
			if err != nil {
				// An invalid combination (k longer than the board, say)
				// is a hole in the grid, not the end of it.
				skip(err)
				continue
			}
			ev, err := explain.Evaluate(e.ctx, g, nil, explain.EvaluateOptions{MaxPositions: c.MaxPositions})
			if errors.Is(err, explore.ErrTooMany) {
				// Past --max-positions: the other cells still have answers.
				err = fmt.Errorf("%s: %w (--max-positions %d)", s, err, c.MaxPositions)
				skip(err)
				continue
			}
			if err != nil {
				return fmt.Errorf("%s: %w", s, err)
			}
			if c.Grundy && ev.Grundy == "" {
				return badInput("%s has no Grundy values (it is not impartial, or not under normal play); drop --grundy", fam.Name)
			}
			played[j] = append(played[j], true)
			winners[j] = append(winners[j], ev.Winner)
			text := ev.Winner.String()
			if c.Grundy {
				text = ev.Grundy
			}
			shown[i] = append(shown[i], text)
			x := cell{At: params, Turn: ev.Turn.String(), Winner: ev.Winner.String(), Value: ev.Value.String(), Method: ev.Method}
			if ev.Grundy != "" {
				v := parseGrundy(ev.Grundy)
				x.grundyJSON = &v
			}
			cells = append(cells, x)
		}
	}
	if len(skipped) == len(cells) {
		// Not one combination is a game: the spec itself is wrong.
		return firstErr
	}

	// Patterns are looked for along the rows each column could play: the
	// longest run of neighbouring rows without a skipped cell.
	runs := make([][]sente.Player, len(cols.values))
	runFirst := make([]int, len(cols.values))
	for j := range cols.values {
		from, length := longestRun(played[j])
		runs[j] = winners[j][from : from+length]
		runFirst[j] = rows.values[0] + from
	}
	var patterns []string
	noPattern := ""
	if cols.name == "" {
		if p, ok := explain.WinnerPattern(runs[0], runFirst[0], rows.name); ok {
			patterns = []string{p}
		} else {
			noPattern = explain.NoPattern(rows.name, runFirst[0], runFirst[0]+len(runs[0])-1)
		}
	} else {
		patterns = explain.ColumnPatterns(runs, runFirst, rows.name, cols.values, cols.name)
	}
	observed := fmt.Sprintf("observed for %s = %d..%d", rows.name, rows.values[0], rows.values[len(rows.values)-1])
	if cols.name != "" {
		observed += fmt.Sprintf(" and %s = %d..%d", cols.name, cols.values[0], cols.values[len(cols.values)-1])
	}
	if len(skipped) > 0 {
		observed += fmt.Sprintf(" except the %d skipped", len(skipped))
	}
	if c.JSON {
		if patterns == nil {
			patterns = []string{}
		}
		return writeJSON(e.stdout, map[string]any{"game": c.Game, "results": cells, "patterns": patterns, "patterns_are": observed + ", not proven"})
	}

	w := e.stdout
	what := "who wins from the start"
	if c.Grundy {
		what = "Grundy value of the start"
	}
	fmt.Fprintf(w, "%s: %s\n", c.Game, what)
	header := []string{rows.name}
	for _, cv := range cols.values {
		if cols.name == "" {
			header = append(header, "")
		} else {
			header = append(header, fmt.Sprintf("%s=%d", cols.name, cv))
		}
	}
	table := [][]string{header}
	for i, rv := range rows.values {
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
		type blockJSON struct {
			Size      [3]int   `json:"size"`
			Habaneros [][3]int `json:"habaneros"`
			Heaps     [6]int   `json:"heaps"`
			Xor       int      `json:"xor"`
		}
		winner := map[bool]string{true: "first", false: "second"}[first]
		list := []blockJSON{}
		for _, b := range blocks {
			h := games.TofuHeaps(b)
			x := 0
			for _, v := range h {
				x ^= v
			}
			list = append(list, blockJSON{[3]int{b.X, b.Y, b.Z}, b.Habaneros, h, x})
		}
		return writeJSON(e.stdout, map[string]any{"contest_answer": answer, "winner": winner, "xor": xor, "blocks": list})
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
