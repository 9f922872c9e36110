package dist

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
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
		if h, valuesOK[t], err = checkStored(ctx, d.l.final(t, store.Values), spec, t, store.Values, tg.Size(t), tg.Ranking()); err != nil {
			d.logf("tier %d: its stored values are not used: %v", t, err)
		}
		if valuesOK[t] {
			d.byTier[t].Counts, d.byTier[t].Resumed = h.Counts, true
		}
		if valuesOK[t] && h.Version == store.CompactVersion {
			// Compact values come without their reachable ranks, which
			// they hold, once every tier that leads to them is solved.
			reachOK[t] = true
			continue
		}
		if _, reachOK[t], err = checkStored(ctx, d.l.final(t, store.Reachable), spec, t, store.Reachable, tg.Size(t), tg.Ranking()); err != nil {
			d.logf("tier %d: its stored reachable ranks are not used: %v", t, err)
		}
	}
	if isLocal(opt.Store) {
		if err := d.expandCompact(tg, spec, valuesOK, reachOK); err != nil {
			return nil, err
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
	if !isLocal(opt.Store) {
		if d.rep.Start, err = rootOutcome(ctx, j, tg.Root()); err != nil {
			return nil, err
		}
		for i := range d.rep.Tiers {
			t := &d.rep.Tiers[i]
			t.StoredSize = storedSize(payloadLen(store.Values, t.Ranks)) + storedSize(payloadLen(store.Reachable, t.Ranks))
		}
	} else if err := d.finish(ctx, spec); err != nil {
		return nil, err
	}
	d.rep.Elapsed = time.Since(began)
	return d.rep, nil
}

// expandCompact rewrites raw, with their reachable ranks, the compact
// tiers of a local store that the pipelines read: those whose values are
// a child's of a tier to solve, or whose reachable ranks lead to a tier to
// solve (tables the tier engine left in part, or with a damaged tier).
func (d *driver) expandCompact(tg *tiers.TierGame, spec string, valuesOK, reachOK map[int]bool) error {
	var gs *store.GameStore
	for _, t := range tg.Order() {
		need := false
		for _, c := range tg.ChildTiers(t) {
			need = need || !valuesOK[c]
		}
		for _, p := range tg.Order() {
			need = need || !valuesOK[p] && slices.Contains(tg.ChildTiers(p), t)
		}
		if !valuesOK[t] || !need {
			continue
		}
		if gs == nil {
			var err error
			if gs, err = (store.Store{Dir: d.opt.Store}).Game(spec); err != nil {
				return err
			}
		}
		if err := gs.Expand(t); err != nil {
			return fmt.Errorf("dist: tier %d: %w", t, err)
		}
		reachOK[t] = true
	}
	return nil
}

// finish does to tables in a local store what the tier engine does to its
// own (tiers.FinishTables: positions counted, values compact, the same
// bytes), and reads the start's value and each tier's size on disk back.
func (d *driver) finish(ctx context.Context, spec string) error {
	var catalog games.Catalog
	g, err := catalog.Open(spec)
	if err != nil {
		return err
	}
	gs, err := store.Store{Dir: d.opt.Store}.Game(spec)
	if err != nil {
		return err
	}
	if d.rep.Start, err = tiers.FinishTables(ctx, g, gs); err != nil {
		return fmt.Errorf("dist: finishing the tables in %s: %w", gs.Dir, err)
	}
	for i := range d.rep.Tiers {
		t := &d.rep.Tiers[i]
		t.StoredSize = 0
		for _, kind := range []store.Kind{store.Values, store.Reachable} {
			if fi, err := os.Stat(filepath.Join(gs.Dir, store.FileName(t.Tier, kind))); err == nil {
				t.StoredSize += uint64(fi.Size())
			}
		}
	}
	return nil
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
	tr, closer, err := openStored(ctx, path, j.Spec, root.Tier, store.Values, tg.Size(root.Tier), tg.Ranking(), true)
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
