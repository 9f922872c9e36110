package wasm

import (
	"context"
	"encoding/binary"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/sys"
)

// A Go module built with GOOS=wasip1 imports a few WASI functions that its
// runtime calls whatever the module does: to write a crash's message, to
// seed its maps, to read the clock, to exit. The host gives those, each
// made so that it reaches nothing outside the module: writes go nowhere,
// randomness comes from a fixed seed, the clocks stand still, there are no
// arguments, no environment and no files, and an exit ends the call. Any
// other import is refused when the module is opened.

const wasiModule = "wasi_snapshot_preview1"

// WASI's error numbers the stubs return.
const (
	errnoSuccess = 0
	errnoBadf    = 8
	errnoInval   = 28
)

var wasiGiven = map[string]bool{}

type wasiFunc struct {
	name    string
	params  []api.ValueType
	results []api.ValueType
	fn      api.GoModuleFunc
}

var wasiFuncs = []wasiFunc{
	{"proc_exit", []api.ValueType{i32}, nil, procExit},
	{"sched_yield", nil, []api.ValueType{i32}, returns(errnoSuccess)},
	{"random_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, randomGet},
	{"clock_time_get", []api.ValueType{i32, i64, i32}, []api.ValueType{i32}, clockTimeGet},
	{"clock_res_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, clockResGet},
	{"args_sizes_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, zeroSizes},
	{"args_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, returns(errnoSuccess)},
	{"environ_sizes_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, zeroSizes},
	{"environ_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, returns(errnoSuccess)},
	{"fd_write", []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32}, fdWrite},
	{"poll_oneoff", []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32}, pollOneoff},
	// No file is open: what a Go program's os package asks of its
	// descriptors (the preopened directories first) is answered so.
	{"fd_close", []api.ValueType{i32}, []api.ValueType{i32}, returns(errnoBadf)},
	{"fd_fdstat_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, returns(errnoBadf)},
	{"fd_fdstat_set_flags", []api.ValueType{i32, i32}, []api.ValueType{i32}, returns(errnoBadf)},
	{"fd_filestat_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, returns(errnoBadf)},
	{"fd_prestat_get", []api.ValueType{i32, i32}, []api.ValueType{i32}, returns(errnoBadf)},
	{"fd_prestat_dir_name", []api.ValueType{i32, i32, i32}, []api.ValueType{i32}, returns(errnoBadf)},
	{"fd_read", []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32}, returns(errnoBadf)},
	{"fd_seek", []api.ValueType{i32, i64, i32, i32}, []api.ValueType{i32}, returns(errnoBadf)},
}

func init() {
	for _, f := range wasiFuncs {
		wasiGiven[f.name] = true
	}
}

func instantiateWASI(ctx context.Context, rt wazero.Runtime) error {
	b := rt.NewHostModuleBuilder(wasiModule)
	for _, f := range wasiFuncs {
		b.NewFunctionBuilder().WithGoModuleFunction(f.fn, f.params, f.results).Export(f.name)
	}
	_, err := b.Instantiate(ctx)
	return err
}

func returns(errno uint64) api.GoModuleFunc {
	return func(_ context.Context, _ api.Module, stack []uint64) { stack[0] = errno }
}

// exitCode is the exit code the module gave proc_exit, kept so that a
// failure can say it.
const exitCodeTimeout = 0xdead0001

// procExit ends the call: the module is closed with its exit code.
func procExit(ctx context.Context, m api.Module, stack []uint64) {
	code := uint32(stack[0])
	_ = m.CloseWithExitCode(ctx, code)
	panic(sys.NewExitError(code))
}

func zeroSizes(_ context.Context, m api.Module, stack []uint64) {
	mem := m.Memory()
	if !mem.WriteUint32Le(uint32(stack[0]), 0) || !mem.WriteUint32Le(uint32(stack[1]), 0) {
		stack[0] = errnoInval
		return
	}
	stack[0] = errnoSuccess
}

// randomGet fills the buffer from a fixed seed: a module's randomness is
// the same in every run, and none of the host's entropy reaches it.
func randomGet(_ context.Context, m api.Module, stack []uint64) {
	at, n := uint32(stack[0]), uint32(stack[1])
	b, ok := m.Memory().Read(at, n)
	if !ok {
		stack[0] = errnoInval
		return
	}
	x := uint64(0x9e3779b97f4a7c15) ^ uint64(at)<<32 ^ uint64(n)
	for i := range b {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		b[i] = byte(z ^ z>>31)
	}
	stack[0] = errnoSuccess
}

// stillTime is what every clock reads: a module sees no time pass.
const stillTime = 1_700_000_000_000_000_000

func clockTimeGet(_ context.Context, m api.Module, stack []uint64) {
	if !m.Memory().WriteUint64Le(uint32(stack[2]), stillTime) {
		stack[0] = errnoInval
		return
	}
	stack[0] = errnoSuccess
}

func clockResGet(_ context.Context, m api.Module, stack []uint64) {
	if !m.Memory().WriteUint64Le(uint32(stack[1]), 1) {
		stack[0] = errnoInval
		return
	}
	stack[0] = errnoSuccess
}

// fdWrite writes nowhere and says it wrote everything.
func fdWrite(_ context.Context, m api.Module, stack []uint64) {
	iovs, n, out := uint32(stack[1]), uint32(stack[2]), uint32(stack[3])
	mem := m.Memory()
	var total uint32
	for i := uint32(0); i < n; i++ {
		l, ok := mem.ReadUint32Le(iovs + 8*i + 4)
		if !ok {
			stack[0] = errnoInval
			return
		}
		total += l
	}
	if !mem.WriteUint32Le(out, total) {
		stack[0] = errnoInval
		return
	}
	stack[0] = errnoSuccess
}

// pollOneoff says every subscription has happened at once: a sleep ends
// as soon as it starts, since no time passes.
func pollOneoff(_ context.Context, m api.Module, stack []uint64) {
	in, out, n, nevents := uint32(stack[0]), uint32(stack[1]), uint32(stack[2]), uint32(stack[3])
	mem := m.Memory()
	subs, ok1 := mem.Read(in, 48*n)
	events, ok2 := mem.Read(out, 32*n)
	if !ok1 || !ok2 || !mem.WriteUint32Le(nevents, n) {
		stack[0] = errnoInval
		return
	}
	for i := uint32(0); i < n; i++ {
		s, e := subs[48*i:], events[32*i:32*i+32]
		clear(e)
		binary.LittleEndian.PutUint64(e, binary.LittleEndian.Uint64(s))
		e[10] = s[8] // the event's type is the subscription's
	}
	stack[0] = errnoSuccess
}
