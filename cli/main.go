package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/wasm"
)

// commandLine is the command line; each command is a struct with a Run method.
type commandLine struct {
	Steps        uint64           `help:"Rules files: the most Starlark steps one call of the file's functions may take (an endless loop ends there; 0 for no limit)." default:"1000000"`
	CallTime     time.Duration    `help:"Rules files: the longest time one call of the file's functions may take (0 for no limit)." default:"10s"`
	ModuleMemory string           `help:"Game modules (.wasm): the most memory one instance of a module may have (256M, 1G, ...)." default:"256M"`
	ModuleTime   time.Duration    `help:"Game modules (.wasm): the longest time one call into a module may take." default:"10s"`
	MaxMemory    string           `help:"Stop with an error once the process holds more memory than this (512M, 8G, ...; 0 for no limit). For serve, the server's memory budget, shared by every solve, solved game kept and pasted rules file (at least 64M). The default is three quarters of the machine's memory or of the control group's limit." default:"${max_memory}"`
	Version      kong.VersionFlag `help:"Print sente's version and the commit it was built from."`

	List     listCmd     `cmd:"" help:"List the games, with a line on each."`
	Describe describeCmd `cmd:"" help:"Show a game's rules, parameters and position form."`
	Solve    solveCmd    `cmd:"" help:"Solve a game: who wins from the start, and in how many plies."`
	Moves    movesCmd    `cmd:"" help:"List every move from a position with its value for the player making it, best first."`
	Play     playCmd     `cmd:"" help:"Play against the perfect player in the terminal."`
	Table    tableCmd    `cmd:"" help:"Write every reachable position with its value, winner, remoteness and more, as CSV, JSON or JSON lines."`
	Picture  pictureCmd  `cmd:"" help:"Draw a game: a table of who wins, the graph of positions, or a plot of Grundy values."`
	Explain  explainCmd  `cmd:"" help:"Explain in plain words who wins, the main line, the winning moves and the strategy."`
	Value    valueCmd    `cmd:"" help:"What a partizan position (or a game in the notation, {1|*}) is worth in combinatorial game theory: its canonical form, each part's value, who wins whoever starts and why, mean, temperature and thermograph."`
	Grundy   grundyCmd   `cmd:"" help:"Print the Grundy values of an impartial game over a parameter, with their period or pattern."`
	Sweep    sweepCmd    `cmd:"" help:"Tabulate who wins (or the Grundy value) over one or two parameters, with the patterns seen."`
	Verify   verifyCmd   `cmd:"" help:"Check a game's stored table independently of the solver: every position's value and remoteness against its children's."`
	Book     bookCmd     `cmd:"" help:"Build an opening book: every position within N plies of the start valued by search and stored, so that moves, explain, play and solve answer the opening at once; or check one (--verify)."`
	Store    storeCmd    `cmd:"" help:"See and free the solved tables kept on disk."`
	Check    checkCmd    `cmd:"" help:"Check a game: a rules file's functions on every reachable position, then the self-check of any game."`
	Tofu     tofuCmd     `cmd:"" help:"Solve AtCoder ARC013 C (tofu and habanero) from the contest's input: WIN or LOSE."`
	Serve    serveCmd    `cmd:"" help:"Serve the browser app: play any game against the perfect player, with every move coloured by its value."`

	Help       helpCmd       `cmd:"" help:"Show the help of sente or of a command (the same as 'sente COMMAND --help')."`
	Completion completionCmd `cmd:"" help:"Print a shell completion script for bash, zsh or fish (games, parameters, flags)."`
	Complete   completeCmd   `cmd:"" name:"__complete" hidden:"" passthrough:"" help:"The completion scripts' helper."`
}

// env is what every command gets: where to read and write, and a context
// that Ctrl-C cancels.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// tty reports whether stderr is a terminal, for progress.
	tty bool
	// maxMemory is --max-memory in bytes (0: no limit), for refusing
	// solves whose estimate cannot fit; 0 for serve, which keeps its
	// solves within a budget of its own instead.
	maxMemory uint64
	// serveMemory is --max-memory as given for serve, the server's budget
	// (see serveCmd.budget); "" when not given.
	serveMemory string
	// games is where specs become games: the built-in families, the
	// program's own and rules files, run as --steps and --call-time say
	// and stopped with ctx.
	games *games.Catalog
	// named is the catalogue without files, for what must not run a
	// rules file's code: completion, and the browser app (serve).
	named *games.Catalog
	// opened are the games this run made (see failure).
	opened []sente.Game
	// files are this run's files waiting for the command to succeed (see
	// fileStage).
	files fileStage
	// state is how far the work has come, for the message when it runs
	// out of memory (state.go).
	state *stateSampler
	// progressEvery is how often progress is written when stderr is not a
	// terminal (0: plainProgressEvery, a minute; noPlainProgress: never),
	// and clock the time (nil: time.Now); tests set them.
	progressEvery time.Duration
	clock         func() time.Time
	// searching is the progress of an answer by search, which goes on
	// searching the positions a command asks about after it came (each
	// move's): its line is taken away before the command prints.
	searching *progress
}

// now is the time by the env's clock.
func (e *env) now() time.Time {
	if e.clock != nil {
		return e.clock()
	}
	return time.Now()
}

// usageError marks bad input: it ends with exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func badInput(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// Main runs sente's command line on the program's arguments and exits
// with its status: 0 on success, 2 for bad input, 1 for a failure while
// working, 130 when interrupted. families are the program's own games,
// offered beside the built-in ones by every command (list, solve, moves,
// explain, table, play, verify, ...) and by the browser app (serve), by
// their names; a family whose name is malformed or taken by a built-in
// game ends the program with a one-line error and status 2.
//
// A program that calls Main is sente with games of its own:
//
//	func main() { cli.Main(myFamily) }
//
// Main must be the first thing main does: the commands that solve run in
// a child process (the same program again, under the memory limit), and
// Main makes the program that child when it is one.
func Main(families ...sente.Family) {
	// In a child, Init runs the command, with these families, and exits.
	mainFamilies = families
	sandbox.Init()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	proc := process{supervise: sandbox.Supported(), exitOnOvertime: true, families: families}
	os.Exit(proc.run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, isTerminal(os.Stderr)))
}

// mainFamilies are Main's families, for the child it starts (childMain).
var mainFamilies []sente.Family

// Run runs the command line args (without the program's name, as
// os.Args[1:]) in this process and returns its exit status, as Main
// would exit with. It reads stdin and writes stdout and stderr; ctx
// stops long work as Ctrl-C does (status 130). Unlike Main, it starts no
// child: --max-memory is kept by watching the heap, not by a hard limit,
// and a rules file's call that outlasts --call-time does not end the
// process. Run is for tests and for programs that embed the command line
// in a larger one.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, families ...sente.Family) int {
	return process{families: families}.run(ctx, args, stdin, stdout, stderr, false)
}

// process is how this process runs a command, set once where it starts:
// in main, in a child (childMain), or in a test (run).
type process struct {
	// supervise runs commands in a child under the memory limit (see
	// child.go).
	supervise bool
	// child is set in a child: its parent holds its output.
	child bool
	// exitOnOvertime ends the process when a rules file's call outlasts
	// --call-time in one step.
	exitOnOvertime bool
	// staged, in a child, tells the parent the name of each temporary file
	// as it is created, so that the parent removes it if the child dies.
	staged *os.File
	// state, in a child, tells the parent how far the work has come (see
	// state.go).
	state *os.File
	// progressEvery is env.progressEvery: a test's, else
	// SENTE_PROGRESS_EVERY's.
	progressEvery time.Duration
	// families are the program's own games, beside the built-in ones.
	families []sente.Family
}

// run is Main without the process, the tests' way in: it runs every
// command in this process and returns the exit status. The tests of
// containment call process{supervise: true}.run instead, as main does.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, tty bool) int {
	return process{}.run(ctx, args, stdin, stdout, stderr, tty)
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// run runs the command of args and returns the exit status.
func (proc process) run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, tty bool) (status int) {
	named, err := catalogOf(proc.families, &games.Catalog{Refusal: "this server does not read files; paste the rules file instead"})
	if err != nil {
		fmt.Fprintf(stderr, "sente: %v\n", err)
		return 2
	}
	var c commandLine
	exited := -1
	parser, err := kong.New(&c,
		kong.Name("sente"),
		kong.Description("sente answers, for a two-player game, who wins with perfect play, how, and why."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exited = code }),
		kong.UsageOnError(),
		kong.ConfigureHelp(helpOptions),
		kong.Help(printHelp),
		kong.Vars{"max_memory": defaultMaxMemory(), "version": version()},
	)
	if err != nil {
		fmt.Fprintf(stderr, "sente: %v\n", err)
		return 1
	}
	if len(args) == 0 {
		args = []string{"--help"}
	}
	kctx, err := parser.Parse(hyphenArgs(parser.Model, args))
	if exited >= 0 {
		return exited // --help
	}
	if err != nil {
		fmt.Fprintf(stderr, "sente: %s\n", parseErrorLine(err))
		return 2
	}
	// For serve, --max-memory is the server's budget, which the server
	// keeps its solves within and reads itself (serve.go): the process is
	// not stopped at it.
	var limit uint64
	var serveMemory string
	if kctx.Command() == "serve" {
		if flagGiven(kctx, "max-memory") {
			serveMemory = c.MaxMemory
		}
	} else if limit, err = parseSize(c.MaxMemory); err != nil {
		fmt.Fprintf(stderr, "sente: %v\n", err)
		return 2
	}
	if proc.progressEvery == 0 {
		if proc.progressEvery, err = progressEveryFromEnv(); err != nil {
			fmt.Fprintf(stderr, "sente: %v\n", err)
			return 2
		}
	}
	if proc.supervise && inChild(kctx.Command()) {
		var moduleTime time.Duration
		if moduleIn(args) != "" {
			moduleTime = c.ModuleTime
		}
		if status, started := runChild(ctx, args, kctx.Command(), limit, moduleTime, stdin, stdout, stderr, tty); started {
			return status
		}
	}
	ctx, stopWatch := watchMemory(ctx, limit)
	defer stopWatch()
	var stateOut io.Writer
	if proc.state != nil {
		stateOut = proc.state
	}
	sampler := startSampler(stateOut)
	defer sampler.close()
	e := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr, tty: tty, maxMemory: limit, serveMemory: serveMemory, state: sampler, progressEvery: proc.progressEvery,
		named: named}
	e.files.staged = proc.staged
	if !interactive(kctx.Command()) && !proc.child {
		// Nothing reaches stdout unless the whole command succeeds. (A
		// child's parent holds its output.)
		out := &spool{}
		defer out.close()
		e.stdout = out
		defer func() {
			if status == 0 {
				if err := out.copyTo(stdout); err != nil {
					fmt.Fprintf(stderr, "sente: writing the output: %s\n", oneLine(err.Error()))
					status = 1
				}
			}
		}()
	}
	if c.CallTime < 0 {
		fmt.Fprintf(stderr, "sente: --call-time %v: want a time such as 10s, or 0 for no limit\n", c.CallTime)
		return 2
	}
	steps := c.Steps
	if steps == 0 {
		steps = rules.NoStepLimit // the flag's 0, where the package's is its default
	}
	rulesOptions := rules.Options{Steps: steps, Context: ctx, CallTime: c.CallTime, MaxMemory: limit}
	if proc.exitOnOvertime {
		// One step of the file's code can run for minutes, beyond what
		// cancelling stops: only ending the process ends it.
		rulesOptions.Overtime = func(err error) {
			if tty {
				fmt.Fprint(stderr, "\r\033[K") // over a progress line
			}
			fmt.Fprintf(stderr, "sente: %s\n", oneLine(err.Error()))
			os.Exit(2)
		}
	}
	moduleMemory, err := parseModuleMemory(c.ModuleMemory)
	if err != nil {
		fmt.Fprintf(stderr, "sente: %v\n", err)
		return 2
	}
	if c.ModuleTime <= 0 {
		fmt.Fprintf(stderr, "sente: --module-time %v: want a positive time, as 10s\n", c.ModuleTime)
		return 2
	}
	moduleOptions := wasm.Options{Memory: moduleMemory, CallTime: c.ModuleTime, Context: ctx}
	if proc.exitOnOvertime && proc.child {
		// A module's code is then compiled without checks at its loops,
		// which makes every call cheap, and a call past --module-time
		// ends the process: nothing else can stop it. Only in a child,
		// whose parent ends it if such a loop holds every goroutine of
		// it (runChild); a command run in this process (serve, or any
		// where there are no children) keeps the checks.
		moduleOptions.Overtime = rulesOptions.Overtime
	}
	// The families were checked above, into named.
	e.games, _ = catalogOf(proc.families, &games.Catalog{ReadFiles: true, Rules: rulesOptions, Modules: moduleOptions})
	err = kctx.Run(e)
	if failure := e.failure(); failure != nil && (err == nil || !errors.Is(err, context.Canceled)) {
		// A game that failed (a rules file's or a module's mistake)
		// answers harmlessly after it, and an engine may stop on what
		// it answered: the failure is the cause to report.
		err = failure
	}
	err = e.files.finish(err)
	if err != nil {
		var usage usageError
		var fileErr *rules.Error
		var moduleErr *wasm.Error
		var order *explore.TierOrderError
		var incomplete incompleteError
		if m, ok := memoryLimitOf(ctx); ok {
			// A solve that outgrew the limit is a failure while working; a
			// rules file's code that asked for too much is bad input.
			message, status := outOfMemory(sampler.current(), rulesFileIn(args), m.held, m.limit)
			if tty {
				fmt.Fprint(stderr, "\r\033[K") // over a progress line
			}
			fmt.Fprintf(stderr, "sente: %s\n", message)
			return status
		}
		switch {
		case errors.Is(err, context.Canceled):
			if words, ok := stoppedSearch(err); ok {
				if tty {
					fmt.Fprint(stderr, "\r\033[K") // over a progress line
				}
				fmt.Fprintf(stderr, "sente: %s\n", words)
			}
			fmt.Fprintln(stderr, "sente: interrupted")
			return 130
		case errors.As(err, &usage), errors.As(err, &fileErr), errors.As(err, &moduleErr):
			// A mistake in a rules file or a module is bad input too.
			fmt.Fprintf(stderr, "sente: %s\n", oneLine(err.Error()))
			return 2
		case errors.As(err, &incomplete):
			fmt.Fprintf(stderr, "sente: %s\n", oneLine(err.Error()))
			return 3
		case store.Damaged(err):
			// A stored table damaged on disk: a failure while working,
			// with the way out.
			fmt.Fprintf(stderr, "sente: %s; 'sente solve' of the game checks its stored tables and solves the damaged tiers again\n", oneLine(err.Error()))
			return 1
		case errors.As(err, &order) && moduleIn(args) != "":
			fmt.Fprintf(stderr, "sente: %s: sente_tier goes up along a move, from %v to %v; a move leads to the same tier or a lower one\n",
				moduleIn(args), order.Parent, order.Child)
			return 2
		case errors.As(err, &order) && rulesFileIn(args) != "":
			// So is a tier() that a move lowers.
			fmt.Fprintf(stderr, "sente: %s: tier(p) goes down along a move, from %v (tier %d) to %v (tier %d); no move may lower it\n",
				rulesFileIn(args), order.Parent, order.From, order.Child, order.To)
			return 2
		}
		fmt.Fprintf(stderr, "sente: %s\n", oneLine(err.Error()))
		return 1
	}
	return 0
}

// catalogOf adds families to catalog, a catalogue made for this run.
func catalogOf(families []sente.Family, catalog *games.Catalog) (*games.Catalog, error) {
	for _, f := range families {
		if err := catalog.Add(f); err != nil {
			return nil, err
		}
	}
	return catalog, nil
}

// flagGiven reports whether the command line gave the flag of that name
// (without its dashes), rather than its default.
func flagGiven(kctx *kong.Context, name string) bool {
	for _, p := range kctx.Path {
		if p.Flag != nil && p.Flag.Name == name && !p.Resolved {
			return true
		}
	}
	return false
}

// interactive reports whether command (as kong names it) talks with the
// user, so that its output cannot wait for its end.
func interactive(command string) bool {
	return strings.HasPrefix(command, "play ") || command == "play" || strings.HasPrefix(command, "serve")
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
