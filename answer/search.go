package answer

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/book"
	"github.com/sente-go/sente/store/tables"
)

// SearchOptions say how an answer by search (the Search engine) is made.
type SearchOptions struct {
	// MaySearch lets Auto answer by search when no table fits (the
	// engines' refusal over memory or disk), rather than refuse. An
	// answer by search holds no positions to count or walk: each position
	// asked about is searched when it is asked, so it suits a caller that
	// asks of a few positions (solve, moves, explain, play), not one that
	// walks or counts the answer's positions (a sweep, a table).
	MaySearch bool
	// SearchFirst is the position searched before Solve returns, when
	// the answer comes by search; nil: From. A command that answers from
	// the start to tell of a position below it (explain) names the
	// position, since search answers one position at a time and the
	// start may take far longer.
	SearchFirst sente.Position
	// Instead, when set, is told why Auto answers by search: the
	// engines' refusal, before the search starts.
	Instead func(refused *Refusal)
	// SearchProgress, when set, is told now and then how far the search
	// of a position has come: its bounds, nodes and table.
	SearchProgress func(SearchProgress)
	// Books, when set, are the game's opening books opened already, for
	// a caller that answers many positions with them (a server): opening
	// a book checks every block of it, which a position's answer should
	// not pay each time. The answer reads them and leaves them open.
	Books []*book.Book
	// MarginOnly answers a game that ends in a score by its margin alone,
	// without the plies to the end (search.MarginOptions.MarginOnly):
	// the value is the margin's sign, every remoteness unknown. It is how
	// the field solved Kalah, and far cheaper than the plies.
	MarginOnly bool
	// AutoMarginOnly is MarginOnly for Auto alone: where no table fits a
	// game that ends in a score, the search that answers instead finds
	// margins alone, the question a table would have answered in full
	// that search answers soonest. --engine search still finds the plies.
	AutoMarginOnly bool
	// SearchWorkers is how many workers search a position, each on a core
	// of its own; 0 means GOMAXPROCS, every core, as the tier engine runs.
	// A caller that runs several searches at once may give each fewer.
	SearchWorkers int
	// SearchTable, when set, is the transposition table an earlier
	// answer by search of the same game left (SearchSolution.ReleaseTable),
	// for a caller that answers a game a position at a time (a server, a
	// request for each move): the search starts from what the earlier
	// ones proved. Its positions are those met in play, so each search
	// finds most of the last one's tree proved. A table larger than this
	// answer's may be (half the memory allowed) is not taken.
	SearchTable *SearchTable
}

// SearchTable is the transposition table of an answer by search, handed
// to the next answer by search of the same game (SearchOptions).
type SearchTable = search.Table

// marginOnly reports whether an answer by search of g under opt finds
// margins alone (SearchOptions.MarginOnly, AutoMarginOnly).
func (opt Options) marginOnly(g sente.Game) bool {
	return sente.Scored(g) && (opt.MarginOnly || opt.AutoMarginOnly && opt.Engine == Auto)
}

// SearchProgress is a search under way (solve/search.Progress): what it
// proved so far, its nodes, its table's fill and the time.
type SearchProgress = search.Progress

// SearchCost is what an answer by search cost so far: every search it
// ran, the table shared by all of them.
type SearchCost struct {
	// Searches is the positions searched, Nodes the nodes of all of
	// them (a position met twice counts twice), Elapsed their time.
	Searches int
	Nodes    uint64
	Elapsed  time.Duration
	// TableBytes is the memory of the transposition table, TableFill the
	// share of its entries in use after the last search.
	TableBytes int64
	TableFill  float64
	// StoredTiers is how many of the game's tiers the searches found
	// stored and read as their leaves; Leaves how many positions they
	// answered from those tables, not searched below.
	StoredTiers int
	Leaves      uint64
	// FromBook is the positions answered from the game's opening book
	// (package store/book), none searched; BookPlies the book's depth and
	// BookStrategy which positions it holds.
	FromBook, BookPlies int
	BookStrategy        book.Strategy
}

// Words says the cost: "412,345 nodes in 1.204 s, a table of 64M (3% full)".
func (c SearchCost) Words() string {
	book, all := c.bookWords()
	if all {
		return book
	}
	took := fmt.Sprintf("%.3f s", c.Elapsed.Seconds())
	if c.Elapsed >= time.Minute {
		took = quantity.FormatDuration(c.Elapsed.Round(time.Second))
	}
	words := fmt.Sprintf("%s nodes in %s, a table of %s (%.0f%% full)",
		quantity.Thousands(c.Nodes), took, quantity.FormatSize(uint64(c.TableBytes)), 100*c.TableFill)
	if c.StoredTiers > 0 {
		tiers := "tiers"
		if c.StoredTiers == 1 {
			tiers = "tier"
		}
		words += fmt.Sprintf(", %s positions answered from the stored tables of %d %s", quantity.Thousands(c.Leaves), c.StoredTiers, tiers)
	}
	return book + words
}

// SearchCost is what the answer's searches cost, and false when the
// answer did not come by search.
func (a *Answer) SearchCost() (SearchCost, bool) {
	s, ok := a.Solution.(*SearchSolution)
	if !ok {
		return SearchCost{}, false
	}
	return s.Cost(), true
}

// SearchStopped is the error of a search stopped before it knew the
// position's outcome (its context cancelled): what it proved by then. It
// wraps the context's error.
type SearchStopped struct {
	Game     sente.Game
	Position sente.Position
	// Low and High bound the outcome for the player to move, as
	// solve/search.Result has them: no worse than Low, no better than
	// High; Unknown, no bound.
	Low, High sente.Outcome
	// Margined says the search sought the margin alone, which is then at
	// least MarginLow and at most MarginHigh for the player to move
	// (±MaxScore: no bound).
	Margined              bool
	MarginLow, MarginHigh int
	// InTables says the search stopped while the game's endgame tables
	// were built, before it began.
	InTables bool
	Cost     SearchCost
	err      error
}

func (e *SearchStopped) Error() string {
	return "search stopped: " + e.Proved() + ": " + e.err.Error()
}

func (e *SearchStopped) Unwrap() error { return e.err }

// Proved says the bounds in words, for the player to move: "the first
// player (to move) does not lose sooner than in 36 plies, and does not
// win sooner than in 33", or "nothing yet".
func (e *SearchStopped) Proved() string {
	words := BoundsWords(e.Low, e.High)
	if e.Margined {
		words = MarginBoundsWords(e.MarginLow, e.MarginHigh, e.most())
	}
	if words == "" {
		if e.InTables {
			return "nothing yet, the endgame tables still being built"
		}
		return "nothing yet"
	}
	who := "the player to move"
	if e.Game != nil && e.Position != nil {
		who = fmt.Sprintf("the %s player (to move)", e.Game.Turn(e.Position))
	}
	return who + " " + words
}

// most is the largest margin of the stopped search's game.
func (e *SearchStopped) most() int {
	if sc := sente.CapabilitiesOf(e.Game).Scorer; sc != nil {
		return sc.MaxScore()
	}
	return 0
}

// MarginBoundsWords says what a search for the margin alone proved, at
// least low and at most high (±most: no bound), in words whose subject is
// the player to move: "wins by 12 or more", "does not lose, and wins by
// at most 14"; empty when neither bound is known.
func MarginBoundsWords(low, high, most int) string {
	var parts []string
	switch {
	case low <= -most:
	case low > 0:
		parts = append(parts, fmt.Sprintf("wins by %d or more", low))
	case low == 0:
		parts = append(parts, "does not lose")
	default:
		parts = append(parts, fmt.Sprintf("loses by %d at most", -low))
	}
	switch {
	case high >= most:
	case high < 0:
		parts = append(parts, fmt.Sprintf("loses by %d or more", -high))
	case high == 0:
		parts = append(parts, "does not win")
	default:
		parts = append(parts, fmt.Sprintf("wins by %d at most", high))
	}
	return strings.Join(parts, ", and ")
}

// BoundsWords says what a search proved of a position's outcome, as
// solve/search bounds it (no worse than low, no better than high), in
// words whose subject is the player to move: "does not lose sooner than
// in 36 plies, and does not win sooner than in 33"; empty when neither
// bound is known.
func BoundsWords(low, high sente.Outcome) string {
	var parts []string
	switch {
	case low.Value == sente.Win && low.Remoteness == sente.RemotenessUnknown:
		parts = append(parts, "wins")
	case high.Value == sente.Lose && high.Remoteness == sente.RemotenessUnknown:
		parts = append(parts, "loses")
	}
	if len(parts) > 0 {
		return parts[0]
	}
	switch low.Value {
	case sente.Win:
		parts = append(parts, "wins, in "+plies(low.Remoteness)+" at most")
	case sente.Lose:
		parts = append(parts, "does not lose sooner than in "+plies(low.Remoteness))
	case sente.Draw, sente.Tie:
		parts = append(parts, "does not lose")
	}
	switch high.Value {
	case sente.Win:
		parts = append(parts, "does not win sooner than in "+plies(high.Remoteness))
	case sente.Lose:
		parts = append(parts, "loses, in "+plies(high.Remoteness)+" at most")
	case sente.Draw, sente.Tie:
		parts = append(parts, "does not win")
	}
	return strings.Join(parts, ", and ")
}

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// SearchLine is a search's progress in one line: what it has proved, the
// question it is asking, its nodes a second, its table's fill and the
// time.
func SearchLine(r SearchProgress) string {
	if r.Phase == "tables" {
		return r.Testing
	}
	var b strings.Builder
	b.WriteString("searching")
	if proved := BoundsWords(r.Low, r.High); proved != "" {
		b.WriteString(": the player to move " + proved)
	}
	if r.Testing != "" {
		b.WriteString("; asking " + r.Testing)
	}
	fmt.Fprintf(&b, "; %s nodes a second, table %.0f%% full, %s", quantity.FormatCount(r.NodesPerSecond), 100*r.TableFill, quantity.FormatDuration(r.Elapsed.Round(time.Second)))
	return b.String()
}

// searchTableFirst is the table an answer by search starts with. A
// table's memory costs as it is first touched (the kernel zeroes each
// page), and a search spreads its entries over all of it: a search of
// 10^5 nodes in a table of 2G spends seconds in the kernel where it
// needs milliseconds. So the table starts small and grows as the search
// fills it (searchGrowth).
const searchTableFirst = 16 << 20

// searchTableMost is the table's largest size when no memory limit is
// given.
const searchTableMost = 1 << 30

// searchGrowth is the factor by which the table grows when a search has
// filled half of it, searchFull, and the memory allowed has room: the
// search starts again in the larger table, which starts with what the
// smaller held (search.Searcher.ResizeTable), so that little is lost.
const (
	searchGrowth = 8
	searchFull   = 0.5
)

// searchTableLimit is the most an answer by search's table may take:
// half the memory allowed (the rest for the process and the game), no
// more than the game's positions could fill (an entry of some 21 bytes a
// position, three to a 64-byte bucket), a power of two.
func searchTableLimit(g sente.Game, opt Options) int64 {
	limit := int64(searchTableMost)
	if opt.MaxMemory > 0 {
		limit = int64(min(opt.MaxMemory/2, 1<<50))
	}
	if positions, _, ok := Estimate(g); ok && positions*32 < float64(limit) {
		limit = max(int64(positions*32), searchTableFirst)
	}
	return pow2Below(limit)
}

// pow2Below is the largest power of two at most n, and at least a
// bucket.
func pow2Below(n int64) int64 {
	if n < 64 {
		return 64
	}
	return 1 << (bits.Len64(uint64(n)) - 1)
}

// searchWorkers is how many workers search a position under opt
// (SearchOptions.SearchWorkers).
func (opt Options) searchWorkers() int {
	if opt.SearchWorkers > 0 {
		return opt.SearchWorkers
	}
	return workers()
}

// searchRefusal is why search cannot answer g under opt, or "".
func searchRefusal(g sente.Game, opt Options) string {
	switch {
	case sente.CapabilitiesOf(g).Encoder == nil && sente.CapabilitiesOf(g).WideEncoder == nil:
		return fmt.Sprintf("%s has no integer keys (sente.Encoder), which search needs", opt.name())
	case len(opt.Restrict) > 0:
		return "search answers the game as its rules stand, with no player restricted to a policy"
	case opt.EveryPosition:
		return "search answers one position at a time, not every position of a tier"
	}
	return ""
}

// bySearch answers for g from root by search: root (or opt.SearchFirst)
// searched now, any other position when it is asked about, through one
// searcher whose table they share.
func bySearch(ctx context.Context, g sente.Game, root sente.Position, opt Options) (*Answer, error) {
	if why := searchRefusal(g, opt); why != "" {
		return nil, refuseOption(OptSearch, "%s", why)
	}
	sol := &SearchSolution{ctx: ctx, game: g, root: root, enc: sente.CapabilitiesOf(g).Encoder, wideEnc: sente.CapabilitiesOf(g).WideEncoder, known: map[sente.Wide]sente.Outcome{}, workers: opt.searchWorkers(),
		progress: opt.SearchProgress, most: searchTableLimit(g, opt), leaves: storedLeaves(g, root, opt), books: opt.Books, lentBooks: opt.Books != nil,
		marginOnly: opt.marginOnly(g)}
	if !sol.lentBooks {
		sol.books = openBooks(g, opt)
	}
	if err := sol.renew(min(searchTableFirst, sol.most), opt.SearchTable); err != nil {
		sol.Close()
		return nil, err
	}
	if eg := sente.CapabilitiesOf(g).Endgamer; eg != nil {
		e := EndgameTables{Endgame: eg.Endgame()}
		for _, t := range e.Tiers {
			if sol.leaves != nil && sol.leaves.Has(t) {
				e.Stored++
			}
		}
		sol.endgame = &e
	}
	first := root
	if opt.SearchFirst != nil {
		first = opt.SearchFirst
	}
	if _, err := sol.solve(first); err != nil {
		sol.Close()
		if ctx.Err() != nil {
			// A rules file stopped by the interrupt fails too; what the
			// search proved is the answer's.
			return nil, err
		}
		var loop *search.LoopError
		if e := sol.endgame; errors.As(err, &loop) && e != nil && !e.Whole() {
			// The loops are the endgame's, which its tables would answer.
			return nil, fmt.Errorf("%w; %s, which the search would read as its leaves (a solve of every position from %s stores them)",
				err, e.Words(), g.FormatPosition(e.From))
		}
		return nil, gameErr(g, err)
	}
	return &Answer{Game: g, Root: root, Solution: sol, Engine: Search}, nil
}

// searchInstead answers by search what the table engines refused for
// want of memory or disk, when opt lets Auto search; otherwise, or when
// search cannot answer either, the refusal err stands, saying why search
// does not answer.
func searchInstead(ctx context.Context, g sente.Game, root sente.Position, opt Options, err error) (*Answer, error) {
	refused, ok := searchesInstead(g, opt, err)
	if !ok {
		return nil, err
	}
	if opt.Instead != nil {
		opt.Instead(refused)
	}
	a, serr := bySearch(ctx, g, root, opt)
	var loop *search.LoopError
	if errors.As(serr, &loop) {
		r := *refused
		r.msg += fmt.Sprintf("; nor can search answer it: it can return to a position (%s, met twice on one line), and search finds no win or loss there that comes without one", loop.Pos)
		return nil, &r
	}
	return a, serr
}

// SearchSolution is an answer by search: the outcome of each position
// asked about, searched when first asked, from one searcher's table. It
// holds no positions to count or walk (Positions is 0, Each calls
// nothing).
type SearchSolution struct {
	ctx  context.Context
	game sente.Game
	root sente.Position
	// enc is the game's encoder of 64-bit keys, nil for a game whose keys
	// are Wide (wideEnc): books, margins and stored tables are on 64-bit
	// keys alone.
	enc     sente.Encoder
	wideEnc sente.WideEncoder
	s       valueSearcher
	// workers search each position (SearchOptions.SearchWorkers).
	workers int
	// progress is the caller's, most the largest table allowed; grow
	// stops the search under way to start it again in a larger table.
	progress func(SearchProgress)
	most     int64
	grow     context.CancelCauseFunc
	// before is what the position's search cost in smaller tables, for
	// its progress: set between searches, read by the progress of the
	// next.
	before SearchCost
	// leaves are the game's tiers found stored, which answer the
	// positions of their tiers without search; nil when none are.
	leaves *tables.Leaves
	// endgame is the game's endgame and how much of it leaves holds; nil
	// when the game names none.
	endgame *EndgameTables
	// books are the game's opening books, which answer the positions
	// they hold without search; lentBooks, that the caller opened them
	// and closes them (SearchOptions.Books).
	books     []*book.Book
	lentBooks bool

	mu    sync.Mutex
	known map[sente.Wide]sente.Outcome // by keyOf
	cost  SearchCost
	err   error // the first search that failed

	// margins search the margins of a game that ends in a score, made
	// when first asked; marginErr is why they failed (a position that
	// repeats), after which none are given.
	margins     *search.MarginSearcher
	marginKnown map[uint64]sente.Margin
	marginErr   error
	// marginOnly answers by margins alone (SearchOptions.MarginOnly);
	// marginLeaves are the game's endgame tables of margins for it, and
	// marginGrow stops the margin search under way to grow its table.
	marginOnly   bool
	marginLeaves sente.MarginTable
	marginGrow   context.CancelCauseFunc
	// marginBefore is what the margin search of the position under way
	// cost before its table last grew.
	marginBefore SearchCost
}

// Margin searches p's margin for the player to move (MTD(f) over the
// score, search.MarginSearcher), or reads what an earlier search found;
// false for a game without a score, or when the search failed
// (MarginErr says why). Its table takes what the value search's leaves of
// the memory allowed, up to as much again.
func (s *SearchSolution) Margin(p sente.Position) (sente.Margin, bool) {
	if !sente.Scored(s.game) {
		return sente.Margin{}, false
	}
	var o sente.Outcome
	if !s.marginOnly {
		var err error
		if o, err = s.solve(p); err != nil {
			return sente.Margin{}, false
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.margin(p)
	if err != nil {
		return sente.Margin{}, false
	}
	if m.Score == 0 && !s.marginOnly {
		m.Remoteness = o.Remoteness // a tie's plies are the value's own
	}
	return m, true
}

// margin is Margin with s.mu held.
func (s *SearchSolution) margin(p sente.Position) (sente.Margin, error) {
	key := s.enc.Encode(p)
	if m, ok := s.marginKnown[key]; ok {
		return m, nil
	}
	if s.marginErr != nil {
		return sente.Margin{}, s.marginErr
	}
	if s.margins == nil {
		bytes := s.s.TableBytes()
		if s.most > 0 {
			bytes = min(bytes, s.most-bytes)
		}
		if s.marginOnly {
			// The value search is not asked: the margins take its share
			// of the memory, after the game's endgame tables, starting
			// small and growing as the search fills the table.
			// The endgame tables take half the share (a quarter of the
			// memory allowed): each two seeds more in the tables about
			// halve the search's nodes. Else the margins stored
			// with the game's tables (its databases of its endings,
			// --every-position) where they hold them.
			if mt := sente.CapabilitiesOf(s.game).MarginTabler; mt != nil {
				leaves, err := mt.MarginTables(s.ctx, max(s.most, searchTableFirst)/2, s.tablesProgress())
				if err != nil {
					// Cancelled: asked again, built again.
					return sente.Margin{}, &tablesStopped{err}
				}
				s.marginLeaves = leaves
			}
			if s.marginLeaves == nil && s.leaves != nil && s.leaves.HasMargins() {
				s.marginLeaves = s.leaves
			}
			bytes = min(searchTableFirst, max(s.most, searchTableFirst))
		}
		if err := s.newMargins(bytes); err != nil {
			s.marginErr = err
			return sente.Margin{}, err
		}
		s.marginKnown = map[uint64]sente.Margin{}
	}
	var m sente.Margin
	var err error
	s.marginBefore = SearchCost{}
	for {
		ctx, grow := context.WithCancelCause(s.ctx)
		s.marginGrow = grow
		before := s.margins.Nodes
		start := time.Now()
		m, err = s.margins.Margin(ctx, p)
		grow(nil)
		s.cost.Nodes += s.margins.Nodes - before
		s.cost.Elapsed += time.Since(start)
		s.marginBefore.Nodes += s.margins.Nodes - before
		s.marginBefore.Elapsed += time.Since(start)
		if s.marginOnly {
			// The margins' table is the answer's: the value search's is
			// never asked.
			s.cost.TableBytes, s.cost.TableFill = s.margins.TableBytes(), s.margins.TableFill()
		}
		if !errors.Is(context.Cause(ctx), errGrow) || s.ctx.Err() != nil {
			break
		}
		// The table grows with what it holds, and the search starts again
		// from it.
		s.margins.Grow(nextMarginTable(s.margins.TableBytes(), s.marginMost()))
	}
	if err != nil {
		s.marginErr = err
		return sente.Margin{}, err
	}
	s.marginKnown[key] = m
	return m, nil
}

// marginMost is the largest table of a search for margins alone: the
// memory allowed, up to marginTableMost.
func (s *SearchSolution) marginMost() int64 {
	return min(max(s.most, searchTableFirst), marginTableMost)
}

// marginTableMost bounds the table of a search for margins alone. Every
// node of it stores an entry, so that a table of a long search is always
// full, and a larger one pays for what it holds with the misses of its
// probes and the kernel's zeroing of its pages. Kalah(6,4) takes 41 to 51
// s in 2 GiB, a third of it filled (it had taken 97 s in a table grown to
// 8 GiB, searching afresh at each growth, before Grow kept the entries),
// so the table stops at marginTableStep on its way. Kalah(6,5) fills 2 GiB
// in minutes; with 8 GiB its refutation of 13 came in 46 minutes, where in
// 2 GiB it had not come in 49 (BENCHMARKS.md, "Kalah(6,5) within the
// hour").
const (
	marginTableMost = 8 << 30
	marginTableStep = 2 << 30
)

// nextMarginTable is the size a margin table of bytes grows to, up to
// most: searchGrowth times larger, but stopping at marginTableStep on the
// way, so that a search that fits in it (Kalah(6,4)) never touches more.
func nextMarginTable(bytes, most int64) int64 {
	next := bytes * searchGrowth
	if bytes < marginTableStep {
		next = min(next, marginTableStep)
	}
	return min(next, most)
}

// newMargins makes the margin searcher with a table of bytes. A search
// for margins alone that fills half of it stops, to search again with the
// table grown (searchGrowth) and what it held kept: most positions asked
// need a small table, whose memory costs little to touch.
func (s *SearchSolution) newMargins(bytes int64) error {
	opt := search.MarginOptions{TableBytes: bytes, MarginOnly: s.marginOnly, ProgressEvery: 250 * time.Millisecond}
	if s.marginLeaves != nil {
		opt.Leaves = s.marginLeaves
	}
	opt.Progress = func(p search.MarginProgress) {
		if s.marginOnly && p.TableFill > searchFull && s.margins.TableBytes() < s.marginMost() {
			s.marginGrow(errGrow)
			return
		}
		if s.progress != nil {
			// Counted from the first search of the position, before the
			// table grew.
			nodes, elapsed := p.Nodes+s.marginBefore.Nodes, p.Elapsed+s.marginBefore.Elapsed
			s.progress(SearchProgress{
				Testing: fmt.Sprintf("a margin of %+d or more (between %+d and %+d so far)", p.Testing, p.Low, p.High),
				Phase:   "margin", Nodes: nodes, NodesPerSecond: float64(nodes) / max(elapsed.Seconds(), 1e-9), TableFill: p.TableFill, Elapsed: elapsed,
			})
		}
	}
	margins, err := search.NewMarginSearcher(s.game, opt)
	if err != nil {
		return err
	}
	s.margins = margins
	return nil
}

// tablesStopped is a build of the game's endgame tables stopped by its
// context.
type tablesStopped struct{ err error }

func (e *tablesStopped) Error() string { return "building the endgame tables: " + e.err.Error() }
func (e *tablesStopped) Unwrap() error { return e.err }

// tablesProgress is the progress of the game's endgame tables being
// built, told to the caller as the search's (Phase "tables"); nil when
// the caller asked for none.
func (s *SearchSolution) tablesProgress() func(done, total int64) {
	if s.progress == nil {
		return nil
	}
	start := time.Now()
	return func(done, total int64) {
		elapsed := time.Since(start)
		line := fmt.Sprintf("building the endgame tables: %.0f%% of %s positions, %s", 100*float64(done)/float64(max(total, 1)),
			quantity.FormatCount(float64(total)), quantity.FormatDuration(elapsed.Round(time.Second)))
		if left, ok := quantity.TimeLeft(done, total-done, elapsed); ok {
			line += ", about " + left + " left"
		}
		s.progress(SearchProgress{Phase: "tables", Testing: line, Nodes: uint64(done), Elapsed: elapsed})
	}
}

// MarginOnly reports whether the answer finds margins alone
// (SearchOptions.MarginOnly), with no remoteness.
func (s *SearchSolution) MarginOnly() bool { return s.marginOnly }

// MarginErr is why a game that ends in a score got no margin by search.
func (s *SearchSolution) MarginErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.marginErr
}

// solve searches p, or reads what an earlier search of it found.
func (s *SearchSolution) solve(p sente.Position) (sente.Outcome, error) {
	key := s.keyOf(p)
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.knownLocked(key); ok {
		return o, nil
	}
	if s.err != nil {
		return sente.Outcome{}, s.err
	}
	var res search.Result
	var err error
	if s.marginOnly {
		// The value is the margin's sign.
		var m sente.Margin
		m, err = s.margin(p)
		res.Outcome = sente.Outcome{Value: m.Value(), Remoteness: sente.RemotenessUnknown}
	} else {
		res, err = s.searchValue(p)
	}
	s.cost.Searches++
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			stopped := &SearchStopped{Game: s.game, Position: p, Low: res.Low, High: res.High, Cost: s.cost, err: err}
			if s.marginOnly && s.margins != nil {
				stopped.Margined = true
				stopped.MarginLow, stopped.MarginHigh = s.margins.Proved()
			}
			var inTables *tablesStopped
			stopped.InTables = errors.As(err, &inTables)
			err = stopped
		}
		s.err = err
		return sente.Outcome{}, err
	}
	s.known[key] = res.Outcome
	return res.Outcome, nil
}

// searchValue searches p for its value and remoteness, with s.mu held,
// growing the table as the search fills it.
func (s *SearchSolution) searchValue(p sente.Position) (search.Result, error) {
	var res search.Result
	var err error
	s.before = SearchCost{}
	if err := s.ctx.Err(); err != nil {
		// Stopped before it started (a search that starts on a context
		// cancelled already may finish before it notices).
		return res, err
	}
	for {
		ctx, grow := context.WithCancelCause(s.ctx)
		s.grow = grow
		res, err = s.s.solve(ctx, p)
		grow(nil)
		s.cost.Nodes += res.Nodes
		s.cost.Elapsed += res.Elapsed
		s.before.Nodes += res.Nodes
		s.before.Elapsed += res.Elapsed
		s.cost.TableBytes, s.cost.TableFill = res.TableBytes, res.TableFill
		if !errors.Is(context.Cause(ctx), errGrow) || s.ctx.Err() != nil {
			break
		}
		// The larger table starts with what the smaller held: the search
		// goes on from what it proved.
		if err = s.s.ResizeTable(min(s.s.TableBytes()*searchGrowth, s.most)); err != nil {
			break
		}
	}
	return res, err
}

// errGrow stops a search whose table is filling, to search again in a
// larger one.
var errGrow = errors.New("search: the table grows")

// renew makes the searcher, with a table of bytes, or with kept, an
// earlier searcher's table, when that is no larger than s may have; the
// outcomes found stay known.
func (s *SearchSolution) renew(bytes int64, kept *SearchTable) error {
	if kept != nil && kept.Bytes() > s.most {
		kept = nil
	}
	var leaves search.Leaves
	if s.leaves != nil {
		leaves = s.leaves
	}
	opt := search.Options{
		Leaves:        leaves,
		TableBytes:    bytes,
		Workers:       s.workers,
		ValueOnly:     SearchesValueOnly(s.game),
		Table:         kept,
		ProgressEvery: 250 * time.Millisecond,
		Progress: func(p SearchProgress) {
			if p.TableFill > searchFull && p.TableBytes < s.most {
				s.grow(errGrow)
				return
			}
			if s.progress != nil {
				p.Nodes += s.before.Nodes
				p.Elapsed += s.before.Elapsed
				p.NodesPerSecond = float64(p.Nodes) / max(p.Elapsed.Seconds(), 1e-9)
				s.progress(p)
			}
		},
	}
	if s.enc == nil {
		// Keys of 128 bits: no stored tables or tables kept, which are
		// of 64-bit keys.
		opt.Leaves, opt.Table = nil, nil
		searcher, err := search.NewWide(s.game, opt)
		if err != nil {
			return err
		}
		s.s = keyedSearcher[sente.Wide]{searcher, s.wideEnc}
		return nil
	}
	searcher, err := search.New(s.game, opt)
	if err != nil {
		return err
	}
	s.s = keyedSearcher[uint64]{searcher, s.enc}
	return nil
}

// valueSearcher is the searcher of an answer's values, on the game's keys
// of either width.
type valueSearcher interface {
	solve(ctx context.Context, p sente.Position) (search.Result, error)
	tableBounds(p sente.Position) (low, high sente.Outcome)
	TableBytes() int64
	ResizeTable(bytes int64) error
	// table is the transposition table, for the next answer of the game
	// to take over; nil for keys of 128 bits, which none takes.
	table() *SearchTable
}

type keyedSearcher[K sente.Key] struct {
	*search.KeySearcher[K]
	enc sente.KeyEncoder[K]
}

func (k keyedSearcher[K]) solve(ctx context.Context, p sente.Position) (search.Result, error) {
	return k.SolveKey(ctx, k.enc.Encode(p))
}

func (k keyedSearcher[K]) tableBounds(p sente.Position) (low, high sente.Outcome) {
	return k.TableBounds(k.enc.Encode(p))
}

func (k keyedSearcher[K]) table() *SearchTable {
	t, _ := any(k.Table()).(*SearchTable)
	return t
}

// keyOf is p's key for what the answer knows (known): its 64-bit key as
// Lo, or its Wide key.
func (s *SearchSolution) keyOf(p sente.Position) sente.Wide {
	if s.enc == nil {
		return s.wideEnc.Encode(p)
	}
	return sente.Wide{Lo: s.enc.Encode(p)}
}

// Err is the failure of the first search that failed (a *SearchStopped
// when its context was cancelled): Outcome then says a position was not
// reached.
func (s *SearchSolution) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Cost is what the searches cost so far.
func (s *SearchSolution) Cost() SearchCost {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.cost
	if s.s != nil && !s.marginOnly {
		c.TableBytes = s.s.TableBytes()
	}
	if s.leaves != nil {
		c.StoredTiers, c.Leaves = len(s.leaves.Stored()), s.leaves.Answered()
	}
	return c
}

// Endgame is the game's endgame (sente.Endgamer) and how much of it the
// searches found stored, and false when the game names none.
func (s *SearchSolution) Endgame() (EndgameTables, bool) {
	if s.endgame == nil {
		return EndgameTables{}, false
	}
	return *s.endgame, true
}

// Close releases the stored tables and the book the searches read.
func (s *SearchSolution) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.closeBooks()
	if s.leaves != nil {
		err = errors.Join(err, s.leaves.Close())
		s.leaves = nil
	}
	return err
}

// Release gives back the transposition table, the stored tables and the
// books the searches read, and keeps the outcomes found: Outcome answers
// the positions searched (or read from a book) so far, and says of any
// other that it was not reached, Err that the answer was released. A
// caller that keeps the answers of a few positions (a server's cache)
// keeps them without the table's memory.
func (s *SearchSolution) Release() error {
	_, err := s.ReleaseTable()
	return err
}

// ReleaseTable is Release, but hands the transposition table to the
// caller, for the next answer by search of the same game to start from
// (SearchOptions.SearchTable); the table is nil when s has none (an
// answer by margins alone, or one released before).
func (s *SearchSolution) ReleaseTable() (*SearchTable, error) {
	err := s.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	var t *SearchTable
	if s.s != nil && !s.marginOnly {
		t = s.s.table()
	}
	s.s = nil
	if s.err == nil {
		s.err = ErrReleased
	}
	return t, err
}

// ErrReleased is the error of an answer by search asked about a position
// it had not searched before it was released (SearchSolution.Release).
var ErrReleased = errors.New("the search's table was released: only the positions searched before are answered")

// storedLeaves opens whatever tiers of g below root's are stored in
// opt's store, as the leaves of a search: the tables of every position
// first (a game's databases of its endings), then those of a solve from
// the start. nil when none is, or g's tables are not read by key.
func storedLeaves(g sente.Game, root sente.Position, opt Options) *tables.Leaves {
	if opt.Name == "" || sente.CapabilitiesOf(g).TierRanker == nil || tiers.Discovers(g) {
		return nil
	}
	var srcs []tables.Source
	for _, name := range []string{EveryPositionName(opt.Name), opt.Name} {
		if gs := storedGame(opt.Tables, name); gs != nil {
			srcs = append(srcs, gs)
		}
	}
	if len(srcs) == 0 {
		return nil
	}
	l, err := tables.OpenLeaves(g, root, srcs...)
	if err != nil || len(l.Stored()) == 0 {
		return nil
	}
	return l
}

func (s *SearchSolution) Game() sente.Game                  { return s.game }
func (s *SearchSolution) Root() sente.Position              { return s.root }
func (s *SearchSolution) Positions() int                    { return 0 }
func (s *SearchSolution) Classes() bool                     { return false }
func (s *SearchSolution) ClassCount() int                   { return 0 }
func (s *SearchSolution) Counts() store.Counts              { return store.Counts{} }
func (s *SearchSolution) Whole() bool                       { return false }
func (s *SearchSolution) Restrict() map[sente.Player]string { return nil }

// Bytes is the memory of the transposition table; 0 once released. It
// does not wait for a search under way, as Cost does.
func (s *SearchSolution) Bytes() int {
	if sr := s.s; sr != nil {
		return int(sr.TableBytes())
	}
	return 0
}
func (s *SearchSolution) Tiers() []solve.TierResult { return nil }

// Damage is the failure of the search that made Outcome say a position
// was not reached (Err).
func (s *SearchSolution) Damage() error { return s.Err() }

// Outcome searches p when it was not searched before; false when the
// search failed (Err says why).
func (s *SearchSolution) Outcome(p sente.Position) (sente.Outcome, bool) {
	o, err := s.solve(p)
	return o, err == nil
}

// Moves are p's legal moves.
func (s *SearchSolution) Moves(p sente.Position) []sente.Move { return solve.LegalMoves(s.game, p) }

// Each calls nothing: search keeps no list of positions.
func (s *SearchSolution) Each(func(sente.Position, sente.Outcome) bool) {}

// Took is the time of the searches, all of it solving.
func (s *SearchSolution) Took() (explored, solved time.Duration) {
	return 0, s.Cost().Elapsed
}

var _ solve.Solution = (*SearchSolution)(nil)

// SearchesValueOnly reports whether search answers g's positions by their
// value alone, with no remoteness: a game that decides positions without
// search (Domineering's safe moves and values of regions, sente.Decider)
// is searched so, since its decided positions know no remoteness.
func SearchesValueOnly(g sente.Game) bool {
	c := sente.CapabilitiesOf(g)
	return c.Decider != nil || c.WideDecider != nil
}
