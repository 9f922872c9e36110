package tiers

import (
	"fmt"
	"math/bits"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// scanDensity is how dense the marked ranks of a block must be, one in
// scanDensity, for eachPosition to scan the whole block in rank order
// rather than unrank the marked ranks one by one: scanning connect four
// costs about a tenth of unranking a rank.
const scanDensity = 4

// eachPosition calls fn with the rank and key of every rank in [lo, hi) of
// tier t marked in words, whose first bit is rank lo's (lo is a multiple
// of 64), in increasing rank, and stops at fn's first error.
func (e *tierEngine) eachPosition(t int, lo, hi uint64, words []uint64, fn func(r, key uint64) error) error {
	var marked uint64
	for _, w := range words {
		marked += uint64(bits.OnesCount64(w))
	}
	if marked == 0 {
		return nil
	}
	if e.scanner == nil || marked*scanDensity < hi-lo {
		for i, word := range words {
			for word != 0 {
				r := lo + uint64(i)*64 + uint64(bits.TrailingZeros64(word))
				word &= word - 1
				key, err := e.unrank(t, r)
				if err != nil {
					return err
				}
				if err := fn(r, key); err != nil {
					return err
				}
			}
		}
		return nil
	}
	var (
		seen uint64
		err  error
	)
	e.scanner.ScanTier(t, lo, hi, words, func(r, key uint64) bool {
		if i := r - lo; r < lo || r >= hi || words[i/64]&(1<<(i%64)) == 0 {
			err = fmt.Errorf("solve by tiers: ScanTier(%d, %d, %d) lists rank %d, which is not marked", t, lo, hi, r)
			return false
		}
		seen++
		err = fn(r, key)
		return err == nil && seen < marked
	})
	if err != nil || seen == marked {
		return err
	}
	// A marked rank the scan skipped: unranking the marked ranks one by
	// one names it.
	for i, word := range words {
		for word != 0 {
			r := lo + uint64(i)*64 + uint64(bits.TrailingZeros64(word))
			word &= word - 1
			if _, err := e.unrank(t, r); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("solve by tiers: ScanTier(%d, %d, %d) lists %d of the block's %d reachable ranks", t, lo, hi, seen, marked)
}

// unrank is Unrank for a rank the forward pass reached.
func (e *tierEngine) unrank(t int, r uint64) (uint64, error) {
	key, ok := e.ranker.Unrank(t, r)
	if !ok {
		return 0, fmt.Errorf("solve by tiers: rank %d of tier %d is reached but Unrank says it is no position", r, t)
	}
	return key, nil
}

// scratch is a worker's room for a position's children, and its own child
// ranker.
type scratch struct {
	kids  []uint64
	ranks []sente.TierPosition
	rank  sente.ChildRankFunc
	ex    *expandScratch       // for a game whose ranks were discovered
	batch *sente.RankExpansion // for a TierExpander
	seen  *distinct            // for a loopy tier's first pass
	keeps []bool               // which of the children keeps the turn (keeps)
	// Workers write their scratch at every position: without the padding
	// two share a cache line, and two workers were 1.3 times as fast as
	// one rather than 1.75 (connect four 6×4).
	_ [128 - 13*8]byte
}

func newScratch(workers int) []scratch { return make([]scratch, workers) }

// childPositions ranks the children of key, a position of tier t that has
// not ended, each checked against the tiers declared: by the game's own
// TierChildRanker when it has one (and the game alternates: keeps needs
// the children's keys), else by TierRank on each child's key.
func (e *tierEngine) childPositions(sc *scratch, t int, key uint64) ([]sente.TierPosition, error) {
	if e.disc != nil {
		_, _, kids, err := e.expandDiscovered(sc, t, key)
		return kids, err
	}
	if e.kidRanks != nil && e.turn == nil {
		if sc.rank == nil {
			sc.rank = e.kidRanks.NewChildRanker()
		}
		sc.ranks = sc.rank(sc.ranks[:0], key)
		if err := e.checkChildRanks(t, key, sc.ranks); err != nil {
			return nil, err
		}
		return sc.ranks, nil
	}
	sc.kids = e.enc.AppendChildren(sc.kids[:0], key)
	sc.ranks = sc.ranks[:0]
	for _, kid := range sc.kids {
		ct, cr, err := e.childRank(t, key, kid)
		if err != nil {
			return nil, err
		}
		sc.ranks = append(sc.ranks, sente.TierPosition{Tier: ct, Rank: cr})
	}
	return sc.ranks, nil
}

// checkChildRanks checks the children a game ranked itself (a child
// ranker's or a batch's) against the tiers declared.
func (e *tierEngine) checkChildRanks(t int, key uint64, kids []sente.TierPosition) error {
	allowed := e.allowed[t]
	loops := e.loops[t]
	for _, c := range kids {
		if c.Tier < 0 || c.Tier >= len(allowed) || !allowed[c.Tier] || c.Rank >= e.size[c.Tier] || c.Tier == t && !loops {
			return e.childRankError(t, key, c)
		}
	}
	return nil
}

// keeps says which of kids, the children childPositions gave key last,
// the move to keeps the turn: the same player is to move there as at key.
// It is nil for a game that promises to alternate, whose every move passes
// the turn.
func (e *tierEngine) keeps(sc *scratch, key uint64, kids []sente.TierPosition) []bool {
	if e.turn == nil {
		return nil
	}
	mover := e.turn(key)
	sc.keeps = sc.keeps[:0]
	for i, kid := range kids {
		k := tables.PlaceKey(kid.Tier, kid.Rank)
		if e.disc == nil {
			k = sc.kids[i] // childPositions ranked them one by one
		}
		sc.keeps = append(sc.keeps, e.turn(k) == mover)
	}
	return sc.keeps
}

// facing is a child's cell as the folds read it: for the opponent of the
// player who moves to it, flipped when the move keeps the turn (see
// packed.facing).
func facing(c store.Cell, keeps bool) store.Cell {
	if v := c.Value(); keeps && (v == sente.Win || v == sente.Lose) {
		return store.Pack(v.Flip(), c.Remoteness())
	}
	return c
}

// childRank checks a move's destination against the tiers declared.
func (e *tierEngine) childRank(t int, key, kid uint64) (int, uint64, error) {
	ct, cr := e.ranker.TierRank(kid)
	if ct < 0 || ct >= len(e.allowed[t]) || !e.allowed[t][ct] {
		return 0, 0, fmt.Errorf("solve by tiers: %s (tier %d) has a move to %s in tier %d, not one of its child tiers %v",
			e.format(key), t, e.format(kid), ct, e.children[t])
	}
	if cr >= e.size[ct] {
		return 0, 0, fmt.Errorf("solve by tiers: %s has rank %d in tier %d of %d ranks", e.format(kid), cr, ct, e.size[ct])
	}
	if ct == t && !e.loops[t] {
		return 0, 0, fmt.Errorf("solve by tiers: %s has a move to %s in its own tier %d, which TierLoops says has no loops",
			e.format(key), e.format(kid), t)
	}
	return ct, cr, nil
}

// childRankError says what is wrong with c, a child the game's child ranker
// gave key: the error childRank gives the child's key, or that no child
// has it.
func (e *tierEngine) childRankError(t int, key uint64, c sente.TierPosition) error {
	for _, kid := range e.enc.AppendChildren(nil, key) {
		if ct, cr := e.ranker.TierRank(kid); ct == c.Tier && cr == c.Rank {
			if _, _, err := e.childRank(t, key, kid); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("solve by tiers: the child ranker gives %s (tier %d) a child in tier %d, rank %d, which TierRank gives none of its children",
		e.format(key), t, c.Tier, c.Rank)
}

func (e *tierEngine) format(key uint64) string {
	return e.game.FormatPosition(e.enc.Decode(key))
}

// expandDiscovered is EndedKey and childPositions in one expansion, for a
// game whose ranks were discovered: asking the game twice would run its
// rules twice.
func (e *tierEngine) expandDiscovered(sc *scratch, t int, key uint64) (sente.Value, bool, []sente.TierPosition, error) {
	if sc.ex == nil {
		sc.ex = new(expandScratch)
	}
	v, ended, kids, err := e.disc.expand(sc.ex, key)
	if err != nil || ended {
		return v, ended, nil, err
	}
	allowed, loops := e.allowed[t], e.loops[t]
	for _, c := range kids {
		if c.Tier >= len(allowed) || !allowed[c.Tier] || c.Tier == t && !loops {
			return v, false, nil, e.childRankError(t, key, c)
		}
	}
	return v, false, kids, nil
}

// expandBatch is how many ranks eachExpanded asks a TierExpander about at
// once: enough that a call's own cost is a small part of a position's
// (a module's call costs about 0.15 µs, its position about as much), few
// enough that a batch's children stay in the worker's cache.
const expandBatch = 256

// eachExpanded calls fn for every rank in [lo, hi) of tier t marked in
// words, as eachPosition does, with what the game says of it: whether it
// has ended and with which value, and otherwise its children's tiers and
// ranks (checked against the tiers declared, as childPositions checks
// them). A game that is a TierExpander says it for a batch of ranks in one
// call; any other is asked a position at a time. It is the one loop of
// every pass that expands a tier's positions: the forward pass, a tier's
// solve, a loopy tier's first pass and its parents recorded.
func (e *tierEngine) eachExpanded(sc *scratch, t int, lo, hi uint64, words []uint64,
	fn func(r, key uint64, ended bool, v sente.Value, kids []sente.TierPosition) error) error {
	if e.batch == nil {
		return e.eachPosition(t, lo, hi, words, func(r, key uint64) error {
			if e.disc != nil {
				v, ended, kids, err := e.expandDiscovered(sc, t, key)
				if err != nil {
					return err
				}
				return fn(r, key, ended, v, kids)
			}
			if v, ended := e.enc.EndedKey(key); ended {
				return fn(r, key, true, v, nil)
			}
			kids, err := e.childPositions(sc, t, key)
			if err != nil {
				return err
			}
			return fn(r, key, false, sente.Unknown, kids)
		})
	}
	if sc.batch == nil {
		sc.batch = new(sente.RankExpansion)
	}
	x := sc.batch
	flush := func() error {
		if len(x.Ranks) == 0 {
			return nil
		}
		if err := e.batch.ExpandRanks(t, x); err != nil {
			return err
		}
		if n := len(x.Ranks); len(x.Keys) != n || len(x.Values) != n || len(x.Ends) != n || x.Ends[n-1] != len(x.Kids) {
			return fmt.Errorf("solve by tiers: ExpandRanks of %d ranks of tier %d gives %d keys, %d values and %d ends for %d children",
				n, t, len(x.Keys), len(x.Values), len(x.Ends), len(x.Kids))
		}
		from := 0
		for i, r := range x.Ranks {
			key, v, to := x.Keys[i], x.Values[i], x.Ends[i]
			if to < from || to > len(x.Kids) {
				return fmt.Errorf("solve by tiers: ExpandRanks gives rank %d of tier %d children %d to %d of %d", r, t, from, to, len(x.Kids))
			}
			kids := x.Kids[from:to]
			from = to
			if v != sente.Unknown {
				if len(kids) != 0 {
					return fmt.Errorf("solve by tiers: ExpandRanks gives %s, which ended, %d children", e.format(key), len(kids))
				}
				if err := fn(r, key, true, v, nil); err != nil {
					return err
				}
				continue
			}
			if err := e.checkChildRanks(t, key, kids); err != nil {
				return err
			}
			if err := fn(r, key, false, sente.Unknown, kids); err != nil {
				return err
			}
		}
		x.Ranks = x.Ranks[:0]
		return nil
	}
	x.Ranks = x.Ranks[:0]
	for i, word := range words {
		for word != 0 {
			x.Ranks = append(x.Ranks, lo+uint64(i)*64+uint64(bits.TrailingZeros64(word)))
			word &= word - 1
			if len(x.Ranks) == expandBatch {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}
