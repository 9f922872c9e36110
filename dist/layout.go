package dist

import (
	"fmt"

	"github.com/sente-go/sente/store"
)

// layout is where a solve's files live. The game's directory in the store
// holds what it solved, the same files a single machine writes; the work
// directory holds the shards' parts and the messages between waves until
// the tiers they serve are stored, and is removed at the end.
//
//	<game>/tier-000012.values          a stored tier (store.FileName)
//	<work>/reach/t000012/s000034.k0002 the reachable ranks of a shard, after round 2
//	<work>/marks/t000012/s000034.f000013.k0000  ranks of shard 34 of tier 12 that
//	                                   round 0 of tier 13's forward wave reached
//	<work>/marks/t000012/done.f000013  every mark from tier 13 into tier 12 is written
//	<work>/values/t000012/s000034      the solved cells of a shard
//	<work>/loop/t000012/s000034.k0005  a loopy tier's shard after round 5
//	<work>/inbox/t000012/s000034.k0006 messages to a loopy tier's shard for round 6
//	<work>/summary/t000012.k0005       what round 5 of a loopy tier left to do
type layout struct {
	Game string // the game's directory in the store
	Work string
}

func (l layout) final(tier int, kind store.Kind) string {
	return join(l.Game, store.FileName(tier, kind))
}

func tierDir(tier int) string { return fmt.Sprintf("t%06d", tier) }

func shardName(shard int64) string { return fmt.Sprintf("s%06d", shard) }

func (l layout) reach(tier int, shard int64, round int) string {
	return join(l.Work, "reach", tierDir(tier), fmt.Sprintf("%s.k%04d", shardName(shard), round))
}

func (l layout) reachVersions(tier int, shard int64) string {
	return join(l.Work, "reach", tierDir(tier), shardName(shard)+".k*")
}

func (l layout) marks(tier int, shard int64, from int, round int) string {
	return join(l.Work, "marks", tierDir(tier), fmt.Sprintf("%s.f%06d.k%04d", shardName(shard), from, round))
}

func (l layout) rootMark(tier int, shard int64) string {
	return join(l.Work, "marks", tierDir(tier), shardName(shard)+".root")
}

func (l layout) marksOf(tier int, shard int64) string {
	return join(l.Work, "marks", tierDir(tier), shardName(shard)+".*")
}

func (l layout) marksDone(tier, from int) string {
	return join(l.Work, "marks", tierDir(tier), fmt.Sprintf("done.f%06d", from))
}

func (l layout) values(tier int, shard int64) string {
	return join(l.Work, "values", tierDir(tier), shardName(shard))
}

func (l layout) loop(tier int, shard int64, round int) string {
	return join(l.Work, "loop", tierDir(tier), fmt.Sprintf("%s.k%04d", shardName(shard), round))
}

func (l layout) loopVersions(tier int, shard int64) string {
	return join(l.Work, "loop", tierDir(tier), shardName(shard)+".k*")
}

func (l layout) inbox(tier int, shard int64, round int) string {
	return join(l.Work, "inbox", tierDir(tier), fmt.Sprintf("%s.k%04d", shardName(shard), round))
}

func (l layout) summary(tier int, round int) string {
	return join(l.Work, "summary", fmt.Sprintf("%s.k%04d", tierDir(tier), round))
}

// all is every file of a kind of work of a tier, to remove.
func (l layout) all(kind string, tier int) string {
	return join(l.Work, kind, tierDir(tier), "*")
}

// Part kinds, so that a part is never read as another.
const (
	partReach uint32 = iota + 1
	partValues
	partLoop
	partMarks
	partInbox
)

// geometry splits tiers into shards of a fixed number of ranks, a
// multiple of 64 so that a shard owns whole words of a bitset and the
// parts of a tier concatenate into its stored payload.
type geometry struct {
	ShardRanks uint64
}

func (g geometry) shards(size uint64) int64 {
	return int64((size + g.ShardRanks - 1) / g.ShardRanks)
}

// span is the ranks [lo, hi) of a shard of a tier of size ranks.
func (g geometry) span(size uint64, shard int64) (lo, hi uint64) {
	lo = uint64(shard) * g.ShardRanks
	return lo, min(size, lo+g.ShardRanks)
}

// key names a shard of a tier as the key of a shuffle.
func shardKey(tier int, shard int64) int64 { return int64(tier)<<32 | shard }

func unShardKey(k int64) (tier int, shard int64) { return int(k >> 32), k & (1<<32 - 1) }

// version is the round in the name of a versioned part (….k0003).
func version(name string) (int, bool) {
	var k int
	i := len(name) - 5
	if i < 0 || name[i] != 'k' || name[i-1] != '.' {
		return 0, false
	}
	if _, err := fmt.Sscanf(name[i+1:], "%04d", &k); err != nil {
		return 0, false
	}
	return k, true
}
