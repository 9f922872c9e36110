package web

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/book"
)

// holdRests makes s's searches wait, between their quick answer and the
// rest, for a token on the channel it returns, or for their rest to be
// cut.
func holdRests(s *Server) chan<- struct{} {
	gate := make(chan struct{}, 8)
	s.cache.beforeRest = func(ctx context.Context) {
		select {
		case <-gate:
		case <-ctx.Done():
		}
	}
	return gate
}

// TestQuickAnswerThenTheRest: a position past the book is answered at
// once with its value and remoteness and, of its moves, what follows
// without searching them all: every move of a lost position as a loss,
// how slow not yet said; a best move of a won one. Each agrees with a
// search of its own. The rest, asked for with rest=1, then gives every
// move's value and remoteness.
func TestQuickAnswerThenTheRest(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newTestServer(t, Config{Memory: 4 << 30, Tables: st, SearchMemory: 64 << 20, SearchWait: 30 * time.Second})
	storeBook(t, s, st, "connect4", midGame, midBook, book.Everything)
	gate := holdRests(s)
	h := s.Handler()
	for _, pos := range []string{midGame + "4233", midGame + "42335"} {
		quick := position(t, h, "connect4", pos)
		out, moves := searchedAlone(t, "connect4", pos)
		if quick.Status != "ready" || !quick.Pending {
			t.Fatalf("%s: status %q, pending %v: want a quick answer", pos, quick.Status, quick.Pending)
		}
		if quick.Value != out.Value || deref(quick.Remoteness) != out.Remoteness {
			t.Errorf("%s: quick %v in %d, search alone %v", pos, quick.Value, deref(quick.Remoteness), out)
		}
		best := 0
		for _, m := range quick.Moves {
			want := moves[m.Move]
			switch {
			case m.Value == sente.Unknown:
				if out.Value == sente.Lose {
					t.Errorf("%s: move %s of a lost position has no value", pos, m.Move)
				}
				continue
			case m.Value != want.Value, m.Remoteness != nil && *m.Remoteness != want.Remoteness:
				t.Errorf("%s: move %s quick %v in %d, search alone %v", pos, m.Move, m.Value, deref(m.Remoteness), want)
			}
			if m.Best {
				best++
				if mo := (sente.Outcome{Value: m.Value, Remoteness: deref(m.Remoteness)}); mo != out {
					t.Errorf("%s: move %s marked best at %v, the position is %v", pos, m.Move, mo, out)
				}
			}
		}
		if out.Value == sente.Win && best == 0 {
			t.Errorf("%s: won, and no best move in the quick answer %+v", pos, quick.Moves)
		}
		gate <- struct{}{}
		rest := ready(t, h, "connect4", pos)
		for _, m := range rest.Moves {
			if want := moves[m.Move]; m.Value != want.Value || deref(m.Remoteness) != want.Remoteness {
				t.Errorf("%s: move %s is %v in %d, search alone says %v", pos, m.Move, m.Value, deref(m.Remoteness), want)
			}
		}
	}
	checkPools(t, s)
}

// TestQuickRestCut: the rest of a position's search that no page waits
// for is cut when another position of its game is asked for: its job is
// forgotten and the table goes to the new position's search. A rest a
// page waits for (rest=1) is not cut, and comes.
func TestQuickRestCut(t *testing.T) {
	s := newTestServer(t, Config{Memory: 4 << 30, SearchMemory: 64 << 20, SearchWait: 30 * time.Second})
	gate := holdRests(s)
	h := s.Handler()
	c := s.cache
	jobOf := func(pos string) *job {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, j := range c.jobs {
			if j.searchPos && j.game.FormatPosition(j.root) == mustFormat(t, j.game, pos) {
				return j
			}
		}
		return nil
	}
	a := midGame + "4233"
	if q := position(t, h, "connect4", a); !q.Pending {
		t.Fatalf("%s: not a quick answer", a)
	}
	b := a + "5"
	if q := position(t, h, "connect4", b); !q.Pending {
		t.Fatalf("%s: not a quick answer", b)
	}
	if jobOf(a) != nil {
		t.Errorf("%s: the rest nobody waited for was not cut", a)
	}
	c.mu.Lock()
	kept := len(c.warm)
	c.mu.Unlock()
	if kept != 0 {
		t.Errorf("%d tables kept: the cut search's table did not go to the next", kept)
	}

	// A page waits for the rest of b: another position does not cut it.
	restOfB := make(chan PositionInfo)
	go func() {
		var info PositionInfo
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game=connect4&pos="+b+"&rest=1", nil))
		json.Unmarshal(rec.Body.Bytes(), &info)
		restOfB <- info
	}()
	time.Sleep(200 * time.Millisecond)
	if q := position(t, h, "connect4", b+"3"); !q.Pending {
		t.Fatalf("%s: not a quick answer", b+"3")
	}
	if j := jobOf(b); j == nil {
		t.Fatalf("%s: a rest a page waits for was cut", b)
	}
	gate <- struct{}{}
	gate <- struct{}{}
	if info := <-restOfB; info.Pending || len(info.Moves) == 0 || info.Moves[0].Remoteness == nil {
		t.Errorf("%s: the rest did not come: %+v", b, info.Moves)
	}
	checkPools(t, s)
}
