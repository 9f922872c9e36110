package sente

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// ErrTextForm is in the error of a game given bytes by WithBytes whose
// position's text does not read back as itself, which the tier engine
// cannot store it by: bad input, not a failure while working.
var ErrTextForm = errors.New("a position stored by its text needs FormatPosition to give text that ParsePosition reads back as the same position, with no zero byte")

// WithBytes returns g with canonical bytes (Expander), so that the tier
// engine can solve any game into stored tables, discovering its ranks, and
// verify can check them: a game of one's own that gives only the Game
// contract has no rank formula (TierRanker), and without one its tables
// can be neither stored nor read back. g itself is returned when it ranks
// its positions by tiers or has canonical bytes already.
//
// A position's bytes are its Encoder key (eight bytes, big-endian) when g
// is a Ranker, whose keys are the same in every run (see Encoder); else
// its text (FormatPosition) followed by a zero byte, so that no position's
// bytes start another's. The text must read back as itself through
// ParsePosition, and hold no zero byte: a position whose text does not is
// a one-line error naming it, since its tables could not be read back. A
// position's tier is Tier of its key when g is Tiered, else 0: a game
// without tiers is one loopy tier.
//
// The game returned states its capabilities (Capable): those of g, with
// this Expander.
func WithBytes(g Game) Game {
	caps := CapabilitiesOf(g)
	if caps.TierRanker != nil || caps.Expander != nil {
		return g
	}
	b := &bytesGame{Game: g, caps: caps}
	b.keys = caps.Encoder != nil && caps.Ranker != nil
	b.caps.Expander = b
	if b.keys {
		b.caps.Expander = keyBytes{b}
	}
	// Un-moves are of keys, and a game with keys but no Ranker is read
	// through its text: only a Ranker's un-moves are its bytes' too.
	if b.keys && caps.Unmover != nil {
		b.caps.ExpandUnmover = b
	}
	return b
}

// bytesGame is a game with the canonical bytes WithBytes gives it.
type bytesGame struct {
	Game
	caps Capabilities
	keys bool // bytes are Encoder keys, not text
}

func (b *bytesGame) Capabilities() Capabilities { return b.caps }

// keyBytes is the Expander of a bytesGame whose bytes are its keys.
type keyBytes struct{ *bytesGame }

func (keyBytes) BytesAreKeys() {}

func (b *bytesGame) AppendBytes(dst []byte, p Position) ([]byte, error) {
	if b.keys {
		return binary.BigEndian.AppendUint64(dst, b.caps.Encoder.Encode(p)), nil
	}
	text := b.FormatPosition(p)
	if _, err := b.parse(text); err != nil {
		return dst, err
	}
	return append(append(dst, text...), 0), nil
}

// parse reads a position's text, checking that it is the text of the
// position ParsePosition reads from it: the bytes of every position the
// tier engine meets are parsed when it expands them, so a text that does
// not read back is found there.
func (b *bytesGame) parse(text string) (Position, error) {
	if strings.IndexByte(text, 0) >= 0 {
		return nil, fmt.Errorf("position %q holds a zero byte: %w", text, ErrTextForm)
	}
	p, err := b.ParsePosition(text)
	if err != nil {
		return nil, fmt.Errorf("position %q does not read back through ParsePosition (%v): %w", text, err, ErrTextForm)
	}
	if again := b.FormatPosition(p); again != text {
		return nil, fmt.Errorf("position %q reads back through ParsePosition as %q: %w", text, again, ErrTextForm)
	}
	return p, nil
}

func (b *bytesGame) FromBytes(data []byte) (Position, error) {
	if b.keys {
		key, err := b.key(data)
		if err != nil {
			return nil, err
		}
		return b.caps.Encoder.Decode(key), nil
	}
	text, _, found := bytes.Cut(data, []byte{0})
	if !found {
		return nil, fmt.Errorf("position bytes %q: no zero byte ends the text", data)
	}
	return b.parse(string(text))
}

func (b *bytesGame) key(data []byte) (uint64, error) {
	if len(data) < 8 {
		return 0, fmt.Errorf("position bytes %x: want an eight-byte key", data)
	}
	return binary.BigEndian.Uint64(data), nil
}

func (b *bytesGame) Expand(data []byte, x *Expansion) error {
	x.Reset()
	if b.keys {
		return b.expandKey(data, x)
	}
	p, err := b.FromBytes(data)
	if err != nil {
		return err
	}
	if !x.NoTurn {
		x.Turn = b.Turn(p)
	}
	if !x.Playing {
		if x.Value, x.Ended = b.Ended(p); x.Ended {
			return nil
		}
	}
	var child []byte
	for _, m := range b.Moves(p) {
		child = append(append(child[:0], b.FormatPosition(m.To)...), 0)
		tier := 0
		if !x.NoTiers && b.caps.Tiered != nil && b.caps.Encoder != nil {
			tier = b.caps.Tiered.Tier(b.caps.Encoder.Encode(m.To))
		}
		x.Add(child, tier)
	}
	return nil
}

func (b *bytesGame) expandKey(data []byte, x *Expansion) error {
	key, err := b.key(data)
	if err != nil {
		return err
	}
	enc := b.caps.Encoder
	if !x.NoTurn {
		x.Turn = b.Turn(enc.Decode(key))
	}
	if !x.Playing {
		if x.Value, x.Ended = enc.EndedKey(key); x.Ended {
			return nil
		}
	}
	children := enc.AppendChildren(nil, key)
	var child [8]byte
	for i, c := range children {
		if repeated(children[:i], c) {
			continue // each child once, as un-moves list each parent once
		}
		binary.BigEndian.PutUint64(child[:], c)
		tier := 0
		if !x.NoTiers && b.caps.Tiered != nil {
			tier = b.caps.Tiered.Tier(c)
		}
		x.Add(child[:], tier)
	}
	return nil
}

func repeated(keys []uint64, k uint64) bool {
	for _, seen := range keys {
		if seen == k {
			return true
		}
	}
	return false
}

func (b *bytesGame) Parents(data []byte, x *Expansion) error {
	x.Reset()
	key, err := b.key(data)
	if err != nil {
		return err
	}
	var parent [8]byte
	for _, p := range b.caps.Unmover.AppendParents(nil, key) {
		binary.BigEndian.PutUint64(parent[:], p)
		x.Bytes = append(x.Bytes, parent[:]...)
		x.Ends = append(x.Ends, len(x.Bytes))
	}
	return nil
}
