package web

// A searched position's answer comes in two parts. The quick answer is
// the position's own value and remoteness (from the game's books, or a
// search in the table the game's last search left), and of its moves what
// follows at once (answer.SearchSolution.QuickMoves): from a lost
// position every move loses, and from a won or tied one a best move is
// read from the bounds the position's search proved of its moves'
// positions, or found by searching the most promising moves first. The
// page shows it as soon as it is out, the computer plays from it, and the
// page asks again for the rest: every move's remoteness, which needs a
// search of every move's position to the end and, in connect four 7×6 a
// few plies past the book, takes seconds. A person reads the values
// meanwhile.
//
// The rest runs in the job's slot after the quick answer. When a page asks
// for another position of the same game, which it does when the person
// (or the computer) moves on, the rest of a position nobody asks about
// any more is cut: its search stops at once, its table goes to the new
// position's search, which starts after it in its slot, and the cut job is
// forgotten, so that a page that comes back to its position asks again
// from the start. A page that waits for a rest asks with rest=1, and its
// job cuts no other's, so that two people playing the same game do not
// stop each other's answers.

import (
	"context"
	"errors"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
)

// quickAnswer is a searched position's quick answer: its outcome, what is
// known of its moves, and what the search cost by then in words.
type quickAnswer struct {
	root   sente.Outcome
	moves  []answer.QuickMove
	search string
}

// errCut stops the rest of a position's search when another position of
// its game is asked for (cutRests).
var errCut = errors.New("the search of the rest of the moves was cut: another position of the game was asked for")

// restGap is how long after a page's last request for the rest of a
// position, with none waiting, the rest counts as nobody's: a page that
// waits for it asks again 0.4 s after each answer (fetchReady).
const restGap = time.Second

// awaited reports whether a page waits for the rest of j: a request with
// rest=1 waits on it now, or ended within restGap.
func (j *job) awaited() bool {
	return j.restWaiting.Load() > 0 || time.Since(time.Unix(0, j.restAsked.Load())) < restGap
}

// publishQuick sets j's quick answer, for the requests waiting on early,
// and makes the rest of its search cuttable by cut.
func (c *cache) publishQuick(j *job, q *quickAnswer, cut context.CancelCauseFunc) {
	j.quick.Store(q)
	c.mu.Lock()
	j.cutRest = cut
	c.mu.Unlock()
	close(j.early)
}

// cutRests cuts the rest of the searches of j's game that no page waits
// for (awaited), when j, a search queued, is a new position's (not a
// page's wait for a rest), whether or not a slot is free for it. Called
// with mu held.
func (c *cache) cutRests(j *job) {
	if !j.searchPos || j.rest {
		return
	}
	for other := range c.active {
		if other.o != j.o || other.cutRest == nil || other.awaited() {
			continue
		}
		other.cutRest(errCut)
		other.cutRest, other.cutting = nil, true
	}
}

// waitsForCut reports whether j, a search about to start, waits for a
// search of its game whose rest was cut to end and give its table back
// (warm.go). Called with mu held.
func (c *cache) waitsForCut(j *job) bool {
	if !j.searchPos {
		return false
	}
	for other := range c.active {
		if other.o == j.o && other.cutting {
			return true
		}
	}
	return false
}

// describeQuick is the page's answer for p, the root of j, from its quick
// answer q: ready, with the moves q values, and pending, so that the page
// asks again for the rest.
func (s *Server) describeQuick(j *job, p sente.Position, q *quickAnswer) *PositionInfo {
	return s.describeWith(j, p, nil, q)
}
