package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/verify"
)

type verifyCmd struct {
	gameFlags
	Keys          bool `help:"Find children with the game's fast integer path, as the solver does, instead of its plain moves: faster, less independent."`
	Again         bool `help:"Check every tier position by position, even one an earlier check found consistent in the same tables (a check stopped goes on from the tiers it had checked)."`
	EveryPosition bool `help:"Check the tables of every position (solve --every-position): every position of their tiers stored and consistent."`
}

// Run checks a stored table independently of the solver: every reachable
// position's value and remoteness against its children's stored values.
func (c *verifyCmd) Run(e *env) error {
	g, err := c.open(e)
	if err != nil {
		return err
	}
	if sente.CapabilitiesOf(g).WideKeys() {
		return badInput("verify: %s has positions of 128-bit keys, too many for any table: none is stored to check", c.Game)
	}
	// A game that does not rank its positions by tiers is stored by its
	// canonical bytes, as the tier engine solved it (solve --engine tiers).
	g = sente.WithBytes(g)
	c.every = c.EveryPosition
	if c.Symmetry && !c.every && tiers.Discovers(g) {
		// Tables of one position a class (solve --engine tiers
		// --symmetry), read through the bytes of classes they were
		// solved with.
		if g, c.classes = sente.WithClassBytes(g); !c.classes {
			return badInput("verify --symmetry: %s states no symmetries to use (a rules file states them with canonical(p))", c.Game)
		}
	}
	gs, err := c.storedGame(e)
	if err != nil {
		return err
	}
	if gs == nil && c.every {
		return badInput("verify: no stored table of every position of %s; solve it first with '%s'", c.Game, solveCommand(c.Game, c.Store, "--every-position", "--from", "POSITION"))
	}
	if gs == nil && c.classes {
		return badInput("verify: no stored table of %s of one position a class; solve it first with '%s'", c.Game, solveCommand(c.Game, c.Store, "--engine", "tiers", "--symmetry"))
	}
	if gs == nil {
		return badInput("verify: no stored table of %s; solve it first with '%s'", c.Game, solveCommand(c.Game, c.Store, "--engine", "tiers"))
	}
	// The tiers a solve from the start took whole from the tables of
	// every position are those tables: a check of theirs counts here.
	var beside *store.GameStore
	if !c.every {
		every := c.gameFlags
		every.every = true
		beside, _ = every.storedGame(e)
	}
	progress := newProgress(e)
	rep, err := verify.Table(e.ctx, g, gs, verify.Options{
		Keys:          c.Keys,
		Again:         c.Again,
		EveryPosition: c.every,
		Beside:        beside,
		MaxMemory:     cellsBudget(e.maxMemory),
		Progress: func(done, total uint64) {
			progress.report(solveProgress("verifying", done, total))
		},
	})
	progress.done()
	if err != nil {
		var bad *verify.Inconsistency
		var incomplete *verify.Incomplete
		switch {
		case errors.As(err, &incomplete):
			// Unfinished, not wrong: its own exit status.
			again := fmt.Sprintf("'%s'", solveCommand(c.Game, c.Store))
			if c.every {
				again = fmt.Sprintf("'%s', from a position of the tiers missing,", solveCommand(c.Game, c.Store, "--every-position", "--from", "POSITION"))
			}
			return incompleteError{fmt.Errorf("%s: %s; %s finishes it", c.Game, strings.TrimPrefix(err.Error(), "verify: "), again)}
		case store.Damaged(err):
			// Damage on disk, which a solve repairs, is not a wrong table
			// (main says the way out).
			return fmt.Errorf("%s: the stored table is damaged: %w", c.Game, err)
		case errors.As(err, &bad):
			return fmt.Errorf("%s: the stored table is wrong: %w", c.Game, err)
		}
		return err
	}
	unit := "positions"
	if solve.RanksBySymmetry(g) || c.classes {
		unit = "classes of symmetric positions" // a rank each, checked once
	}
	earlier := ""
	if rep.Earlier > 0 {
		earlier = fmt.Sprintf("; %d of the tiers checked by an earlier run on the same tables, their blocks again, their positions not (--again checks them)", rep.Earlier)
	}
	start := "start " + rep.Start.String()
	if c.every {
		start = "every position of them stored"
	}
	if rep.Margins {
		unit += " and their margins"
	}
	fmt.Fprintf(e.stdout, "%s: the stored table is consistent: %d %s in %d tiers checked against their children, %s (%.1f s%s)\n",
		c.Game, rep.Positions, unit, len(rep.Tiers), start, rep.Elapsed.Seconds(), earlier)
	return nil
}

// cellsBudget is the memory a verify under --max-memory limit (0: none)
// may hold in cells decompressed: half of what the program itself (about
// 48 MiB) leaves, the other half for the garbage that decompressing a
// frame at a time makes.
func cellsBudget(limit uint64) uint64 {
	const program = 48 << 20
	if limit == 0 {
		return 0
	}
	return max(limit-min(limit, program), 16<<20) / 2
}

// incompleteError is a stored table a solve has not finished: exit status 3.
type incompleteError struct{ err error }

func (e incompleteError) Error() string { return e.err.Error() }
func (e incompleteError) Unwrap() error { return e.err }

type storeCmd struct {
	List storeListCmd `cmd:"" help:"List the games whose solved tables are stored, with their size on disk."`
	Rm   storeRmCmd   `cmd:"" help:"Remove a game's stored tables."`
}

type storeListCmd struct {
	Store string `help:"The store (default: $XDG_CACHE_HOME/sente, else ~/.cache/sente)." placeholder:"DIR" type:"path"`
}

func (c *storeListCmd) Run(e *env) error {
	s, err := openStore(c.Store)
	if err != nil {
		return err
	}
	all, err := s.List()
	if err != nil {
		return err
	}
	// A game whose solve never stored a tier (not even the reachable ranks
	// of its forward pass) has nothing to show, unless something is wrong
	// with it.
	var games []store.GameInfo
	problems := false
	for _, g := range all {
		if len(g.Values) > 0 || len(g.Reachable) > 0 || len(g.Books) > 0 || g.Problem != "" {
			if g.Problem == "" && (len(g.Values) > 0 || len(g.Reachable) > 0) {
				// A game with opening books alone has no tiers to finish.
				g.Problem = e.storedProblem(g, c.Store)
			}
			if g.Problem == "" && len(g.DamagedFiles) > 0 {
				g.Problem = "damaged: " + strings.Join(g.DamagedFiles, ", ")
			}
			games = append(games, g)
			problems = problems || g.Problem != ""
		}
	}
	if len(games) == 0 {
		fmt.Fprintf(e.stdout, "no stored tables in %s\n", s.Dir)
		return nil
	}
	books := false
	for _, g := range games {
		books = books || len(g.Books) > 0
	}
	rows := [][]string{{"game", "tiers"}}
	if books {
		rows[0] = append(rows[0], "books")
	}
	rows[0] = append(rows[0], "disk")
	if problems {
		rows[0] = append(rows[0], "problem")
	}
	var total int64
	for _, g := range games {
		name := g.Spec
		if name == "" {
			// A directory without a readable manifest is named by its
			// own name, which begins with the game's.
			name = "(" + filepath.Base(g.Dir) + ")"
		}
		disk := quantity.FormatSize(uint64(g.Bytes))
		if g.Shared > 0 {
			// Tiers a solve from the start took whole from the tables
			// of every position: one file, on disk once.
			disk += " (" + quantity.FormatSize(uint64(g.Shared)) + " shared)"
		}
		row := []string{name, strconv.Itoa(len(g.Values))}
		if books {
			// Opening books (sente book), a column only when some are.
			row = append(row, strconv.Itoa(len(g.Books)))
		}
		row = append(row, disk)
		if problems {
			row = append(row, g.Problem)
		}
		rows = append(rows, row)
		total += g.Bytes - g.Repeated
	}
	writeTable(e.stdout, rows)
	fmt.Fprintf(e.stdout, "%d games, %s in %s\n", len(games), quantity.FormatSize(uint64(total)), s.Dir)
	return nil
}

// storedProblem says what is wrong with a game's stored tiers, "" when
// nothing is seen to be: tiers whose values file is damaged, other tier
// files damaged (named), and tiers the
// game's solve stores that are missing (a solve stopped, or a tier
// removed). A game the catalogue cannot open here (a rules file moved) is
// judged by its files alone.
func (e *env) storedProblem(g store.GameInfo, storeDir string) string {
	var words []string
	var damaged []string
	if len(g.Damaged) > 0 {
		damaged = append(damaged, store.FormatTiers(g.Damaged))
	}
	if damaged = append(damaged, g.DamagedFiles...); len(damaged) > 0 {
		words = append(words, "damaged: "+strings.Join(damaged, ", "))
	}
	if spec, err := sente.ParseSpec(g.Spec); err == nil && !strings.HasSuffix(spec.Name, ".star") {
		if game, err := e.games.OpenSpec(spec); err == nil {
			if tg, err := tiers.NewTierGame(game, nil); err == nil {
				var missing []int
				for _, t := range tg.Order() {
					if !slices.Contains(g.Values, t) {
						missing = append(missing, t)
					}
				}
				if len(missing) > 0 {
					words = append(words, fmt.Sprintf("incomplete: %d of %d tiers to solve ('%s' finishes it)", len(missing), len(tg.Order()), solveCommand(g.Spec, storeDir)))
				}
			}
		}
	}
	return strings.Join(words, "; ")
}

type storeRmCmd struct {
	gameFlags
	EveryPosition bool `help:"Remove the tables of every position (solve --every-position) instead."`
}

func (c *storeRmCmd) Run(e *env) error {
	s, err := openStore(c.Store)
	if err != nil {
		return err
	}
	spec, err := c.canonicalSpec(e)
	if err != nil {
		return err
	}
	switch {
	case c.EveryPosition:
		spec = answer.EveryPositionName(spec)
	case c.Symmetry:
		// The tables of one position a class (solve --engine tiers
		// --symmetry of a game whose ranks the tier engine discovers).
		spec = answer.ClassesName(spec)
	}
	// Whatever state the game's directory is in: no manifest, a damaged
	// one, a solve that never finished a tier.
	if err := s.Remove(spec); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return badInput("store rm: no stored tables of %s in %s", spec, s.Dir)
		}
		return err
	}
	fmt.Fprintf(e.stdout, "removed the stored tables of %s\n", spec)
	return nil
}

// openStore is the store --store names, or the default one.
func openStore(dir string) (store.Store, error) {
	if dir != "" {
		if info, err := os.Stat(dir); err == nil && !info.IsDir() {
			return store.Store{}, badInput("--store %s: not a directory", dir)
		}
		return store.Store{Dir: dir}, nil
	}
	s, err := store.Default()
	if err != nil {
		return s, badInput("%v", err)
	}
	return s, nil
}

// solveCommand is the command line that solves game into the store
// storeDir (empty: the default one), with more flags, as a person types it
// into a shell: a hint that leaves out --store solves into another store.
func solveCommand(game, storeDir string, more ...string) string {
	words := append([]string{"sente", "solve", shellWord(game)}, more...)
	if storeDir != "" {
		words = append(words, "--store", shellWord(storeDir))
	}
	return strings.Join(words, " ")
}

// shellWord quotes s for a POSIX shell when it needs it.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,:=/+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func solveProgress(phase string, done, total uint64) solve.Progress {
	return solve.Progress{Phase: solve.Phase(phase), Done: int(done), Total: int(total)}
}

// storedGame is the directory of the game's stored tables, or nil when the
// store holds no table of it; unlike tableStore, it never makes one.
func (f gameFlags) storedGame(e *env) (*store.GameStore, error) {
	s, err := openStore(f.Store)
	if err != nil {
		return nil, err
	}
	spec, err := f.canonicalSpec(e)
	if err != nil {
		return nil, err
	}
	switch {
	case f.every:
		spec = answer.EveryPositionName(spec)
	case f.classes:
		spec = answer.ClassesName(spec)
	}
	gs, err := s.Find(spec)
	if err != nil || gs == nil {
		return nil, err
	}
	if tiers, err := gs.Tiers(store.Values); err != nil || len(tiers) == 0 {
		return nil, err
	}
	return gs, nil
}
