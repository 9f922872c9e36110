package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/wasm"
)

// Every command but serve and list runs in a child process: this program
// again, under a hard memory limit of --max-memory (see package sandbox).
// Go cannot recover from a failed allocation, and a rules file can ask for
// two billion list items in one step, so the in-process watcher of
// memory.go, which ends most solves that grow too large with a clear
// message, cannot be the only guard. The parent passes standard input
// through, holds the child's standard output until the child has succeeded
// (but for play, which talks with the user), forwards the child's messages
// from a pipe of their own (fd 3), keeps the child's standard error for the
// Go runtime's report of a crash, and turns a death into one line.

// childMode is the sandbox mode that runs a command.
const childMode = "cli"

// Extra files of a child, after stdin, stdout and stderr.
const (
	messagesFD = 3 // the command's own messages and progress
	stagedFD   = 4 // the temporary files it writes before renaming them
	// stateFD (5, state.go) is how far its work has come.
)

// ttyEnv tells a child that the parent's standard error is a terminal.
const ttyEnv = "SENTE_STDERR_TTY"

func init() { sandbox.Register(childMode, childMain) }

// childMain runs the command of the arguments in a child.
func childMain() int {
	syscall.CloseOnExec(messagesFD) // not for dot
	syscall.CloseOnExec(stagedFD)
	syscall.CloseOnExec(stateFD)
	messages := os.NewFile(messagesFD, "messages")
	proc := process{child: true, exitOnOvertime: true, families: mainFamilies, staged: os.NewFile(stagedFD, "staged"), state: os.NewFile(stateFD, "state")}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return proc.run(ctx, os.Args[1:], os.Stdin, os.Stdout, messages, os.Getenv(ttyEnv) == "1")
}

// inChild reports whether command (as kong names it: "solve <game>") runs
// in a child.
func inChild(command string) bool {
	name, _, _ := strings.Cut(command, " ")
	return name != "serve" && name != "list"
}

// rulesFileIn is the rules file the arguments name as a game, or "".
func rulesFileIn(args []string) string {
	for _, a := range args {
		name, _, _ := strings.Cut(a, ":")
		if rules.IsRulesFile(name) {
			return name
		}
	}
	return ""
}

// moduleIn is the game module (a .wasm file) args name, or "".
func moduleIn(args []string) string {
	for _, a := range args {
		name, _, _ := strings.Cut(a, ":")
		if wasm.IsModule(name) {
			return name
		}
	}
	return ""
}

// silentTick is how often the parent looks for a child fallen silent,
// and silentGrace how long past --module-time it waits: the child's own
// watch stops a long call at the limit when it can, and a busy machine
// may delay the child's sampler a little.
const silentTick = 250 * time.Millisecond

func silentGrace(moduleTime time.Duration) time.Duration {
	return max(moduleTime/2, 3*time.Second)
}

// runChild runs the command of args in a child under limit and returns its
// exit status, saying in one line on stderr why when it died. started is
// false when no child could start (too many processes, say): the caller
// then runs the command itself, with only the in-process watch of memory.
//
// moduleTime, when not 0, is --module-time of a command that runs a game
// module. A module's code runs without checks at its loops (see
// wasm.Options.Overtime), and while an endless loop in it holds a thread,
// the Go runtime cannot stop the world to collect garbage: every
// goroutine of the child may wait for it, the one that would end the call
// too. The child's sampler then falls silent, and the parent, hearing
// nothing of it for moduleTime and a grace period, ends it and blames the
// module.
func runChild(ctx context.Context, args []string, command string, limit uint64, moduleTime time.Duration, stdin io.Reader, stdout, stderr io.Writer, tty bool) (status int, started bool) {
	messagesR, messagesW, err := os.Pipe()
	if err != nil {
		return 0, false
	}
	defer messagesR.Close()
	stagedR, stagedW, err := os.Pipe()
	if err != nil {
		messagesW.Close()
		return 0, false
	}
	defer stagedR.Close()
	stateR, stateW, err := os.Pipe()
	if err != nil {
		messagesW.Close()
		stagedW.Close()
		return 0, false
	}
	defer stateR.Close()

	var crash sandbox.RuntimeText
	// Ctrl-C reaches the child from the terminal, or from here: the child
	// stops its work and reports it, so the child is not killed.
	cmd := sandbox.Command(context.Background(), childMode, limit, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, &crash
	var out *spool
	if !interactive(command) {
		// Nothing reaches stdout unless the child succeeds.
		out = &spool{}
		defer out.close()
		cmd.Stdout = out
	}
	cmd.ExtraFiles = []*os.File{messagesW, stagedW, stateW}
	if tty {
		cmd.Env = append(cmd.Env, ttyEnv+"=1")
	}
	err = cmd.Start()
	messagesW.Close()
	stagedW.Close()
	stateW.Close()
	if err != nil {
		return 0, false
	}
	watch := sandbox.WatchMemory(cmd.Process, limit)
	defer watch.Stop()

	var forwarding sync.WaitGroup
	// What the child writes on stderr may end in the middle of a line (a
	// progress line redrawn in place, on a terminal): a line of the
	// parent's own (the child killed) starts on a clean line.
	lines := &lineEnds{w: stderr, tty: tty}
	forwarding.Go(func() { io.Copy(lines, messagesR) })
	var temps []string
	forwarding.Go(func() {
		sc := bufio.NewScanner(stagedR)
		for sc.Scan() {
			temps = append(temps, sc.Text())
		}
	})
	var state workState    // the child's last word on its work
	var heard atomic.Int64 // when the child last wrote its state
	heard.Store(time.Now().UnixNano())
	forwarding.Go(func() {
		sc := bufio.NewScanner(stateR)
		for sc.Scan() {
			heard.Store(time.Now().UnixNano())
			if st, ok := parseState(sc.Text()); ok {
				state = st
			}
		}
	})
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var silence <-chan time.Time
	if moduleTime > 0 {
		tick := time.NewTicker(silentTick)
		defer tick.Stop()
		silence = tick.C
	}
	interrupted, held := false, false
	var werr error
wait:
	for {
		select {
		case werr = <-waited:
			break wait
		case <-ctx.Done():
			interrupted = true
			cmd.Process.Signal(os.Interrupt)
			select {
			case werr = <-waited:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				werr = <-waited
			}
			break wait
		case <-silence:
			if time.Since(time.Unix(0, heard.Load())) > moduleTime+silentGrace(moduleTime) {
				held = true
				cmd.Process.Kill()
				werr = <-waited
				break wait
			}
		}
	}
	forwarding.Wait()
	if held {
		for _, tmp := range temps {
			os.Remove(tmp)
		}
		lines.endLine()
		fmt.Fprintf(stderr, "sente: %s: a call ran longer than %v (--module-time) and held the whole process, which was stopped\n", moduleIn(args), moduleTime)
		return 2, true
	}

	death := watch.Death(werr, crash.Bytes())
	status = cmd.ProcessState.ExitCode()
	if death == nil && status == 0 {
		if out != nil {
			if err := out.copyTo(stdout); err != nil {
				fmt.Fprintf(stderr, "sente: writing the output: %s\n", oneLine(err.Error()))
				return 1, true
			}
		}
		return 0, true
	}
	// Whatever the child wrote to files it could not finish.
	for _, tmp := range temps {
		os.Remove(tmp)
	}
	if death == nil {
		return status, true // the child said why
	}
	var limited *sandbox.LimitError
	var crashed *sandbox.CrashError
	var signal *sandbox.SignalError
	lines.endLine()
	if !errors.As(death, &limited) && !errors.As(death, &crashed) && !errors.As(death, &signal) {
		// Not the child's end: holding its output failed, say.
		fmt.Fprintf(stderr, "sente: %s\n", oneLine(death.Error()))
		return 1, true
	}
	if interrupted || errors.As(death, &signal) && signal.Signal == syscall.SIGINT {
		fmt.Fprintln(stderr, "sente: interrupted")
		return 130, true
	}
	message, status := deathMessage(death, rulesFileIn(args), limit, state)
	fmt.Fprintf(stderr, "sente: %s\n", message)
	return status, true
}

// lineEnds forwards a child's stderr and knows whether it left a line
// unfinished: a progress line on a terminal is redrawn in place and never
// ends with a newline.
type lineEnds struct {
	w       io.Writer
	tty     bool
	midLine bool
}

func (l *lineEnds) Write(p []byte) (int, error) {
	n, err := l.w.Write(p)
	if n > 0 {
		l.midLine = p[n-1] != '\n'
	}
	return n, err
}

// endLine puts what is written next at the start of a clean line: a
// progress line left on a terminal is erased, and an unfinished line
// elsewhere is ended.
func (l *lineEnds) endLine() {
	if !l.midLine {
		return
	}
	if l.tty {
		fmt.Fprint(l.w, "\r\033[K")
	} else {
		fmt.Fprintln(l.w)
	}
	l.midLine = false
}

// deathMessage says in one line why a child died, and gives the exit
// status. Out of memory under a limit, st (the child's last word on its
// work) says whether its solve outgrew the limit (status 1) or a rules
// file's code asked for too much (status 2: bad input); see outOfMemory.
// Other deaths with a rules file in use are blamed on its code (2); without
// one, the work outgrew the system or sente has a bug (1).
func deathMessage(death error, file string, limit uint64, st workState) (string, int) {
	var limited *sandbox.LimitError
	var crash *sandbox.CrashError
	allowed := "--max-memory=" + quantity.FormatSize(limit) + " allows"
	if limit == 0 {
		allowed = "the system could give"
	}
	switch {
	case errors.As(death, &limited) && limit > 0:
		return outOfMemory(st, file, limited.Resident, limit)
	case errors.As(death, &limited) && file != "":
		return fmt.Sprintf("%s: the rules file's code needed more memory than %s", file, allowed), 2
	case errors.As(death, &limited):
		return fmt.Sprintf("out of memory: the work needed more memory than %s; choose smaller parameters", allowed), 1
	case errors.As(death, &crash) && file != "":
		return fmt.Sprintf("%s: the rules file's code crashed sente (%s)", file, crash.Line), 2
	case errors.As(death, &crash):
		return fmt.Sprintf("internal error, please report it: %s", crash.Line), 1
	case file != "":
		return fmt.Sprintf("%s: the work was %v while running the rules file; the system may have run out of memory", file, death), 2
	}
	return fmt.Sprintf("the work was %v; the system may have run out of memory", death), 1
}
