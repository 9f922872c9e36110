package sente_test

import (
	"fmt"

	"github.com/sente-go/sente"
)

// KeyedSubtraction is Subtraction (see the example of Game) with the
// Encoder fast path added: each position is an integer key, and the moves
// and the end are stated on keys, so that the engines hold flat arrays of
// integers and allocate nothing per position. Embedding keeps the six
// methods of the game as they are.
type KeyedSubtraction struct{ Subtraction }

// Encode packs a position into a key: the tokens, then one bit for the
// player to move. The key ^uint64(0) is reserved by the engines and never
// made here.
func (KeyedSubtraction) Encode(p sente.Position) uint64 {
	h := p.(heap)
	return uint64(h.Tokens)<<1 | uint64(h.Turn)
}

func (KeyedSubtraction) Decode(key uint64) sente.Position {
	return heap{int(key >> 1), sente.Player(key & 1)}
}

// AppendChildren is Moves on keys: take 1, 2 or 3 tokens and flip the bit
// of the player to move.
func (KeyedSubtraction) AppendChildren(dst []uint64, key uint64) []uint64 {
	tokens, other := key>>1, key&1^1
	for take := uint64(1); take <= min(3, tokens); take++ {
		dst = append(dst, (tokens-take)<<1|other)
	}
	return dst
}

func (KeyedSubtraction) EndedKey(key uint64) (sente.Value, bool) {
	return sente.Lose, key>>1 == 0
}

// An optional capability is a method set the engines look for, as io.Copy
// looks for io.WriterTo: a game offers it by having the methods, and
// sente.CapabilitiesOf finds it. Package gamecheck then holds the keys to
// the game's own Moves and Ended.
func ExampleEncoder() {
	for _, g := range []sente.Game{Subtraction{Heap: 5}, KeyedSubtraction{Subtraction{Heap: 5}}} {
		enc := sente.CapabilitiesOf(g).Encoder
		if enc == nil {
			fmt.Printf("%T: no keys, positions are map keys\n", g)
			continue
		}
		start := enc.Encode(g.Start())
		fmt.Printf("%T: start %d, children %v\n", g, start, enc.AppendChildren(nil, start))
	}
	// Output:
	// sente_test.Subtraction: no keys, positions are map keys
	// sente_test.KeyedSubtraction: start 10, children [9 7 5]
}
