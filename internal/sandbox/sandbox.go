package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// envVar carries "mode:limit" from the parent to the child. Init removes
// it, so that what the child runs in turn (dot, for a picture) is not
// taken for a child too.
const envVar = "SENTE_SANDBOX"

var (
	modesMu sync.Mutex
	modes   = map[string]func() int{}
	// childLimit is the limit Init applied, in a child.
	childLimit uint64
)

// Register names a child mode: in a child started by Command with this
// mode, Init runs run and exits with its result. Call it from an init
// function, or at least before Init; a mode registered twice panics.
func Register(mode string, run func() int) {
	if mode == "" || strings.Contains(mode, ":") {
		panic(fmt.Sprintf("sandbox: mode %q: want a non-empty name without ':'", mode))
	}
	modesMu.Lock()
	defer modesMu.Unlock()
	if _, dup := modes[mode]; dup {
		panic(fmt.Sprintf("sandbox: mode %q registered twice", mode))
	}
	modes[mode] = run
}

// Init makes a child of Command a child: call it first thing in main, and
// in TestMain of packages whose tests start children. In a parent it
// returns at once. In a child it limits the process's memory, runs the
// mode's function and exits with the status it returns; it does not return.
// A child whose mode is unknown or whose limit cannot be set exits with
// status 125 after one line on standard error.
func Init() {
	value, ok := os.LookupEnv(envVar)
	if !ok {
		return
	}
	os.Unsetenv(envVar)
	mode, limitText, _ := strings.Cut(value, ":")
	limit, err := strconv.ParseUint(limitText, 10, 64)
	modesMu.Lock()
	run := modes[mode]
	modesMu.Unlock()
	switch {
	case err != nil:
		fmt.Fprintf(os.Stderr, "sandbox: bad %s=%q\n", envVar, value)
		os.Exit(125)
	case run == nil:
		fmt.Fprintf(os.Stderr, "sandbox: no child mode %q in this program\n", mode)
		os.Exit(125)
	}
	if limit > 0 {
		if err := limitMemory(limit); err != nil {
			fmt.Fprintf(os.Stderr, "sandbox: %v\n", err)
			os.Exit(125)
		}
	}
	childLimit = limit
	os.Exit(run())
}

// Limit is, in a child, the memory limit its parent gave (0 for none); in
// a parent it is 0.
func Limit() uint64 { return childLimit }

// Command returns a command that runs this executable as a child in mode,
// with args as its arguments (os.Args[1:] in the child) and its memory
// limited to limit bytes (0: no limit, but still a separate process). The
// caller wires Stdin, Stdout, Stderr (a RuntimeText, for Death) and
// ExtraFiles, and may change Cancel: by default ctx's end kills the child.
// The child is killed too when the parent dies.
// When the executable cannot be found, or hard limits are not supported
// here, the command's Err says so and it fails to start.
func Command(ctx context.Context, mode string, limit uint64, args ...string) *exec.Cmd {
	exe, err := executable()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Args[0] = os.Args[0] // as ps shows it
	cmd.Env = append(os.Environ(), envVar+"="+mode+":"+strconv.FormatUint(limit, 10), "MALLOC_ARENA_MAX=1")
	cmd.SysProcAttr = childAttr()
	switch {
	case err != nil:
		cmd.Err = fmt.Errorf("sandbox: cannot find this program to run it again: %w", err)
	case !Supported():
		cmd.Err = fmt.Errorf("sandbox: hard memory limits need Linux without the race detector, not %s", runtime.GOOS)
	}
	return cmd
}

// Margin is what a child may map beyond its limit, past what it had mapped
// when Init ran: the runtime's metadata and the stacks of threads started
// later. See limitMemory for how it grows with the threads.
const Margin = 32 << 20
