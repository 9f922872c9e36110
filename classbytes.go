package sente

import (
	"encoding/binary"
	"fmt"
	"sync"
)

// KeyBytes is an Expander whose bytes of a position are its Encoder key,
// eight bytes big-endian: a game module's, and those WithBytes gives a
// Ranker. WithClassBytes then folds a position's bytes into its class's
// with no position made on the way.
type KeyBytes interface {
	Expander
	BytesAreKeys()
}

// CanonicalBatcher is the Symmetric capability of a game that gives many
// keys' classes in one call: a game module's, each of whose calls crosses
// into WebAssembly.
type CanonicalBatcher interface {
	// CanonicalKeys replaces each key by Canonical of it. Its error names
	// what the game's own logic got wrong.
	CanonicalKeys(keys []uint64) error
}

// ClassExpander is the Expander of a game given by WithClassBytes: each
// of its byte strings stands for a class of symmetric positions.
type ClassExpander interface {
	Expander
	BytesStandForClasses()
}

// WithClassBytes returns g with canonical bytes that stand for classes of
// symmetric positions (Symmetric): AppendBytes gives the bytes of p's
// class's canonical key, and Expand lists each child as its class's. The
// tier engine, discovering its ranks, then keeps one position a class,
// which Symmetric's contract makes worth the same for the player to move,
// and finds each position's value under its class's. The second result is
// false, and g returned, when g has no canonical bytes (Expander), no
// keys (Encoder) or no symmetries.
//
// What it asks beyond Symmetric's contract: a class's positions are in one
// tier (Tiered), since the class takes the tier of the position that led
// to it (a game that breaks it is refused, as its move to a lower tier).
// Un-moves (ExpandUnmover) are dropped: a class's parents are those of
// one of its positions folded, but how many moves lead from one class to
// another is not, which the engine's count of unsolved children needs.
func WithClassBytes(g Game) (Game, bool) {
	caps := CapabilitiesOf(g)
	if caps.Expander == nil || caps.Encoder == nil || caps.Symmetric == nil {
		return g, false
	}
	if _, ok := caps.Expander.(ClassExpander); ok {
		return g, true
	}
	c := &classGame{Game: g, caps: caps, x: caps.Expander, batch: caps.ExpandBatcher, canon: caps.Symmetric}
	_, c.keys = caps.Expander.(KeyBytes)
	c.canonBatch, _ = caps.Symmetric.(CanonicalBatcher)
	c.caps.Expander = classExpander{c}
	c.caps.ExpandBatcher = nil
	if c.batch != nil {
		c.caps.ExpandBatcher = classExpander{c}
	}
	c.caps.ExpandUnmover = nil
	return c, true
}

// classGame is a game with the class bytes WithClassBytes gives it.
type classGame struct {
	Game
	caps       Capabilities
	x          Expander
	batch      ExpandBatcher
	canon      Symmetric
	canonBatch CanonicalBatcher
	keys       bool // the game's bytes are its keys (KeyBytes)
}

func (c *classGame) Capabilities() Capabilities { return c.caps }

// classExpander is classGame's Expander, and its ExpandBatcher when the
// game has one.
type classExpander struct{ c *classGame }

var (
	_ ClassExpander = classExpander{}
	_ ExpandBatcher = classExpander{}
)

func (classExpander) BytesStandForClasses() {}

func (e classExpander) AppendBytes(dst []byte, p Position) ([]byte, error) {
	c := e.c
	enc := c.caps.Encoder
	key := enc.Encode(p)
	canon := c.canon.Canonical(key)
	if err := c.caps.Err(); err != nil {
		return dst, err
	}
	if c.keys {
		return binary.BigEndian.AppendUint64(dst, canon), nil
	}
	if canon != key {
		p = enc.Decode(canon)
	}
	return c.x.AppendBytes(dst, p)
}

func (e classExpander) FromBytes(b []byte) (Position, error) { return e.c.x.FromBytes(b) }

func (e classExpander) Expand(b []byte, x *Expansion) error {
	if err := e.c.x.Expand(b, x); err != nil {
		return err
	}
	return e.c.fold(1, func(int) *Expansion { return x })
}

func (e classExpander) ExpandBatch(b []byte, width int, xs []Expansion) error {
	if err := e.c.batch.ExpandBatch(b, width, xs); err != nil {
		return err
	}
	return e.c.fold(len(xs), func(i int) *Expansion { return &xs[i] })
}

// foldKeys holds a batch's children's keys while they are folded.
var foldKeys = sync.Pool{New: func() any { return new([]uint64) }}

// fold replaces the children of the n expansions at(0)..at(n-1) by their
// classes' bytes, in place for a game whose bytes are its keys.
func (c *classGame) fold(n int, at func(i int) *Expansion) error {
	if !c.keys {
		for i := range n {
			if err := c.foldPositions(at(i)); err != nil {
				return err
			}
		}
		return nil
	}
	held := foldKeys.Get().(*[]uint64)
	defer foldKeys.Put(held)
	keys := (*held)[:0]
	defer func() { *held = keys[:0] }()
	for i := range n {
		x := at(i)
		for k := range x.Len() {
			b := x.Child(k)
			if len(b) != 8 {
				return fmt.Errorf("child bytes %x: want an eight-byte key", b)
			}
			keys = append(keys, binary.BigEndian.Uint64(b))
		}
	}
	if c.canonBatch != nil {
		if err := c.canonBatch.CanonicalKeys(keys); err != nil {
			return err
		}
	} else {
		for i, k := range keys {
			keys[i] = c.canon.Canonical(k)
		}
		if err := c.caps.Err(); err != nil {
			return err
		}
	}
	j := 0
	for i := range n {
		x := at(i)
		for k := range x.Len() {
			lo := 0
			if k > 0 {
				lo = x.Ends[k-1]
			}
			binary.BigEndian.PutUint64(x.Bytes[lo:], keys[j])
			j++
		}
	}
	return nil
}

// foldPositions folds the children of x through positions: a child's
// bytes read as a position and its key folded; the canonical key's
// position written as bytes again when it is another's.
func (c *classGame) foldPositions(x *Expansion) error {
	enc := c.caps.Encoder
	var out []byte
	ends := make([]int, 0, x.Len())
	for k := range x.Len() {
		child := x.Child(k)
		p, err := c.x.FromBytes(child)
		if err != nil {
			return err
		}
		key := enc.Encode(p)
		canon := c.canon.Canonical(key)
		if canon == key {
			out = append(out, child...)
		} else if out, err = c.x.AppendBytes(out, enc.Decode(canon)); err != nil {
			return err
		}
		ends = append(ends, len(out))
	}
	x.Bytes = append(x.Bytes[:0], out...)
	x.Ends = append(x.Ends[:0], ends...)
	return c.caps.Err()
}
