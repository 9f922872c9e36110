package dist

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"sente"
	"sente/games"
	"sente/store"
)

// DefaultShardRanks is the ranks of a shard unless told otherwise: 4
// million ranks, 8 MiB of cells, a few seconds of one core's work on
// connect four, and few enough shards that a tier of 10^12 ranks is a
// quarter of a million elements.
const DefaultShardRanks = 1 << 22

// Runner runs one pipeline to its end (beam.Run with a runner's name, or a
// runner's own Execute, such as Prism's).
type Runner func(ctx context.Context, p *beam.Pipeline) (beam.PipelineResult, error)

// Options say what to solve, where, and on what.
type Options struct {
	// Game is the spec of a built-in game with tiers, such as
	// connect4:w=6,h=4.
	Game string
	// Store is the root of the store the tables go to: a local directory
	// (as sente's --store) or a bucket's path (gs://bucket/sente). The
	// game's tables go to the directory sente would use under it.
	Store string
	// Work is where the waves keep their parts and messages; empty means
	// work/ in the game's directory. It is removed at the end.
	Work string
	// ShardRanks is the ranks of a shard, a multiple of 64; 0 means
	// DefaultShardRanks.
	ShardRanks uint64
	// Run runs each pipeline.
	Run Runner
	// Log, when set, receives a line as each wave starts.
	Log io.Writer
	// KeepWork keeps the work directory at the end, for a look.
	KeepWork bool
}

// TierReport is what the solve did with a tier.
type TierReport struct {
	Tier       int
	Ranks      uint64
	Shards     int64
	Counts     store.Counts // the reachable positions by value
	Resumed    bool         // stored already, not computed
	Pipelines  int          // run for this tier
	Rounds     int          // forward rounds and, for a loopy tier, retrograde rounds
	Seconds    float64      // wall time of its waves
	StoredSize uint64       // bytes of its two files
}

// Report is what a solve did.
type Report struct {
	Spec      string // the canonical spec the tables are stored under
	Dir       string // the game's directory in the store
	Start     sente.Outcome
	Tiers     []TierReport // children first
	Pipelines int
	// Counters are the pipelines' counters summed: mark-bytes,
	// request-bytes, answer-bytes and message-bytes (what the waves sent
	// through shuffles), stored-bytes (the tier files written),
	// bytes-read and bytes-written (all the steps' traffic with the
	// store and the work directory).
	Counters map[string]int64
	Elapsed  time.Duration
}

// Positions is the reachable positions of every tier.
func (r *Report) Positions() uint64 {
	var n uint64
	for _, t := range r.Tiers {
		n += t.Counts.Positions
	}
	return n
}

// Computed is the reachable positions of the tiers this run solved (not
// resumed).
func (r *Report) Computed() uint64 {
	var n uint64
	for _, t := range r.Tiers {
		if !t.Resumed {
			n += t.Counts.Positions
		}
	}
	return n
}

// ShuffleBytes is what the waves sent through shuffles.
func (r *Report) ShuffleBytes() int64 {
	return r.Counters["mark-bytes"] + r.Counters["request-bytes"] + r.Counters["answer-bytes"] + r.Counters["message-bytes"]
}

// driver carries one solve.
type driver struct {
	opt    Options
	j      job
	l      layout
	geo    geometry
	rep    *Report
	byTier map[int]*TierReport

	// The share of the work done, for the time left: a tier's ranks
	// count once for its forward wave and once for its values.
	began     time.Time
	units     float64
	unitsDone float64
}

// Solve solves a game tier by tier as Apache Beam pipelines and stores
// its tables, byte for byte those sente solve --engine tiers stores. A
// tier whose files are stored and pass their checksums is not computed
// again, so a solve that was stopped, at any point, is resumed by running
// it again.
func Solve(ctx context.Context, opt Options) (*Report, error) {
	began := time.Now()
	if opt.Run == nil {
		return nil, errors.New("dist: no runner")
	}
	if opt.Store == "" {
		return nil, badInput(errors.New("no store: name where the tables go"))
	}
	if opt.ShardRanks == 0 {
		opt.ShardRanks = DefaultShardRanks
	}
	if err := checkShardRanks(opt.ShardRanks); err != nil {
		return nil, err
	}
	spec, err := canonical(opt.Game)
	if err != nil {
		return nil, badInput(err)
	}
	j := job{Spec: spec, Game: join(opt.Store, store.DirName(spec)), Work: opt.Work, ShardRanks: opt.ShardRanks}
	if j.Work == "" {
		j.Work = join(j.Game, "work")
	}
	tg, err := j.open()
	if err != nil {
		return nil, badInput(err)
	}
	d := &driver{began: began, opt: opt, j: j, l: j.layout(), geo: j.geometry(), rep: &Report{Spec: spec, Dir: j.Game, Counters: map[string]int64{}},
		byTier: map[int]*TierReport{}}
	for _, t := range tg.Order() {
		if tg.Loops(t) && !tg.HasUnmoves() {
			return nil, badInput(fmt.Errorf("%s: tier %d has moves inside itself, and the game lists no un-moves (sente.Unmover), which the rounds of retrograde analysis need; sente solve --engine tiers solves it on one machine", spec, t))
		}
		d.rep.Tiers = append(d.rep.Tiers, TierReport{Tier: t, Ranks: tg.Size(t), Shards: d.geo.shards(tg.Size(t))})
	}
	for i := range d.rep.Tiers {
		d.byTier[d.rep.Tiers[i].Tier] = &d.rep.Tiers[i]
	}
	if err := d.manifest(ctx); err != nil {
		return nil, err
	}
	// A solve killed while it wrote a tier file left its temporary
	// beside the tables (one solve of a game at a time, as in the store).
	if err := removeMatching(ctx, join(j.Game, ".tmp-dist-*")); err != nil {
		return nil, err
	}
	reachOK, valuesOK := map[int]bool{}, map[int]bool{}
	for _, t := range tg.Order() {
		var h store.Header
		if h, valuesOK[t], err = checkStored(ctx, d.l.final(t, store.Values), spec, t, store.Values, tg.Size(t)); err != nil {
			d.logf("tier %d: its stored values are not used: %v", t, err)
		}
		if valuesOK[t] {
			d.byTier[t].Counts, d.byTier[t].Resumed = h.Counts, true
		}
		if _, reachOK[t], err = checkStored(ctx, d.l.final(t, store.Reachable), spec, t, store.Reachable, tg.Size(t)); err != nil {
			d.logf("tier %d: its stored reachable ranks are not used: %v", t, err)
		}
	}
	all := true
	for _, t := range tg.Order() {
		all = all && valuesOK[t] && reachOK[t]
		if !reachOK[t] {
			d.units += float64(tg.Size(t))
		}
		if !valuesOK[t] {
			d.units += float64(tg.Size(t))
		}
	}
	if !all {
		if err := d.forward(ctx, reachOK); err != nil {
			return nil, err
		}
		if err := d.values(ctx, valuesOK); err != nil {
			return nil, err
		}
		if !opt.KeepWork {
			if err := removeWork(ctx, j.Work); err != nil {
				return nil, err
			}
		}
	}
	if d.rep.Start, err = rootOutcome(ctx, j, tg.Root()); err != nil {
		return nil, err
	}
	for i := range d.rep.Tiers {
		t := &d.rep.Tiers[i]
		t.StoredSize = storedSize(payloadLen(store.Values, t.Ranks)) + storedSize(payloadLen(store.Reachable, t.Ranks))
	}
	d.rep.Elapsed = time.Since(began)
	return d.rep, nil
}

// canonical is the spec a game's tables are stored under: every parameter
// given, as sente names it.
func canonical(spec string) (string, error) {
	s, err := sente.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	var catalog games.Catalog
	b, err := catalog.Bind(s)
	if err != nil {
		return "", err
	}
	return b.Canonical(), nil
}

func storedSize(payload uint64) uint64 {
	h := store.Header{BlockSize: store.BlockSize, PayloadLen: payload}
	return h.FileSize()
}

// logf says what the solve is doing, after how much of it is done and,
// once some is, the time left at the pace so far.
func (d *driver) logf(format string, args ...any) {
	if d.opt.Log == nil {
		return
	}
	done := ""
	if d.units > 0 {
		share := d.unitsDone / d.units
		done = fmt.Sprintf("[%3.0f%%] ", 100*share)
		if share > 0.01 && share < 1 {
			left := time.Duration(float64(time.Since(d.began)) * (1 - share) / share)
			done = fmt.Sprintf("[%3.0f%%, about %s left] ", 100*share, left.Round(time.Second))
		}
	}
	fmt.Fprintf(d.opt.Log, "%s%s\n", done, fmt.Sprintf(format, args...))
}

func (d *driver) did(ranks uint64) { d.unitsDone += float64(ranks) }

// manifest writes the game directory's manifest, or checks the one there.
func (d *driver) manifest(ctx context.Context) error {
	path := join(d.j.Game, store.ManifestName)
	ok, err := exists(ctx, path)
	if err != nil {
		return err
	}
	if !ok {
		return writeBytes(ctx, path, store.Manifest(d.j.Spec))
	}
	b, err := readFile(ctx, path)
	if err != nil {
		return err
	}
	var m struct {
		Spec   string `json:"spec"`
		Format int    `json:"format"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case m.Spec != d.j.Spec:
		return fmt.Errorf("%s holds game %q, not %q", d.j.Game, m.Spec, d.j.Spec)
	case m.Format != store.FormatVersion:
		return fmt.Errorf("%s holds tables of format %d, this sente-dist writes %d: remove them first", d.j.Game, m.Format, store.FormatVersion)
	}
	return nil
}

// PipelineError is a pipeline that failed. Its message is one line, what
// the failing step said; Err holds the runner's whole report.
type PipelineError struct {
	Tier int
	Err  error
}

func (e *PipelineError) Unwrap() error { return e.Err }

func (e *PipelineError) Error() string {
	msg := strings.TrimSpace(e.Err.Error())
	step := ""
	if i := strings.LastIndex(msg, "Name: sente/dist."); i >= 0 {
		rest := msg[i+len("Name: sente/dist."):]
		if j := strings.IndexAny(rest, "] "); j > 0 {
			step = " in step " + rest[:j]
		}
	}
	lines := strings.Split(msg, "\n")
	cause := strings.TrimSpace(lines[len(lines)-1])
	return fmt.Sprintf("tier %d: a pipeline failed%s: %s", e.Tier, step, cause)
}

// run runs a pipeline for tier and adds up its counters.
func (d *driver) run(ctx context.Context, tier int, p *beam.Pipeline) error {
	res, err := d.opt.Run(ctx, p)
	if err != nil {
		return &PipelineError{Tier: tier, Err: err}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	d.rep.Pipelines++
	d.byTier[tier].Pipelines++
	if res != nil {
		for _, c := range res.Metrics().AllMetrics().Counters() {
			if c.Namespace() == "sente" {
				d.rep.Counters[c.Name()] += c.Result()
			}
		}
	}
	return nil
}

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
		tr, closer, err := openStored(ctx, d.l.final(t, store.Values), d.j.Spec, t, store.Values, tg.Size(t))
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

// removeWork removes the work directory.
func removeWork(ctx context.Context, work string) error {
	if isLocal(work) {
		return os.RemoveAll(work)
	}
	for _, kind := range []string{"reach", "marks", "values", "loop", "inbox"} {
		if err := removeMatching(ctx, join(work, kind, "*", "*")); err != nil {
			return err
		}
	}
	return removeMatching(ctx, join(work, "summary", "*"))
}

// rootOutcome reads the root's cell from its stored tier.
func rootOutcome(ctx context.Context, j job, root sente.TierPosition) (sente.Outcome, error) {
	tg, err := j.open()
	if err != nil {
		return sente.Outcome{}, err
	}
	path := j.layout().final(root.Tier, store.Values)
	tr, closer, err := openStored(ctx, path, j.Spec, root.Tier, store.Values, tg.Size(root.Tier))
	if err != nil {
		return sente.Outcome{}, err
	}
	defer closer.Close()
	if _, err := io.CopyN(io.Discard, tr, int64(2*root.Rank)); err != nil {
		return sente.Outcome{}, err
	}
	var b [2]byte
	if _, err := io.ReadFull(tr, b[:]); err != nil {
		return sente.Outcome{}, err
	}
	c := store.Cell(binary.LittleEndian.Uint16(b[:]))
	if c == store.Unreachable {
		return sente.Outcome{}, fmt.Errorf("dist: the start is stored as unreachable in %s", path)
	}
	return c.Outcome(), nil
}
