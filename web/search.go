package web

// Games too large for any table the server's budget holds, connect four
// 7×6 among them, are answered a position at a time as the command line
// answers them (answer.Options.MaySearch): from the game's opening books
// in the store, else by proof search. Each position's search is a job of
// the large lane, as a solve is: it waits its turn, reserves its
// transposition table from the budget, is stopped when nobody asks for it
// any more or when it has searched for the server's time a position, and
// its answer (the position's outcome and its moves') is kept in the cache
// without the table. The table goes to the game's next position's search,
// its bytes still reserved, until the budget needs them (warm.go).

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store/book"
)

// phaseSearching is the phase of a job that searches a position.
const phaseSearching solve.Phase = "searching"

// minSearchMemory is the least a position's search may have: its first
// transposition table (the answer layer's, 16M) and as much again for
// the game and the process's own.
const minSearchMemory = 32 << 20

// searchedHeld is what a searched position's answer holds once its table
// is given back: the outcomes of the position and of its moves.
const searchedHeld = 16 << 10

// answeredBySearch reports whether the game of j, refused from its start
// with err for want of memory, is answered by search instead, position
// by position, and if so settles j as the game's: it holds nothing and
// runs nothing; each position asked about gets a job of its own
// (searchPosition).
func (c *cache) answeredBySearch(j *job, err error) bool {
	if j.o.file != nil {
		return false // a pasted file's code runs only in a child
	}
	opt := c.answerOptions(j)
	opt.MaySearch = true
	instead := answer.SearchInstead(j.game, opt, err)
	if instead == "" {
		return false
	}
	j.searchGame, j.whySearch = true, err.Error()+"; "+instead
	j.phase.Store("ready")
	close(j.done)
	return true
}

// planSearch reserves for j, the search of one position, the memory its
// table may take (Config.SearchMemory, at most what a solve may have of
// the budget), in the large lane; a budget that leaves too little for
// even the first table refuses it.
func (c *cache) planSearch(j *job) error {
	large := c.lanes[1]
	need := min(c.searchMemory, large.pool.capacity)
	if need < minSearchMemory {
		return &tooBigError{fmt.Sprintf("%s: searching a position needs at least %s of memory, more than this server's memory budget allows (%s, of which a solve may have %s)",
			j.o.spec, quantity.FormatSize(minSearchMemory), quantity.FormatSize(uint64(c.budget)), quantity.FormatSize(uint64(large.pool.capacity)))}
	}
	j.lane, j.need, j.estimated = large, need, need
	if j.o.module {
		// The game's instances, besides the table.
		j.base = c.moduleHeld
		j.need = min(need+j.base, large.pool.capacity)
	}
	return nil
}

// errSearchTime stops a search that has had the server's time a
// position.
var errSearchTime = errors.New("the search had the time this server gives a position")

// searchTimeError is the failure of a search stopped by the server's
// time a position, with what it proved by then.
type searchTimeError struct{ msg string }

func (e *searchTimeError) Error() string { return e.msg }

// searchFailedError is a searched position's search that could not
// answer (a game that can return to a position), with why search was
// tried: the page is told both, the second as why_search, as it is with
// an answer.
type searchFailedError struct {
	whySearch string
	err       error
}

func (e *searchFailedError) Error() string { return e.err.Error() }
func (e *searchFailedError) Unwrap() error { return e.err }

// search answers j's position by the answer layer's search, reading the
// game's opening books, and then each of its moves, within j's
// reservation and the server's time a position, in the table kept from
// the game's last search when there is one; then keeps the outcomes, and
// the table for the next search.
func (c *cache) search(j *job) error {
	j.report(solve.Progress{Phase: phaseSearching})
	opt := c.answerOptions(j)
	opt.Engine = answer.Search
	opt.MaxMemory = uint64(j.need)
	opt.Books = c.books(j)
	c.mu.Lock()
	// The table is the search's now, and then kept apart: the job, which
	// the cache keeps, holds none.
	opt.SearchTable, j.warm = j.warm, nil
	c.mu.Unlock()
	opt.SearchProgress = func(p answer.SearchProgress) {
		j.line.Store(answer.SearchLine(p))
	}
	ctx, cancel := context.WithTimeoutCause(j.ctx, c.searchTime, errSearchTime)
	defer cancel()
	ctx, cut := context.WithCancelCause(ctx)
	defer cut(nil)
	a, err := answer.Solve(ctx, j.game, opt)
	if err == nil {
		err = c.quick(j, a, cut)
	}
	if err == nil && c.beforeRest != nil {
		c.beforeRest(ctx)
	}
	if err == nil {
		// The moves' outcomes are searched now, in the table the
		// position's search filled, so that the answer holds them all.
		_, err = explain.Moves(a.Solution, j.root)
		if err != nil && errors.Is(context.Cause(ctx), errCut) {
			// Nobody waits for the rest: the table goes to the game's
			// next search, which waits for it (cutRests).
			c.keepTable(j, a)
			return errCut
		}
		if err != nil {
			a.Close()
		}
	}
	if err != nil {
		var stopped *answer.SearchStopped
		if errors.As(err, &stopped) && errors.Is(context.Cause(ctx), errSearchTime) {
			return &searchTimeError{fmt.Sprintf("%s: this server searches a position for at most %s, and this one needs longer: by then %s (%s); 'sente moves %s %q' searches it without that limit",
				j.o.spec, quantity.FormatDuration(c.searchTime), stopped.Proved(), stopped.Cost.Words(), j.o.spec, j.game.FormatPosition(j.root))}
		}
		return err
	}
	c.keepTable(j, a)
	c.ready(j, a, searchedHeld)
	return nil
}

// keepTable releases the table of j's search, which has ended, and keeps
// it for the game's next search (warm.go).
func (c *cache) keepTable(j *job, a *answer.Answer) {
	var table *answer.SearchTable
	if s, ok := a.Solution.(*answer.SearchSolution); ok {
		table, _ = s.ReleaseTable()
	}
	if table != nil {
		// Kept for the next position's search (warm.go): no garbage
		// for end to give back.
		c.mu.Lock()
		c.keepWarm(j, table, searchedHeld)
		c.mu.Unlock()
	} else if cost, ok := a.SearchCost(); ok {
		j.table.Store(cost.TableBytes)
	}
}

// quick gives j its quick answer (quick.go), from a, the answer of its
// position, before the rest of its moves are searched; cut then cuts the
// rest.
func (c *cache) quick(j *job, a *answer.Answer, cut context.CancelCauseFunc) error {
	s, ok := a.Solution.(*answer.SearchSolution)
	if !ok {
		return nil
	}
	root, moves, ok, err := s.QuickMoves(j.root)
	if err != nil {
		a.Close()
		return err
	}
	if ok {
		c.publishQuick(j, &quickAnswer{root: root, moves: moves, search: searchedWords(a)}, cut)
	}
	return nil
}

// books are the opening books of j's game in the server's store, opened
// once (each block checked) and kept open while the server runs; nil
// when it has none.
func (c *cache) books(j *job) []*book.Book {
	if c.tables == nil || sente.CapabilitiesOf(j.game).Encoder == nil {
		return nil
	}
	name := c.answerOptions(j).Name
	c.mu.Lock()
	bs, ok := c.opened[name]
	c.mu.Unlock()
	if ok {
		return bs
	}
	bs, _ = book.OpenAll(j.game, c.tables, name)
	if len(bs) == 0 {
		return nil // a book built later is found then
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if prev, ok := c.opened[name]; ok {
		for _, b := range bs {
			b.Close()
		}
		return prev
	}
	c.opened[name] = bs
	return bs
}

// searchPosition answers p of the game of from, which is answered by
// search: from its own job, queued when nobody asked for p before; with
// the quick answer while the rest is searched (quick.go). rest says that
// the page has the quick answer and waits for the rest.
func (s *Server) searchPosition(ctx context.Context, from *job, p sente.Position, rest bool) (*PositionInfo, int, error) {
	key := from.o.spec + "\x00search\x00" + from.game.FormatPosition(p)
	j, err := s.cache.getSearch(key, from.o, p, rest)
	if err != nil {
		return nil, failedStatus(err), err
	}
	var info *PositionInfo
	done := s.waitForSearch(ctx, j, rest)
	q := j.quick.Load()
	switch {
	case !done && q != nil, done && errors.Is(j.err, errCut) && q != nil:
		// The page asks again for the rest (a cut job's, of a job of
		// its own).
		info = s.describeQuick(j, p, q)
	case done && j.err != nil && q != nil:
		// The rest failed (the server's time a position): what the
		// quick answer said stands, and nothing more comes.
		info = s.describeQuick(j, p, q)
		info.Pending = false
		info.Search += "; the rest of the moves not searched: " + j.err.Error()
	case !done:
		info = s.describe(j, p, nil)
	case j.err != nil:
		var timed *searchTimeError
		if errors.As(j.err, &timed) {
			return nil, failedStatus(j.err), j.err
		}
		return nil, failedStatus(j.err), &searchFailedError{from.whySearch, j.err}
	default:
		info = s.describe(j, p, j.ans)
	}
	info.WhySearch = from.whySearch
	return info, 0, nil
}

// searchWords is how far the search of j has come, in the answer
// layer's words, for the page: "Searching: the player to move does not
// lose sooner than in 36 plies; ...".
func searchWords(j *job) string {
	line, _ := j.line.Load().(string)
	if line == "" {
		return "Searching the position."
	}
	return strings.ToUpper(line[:1]) + line[1:] + "."
}

// searchedWords says how a position's answer by search came: from the
// opening book, or its nodes, time and table; "" for another answer.
func searchedWords(a *answer.Answer) string {
	if a == nil {
		return ""
	}
	cost, ok := a.SearchCost()
	if !ok {
		return ""
	}
	return cost.Words()
}

// searchTimeDefault is Config.SearchTime's default.
const searchTimeDefault = 2 * time.Minute
