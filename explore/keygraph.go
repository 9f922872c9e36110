package explore

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sente-go/sente"
)

// KeyGraph is a game seen as a graph of integer keys: the functions the
// explorer and the engines call on the keys of positions, whatever the game.
type KeyGraph struct {
	// Children appends the keys one move from key, without repeats.
	Children func(dst []uint64, key uint64) []uint64
	// Ended reports whether the position key is over, and its result for
	// the player to move.
	Ended func(key uint64) (sente.Value, bool)
	// Turn says whose turn it is at key, or is nil when the game promises
	// that every move passes the turn (sente.Alternating): an engine then
	// negates values at every move. Otherwise it is asked once a position,
	// and a move whose two positions have the same player to move keeps
	// the turn. Under symmetry it is the turn of the class's key, which the
	// contract of sente.Symmetric makes the turn of every position of it.
	Turn func(key uint64) sente.Player
	// Tier returns the tier of key; nil means the game has one tier.
	Tier func(key uint64) int
	// Parents appends the keys with a move to key, or is nil when the game
	// has no Unmover or the graph was changed by a policy or by symmetry.
	Parents func(dst []uint64, key uint64) []uint64
	// Rank maps keys densely onto [0, RankSize), or is nil.
	Rank     func(key uint64) uint64
	RankSize uint64
	// Key returns the key under which a position is stored (canonical when
	// symmetry reduction is on).
	Key func(p sente.Position) uint64
	// Decode turns a stored key back into a position.
	Decode func(key uint64) sente.Position
	// Err reports the first failure of the game's own logic (see
	// sente.Erring); it is never nil and returns nil for most games.
	Err func() error
	// Symmetric is set when Key folds symmetric positions into one: counts
	// of positions count classes.
	Symmetric bool
	// Serial is set when the functions above must not be called from
	// several goroutines at once: when positions are interned as they are
	// first seen, for a game without an Encoder.
	Serial bool
}

// KeyGraphOptions change the graph a game is seen as.
type KeyGraphOptions struct {
	// Restrict limits a player's moves to those a named policy allows.
	Restrict map[sente.Player]string
	// Symmetry stores one position per class of symmetric positions, when
	// the game is sente.Symmetric.
	Symmetry bool
}

// KeyGraphOf sees g as a KeyGraph. It fails when a named policy does not exist.
func KeyGraphOf(g sente.Game, opt KeyGraphOptions) (KeyGraph, error) {
	// Tiers, symmetries and un-moves are stated on the game's own keys, so
	// a game without an Encoder cannot offer them.
	caps := sente.CapabilitiesOf(g)
	enc := caps.Encoder
	native := enc != nil
	if !native {
		enc = newInterner(g)
	}
	r := KeyGraph{Ended: enc.EndedKey, Decode: enc.Decode, Serial: !native, Err: func() error { return nil }}
	switch {
	case caps.Alternates():
	case native:
		r.Turn = caps.KeyTurns(g)
	default:
		r.Turn = func(key uint64) sente.Player { return g.Turn(enc.Decode(key)) }
	}
	if e := caps.Erring; e != nil {
		r.Err = e.Err
	}
	if t := caps.Tiered; t != nil && native {
		r.Tier = t.Tier
	}
	if rk := caps.Ranker; rk != nil && native && rk.RankSize() <= maxRankSize {
		r.Rank, r.RankSize = rk.Rank, rk.RankSize()
	}
	children := enc.AppendChildren

	var policies [2]*sente.Policy
	for player, name := range opt.Restrict {
		if player != sente.First && player != sente.Second {
			return KeyGraph{}, fmt.Errorf("cannot restrict player %v", player)
		}
		p, err := FindPolicy(g, name)
		if err != nil {
			return KeyGraph{}, err
		}
		policies[player] = &p
	}
	if policies[sente.First] != nil || policies[sente.Second] != nil {
		plain := children
		children = func(dst []uint64, key uint64) []uint64 {
			n := len(dst)
			dst = plain(dst, key)
			if pol := policies[g.Turn(enc.Decode(key))]; pol != nil && len(dst) > n {
				allowed := pol.Allow(key, dst[n:])
				dst = append(dst[:n], allowed...)
			}
			return dst
		}
	}

	r.Key = enc.Encode
	sym := caps.Symmetric
	symmetric := sym != nil && native && opt.Symmetry
	if symmetric {
		plain := children
		children = func(dst []uint64, key uint64) []uint64 {
			n := len(dst)
			dst = plain(dst, key)
			for i := n; i < len(dst); i++ {
				dst[i] = sym.Canonical(dst[i])
			}
			return dst
		}
		r.Key = func(p sente.Position) uint64 { return sym.Canonical(enc.Encode(p)) }
		r.Symmetric = true
	}

	r.Children = func(dst []uint64, key uint64) []uint64 {
		n := len(dst)
		dst = children(dst, key)
		return dedupe(dst, n)
	}
	// Un-moves describe the game's own graph, not one cut by a policy or
	// folded by symmetry.
	if un := caps.Unmover; un != nil && native && len(opt.Restrict) == 0 && !symmetric {
		r.Parents = un.AppendParents
	}
	return r, nil
}

// maxRankSize bounds the flat rank index (4 bytes a rank); a game with a
// larger rank space is indexed by hash instead.
const maxRankSize = 1 << 28

// FindPolicy returns the game's policy of that name; its error lists the
// policies there are.
func FindPolicy(g sente.Game, name string) (sente.Policy, error) {
	r := sente.CapabilitiesOf(g).Restricter
	if r == nil {
		return sente.Policy{}, fmt.Errorf("this game has no policies for restricted opponents (asked for %q)", name)
	}
	var names []string
	for _, p := range r.Policies() {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return sente.Policy{}, fmt.Errorf("unknown policy %q (policies: %s)", name, strings.Join(names, ", "))
}

// dedupe removes repeats from dst[from:], keeping the first of each in the
// game's order of moves. It never orders by key: keys may number positions
// in the order they were first met (a rules file's do), which differs from
// run to run when positions are met concurrently, and ids, tables and
// pictures follow the order of children.
func dedupe(dst []uint64, from int) []uint64 {
	s := dst[from:]
	if len(s) <= shortMoves {
		out := s[:0]
	next:
		for _, k := range s {
			for _, seen := range out {
				if seen == k {
					continue next
				}
			}
			out = append(out, k)
		}
		return dst[:from+len(out)]
	}
	sorted := sortedScratch.Get().(*[]uint64)
	defer sortedScratch.Put(sorted)
	*sorted = append((*sorted)[:0], s...)
	slices.Sort(*sorted)
	if len(slices.Compact(*sorted)) == len(s) {
		return dst
	}
	seen := make(map[uint64]bool, len(s))
	out := s[:0]
	for _, k := range s {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return dst[:from+len(out)]
}

// shortMoves is the longest move list dedupe checks pair by pair; longer
// ones are sorted in scratch space to look for repeats.
const shortMoves = 48

var sortedScratch = sync.Pool{New: func() any { return new([]uint64) }}

// interner gives positions of a game without an Encoder dense keys in the
// order they are first seen.
type interner struct {
	g         sente.Game
	ids       map[sente.Position]uint64
	positions []sente.Position
}

func newInterner(g sente.Game) *interner {
	return &interner{g: g, ids: map[sente.Position]uint64{}}
}

func (in *interner) Encode(p sente.Position) uint64 {
	if id, ok := in.ids[p]; ok {
		return id
	}
	id := uint64(len(in.positions))
	in.ids[p] = id
	in.positions = append(in.positions, p)
	return id
}

func (in *interner) Decode(key uint64) sente.Position { return in.positions[key] }

func (in *interner) AppendChildren(dst []uint64, key uint64) []uint64 {
	for _, m := range in.g.Moves(in.positions[key]) {
		dst = append(dst, in.Encode(m.To))
	}
	return dst
}

func (in *interner) EndedKey(key uint64) (sente.Value, bool) {
	return in.g.Ended(in.positions[key])
}
