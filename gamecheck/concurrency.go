package gamecheck

import (
	"fmt"
	"slices"
	"sync"

	"github.com/sente-go/sente"
)

// concurrentKeys bounds the keys the concurrency check asks about.
const concurrentKeys = 500

// answer is what the Encoder and Ranker say about one key.
type answer struct {
	back  uint64
	kids  []uint64
	val   sente.Value
	ended bool
	rank  uint64
	tier  int // TierRank's tier, rank and Unrank's key back
	trank uint64
	tback uint64
}

// concurrent asks the Encoder (and Ranker) about the same keys from
// several goroutines at once, and compares with the answers given one at
// a time. Run under the race detector, it finds unguarded state too.
func (c *checker) concurrent() error {
	also := ""
	if c.caps.Ranker != nil {
		also += " and Ranker"
	}
	if c.caps.TierRanker != nil {
		also += " and TierRanker"
	}
	c.note(fmt.Sprintf("concurrency: %d goroutines ask the Encoder%s about the same keys at once and get the answers given one at a time", c.opt.Goroutines, also))
	enc, rk, tr := c.caps.Encoder, c.caps.Ranker, c.caps.TierRanker
	n := min(len(c.order), concurrentKeys)
	keys := make([]uint64, n)
	for i := range n {
		keys[i] = enc.Encode(c.order[i].p)
	}
	ask := func(k uint64) answer {
		a := answer{back: enc.Encode(enc.Decode(k))}
		a.val, a.ended = enc.EndedKey(k)
		if !a.ended {
			a.kids = enc.AppendChildren(nil, k)
			slices.Sort(a.kids)
			a.kids = slices.Compact(a.kids)
		}
		if rk != nil {
			a.rank = rk.Rank(k)
		}
		if tr != nil {
			a.tier, a.trank = tr.TierRank(k)
			a.tback, _ = tr.Unrank(a.tier, a.trank)
		}
		return a
	}
	want := make([]answer, n)
	for i, k := range keys {
		want[i] = ask(k)
	}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	for w := range c.opt.Goroutines {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					if first == nil {
						first = &Error{Check: "concurrency", Position: c.g.FormatPosition(c.g.Start()), Msg: fmt.Sprintf("a goroutine panicked: %v", r)}
					}
					mu.Unlock()
				}
			}()
			for j := range n {
				i := (j + w*n/c.opt.Goroutines) % n
				got := ask(keys[i])
				if got.back != want[i].back || got.ended != want[i].ended || got.val != want[i].val || got.rank != want[i].rank || got.tier != want[i].tier || got.trank != want[i].trank || got.tback != want[i].tback || !slices.Equal(got.kids, want[i].kids) {
					mu.Lock()
					if first == nil {
						first = c.fail("concurrency", c.order[i], "asked from %d goroutines at once, the Encoder answers otherwise than asked alone", c.opt.Goroutines)
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}
