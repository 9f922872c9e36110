package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// secondsName is the file beside a game's tables that keeps how long each
// tier's solve took: a report, not a result, so it stays out of the tier
// files, whose bytes depend on the game alone.
const secondsName = "seconds.json"

// recordSeconds keeps the seconds a tier's values took to solve.
func (g *GameStore) recordSeconds(tier int, seconds float64) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.loadSeconds(); err != nil {
		return err
	}
	if seconds <= 0 {
		if _, ok := g.seconds[tier]; !ok {
			return nil
		}
		delete(g.seconds, tier) // a table written again without a time
	} else {
		g.seconds[tier] = seconds
	}
	byName := make(map[string]float64, len(g.seconds))
	for t, s := range g.seconds {
		byName[strconv.Itoa(t)] = s
	}
	b, _ := json.MarshalIndent(byName, "", "  ")
	if err := writeAtomic(g.Dir, secondsName, append(b, '\n')); err != nil {
		return fmt.Errorf("store: writing %s: %w", filepath.Join(g.Dir, secondsName), err)
	}
	return nil
}

// secondsOf is the seconds tier's values took to solve, when known.
func (g *GameStore) secondsOf(tier int) (float64, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.loadSeconds() != nil {
		return 0, false
	}
	s, ok := g.seconds[tier]
	return s, ok
}

// loadSeconds reads seconds.json once; a missing file is an empty one, and
// a damaged one is read as empty too, since it holds no result.
func (g *GameStore) loadSeconds() error {
	if g.seconds != nil {
		return nil
	}
	g.seconds = map[int]float64{}
	b, err := os.ReadFile(filepath.Join(g.Dir, secondsName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		g.seconds = nil
		return fmt.Errorf("store: %w", err)
	}
	var byName map[string]float64
	if json.Unmarshal(b, &byName) != nil {
		return nil
	}
	for name, s := range byName {
		if t, err := strconv.Atoi(name); err == nil {
			g.seconds[t] = s
		}
	}
	return nil
}
