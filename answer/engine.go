package answer

import (
	"fmt"
	"strings"
)

// Engine names what answers for a game.
type Engine int

const (
	// Auto chooses: stored tables when they hold the position, the tier
	// engine for a game that ranks its positions by tiers and is larger
	// than SmallGame by its estimate (when its plan fits), or a rules file
	// with tier() larger than SmallRules by a sample, and the hashing
	// engine otherwise.
	Auto Engine = iota
	// Hashing explores every position reachable from the root into hash
	// tables and solves them there (solve.Solve).
	Hashing
	// Tiers solves a game that ranks its positions by tiers, a tier at a
	// time from dense ranks, keeping its tables (solve.SolveTiers).
	Tiers
	// Stored reads tables a tier-engine solve stored before, and solves
	// nothing: asked for, it answers only from them (ErrNotStored).
	Stored
)

var engineNames = [...]string{Auto: "auto", Hashing: "hash", Tiers: "tiers", Stored: "stored"}

func (e Engine) String() string {
	if e < 0 || int(e) >= len(engineNames) {
		return fmt.Sprintf("Engine(%d)", int(e))
	}
	return engineNames[e]
}

// ParseEngine reads an engine a person may ask for: auto, tiers or hash.
func ParseEngine(text string) (Engine, error) {
	for _, e := range []Engine{Auto, Tiers, Hashing} {
		if strings.EqualFold(text, e.String()) {
			return e, nil
		}
	}
	return Auto, fmt.Errorf("engine %q: want auto, tiers or hash", text)
}

// SmallRules is the size, by the sample taken first, below which Auto
// leaves a rules file with tier() to the hashing engine: measured on this
// project's machine, the two engines take about the same time on Sim
// (2.2 million positions) and the hashing engine is the faster below, in
// a few times the memory.
const SmallRules = 1_000_000

// SmallGame is the size, by the game's estimate of its positions, below
// which Auto leaves a game to the hashing engine: it answers such a game
// in well under a second without writing tables.
const SmallGame = 10_000_000
