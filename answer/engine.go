package answer

import (
	"fmt"
	"strings"
)

// Engine names what answers for a game.
type Engine int

const (
	// Auto chooses: stored tables when they hold the position, and
	// otherwise as AutoRule says.
	Auto Engine = iota
	// Hashing explores every position reachable from the root into hash
	// tables and solves them there (hashing.Solve).
	Hashing
	// Tiers solves a game that ranks its positions by tiers, a tier at a
	// time from dense ranks, keeping its tables (tiers.SolveTiers).
	Tiers
	// Stored reads tables a tier-engine solve stored before, and solves
	// nothing: asked for, it answers only from them (ErrNotStored).
	Stored
	// Search answers one position at a time by proof search
	// (solve/search), where no table fits: the value and remoteness of
	// each position asked about, no counts of positions.
	Search
)

var engineNames = [...]string{Auto: "auto", Hashing: "hash", Tiers: "tiers", Stored: "stored", Search: "search"}

func (e Engine) String() string {
	if e < 0 || int(e) >= len(engineNames) {
		return fmt.Sprintf("Engine(%d)", int(e))
	}
	return engineNames[e]
}

// ParseEngine reads an engine a person may ask for: auto, tiers, hash or
// search.
func ParseEngine(text string) (Engine, error) {
	for _, e := range []Engine{Auto, Tiers, Hashing, Search} {
		if strings.EqualFold(text, e.String()) {
			return e, nil
		}
	}
	return Auto, fmt.Errorf("engine %q: want auto, tiers, hash or search", text)
}

// AutoRule is how Auto chooses an engine when no stored table holds the
// position, in the words every front end shows (the command line's
// describe, the documentation): one rule for built-in games and rules
// files alike.
const AutoRule = "Auto takes the engine it expects to be the faster, from the game's estimate of its positions (a sample taken first, for a rules file), the tier engine's plan and rates measured on this project's machine, among those whose memory at their peak fits the limit (the hashing engine with room for twice its estimate, in case it is low) and, for the tier engine, whose tables fit on the disk; of two within a fifth of each other in time, the one with less memory; where neither fits the memory, a refusal names the one that needs less"
