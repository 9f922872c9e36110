package verify

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// Options change how Table works.
type Options struct {
	// Progress, when set, is called after each block of ranks with the
	// ranks checked so far and the ranks in all; calls do not overlap.
	Progress func(done, total uint64)
	// BlockRanks is the number of ranks a worker takes at a time; zero
	// means 1<<14.
	BlockRanks uint64
	// Workers is the number of goroutines; zero means GOMAXPROCS.
	Workers int
	// Keys finds children with the Encoder's AppendChildren and EndedKey,
	// the fast path the solver uses too, rather than with the game's Moves
	// and Ended on positions: faster, and less independent.
	Keys bool
	// MaxMemory bounds the bytes of cells held decompressed: a compact
	// tier that does not fit beside the others a tier's check needs is
	// read a frame at a time, kept as the bound allows (slower, in little
	// memory); 0 means no bound.
	MaxMemory uint64
	// EveryPosition checks tables of every position of their tiers
	// (tiers.TierOptions.EveryPosition): every rank that stands for a
	// position must be stored, and every stored tier's child tiers; there
	// is no start to read.
	EveryPosition bool
	// Again checks every tier position by position, even one an earlier
	// check of the same tables found consistent (see resume.go).
	Again bool
	// Beside, when set, are the game's tables of every position
	// (tiers.TierOptions.Borrow), for a check of the tables of a solve
	// from the start: a tier that solve took whole from them, which a
	// check of theirs found consistent with the same tables below it, is
	// not checked again position by position. Theirs is the stronger
	// check: every position stored and consistent, so every child of
	// every one stored.
	Beside *store.GameStore
}

// Report says what Table checked.
type Report struct {
	Tiers     []int         // the tiers checked, in order
	Ranks     uint64        // ranks looked at
	Positions uint64        // cells stored as reachable, each checked
	Start     sente.Outcome // the start's stored outcome (none with Options.EveryPosition)
	Elapsed   time.Duration
	// Earlier is how many of the tiers an earlier check of the same
	// tables had found consistent: their blocks were checked again, their
	// positions not (Options.Again checks them too).
	Earlier int
	// Margins: the tables hold the margins of a game that ends in a
	// score, and every position's was checked with its value.
	Margins bool
}

// Incomplete is a stored table that lacks tiers a solve stores: one
// stopped before its end, or whose files were removed. Solving again
// finishes it.
type Incomplete struct {
	Missing []int // the tiers not stored, in increasing order
	// Files are the other files a solve stores that are missing, each
	// said as people read it, naming the file.
	Files []string
}

func (e *Incomplete) Error() string {
	var what []string
	if len(e.Missing) > 0 {
		verb := "are"
		if len(e.Missing) == 1 {
			verb = "is"
		}
		what = append(what, store.FormatTiers(e.Missing)+" "+verb+" not stored")
	}
	for _, f := range e.Files {
		what = append(what, f+" is not stored")
	}
	return "verify: the stored table is incomplete: " + strings.Join(what, "; ")
}

// checkFile checks the file of kind that a solve stores once for the game
// (as tier 0) beside its tiers: its header and every block. One missing is
// an *Incomplete naming it (what) when the tables must have it, and is
// passed over otherwise.
func checkFile(gs *store.GameStore, kind store.Kind, needed bool, what string) error {
	tab, err := gs.Open(0, kind)
	if errors.Is(err, fs.ErrNotExist) {
		if needed {
			return &Incomplete{Files: []string{what}}
		}
		return nil
	}
	if err != nil {
		return err
	}
	defer tab.Close()
	return tab.Verify()
}

// ranksBySymmetry reports whether the game's ranks stand for classes of
// symmetric positions, whose solve stores the positions they stand for.
func ranksBySymmetry(caps sente.Capabilities) bool {
	return caps.Symmetric != nil && caps.SymmetricRanker != nil && caps.SymmetricRanker.RanksBySymmetry()
}

// missingTiers lists the tiers the roots lead to through ChildTiers (the
// tiers a solve stores) that stored lacks.
func missingTiers(tr sente.TierRanker, roots, stored []int) []int {
	have := map[int]bool{}
	for _, t := range stored {
		have[t] = true
	}
	seen := map[int]bool{}
	var missing []int
	var visit func(t int)
	visit = func(t int) {
		if seen[t] || t < 0 {
			return
		}
		seen[t] = true
		if !have[t] {
			missing = append(missing, t)
		}
		for _, c := range tr.ChildTiers(t) {
			if c != t {
				visit(c)
			}
		}
	}
	for _, t := range roots {
		visit(t)
	}
	slices.Sort(missing)
	return missing
}

// Inconsistency is a reachable position whose stored cell is not what its
// children's stored cells imply.
type Inconsistency struct {
	Tier     int
	Rank     uint64
	Position string     // FormatPosition, or empty when Unrank failed
	Stored   store.Cell // the position's stored cell
	// Implied is what the children imply, when they could be read.
	Implied sente.Outcome
	// Why says what is wrong.
	Why string
}

func (e *Inconsistency) Error() string {
	where := fmt.Sprintf("tier %d rank %d", e.Tier, e.Rank)
	if e.Position != "" {
		where = fmt.Sprintf("position %q (%s)", e.Position, where)
	}
	return fmt.Sprintf("verify: %s, stored as %v: %s", where, e.Stored, e.Why)
}

// Table checks the stored table of g in gs: every block's checksum, then
// every reachable position against its children (see the package doc). It
// returns the first inconsistent position, by tier then rank, as an
// *Inconsistency, a corrupted block as a *store.BlockError, and ctx's error
// when ctx is cancelled.
func Table(ctx context.Context, g sente.Game, gs *store.GameStore, opt Options) (Report, error) {
	began := time.Now()
	var rep Report
	caps := sente.CapabilitiesOf(g)
	if caps.TierRanker == nil && caps.Expander != nil {
		return discoveredTable(ctx, g, caps.Expander, gs, opt)
	}
	if caps.Encoder == nil || caps.TierRanker == nil {
		return rep, errors.New("verify: the game has no tiers and ranks (Encoder and TierRanker), so it has no stored table")
	}
	tiers, err := gs.Tiers(store.Values)
	if err != nil {
		return rep, err
	}
	if len(tiers) == 0 {
		return rep, fmt.Errorf("verify: no stored table of %q in %s", gs.Spec, gs.Dir)
	}
	// The tiers a solve stores are those the start's tier leads to; a
	// table without some of them is unfinished, not wrong.
	roots := tiers
	if !opt.EveryPosition {
		startTier, _ := caps.TierRanker.TierRank(caps.Encoder.Encode(g.Start()))
		roots = []int{startTier}
	}
	if missing := missingTiers(caps.TierRanker, roots, tiers); len(missing) > 0 {
		return rep, &Incomplete{Missing: missing}
	}
	// A game whose ranks stand for classes stores the positions they
	// stand for beside its tiers once they are solved (for the tables of
	// every position, tier by tier as they are counted).
	if ranksBySymmetry(caps) {
		what := "the count of the positions its classes stand for (" + store.FileName(0, store.Positions) + ")"
		if err := checkFile(gs, store.Positions, !opt.EveryPosition, what); err != nil {
			return rep, err
		}
	}
	v := &verifier{game: g, enc: caps.Encoder, tr: caps.TierRanker, opt: opt, gs: gs, tally: tally{report: opt.Progress}, alternates: caps.Alternates()}
	if opt.Keys && !v.alternates {
		v.turnKey = caps.TurnKeyer
	}
	v.cells = make([][]store.Cell, tiers[len(tiers)-1]+1)
	v.present = make([]bool, len(v.cells))
	v.tables = make([]*store.Table, len(v.cells))
	v.verified = make([]bool, len(v.cells))
	v.digests = map[int][32]byte{}
	defer v.closeAll()
	for _, t := range tiers {
		if t < 0 {
			return rep, fmt.Errorf("verify: stored tier %d is negative", t)
		}
		tab, err := gs.Open(t, store.Values)
		if err != nil {
			return rep, err
		}
		ranks := tab.Header.Ranks
		tab.Close()
		if size := v.tr.TierSize(t); ranks != size {
			return rep, fmt.Errorf("verify: stored tier %d has %d ranks, the game's tier has %d", t, ranks, size)
		}
		v.present[t] = true
		v.total += ranks
	}
	if v.margins, err = storedMargins(g, gs, tiers); err != nil {
		return rep, err
	}
	if v.margins {
		v.scorer = caps.Scorer
		v.mtables = make([][2]*store.Table, len(v.cells))
		v.mcells = make([][2][]store.Cell, len(v.cells))
		v.mverified = make([]bool, len(v.cells))
		rep.Margins = true
	}
	// Reachable bitsets, where stored, are checked for corruption too; the
	// cells themselves say which ranks are reachable.
	reach, err := gs.Tiers(store.Reachable)
	if err != nil {
		return rep, err
	}
	for _, t := range reach {
		tab, err := gs.Open(t, store.Reachable)
		if err != nil {
			return rep, err
		}
		err = tab.Verify()
		tab.Close()
		if err != nil {
			return rep, err
		}
		if err := ctx.Err(); err != nil {
			return rep, err
		}
	}
	rep.Tiers = slices.Clone(tiers)

	if !opt.EveryPosition {
		startKey := v.enc.Encode(g.Start())
		st, sr := v.tr.TierRank(startKey)
		if err := v.keep(st); err != nil {
			return rep, err
		}
		start, bad := v.cell(st, sr)
		if bad != "" || start == store.Unreachable {
			if bad == "" {
				bad = "the start position is stored as unreachable"
			}
			return rep, &Inconsistency{Tier: st, Rank: sr, Position: g.FormatPosition(g.Start()), Stored: start, Why: bad}
		}
		rep.Start = start.Outcome()
	}

	rules := rulesFingerprint(g, v.enc, v.tr)
	checked := loadChecked(gs, rules, opt)
	var beside *checkedNote
	if opt.Beside != nil && !opt.EveryPosition {
		beside = loadChecked(opt.Beside, rules, opt)
	}
	for _, t := range tiers {
		key, err := v.tablesKey(t)
		if err != nil {
			return rep, err
		}
		c, ok := checked.earlier(t, key, opt)
		if !ok && beside != nil {
			// Kept here too: the same tables, whichever store they sit in.
			if c, ok = beside.earlier(t, key, opt); ok {
				checked.Tiers[strconv.Itoa(t)] = c
				checked.save(gs)
			}
		}
		if ok {
			if err := v.verifyBlocks(t); err != nil {
				return rep, err
			}
			rep.Positions += c.Positions
			rep.Ranks += v.tr.TierSize(t)
			rep.Earlier++
			v.add(v.tr.TierSize(t))
			continue
		}
		// Only the tier and the tiers its moves lead to are mapped: all of
		// a game of billions of positions take more address space than a
		// process under --max-memory may have.
		if err := v.keep(append([]int{t}, v.tr.ChildTiers(t)...)...); err != nil {
			return rep, err
		}
		n, err := v.tier(ctx, t)
		rep.Positions += n
		if err != nil {
			rep.Elapsed = time.Since(began)
			return rep, err
		}
		rep.Ranks += v.tr.TierSize(t)
		checked.Tiers[strconv.Itoa(t)] = checkedTier{Tables: key, Positions: n, Keys: opt.Keys}
		checked.save(gs)
	}
	rep.Elapsed = time.Since(began)
	return rep, nil
}

type verifier struct {
	game sente.Game
	enc  sente.Encoder
	tr   sente.TierRanker
	// alternates: the game promises that every move passes the turn, so
	// that every child's value is negated for the mover; otherwise each
	// move is asked whether it keeps the turn (Turn, or TurnKey on the
	// fast path, turnKey).
	alternates bool
	turnKey    sente.TurnKeyer
	opt        Options
	gs         *store.GameStore
	cells      [][]store.Cell   // by tier; nil when not mapped now
	tables     []*store.Table   // the mapped tables, by tier
	present    []bool           // stored, by tier
	verified   []bool           // every block's checksum checked, by tier
	digests    map[int][32]byte // store.Table.Digest by tier, once read
	tally

	// margins: the tables hold margins beside the values (margins.go),
	// checked with them; by tier as the values' are, Margins then
	// MarginPlies.
	margins   bool
	scorer    sente.Scorer
	mtables   [][2]*store.Table
	mcells    [][2][]store.Cell
	mverified []bool
}

// tally adds up the ranks checked, across tiers and workers, for
// Options.Progress.
type tally struct {
	mu          sync.Mutex // guards done and calls of report
	done, total uint64
	report      func(done, total uint64)
}

// add counts n more ranks checked and reports them.
func (t *tally) add(n uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done += n
	if t.report != nil {
		t.report(t.done, t.total)
	}
}

// keep opens the stored tiers among tiers, checking every block's
// checksum the first time, and closes every other. A raw tier is mapped; a
// compact one is decompressed whole while Options.MaxMemory allows, the
// first of tiers first, else read a frame at a time.
func (v *verifier) keep(tiers ...int) error {
	var want []int
	for _, t := range tiers {
		if t >= 0 && t < len(v.present) && v.present[t] && !slices.Contains(want, t) {
			want = append(want, t)
		}
	}
	dropped := false
	for t, tab := range v.tables {
		if tab != nil && !slices.Contains(want, t) {
			dropped = dropped || v.cells[t] != nil && tab.Compact()
			tab.Close()
			v.tables[t], v.cells[t] = nil, nil
			v.dropMargins(t)
		}
	}
	budget := v.opt.MaxMemory
	if dropped && budget > 0 {
		// Under a bound, the cells let go are returned before others
		// are decompressed, not beside them.
		runtime.GC()
	}
	held, byFrame := uint64(0), []*store.Table(nil)
	// hold decompresses tab's cells into *cells while the bound allows,
	// else leaves it to be read a frame at a time.
	hold := func(tab *store.Table, cells *[]store.Cell) error {
		need := uint64(0)
		if tab.Compact() {
			need = 2 * tab.Header.Ranks
		}
		if budget > 0 && held+need > budget {
			*cells = nil
			byFrame = append(byFrame, tab)
			return nil
		}
		if *cells == nil {
			loaded, err := tab.LoadCells()
			if err != nil {
				return err
			}
			*cells = loaded
		}
		held += need
		return nil
	}
	for _, t := range want {
		tab := v.tables[t]
		if tab == nil {
			var err error
			if tab, err = v.gs.Open(t, store.Values); err != nil {
				return err
			}
			v.tables[t] = tab
			if !v.verified[t] {
				if err := tab.Verify(); err != nil {
					return err // closed by closeAll
				}
				v.verified[t] = true
			}
		}
		if err := hold(tab, &v.cells[t]); err != nil {
			return err
		}
	}
	if v.margins {
		// Margins come after every tier's values: read a frame at a
		// time rather than keep values from memory.
		for _, t := range want {
			for i, kind := range store.MarginKinds {
				tab := v.mtables[t][i]
				if tab == nil {
					var err error
					if tab, err = v.gs.Open(t, kind); err != nil {
						return err
					}
					v.mtables[t][i] = tab
					if tab.Header.Ranks != v.tables[t].Header.Ranks {
						return fmt.Errorf("verify: tier %d's %s have %d ranks, its values %d", t, kind, tab.Header.Ranks, v.tables[t].Header.Ranks)
					}
					if !v.mverified[t] {
						if err := tab.Verify(); err != nil {
							return err
						}
					}
				}
				if err := hold(tab, &v.mcells[t][i]); err != nil {
					return err
				}
			}
			v.mverified[t] = true
		}
	}
	// The tiers read a frame at a time share what the bound leaves.
	for _, tab := range byFrame {
		tab.KeepFrames(int((budget - min(held, budget)) / store.FrameBytes / uint64(len(byFrame))))
	}
	return nil
}

// verifyBlocks checks every block's checksum of tier's values, and of its
// margins where the tables hold them, once.
func (v *verifier) verifyBlocks(tier int) error {
	if !v.verified[tier] {
		if err := verifyFile(v.gs, tier, store.Values); err != nil {
			return err
		}
		v.verified[tier] = true
	}
	if v.margins && !v.mverified[tier] {
		for _, kind := range store.MarginKinds {
			if err := verifyFile(v.gs, tier, kind); err != nil {
				return err
			}
		}
		v.mverified[tier] = true
	}
	return nil
}

// verifyFile checks every block's checksum of a tier's file of kind.
func verifyFile(gs *store.GameStore, tier int, kind store.Kind) error {
	tab, err := gs.Open(tier, kind)
	if err != nil {
		return err
	}
	defer tab.Close()
	return tab.Verify()
}

func (v *verifier) closeAll() {
	for t, tab := range v.tables {
		if tab != nil {
			tab.Close()
			v.tables[t], v.cells[t] = nil, nil
		}
		v.dropMargins(t)
	}
}

// dropMargins closes tier t's margins, if open.
func (v *verifier) dropMargins(t int) {
	if !v.margins {
		return
	}
	for i, tab := range v.mtables[t] {
		if tab != nil {
			tab.Close()
		}
		v.mtables[t][i], v.mcells[t][i] = nil, nil
	}
}

// marginCells are the stored margin cells of a rank of a tier open now
// (its values read by cell), or why they cannot be read.
func (v *verifier) marginCells(tier int, rank uint64) (score, plies store.Cell, why string) {
	var cells [2]store.Cell
	for i := range store.MarginKinds {
		tab := v.mtables[tier][i]
		if tab == nil {
			return 0, 0, fmt.Sprintf("tier %d's margins are not open", tier)
		}
		if v.mcells[tier][i] != nil {
			cells[i] = v.mcells[tier][i][rank]
			continue
		}
		c, err := tab.ReadCell(rank)
		if err != nil {
			return 0, 0, err.Error()
		}
		cells[i] = c
	}
	return cells[0], cells[1], ""
}

// cell is the stored cell of a rank, or why it cannot be read.
func (v *verifier) cell(tier int, rank uint64) (store.Cell, string) {
	if tier < 0 || tier >= len(v.cells) || !v.present[tier] {
		return 0, fmt.Sprintf("tier %d is not stored", tier)
	}
	if v.tables[tier] == nil {
		return 0, fmt.Sprintf("tier %d is not one of the tiers ChildTiers lists", tier)
	}
	if ranks := v.tables[tier].Header.Ranks; rank >= ranks {
		return 0, fmt.Sprintf("rank %d is past the end of tier %d (%d ranks)", rank, tier, ranks)
	}
	if v.cells[tier] == nil {
		c, err := v.tables[tier].ReadCell(rank)
		if err != nil {
			return 0, err.Error()
		}
		return c, ""
	}
	return v.cells[tier][rank], ""
}

// tier checks every reachable rank of tier on all workers and returns the
// positions checked and the first inconsistency by rank.
func (v *verifier) tier(ctx context.Context, tier int) (uint64, error) {
	n := v.tables[tier].Header.Ranks
	return checkBlocks(ctx, v.opt, n, 1<<14, func() func(lo, hi uint64) (uint64, *Inconsistency) {
		w := &worker{v: v, tier: tier}
		return w.ranks
	}, v.add)
}

// checkBlocks checks ranks [0, n) in blocks (opt.BlockRanks, else block)
// on opt.Workers goroutines (else GOMAXPROCS), each running the check
// newWorker makes for it, and reports each block done to progress. It
// returns the positions checked and the inconsistency of the lowest rank,
// or ctx's error; blocks past a rank found inconsistent are skipped.
func checkBlocks(ctx context.Context, opt Options, n, block uint64, newWorker func() func(lo, hi uint64) (uint64, *Inconsistency), progress func(uint64)) (uint64, error) {
	if opt.BlockRanks != 0 {
		block = opt.BlockRanks
	}
	blocks := (n + block - 1) / block
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = int(min(uint64(workers), max(blocks, 1)))

	var (
		mu      sync.Mutex
		next    uint64
		first   *Inconsistency // lowest rank found so far
		stop    error
		checked uint64
		wg      sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			check := newWorker()
			for {
				mu.Lock()
				b := next
				next++
				quit := b >= blocks || stop != nil || (first != nil && first.Rank < b*block)
				mu.Unlock()
				if quit {
					return
				}
				if err := ctx.Err(); err != nil {
					mu.Lock()
					stop = err
					mu.Unlock()
					return
				}
				lo, hi := b*block, min(n, (b+1)*block)
				done, bad := check(lo, hi)
				mu.Lock()
				checked += done
				if bad != nil && (first == nil || bad.Rank < first.Rank) {
					first = bad
				}
				mu.Unlock()
				progress(hi - lo)
			}
		})
	}
	wg.Wait()
	if stop != nil {
		return checked, stop
	}
	if first != nil {
		return checked, first
	}
	return checked, nil
}

// worker is one goroutine's scratch space.
type worker struct {
	v     *verifier
	tier  int
	keys  []uint64
	keeps []bool // keeps[i]: the move to keys[i] keeps the turn
}

// keyTurn is whose turn it is at key: TurnKey when the game has it, else
// Turn of the decoded position.
func (v *verifier) keyTurn(key uint64) sente.Player {
	if v.turnKey != nil {
		return v.turnKey.TurnKey(key)
	}
	return v.game.Turn(v.enc.Decode(key))
}

// ranks checks ranks lo to hi of the worker's tier, stopping at the first
// inconsistency.
func (w *worker) ranks(lo, hi uint64) (uint64, *Inconsistency) {
	v := w.v
	var n uint64
	for rank := lo; rank < hi; rank++ {
		stored, why := v.cell(w.tier, rank)
		if why != "" {
			return n, &Inconsistency{Tier: w.tier, Rank: rank, Why: why}
		}
		if stored == store.Unreachable {
			if v.opt.EveryPosition {
				if key, ok := v.tr.Unrank(w.tier, rank); ok {
					return n, &Inconsistency{Tier: w.tier, Rank: rank, Position: v.game.FormatPosition(v.enc.Decode(key)), Stored: stored, Why: "not stored, though the tables hold every position of their tiers"}
				}
			}
			continue
		}
		n++
		if bad := w.check(rank, stored); bad != nil {
			return n, bad
		}
	}
	return n, nil
}

// check checks one reachable rank.
func (w *worker) check(rank uint64, stored store.Cell) *Inconsistency {
	v := w.v
	bad := func(p sente.Position, implied sente.Outcome, format string, args ...any) *Inconsistency {
		e := &Inconsistency{Tier: w.tier, Rank: rank, Stored: stored, Implied: implied, Why: fmt.Sprintf(format, args...)}
		if p != nil {
			e.Position = v.game.FormatPosition(p)
		}
		return e
	}
	key, ok := v.tr.Unrank(w.tier, rank)
	if !ok {
		return bad(nil, sente.Outcome{}, "stored as reachable, but the rank is not a position")
	}
	p := v.enc.Decode(key)
	if t, r := v.tr.TierRank(key); t != w.tier || r != rank {
		return bad(p, sente.Outcome{}, "the position ranks as tier %d rank %d", t, r)
	}

	// The children's keys, and whether the position has ended; for a game
	// that does not promise to alternate, which of the moves keep the turn.
	var (
		result sente.Value
		ended  bool
	)
	w.keeps = w.keeps[:0]
	if v.opt.Keys {
		result, ended = v.enc.EndedKey(key)
		if !ended {
			w.keys = v.enc.AppendChildren(w.keys[:0], key)
			if !v.alternates {
				turn := v.keyTurn(key)
				for _, k := range w.keys {
					w.keeps = append(w.keeps, v.keyTurn(k) == turn)
				}
			}
		}
	} else {
		result, ended = v.game.Ended(p)
		if !ended {
			w.keys = w.keys[:0]
			turn := v.game.Turn(p)
			for _, m := range v.game.Moves(p) {
				w.keys = append(w.keys, v.enc.Encode(m.To))
				if !v.alternates {
					w.keeps = append(w.keeps, v.game.Turn(m.To) == turn)
				}
			}
		}
	}
	if ended {
		if result != sente.Win && result != sente.Lose && result != sente.Tie {
			return bad(p, sente.Outcome{}, "the game says it ended with %v; a game ends with win, lose or tie", result)
		}
		implied := sente.Outcome{Value: result}
		if stored.Outcome() != implied {
			return bad(p, implied, "the game has ended with %v", implied)
		}
		if v.margins {
			score, plies, why := v.marginCells(w.tier, rank)
			if why == "" {
				why = checkEndedMargin(v.scorer, p, score, plies)
			}
			if why != "" {
				return bad(p, implied, "%s", why)
			}
		}
		return nil
	}

	var f fold
	for i, k := range w.keys {
		ct, cr := v.tr.TierRank(k)
		c, why := v.cell(ct, cr)
		if why == "" {
			why = f.add(c, len(w.keeps) > 0 && w.keeps[i])
		}
		if why != "" {
			return bad(p, sente.Outcome{}, "its move to %q (tier %d rank %d): %s", v.game.FormatPosition(v.enc.Decode(k)), ct, cr, why)
		}
	}
	implied := f.implied()
	if stored.Outcome() != implied {
		if f.moves == 0 {
			return bad(p, implied, "the position has no moves, so it is lost in 0")
		}
		return bad(p, implied, "its children imply %v", implied)
	}
	if v.margins {
		var mf marginFold
		for i, k := range w.keys {
			ct, cr := v.tr.TierRank(k)
			score, plies, why := v.marginCells(ct, cr)
			if why == "" {
				why = mf.add(score, plies, len(w.keeps) > 0 && w.keeps[i])
			}
			if why != "" {
				return bad(p, implied, "its move to %q (tier %d rank %d): %s", v.game.FormatPosition(v.enc.Decode(k)), ct, cr, why)
			}
		}
		score, plies, why := v.marginCells(w.tier, rank)
		if why == "" {
			why = checkFoldedMargin(mf, score, plies)
		}
		if why != "" {
			return bad(p, implied, "%s", why)
		}
	}
	return nil
}

// fold is the best outcome of a move for the mover, by the rules of the
// package doc: the least win, else the least tie, else a draw, else the
// longest loss.
type fold struct {
	moves, win, tie, loseMax int // win, tie and loseMax 1 + a remoteness, 0 for none
	draw                     bool
}

// add folds in a child's stored cell, which is for the player to move
// there: the mover's opponent, or the mover again when the move keeps the
// turn. It says why it cannot.
func (f *fold) add(c store.Cell, keepsTurn bool) string {
	if c == store.Unreachable {
		return "stored as unreachable"
	}
	f.moves++
	r := c.Remoteness() + 1
	won, lost := sente.Lose, sente.Win // the child's values that win and lose the move
	if keepsTurn {
		won, lost = sente.Win, sente.Lose
	}
	switch c.Value() {
	case won:
		if f.win == 0 || r < f.win {
			f.win = r
		}
	case sente.Tie:
		if f.tie == 0 || r < f.tie {
			f.tie = r
		}
	case lost:
		f.loseMax = max(f.loseMax, r)
	case sente.Draw:
		f.draw = true
	default:
		return fmt.Sprintf("holds no value (cell %#04x)", uint16(c))
	}
	return ""
}

// implied is the outcome the children folded in imply.
func (f *fold) implied() sente.Outcome {
	switch {
	case f.moves == 0:
		return sente.Outcome{Value: sente.Lose}
	case f.win != 0:
		return sente.Outcome{Value: sente.Win, Remoteness: f.win}
	case f.tie != 0:
		return sente.Outcome{Value: sente.Tie, Remoteness: f.tie}
	case f.draw:
		return sente.Outcome{Value: sente.Draw}
	}
	return sente.Outcome{Value: sente.Lose, Remoteness: f.loseMax}
}
