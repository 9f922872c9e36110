package dist

import (
	"fmt"

	"github.com/sente-go/sente/store"
)

// TierPlan is one tier of a plan: its ranks, shards, and the bytes of its
// two stored files.
type TierPlan struct {
	Tier        int
	Ranks       uint64
	Shards      int64
	Loops       bool
	ChildTiers  []int
	StoredBytes uint64
}

// Plan is what a solve of a game would do, tier by tier, children first:
// read off the game's rank formula without solving anything.
type Plan struct {
	Spec       string
	ShardRanks uint64
	Tiers      []TierPlan
}

// PlanSolve plans the solve of a game with shards of shardRanks ranks (0:
// DefaultShardRanks).
func PlanSolve(game string, shardRanks uint64) (*Plan, error) {
	if shardRanks == 0 {
		shardRanks = DefaultShardRanks
	}
	if err := checkShardRanks(shardRanks); err != nil {
		return nil, err
	}
	spec, err := canonical(game)
	if err != nil {
		return nil, badInput(err)
	}
	tg, err := job{Spec: spec}.open()
	if err != nil {
		return nil, badInput(err)
	}
	geo := geometry{ShardRanks: shardRanks}
	p := &Plan{Spec: spec, ShardRanks: shardRanks}
	for _, t := range tg.Order() {
		size := tg.Size(t)
		p.Tiers = append(p.Tiers, TierPlan{Tier: t, Ranks: size, Shards: geo.shards(size), Loops: tg.Loops(t), ChildTiers: tg.ChildTiers(t),
			StoredBytes: storedSize(payloadLen(store.Values, size)) + storedSize(payloadLen(store.Reachable, size))})
	}
	return p, nil
}

func checkShardRanks(n uint64) error {
	if n%64 != 0 || n > 1<<32 {
		return badInput(fmt.Errorf("%d ranks a shard: a shard takes a multiple of 64 ranks, at most 2^32", n))
	}
	return nil
}

// Ranks is the ranks of every tier.
func (p *Plan) Ranks() uint64 {
	var n uint64
	for _, t := range p.Tiers {
		n += t.Ranks
	}
	return n
}

// Largest is the ranks of the largest tier.
func (p *Plan) Largest() uint64 {
	var n uint64
	for _, t := range p.Tiers {
		n = max(n, t.Ranks)
	}
	return n
}

// PrismBytesPerRank is the memory a solve on Prism holds at its peak, a
// rank of the game's largest tier: Prism keeps a wave's shuffled data in
// the process, several copies of it as it passes to and from its workers.
// Measured on connect four: 29 bytes a rank of 6×4 (0.67 GB), 36 to 40
// of 7×4 (21 to 23 GiB); runners with a shuffle service of their own hold
// far less.
const PrismBytesPerRank = 40

// StoredBytes is the bytes of every stored file.
func (p *Plan) StoredBytes() uint64 {
	var n uint64
	for _, t := range p.Tiers {
		n += t.StoredBytes
	}
	return n
}
