package web

import (
	"context"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
)

// The bound on valuing a partizan position and its moves' results for
// one request: the parts and positions of parts valued (each holds a
// canonical form in cgt's table, which the process keeps) and the time,
// at most a tenth of the request's.
var (
	worthComponents = 100_000
	worthTime       = time.Second
)

// worthKept is how many positions' values the server remembers: the page
// asks for the same position every 400 ms while its game is solved, and a
// position too large to value would otherwise cost its whole bound each
// time.
const worthKept = 4096

// worths remembers the values of partizan positions, and the refusals of
// those too large to value, by game and position.
type worths struct {
	mu   sync.Mutex
	kept map[string]worthAnswer
}

type worthAnswer struct {
	position *explain.PositionWorthJSON
	moves    map[string]*explain.MoveWorthJSON // by the move's name
}

// worth is the value of p of the partizan game g (spec) and of the
// position each of moves leads to, by the move's name, within the bound;
// nil for a game that is not partizan.
func (s *Server) worth(spec string, g sente.Game, p sente.Position, moves []sente.Move) worthAnswer {
	if !sente.CapabilitiesOf(g).IsPartizan() {
		return worthAnswer{}
	}
	key := spec + "\x00" + g.FormatPosition(p)
	w := &s.worths
	w.mu.Lock()
	a, ok := w.kept[key]
	w.mu.Unlock()
	if ok {
		return a
	}
	bound := explain.WorthBound{MaxComponents: worthComponents, Time: min(worthTime, s.cfg.RequestTimeout/10)}
	pos, after := explain.PositionWorth(context.Background(), g, p, moves, bound)
	a = worthAnswer{position: pos, moves: map[string]*explain.MoveWorthJSON{}}
	for i, m := range after {
		a.moves[moves[i].Name] = m
	}
	w.mu.Lock()
	if w.kept == nil || len(w.kept) >= worthKept {
		w.kept = map[string]worthAnswer{}
	}
	w.kept[key] = a
	w.mu.Unlock()
	return a
}
