package wasm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/regularfile"
)

// Version is the version of the interface this host speaks (docs/modules.md).
const Version = 1

// DefaultMemory is the memory one instance of a module may have when
// Options.Memory is zero: 256 MiB.
const DefaultMemory = 256 << 20

// DefaultCallTime is the time one call into a module may take when
// Options.CallTime is zero.
const DefaultCallTime = 10 * time.Second

// MaxFileBytes is the size of the largest module Open reads. A Go module
// built for wasip1 is a few megabytes; a module of hundreds would take
// longer to compile than most games take to solve.
const MaxFileBytes = 32 << 20

// Options change how a module runs.
type Options struct {
	// Memory caps the linear memory of one instance of the module, in
	// bytes (rounded down to WebAssembly's pages of 64 KiB); 0 means
	// DefaultMemory.
	Memory uint64
	// CallTime caps the time of one call into the module; 0 means
	// DefaultCallTime. A call past it is stopped and the game fails.
	CallTime time.Duration
	// Context, when set, stops every call into the module's games once it
	// is done; the game then fails with the context's error.
	Context context.Context
	// CacheDir is where compiled code is kept between runs: "" means
	// DefaultCacheDir, "-" keeps none.
	CacheDir string
	// Overtime, when set, is told of a call past CallTime, from another
	// goroutine, with an *Error naming the module and the function, and
	// must end the process: the module's code is then compiled without
	// checks at its loops, and nothing else can stop it. That makes a
	// call cheap (a tenth of a microsecond); a command that runs one game
	// and may exit on a module's mistake sets it. Without it, the code
	// checks at every loop and call whether its instance has been closed,
	// and the call watch closes an instance whose call runs past its time:
	// safe in a process that must go on (a server), at the cost of a
	// goroutine started by the runtime at each call (microseconds).
	Overtime func(error)
}

func (o Options) memory() uint64 {
	if o.Memory == 0 {
		return DefaultMemory
	}
	return o.Memory
}

func (o Options) callTime() time.Duration {
	if o.CallTime <= 0 {
		return DefaultCallTime
	}
	return o.CallTime
}

func (o Options) context() context.Context {
	if o.Context == nil {
		return context.Background()
	}
	return o.Context
}

// IsModule reports whether a game's name names a module: a file NAME.wasm.
func IsModule(name string) bool { return strings.HasSuffix(name, ".wasm") }

// Error is a module's mistake, or what it did that the host stopped: one
// line naming the module.
type Error struct {
	Module string // the module's path, as given
	Msg    string
}

func (e *Error) Error() string { return e.Module + ": " + e.Msg }

// DefaultCacheDir is where compiled modules are kept: the modules directory
// of sente's cache ($XDG_CACHE_HOME/sente/modules, else
// ~/.cache/sente/modules), where the solved tables are too.
func DefaultCacheDir() (string, error) {
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "sente", "modules"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".cache", "sente", "modules"), nil
}

// runtimes holds one wazero runtime per memory cap and cache directory:
// a runtime is where a cap is set, and modules compiled in one are
// instantiated in it.
var runtimes struct {
	sync.Mutex
	byKey map[runtimeKey]*runtimeState
	cache map[string]wazero.CompilationCache
}

type runtimeKey struct {
	pages     uint32
	cache     string
	stoppable bool
}

type runtimeState struct {
	rt wazero.Runtime
}

func runtimeFor(opt Options) (*runtimeState, error) {
	pages := opt.memory() / 65536
	if pages < 1 {
		return nil, fmt.Errorf("a module's memory of %d bytes is less than one page of 64 KiB", opt.memory())
	}
	pages = min(pages, 65536)
	dir := opt.CacheDir
	if dir == "" {
		if d, err := DefaultCacheDir(); err == nil {
			dir = d
		} else {
			dir = "-"
		}
	}
	key := runtimeKey{uint32(pages), dir, opt.Overtime == nil}
	runtimes.Lock()
	defer runtimes.Unlock()
	if rs := runtimes.byKey[key]; rs != nil {
		return rs, nil
	}
	// Closing on a done context is what makes the compiled code check,
	// at every loop and call, whether the module has been closed: the
	// call watch closes a module whose call runs past its time. Without
	// it, only Overtime stops such a call (see Options.Overtime).
	cfg := wazero.NewRuntimeConfig().
		WithMemoryLimitPages(uint32(pages)).
		WithCloseOnContextDone(key.stoppable).
		WithCoreFeatures(api.CoreFeaturesV2)
	if dir != "-" {
		if runtimes.cache == nil {
			runtimes.cache = map[string]wazero.CompilationCache{}
		}
		cache := runtimes.cache[dir]
		if cache == nil {
			// A cache directory that cannot be made costs compiling
			// each run, nothing more.
			if c, err := wazero.NewCompilationCacheWithDir(dir); err == nil {
				cache = c
				runtimes.cache[dir] = c
			}
		}
		if cache != nil {
			cfg = cfg.WithCompilationCache(cache)
		}
	}
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	if err := instantiateWASI(ctx, rt); err != nil {
		rt.Close(ctx)
		return nil, err
	}
	rs := &runtimeState{rt: rt}
	if runtimes.byKey == nil {
		runtimes.byKey = map[runtimeKey]*runtimeState{}
	}
	runtimes.byKey[key] = rs
	return rs, nil
}

// Open reads the module at path and returns its family: the game it
// describes, whose parameters the host checks and whose every game is
// made by the module's sente_new. Its errors are one line naming path.
func Open(path string, opt Options) (sente.Family, error) {
	bin, err := readFile(path)
	if err != nil {
		return sente.Family{}, err
	}
	return Load(path, bin, opt)
}

// readFile reads a module, refusing a path that is not a regular file
// (a named pipe would wait for a writer, a device give bytes without end)
// or a file larger than MaxFileBytes, before reading it
// (regularfile.Read).
func readFile(path string) ([]byte, error) {
	b, err := regularfile.Read(path, MaxFileBytes)
	var notRegular *regularfile.NotRegularError
	var tooBig *regularfile.TooBigError
	switch {
	case errors.As(err, &notRegular):
		return nil, fmt.Errorf("%s: not a regular file; a game module is a WebAssembly file ending in .wasm", path)
	case errors.As(err, &tooBig):
		return nil, &Error{path, fmt.Sprintf("a file of %d bytes, more than the %d MiB a module may have", tooBig.Size, MaxFileBytes>>20)}
	}
	return b, err
}

// Module is a compiled module and what its description says.
type Module struct {
	path     string
	opt      Options
	rt       *runtimeState
	compiled wazero.CompiledModule
	desc     description
	exports  map[string]bool
	watch    *callWatch
	digest   string
}

// Load compiles the module bin, read from path (which names it in
// messages), checks what it imports and exports, and reads its
// description.
func Load(path string, bin []byte, opt Options) (sente.Family, error) {
	m, err := compile(path, bin, opt)
	if err != nil {
		return sente.Family{}, err
	}
	return m.family(), nil
}

func compile(path string, bin []byte, opt Options) (*Module, error) {
	blame := func(format string, args ...any) error {
		return &Error{path, fmt.Sprintf(format, args...)}
	}
	if len(bin) > MaxFileBytes {
		return nil, blame("a module of %d bytes, more than the %d MiB a module may have", len(bin), MaxFileBytes>>20)
	}
	rs, err := runtimeFor(opt)
	if err != nil {
		return nil, blame("%v", err)
	}
	ctx := opt.context()
	compiled, err := rs.rt.CompileModule(ctx, bin)
	if err != nil {
		msg := firstLine(err)
		if strings.Contains(msg, "over limit") {
			msg += " (--module-memory)"
		}
		return nil, blame("not a WebAssembly module this host can run: %s", msg)
	}
	// A module refused after it compiled leaves nothing behind: a server
	// refuses uploads for as long as it runs.
	accepted := false
	defer func() {
		if !accepted {
			compiled.Close(ctx)
		}
	}()
	m := &Module{path: path, opt: opt, rt: rs, compiled: compiled, exports: map[string]bool{}}
	if err := m.checkImports(); err != nil {
		return nil, err
	}
	for name := range compiled.ExportedFunctions() {
		m.exports[name] = true
	}
	if len(compiled.ExportedMemories()) == 0 {
		return nil, blame("exports no memory; a module exports its memory as \"memory\" (docs/modules.md)")
	}
	for _, id := range required {
		if name := fnNames[id]; !m.exports[name] {
			return nil, blame("does not export %s, which every module of version %d exports (docs/modules.md)", name, Version)
		}
	}
	if err := m.checkSignatures(); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(bin)
	m.digest = hex.EncodeToString(sum[:])[:16]
	m.watch = newCallWatch(path, opt.callTime(), opt.Overtime)
	inst, err := m.instantiate()
	if err != nil {
		return nil, err
	}
	defer inst.close()
	v, err := inst.call1(fnVersion)
	if err != nil {
		return nil, err
	}
	if int32(v) != Version {
		return nil, blame("speaks version %d of the interface; this sente speaks version %d", int32(v), Version)
	}
	text, err := inst.describe()
	if err != nil {
		return nil, err
	}
	if m.desc, err = parseDescription(text); err != nil {
		return nil, blame("sente_describe: %v", err)
	}
	if err := m.checkDescription(); err != nil {
		return nil, err
	}
	accepted = true
	return m, nil
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return strings.TrimSpace(s)
}

// checkImports refuses a module that imports anything but the WASI
// functions the host gives (wasi.go), naming each import it lacks.
func (m *Module) checkImports() error {
	var refused []string
	for _, f := range m.compiled.ImportedFunctions() {
		mod, name, _ := f.Import()
		if mod != wasiModule || !wasiGiven[name] {
			refused = append(refused, mod+"."+name)
		}
	}
	for _, mem := range m.compiled.ImportedMemories() {
		mod, name, _ := mem.Import()
		refused = append(refused, mod+"."+name+" (a memory)")
	}
	if len(refused) > 0 {
		return &Error{m.path, fmt.Sprintf("imports %s, which the host does not give; a module may import only the WASI functions a Go module needs (docs/modules.md)", strings.Join(refused, ", "))}
	}
	return nil
}

// fnID names an export of the interface.
type fnID uint8

const (
	fnVersion fnID = iota
	fnBuffer
	fnDescribe
	fnNew
	fnStart
	fnTurn
	fnEnded
	fnChildren
	fnMoves
	fnFormat
	fnParse
	fnCanonical
	fnParents
	fnTier
	fnRank
	fnUnrank
	fnTierSize
	fnChildTiers
	fnScore
	fnExpandRanks
	fnTiers
	numFns
)

var fnNames = [numFns]string{
	"sente_version", "sente_buffer", "sente_describe", "sente_new", "sente_start", "sente_turn",
	"sente_ended", "sente_children", "sente_moves", "sente_format", "sente_parse",
	"sente_canonical", "sente_parents", "sente_tier", "sente_rank", "sente_unrank",
	"sente_tier_size", "sente_child_tiers", "sente_score", "sente_expand_ranks", "sente_tiers",
}

func (id fnID) String() string { return fnNames[id] }

var required = []fnID{fnVersion, fnBuffer, fnDescribe, fnNew, fnStart, fnTurn, fnEnded, fnChildren, fnMoves, fnFormat, fnParse}

const (
	i32 = api.ValueTypeI32
	i64 = api.ValueTypeI64
)

type signature struct{ params, results []api.ValueType }

var signatures = [numFns]signature{
	fnVersion:     {nil, []api.ValueType{i32}},
	fnBuffer:      {[]api.ValueType{i32}, []api.ValueType{i32}},
	fnDescribe:    {nil, []api.ValueType{i32}},
	fnNew:         {[]api.ValueType{i32}, []api.ValueType{i32}},
	fnStart:       {nil, []api.ValueType{i64}},
	fnTurn:        {[]api.ValueType{i64}, []api.ValueType{i32}},
	fnEnded:       {[]api.ValueType{i32, i32, i32}, []api.ValueType{i32}},
	fnChildren:    {[]api.ValueType{i32, i32, i32, i32, i32}, []api.ValueType{i32}},
	fnMoves:       {[]api.ValueType{i64}, []api.ValueType{i32}},
	fnFormat:      {[]api.ValueType{i64}, []api.ValueType{i32}},
	fnParse:       {[]api.ValueType{i32}, []api.ValueType{i32}},
	fnCanonical:   {[]api.ValueType{i32, i32, i32}, []api.ValueType{i32}},
	fnParents:     {[]api.ValueType{i64, i32}, []api.ValueType{i32}},
	fnTier:        {[]api.ValueType{i64}, []api.ValueType{i32}},
	fnRank:        {[]api.ValueType{i64}, []api.ValueType{i64}},
	fnUnrank:      {[]api.ValueType{i32, i64}, []api.ValueType{i64}},
	fnTierSize:    {[]api.ValueType{i32}, []api.ValueType{i64}},
	fnChildTiers:  {[]api.ValueType{i32}, []api.ValueType{i32}},
	fnScore:       {[]api.ValueType{i64}, []api.ValueType{i32}},
	fnExpandRanks: {[]api.ValueType{i32, i32, i32, i32, i32}, []api.ValueType{i32}},
	fnTiers:       {[]api.ValueType{i32, i32, i32}, []api.ValueType{i32}},
}

func typeNames(ts []api.ValueType) string {
	var s []string
	for _, t := range ts {
		s = append(s, api.ValueTypeName(t))
	}
	return "(" + strings.Join(s, ", ") + ")"
}

// checkSignatures refuses an export of the interface's name with another
// type: a call would otherwise read arguments the module never meant.
func (m *Module) checkSignatures() error {
	for id, name := range fnNames {
		def, ok := m.compiled.ExportedFunctions()[name]
		if !ok {
			continue
		}
		want := signatures[id]
		if !slices.Equal(def.ParamTypes(), want.params) || !slices.Equal(def.ResultTypes(), want.results) {
			return &Error{m.path, fmt.Sprintf("exports %s of type %s -> %s; the interface's is %s -> %s",
				name, typeNames(def.ParamTypes()), typeNames(def.ResultTypes()), typeNames(want.params), typeNames(want.results))}
		}
	}
	return nil
}

// has reports whether the module exports the function id.
func (m *Module) has(id fnID) bool { return m.exports[fnNames[id]] }

// ranks reports whether the module gives the tier engine its own ranks.
func (m *Module) ranks() bool {
	return m.has(fnTier) && m.has(fnRank) && m.has(fnUnrank) && m.has(fnTierSize) && m.has(fnChildTiers)
}

// description is what sente_describe says.
type description struct {
	Name       string      `json:"name"`
	Summary    string      `json:"summary"`
	Params     []paramJSON `json:"params"`
	Impartial  bool        `json:"impartial"`
	Misere     bool        `json:"misere"`
	Alternates bool        `json:"alternates"`
	LoopTiers  []int       `json:"loop_tiers"`
	MaxScore   int         `json:"max_score"`
	StartTier  int         `json:"start_tier"`
	Rules      string      `json:"rules"`
	Position   string      `json:"position"`
}

type paramJSON struct {
	Name    string   `json:"name"`
	Doc     string   `json:"doc"`
	Kind    string   `json:"kind"`
	Default string   `json:"default"`
	Min     int      `json:"min"`
	Max     int      `json:"max"`
	Choices []string `json:"choices"`
}

// maxTier bounds start_tier: explore's limit on tier numbers.
const maxTier = 1 << 20

func parseDescription(text []byte) (description, error) {
	var d description
	dec := json.NewDecoder(strings.NewReader(string(text)))
	if err := dec.Decode(&d); err != nil {
		return d, fmt.Errorf("the description is not the JSON object docs/modules.md describes: %v", err)
	}
	if dec.More() {
		return d, errors.New("the description has more after its JSON object")
	}
	if d.Name == "" {
		return d, errors.New("the description names no game (\"name\")")
	}
	if d.StartTier < 0 || d.StartTier >= maxTier {
		return d, fmt.Errorf("start_tier %d is not from 0 to %d", d.StartTier, maxTier-1)
	}
	for _, t := range d.LoopTiers {
		if t < 0 || t > d.StartTier {
			return d, fmt.Errorf("loop_tiers names tier %d, not from 0 to start_tier %d", t, d.StartTier)
		}
	}
	if d.MaxScore < 0 {
		return d, fmt.Errorf("max_score %d is negative", d.MaxScore)
	}
	return d, nil
}

// params turns the description's parameters into sente's.
func (d description) params() ([]sente.Param, error) {
	var ps []sente.Param
	seen := map[string]bool{}
	for _, p := range d.Params {
		if p.Name == "" || strings.ContainsAny(p.Name, "=,: ") {
			return nil, fmt.Errorf("a parameter's name %q is empty or holds = , : or a space", p.Name)
		}
		if seen[p.Name] {
			return nil, fmt.Errorf("parameter %s is described twice", p.Name)
		}
		seen[p.Name] = true
		sp := sente.Param{Name: p.Name, Doc: p.Doc, Default: p.Default, Min: p.Min, Max: p.Max}
		switch p.Kind {
		case "int":
			sp.Kind = sente.Int
			if p.Min > p.Max {
				return nil, fmt.Errorf("parameter %s: min %d is above max %d", p.Name, p.Min, p.Max)
			}
			if n, err := strconv.Atoi(p.Default); err != nil || n < p.Min || n > p.Max {
				return nil, fmt.Errorf("parameter %s: the default %q is not a whole number from %d to %d", p.Name, p.Default, p.Min, p.Max)
			}
		case "bool":
			sp.Kind = sente.Bool
			if p.Default != "true" && p.Default != "false" {
				return nil, fmt.Errorf("parameter %s: the default %q is not true or false", p.Name, p.Default)
			}
		case "choice":
			sp.Kind = sente.Choice
			sp.Choices = p.Choices
			ok := false
			for _, c := range p.Choices {
				if c == "" || strings.ContainsAny(c, "=,: ") {
					return nil, fmt.Errorf("parameter %s: choice %q is empty or holds = , : or a space", p.Name, c)
				}
				ok = ok || c == p.Default
			}
			if !ok {
				return nil, fmt.Errorf("parameter %s: the default %q is not one of its choices", p.Name, p.Default)
			}
		default:
			return nil, fmt.Errorf("parameter %s: kind %q is not int, bool or choice", p.Name, p.Kind)
		}
		ps = append(ps, sp)
	}
	return ps, nil
}

func (m *Module) checkDescription() error {
	if _, err := m.desc.params(); err != nil {
		return &Error{m.path, "sente_describe: " + err.Error()}
	}
	return nil
}

// family is the module's game family.
func (m *Module) family() sente.Family {
	ps, _ := m.desc.params()
	summary := m.desc.Summary
	if summary == "" {
		summary = "the game of the module " + filepath.Base(m.path)
	}
	return sente.Family{
		Name:    strings.TrimSuffix(filepath.Base(m.path), ".wasm"),
		Summary: summary,
		Params:  ps,
		New:     m.newGame,
		Digest:  m.digest,
	}
}

// argsText is the parameters as sente_new reads them: every parameter,
// in the description's order, name=value joined by commas.
func (m *Module) argsText(v sente.ParamValues) string {
	var parts []string
	for _, p := range m.desc.Params {
		var s string
		switch p.Kind {
		case "int":
			s = strconv.Itoa(v.Int(p.Name))
		case "bool":
			s = strconv.FormatBool(v.Bool(p.Name))
		default:
			s = v.String(p.Name)
		}
		parts = append(parts, p.Name+"="+s)
	}
	return strings.Join(parts, ",")
}
