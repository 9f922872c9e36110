package tables

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// Source is where stored tables are read from: the reading half of the
// tier engine's sink, the method set of the store's *GameStore (or of a
// sink in memory).
type Source interface {
	// Open reads a stored tier back (memory-mapped in the real store).
	Open(tier int, kind store.Kind) (*store.Table, error)
	// Has reports whether a tier is stored whole.
	Has(tier int, kind store.Kind) bool
}

// ErrNotStored is what Open fails with when the source lacks a tier.
var ErrNotStored = errors.New("solve by tiers: the game's tables are not all stored")

// Ranked is a source whose stored tables must be indexed by the game's
// ranks: tables written under another ranking of a game (by a build of
// sente whose ranks for the game are denser, or ordered otherwise) are
// not read as this one's, but reported as damaged (and solved again by a
// solve). A table of values must have as many ranks as its tier, and a
// table of values or reachable ranks stamped with a ranking
// (store.Header.Ranking) must be stamped with the game's; tables written
// before stamps were kept are taken as the game's.
type Ranked struct {
	Source
	Ranker  sente.TierRanker
	Ranking uint32 // RankingOf the game
}

func (s Ranked) Open(tier int, kind store.Kind) (*store.Table, error) {
	tbl, err := s.Source.Open(tier, kind)
	if err != nil || !kind.Ranked() {
		return tbl, err
	}
	var why string
	switch h := tbl.Header; {
	case h.Ranking != 0 && h.Ranking != s.Ranking:
		why = fmt.Sprintf("tier %d was ranked by another build of sente (ranking %08x, this build's %08x): a table of another ranking of the game", tier, h.Ranking, s.Ranking)
	case kind == store.Values && h.Ranks != 0 && h.Ranks != s.Ranker.TierSize(tier):
		why = fmt.Sprintf("tier %d holds %d ranks where the game has %d: a table of another ranking of the game", tier, h.Ranks, s.Ranker.TierSize(tier))
	default:
		return tbl, nil
	}
	tbl.Close()
	return nil, &store.DamagedError{Path: tbl.Path, Err: errors.New(why)}
}

func (s Ranked) Has(tier int, kind store.Kind) bool {
	if !s.Source.Has(tier, kind) {
		return false
	}
	if !kind.Ranked() {
		return true
	}
	tbl, err := s.Open(tier, kind)
	if err == nil {
		tbl.Close()
	}
	return err == nil
}

// RankingOf is a fingerprint of the ranks of a game's positions: a
// checksum of the tier, rank and tier size of the positions of seeded
// random playouts from start, the game's start whatever position a
// solve is from (tables hold what the start reaches). Two builds that rank the game alike
// agree on it; two that rank it otherwise almost surely do not, even with
// tiers of the same sizes. Never 0, which stands for no stamp.
func RankingOf(enc sente.Encoder, ranker sente.TierRanker, start uint64) uint32 {
	rng := rand.New(rand.NewPCG(0x5e17e, 29))
	var buf []byte
	var kids []uint64
	sum := uint32(0)
	for range 16 {
		key := start
		for range 64 {
			t, r := ranker.TierRank(key)
			buf = binary.LittleEndian.AppendUint64(buf[:0], uint64(t))
			buf = binary.LittleEndian.AppendUint64(buf, r)
			buf = binary.LittleEndian.AppendUint64(buf, ranker.TierSize(t))
			sum = crc32.Update(sum, castagnoli, buf)
			if _, ended := enc.EndedKey(key); ended {
				break
			}
			if kids = enc.AppendChildren(kids[:0], key); len(kids) == 0 {
				break
			}
			key = kids[rng.IntN(len(kids))]
		}
	}
	return max(sum, 1)
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)
