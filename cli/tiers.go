package cli

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/solve"
)

// tierFlags choose the engine and where the tier engine keeps its tables.
type tierFlags struct {
	Engine string `help:"The engine: tiers (dense ranks, tables kept on disk; for games that rank their positions by tiers), hash (every position in a hash table), search (one position at a time, by proof search, its table within --max-memory: no tables, no counts; solve, moves, explain and play), or auto (the one expected to be the faster, of those that fit in --max-memory and on the disk; 'sente describe GAME' says which and why; search when none fits)." default:"auto" enum:"auto,tiers,hash,search"`
	Store  string `help:"Keep solved tables in this directory (default: $XDG_CACHE_HOME/sente, else ~/.cache/sente)." placeholder:"DIR" type:"path"`
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

// tiersJSON lists the tiers in increasing number; nil for a solve by the
// hashing engine, which has none.
func tiersJSON(tiers []solve.TierResult) []explain.TierJSON {
	if tiers == nil {
		return nil
	}
	out := []explain.TierJSON{}
	for _, t := range sortedTiers(tiers) {
		out = append(out, explain.TierJSON{
			Tier: t.Tier, Positions: t.Positions, Classes: t.Classes.Positions, Seconds: t.Seconds,
			Counts: explain.CountsJSON(t.Counts), EveryPosition: t.EveryPosition,
		})
	}
	return out
}

// takenTiers is how many of the tiers a solve took whole from tables of
// every position (solve.TierResult.EveryPosition).
func takenTiers(tiers []solve.TierResult) int {
	n := 0
	for _, t := range tiers {
		if t.EveryPosition {
			n++
		}
	}
	return n
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
	// The classes solved, beside the positions they stand for, when the
	// ranks stand for classes of symmetric positions.
	classes := slices.ContainsFunc(tiers, func(t solve.TierResult) bool { return t.Classes.Positions > 0 })
	head := []string{"tier", "positions", "win", "lose", "tie", "draw", "seconds"}
	if classes {
		head = slices.Insert(head, 2, "classes")
	}
	rows := [][]string{head}
	for _, t := range sortedTiers(tiers) {
		row := []string{
			strconv.Itoa(t.Tier), strconv.FormatUint(t.Positions, 10),
			strconv.FormatUint(t.Win, 10), strconv.FormatUint(t.Lose, 10),
			strconv.FormatUint(t.Tie, 10), strconv.FormatUint(t.Draw, 10),
			strconv.FormatFloat(t.Seconds, 'f', 3, 64),
		}
		if classes {
			row = slices.Insert(row, 2, strconv.FormatUint(t.Classes.Positions, 10))
		}
		rows = append(rows, row)
	}
	fmt.Fprintln(w)
	writeTable(w, rows)
	return nil
}
