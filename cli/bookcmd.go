package cli

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/book"
)

type bookCmd struct {
	Game    string `arg:"" name:"game" help:"NAME or NAME:key=value,... (see 'sente list')."`
	Plies   *int   `help:"Build the book of every position within this many plies of the start (0 to 255), each valued by search, deepest first; a build stopped goes on from where it stopped." placeholder:"N"`
	From    string `help:"Start the book from this position rather than from the game's start: every position within --plies of it (moves, explain and play answer from every book stored for the game)." placeholder:"POSITION"`
	BestFor string `name:"best-for" help:"Build (or check) the book of one player's strategy instead: this player's best moves only (first or second), every move of the other, within --plies. It is what playing that side perfectly from the book needs, and far smaller than every position." placeholder:"PLAYER"`
	Verify  bool   `help:"Check the stored book (the deepest, or that of --plies): its checksums, that it holds every position within its plies, and a random sample of its entries searched again."`
	Sample  int    `help:"With --verify: how many entries, chosen uniformly at random, are searched again by a fresh searcher." default:"100" placeholder:"K"`
	Seed    uint64 `help:"With --verify: the seed that chooses the sample (0: a random one, printed)."`
	Store   string `help:"Keep the book in this directory (default: $XDG_CACHE_HOME/sente, else ~/.cache/sente), where moves, explain, play and solve find it." placeholder:"DIR" type:"path"`

	// strategy is --best-for's.
	strategy book.Strategy
	// plies is --plies, or -1 when it is not given.
	plies int
}

func (c *bookCmd) Run(e *env) error {
	c.plies = -1
	if c.Plies != nil {
		c.plies = *c.Plies
	}
	switch {
	case c.Plies != nil && (c.plies < 0 || c.plies > book.MaxPlies):
		return badInput("book: --plies %d; a book is from 0 to %d plies deep", c.plies, book.MaxPlies)
	case !c.Verify && c.Plies == nil:
		return badInput("book: --plies N is needed to build a book (0 to %d), or --verify to check one", book.MaxPlies)
	case c.Verify && c.Sample < 1:
		return badInput("book: --sample %d; at least 1 entry is searched again", c.Sample)
	}
	strategy := book.Everything
	if c.BestFor != "" {
		p, err := sente.ParsePlayer(c.BestFor)
		if err != nil {
			return badInput("book: --best-for %s: the player whose best moves the book follows is first or second", c.BestFor)
		}
		strategy = book.StrategyOf(p)
	}
	c.strategy = strategy
	flags := gameFlags{Game: c.Game, tierFlags: tierFlags{Store: c.Store}}
	g, err := flags.open(e)
	if err != nil {
		return err
	}
	if sente.CapabilitiesOf(g).WideKeys() {
		return badInput("book: %s has positions of 128-bit keys, and a book is stored by 64-bit ones", c.Game)
	}
	if sente.CapabilitiesOf(g).Encoder == nil {
		return badInput("book: %s has no integer keys (sente.Encoder), which search needs", c.Game)
	}
	name, err := flags.canonicalSpec(e)
	if err != nil {
		return err
	}
	st, err := openStore(c.Store)
	if err != nil {
		return err
	}
	var from sente.Position
	if c.From != "" {
		if from, err = parsePosition(g, c.From); err != nil {
			return err
		}
		if _, ended := g.Ended(from); ended {
			return badInput("book: %s has ended: a book is of the positions play goes on from", c.From)
		}
	}
	if c.Verify {
		return c.verify(e, g, st, name, from)
	}
	gs, err := st.Game(name)
	if err != nil {
		return fmt.Errorf("book: the store %s: %w", st.Dir, err)
	}
	return c.build(e, g, gs, from)
}

// fromWords names a book's root and strategy in words: "" for every
// position from the start, else " from POSITION" and " of the first
// player's best moves".
func fromWords(g sente.Game, from sente.Position, s book.Strategy) string {
	words := ""
	if from != nil {
		words = " from " + g.FormatPosition(from)
	}
	if s != book.Everything {
		words += " of " + s.String()
	}
	return words
}

// rootKey is the canonical key of from (nil: the start).
func rootKey(g sente.Game, from sente.Position) uint64 {
	if from == nil {
		from = g.Start()
	}
	key := sente.CapabilitiesOf(g).Encoder.Encode(from)
	if sym := sente.CapabilitiesOf(g).Symmetric; sym != nil {
		key = sym.Canonical(key)
	}
	return key
}

// bookTable is the transposition table of a build: half the memory
// allowed, at most 1G, no more than the game's positions could fill.
func bookTable(g sente.Game, maxMemory uint64) int64 {
	limit := uint64(1 << 30)
	if maxMemory > 0 {
		limit = min(limit, maxMemory/2)
	}
	if positions, _, ok := answer.Estimate(g); ok && positions*32 < float64(limit) {
		limit = max(uint64(positions*32), 16<<20)
	}
	return 1 << (bits.Len64(max(limit, 64)) - 1)
}

func (c *bookCmd) build(e *env, g sente.Game, gs *store.GameStore, from sente.Position) error {
	progress := newProgress(e)
	of := fromWords(g, from, c.strategy)
	rep, err := book.Build(e.ctx, g, gs, book.Options{
		Plies:      c.plies,
		From:       from,
		Strategy:   c.strategy,
		TableBytes: bookTable(g, e.maxMemory),
		Waiting: func() {
			fmt.Fprintf(e.stderr, "sente: %s: another sente is writing into %s; waiting for it\n", c.Game, gs.Dir)
		},
		Progress: func(p book.Progress) {
			progress.report(solve.Progress{Phase: solve.Phase(fmt.Sprintf("book of %s%s, ply %d", pliesWords(c.plies), of, p.Ply)), Done: p.Done, Total: p.Total})
		},
	})
	progress.done()
	var many *book.TooManyError
	switch {
	case errors.As(err, &many):
		return badInput("book: %s: %v; build fewer plies", c.Game, err)
	case err != nil && rep != nil && e.ctx.Err() != nil:
		of := ""
		if rep.Total > 0 {
			of = " of its " + quantity.Thousands(uint64(rep.Total))
		}
		fmt.Fprintf(e.stderr, "sente: %s: book stopped with %s%s positions valued and saved; '%s' goes on from there\n",
			c.Game, quantity.Thousands(uint64(rep.Done)), of, c.command("--plies", fmt.Sprint(c.plies)))
		return err
	case err != nil:
		return err
	}
	if rep.Stored {
		fmt.Fprintf(e.stdout, "%s: the book of %s%s is stored already: %s positions, in %s ('%s' checks it)\n",
			c.Game, pliesWords(c.plies), of, quantity.Thousands(rep.Counts.Positions), rep.Path, c.command("--verify"))
		return nil
	}
	fmt.Fprintf(e.stdout, "%s: a book of %s%s, %s positions (the player to move wins %s, loses %s, ties %s, draws %s), in %s\n",
		c.Game, pliesWords(c.plies), of, quantity.Thousands(rep.Counts.Positions), quantity.Thousands(rep.Counts.Win),
		quantity.Thousands(rep.Counts.Lose), quantity.Thousands(rep.Counts.Tie), quantity.Thousands(rep.Counts.Draw), rep.Path)
	if rep.Resumed > 0 {
		fmt.Fprintf(e.stdout, "  resumed: %s positions valued by an earlier build\n", quantity.Thousands(uint64(rep.Resumed)))
	}
	if rep.Reused > 0 {
		fmt.Fprintf(e.stdout, "  reused: %s positions valued in the game's other books or builds\n", quantity.Thousands(uint64(rep.Reused)))
	}
	for _, p := range rep.PerPly {
		fmt.Fprintf(e.stdout, "  ply %-3d %s searched, %s nodes, %.3f s\n", p.Ply, positionsWords(p.Positions), quantity.Thousands(p.Nodes), p.Elapsed.Seconds())
	}
	return nil
}

// command is the command line of this book with more flags, as a person
// types it.
func (c *bookCmd) command(more ...string) string {
	words := append([]string{"sente", "book", shellWord(c.Game)}, more...)
	if c.From != "" {
		words = append(words, "--from", shellWord(c.From))
	}
	if c.BestFor != "" {
		words = append(words, "--best-for", shellWord(c.BestFor))
	}
	if c.Store != "" {
		words = append(words, "--store", shellWord(c.Store))
	}
	return strings.Join(words, " ")
}

func positionsWords(n int) string {
	if n == 1 {
		return "1 position"
	}
	return quantity.Thousands(uint64(n)) + " positions"
}

func pliesWords(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

func (c *bookCmd) verify(e *env, g sente.Game, st store.Store, name string, from sente.Position) error {
	gs, err := st.Find(name)
	if err != nil {
		return badInput("book: %s: %v", c.Game, err)
	}
	root := rootKey(g, from)
	of := fromWords(g, from, c.strategy)
	var stored []book.Info
	others := map[book.Strategy]bool{} // the strategies of the root's other books
	if gs != nil {
		infos, err := book.Stored(g, gs, store.Book)
		if err != nil {
			return err
		}
		for _, info := range infos {
			switch {
			case info.Root == root && info.Strategy == c.strategy:
				stored = append(stored, info)
			case info.Root == root && info.Damage == nil:
				others[info.Strategy] = true
			}
		}
	}
	var chosen *book.Info
	var depths []int
	for i := range stored {
		depths = append(depths, stored[i].Plies)
		if chosen == nil && (c.plies < 0 || stored[i].Plies == c.plies) {
			chosen = &stored[i]
		}
	}
	switch {
	case len(stored) == 0 && len(others) > 0:
		var flags []string
		for _, s := range []book.Strategy{book.Everything, book.BestFirst, book.BestSecond} {
			if !others[s] {
				continue
			}
			if p, ok := s.Player(); ok {
				flags = append(flags, "--best-for "+p.String())
			} else {
				flags = append(flags, "no --best-for")
			}
		}
		what := "of every position"
		if c.strategy != book.Everything {
			what = "of " + c.strategy.String()
		}
		return badInput("book: no book of %s%s %s is stored in %s; its other books are checked with %s", c.Game, fromWords(g, from, book.Everything), what, st.Dir, strings.Join(flags, " or "))
	case len(stored) == 0:
		return badInput("book: no book of %s%s is stored in %s; build one with '%s'", c.Game, of, st.Dir, c.command("--plies", "N"))
	case chosen == nil:
		return badInput("book: no book of %s of %s%s is stored in %s; those stored: %s", c.Game, pliesWords(c.plies), of, st.Dir, intsWords(depths))
	}
	plies := chosen.Plies
	if chosen.Damage != nil {
		return badInput("book: %s: the book is damaged: %v; '%s' builds it again", c.Game, chosen.Damage, c.command("--plies", fmt.Sprint(plies)))
	}
	seed := c.Seed
	if seed == 0 {
		seed = rand.Uint64()>>1 | 1
	}
	progress := newProgress(e)
	start := time.Now()
	rep, err := book.Verify(e.ctx, g, gs, chosen.Tier, book.VerifyOptions{
		Sample: c.Sample,
		Seed:   seed,
		Progress: func(done, total int) {
			progress.report(solve.Progress{Phase: "searching the sample again", Done: done, Total: total})
		},
	})
	progress.done()
	var wrong *book.WrongError
	switch {
	case store.Damaged(err):
		return badInput("book: %s: the book is damaged: %v; '%s' builds it again", c.Game, err, c.command("--plies", fmt.Sprint(plies)))
	case errors.As(err, &wrong):
		return fmt.Errorf("book: %s: the book is wrong: %w", c.Game, err)
	case err != nil:
		return err
	}
	held := "every position within " + pliesWords(plies) + " there"
	if c.strategy != book.Everything {
		held = "every position of its lines within " + pliesWords(plies) + " there, each one whose moves it holds valued as its best move"
	}
	fmt.Fprintf(e.stdout, "%s: the book of %s%s is sound: %s positions, every block's checksum, %s, %s of its entries searched again and agreeing (seed %d; %s nodes, %.1f s in all), in %s\n",
		c.Game, pliesWords(plies), of, quantity.Thousands(uint64(rep.Positions)), held, quantity.Thousands(uint64(rep.Searched)), seed,
		quantity.Thousands(rep.Nodes), time.Since(start).Seconds(), rep.Path)
	return nil
}

func intsWords(xs []int) string {
	words := make([]string, len(xs))
	for i, x := range xs {
		words[i] = fmt.Sprint(x)
	}
	return strings.Join(words, ", ")
}
