package dist

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sente-go/sente/store"
)

// forward marks the reachable ranks of every tier not stored, parents
// first.
func (d *driver) forward(ctx context.Context, reachOK map[int]bool) error {
	tg, _ := d.j.open()
	order := tg.Order()
	root := tg.Root()
	if !reachOK[root.Tier] {
		shard := int64(root.Rank / d.geo.ShardRanks)
		off := uint32(root.Rank % d.geo.ShardRanks)
		if err := writePart(ctx, d.l.rootMark(root.Tier, shard), partMarks, partCounts{}, encodeOffsets([]uint32{off})); err != nil {
			return err
		}
	}
	for _, t := range slices.Backward(order) {
		began := time.Now()
		rep := d.byTier[t]
		n := d.geo.shards(tg.Size(t))
		if reachOK[t] {
			// Its marks into the child tiers not stored yet must be in
			// the work directory; a work directory lost since gets them
			// again from the stored ranks.
			var lost []int
			for _, c := range tg.ChildTiers(t) {
				if !reachOK[c] {
					if ok, err := exists(ctx, d.l.marksDone(c, t)); err != nil {
						return err
					} else if !ok {
						lost = append(lost, c)
					}
				}
			}
			if len(lost) == 0 {
				continue
			}
			d.logf("tier %d: marking its child tiers %v again from its stored reachable ranks", t, lost)
			if err := d.ensureParts(ctx, t, store.Reachable); err != nil {
				return err
			}
			if err := d.run(ctx, t, reachPipeline(d.j, t, 0, n, true, nil, false)); err != nil {
				return err
			}
			for _, c := range lost {
				if err := writeBytes(ctx, d.l.marksDone(c, t), nil); err != nil {
					return err
				}
			}
			continue
		}
		// What a stopped run left of this tier's forward wave is dropped:
		// a shard's reachable ranks may be written without the marks its
		// round sent.
		if err := removeMatching(ctx, join(d.l.Work, "reach", tierDir(t), "*")); err != nil {
			return err
		}
		if err := removeMatching(ctx, join(d.l.Work, "marks", tierDir(t), fmt.Sprintf("s*.f%06d.k*", t))); err != nil {
			return err
		}
		// A tier without loops stores its reachable ranks in the pipeline
		// of its one round; a loopy one once a round reaches nothing new
		// in it.
		flat := !tg.Loops(t)
		for round := 0; ; round++ {
			d.logf("tier %d: reachable positions, round %d (%d ranks, %d shards)", t, round, tg.Size(t), n)
			if err := d.run(ctx, t, reachPipeline(d.j, t, round, n, false, tg.ChildTiers(t), flat)); err != nil {
				return err
			}
			rep.Rounds++
			if flat {
				break
			}
			more, err := inTierMarks(ctx, d.l, t, round)
			if err != nil {
				return err
			}
			if !more {
				break
			}
		}
		if !flat {
			if err := d.run(ctx, t, assemblePipeline(d.j, t, store.Reachable, tg.ChildTiers(t))); err != nil {
				return err
			}
		}
		reachOK[t] = true
		if err := removeMatching(ctx, join(d.l.Work, "marks", tierDir(t), "*")); err != nil {
			return err
		}
		rep.Seconds += time.Since(began).Seconds()
		d.did(tg.Size(t))
	}
	return nil
}

// ensureParts splits a stored tier file into parts when the work
// directory lacks any of them.
func (d *driver) ensureParts(ctx context.Context, t int, kind store.Kind) error {
	tg, _ := d.j.open()
	n := d.geo.shards(tg.Size(t))
	var have []string
	var err error
	if kind == store.Values {
		have, err = list(ctx, join(d.l.Work, "values", tierDir(t), "s*"))
	} else {
		have, err = list(ctx, join(d.l.Work, "reach", tierDir(t), "s*.k*"))
	}
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, h := range have {
		base := h[strings.LastIndex(h, "/")+1:]
		seen[strings.SplitN(base, ".", 2)[0]] = true
	}
	if int64(len(seen)) == n {
		return nil
	}
	d.logf("tier %d: splitting its stored %s into %d parts", t, kind, n)
	if kind == store.Reachable {
		if err := removeMatching(ctx, join(d.l.Work, "reach", tierDir(t), "*")); err != nil {
			return err
		}
	}
	return d.run(ctx, t, splitPipeline(d.j, t, kind))
}

// values solves every tier not stored, children first.
func (d *driver) values(ctx context.Context, valuesOK map[int]bool) error {
	tg, _ := d.j.open()
	order := tg.Order()
	last := map[int]int{} // the index in order of the last tier that reads a tier
	for i, t := range order {
		for _, c := range tg.ChildTiers(t) {
			last[c] = i
		}
	}
	for i, t := range order {
		if valuesOK[t] {
			continue
		}
		began := time.Now()
		rep := d.byTier[t]
		n := d.geo.shards(tg.Size(t))
		if err := d.ensureParts(ctx, t, store.Reachable); err != nil {
			return err
		}
		for _, c := range tg.ChildTiers(t) {
			if err := d.ensureParts(ctx, c, store.Values); err != nil {
				return err
			}
		}
		if !tg.Loops(t) {
			d.logf("tier %d: values (%d ranks, %d shards)", t, tg.Size(t), n)
			if err := d.run(ctx, t, valuesPipeline(d.j, t, n, false)); err != nil {
				return err
			}
		} else if err := d.loops(ctx, t, n); err != nil {
			return err
		}
		// The file was just written whole, each block's checksum from its
		// part: its header is all the driver reads of it, not its payload
		// again through this machine.
		tr, closer, err := openStored(ctx, d.l.final(t, store.Values), d.j.Spec, t, store.Values, tg.Size(t), tg.Ranking(), false)
		if err != nil {
			return fmt.Errorf("dist: tier %d: its stored values do not read back: %w", t, err)
		}
		closer.Close()
		valuesOK[t], rep.Counts = true, tr.Header().Counts
		for _, kind := range []string{"reach", "loop", "inbox"} {
			if err := removeMatching(ctx, d.l.all(kind, t)); err != nil {
				return err
			}
		}
		for _, c := range tg.ChildTiers(t) {
			if last[c] == i {
				if err := removeMatching(ctx, d.l.all("values", c)); err != nil {
					return err
				}
			}
		}
		rep.Seconds += time.Since(began).Seconds()
		d.did(tg.Size(t))
	}
	return nil
}

// loops solves a loopy tier: the first pass, then rounds of retrograde
// analysis, wins and losses then ties, then draws.
func (d *driver) loops(ctx context.Context, t int, n int64) error {
	tg, _ := d.j.open()
	rep := d.byTier[t]
	for _, kind := range []string{"loop", "inbox", "values"} {
		if err := removeMatching(ctx, d.l.all(kind, t)); err != nil {
			return err
		}
	}
	if err := removeMatching(ctx, join(d.l.Work, "summary", tierDir(t)+".*")); err != nil {
		return err
	}
	d.logf("tier %d: values, first pass (%d ranks, %d shards)", t, tg.Size(t), n)
	if err := d.run(ctx, t, valuesPipeline(d.j, t, n, true)); err != nil {
		return err
	}
	round := 1
	for _, ties := range []bool{false, true} {
		phase := "wins and losses"
		if ties {
			phase = "ties"
		}
		level, start := uint32(0), true
		for {
			d.logf("tier %d: %s at remoteness %d (round %d)", t, phase, level, round)
			if err := d.run(ctx, t, loopRoundPipeline(d.j, t, round, level, ties, start, n)); err != nil {
				return err
			}
			rep.Rounds++
			sum, err := readSummary(ctx, d.l, t, round)
			if err != nil {
				return err
			}
			if err := d.prune(ctx, t, round); err != nil {
				return err
			}
			round++
			start = false
			if sum.Messages > 0 {
				level++
				continue
			}
			if sum.Next == noLevel {
				break
			}
			if sum.Next <= level {
				return fmt.Errorf("dist: tier %d: round %d at level %d left level %d queued", t, round-1, level, sum.Next)
			}
			level = sum.Next
		}
	}
	d.logf("tier %d: draws", t)
	return d.run(ctx, t, finishPipeline(d.j, t, round, n))
}

// prune removes what a loopy tier's round made obsolete: the messages it
// read and every state but a shard's newest.
func (d *driver) prune(ctx context.Context, t, round int) error {
	if err := removeMatching(ctx, join(d.l.Work, "inbox", tierDir(t), fmt.Sprintf("s*.k%04d", round))); err != nil {
		return err
	}
	names, err := list(ctx, join(d.l.Work, "loop", tierDir(t), "s*.k*"))
	if err != nil {
		return err
	}
	newest := map[string]int{}
	for _, n := range names {
		base := n[strings.LastIndex(n, "/")+1:]
		k, _ := version(n)
		shard := strings.SplitN(base, ".", 2)[0]
		if v, ok := newest[shard]; !ok || k > v {
			newest[shard] = k
		}
	}
	var old []string
	for _, n := range names {
		base := n[strings.LastIndex(n, "/")+1:]
		if k, _ := version(n); k < newest[strings.SplitN(base, ".", 2)[0]] {
			old = append(old, n)
		}
	}
	return remove(ctx, old...)
}
