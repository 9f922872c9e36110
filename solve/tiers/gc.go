package tiers

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// tierGCPercent is the garbage collector's target (GOGC) while the tier
// engine solves a large game.
const tierGCPercent = 25

// garbageFloor is the least garbage the collector lets build up between
// cycles while the tier engine runs, whatever the live heap: on Sim
// written as a rules file (2.2 million positions, 2 KB of the
// interpreter's garbage each), 16, 32 and 64 MB took 9.2, 8.2 and 7.6 s at
// 90, 113 and 153 MB.
const garbageFloor = 32 << 20

// collectLess sets the collector's target for the tier engine and returns
// what restores the one before.
//
// The engine's own memory is a few large arrays without pointers, cheap to
// mark, and at a quarter of growth rather than at twice the live heap the
// peak fell (dōbutsu shōgi from 4.03 to 2.54 GB, teeko from 471 to 341 MB)
// for 5 to 10% more CPU. But a game that runs code of its own (a rules
// file) makes garbage fast, and while the live heap is small a quarter of
// it is a collection every few megabytes: the target is raised so that at
// least garbageFloor bytes build up between cycles.
//
// Solves that overlap (a server's) share one target: the first sets it and
// the last restores what was there before.
func collectLess() (restore func()) {
	gcMu.Lock()
	defer gcMu.Unlock()
	if gcUsers++; gcUsers == 1 {
		gcStop = startCollectingLess()
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			gcMu.Lock()
			defer gcMu.Unlock()
			if gcUsers--; gcUsers == 0 {
				gcStop()
			}
		})
	}
}

var (
	gcMu    sync.Mutex
	gcUsers int    // solves under collectLess
	gcStop  func() // ends the target the first of them set
)

func startCollectingLess() (stop func()) {
	old := debug.SetGCPercent(tierGCPercent)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		// The collector's target is a percentage of the live heap and of
		// roots the runtime counts its own way: rather than work out the
		// percentage, each cycle scales it by how far the garbage its
		// goal allows is from the garbage wanted.
		sample := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"},
			{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}}
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		cycles, percent := uint64(0), float64(tierGCPercent)
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() != metrics.KindUint64 || sample[0].Value.Uint64() == cycles {
				continue
			}
			cycles = sample[0].Value.Uint64()
			live, goal := float64(sample[1].Value.Uint64()), float64(sample[2].Value.Uint64())
			allowed := goal - live
			if allowed <= 0 {
				continue
			}
			wanted := max(float64(garbageFloor), live*tierGCPercent/100)
			next := min(max(percent*wanted/allowed, tierGCPercent), 1<<20)
			if int(next) != int(percent) {
				percent = next
				debug.SetGCPercent(int(percent))
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		debug.SetGCPercent(old)
	}
}
