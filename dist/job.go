package dist

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/tiers"
)

// job is what every step of a solve is told: it is serialized into each
// pipeline with the step, and a worker on another machine opens the game
// again from its spec.
type job struct {
	Spec       string // the game's canonical spec
	Game       string // the game's directory in the store
	Work       string // the work directory
	ShardRanks uint64
}

func (j job) layout() layout     { return layout{Game: j.Game, Work: j.Work} }
func (j job) geometry() geometry { return geometry{ShardRanks: j.ShardRanks} }

var (
	openMu sync.Mutex
	opened = map[string]*tiers.TierGame{}
)

// open is the game's tier plan, made once a process: its ranking tables
// are shared by every step a worker runs.
func (j job) open() (*tiers.TierGame, error) {
	openMu.Lock()
	defer openMu.Unlock()
	if tg, ok := opened[j.Spec]; ok {
		return tg, nil
	}
	tg, err := openTierGame(j.Spec)
	if err != nil {
		return nil, err
	}
	opened[j.Spec] = tg
	return tg, nil
}

// openTierGame opens a built-in game and plans its tiers from the start.
func openTierGame(spec string) (*tiers.TierGame, error) {
	var catalog games.Catalog // built-in games: a worker reads no rules files
	g, err := catalog.Open(spec)
	if err != nil {
		return nil, err
	}
	tg, err := tiers.NewTierGame(g, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec, err)
	}
	return tg, nil
}

// latestBefore is the path of the newest version of a part that glob
// matches whose round is below round (any round when round < 0).
func latestBefore(ctx context.Context, glob string, round int) (string, bool, error) {
	names, err := list(ctx, glob)
	if err != nil {
		return "", false, err
	}
	best, found, at := "", false, -1
	for _, n := range names {
		k, ok := version(n)
		if ok && (round < 0 || k < round) && k > at {
			best, found, at = n, true, k
		}
	}
	return best, found, nil
}

// begin starts a step on a shard: the tests' hook, a place among the
// shards the process works on, and the game. Call release when done.
func (j job) begin(ctx context.Context, step string, tier int, shard int64) (tg *tiers.TierGame, release func(), err error) {
	if err := hook(step, tier, shard); err != nil {
		return nil, nil, err
	}
	if tg, err = j.open(); err != nil {
		return nil, nil, err
	}
	if release, err = working(ctx); err != nil {
		return nil, nil, err
	}
	return tg, release, nil
}

// busy bounds the shards a worker process works on at once to its cores.
// A runner may start a bundle for every shard of a wave at once (Prism
// does), and a shard's working set is tens of megabytes: a solve of
// connect four 7×4 on Prism held 23 GB at its peak before the bound.
var busy = make(chan struct{}, runtime.GOMAXPROCS(0))

// working takes a place among the shards a process works on; call the
// function it returns when done.
func working(ctx context.Context) (func(), error) {
	select {
	case busy <- struct{}{}:
		return func() { <-busy }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// testHookShard, when set, is called as a step starts on a shard (-1 for
// a step of a whole tier): an error it returns fails the step there, as a
// worker that died would. Tests use it to stop a wave midway; Prism runs
// the steps in the test's own process.
var testHookShard atomic.Pointer[func(step string, tier int, shard int64) error]

func hook(step string, tier int, shard int64) error {
	if h := testHookShard.Load(); h != nil {
		return (*h)(step, tier, shard)
	}
	return nil
}
