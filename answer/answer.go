package answer

import (
	"context"
	"errors"
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// Options say how to answer.
type Options struct {
	// From is the position asked about; nil means the game's start.
	From sente.Position
	// Restrict limits a player's moves to a named policy of the game.
	Restrict map[sente.Player]string
	// Symmetry keeps one position per class of symmetric positions.
	Symmetry bool
	// MaxPositions stops exploration with an error wrapping
	// explore.ErrTooMany past this many positions; 0 means no limit.
	MaxPositions int
	// Engine is the engine asked for; Auto chooses.
	Engine Engine

	// MaxMemory refuses, before any work, a solve whose engine needs more
	// memory at its peak than this, by its plan (the game's estimate, the
	// tier engine's plan, a rules file's sample); 0 means no limit.
	MaxMemory uint64
	// Force tries a solve that MaxMemory or the disk would refuse, on the
	// engine that would answer were there room.
	Force bool
	// Limit names MaxMemory in a refusal, in the caller's words: "this
	// server's memory budget for a solve (3G of its 4G)"; empty, "the
	// memory allowed (1G)".
	Limit string
	// Label names the game in a refusal, as the person wrote it.
	Label string
	// Resize, when set, finds the largest sizes that fit for a refusal.
	Resize *Resize
	// Plan, when set, is the plan Choose made for the game under these
	// options: Solve follows it rather than planning again (a rules file
	// is not sampled twice).
	Plan *Plan

	// Tables is where the tier engine keeps a game's tables and finds them
	// stored, under Name (the game's canonical spec); nil keeps them in
	// memory for this answer only.
	Tables *store.Store
	Name   string
	// TablesOptional keeps the tables in memory when Tables has no room
	// for the game's directory (a default cache that cannot be made),
	// rather than failing.
	TablesOptional bool
	// Opened are the game's stored tables opened already, for a server
	// that keeps them open across answers; nil opens them from Tables.
	Opened *tables.Tables
	// EveryPosition has the tier engine value every position of the tiers
	// From leads to, reached from it or not, in tables of their own (see
	// EveryPositionName): a game's databases of its endings. Without it,
	// a position those tables hold is answered from them when the game's
	// tables from the start do not hold it.
	EveryPosition bool
	// Repair checks every block of the stored tiers the tier engine would
	// answer from, and solves the tiers that fail again, rather than
	// answer from them as they are (and meet a damaged block only where an
	// answer reads): what a solve asked for by name does.
	Repair bool

	// Grundy attaches the Grundy values of an impartial game under
	// normal play.
	Grundy bool
	// GrundyRoom, when set, is asked before Grundy values are computed
	// whether there is room for need more bytes beside the held bytes of
	// the solution; false leaves them out.
	GrundyRoom func(held, need int64) bool

	// Progress, when set, is called now and then with how far the work has
	// come and the bytes it holds.
	Progress func(solve.Progress)
	// Planned, when set, is told the plan of a solve by the tier engine
	// of a game whose ranks it discovers (a rules file's), before it
	// starts: a person waiting learns what to expect.
	Planned func(DiscoveredPlan)
	// Waiting, when set, is told once that another process is solving
	// the game into the same store: the solve waits for it (a lock in the
	// game's directory, store.GameStore.Lock), then reads its tables.
	Waiting func(dir string)
	// Resuming, when set, is told what the tier engine found stored in
	// the game's directory dir already: it solves only the other tiers.
	Resuming func(dir string, r tiers.Resume)
	// Starting, when set, is told the tier engine's plan as its work
	// begins (tiers.TierOptions.Starting), and dir, the game's directory
	// in the store ("" for tables held in memory).
	Starting func(dir string, st tiers.TierStart)

	SearchOptions
}

// Answer is a game solved from a position: the outcome of every position
// the solve reached, which engine found them, and Grundy values when the
// game has them.
type Answer struct {
	Game     sente.Game
	Root     sente.Position // the position asked about
	Solution solve.Solution
	Engine   Engine // Hashing, Tiers or Stored

	grundy      nimber.Valuer
	grundyBytes int64
	grundyLoopy bool
	opened      *tables.Tables // tables this answer opened, for Close
}

// Grundy returns the (generalized) Grundy value of p, and false when the
// game has none or p was not valued.
func (a *Answer) Grundy(p sente.Position) (nimber.Nimber, bool) {
	if a.grundy == nil {
		return nimber.Nimber{}, false
	}
	return a.grundy.Of(p)
}

// HasGrundy reports whether Grundy values are attached.
func (a *Answer) HasGrundy() bool { return a.grundy != nil }

// GrundyValues returns the Grundy values attached, or nil, so that a table
// or picture of a game without them leaves their column out.
func (a *Answer) GrundyValues() nimber.Valuer { return a.grundy }

// GrundyLoopy reports whether the Grundy values are generalized ones, of a
// game whose play can return to a position.
func (a *Answer) GrundyLoopy() bool { return a.grundyLoopy }

// Bytes is the memory the answer holds: the solution and the Grundy
// values.
func (a *Answer) Bytes() int64 {
	return int64(a.Solution.Bytes()) + a.grundyBytes
}

// Close releases tables the answer opened; the answer is not to be read
// after.
func (a *Answer) Close() error {
	if s, ok := a.Solution.(*SearchSolution); ok {
		return s.Close()
	}
	if a.opened == nil {
		return nil
	}
	err := a.opened.Close()
	a.opened = nil
	return err
}

// Refusal is the error of a solve refused before any work: the game needs
// more memory or disk than allowed, or an option asked for cannot be met.
// It is the person's to change, not a failure. Its text speaks of limits
// and options in words of its own; a front end adds how its person changes
// them (the command line's flags), by Over and Option.
type Refusal struct {
	msg string
	// Forcible says that Options.Force would try anyway.
	Forcible bool
	// Over is the limit that refused the solve, when one did; Need is then
	// the bytes of memory (OverMemory) or of disk (OverDisk) it needs, and
	// Engine the engine that would answer were there room.
	Over   Over
	Need   uint64
	Engine Engine
	// Option is the option asked for that cannot be met, when that is
	// why.
	Option Option
	err    error // the engine's own refusal, when there is one
	// wide says the game's keys are of 128 bits (wideRefusal): no table
	// holds it, whatever the limits, and search may answer instead.
	wide bool
}

// wideRefusal is the refusal of every table to a game whose positions
// have keys of 128 bits (sente.WideEncoder), or nil for any other game.
func wideRefusal(g sente.Game, opt Options) *Refusal {
	if !sente.CapabilitiesOf(g).WideKeys() {
		return nil
	}
	return &Refusal{msg: fmt.Sprintf("%s has positions of 128-bit keys, too many for any table", opt.name()), wide: true}
}

func (r *Refusal) Error() string { return r.msg }

// Unwrap is the engine's refusal: a *tiers.OverMemoryError says how much
// memory the tier engine's plan needs.
func (r *Refusal) Unwrap() error { return r.err }

// Option names an option of Options that a refusal is about.
type Option int

const (
	// OptSymmetry is Options.Symmetry.
	OptSymmetry Option = iota + 1
	// OptTiers is Options.Engine asking for the tier engine.
	OptTiers
	// OptEveryPosition is Options.EveryPosition.
	OptEveryPosition
	// OptSearch is Options.Engine asking for search.
	OptSearch
)

// refuseOption is the refusal of an option that cannot be met, and why.
func refuseOption(o Option, format string, args ...any) error {
	return &Refusal{msg: fmt.Sprintf(format, args...), Option: o}
}

// ErrNotStored is the error of Solve with Engine Stored when no stored
// table reaches the position.
var ErrNotStored = errors.New("no stored table holds the position")

// Solve answers for g from opt.From: it reads stored tables, runs the tier
// engine or the hashing engine as opt and the game allow, and attaches
// Grundy values when asked. It stops with ctx's error when ctx is
// cancelled.
func Solve(ctx context.Context, g sente.Game, opt Options) (*Answer, error) {
	root := opt.From
	if root == nil {
		root = g.Start()
	}
	if r := wideRefusal(g, opt); r != nil {
		why := r.msg + ": only search takes them, a position at a time (sente solve, moves or explain)"
		switch {
		case opt.Engine == Tiers:
			return nil, refuseOption(OptTiers, "%s", why)
		case opt.Symmetry:
			return nil, refuseOption(OptSymmetry, "%s", why)
		case opt.EveryPosition:
			return nil, refuseOption(OptEveryPosition, "%s", why)
		case opt.Engine == Search:
			return bySearch(ctx, g, root, opt)
		}
		if _, ok := searchesInstead(g, opt, r); ok {
			return searchInstead(ctx, g, root, opt, r)
		}
		return nil, &Refusal{msg: why}
	}
	if opt.Symmetry && sente.CapabilitiesOf(g).Symmetric == nil {
		return nil, refuseOption(OptSymmetry, "%s states no symmetries to use (a rules file states them with canonical(p))", opt.name())
	}
	if opt.Engine == Search {
		return bySearch(ctx, g, root, opt)
	}
	if game, ok := storable(g, opt); ok {
		a, err := Solve(ctx, game, opt)
		if a != nil {
			a.Game = g // the game as its program gave it, for the words
		}
		if opt.Engine == Tiers && errors.Is(err, sente.ErrTextForm) {
			return nil, refuseOption(OptTiers, "%v", err)
		}
		return a, err
	}
	if game, ok := byClasses(g, opt); ok {
		copt := opt
		copt.Symmetry, copt.Name = false, ClassesName(opt.Name)
		a, err := Solve(ctx, game, copt)
		if a != nil {
			a.Game = g
		}
		return a, err
	}
	if a, ok := stored(ctx, g, root, opt); ok {
		return a, a.attachGrundy(ctx, nil, opt)
	}
	if opt.Engine == Stored {
		return nil, ErrNotStored
	}
	a, ok, err := byTiers(ctx, g, root, opt)
	if err != nil {
		return searchInstead(ctx, g, root, opt, err)
	}
	if ok {
		return a, a.attachGrundy(ctx, nil, opt)
	}
	a, err = byHashing(ctx, g, root, opt)
	if err != nil {
		return searchInstead(ctx, g, root, opt, err)
	}
	return a, nil
}

// byHashing answers for g from root with the hashing engine, refusing a
// game whose estimate does not fit.
func byHashing(ctx context.Context, g sente.Game, root sente.Position, opt Options) (*Answer, error) {
	hopt := opt
	hopt.Engine, hopt.From = Hashing, root
	if _, err := PlanOf(g, hopt); err != nil {
		return nil, err
	}
	sol, err := hashing.Solve(ctx, g, hashing.Options{From: root, Restrict: opt.Restrict, Symmetry: opt.Symmetry, MaxPositions: opt.MaxPositions, Progress: opt.Progress})
	if err != nil {
		return nil, gameErr(g, err)
	}
	if err := sente.CapabilitiesOf(g).Err(); err != nil {
		return nil, err
	}
	a := &Answer{Game: g, Root: root, Solution: sol, Engine: Hashing}
	// A restricted player makes the game partizan: its Grundy values are
	// those of the game without the policy, over a space of their own.
	space := sol.Space()
	if len(opt.Restrict) > 0 {
		space = nil
	}
	return a, a.attachGrundy(ctx, space, opt)
}

// gameErr prefers a failure of the game's own logic (sente.Erring) to err,
// since a game that failed may have given the engine nonsense.
func gameErr(g sente.Game, err error) error {
	if gerr := sente.CapabilitiesOf(g).Err(); gerr != nil {
		return gerr
	}
	return err
}

// stored answers from the game's tables stored whole, when the engine
// asked for may read them and they reach root.
func stored(ctx context.Context, g sente.Game, root sente.Position, opt Options) (*Answer, bool) {
	if opt.Engine == Hashing || opt.Symmetry || len(opt.Restrict) > 0 || !Tiered(g) || opt.Repair && opt.Opened == nil {
		return nil, false
	}
	ts, opened := opt.Opened, false
	switch {
	case ts != nil:
	case opt.EveryPosition:
		if ts = OpenEvery(ctx, g, root, opt.Tables, opt.Name); ts == nil {
			return nil, false
		}
		opened = true
	default:
		if ts = Open(ctx, g, opt.Tables, opt.Name); ts == nil {
			if ts = openBelow(ctx, g, root, opt.Tables, opt.Name); ts == nil {
				if ts = OpenEvery(ctx, g, root, opt.Tables, opt.Name); ts == nil {
					return nil, false
				}
			}
		}
		opened = true
	}
	sol := tables.NewSolution(g, ts, root, 0)
	if _, reached := sol.Outcome(root); !reached {
		if opened {
			ts.Close()
		}
		return nil, false
	}
	a := &Answer{Game: g, Root: root, Solution: sol, Engine: Stored}
	if opened {
		a.opened = ts
	}
	return a, true
}

// storable is g with canonical bytes (sente.WithBytes), and true, when g
// has no tiers of ranks (a game of one's own with only the Game contract)
// and opt asks for stored tables: the tier engine, the tables alone, or
// tables that are open or stored under opt's name. Auto takes a game's
// tables from the store as it finds them but does not make it one loopy
// tier of discovered ranks, which the hashing engine solves faster. Every
// position of a game is its ranks', which such a game has none of.
func storable(g sente.Game, opt Options) (sente.Game, bool) {
	if Tiered(g) || opt.Engine == Hashing || opt.EveryPosition {
		return g, false
	}
	if opt.Engine == Tiers || opt.Engine == Stored || opt.Opened != nil || storedGame(opt.Tables, opt.tablesName()) != nil {
		return sente.WithBytes(g), true
	}
	return g, false
}

// byClasses is g with bytes that stand for classes of symmetric positions
// (sente.WithClassBytes), and true, when opt asks for one position a class
// of the tier engine or its tables (or of Auto, where they are stored) and
// the engine discovers g's ranks: its forward pass then finds the classes.
// A game that ranks its positions itself folds them only by its own ranks
// (sente.SymmetricRanker).
func byClasses(g sente.Game, opt Options) (sente.Game, bool) {
	if !opt.Symmetry || opt.EveryPosition || len(opt.Restrict) > 0 || !tiers.Discovers(g) {
		return g, false
	}
	// Auto reads such tables where they are stored, and otherwise keeps
	// to the hashing engine's choice of one position a class.
	if opt.Engine == Tiers || opt.Engine == Stored || opt.Engine == Auto && storedGame(opt.Tables, ClassesName(opt.Name)) != nil {
		return sente.WithClassBytes(g)
	}
	return g, false
}

// ClassesName is the name in the store of the tables of the game named
// name whose positions stand for classes of symmetric positions
// (Options.Symmetry with the tier engine, for a game whose ranks it
// discovers).
func ClassesName(name string) string {
	if name == "" {
		return ""
	}
	return store.Classes(name)
}

// Tiered reports whether the tier engine can solve g, and so whether g can
// have stored tables: by the ranks it gives, or by ranks the engine
// discovers (a rules file's).
func Tiered(g sente.Game) bool {
	return sente.CapabilitiesOf(g).TierRanker != nil || tiers.Discovers(g)
}

// Open opens the tables of the game named name stored whole in st, for a
// server that keeps them open across answers (Options.Opened); nil when
// the store holds no whole table of it.
func Open(ctx context.Context, g sente.Game, st *store.Store, name string) *tables.Tables {
	if !Tiered(g) {
		// A game of one's own solved into st by the tier engine
		// (Engine Tiers), read through the bytes it was solved with.
		if storedGame(st, name) == nil {
			return nil
		}
		g = sente.WithBytes(g)
	}
	// Most games have no tables at all: say so before planning the tiers.
	return openTables(g, storedGame(st, name), nil, false)
}

// EveryPositionName is the name under which a store keeps the tables of a
// solve of every position (Options.EveryPosition) of the game named name:
// a directory of their own, beside the tables of the positions the start
// reaches.
func EveryPositionName(name string) string { return store.EveryPosition(name) }

// OpenEvery opens the tables of every position (Options.EveryPosition) of
// the tiers root leads to, when every one of them is stored, for a server
// that keeps them open across answers (Options.Opened): they answer any
// position of root's tier and of the tiers below it. nil when they are
// not stored, or the game's ranks are discovered.
func OpenEvery(ctx context.Context, g sente.Game, root sente.Position, st *store.Store, name string) *tables.Tables {
	if sente.CapabilitiesOf(g).TierRanker == nil || name == "" {
		return nil
	}
	return openTables(g, storedGame(st, EveryPositionName(name)), root, true)
}

// openBelow opens the tables of the tiers root leads to when every one of
// them is stored, though the game's tables are not whole: a long solve
// stopped, or still running, has solved the tiers near the game's end
// first, and a position there is answered from them at once, without
// waiting for the solve or finishing it. nil when root is the start, the
// game's ranks are discovered (a rules file's), or a tier below root is
// not stored.
func openBelow(ctx context.Context, g sente.Game, root sente.Position, st *store.Store, name string) *tables.Tables {
	if sente.CapabilitiesOf(g).TierRanker == nil || g.FormatPosition(root) == g.FormatPosition(g.Start()) {
		return nil
	}
	return openTables(g, storedGame(st, name), root, false)
}

// openTables opens the tables of g that gs holds from root (nil: the
// start), of every position when every: nil when gs is nil or does not
// hold every tier root leads to. The reader of stored tables reads them,
// through the keys its solve stored for a game whose ranks the tier
// engine discovers (a rules file's).
func openTables(g sente.Game, gs *store.GameStore, root sente.Position, every bool) *tables.Tables {
	if gs == nil {
		return nil
	}
	ts, err := tables.Open(g, gs, root, every)
	if err != nil {
		return nil
	}
	return ts
}

// attachGrundy values the positions of space (nil: a space of their own)
// when opt asks for Grundy values and the game has them.
func (a *Answer) attachGrundy(ctx context.Context, space *explore.Space, opt Options) error {
	g := a.Game
	if !opt.Grundy || !sente.CapabilitiesOf(g).IsImpartial() || nimber.IsMisere(g) {
		return nil
	}
	// The tier engine stores an impartial game's Grundy values with its
	// tables: read there, not computed again over an explored space.
	if ts, ok := a.Solution.(*tables.Solution); ok && len(opt.Restrict) == 0 && ts.HasGrundy() {
		a.grundy = storedGrundy{ts}
		return nil
	}
	held := int64(a.Solution.Bytes())
	if opt.GrundyRoom != nil && !opt.GrundyRoom(held, GrundyBytes(a.Solution.Positions())) {
		return nil
	}
	progress := func(p solve.Progress) {
		if opt.Progress != nil {
			p.Bytes += held
			opt.Progress(p)
		}
	}
	nopt := nimber.Options{MaxPositions: opt.MaxPositions, Progress: progress}
	if sente.CapabilitiesOf(g).Splitter != nil {
		// A sum keeps a value for each kind of component it meets, far
		// fewer than its positions, rather than sharing the explored space:
		// only a loop, or an end other than normal play, brings it back.
		values, err := nimber.Grundy(ctx, g, a.Root, nopt)
		switch {
		case err == nil:
			a.grundy, a.grundyBytes = values.Nimbers(), int64(values.Bytes())
			return nil
		case errors.Is(err, nimber.ErrNotNormalPlay):
			return nil
		case !errors.Is(err, nimber.ErrLoopy):
			return err
		}
	}
	if space == nil {
		// Stored tables and the tier engine keep no explored space, and a
		// restricted solve's space is not the game's: the values need one
		// of their own.
		var err error
		space, err = hashing.Explore(ctx, g, hashing.Options{From: a.Root, MaxPositions: opt.MaxPositions, Progress: progress})
		if err != nil {
			return gameErr(g, err)
		}
	}
	values, err := nimber.OfSpace(ctx, g, space, nopt)
	switch {
	case errors.Is(err, nimber.ErrNotNormalPlay):
		return nil
	case err != nil:
		return err
	}
	a.grundy, a.grundyBytes, a.grundyLoopy = values, int64(values.Bytes()), values.Loopy()
	return nil
}

// storedGrundy reads Grundy values from the tables a tier solve stored.
type storedGrundy struct{ ts *tables.Solution }

func (s storedGrundy) Of(p sente.Position) (nimber.Nimber, bool) {
	n, ok := s.ts.Grundy(p)
	return nimber.Nimber{Value: n}, ok
}

// GrundyBytes is what the Grundy values of n positions need beyond the
// explored space they share: an int32 a position, and the depth-first
// stack.
func GrundyBytes(n int) int64 { return 4*int64(n) + 1<<16 }
