package tables

import (
	"slices"
	"sync/atomic"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// Leaves answers positions of a game by key from whichever of its tiers
// are stored, for a search that takes them as its leaves (the Leaves of
// solve/search, which it satisfies): a position whose tier is stored is
// answered from its table exactly; any other is not known, and that is
// told from one byte a tier, before any table is read, since a search
// asks about every position it reaches and most are not stored.
//
// The tables are those of a solve from the start (a tier's positions the
// start reaches) or of every position (Options.EveryPosition's, a game's
// databases of its endings), or both: the sources are asked in the order
// given, a tier from the first that holds it whole. A position a tier's
// table does not hold (one the start does not reach) is not known either.
type Leaves struct {
	tierOf func(key uint64) int // Tiered's Tier when the game has it: no rank
	from   []int8               // by tier: the index in tables of its source, or -1
	tables []*Tables
	tiers  []int // the tiers stored, as found
	// margins: by tier, its source holds its margins too (a game that
	// ends in a score, solved by a sente that keeps them).
	margins []bool

	answered atomic.Uint64
}

// keepLeafFrames is how many decompressed frames (store.FrameBytes each)
// Leaves keep of a compact table at most: a search reads a tier at random
// ranks, where a reader in rank order keeps a few.
const keepLeafFrames = 64

// OpenLeaves finds which tiers of g that the tier of from (nil: the
// start) leads to are stored in srcs, and opens them for answering by key.
// It fails with ErrNoTierRanks for a game without dense tier ranks of its
// own (a rules file's are discovered: its tables are read by position, not
// by key). No tier stored is no error: Stored is then empty, and Leaf
// says it does not know at the cost of a tier's lookup.
func OpenLeaves(g sente.Game, from sente.Position, srcs ...Source) (*Leaves, error) {
	caps := sente.CapabilitiesOf(g)
	enc, ranker := caps.Encoder, caps.TierRanker
	if ranker == nil || enc == nil || Discovers(g) {
		return nil, ErrNoTierRanks
	}
	if from == nil {
		from = g.Start()
	}
	plan, err := PlanFrom(ranker, enc.Encode(from))
	if err != nil {
		return nil, err
	}
	l := &Leaves{from: make([]int8, len(plan.Size)), margins: make([]bool, len(plan.Size))}
	for i := range l.from {
		l.from[i] = -1
	}
	if caps.Tiered != nil {
		l.tierOf = caps.Tiered.Tier
	} else {
		l.tierOf = func(key uint64) int { t, _ := ranker.TierRank(key); return t }
	}
	ranking := RankingOf(enc, ranker, enc.Encode(g.Start()))
	startKey := enc.Encode(g.Start())
	for _, src := range srcs {
		if src == nil || len(l.tables) == 127 {
			continue
		}
		ranked := Ranked{Source: src, Ranker: ranker, Ranking: ranking}
		var found []int
		for _, t := range plan.Order {
			if l.from[t] >= 0 || !ranked.Has(t, store.Values) {
				continue
			}
			found = append(found, t)
		}
		if len(found) == 0 {
			continue
		}
		ts := New(g, enc, ranker, ranked, startKey)
		ts.keepFrames = keepLeafFrames
		for _, t := range found {
			l.from[t] = int8(len(l.tables))
			l.margins[t] = sente.Scored(g) && ranked.Has(t, store.Margins)
		}
		l.tables = append(l.tables, ts)
		l.tiers = append(l.tiers, found...)
	}
	return l, nil
}

// Leaf is the outcome of the position of key for the player to move, and
// false when its tier is not stored, its table does not hold it, or the
// block that holds it fails its checksum (Damage says so).
func (l *Leaves) Leaf(key uint64) (sente.Outcome, bool) {
	t := l.tierOf(key)
	if uint(t) >= uint(len(l.from)) || l.from[t] < 0 {
		return sente.Outcome{}, false
	}
	c, err := l.tables[l.from[t]].cellOfKey(key)
	if err != nil || c == store.Unreachable {
		return sente.Outcome{}, false
	}
	l.answered.Add(1)
	return c.Outcome(), true
}

// Margin is the margin of the position of key for the player to move,
// for a game that ends in a score whose stored tier holds margins, and
// false when it does not, its table does not hold the position, or the
// block that holds it fails its checksum: the leaves of a search for
// margins alone (solve/search's MarginLeaves).
func (l *Leaves) Margin(key uint64) (int, bool) {
	t := l.tierOf(key)
	if uint(t) >= uint(len(l.from)) || !l.margins[t] {
		return 0, false
	}
	c, err := l.tables[l.from[t]].cellOfKeyKind(key, store.Margins)
	if err != nil {
		return 0, false
	}
	m, ok := store.MarginScore(c)
	if ok {
		l.answered.Add(1)
	}
	return m, ok
}

// HasMargins reports whether some stored tier holds margins.
func (l *Leaves) HasMargins() bool { return slices.Contains(l.margins, true) }

// Stored are the tiers found stored, in the order found: a source's
// children first, then the next source's.
func (l *Leaves) Stored() []int { return l.tiers }

// Has reports whether tier is stored.
func (l *Leaves) Has(tier int) bool {
	return uint(tier) < uint(len(l.from)) && l.from[tier] >= 0
}

// Answered is how many times Leaf knew the position.
func (l *Leaves) Answered() uint64 { return l.answered.Load() }

// Damage is the first failure to read a stored tier that Leaf met, nil
// when none.
func (l *Leaves) Damage() error {
	for _, ts := range l.tables {
		if err := ts.Damage(); err != nil {
			return err
		}
	}
	return nil
}

// Close releases the tables Leaf opened.
func (l *Leaves) Close() error {
	var first error
	for _, ts := range l.tables {
		if err := ts.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
