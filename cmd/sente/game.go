package main

import (
	"errors"
	"fmt"
	"strings"

	"sente"
	"sente/explore"
	"sente/nimber"
	"sente/solve"
)

// gameFlags are the flags every command that solves a game shares.
type gameFlags struct {
	Game         string   `arg:"" name:"game" help:"NAME or NAME:key=value,... (see 'sente list')."`
	Restrict     []string `help:"Limit a player's moves to a policy of the game, as first=POLICY or second=POLICY." placeholder:"PLAYER=POLICY"`
	Symmetry     bool     `help:"Store one position per class of symmetric positions (fewer positions, same values)."`
	Misere       bool     `help:"Misère play, for impartial games: the player who cannot move wins."`
	MaxPositions int      `help:"Stop with an error past this many positions." default:"200000000"`
	Force        bool     `help:"Solve even when the game's estimate of its positions needs more memory than --max-memory allows."`
	tierFlags
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

// solveAt opens the game, reads the position (empty: the start) and solves
// from it: what most commands do first.
func (f gameFlags) solveAt(e *env, position string) (sente.Game, sente.Position, *solve.Solution, error) {
	g, root, err := f.openAt(e, position)
	if err != nil {
		return nil, nil, nil, err
	}
	sol, err := f.solveFrom(e, g, root)
	return g, root, sol, err
}

// answerAt is solveAt for the commands that only read values (moves,
// play): a position of a game whose tables are stored whole is answered
// from them, whatever the game's size, rather than solved on its own.
func (f gameFlags) answerAt(e *env, position string) (sente.Game, sente.Position, *solve.Solution, error) {
	g, root, err := f.openAt(e, position)
	if err != nil {
		return nil, nil, nil, err
	}
	if position != "" {
		if sol, ok := f.storedSolution(e, g); ok {
			if _, reached := sol.Outcome(root); reached {
				return g, root, sol, nil
			}
		}
	}
	sol, err := f.solveFrom(e, g, root)
	return g, root, sol, err
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

// solveFrom solves g from root with the shared flags, showing progress.
func (f gameFlags) solveFrom(e *env, g sente.Game, root sente.Position) (*solve.Solution, error) {
	restrict, err := f.restrictions(g)
	if err != nil {
		return nil, err
	}
	if f.MaxPositions <= 0 {
		return nil, badInput("--max-positions must be positive")
	}
	if sol, ok, err := f.solveByTiers(e, g, root, len(restrict) > 0); ok || err != nil {
		return sol, err
	}
	if err := f.checkFits(e, g); err != nil {
		return nil, err
	}
	progress := newProgress(e)
	if positions, _, ok := estimateBytes(g); ok {
		progress.atMost = positions
	}
	sol, err := solve.Solve(e.ctx, g, solve.Options{
		From:         root,
		Restrict:     restrict,
		Symmetry:     f.Symmetry,
		MaxPositions: f.MaxPositions,
		Progress:     progress.report,
	})
	progress.done()
	if errors.Is(err, explore.ErrTooMany) {
		return nil, usageError{fmt.Errorf("%v; raise --max-positions or choose smaller parameters", err)}
	}
	return sol, err
}
