package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"syscall"
	"time"

	"sente"
	"sente/solve"
	"sente/store"
)

// tierFlags choose the engine and where the tier engine keeps its tables.
type tierFlags struct {
	Engine string `help:"The engine: tiers (dense ranks, tables kept on disk; for games that rank their positions by tiers), hash (every position in a hash table), or auto (tiers for such a game of more than ten million positions by its estimate, when its plan fits in --max-memory and on disk)." default:"auto" enum:"auto,tiers,hash"`
	Store  string `help:"Keep solved tables in this directory (default: $XDG_CACHE_HOME/sente, else ~/.cache/sente)." placeholder:"DIR" type:"path"`
}

// solveByTiers solves g with the tier engine when the flags and the game
// allow: the game ranks its positions by tiers (sente.TierRanker), no
// player is restricted and no symmetry asked, and root is the start (a
// stored table holds what is reachable from the start). ok is false when
// the hashing engine is to solve instead.
func (f gameFlags) solveByTiers(e *env, g sente.Game, root sente.Position, restricted bool) (sol *solve.Solution, ok bool, err error) {
	ranker := sente.CapabilitiesOf(g).TierRanker
	why := ""
	switch {
	case f.Engine == "hash":
		return nil, false, nil
	case ranker == nil:
		why = "the game does not rank its positions by tiers"
	case restricted:
		why = "--restrict needs the hashing engine"
	case f.Symmetry:
		why = "--symmetry needs the hashing engine"
	case g.FormatPosition(root) != g.FormatPosition(g.Start()):
		why = "the tier engine solves from the start; a position given with --from is solved by the hashing engine"
	case f.Engine == "auto" && small(g):
		return nil, false, nil
	}
	if why != "" {
		if f.Engine == "tiers" {
			return nil, false, badInput("--engine tiers: %s", why)
		}
		return nil, false, nil
	}
	gs, err := f.tableStore(e, g)
	if err != nil {
		return nil, false, err
	}
	var sink solve.TierSink = solve.NewMemorySink()
	if gs != nil {
		sink = gs
		if err := f.checkDisk(g, gs.Dir); err != nil {
			forgetEmpty(gs)
			if f.Engine == "auto" {
				return nil, false, nil
			}
			return nil, false, err
		}
	}
	// Under auto, a plan over --max-memory leaves the game to the hashing
	// engine, whose own estimate refuses it or, with --force, tries.
	limit := int64(min(e.maxMemory, 1<<62))
	if f.Force && f.Engine == "tiers" {
		limit = 0
	}
	progress := newProgress(e)
	start := time.Now()
	ts, err := solve.SolveTiers(e.ctx, g, solve.TierOptions{
		Sink:      sink,
		MaxMemory: limit,
		Progress: func(tier, done, total int, phase string) {
			progress.report(solve.Progress{Phase: fmt.Sprintf("tier %d, %s", tier, phase), Done: done, Total: total})
		},
	})
	progress.done()
	if errors.Is(err, solve.ErrOverMemory) {
		forgetEmpty(gs)
		if f.Engine == "auto" {
			return nil, false, nil
		}
		return nil, false, badInput("%s: %v (--max-memory); --force tries anyway", f.Game, err)
	}
	if err != nil {
		return nil, false, err
	}
	return solve.FromTiers(g, ts, g.Start(), time.Since(start)), true, nil
}

// storedSolution is g solved from the start out of its stored tables, when
// the tier engine may answer for the flags and the store holds every tier.
func (f gameFlags) storedSolution(e *env, g sente.Game) (*solve.Solution, bool) {
	restrict, err := f.restrictions(g)
	if f.Engine == "hash" || f.Symmetry || err != nil || len(restrict) > 0 || sente.CapabilitiesOf(g).TierRanker == nil {
		return nil, false
	}
	gs, err := f.storedGame(e)
	if err != nil || gs == nil {
		return nil, false
	}
	start := time.Now()
	ts, err := solve.SolveTiers(e.ctx, g, solve.TierOptions{Sink: gs, StoredOnly: true})
	if err != nil {
		return nil, false
	}
	return solve.FromTiers(g, ts, g.Start(), time.Since(start)), true
}

// tableStore is the directory of g's stored tables, or nil when there is
// nowhere to keep them (no --store and no cache directory), in which case
// the tables are held in memory for this run.
func (f gameFlags) tableStore(e *env, g sente.Game) (*store.GameStore, error) {
	s, err := openStore(f.Store)
	if err != nil {
		if f.Store != "" {
			return nil, err
		}
		return nil, nil
	}
	spec, err := f.canonicalSpec(e)
	if err != nil {
		return nil, err
	}
	gs, err := s.Game(spec)
	if err != nil {
		if f.Store != "" {
			return nil, badInput("--store %s: %v", f.Store, err)
		}
		return nil, nil
	}
	return gs, nil
}

// canonicalSpec names the game the flags open with every parameter given
// (games.Bound.Canonical); misère play is a game of its own.
func (f gameFlags) canonicalSpec(e *env) (string, error) {
	spec, err := sente.ParseSpec(f.Game)
	if err != nil {
		return "", usageError{err}
	}
	b, err := e.games.Bind(spec)
	if err != nil {
		return "", usageError{err}
	}
	text := b.Canonical()
	if f.Misere {
		text += " (misère)"
	}
	return text, nil
}

// checkDisk refuses, before any work, a solve whose tables would not fit
// on the disk that keeps them: two bytes a rank and a bit a rank for every
// tier reachable from the start's, less what is stored already.
func (f gameFlags) checkDisk(g sente.Game, dir string) error {
	caps := sente.CapabilitiesOf(g)
	need := tierDiskBytes(caps.TierRanker, caps.Encoder.Encode(g.Start()))
	var fs syscall.Statfs_t
	if err := syscall.Statfs(dir, &fs); err != nil {
		return nil
	}
	free := float64(fs.Bavail) * float64(fs.Bsize)
	if need > free && !f.Force {
		return badInput("%s: its tables need %s of disk in %s, and %s is free; free some (sente store rm) or choose another place with --store; --force tries anyway",
			f.Game, formatBytes(need), dir, formatBytes(free))
	}
	return nil
}

// tierDiskBytes is the disk the tables of every tier reachable from the
// tier of key take: two bytes a rank for values, a bit a rank for the
// reachable ranks.
func tierDiskBytes(r sente.TierRanker, key uint64) float64 {
	first, _ := r.TierRank(key)
	seen := map[int]bool{first: true}
	todo := []int{first}
	total := 0.0
	for len(todo) > 0 {
		t := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		total += float64(r.TierSize(t)) * (2 + 1.0/8)
		for _, c := range r.ChildTiers(t) {
			if !seen[c] {
				seen[c] = true
				todo = append(todo, c)
			}
		}
	}
	return total
}

// smallGame is the size, by the game's estimate of its positions, below
// which auto leaves a game to the hashing engine: it answers such a game in
// well under a second without writing tables.
const smallGame = 10_000_000

// small reports whether g is small enough for the hashing engine under
// auto. A game without an estimate is not.
func small(g sente.Game) bool {
	positions, _, ok := estimateBytes(g)
	return ok && positions < smallGame
}

// tierJSON is one tier of a solve by the tier engine.
type tierJSON struct {
	Tier      int            `json:"tier"`
	Positions uint64         `json:"positions"`
	Counts    map[string]int `json:"counts"`
	Seconds   float64        `json:"seconds"`
}

// tiersJSON lists the tiers in increasing number.
func tiersJSON(tiers []solve.TierResult) []tierJSON {
	out := []tierJSON{}
	for _, t := range sortedTiers(tiers) {
		out = append(out, tierJSON{
			Tier: t.Tier, Positions: t.Positions, Seconds: t.Seconds,
			Counts: map[string]int{"win": int(t.Win), "lose": int(t.Lose), "tie": int(t.Tie), "draw": int(t.Draw)},
		})
	}
	return out
}

func sortedTiers(tiers []solve.TierResult) []solve.TierResult {
	sorted := slices.Clone(tiers)
	slices.SortFunc(sorted, func(a, b solve.TierResult) int { return a.Tier - b.Tier })
	return sorted
}

// writeTiers prints --by-tier's table; a solve of the hashing engine has
// no tiers to print, and says so.
func writeTiers(w io.Writer, tiers []solve.TierResult) error {
	if tiers == nil {
		_, err := fmt.Fprintln(w, "  tiers          none: the hashing engine solved this game (--engine tiers for a game that ranks its positions by tiers)")
		return err
	}
	rows := [][]string{{"tier", "positions", "win", "lose", "tie", "draw", "seconds"}}
	for _, t := range sortedTiers(tiers) {
		rows = append(rows, []string{
			strconv.Itoa(t.Tier), strconv.FormatUint(t.Positions, 10),
			strconv.FormatUint(t.Win, 10), strconv.FormatUint(t.Lose, 10),
			strconv.FormatUint(t.Tie, 10), strconv.FormatUint(t.Draw, 10),
			strconv.FormatFloat(t.Seconds, 'f', 3, 64),
		})
	}
	fmt.Fprintln(w)
	writeTable(w, rows)
	return nil
}

// forgetEmpty removes the directory a solve made for its tables when it
// stopped before storing any, so that a refused solve leaves nothing in
// the store.
func forgetEmpty(gs *store.GameStore) {
	if gs == nil {
		return
	}
	for _, kind := range []store.Kind{store.Values, store.Reachable} {
		if tiers, err := gs.Tiers(kind); err != nil || len(tiers) > 0 {
			return
		}
	}
	os.RemoveAll(gs.Dir)
}
