package tiers

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"sync"
	"syscall"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// Discovered ranks: a game that has tiers (sente.Tiered) and canonical
// bytes (sente.Expander) but no rank formula is solved by the tier engine
// all the same. A forward pass finds each tier's positions, lowest tier
// first: the positions moves lead to from the tiers below, and, in a loopy
// tier, what its own positions lead to within it, round after round. Each
// tier's positions become fixed-width keys, sorted without repeats, and a
// position's rank is its place in its tier's key list (keys.go). The key
// lists go to the sink as they are made, and the plan of tiers last, so that
// a solve killed later resumes from them; the engine then solves the game
// through the lists (discovered.go) as it solves a game with ranks.

// discoverBlock is how many positions a worker expands at a time.
var discoverBlock uint64 = 1 << 10

// flushKeys is how many keys a worker gathers for a tier above before it
// sorts them, drops repeats and hands them to the tier's runs.
const flushKeys = 1 << 18

// discoverer is one forward pass.
type discoverer struct {
	g        sente.Game
	x        sente.Expander
	batch    sente.ExpandBatcher // nil: the game expands one position a call
	sink     TierSink
	workers  int
	progress func(solve.Progress)
	progMu   sync.Mutex

	pendMu  sync.Mutex
	pending map[int]*runs // the tiers moves lead to that the pass has not come to

	alternates bool // the game promises that every move passes the turn

	movesDir   string // where moves are recorded
	movesLeft  int64  // the disk the record may still take; 0 ends it
	moves      map[int]*recordedMoves
	movesBytes int64 // the size of the records kept
}

// runsOf is tier t's runs, made when first asked for.
func (dc *discoverer) runsOf(t int) *runs {
	dc.pendMu.Lock()
	defer dc.pendMu.Unlock()
	r := dc.pending[t]
	if r == nil {
		r = &runs{}
		dc.pending[t] = r
	}
	return r
}

// discover finds the tiers below root and stores their key lists and plan
// in sink, unless the sink holds them already.
func discover(ctx context.Context, g sente.Game, root sente.Position, sink TierSink, workers int, opt TierOptions) (*discovered, error) {
	caps := sente.CapabilitiesOf(g)
	if sink.Has(0, store.Tiers) {
		d, err := openDiscovered(g, caps, sink)
		switch {
		case errors.Is(err, tables.ErrPlanBeforeTurns):
			// Its values may be wrong wherever a move keeps the turn:
			// found again and solved again from nothing.
			if err := removeBeforeTurns(sink); err != nil {
				return nil, err
			}
		case err != nil:
			return nil, err
		default:
			if err := d.CheckRoot(root); err != nil {
				return nil, err
			}
			if !opt.Verify {
				return d, nil // a block of keys is checked when read
			}
			// Every rank of every tier is a place in its tier's keys: keys
			// that fail their check (or are missing) are found again, by
			// the forward pass, which finds them the same, so that the
			// values stored with them are read as before.
			damaged := d.DamagedKeys()
			if len(damaged) == 0 {
				return d, nil
			}
			d.Close()
			if opt.Resuming != nil {
				opt.Resuming(Resume{Rediscovered: damaged})
			}
		}
	}
	dc := &discoverer{g: g, x: caps.Expander, batch: caps.ExpandBatcher, alternates: caps.Alternates(), sink: sink, workers: workers, progress: opt.Progress, pending: map[int]*runs{},
		movesDir: opt.MovesDir, movesLeft: movesAllowed(opt), moves: map[int]*recordedMoves{}}
	done := false
	defer func() {
		if !done {
			for _, m := range dc.moves {
				m.Close()
			}
		}
	}()
	rootBytes, err := dc.x.AppendBytes(nil, root)
	if err != nil {
		return nil, fmt.Errorf("solve by tiers: the root: %w", err)
	}
	rootTier := 0
	if caps.Tiered != nil && caps.Encoder != nil {
		rootTier = caps.Tiered.Tier(caps.Encoder.Encode(root))
	}
	if err := caps.Err(); err != nil {
		return nil, err
	}

	plan := &tables.DiscoveredPlan{}
	var first tables.KeyList
	add(&first, rootBytes)
	dc.runsOf(rootTier).push(first)
	for len(dc.pending) > 0 {
		t := minKey(dc.pending)
		in := dc.pending[t].all()
		delete(dc.pending, t)
		list, ends, loops, children, err := dc.tier(ctx, t, in)
		if err != nil {
			return nil, err
		}
		if t == rootTier {
			idx := tables.NewKeyIndex(list)
			key := make([]uint64, list.Words)
			tables.PutKey(key, rootBytes)
			plan.RootTier = t
			plan.RootRank, _ = idx.Find(key)
		}
		n := uint64(list.Len())
		if err := sink.Write(t, store.Keys, tables.KeysPayload(list, ends), store.Counts{Positions: n}); err != nil {
			return nil, fmt.Errorf("solve by tiers: storing the keys of tier %d: %w", t, err)
		}
		plan.Tiers = append(plan.Tiers, tables.PlannedTier{Tier: t, Size: n, Loops: loops, Children: children})
		dc.report(t, n, n)
	}
	// Every rank of a tier is reachable: the forward pass of the engine
	// has nothing left to do.
	for _, pt := range plan.Tiers {
		words := make([]uint64, (pt.Size+63)/64)
		for i := range words {
			words[i] = ^uint64(0)
		}
		if r := pt.Size % 64; r != 0 {
			words[len(words)-1] = 1<<r - 1
		}
		if err := sink.Write(pt.Tier, store.Reachable, wordsToBytes(words), store.Counts{Positions: pt.Size}); err != nil {
			return nil, fmt.Errorf("solve by tiers: storing the reachable ranks of tier %d: %w", pt.Tier, err)
		}
	}
	var total uint64
	for _, pt := range plan.Tiers {
		total += pt.Size
	}
	if err := sink.Write(0, store.Tiers, plan.Encode(), store.Counts{Positions: total}); err != nil {
		return nil, fmt.Errorf("solve by tiers: storing the plan of tiers: %w", err)
	}
	d, err := openDiscovered(g, caps, sink)
	if err != nil {
		return nil, err
	}
	for t, m := range dc.moves {
		for t >= len(d.moves) {
			d.moves = append(d.moves, nil)
		}
		d.moves[t] = m
	}
	d.movesBytes = dc.movesBytes
	done = true
	return d, nil
}

// removeBeforeTurns removes the tables of a plan of tiers of version 1
// (tables.ErrPlanBeforeTurns), every tier's and the plan last.
func removeBeforeTurns(sink TierSink) error {
	tbl, err := sink.Open(0, store.Tiers)
	if err != nil {
		return err
	}
	plan, _ := tables.DecodeDiscoveredPlan(tbl.Data)
	tbl.Close()
	if plan != nil {
		for _, pt := range plan.Tiers {
			for _, kind := range []store.Kind{store.Values, store.Reachable, store.Loops, store.Keys} {
				if err := sink.Remove(pt.Tier, kind); err != nil {
					return err
				}
			}
		}
	}
	return sink.Remove(0, store.Tiers)
}

// movesAllowed is the disk the forward pass may fill with recorded moves:
// opt.RecordMoves, or half of what is free where they go.
func movesAllowed(opt TierOptions) int64 {
	if opt.RecordMoves != 0 {
		return max(opt.RecordMoves, 0)
	}
	dir := opt.MovesDir
	if dir == "" {
		dir = os.TempDir()
	}
	var fs syscall.Statfs_t
	if err := syscall.Statfs(dir, &fs); err != nil {
		return 0
	}
	return int64(min(fs.Bavail*uint64(fs.Bsize)/2, math.MaxInt64))
}

func minKey[V any](m map[int]V) int {
	first := true
	k := 0
	for t := range m {
		if first || t < k {
			k, first = t, false
		}
	}
	return k
}

// tier finds the positions of tier t from the keys moves lead to from the
// tiers below, expanding each once: what they lead to in tiers above goes
// to pending, what they lead to in t is expanded in turn. It returns the
// tier's key list, how each position ends (a sente.Value, or 0 for one
// that has moves) by rank, whether a move stays in the tier, and the
// tiers above that moves lead to.
func (dc *discoverer) tier(ctx context.Context, t int, frontier tables.KeyList) (tables.KeyList, []byte, bool, []int, error) {
	known := tables.KeyList{Words: frontier.Words}
	var knownEnds []byte
	loops := false
	above := map[int]bool{}
	type workerOut struct {
		x     sente.Expansion
		xs    []sente.Expansion // a block's, for a game that expands them together
		seen  *childCache
		buf   []byte
		same  tables.KeyList
		other map[int]*tables.KeyList // gathered for a tier above, flushed to its runs now and then
		runs  map[int]*runs
	}
	outs := make([]workerOut, dc.workers)
	// The first frontier's order is the tier's ranks unless a move stays
	// in the tier: its moves are recorded, and the record kept if none does.
	var moves *recordedMoves
	if dc.movesLeft > 0 {
		var err error
		if moves, err = newRecordedMoves(dc.movesDir); err != nil {
			dc.movesLeft, moves = 0, nil
		}
	}
	defer func() {
		if moves != nil {
			moves.Close()
		}
	}()
	for round := 0; frontier.Len() > 0; round++ {
		ends := make([]byte, frontier.Len())
		done := uint64(0)
		var doneMu sync.Mutex
		total := uint64(known.Len() + frontier.Len())
		err := solve.ForBlocks(ctx, dc.workers, uint64(frontier.Len()), discoverBlock, func(w int, lo, hi uint64) error {
			o := &outs[w]
			// A game that alternates needs no turns: every move passes it.
			o.x.NoTurn = dc.alternates
			if o.other == nil {
				o.other = map[int]*tables.KeyList{}
				o.runs = map[int]*runs{}
			}
			var rec []byte
			if round == 0 && moves != nil {
				rec = moves.block()
			}
			// A game that expands many positions in one call is asked
			// about the whole block at once.
			width := 8 * frontier.Words
			if dc.batch != nil {
				n := int(hi - lo)
				if len(o.xs) < n {
					o.xs = make([]sente.Expansion, n)
				}
				o.buf = o.buf[:0]
				for i := lo; i < hi; i++ {
					o.xs[i-lo].NoTurn = dc.alternates
					o.buf = tables.AppendKeyBytes(o.buf, frontier.At(int(i)))
				}
				if err := dc.batch.ExpandBatch(o.buf, width, o.xs[:n]); err != nil {
					return err
				}
			}
			// The tier above that the last child went to, and its lists:
			// a position's children are mostly in one tier.
			lastCT, lastL, lastRuns := -1, (*tables.KeyList)(nil), (*runs)(nil)
			for i := lo; i < hi; i++ {
				x, pos := &o.x, o.buf
				if dc.batch != nil {
					x, pos = &o.xs[i-lo], o.buf[int(i-lo)*width:int(i-lo+1)*width]
				} else {
					o.buf = tables.AppendKeyBytes(o.buf[:0], frontier.At(int(i)))
					pos = o.buf
					if err := dc.x.Expand(pos, x); err != nil {
						return err
					}
				}
				if round == 0 && moves != nil {
					rec = appendRecord(rec, t, x)
				}
				if x.Turn == sente.Second {
					ends[i] = tables.SecondToMove
				}
				if x.Ended {
					if v := x.Value; v != sente.Win && v != sente.Lose && v != sente.Tie {
						return fmt.Errorf("solve by tiers: %s ended with %v; a game ends with win, lose or tie", dc.format(pos), v)
					}
					ends[i] |= byte(x.Value)
					continue
				}
				if o.seen == nil {
					o.seen = new(childCache)
				}
				for c := range x.Len() {
					ct := x.Tiers[c]
					if ct >= t && o.seen.met(x.Child(c)) {
						continue
					}
					switch {
					case ct == t:
						add(&o.same, x.Child(c))
					case ct < t:
						return dc.downError(pos, t, x.Child(c), ct)
					default:
						if ct != lastCT {
							lastL = o.other[ct]
							if lastL == nil {
								lastL = &tables.KeyList{}
								o.other[ct] = lastL
								o.runs[ct] = dc.runsOf(ct)
							}
							lastCT, lastRuns = ct, o.runs[ct]
						}
						add(lastL, x.Child(c))
						if lastL.Len() >= flushKeys {
							sortUnique(lastL)
							lastRuns.push(*lastL)
							*lastL = tables.KeyList{}
						}
					}
				}
			}
			if round == 0 && moves != nil {
				moves.put(lo/discoverBlock, rec, dc.movesLeft)
			}
			doneMu.Lock()
			done += hi - lo
			d := done
			doneMu.Unlock()
			dc.report(t, uint64(known.Len())+d, total)
			return nil
		})
		if err != nil {
			return tables.KeyList{}, nil, false, nil, err
		}
		// What the frontier leads to above t.
		for w := range outs {
			for ct, l := range outs[w].other {
				above[ct] = true
				if l.Len() > 0 {
					sortUnique(l)
					outs[w].runs[ct].push(*l)
					*l = tables.KeyList{}
				}
			}
		}
		// What it leads to within t, not known yet, is the next frontier.
		var same tables.KeyList
		for w := range outs {
			addKeys(&same, &outs[w].same)
			outs[w].same = tables.KeyList{}
		}
		loops = loops || same.Len() > 0
		if round == 0 && moves != nil {
			size, err := moves.finish((uint64(frontier.Len()) + discoverBlock - 1) / discoverBlock)
			switch {
			case err != nil:
				moves.Close()
				moves, dc.movesLeft = nil, 0
			case loops:
				moves.Close()
				moves = nil
			default:
				dc.movesLeft -= size
				dc.movesBytes += size
			}
		}
		words := max(known.Words, frontier.Words, same.Words)
		widen(&known, words)
		widen(&frontier, words)
		known, knownEnds = mergeEnds(&known, knownEnds, &frontier, ends)
		widen(&same, words)
		sortUnique(&same)
		frontier = without(&same, &known)
		frontier.Words = words
	}
	children := make([]int, 0, len(above))
	for ct := range above {
		children = append(children, ct)
	}
	slices.Sort(children)
	if moves != nil {
		dc.moves[t], moves = moves, nil
	}
	return known, knownEnds, loops, children, nil
}

// childCache remembers the last children a worker handed on, one a slot
// by a hash of their bytes, so that a child met again soon after (the
// positions of a block are neighbours in their tier's order, and share
// many children where moves commute, as Domineering's placements do) is
// not added, sorted and merged once more. Children longer than a word are
// not kept.
type childCache [1 << 13]uint64

// met reports whether b is the child in its slot, and puts it there.
func (c *childCache) met(b []byte) bool {
	if len(b) > 8 {
		return false
	}
	var w [8]byte
	copy(w[:], b)
	// Stored plus one: 0 is an empty slot, and the key 2^64-1 never met.
	k := binary.BigEndian.Uint64(w[:]) + 1
	slot := &c[k*0x9E3779B97F4A7C15>>(64-13)]
	if *slot == k && k != 0 {
		return true
	}
	*slot = k
	return false
}

// mergeEnds merges two sorted lists of keys without repeats, and the ends
// of their keys alongside.
func mergeEnds(a *tables.KeyList, aEnds []byte, b *tables.KeyList, bEnds []byte) (tables.KeyList, []byte) {
	out := tables.KeyList{Words: a.Words, Data: make([]uint64, 0, len(a.Data)+len(b.Data))}
	ends := make([]byte, 0, len(aEnds)+len(bEnds))
	i, j := 0, 0
	for i < a.Len() || j < b.Len() {
		if j == b.Len() || i < a.Len() && tables.CompareKeys(a.At(i), b.At(j)) <= 0 {
			if j < b.Len() && tables.CompareKeys(a.At(i), b.At(j)) == 0 {
				j++
			}
			out.Data = append(out.Data, a.At(i)...)
			ends = append(ends, aEnds[i])
			i++
			continue
		}
		out.Data = append(out.Data, b.At(j)...)
		ends = append(ends, bEnds[j])
		j++
	}
	return out, ends
}

// downError names a move to a lower tier, which the game's tiers forbid.
func (dc *discoverer) downError(from []byte, t int, to []byte, ct int) error {
	return fmt.Errorf("solve by tiers: %w", &explore.TierOrderError{From: t, To: ct, Parent: dc.position(from), Child: dc.position(to)})
}

// position is the position of bytes b, or the bytes when they name none.
func (dc *discoverer) position(b []byte) sente.Position {
	if p, err := dc.x.FromBytes(b); err == nil {
		return p
	}
	return fmt.Sprintf("the position of bytes %x", b)
}

func (dc *discoverer) format(b []byte) string {
	p, err := dc.x.FromBytes(b)
	if err != nil {
		return fmt.Sprintf("the position of bytes %x", b)
	}
	return dc.g.FormatPosition(p)
}

func (dc *discoverer) report(t int, done, total uint64) {
	if dc.progress == nil {
		return
	}
	dc.progMu.Lock()
	// The forward pass finds the tiers as it goes: the whole's work is
	// not known before it ends, but its passes are.
	whole := solve.Whole{Pass: 1, Passes: 2}
	dc.progress(solve.Progress{Phase: solve.PhaseDiscovering, Tier: t, Tiered: true, Done: int(done), Total: int(total), Whole: whole})
	dc.progMu.Unlock()
}

// Discovers reports whether SolveTiers discovers the ranks of g: g gives
// canonical bytes (sente.Expander) and no rank formula (sente.TierRanker).
// A game that is not Tiered is then one loopy tier.
func Discovers(g sente.Game) bool { return tables.Discovers(g) }
