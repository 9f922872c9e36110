package explore

import (
	"fmt"

	"github.com/sente-go/sente"
)

// ExpanderGraph sees a game with canonical bytes (sente.Expander) as a
// KeyGraph whose keys index a table of its own, made for this graph and
// dropped with it: the positions a sample meets are then not kept by the
// game (a rules file interns every position it is asked about, for good),
// and each is expanded once, asking result, moves and the children's
// tiers together. Children and Ended are for one goroutine at a time
// (Serial); Decode gives the game's own position.
func ExpanderGraph(g sente.Game) (KeyGraph, error) {
	caps := sente.CapabilitiesOf(g)
	x := caps.Expander
	if x == nil {
		return KeyGraph{}, fmt.Errorf("the game has no canonical bytes (sente.Expander)")
	}
	eg := &expandGraph{x: x, index: map[string]uint64{}, tiered: caps.Tiered != nil && caps.Encoder != nil, last: noKey}
	r := KeyGraph{
		Children: eg.children,
		Ended:    eg.ended,
		Decode:   eg.decode,
		Turn:     eg.turn,
		Serial:   true,
		Err:      func() error { return eg.err },
	}
	if eg.tiered {
		r.Tier = func(key uint64) int { return int(eg.tiers[key]) }
	}
	r.Key = func(p sente.Position) uint64 {
		b, err := x.AppendBytes(nil, p)
		if err != nil {
			eg.fail(err)
			return noKey
		}
		t := 0
		if eg.tiered {
			t = caps.Tiered.Tier(caps.Encoder.Encode(p))
		}
		return eg.intern(b, t)
	}
	if e := caps.Erring; e != nil {
		own := r.Err
		r.Err = func() error {
			if err := e.Err(); err != nil {
				return err
			}
			return own()
		}
	}
	return r, nil
}

// noKey is no position: what a key of a failed call is.
const noKey = ^uint64(0)

type expandGraph struct {
	x      sente.Expander
	tiered bool
	index  map[string]uint64
	keys   []string // by key, the bytes
	tiers  []int32  // by key, when tiered
	err    error

	// The expansion of last, which Ended and Children both ask for.
	last uint64
	exp  sente.Expansion
}

func (eg *expandGraph) fail(err error) {
	if eg.err == nil {
		eg.err = err
	}
}

func (eg *expandGraph) intern(b []byte, tier int) uint64 {
	if k, ok := eg.index[string(b)]; ok {
		return k
	}
	k := uint64(len(eg.keys))
	s := string(b)
	eg.index[s] = k
	eg.keys = append(eg.keys, s)
	if eg.tiered {
		eg.tiers = append(eg.tiers, int32(tier))
	}
	return k
}

// expand expands key, once for Ended and Children in turn; false when it
// failed.
func (eg *expandGraph) expand(key uint64) bool {
	if key >= uint64(len(eg.keys)) || eg.err != nil {
		return false
	}
	if key == eg.last {
		return true
	}
	eg.exp.Playing, eg.exp.NoTiers, eg.exp.NoTurn = false, !eg.tiered, true
	if err := eg.x.Expand([]byte(eg.keys[key]), &eg.exp); err != nil {
		eg.fail(err)
		eg.last = noKey
		return false
	}
	eg.last = key
	return true
}

func (eg *expandGraph) ended(key uint64) (sente.Value, bool) {
	if !eg.expand(key) {
		return sente.Unknown, true
	}
	return eg.exp.Value, eg.exp.Ended
}

func (eg *expandGraph) children(dst []uint64, key uint64) []uint64 {
	if !eg.expand(key) || eg.exp.Ended {
		return dst
	}
	n := len(dst)
	for i := range eg.exp.Len() {
		t := 0
		if eg.tiered {
			t = eg.exp.Tiers[i]
		}
		dst = append(dst, eg.intern(eg.exp.Child(i), t))
	}
	return dedupe(dst, n)
}

// turn asks the game about key once more, with its turn: a sample, which
// this graph is for, never asks, and pays nothing for it.
func (eg *expandGraph) turn(key uint64) sente.Player {
	if key >= uint64(len(eg.keys)) || eg.err != nil {
		return sente.First
	}
	x := sente.Expansion{NoTiers: true}
	if err := eg.x.Expand([]byte(eg.keys[key]), &x); err != nil {
		eg.fail(err)
		return sente.First
	}
	return x.Turn
}

func (eg *expandGraph) decode(key uint64) sente.Position {
	if key >= uint64(len(eg.keys)) {
		return nil
	}
	p, err := eg.x.FromBytes([]byte(eg.keys[key]))
	if err != nil {
		return nil
	}
	return p
}
