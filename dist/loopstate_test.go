package dist

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

type told struct {
	parent uint64
	lost   bool
}

// TestLoopRound runs a round on a shard of 8 ranks starting at rank 100,
// without Beam: rank r's parents are 2r and 2r+1, and rank 107 has none
// the game can list.
func TestLoopRound(t *testing.T) {
	errParents := errors.New("no parents")
	parents := func(rank uint64) ([]uint64, error) {
		if rank == 107 {
			return nil, errParents
		}
		return []uint64{2 * rank, 2*rank + 1}, nil
	}
	pending := func(s *loopState, o uint64, count uint32) {
		setBit(s.Pending, o)
		s.Count[o] = count
	}
	for _, tc := range []struct {
		name    string
		setup   func(s *loopState)
		round   loopRound // Tier, Lo and Inbox are set below
		heard   *messages
		tells   []told
		next    uint32
		cells   map[uint32]store.Cell // the cells settled after the round
		pending []uint64
		err     string
	}{{
		name:  "a round that starts a phase tells the parents of a loss the first pass settled",
		setup: func(s *loopState) { s.Cells[0] = store.Pack(sente.Lose, 0) },
		round: loopRound{Level: 0, Start: true},
		tells: []told{{200, true}, {201, true}},
		next:  noLevel,
		cells: map[uint32]store.Cell{0: store.Pack(sente.Lose, 0)},
	}, {
		name: "a win through a child tier waits for its level",
		setup: func(s *loopState) {
			pending(s, 2, 1)
			s.Win[2] = 3
		},
		round:   loopRound{Level: 0, Start: true},
		next:    3,
		pending: []uint64{2},
	}, {
		name: "a win through a child tier settles at its level and tells the parents it won",
		setup: func(s *loopState) {
			pending(s, 2, 1)
			s.Queue = []entry{{3, 2, tagWin}}
		},
		round: loopRound{Level: 3},
		tells: []told{{204, false}, {205, false}},
		next:  noLevel,
		cells: map[uint32]store.Cell{2: store.Pack(sente.Win, 3)},
	}, {
		name:  "a child lost makes a pending parent won at the round's level",
		setup: func(s *loopState) { pending(s, 3, 2) },
		round: loopRound{Level: 4},
		heard: &messages{Lost: []uint32{3}},
		tells: []told{{206, false}, {207, false}},
		next:  noLevel,
		cells: map[uint32]store.Cell{3: store.Pack(sente.Win, 4)},
	}, {
		name:  "a child won counts the open children down",
		setup: func(s *loopState) { pending(s, 4, 2) },
		round: loopRound{Level: 1},
		heard: &messages{Won: []uint32{4}},
		next:  noLevel, pending: []uint64{4},
	}, {
		name: "the last child won makes it lost at the round's level",
		setup: func(s *loopState) {
			pending(s, 4, 1)
			s.Loss[4] = 2
		},
		round: loopRound{Level: 3},
		heard: &messages{Won: []uint32{4}},
		tells: []told{{208, true}, {209, true}},
		next:  noLevel,
		cells: map[uint32]store.Cell{4: store.Pack(sente.Lose, 3)},
	}, {
		name: "the last child won waits for a slower loss through a child tier",
		setup: func(s *loopState) {
			pending(s, 4, 1)
			s.Loss[4] = 7
		},
		round:   loopRound{Level: 3},
		heard:   &messages{Won: []uint32{4}},
		next:    7,
		pending: []uint64{4},
	}, {
		name: "the last child won leaves a position a child tier wins for to that win",
		setup: func(s *loopState) {
			pending(s, 4, 1)
			s.Win[4] = 9
		},
		round:   loopRound{Level: 3},
		heard:   &messages{Won: []uint32{4}},
		next:    noLevel,
		pending: []uint64{4},
	}, {
		name:  "what is told of a position settled already changes nothing",
		setup: func(s *loopState) { s.Cells[1] = store.Pack(sente.Win, 1) },
		round: loopRound{Level: 2},
		heard: &messages{Lost: []uint32{1}, Won: []uint32{1}},
		next:  noLevel,
		cells: map[uint32]store.Cell{1: store.Pack(sente.Win, 1)},
	}, {
		name:  "among ties a child tied makes a pending parent tied and tells its parents",
		setup: func(s *loopState) { pending(s, 5, 1) },
		round: loopRound{Level: 2, Ties: true},
		heard: &messages{Lost: []uint32{5}},
		tells: []told{{210, true}, {211, true}},
		next:  noLevel,
		cells: map[uint32]store.Cell{5: store.Pack(sente.Tie, 2)},
	}, {
		name: "among ties a win settled is nothing to tell",
		setup: func(s *loopState) {
			s.Cells[6] = store.Pack(sente.Win, 1)
			s.Queue = []entry{{1, 6, tagSettled}}
		},
		round: loopRound{Level: 1, Ties: true},
		next:  noLevel,
		cells: map[uint32]store.Cell{6: store.Pack(sente.Win, 1)},
	}, {
		name:  "an offset past the shard",
		round: loopRound{Level: 1},
		heard: &messages{Lost: []uint32{8}},
		err:   "inbox: told rank 8 of a shard of 8",
	}, {
		name:  "more won children than open",
		setup: func(s *loopState) { pending(s, 5, 0) },
		round: loopRound{Level: 1},
		heard: &messages{Won: []uint32{5}},
		err:   "tier 2 rank 105: told of more won children than it has open",
	}, {
		name:  "an entry left below the round's level",
		setup: func(s *loopState) { s.Queue = []entry{{1, 0, tagSettled}} },
		round: loopRound{Level: 2},
		err:   "tier 2 rank 100: queued at level 1, found at level 2",
	}, {
		name:  "past the remoteness a cell holds",
		setup: func(s *loopState) { pending(s, 1, 1) },
		round: loopRound{Level: store.MaxRemoteness + 1},
		heard: &messages{Lost: []uint32{1}},
		err:   "passes the",
	}, {
		name:  "the game cannot list the parents",
		setup: func(s *loopState) { pending(s, 7, 1) },
		round: loopRound{Level: 1},
		heard: &messages{Lost: []uint32{7}},
		err:   errParents.Error(),
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newLoopState(8)
			if tc.setup != nil {
				tc.setup(s)
			}
			r := tc.round
			r.Tier, r.Lo, r.Inbox = 2, 100, "inbox"
			var got []told
			err := r.run(s, tc.heard, parents, func(p uint64, lost bool) { got = append(got, told{p, lost}) })
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.tells) {
				t.Errorf("told %v, want %v", got, tc.tells)
			}
			if s.Next != tc.next {
				t.Errorf("next level %d, want %d", s.Next, tc.next)
			}
			for o, c := range s.Cells {
				if want := tc.cells[uint32(o)]; c != want {
					t.Errorf("cell %d is %v, want %v", o, c, want)
				}
			}
			var still []uint64
			for o := range uint64(8) {
				if hasBit(s.Pending, o) {
					still = append(still, o)
				}
			}
			if !slices.Equal(still, tc.pending) {
				t.Errorf("pending %v, want %v", still, tc.pending)
			}
		})
	}
}
