package sandbox

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Supported reports whether children get a hard memory limit here: on
// Linux, but not under the race detector.
func Supported() bool { return !raceEnabled }

// executable is this program: /proc/self/exe, which runs the program that
// is running even after its file was replaced or removed (a rebuild).
func executable() (string, error) { return "/proc/self/exe", nil }

// childAttr makes the child die with its parent: a parent killed without a
// chance to stop its child does not leave it running. (The kernel sends
// the signal when the thread that started the child ends; Go's threads
// end only with the process, or with a goroutine that locked one.)
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// limitMemory sets the process's address-space limit to what it maps now,
// plus addressSpaceFactor times limit (address space is not memory: see
// Watch), plus Margin, plus, where threads are the C library's (the
// program is linked with it), the stacks of a few more threads than it runs
// now. Such a stack is RLIMIT_STACK's size (the C library's default for new
// threads), at most 8 MB counted. Threads past those fit in what the heap
// leaves free: only near the limit does a thread fail to start, and Death
// reports that as running out of memory.
func limitMemory(limit uint64) error {
	mapped, libc, err := memoryMap()
	if err != nil {
		return fmt.Errorf("cannot read this process's memory map: %w", err)
	}
	var stacks uint64
	if libc {
		var stack syscall.Rlimit
		threadStack := uint64(8 << 20)
		if syscall.Getrlimit(syscall.RLIMIT_STACK, &stack) == nil && stack.Cur < threadStack {
			threadStack = max(stack.Cur, 1<<20)
		}
		stacks = extraThreads * threadStack
	}
	as := mapped + addressSpaceFactor*limit + Margin + stacks
	if as < limit { // overflow: no limit to speak of
		return nil
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: as, Max: as}); err != nil {
		return fmt.Errorf("cannot limit memory to %d bytes: %w", as, err)
	}
	return nil
}

// addressSpaceFactor is how many times its memory limit a child may map.
// A Go heap keeps the address space of what it released, and a table grown
// by doubling leaves the address space of every smaller copy (up to four
// times the table when it grows by a quarter): with the limit itself as
// the bound, a table of 229 MB died under a 1G limit, holding 745 MB, and a
// solve holding 6.07 GB under 8G. Four times the limit lets a heap reach
// its limit, which the watches (the child's own and the parent's Watch)
// hold it to, while still failing at once an allocation far past it.
const addressSpaceFactor = 4

// extraThreads is how many threads started after Init get a stack counted
// outside the limit: the garbage collector's workers and a few blocked in
// system calls, on a small machine.
const extraThreads = 8

// memoryMap reads /proc/self/maps: the address space the process has
// mapped, reservations included, and whether the C library is among it.
func memoryMap() (mapped uint64, libc bool, err error) {
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		lo, hi, ok := strings.Cut(fields[0], "-")
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if !ok || err1 != nil || err2 != nil || end < start {
			return 0, false, fmt.Errorf("bad line %q", sc.Text())
		}
		mapped += end - start
		if len(fields) >= 6 {
			name := fields[len(fields)-1]
			base := name[strings.LastIndexByte(name, '/')+1:]
			libc = libc || strings.HasPrefix(base, "libc.so") || strings.HasPrefix(base, "libc-")
		}
	}
	return mapped, libc, sc.Err()
}
