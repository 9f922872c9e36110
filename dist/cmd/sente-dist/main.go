// Command sente-dist solves a game with tiers as Apache Beam pipelines, for
// games that outgrow one machine: on Prism, in this process, or on Google
// Cloud Dataflow, Apache Flink or Apache Spark through Beam's runners. It
// writes the same tables sente solve --engine tiers writes, byte for byte,
// and resumes a stopped solve from the tiers it stored.
//
//	sente-dist [flags] GAME
//
// Its own flags are --store, --work, --shard_ranks, --keep_work and
// --verbose; every other flag is Beam's (--runner, --endpoint, --project,
// --region, --staging_location, --temp_location, --worker_binary, ...).
// README.md shows a command line for each runner.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"

	// Amazon S3 besides local disk and Google Cloud Storage, which beamx
	// brings with every runner.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/dist"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/store"
)

const usage = `usage: sente-dist [flags] GAME

Solves GAME (a built-in game with tiers, such as connect4:w=6,h=4) tier by
tier as Apache Beam pipelines and stores its tables where sente reads them.
Run it again to resume a solve that stopped.

Flags of sente-dist:
  --store DIR        the store's root: a directory, or gs://BUCKET/PATH or
                     s3://BUCKET/PATH (default: sente's, ~/.cache/sente)
  --work DIR         where the waves keep their parts (default: work/ in the
                     game's directory); removed at the end
  --shard_ranks N    ranks a shard, a multiple of 64 (default 4194304)
  --keep_work        keep the work directory at the end
  --verbose          show Prism's own log (other runners always show theirs)
  --quiet            no progress on stderr (shown on a terminal)
  --log              a line on stderr as each wave starts, even when stderr
                     is not a terminal
  --by_tier          print what each tier took: positions, pipelines,
                     rounds, seconds
  --force            on Prism, solve even a game whose estimate of memory
                     passes three quarters of what this process may have
  --plan             print the tiers, their ranks, shards and stored bytes,
                     and solve nothing

Beam's flags choose the runner: --runner=prism (the default: in this
process), dataflow, flink, spark or universal, with --endpoint for a job
server and the runner's own flags (see README.md).
`

func main() { os.Exit(run()) }

func run() int {
	fs := flag.CommandLine
	fs.Init("sente-dist", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	storeDir := fs.String("store", "", "")
	work := fs.String("work", "", "")
	shardRanks := fs.Uint64("shard_ranks", dist.DefaultShardRanks, "")
	keep := fs.Bool("keep_work", false, "")
	verbose := fs.Bool("verbose", false, "")
	quiet := fs.Bool("quiet", false, "")
	logLines := fs.Bool("log", false, "")
	plan := fs.Bool("plan", false, "")
	byTier := fs.Bool("by_tier", false, "")
	force := fs.Bool("force", false, "")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Print(usage)
			return 0
		}
		fmt.Fprintf(os.Stderr, "sente-dist: %v; see sente-dist --help\n", err)
		return 2
	}
	// A worker started by a runner runs its work here and never returns.
	beam.Init()
	runner := *runners.Runner
	if runner == "" {
		runner = "prism"
	}
	if runner == "prism" && !*verbose {
		// Prism's log tells of every job it runs, and a failed step
		// over tens of lines; the error sente-dist prints says what
		// failed in one. A runner in the cloud keeps its log, which
		// names the job and where to watch it.
		slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "sente-dist: name one game, as in sente-dist connect4:w=6,h=4; see sente-dist --help")
		return 2
	}
	if *plan {
		p, err := dist.PlanSolve(fs.Arg(0), *shardRanks)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sente-dist: %v\n", err)
			return 2
		}
		printPlan(os.Stdout, p)
		return 0
	}
	if *storeDir == "" {
		s, err := store.Default()
		if err != nil {
			fmt.Fprintf(os.Stderr, "sente-dist: %v\n", err)
			return 2
		}
		*storeDir = s.Dir
	}
	if *jobopts.Async {
		fmt.Fprintln(os.Stderr, "sente-dist: --async is not for sente-dist: each wave needs the one before it finished")
		return 2
	}
	if runner != "prism" && *jobopts.EnvironmentType != "LOOPBACK" && !strings.Contains(*storeDir, "://") {
		fmt.Fprintf(os.Stderr, "sente-dist: --store %s is a local directory, which the %s runner's workers on other machines do not see: name a bucket they all reach (gs://BUCKET/PATH or s3://BUCKET/PATH)\n", *storeDir, runner)
		return 2
	}
	if runner == "prism" {
		// Prism keeps a wave's data in this process: a game too large for
		// it is refused before any work, and the collector works harder
		// as memory fills.
		allowed := sandbox.Available() / 4 * 3
		if allowed > 0 {
			debug.SetMemoryLimit(int64(allowed))
		}
		p, err := dist.PlanSolve(fs.Arg(0), *shardRanks)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sente-dist: %v\n", err)
			return 2
		}
		if need := dist.PrismBytesPerRank * p.Largest(); allowed > 0 && need > allowed && !*force {
			fmt.Fprintf(os.Stderr, "sente-dist: %s on Prism would hold about %s of memory (%d bytes a rank of its largest tier, %d ranks), more than the %s this process may have: run it on a cluster (--runner=dataflow, flink or spark), or --force to try\n",
				p.Spec, bytesText(float64(need)), dist.PrismBytesPerRank, p.Largest(), bytesText(float64(allowed)))
			return 2
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opt := dist.Options{
		Game: fs.Arg(0), Store: *storeDir, Work: *work, ShardRanks: *shardRanks, KeepWork: *keep,
		Run: func(ctx context.Context, p *beam.Pipeline) (beam.PipelineResult, error) {
			return beam.Run(ctx, runner, p)
		},
	}
	var line *progressLine
	switch {
	case *logLines:
		opt.Log = os.Stderr
	case !*quiet && isTerminal(os.Stderr):
		line = &progressLine{w: os.Stderr}
		opt.Log = line
	}
	rep, err := dist.Solve(ctx, opt)
	line.clear()
	switch {
	case err != nil && dist.IsInputError(err):
		fmt.Fprintf(os.Stderr, "sente-dist: %v\n", err)
		return 2
	case err != nil && ctx.Err() != nil:
		fmt.Fprintln(os.Stderr, "sente-dist: interrupted; the tiers stored so far are kept, and running the same command again resumes from them")
		return 130
	case err != nil:
		fmt.Fprintf(os.Stderr, "sente-dist: %v\n", err)
		return 1
	}
	printReport(os.Stdout, rep, runner)
	if *byTier {
		printTiers(os.Stdout, rep)
	}
	return 0
}

// progressLine shows the newest of the lines written to it on one line of
// a terminal.
type progressLine struct {
	w     io.Writer
	shown bool
}

func (p *progressLine) Write(b []byte) (int, error) {
	fmt.Fprint(p.w, "\r\033[K"+strings.TrimRight(string(b), "\n"))
	p.shown = true
	return len(b), nil
}

func (p *progressLine) clear() {
	if p != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func printReport(w io.Writer, rep *dist.Report, runner string) {
	turn := sente.First
	if g, err := games.New(rep.Spec); err == nil {
		turn = g.Turn(g.Start())
	}
	var c store.Counts
	var stored uint64
	resumed := 0
	for _, t := range rep.Tiers {
		c.Add(t.Counts)
		stored += t.StoredSize
		if t.Resumed {
			resumed++
		}
	}
	fmt.Fprintf(w, "%s: %s\n", rep.Spec, explain.Verdict(turn, rep.Start))
	fmt.Fprintf(w, "  positions      %d: %d win, %d lose, %d tie, %d draw (for the player to move)\n", c.Positions, c.Win, c.Lose, c.Tie, c.Draw)
	fmt.Fprintf(w, "  tables         %s (%d tiers, %s)\n", rep.Dir, len(rep.Tiers), bytesText(float64(stored)))
	switch {
	case rep.Pipelines == 0:
		fmt.Fprintf(w, "  pipelines      none: every tier was stored already\n")
	default:
		per := ""
		if n := rep.Computed(); n > 0 {
			per = fmt.Sprintf(", %.1f bytes a position solved", float64(rep.ShuffleBytes())/float64(n))
		}
		fmt.Fprintf(w, "  pipelines      %d on %s in %.1f s; %s through shuffles%s\n", rep.Pipelines, runner, rep.Elapsed.Seconds(), bytesText(float64(rep.ShuffleBytes())), per)
	}
	if resumed > 0 {
		fmt.Fprintf(w, "  resumed        %d of %d tiers were stored already\n", resumed, len(rep.Tiers))
	}
}

func printTiers(w io.Writer, rep *dist.Report) {
	if len(rep.Counters) > 0 {
		names := make([]string, 0, len(rep.Counters))
		for n := range rep.Counters {
			names = append(names, n)
		}
		slices.Sort(names)
		fmt.Fprintln(w, "\n  counted by the pipelines' steps:")
		for _, n := range names {
			fmt.Fprintf(w, "    %-14s %s\n", n, bytesText(float64(rep.Counters[n])))
		}
	}
	fmt.Fprintf(w, "\n%8s %16s %16s %10s %10s %7s %9s\n", "tier", "ranks", "positions", "shards", "pipelines", "rounds", "seconds")
	for _, t := range rep.Tiers {
		secs := fmt.Sprintf("%.3f", t.Seconds)
		if t.Resumed {
			secs = "stored"
		}
		fmt.Fprintf(w, "%8d %16d %16d %10d %10d %7d %9s\n", t.Tier, t.Ranks, t.Counts.Positions, t.Shards, t.Pipelines, t.Rounds, secs)
	}
}

func printPlan(w io.Writer, p *dist.Plan) {
	fmt.Fprintf(w, "%s: %d tiers, %d ranks, %s stored, shards of %d ranks\n", p.Spec, len(p.Tiers), p.Ranks(), bytesText(float64(p.StoredBytes())), p.ShardRanks)
	fmt.Fprintf(w, "%8s %20s %10s %6s %10s\n", "tier", "ranks", "shards", "loops", "stored")
	for _, t := range p.Tiers {
		loops := "no"
		if t.Loops {
			loops = "yes"
		}
		fmt.Fprintf(w, "%8d %20d %10d %6s %10s\n", t.Tier, t.Ranks, t.Shards, loops, bytesText(float64(t.StoredBytes)))
	}
}

func bytesText(b float64) string { return quantity.FormatSize(uint64(b)) }
