package cli

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve/tiers"
)

// gameFlags are the flags every command that solves a game shares.
type gameFlags struct {
	Game         string   `arg:"" name:"game" help:"NAME or NAME:key=value,... (see 'sente list')."`
	Restrict     []string `help:"Limit a player's moves to a policy of the game, as first=POLICY or second=POLICY." placeholder:"PLAYER=POLICY"`
	Symmetry     bool     `help:"Store one position per class of symmetric positions (fewer positions, same values)."`
	Misere       bool     `help:"Misère play, for impartial games: the player who cannot move wins."`
	MaxPositions int      `help:"Stop the hashing engine with an error past this many positions explored (the tier engine goes by its plan of memory and disk)." default:"200000000"`
	Force        bool     `help:"Solve even when the game's estimate of its positions needs more memory than --max-memory allows."`
	tierFlags
	// repair: the command is a solve asked for by name, which checks the
	// stored tiers and solves damaged ones again (answer.Options.Repair).
	repair bool
	// every: the command asks for every position of the tiers below its
	// position (answer.Options.EveryPosition).
	every bool
	// classes: the command reads tables of one position a class of
	// symmetric positions, of a game whose ranks the tier engine
	// discovers (answer.ClassesName).
	classes bool
	// search: the command asks about a few positions, which search may
	// answer one at a time where no table fits (answer.Options.MaySearch).
	search bool
	// searchFirst is the position an answer by search searches first
	// (answer.Options.SearchFirst): nil, the position answered from.
	searchFirst sente.Position
	// marginOnly: an answer by search of a game that ends in a score
	// finds margins alone (answer.Options.MarginOnly).
	marginOnly bool
}

// openGame makes the game a spec names, from the run's catalogue. Every
// mistake in the spec is bad input.
func (e *env) openGame(text string) (sente.Game, error) {
	spec, err := sente.ParseSpec(text)
	if err != nil {
		return nil, usageError{err}
	}
	return e.openSpec(spec)
}

// openSpec makes the game a parsed spec names.
func (e *env) openSpec(spec sente.Spec) (sente.Game, error) {
	g, err := e.games.OpenSpec(spec)
	if err != nil {
		return nil, usageError{err}
	}
	e.opened = append(e.opened, g)
	e.state.opened(g)
	return g, nil
}

// lookupSpec parses a spec and finds the family it names.
func (e *env) lookupSpec(text string) (sente.Spec, sente.Family, error) {
	spec, err := sente.ParseSpec(text)
	if err != nil {
		return spec, sente.Family{}, usageError{err}
	}
	fam, err := e.games.Family(spec.Name)
	if err != nil {
		return spec, fam, usageError{err}
	}
	return spec, fam, nil
}

// failure returns the first recorded failure of a game this run opened. A
// game whose own logic fails where no engine looks (showing a position,
// say) records the failure, and run reports it at the end.
func (e *env) failure() error {
	for _, g := range e.opened {
		if err := sente.CapabilitiesOf(g).Err(); err != nil {
			return err
		}
	}
	return nil
}

// open makes the game the flags name, under misère play when asked.
func (f gameFlags) open(e *env) (sente.Game, error) {
	g, err := e.openGame(f.Game)
	if err != nil || !f.Misere {
		return g, err
	}
	if !sente.CapabilitiesOf(g).IsImpartial() {
		return nil, badInput("--misere: %s is not impartial; misère play is defined here for impartial games", f.Game)
	}
	return nimber.MisereGame(g), nil
}

// parsePosition reads a position of g; an empty text is the start.
func parsePosition(g sente.Game, text string) (sente.Position, error) {
	if strings.TrimSpace(text) == "" {
		return g.Start(), nil
	}
	p, err := g.ParsePosition(text)
	if err != nil {
		return nil, usageError{err}
	}
	return p, nil
}

func (f gameFlags) restrictions(g sente.Game) (map[sente.Player]string, error) {
	if len(f.Restrict) == 0 {
		return nil, nil
	}
	out := map[sente.Player]string{}
	for _, r := range f.Restrict {
		who, policy, ok := strings.Cut(r, "=")
		player, err := sente.ParsePlayer(who)
		if !ok || err != nil || policy == "" {
			return nil, badInput("--restrict %q: want first=POLICY or second=POLICY", r)
		}
		if _, err := explore.FindPolicy(g, policy); err != nil {
			return nil, badInput("%s: %v", f.Game, err)
		}
		out[player] = policy
	}
	return out, nil
}

// answerAt opens the game, reads the position (empty: the start) and
// answers from it: what most commands do first.
func (f gameFlags) answerAt(e *env, position string, grundy bool) (*answer.Answer, error) {
	g, root, err := f.openAt(e, position)
	if err != nil {
		return nil, err
	}
	return f.answerFrom(e, g, root, grundy)
}

// openAt opens the game and reads the position (empty: the start).
func (f gameFlags) openAt(e *env, position string) (sente.Game, sente.Position, error) {
	g, err := f.open(e)
	if err != nil {
		return nil, nil, err
	}
	root, err := parsePosition(g, position)
	if err != nil {
		return nil, nil, err
	}
	return g, root, nil
}

// answerFrom answers for g from root with the shared flags, showing
// progress; grundy attaches Grundy values.
func (f gameFlags) answerFrom(e *env, g sente.Game, root sente.Position, grundy bool) (*answer.Answer, error) {
	opt, err := f.options(e, g)
	if err != nil {
		return nil, err
	}
	opt.From, opt.Grundy = root, grundy
	opt.SearchFirst = f.searchFirst
	progress := newProgress(e)
	if positions, _, ok := answer.Estimate(g); ok {
		progress.atMost = positions
	}
	opt.Progress = progress.report
	opt.SearchProgress = progress.search
	opt.Instead = func(r *answer.Refusal) {
		progress.clear()
		fmt.Fprintf(e.stderr, "sente: %s; so %s, with a table within --max-memory (Ctrl-C stops it and says what it proved)\n", r.Error(), answer.SearchInstead(g, opt, r))
	}
	opt.Starting = progress.starting(f.Game)
	opt.Planned = func(p answer.DiscoveredPlan) {
		// Said only of work worth waiting for.
		if p.Seconds >= 10 {
			progress.clear()
			fmt.Fprintf(e.stderr, "sente: %s: %s\n", f.Game, p)
			progress.planned = e.now().Add(time.Duration(p.Seconds * float64(time.Second)))
		}
	}
	opt.Waiting = func(dir string) {
		progress.clear()
		fmt.Fprintf(e.stderr, "sente: %s: another solve of this game is writing its tables in %s; waiting for it to finish, then reading them\n", f.Game, dir)
	}
	opt.Resuming = func(dir string, r tiers.Resume) {
		progress.clear()
		for _, err := range r.Rediscovered {
			fmt.Fprintf(e.stderr, "sente: %s: %v; finding the positions of its tiers again\n", f.Game, err)
		}
		if len(r.Rediscovered) > 0 {
			return
		}
		for _, err := range r.Damaged {
			fmt.Fprintf(e.stderr, "sente: %s: %v; solving the tier again\n", f.Game, err)
		}
		switch {
		case r.Stored == 0 && len(r.Damaged) == 0 && !f.every:
			fmt.Fprintf(e.stderr, "sente: %s: resuming the solve stored in %s: the reachable ranks of %d of %d tiers stored; going on with the forward pass\n", f.Game, dir, r.Reached, r.Total)
		case r.Stored == r.Taken && r.Reached == 0 && len(r.Damaged) == 0:
			fmt.Fprintf(e.stderr, "sente: %s: %d of %d tiers taken whole from its tables of every position, stored beside %s; solving the other %d\n", f.Game, r.Taken, r.Total, dir, r.Total-r.Stored)
		case r.Taken > 0:
			fmt.Fprintf(e.stderr, "sente: %s: resuming the solve stored in %s: %d of %d tiers stored (%d of them taken whole from the tables of every position), every block checked; solving the other %d\n", f.Game, dir, r.Stored, r.Total, r.Taken, r.Total-r.Stored)
		default:
			fmt.Fprintf(e.stderr, "sente: %s: resuming the solve stored in %s: %d of %d tiers stored, every block checked; solving the other %d\n", f.Game, dir, r.Stored, r.Total, r.Total-r.Stored)
		}
	}
	a, err := answer.Solve(e.ctx, g, opt)
	progress.done()
	if a != nil && a.Engine == answer.Search {
		e.searching = progress
	}
	if err == nil {
		progress.tellStored(f)
	}
	return a, refusalError(err)
}

// refusalError is err as the command line says it: the answer layer's
// refusal with the flags that change it, a store that cannot be written
// named by --store, a solve past --max-positions.
func refusalError(err error) error {
	var refused *answer.Refusal
	var stored *answer.StoreError
	switch {
	case errors.As(err, &refused):
		return usageError{errors.New(refusalText(refused))}
	case errors.As(err, &stored):
		// Not bad input: a store that cannot be written (read-only, a
		// full disk) is a failure to write a file, exit status 1.
		return fmt.Errorf("--store %s: %w", stored.Dir, stored.Err)
	case errors.Is(err, explore.ErrTooMany):
		return usageError{fmt.Errorf("%v; raise --max-positions or choose smaller parameters", err)}
	}
	return err
}

// refusalText is a refusal of the answer layer with the flags that change
// what refused it: the option asked for, first; the limit passed, last.
func refusalText(r *answer.Refusal) string {
	text := r.Error()
	switch r.Option {
	case answer.OptSymmetry:
		text = "--symmetry: " + text
	case answer.OptTiers:
		text = "--engine tiers: " + text
	case answer.OptEveryPosition:
		text = "--every-position: " + text
	case answer.OptSearch:
		text = "--engine search: " + text
	}
	switch {
	case r.Over&answer.OverMemory != 0 && r.Over&answer.OverDisk != 0:
		text += "; free some disk (sente store rm) or choose another place with --store, and " + raiseHint(r.Need)
	case r.Over&answer.OverMemory != 0:
		text += "; " + raiseHint(r.Need)
	case r.Over&answer.OverDisk != 0:
		text += "; free some (sente store rm) or choose another place with --store, or --force tries anyway"
	case r.Forcible:
		text += "; --force tries anyway"
	}
	return text
}

// options are the answer layer's options the flags give for g.
func (f gameFlags) options(e *env, g sente.Game) (answer.Options, error) {
	restrict, err := f.restrictions(g)
	if err != nil {
		return answer.Options{}, err
	}
	if err := atLeast("--max-positions", f.MaxPositions, 1, ""); err != nil {
		return answer.Options{}, err
	}
	engine, err := answer.ParseEngine(f.Engine)
	if err != nil {
		return answer.Options{}, badInput("--%v", err)
	}
	if engine == answer.Search && !f.search {
		return answer.Options{}, badInput("--engine search: this command reads every position of the answer, and search answers one position at a time (solve, moves, explain and play take it)")
	}
	spec, err := sente.ParseSpec(f.Game)
	if err != nil {
		return answer.Options{}, usageError{err}
	}
	opt := answer.Options{
		Restrict:      restrict,
		Symmetry:      f.Symmetry,
		MaxPositions:  f.MaxPositions,
		Engine:        engine,
		MaxMemory:     e.maxMemory,
		Force:         f.Force,
		Repair:        f.repair,
		EveryPosition: f.every,
		Label:         f.Game,
	}
	opt.MaySearch = f.search
	// A game that ends in a score, past what a table holds, is answered
	// by search with its margin alone unless --engine search asks for
	// the plies: the margin is what its published solutions give.
	opt.AutoMarginOnly = f.search
	if f.marginOnly {
		if engine != answer.Auto && engine != answer.Search {
			return answer.Options{}, badInput("--margin-only: margins alone are found by search; the %s engine finds each position's plies too (use --engine search or auto)", f.Engine)
		}
		opt.MarginOnly = true
	}
	if fam, err := e.games.Family(spec.Name); err == nil {
		opt.Resize = &answer.Resize{Spec: spec, Family: fam, Open: func(s sente.Spec) (sente.Game, error) {
			return gameFlags{Game: s.String(), Misere: f.Misere}.open(e)
		}}
	}
	if s, err := openStore(f.Store); err == nil {
		if opt.Name, err = f.canonicalSpec(e); err != nil {
			return opt, err
		}
		opt.Tables, opt.TablesOptional = &s, f.Store == ""
	} else if f.Store != "" {
		return opt, err
	}
	return opt, nil
}

// answerOptions are the answer layer's options for a command that asks
// about many games without flags of its own for each (sweep, grundy): the
// memory limit, and the tables of the default store, which hold what the
// tier engine solves.
func (e *env) answerOptions() answer.Options {
	opt := answer.Options{MaxMemory: e.maxMemory}
	if s, err := openStore(""); err == nil {
		opt.Tables, opt.TablesOptional = &s, true
	}
	return opt
}

// canonicalName names the stored tables of the game a spec names; empty
// when the spec names none.
func (e *env) canonicalName(spec sente.Spec) string {
	b, err := e.games.Bind(spec)
	if err != nil {
		return ""
	}
	return b.Canonical()
}

// raiseHint is what a refusal over --max-memory suggests: the limit the
// engine needs, when this machine has that much memory (nine men's morris
// plans 19.7G, over the default three quarters of 24G), and --force.
func raiseHint(need uint64) string {
	// Tenths of a G, rounded up from the plan, so that the limit given
	// holds it.
	tenths := uint64(math.Ceil(float64(need) / (1 << 30) * 10))
	if have := sandbox.Available(); need > 0 && tenths*(1<<30)/10 < have {
		return fmt.Sprintf("--max-memory %d.%dG allows it (this machine has %s), and --force tries anyway", tenths/10, tenths%10, quantity.FormatSize(have))
	}
	return "--max-memory sets the limit, and --force tries anyway"
}
