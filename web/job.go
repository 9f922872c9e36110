package web

// A job is one solve of the browser app, shared by every request for the
// same game and position; this file has what a job holds and reports.

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/solve"
)

// rulesRoot is the root of a rules file's job before its game is explored:
// the text of the position to explore from, empty for the start.
type rulesRoot string

// job is one solve, shared by every request for the same game and root:
// the first request starts it, the others wait on done (single flight).
//
// A pasted rules file's job starts without its game: root is then a
// rulesRoot, and run has a child explore the game from there, setting game
// and root before done is closed. Requests read them only after done.
type job struct {
	key  string
	o    *opened
	game sente.Game
	root sente.Position
	done chan struct{} // closed when sol or err is set

	// ctx ends the solve: cancelled with errAbandoned when nobody asks for
	// it any more, or with a *tooBigError when it outgrows the budget.
	ctx    context.Context
	cancel context.CancelCauseFunc

	lane      *lane
	need      int64   // bytes to reserve before it starts
	estimated int64   // bytes by the game's estimate; 0 when it cannot tell
	positions float64 // positions by the game's estimate; 0 when it cannot tell
	base      int64   // bytes held before the solve: a rules file's explored graph
	// tiers: the answer layer planned the tier engine for it, its tables
	// kept in the server's store (when it has one) and answered from there
	// after; need is then the tier engine's planned peak, and the progress
	// folds its passes tier by tier (tierProgress).
	tiers bool
	// stored names the tables in the server's store that answer a pasted
	// rules file's game, a position at a time in a child; empty when the
	// server holds its answer (ans).
	stored string
	// storing: the solve writes tables into the store, which outlast the
	// requests that asked for them, so it goes on when nobody asks.
	storing atomic.Bool
	// child: a child process does the work, and holds its memory.
	child atomic.Bool
	// searchGame: the game, too large for a table the budget holds, is
	// answered by search a position at a time; the job runs nothing.
	// searchPos: the job searches its root, a position of such a game
	// (search.go), and line is its latest progress in the answer
	// layer's words.
	searchGame, searchPos bool
	line                  atomic.Value // string
	table                 atomic.Int64 // bytes of the search's table at its end, when dropped rather than kept (warm.go)
	// whySearch is why the game is answered by search, in the answer
	// layer's words: the tables' refusal, and what search does instead.
	whySearch string
	// Guarded by the cache's mu:
	reserved int64     // bytes of its lane's pool it holds
	peak     int64     // the most it reserved
	ended    time.Time // when a failed solve failed
	// warm is the table a position's search took over from its game's
	// last search (warm.go), with the bytes reserved for it; nil when
	// it starts with a table of its own.
	warm *answer.SearchTable
	// cutRest ends the search of the rest of a searched position's moves
	// (quick.go) once its quick answer is out; nil before, and once cut.
	cutRest context.CancelCauseFunc
	// cutting: its rest was cut, and it has not ended yet. Guarded by the
	// cache's mu.
	cutting bool
	// rest: the job was asked for by a page that has its quick answer and
	// waits for the rest; it cuts no other job's rest (quick.go).
	// restWaiting counts the requests for the rest waiting on it now, and
	// restAsked is when the last ended (unix nanoseconds).
	rest        bool
	restWaiting atomic.Int32
	restAsked   atomic.Int64

	// quick is a searched position's quick answer, before every move's
	// position has been searched (quick.go); early is closed when it is
	// set (a job that ends without one closes done alone).
	quick atomic.Pointer[quickAnswer]
	early chan struct{}

	phase      atomic.Value // string: "queued", "starting", "exploring", "solving", "grundy", "ready"
	progDone   atomic.Int64
	progAll    atomic.Int64
	held       atomic.Int64 // bytes the engine holds now, by its own accounting
	phaseStart atomic.Int64 // unix nanoseconds when the current phase began
	phaseFrom  atomic.Int64 // progDone then

	ans *answer.Answer
	err error

	used atomic.Int64 // unix nanoseconds of the last request, for the LRU and abandonment
}

// Progress is how far a background solve has come, and where it waits.
type Progress = explain.ProgressJSON

// report records the engine's progress.
func (j *job) report(p solve.Progress) {
	if prev, _ := j.phase.Load().(string); prev != string(p.Phase) {
		j.phaseStart.Store(time.Now().UnixNano())
		j.phaseFrom.Store(int64(p.Done))
	}
	j.phase.Store(string(p.Phase))
	j.progDone.Store(int64(p.Done))
	j.progAll.Store(int64(p.Total))
	j.held.Store(j.base + p.Bytes)
}

// secondsLeft is the time the current phase still needs at the rate seen
// so far: to the total when it is known, else (exploring) to the game's
// estimate of its positions, which is an upper bound. 0 when unknown.
func (j *job) secondsLeft() int {
	done, from, total := j.progDone.Load(), j.phaseFrom.Load(), j.progAll.Load()
	if ph, _ := j.phase.Load().(string); ph == "exploring" && total == 0 {
		total = int64(j.positions)
	}
	elapsed := time.Since(time.Unix(0, j.phaseStart.Load())).Seconds()
	if elapsed < 1 || done <= from || total <= done {
		return 0
	}
	left := float64(total-done) / (float64(done-from) / elapsed)
	return int(min(math.Ceil(left), 1e6))
}

// holds is what j holds in this process by its own accounting: what its
// engine reports, or for the tier engine, which reports none, what it
// reserved for its plan's peak. A rules file explored in a child holds
// next to nothing here. Called with the cache's mu held.
func (j *job) holds() int64 {
	if j.child.Load() {
		return j.base
	}
	if j.tiers {
		return max(j.held.Load(), j.reserved)
	}
	return j.held.Load()
}

func (j *job) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// errAbandoned ends a solve nobody asks for any more; the solve is then
// forgotten, not remembered as a failure.
var errAbandoned = errors.New("nobody asked for this solve any more")

// tooBigError stops a solve that needs more memory than the budget has.
type tooBigError struct{ msg string }

func (e *tooBigError) Error() string { return e.msg }
