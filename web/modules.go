package web

// Game modules (docs/modules.md) uploaded to the server: compiled once,
// kept under the hash of their bytes, run in the server's own process in
// wazero's sandbox. What keeps the server safe from a module is in three
// bounds: each call has a time (Config.ModuleTime), past which its
// instance is closed and the call fails (the code is compiled with checks
// at its loops: wasm.Options.Overtime is never set here); each instance
// has a memory cap (Config.ModuleMemory); and each game has at most
// Config.ModuleWorkers instances, because every call into it waits for
// one of as many slots (moduleGame). A job of a module's game reserves
// what its instances may hold from the budget, as a rules file's job
// reserves its child's limit.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/wasm"
)

const modulePrefix = "module:"

// moduleLoaders is how many modules are compiled and checked, or games of
// modules made, at once: each may hold an instance of its own outside any
// job's reservation, kept aside from the budget for good (see newCache).
const moduleLoaders = 2

// moduleStore keeps the modules uploaded, each under a name the server
// chooses (the hash of its bytes): nothing a client sends becomes a path,
// and a module is never read from a file. It keeps at most max modules;
// an upload beyond that forgets the least recently used one.
type moduleStore struct {
	mu      sync.Mutex
	modules map[string]*storedModule
	clock   int64
	max     int
	opt     wasm.Options
	workers int
	// loads bounds the modules compiled and the games made at once.
	loads chan struct{}
	// wait is the longest a game's making waits for a slot of loads.
	wait time.Duration
}

type storedModule struct {
	family sente.Family
	used   int64
}

// add compiles and checks the module bin, and returns the spec that names
// it. A module refused is refused in one line, within the time of its
// calls.
func (s *moduleStore) add(ctx context.Context, bin []byte) (added, error) {
	sum := sha256.Sum256(bin)
	id := hex.EncodeToString(sum[:])[:16]
	s.mu.Lock()
	m, ok := s.modules[id]
	if ok {
		s.clock++
		m.used = s.clock
	}
	s.mu.Unlock()
	if ok {
		return added{spec: modulePrefix + id, family: m.family}, nil
	}
	select {
	case s.loads <- struct{}{}:
		defer func() { <-s.loads }()
	case <-ctx.Done():
		return added{}, errors.New("the server is busy loading other game modules; try again")
	}
	// The module is named by its hash, which the family's name and every
	// message then are: never a path.
	fam, err := wasm.LoadFreed(modulePrefix+id, bin, s.opt)
	if err != nil {
		return added{}, cleanModuleError(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := added{spec: modulePrefix + id, family: fam}
	if prev, ok := s.modules[id]; ok {
		// Uploaded twice at once: the first to finish is kept.
		out.family = prev.family
		return out, nil
	}
	for len(s.modules) >= s.max {
		var oldest string
		for id, m := range s.modules {
			if oldest == "" || m.used < s.modules[oldest].used {
				oldest = id
			}
		}
		// Its compiled code is freed once no game of it is left (the
		// cache drops them in time).
		delete(s.modules, oldest)
		out.forgotten = modulePrefix + oldest
	}
	s.clock++
	s.modules[id] = &storedModule{family: fam, used: s.clock}
	return out, nil
}

func (s *moduleStore) family(id string) (sente.Family, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.modules[id]
	if !ok {
		return sente.Family{}, fmt.Errorf("unknown game module %q: upload it again (the server keeps the %d modules used last, and forgets them all when it restarts)", modulePrefix+id, s.max)
	}
	s.clock++
	m.used = s.clock
	return m.family, nil
}

// newGame makes the game of fam with vals, in a slot of loads: making it
// starts an instance, outside any job's reservation.
func (s *moduleStore) newGame(fam sente.Family, vals sente.ParamValues) (sente.Game, error) {
	t := time.NewTimer(s.wait)
	defer t.Stop()
	select {
	case s.loads <- struct{}{}:
		defer func() { <-s.loads }()
	case <-t.C:
		return nil, errors.New("the server is busy starting other game modules; try again")
	}
	g, err := fam.New(vals)
	if err != nil {
		return nil, cleanModuleError(err)
	}
	return newModuleGame(g, s.workers), nil
}

// openModule opens module:ID[:key=value,...], a module uploaded.
func (s *Server) openModule(spec, rest string) (*opened, error) {
	id, args, _ := strings.Cut(rest, ":")
	fam, err := s.modules.family(id)
	if err != nil {
		return nil, err
	}
	vals, _, err := bindUploaded("module", fam, args)
	if err != nil {
		return nil, err
	}
	g, err := s.modules.newGame(fam, vals)
	if err != nil {
		return nil, err
	}
	return &opened{spec: spec, family: fam, game: g, values: vals, module: true}, nil
}

// cleanModuleError words a module's failure for the server, whose limits
// are its configuration's, not the command line's flags.
func cleanModuleError(err error) error {
	msg := strings.NewReplacer(
		"(--module-time)", "(this server's time for a call into a module)",
		", --module-memory)", ", this server's cap on a module's memory)",
		"(--module-memory)", "(this server's cap on a module's memory)",
	).Replace(err.Error())
	return errors.New(msg)
}

// moduleFailure is the failure of a module's game, worded for the
// server, or nil.
func moduleFailure(g sente.Game) error {
	if err := sente.CapabilitiesOf(g).Err(); err != nil {
		return cleanModuleError(err)
	}
	return nil
}

// moduleGame is a module's game whose every call into the module waits
// for one of a few slots: a game makes an instance for each goroutine
// that calls it at once (one per engine worker, one per request), and the
// slots bound them, and so what the game's instances may hold, to slots
// times the memory cap, which its jobs reserve. It offers what the
// engines on a module's keys need, each through the slots; the
// capabilities it leaves out (tiers, ranks, bytes of positions) are those
// of the tier engine, which the server does not run on a module.
type moduleGame struct {
	g     sente.Game
	caps  sente.Capabilities
	slots chan struct{}
}

func newModuleGame(g sente.Game, slots int) *moduleGame {
	return &moduleGame{g: g, caps: sente.CapabilitiesOf(g), slots: make(chan struct{}, max(slots, 1))}
}

func (m *moduleGame) enter() { m.slots <- struct{}{} }
func (m *moduleGame) leave() { <-m.slots }

func (m *moduleGame) Start() sente.Position {
	m.enter()
	defer m.leave()
	return m.g.Start()
}

func (m *moduleGame) Moves(p sente.Position) []sente.Move {
	m.enter()
	defer m.leave()
	return m.g.Moves(p)
}

func (m *moduleGame) Ended(p sente.Position) (sente.Value, bool) {
	m.enter()
	defer m.leave()
	return m.g.Ended(p)
}

func (m *moduleGame) Turn(p sente.Position) sente.Player {
	m.enter()
	defer m.leave()
	return m.g.Turn(p)
}

func (m *moduleGame) FormatPosition(p sente.Position) string {
	m.enter()
	defer m.leave()
	return m.g.FormatPosition(p)
}

func (m *moduleGame) ParsePosition(s string) (sente.Position, error) {
	m.enter()
	defer m.leave()
	return m.g.ParsePosition(s)
}

// Capabilities are the module's, each through the slots; a capability
// not listed here is left out, so that none added to the module's later
// reaches it around them.
func (m *moduleGame) Capabilities() sente.Capabilities {
	c := m.caps
	out := sente.Capabilities{
		Erring:      c.Erring,
		Alternating: c.Alternating,
		Impartial:   c.Impartial,
		Misere:      c.Misere,
	}
	if c.Encoder != nil {
		out.Encoder = moduleEncoder{m}
	}
	if c.Describer != nil {
		out.Describer = moduleDescriber{m}
	}
	if c.TurnKeyer != nil {
		out.TurnKeyer = moduleTurnKeyer{m}
	}
	if c.Symmetric != nil {
		out.Symmetric = moduleSymmetric{m}
	}
	if c.Unmover != nil {
		out.Unmover = moduleUnmover{m}
	}
	if c.Scorer != nil {
		out.Scorer = moduleScorer{m}
	}
	if c.KeyScorer != nil {
		out.KeyScorer = moduleKeyScorer{m}
	}
	return out
}

type (
	moduleEncoder   struct{ m *moduleGame }
	moduleDescriber struct{ m *moduleGame }
	moduleTurnKeyer struct{ m *moduleGame }
	moduleSymmetric struct{ m *moduleGame }
	moduleUnmover   struct{ m *moduleGame }
	moduleScorer    struct{ m *moduleGame }
	moduleKeyScorer struct{ m *moduleGame }
)

func (e moduleEncoder) Encode(p sente.Position) uint64 {
	e.m.enter()
	defer e.m.leave()
	return e.m.caps.Encoder.Encode(p)
}

func (e moduleEncoder) Decode(key uint64) sente.Position {
	e.m.enter()
	defer e.m.leave()
	return e.m.caps.Encoder.Decode(key)
}

func (e moduleEncoder) AppendChildren(dst []uint64, key uint64) []uint64 {
	e.m.enter()
	defer e.m.leave()
	return e.m.caps.Encoder.AppendChildren(dst, key)
}

func (e moduleEncoder) EndedKey(key uint64) (sente.Value, bool) {
	e.m.enter()
	defer e.m.leave()
	return e.m.caps.Encoder.EndedKey(key)
}

func (d moduleDescriber) Describe() sente.Description {
	d.m.enter()
	defer d.m.leave()
	return d.m.caps.Describer.Describe()
}

func (t moduleTurnKeyer) TurnKey(key uint64) sente.Player {
	t.m.enter()
	defer t.m.leave()
	return t.m.caps.TurnKeyer.TurnKey(key)
}

func (s moduleSymmetric) Canonical(key uint64) uint64 {
	s.m.enter()
	defer s.m.leave()
	return s.m.caps.Symmetric.Canonical(key)
}

func (u moduleUnmover) AppendParents(dst []uint64, key uint64) []uint64 {
	u.m.enter()
	defer u.m.leave()
	return u.m.caps.Unmover.AppendParents(dst, key)
}

func (s moduleScorer) Score(p sente.Position) int {
	s.m.enter()
	defer s.m.leave()
	return s.m.caps.Scorer.Score(p)
}

func (s moduleScorer) MaxScore() int { return s.m.caps.Scorer.MaxScore() }

func (s moduleKeyScorer) ScoreKey(key uint64) int {
	s.m.enter()
	defer s.m.leave()
	return s.m.caps.KeyScorer.ScoreKey(key)
}
