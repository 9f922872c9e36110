package solve

import (
	"context"
	"fmt"
	"time"

	"sente"
	"sente/explore"
)

// Options change what is solved and how.
type Options struct {
	// From is the root position; nil means the game's start.
	From sente.Position
	// Restrict limits a player's moves to a named policy of the game, such
	// as the niece in chopsticks ("second" -> "niece").
	Restrict map[sente.Player]string
	// Symmetry stores one position per class of symmetric positions.
	Symmetry bool
	// MaxPositions stops the solve with an error past this many positions;
	// zero means no limit.
	MaxPositions int
	// Progress, when set, is called now and then during long work.
	Progress func(Progress)
}

// Progress reports how far a solve has come.
type Progress struct {
	Phase string // "exploring" or "solving"
	Done  int    // positions found or solved so far
	Total int    // positions in all, once known (0 while exploring)
}

// Solve explores every position reachable from the root and solves it.
// It stops early with ctx's error when ctx is cancelled.
func Solve(ctx context.Context, g sente.Game, opt Options) (*Solution, error) {
	rules, err := explore.RulesOf(g, explore.RulesOptions{Restrict: opt.Restrict, Symmetry: opt.Symmetry})
	if err != nil {
		return nil, err
	}
	root := opt.From
	if root == nil {
		root = g.Start()
	}
	progress := opt.Progress
	if progress == nil {
		progress = func(Progress) {}
	}

	start := time.Now()
	space, err := explore.Explore(ctx, rules, rules.Key(root), explore.Options{
		MaxPositions: opt.MaxPositions,
		Progress:     func(found int) { progress(Progress{Phase: "exploring", Done: found}) },
	})
	if err != nil {
		return nil, err
	}
	s := &Solution{
		game:     g,
		rules:    rules,
		space:    space,
		restrict: opt.Restrict,
		outcomes: make([][]packed, space.MaxTier()+1),
		Explored: time.Since(start),
	}
	start = time.Now()
	e := engine{Solution: s, progress: progress}
	tiers := space.Tiers()
	for i := len(tiers) - 1; i >= 0; i-- {
		if err := e.solveTier(ctx, tiers[i]); err != nil {
			return nil, err
		}
	}
	s.Solved = time.Since(start)
	s.count()
	return s, nil
}

// engine carries the state of one solve across tiers.
type engine struct {
	*Solution
	progress func(Progress)
	done     int
	peak     int // transient bytes, at the most
}

// solveTier solves one tier, every higher tier being solved already.
func (e *engine) solveTier(ctx context.Context, t *explore.Tier) error {
	n := len(t.Keys)
	out := make([]packed, n)
	e.outcomes[t.Number] = out
	var c *cycles
	var kids []uint64
	for id, key := range t.Keys {
		if e.done&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			e.progress(Progress{Phase: "solving", Done: e.done, Total: e.space.Len()})
		}
		e.done++
		if v, ended := e.rules.Ended(key); ended {
			if v != sente.Win && v != sente.Lose && v != sente.Tie {
				return fmt.Errorf("position %s ended with %v; a game ends with win, lose or tie", e.format(key), v)
			}
			out[id] = pack(v, 0)
			continue
		}
		kids = e.rules.Children(kids[:0], key)
		win, tie := infinity, infinity
		var loseMax uint32
		blocked, inTier := 0, 0
		for _, kid := range kids {
			number := e.space.TierOf(kid)
			if number == t.Number {
				if c == nil {
					c = newCycles(n, e.rules.Parents == nil)
				}
				if c.edges != nil {
					kidID, _ := t.Find(kid)
					c.edges = append(c.edges, edge{kid: uint32(kidID), parent: uint32(id)})
				}
				inTier++
				continue
			}
			o, ok := e.lookup(number, kid)
			if !ok {
				return fmt.Errorf("position %s has a move to %s, which exploration did not reach", e.format(key), e.format(kid))
			}
			r := o.remoteness() + 1
			switch o.value() {
			case sente.Lose:
				win = min(win, r)
			case sente.Win:
				loseMax = max(loseMax, r)
			case sente.Tie:
				tie = min(tie, r)
				blocked++
			default:
				blocked++
			}
		}
		if inTier == 0 {
			out[id] = decide(win, tie, loseMax, blocked)
			if err := checkRemoteness(out[id].remoteness()); err != nil {
				return err
			}
			continue
		}
		c.count[id] = int32(inTier + blocked)
		c.win[id], c.tie[id], c.loseMax[id] = win, tie, loseMax
	}
	if c == nil {
		return nil
	}
	e.peak = max(e.peak, c.bytes())
	return c.solve(t, out, e.rules)
}

// decide is the value of a position all of whose children are known.
func decide(win, tie, loseMax uint32, blocked int) packed {
	switch {
	case win != infinity:
		return pack(sente.Win, win)
	case tie != infinity:
		return pack(sente.Tie, tie)
	case blocked > 0:
		return pack(sente.Draw, 0)
	}
	return pack(sente.Lose, loseMax)
}

func (e *engine) format(key uint64) string {
	return e.game.FormatPosition(e.rules.Decode(key))
}
