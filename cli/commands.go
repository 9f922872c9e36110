package cli

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"text/tabwriter"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/solve"
)

type listCmd struct {
	JSON bool `name:"json" help:"Print JSON."`
}

func (c *listCmd) Run(e *env) error {
	if c.JSON {
		list := []explain.GameJSON{}
		for _, f := range e.games.Families() {
			list = append(list, explain.NewGameJSON(f.Name, f))
		}
		return writeJSON(e.stdout, list)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	for _, f := range e.games.Families() {
		fmt.Fprintf(tw, "%s\t%s\n", f.Name, f.Summary)
	}
	return tw.Flush()
}

type describeCmd struct {
	Game string `arg:"" help:"NAME or NAME:key=value,..."`
	JSON bool   `name:"json" help:"Print JSON."`
}

func (c *describeCmd) Run(e *env) error {
	spec, fam, err := e.lookupSpec(c.Game)
	if err != nil {
		return err
	}
	g, err := e.openSpec(spec)
	if err != nil {
		return err
	}
	caps := sente.CapabilitiesOf(g)
	var d sente.Description
	if caps.Describer != nil {
		d = caps.Describer.Describe()
	}
	policies := []explain.PolicyJSON{}
	if caps.Restricter != nil {
		for _, p := range caps.Restricter.Policies() {
			policies = append(policies, explain.PolicyJSON{Name: p.Name, Doc: p.Doc})
		}
	}
	start := g.FormatPosition(g.Start())
	if c.JSON {
		examples := d.Examples
		if examples == nil {
			examples = []string{}
		}
		return writeJSON(e.stdout, explain.DescriptionJSON{
			Name: fam.Name, Summary: fam.Summary, Rules: d.Rules, PositionForm: d.Position,
			Start: start, Params: explain.ParamsJSON(fam.Params), Policies: policies, Examples: examples,
		})
	}
	w := e.stdout
	fmt.Fprintf(w, "%s: %s\n\n%s\n", fam.Name, fam.Summary, wrap(d.Rules, "", 78))
	if len(fam.Params) > 0 {
		fmt.Fprintf(w, "\nParameters (%s:key=value,...):\n", spec.Name)
		for _, p := range fam.Params {
			def := p.Default
			if def == "" {
				def = "none"
			}
			if p.Kind == sente.Text {
				// What a text takes is its doc, which follows.
				fmt.Fprintf(w, "  %s (default %s)\n%s\n", p.Name, def, wrap(p.Doc, "      ", 78))
				continue
			}
			fmt.Fprintf(w, "  %s (default %s): %s\n%s\n", p.Name, def, p.Accepts(), wrap(p.Doc, "      ", 78))
		}
	}
	if len(policies) > 0 {
		fmt.Fprintf(w, "\nPolicies for restricted opponents (--restrict first|second=POLICY):\n")
		for _, p := range policies {
			fmt.Fprintf(w, "  %s\n%s\n", p.Name, wrap(p.Doc, "      ", 78))
		}
	}
	fmt.Fprintf(w, "\nPositions:\n%s\n  start: %s\n", wrap(d.Position, "  ", 78), start)
	// The plan of the solve 'sente solve' would run: into the default
	// store, under the memory limit.
	opt := e.answerOptions()
	opt.Label = c.Game
	if b, err := e.games.Bind(spec); err == nil {
		opt.Name = b.Canonical()
	}
	if fam, err := e.games.Family(spec.Name); err == nil {
		opt.Resize = &answer.Resize{Spec: spec, Family: fam, Open: e.games.OpenSpec}
	}
	// As 'sente solve' answers: by search where no table fits, a game
	// that ends in a score by its margin alone.
	opt.MaySearch, opt.AutoMarginOnly = true, true
	if plan, err := answer.PlanOf(g, opt); plan.Hashing != nil || plan.Tiers != nil {
		fmt.Fprintln(w, wrap("  size: "+plan.Words(), "  ", 78))
		if instead := answer.SearchInstead(g, opt, err); instead != "" {
			r, _ := errors.AsType[*answer.Refusal](err)
			sought := "its value and remoteness"
			switch {
			case sente.Scored(g):
				sought = "its margin alone (--engine search finds the plies too)"
			case answer.SearchesValueOnly(g):
				sought = "its value alone, not how soon it is won (the game decides positions by what it knows of them)"
			}
			fmt.Fprintln(w, wrap("  no table fits: "+r.Error()+"; so "+instead+": "+sought+", no positions counted, with a table within --max-memory (--engine search asks for search, and --force tries the table anyway)", "  ", 78))
		} else if r, ok := errors.AsType[*answer.Refusal](err); ok {
			fmt.Fprintln(w, wrap("  solving is refused: "+refusalText(r), "  ", 78))
		}
	}
	if eg, ok := answer.EndgameOf(g, opt); ok {
		fmt.Fprintln(w, wrap("  endgame: "+eg.Words()+"; a search (sente solve --engine search) reads them as its leaves where they are stored, and they are stored with: sente solve "+shellWord(c.Game)+" --every-position --from "+shellWord(g.FormatPosition(eg.From)), "  ", 78))
	}
	if note, ok := answer.TierNote(g); ok {
		fmt.Fprintln(w, wrap(note, "  ", 78))
	}
	if len(d.Examples) > 0 {
		fmt.Fprintf(w, "\nExamples:\n")
		for _, x := range d.Examples {
			fmt.Fprintf(w, "  %s\n", x)
		}
	}
	return nil
}

// wrap fills text into lines of at most width columns, each starting with
// indent; blank lines in text separate paragraphs.
func wrap(text, indent string, width int) string {
	var out []string
	for _, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		line := indent
		for _, word := range strings.Fields(para) {
			if len(line) > len(indent) && len(line)+1+len(word) > width {
				out = append(out, line)
				line = indent
			}
			if len(line) > len(indent) {
				line += " "
			}
			line += word
		}
		out = append(out, line, "")
	}
	return strings.Join(out[:len(out)-1], "\n")
}

type solveCmd struct {
	gameFlags
	From          string `help:"Solve from this position instead of the start (see 'sente describe GAME' for the form)." placeholder:"POSITION"`
	EveryPosition bool   `help:"Value every position of the tiers the position (the start, or --from) leads to, reached from it or not, in tables of their own: a game's databases of its endings (the tier engine). Stored (--store), they answer any position of those tiers."`
	JSON          bool   `name:"json" help:"Print JSON."`
	ByTier        bool   `help:"Also print the positions and values of each tier, for a game the tier engine solved."`
	MarginOnly    bool   `help:"For a game that ends in a score, answered by search: find the margin alone (who wins and by how much), not the plies to the end, and the game's endgame tables in memory where it builds them (Kalah): far faster."`
}

func (c *solveCmd) Run(e *env) error {
	// A solve from the start checks and repairs the stored tables, and a
	// solve of every position its own (and counts the positions of tiers
	// a stop left uncounted); one from a position answers from them as
	// they are.
	c.repair, c.every = c.From == "" || c.EveryPosition, c.EveryPosition
	c.search, c.marginOnly = true, c.MarginOnly
	a, err := c.answerAt(e, c.From, false)
	if err != nil {
		return err
	}
	if cost, ok := a.SearchCost(); ok {
		return c.writeSearch(e, a, cost)
	}
	g, root, sol := a.Game, a.Root, a.Solution
	o, _ := sol.Outcome(root)
	turn := g.Turn(root)
	best, err := explain.Best(sol, root)
	if err != nil {
		return err
	}
	explored, solved := sol.Took()
	seconds := (explored + solved).Seconds()
	rate := 0.0
	if seconds > 0 {
		rate = float64(sol.Positions()) / seconds
	}
	counts := sol.Counts()
	margin, margined := explain.MarginOf(sol, root)
	marginMoves, _ := explain.MarginMoves(sol, root)
	if c.JSON {
		moves := []string{}
		for _, m := range best {
			moves = append(moves, m.Name)
		}
		line, err := explain.Line(sol, root, 200)
		if err != nil {
			return err
		}
		mainLine := []explain.MoveJSON{}
		at := root
		for _, m := range line {
			mainLine = append(mainLine, explain.NewMoveJSON(g, at, m))
			at = m.To
		}
		restrict := map[sente.Player]string{}
		maps.Copy(restrict, sol.Restrict())
		positions, symmetry, classes := sol.Positions(), sol.Classes(), sol.ClassCount()
		out := explain.SolutionJSON{
			Game:               c.Game,
			Position:           g.FormatPosition(root),
			Turn:               turn,
			Value:              o.Value,
			Winner:             sente.Winner(turn, o.Value),
			Remoteness:         explain.RemotenessJSON(o),
			BestMoves:          moves,
			MainLine:           mainLine,
			Restrict:           restrict,
			Positions:          &positions,
			SymmetryClasses:    &symmetry,
			Classes:            &classes,
			Counts:             explain.CountsJSON(counts),
			WholeTable:         sol.Whole(),
			Seconds:            seconds,
			PositionsPerSecond: &rate,
			Tiers:              tiersJSON(sol.Tiers()),
			MarginNote:         explain.MarginNote(sol),
		}
		if margined {
			out.Margin, out.MarginRemoteness = &margin.Score, explain.MarginRemotenessJSON(margin)
			if len(marginMoves) > 0 {
				out.MostKept = explain.MostKept(marginMoves)
			}
		}
		return writeJSON(e.stdout, out)
	}
	w := e.stdout
	if margined {
		// The margin is the headline of a game that ends in a score; the
		// value's own remoteness (the fastest win, whatever the margin)
		// follows when it differs.
		fmt.Fprintf(w, "%s: %s\n", c.Game, explain.MarginVerdict(turn, margin))
		if margin.Remoteness != o.Remoteness {
			fmt.Fprintf(w, "  value alone    %s (each side hurrying a win or putting off a loss, whatever the margin)\n", explain.Verdict(turn, o))
		}
	} else {
		fmt.Fprintf(w, "%s: %s\n", c.Game, explain.Verdict(turn, o))
		if note := explain.MarginNote(sol); note != "" {
			fmt.Fprintf(w, "  margin         %s\n", note)
		}
	}
	for p, name := range sol.Restrict() {
		fmt.Fprintf(w, "  assuming       the %s player follows policy %q\n", p, name)
	}
	fmt.Fprintf(w, "  position       %s (%s to move)\n", g.FormatPosition(root), turn)
	if len(best) > 0 {
		ranked, err := explain.Moves(sol, root)
		if err != nil {
			return err
		}
		label := "best moves"
		if o.Value == sente.Win {
			label = "winning moves"
		}
		var names []string
		for _, m := range ranked {
			if m.Outcome.Value == o.Value {
				names = append(names, fmt.Sprintf("%s (%s)", m.Name, m.Outcome))
			}
		}
		fmt.Fprintf(w, "  %-14s %s\n", label, strings.Join(names, ", "))
		if len(marginMoves) > 0 {
			var kept []string
			for _, m := range marginMoves {
				if m.Margin.Score == marginMoves[0].Margin.Score {
					kept = append(kept, fmt.Sprintf("%s (%s)", m.Name, explain.MarginWords(m.Margin)))
				}
			}
			fmt.Fprintf(w, "  most kept      %s\n", strings.Join(kept, ", "))
		}
		line, err := explain.Line(sol, root, 40)
		if err != nil {
			return err
		}
		var plies []string
		for _, m := range line {
			plies = append(plies, m.Name)
		}
		fmt.Fprintf(w, "  main line      %s\n", strings.Join(plies, " "))
		c.writeStrategy(w, sol, root)
	}
	classes := ""
	if sol.Classes() {
		classes = ", one a class of symmetric positions"
	} else if n := sol.ClassCount(); n > 0 {
		classes = fmt.Sprintf("; solved as %d classes of symmetric positions", n)
	}
	whole := ""
	if sol.Whole() {
		whole = " in the stored table of the whole game (those this position reaches are too many to count here)"
	}
	switch n := takenTiers(sol.Tiers()); {
	case n == 1:
		classes += "; every position of the tier taken from the tables of every position, reached or not"
	case n > 1:
		classes += fmt.Sprintf("; every position of the %d tiers taken from the tables of every position, reached or not", n)
	}
	fmt.Fprintf(w, "  positions      %d%s: %d win, %d lose, %d tie, %d draw (for the player to move%s)\n",
		sol.Positions(), whole, counts.Win, counts.Lose, counts.Tie, counts.Draw, classes)
	if tiers := sol.Tiers(); a.Engine == answer.Stored && tiers == nil {
		fmt.Fprintf(w, "  time           %.3f s (read from the stored tables)\n", seconds)
	} else if tiers != nil {
		// A resumed solve reads its tiers back: the rate is that of the
		// run that solved them, over the tiers solved (those taken from
		// the tables of every position took no time).
		solving := 0.0
		var solved uint64
		unit, byClass := "positions", sol.ClassCount() > 0
		if byClass {
			unit = "classes" // one position a class was solved
		}
		for _, t := range tiers {
			if t.EveryPosition {
				continue
			}
			solving += t.Seconds
			if byClass {
				solved += t.Classes.Positions
			} else {
				solved += t.Positions
			}
		}
		if solving > 0 {
			fmt.Fprintf(w, "  time           %.3f s (tier engine; the tiers took %.3f s to solve, %.0f %s/s)\n",
				seconds, solving, float64(solved)/solving, unit)
		} else {
			// Tables copied without the note of their seconds, or of
			// an older sente.
			fmt.Fprintf(w, "  time           %.3f s (tier engine; the time the tiers took to solve is not stored with them)\n", seconds)
		}
	} else {
		fmt.Fprintf(w, "  time           %.3f s (explore %.3f s, solve %.3f s), %.0f positions/s\n",
			seconds, explored.Seconds(), solved.Seconds(), rate)
	}
	if c.ByTier {
		return writeTiers(w, sol.Tiers())
	}
	return nil
}

type movesCmd struct {
	gameFlags
	Position   string `arg:"" optional:"" help:"The position (default: the start); see 'sente describe GAME' for the form."`
	JSON       bool   `name:"json" help:"Print JSON."`
	MarginOnly bool   `help:"For a game that ends in a score, answered by search: find each move's margin alone, not the plies to the end (see 'sente solve --help')."`
}

func (c *movesCmd) Run(e *env) error {
	c.search, c.marginOnly = true, c.MarginOnly
	a, err := c.answerAt(e, c.Position, true)
	if err != nil {
		return err
	}
	g, p, sol := a.Game, a.Root, a.Solution
	if c.JSON {
		out, err := explain.MovesJSON(sol, p, a.GrundyValues())
		e.searched()
		if err != nil {
			return err
		}
		return writeJSON(e.stdout, out)
	}
	ranked, err := explain.Moves(sol, p)
	e.searched()
	if err != nil {
		return err
	}
	if cost, ok := a.SearchCost(); ok {
		defer fmt.Fprintf(e.stdout, "by search, each move's position on its own: %s\n", cost.Words())
	}
	grundyText := func(p sente.Position) string {
		if n, ok := a.Grundy(p); ok {
			return n.String()
		}
		return "?"
	}
	o, _ := sol.Outcome(p)
	turn := g.Turn(p)
	fmt.Fprintf(e.stdout, "%s (%s to move): %s\n", g.FormatPosition(p), turn, explain.Verdict(turn, o))
	if a.HasGrundy() {
		fmt.Fprintf(e.stdout, "Grundy value %s\n", grundyText(p))
	} else if sente.CapabilitiesOf(g).IsImpartial() {
		fmt.Fprintln(e.stdout, "no Grundy values: they are defined for normal play only, where the players alternate and the player who cannot move loses (this game is misère, ends otherwise, or has a move after which the same player moves again)")
	}
	if len(ranked) == 0 {
		fmt.Fprintln(e.stdout, "no moves: the game is over")
		return nil
	}
	// A game that ends in a score gives each move's margin, and names the
	// moves that keep the most.
	margins := map[string]sente.Margin{}
	marginMoves, margined := explain.MarginMoves(sol, p)
	if margined {
		for _, m := range marginMoves {
			margins[m.Name] = m.Margin
		}
		fmt.Fprintf(e.stdout, "margin %s; %s %s the most\n", marginOfPosition(sol, p), orList(explain.MostKept(marginMoves)), keepsWord(len(explain.MostKept(marginMoves))))
	} else if note := explain.MarginNote(sol); note != "" {
		fmt.Fprintln(e.stdout, note)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	switch {
	case a.HasGrundy():
		fmt.Fprintf(tw, "move\tvalue\tremoteness\tgrundy after\tleads to\n")
	case margined:
		fmt.Fprintf(tw, "move\tvalue\tremoteness\tmargin\tin\tleads to\n")
	default:
		fmt.Fprintf(tw, "move\tvalue\tremoteness\tleads to\n")
	}
	for _, m := range ranked {
		rem := fmt.Sprint(m.Outcome.Remoteness)
		if m.Outcome.Value == sente.Draw || m.Outcome.Remoteness == sente.RemotenessUnknown {
			rem = "-"
		}
		if margined {
			mm := margins[m.Name]
			in := fmt.Sprint(mm.Remoteness)
			if mm.Remoteness == sente.RemotenessUnknown {
				in = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%+d\t%s\t%s\n", m.Name, m.Outcome.Value, rem, mm.Score, in, g.FormatPosition(m.To))
			continue
		}
		if a.HasGrundy() {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", m.Name, m.Outcome.Value, rem, grundyText(m.To), g.FormatPosition(m.To))
		} else {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", m.Name, m.Outcome.Value, rem, g.FormatPosition(m.To))
		}
	}
	return tw.Flush()
}

// marginOfPosition is p's margin in words for the player to move there.
func marginOfPosition(sol solve.Solution, p sente.Position) string {
	m, _ := explain.MarginOf(sol, p)
	return fmt.Sprintf("%+d for the %s player (%s)", m.Score, sol.Game().Turn(p), explain.MarginWords(m))
}

func keepsWord(n int) string {
	if n == 1 {
		return "keeps"
	}
	return "keep"
}
