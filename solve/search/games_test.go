package search_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/search"
)

// hops is a tiny game whose moves may keep the turn, with ties, for the
// engine's handling of turns. A position is n tokens and the player to
// move; a move takes one or two tokens. Taking one token keeps the turn
// when it leaves a multiple of three, and passes it otherwise; taking two
// always passes it. The player who takes the last token wins (the player
// to move at 0 has lost), and a position of 7 tokens that the first
// player is to move at has ended in a tie.
type hops struct{ n int }

type hopsPos struct {
	n      int
	second bool
}

func (h hops) Start() sente.Position { return hopsPos{n: h.n} }
func (h hops) Moves(p sente.Position) []sente.Move {
	var out []sente.Move
	for _, k := range h.AppendChildren(nil, h.Encode(p)) {
		out = append(out, sente.Move{Name: strconv.Itoa(p.(hopsPos).n - h.Decode(k).(hopsPos).n), To: h.Decode(k)})
	}
	return out
}
func (h hops) Ended(p sente.Position) (sente.Value, bool) { return h.EndedKey(h.Encode(p)) }
func (h hops) Turn(p sente.Position) sente.Player {
	if p.(hopsPos).second {
		return sente.Second
	}
	return sente.First
}
func (h hops) FormatPosition(p sente.Position) string {
	q := p.(hopsPos)
	return fmt.Sprintf("%d/%v", q.n, q.second)
}
func (h hops) ParsePosition(string) (sente.Position, error) { return nil, errors.New("no") }
func (h hops) Encode(p sente.Position) uint64 {
	q := p.(hopsPos)
	k := uint64(q.n) << 1
	if q.second {
		k |= 1
	}
	return k
}
func (h hops) Decode(k uint64) sente.Position { return hopsPos{n: int(k >> 1), second: k&1 == 1} }
func (h hops) AppendChildren(dst []uint64, k uint64) []uint64 {
	n, second := k>>1, k&1
	if n >= 1 {
		keep := (n-1)%3 == 0
		s := second
		if !keep {
			s ^= 1
		}
		dst = append(dst, (n-1)<<1|s)
	}
	if n >= 2 {
		dst = append(dst, (n-2)<<1|second^1)
	}
	return dst
}
func (h hops) EndedKey(k uint64) (sente.Value, bool) {
	switch {
	case k>>1 == 0:
		return sente.Lose, true
	case k>>1 == 7 && k&1 == 0:
		return sente.Tie, true
	}
	return sente.Unknown, false
}

// reference is sente's definitions, straight: for an acyclic game with
// integer keys, the outcome of every position reachable from key, a move
// that keeps the turn keeping its value and one that passes it flipping
// it, the fastest win, else the fastest tie, else the slowest loss.
func reference(g sente.Game, enc sente.Encoder, key uint64, memo map[uint64]sente.Outcome) sente.Outcome {
	if o, ok := memo[key]; ok {
		return o
	}
	if v, ended := enc.EndedKey(key); ended {
		memo[key] = sente.Outcome{Value: v}
		return memo[key]
	}
	turn := g.Turn(enc.Decode(key))
	win, tie, loss := -1, -1, 0
	for _, kid := range enc.AppendChildren(nil, key) {
		o := reference(g, enc, kid, memo)
		v := o.Value
		if g.Turn(enc.Decode(kid)) != turn {
			v = v.Flip()
		}
		r := o.Remoteness + 1
		switch v {
		case sente.Win:
			if win < 0 || r < win {
				win = r
			}
		case sente.Tie:
			if tie < 0 || r < tie {
				tie = r
			}
		default:
			loss = max(loss, r)
		}
	}
	o := sente.Outcome{Value: sente.Lose, Remoteness: loss}
	switch {
	case win >= 0:
		o = sente.Outcome{Value: sente.Win, Remoteness: win}
	case tie >= 0:
		o = sente.Outcome{Value: sente.Tie, Remoteness: tie}
	}
	memo[key] = o
	return o
}

// TestMovesThatKeepTheTurn: in a game where some moves keep the turn,
// search gives the definitions' outcome of every position, on one worker
// and on two. (The table engines learn to keep the turn on a branch of
// their own; this reference holds search to the definitions meanwhile.)
func TestMovesThatKeepTheTurn(t *testing.T) {
	g := hops{n: 40}
	memo := map[uint64]sente.Outcome{}
	reference(g, g, g.Encode(g.Start()), memo)
	kept, ties := 0, 0
	for key, o := range memo {
		if o.Value == sente.Tie {
			ties++
		}
		for _, kid := range g.AppendChildren(nil, key) {
			if kid&1 == key&1 {
				kept++
			}
		}
	}
	if kept == 0 || ties < 2 {
		t.Fatalf("the game has %d moves that keep the turn and %d ties; the test needs both", kept, ties)
	}
	for _, workers := range []int{1, 2, -2} {
		// -2: two workers, every probe's starting together.
		s, err := search.New(g, search.Options{TableBytes: 1 << 12, Workers: max(workers, -workers)})
		if err != nil {
			t.Fatal(err)
		}
		if workers < 0 {
			search.JoinAtOnce(s)
		}
		for key, want := range memo {
			res, err := s.SolveKey(context.Background(), key)
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != want {
				t.Errorf("%d workers, %s: search %v, definitions %v", workers, g.FormatPosition(g.Decode(key)), res.Outcome, want)
			}
		}
	}
}

// ring is a game that loops: from position i (0 to 4) a move goes to
// i+1 mod 5 or, from 3, to the end (5), which is lost for the player to
// move there.
type ring struct{ hops }

func (ring) Start() sente.Position                        { return hopsPos{} }
func (ring) Encode(p sente.Position) uint64               { return uint64(p.(hopsPos).n) }
func (ring) Decode(k uint64) sente.Position               { return hopsPos{n: int(k), second: k%2 == 1} }
func (r ring) Ended(p sente.Position) (sente.Value, bool) { return r.EndedKey(r.Encode(p)) }
func (ring) AppendChildren(dst []uint64, k uint64) []uint64 {
	dst = append(dst, (k+1)%5)
	if k == 3 {
		dst = append(dst, 5)
	}
	return dst
}
func (ring) EndedKey(k uint64) (sente.Value, bool) {
	if k == 5 {
		return sente.Lose, true
	}
	return sente.Unknown, false
}

// cycle is a game that never ends: from position i (0 to 4) the one move
// goes to i+1 mod 5. Its value is a draw by endless play.
type cycle struct{ ring }

func (cycle) AppendChildren(dst []uint64, k uint64) []uint64 { return append(dst, (k+1)%5) }
func (cycle) EndedKey(uint64) (sente.Value, bool)            { return sente.Unknown, false }

// TestLoops: a game whose play returns to a position is answered when
// questions bounded in depth settle it (quixo 3×3, without the tables of
// its loopy tiers, agrees with the hashing engine), and otherwise refused
// in one line that says why, never answered wrongly (ring is a draw: at
// 3, the player to move loses by ending it and so goes round again).
// Both whatever the number of workers: which worker meets a loop first
// does not decide the answer.
func TestLoops(t *testing.T) {
	quixo, ps, os := solved(t, "quixo:n=3")
	want := map[string]sente.Outcome{}
	for i, p := range ps {
		if quixo.FormatPosition(p) == quixo.FormatPosition(quixo.Start()) {
			want["quixo"] = os[i]
		}
	}
	morris, err := games.New("morris:board=five")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		game sente.Game
	}{
		{"ring", ring{}},
		{"quixo", quixo},
		{"cycle", cycle{}},
		{"morris", morris},
	} {
		for _, workers := range []int{1, 2, 4, -4} {
			// -4: four workers, every probe's starting together.
			s, err := search.New(tt.game, search.Options{TableBytes: 1 << 20, Workers: max(workers, -workers)})
			if err != nil {
				t.Fatal(err)
			}
			if workers < 0 {
				search.JoinAtOnce(s)
			}
			res, err := s.Solve(context.Background(), tt.game.Start())
			if w, ok := want[tt.name]; ok {
				if err != nil || res.Outcome != w {
					t.Errorf("%s, %d workers: %v, %v; want %v", tt.name, workers, res.Outcome, err, w)
				}
				continue
			}
			var loop *search.LoopError
			if !errors.As(err, &loop) {
				t.Errorf("%s, %d workers: %v, %v; want a LoopError", tt.name, workers, res.Outcome, err)
				continue
			}
			if msg := err.Error(); !containsAll(msg, "repeated position", "within", "table engines") {
				t.Errorf("%s: %q does not say why", tt.name, msg)
			}
		}
	}
}

func containsAll(s string, words ...string) bool {
	for _, w := range words {
		if !contains(s, w) {
			return false
		}
	}
	return true
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
