// Package sandbox runs work that may ask for unbounded memory (a rules
// file's code, a solve past the machine's size) in a child process with a
// hard memory limit, so that running out kills the child and not the
// program that started it.
//
// Go cannot recover from a failed allocation: a rules file that builds a
// list of two billion items ends the process with "fatal error: out of
// memory" and a stack trace, whatever the code around it does. The child
// is this same executable, run again: the parent names a mode (a function
// registered with Register) and a limit; Init, called first thing in main,
// sees it is a child, limits its own address space (RLIMIT_AS) and runs the
// mode's function; its return value is the child's exit status.
//
//	func init() { sandbox.Register("cli", runChild) }
//
//	func main() {
//		sandbox.Init() // returns only in the parent
//		...
//		var crash sandbox.RuntimeText
//		cmd := sandbox.Command(ctx, "cli", limit, args...)
//		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, &out, &crash
//		cmd.Start()
//		watch := sandbox.WatchMemory(cmd.Process, limit)
//		err := watch.Death(cmd.Wait(), crash.Bytes())
//		var le *sandbox.LimitError
//		if errors.As(err, &le) { ... }
//	}
//
// The child's standard error is the Go runtime's: a crash or an
// out-of-memory death writes its fatal error and every goroutine's stack
// there. Give it a RuntimeText, which keeps the start of it, and hand that
// to Death, which turns the child's end into a one-line error (never the
// stack trace): a *LimitError when it ran out of memory under the limit, a
// *CrashError for a panic or a fatal error, a *SignalError when a signal
// ended it silently. A child that exits normally, with any status, is not a
// death: Death returns nil and the status is the caller's to read. So the
// child's own messages must go elsewhere, for example to a pipe passed as
// an extra file (exec.Cmd.ExtraFiles). PeakRSS tells what a finished child
// held at most; Limit tells a child its limit.
//
// Tests that start children call Init first in TestMain: the child is the
// test binary, and Init runs the mode instead of the tests.
//
// # The limit
//
// RLIMIT_AS bounds the address space, not the resident memory, and a Go
// process reserves a large address space it never touches: about 1.2 GB on
// linux/amd64 before main runs (the page allocator's and the heap index's
// reservations, PROT_NONE, almost none of it resident), and each thread
// started through the C library (where the program is linked with it, as
// a program using net is) has a stack of 8 MB of address space. Nor does
// the heap give address space back: it releases the pages of what it freed
// but keeps them mapped, and a table grown by doubling leaves behind the
// address space of every smaller copy, several times what it holds. So the
// child sets its limit to what it has mapped when Init runs, plus four
// times the limit the parent gave, plus Margin for the runtime's metadata,
// plus, with the C library, the stacks of a few more threads: a backstop
// that fails at once one allocation far past the limit. What the child
// holds is watched instead: WatchMemory, in the parent, reads the child's
// resident memory (its own: not the pages of the files it maps, which the
// kernel drops when it must) a hundred times a second and kills it once it passes the
// limit plus Margin; its Death is then a *LimitError with Resident set.
// (The command line's child also cancels its own work once the memory its
// runtime holds, Held, passes the limit.)
//
// The child also gets MALLOC_ARENA_MAX=1: the C library otherwise reserves
// 64 MB of address space for each thread that calls malloc, which would eat
// the limit without using memory.
//
// Hard limits need Linux, and a program built without the race detector
// (whose shadow memory no limit leaves room for); elsewhere Supported
// reports false and Command's command fails to start with an error saying
// so.
package sandbox
