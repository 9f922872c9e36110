package tables

import (
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// mappedBudget is how many bytes of tables Tables keep mapped
// between answers: the tiers of a game of billions of positions take more
// address space than a process under --max-memory may have, and an answer
// reads a few of them.
var mappedBudget int64 = 1 << 30

// openTier is a tier's table while open: pins counts its readers, used
// when it was last read.
type openTier struct {
	tbl  *store.Table
	pins int
	used uint64
}

// tableKey names a table Tables open: a tier's values, or its
// Grundy values.
type tableKey struct {
	tier int
	kind store.Kind
}

// acquire opens a tier's values once, by its header, and pins them until
// release; tables no reader pins are closed, least recently used first,
// past mappedBudget.
func (s *Tables) acquire(tier int) (*store.Table, error) {
	return s.acquireKind(tier, store.Values)
}

// acquireKind is acquire of a tier's table of kind.
func (s *Tables) acquireKind(tier int, kind store.Kind) (*store.Table, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock++
	key := tableKey{tier, kind}
	if o, ok := s.tables[key]; ok {
		o.pins++
		o.used = s.clock
		return o.tbl, nil
	}
	tbl, err := s.src.Open(tier, kind)
	if err != nil {
		switch kind {
		case store.Grundy:
			return nil, fmt.Errorf("tier %d has no Grundy values stored: %w", tier, err)
		case store.Margins, store.MarginPlies:
			return nil, fmt.Errorf("tier %d has no margins stored: %w", tier, err)
		}
		return nil, fmt.Errorf("tier %d is not solved: %w", tier, err)
	}
	if s.keepFrames > 0 {
		tbl.KeepFrames(s.keepFrames)
	}
	s.tables[key] = &openTier{tbl: tbl, pins: 1, used: s.clock}
	s.mapped += int64(len(tbl.Data))
	for s.mapped > mappedBudget {
		var oldest *openTier
		var at tableKey
		for t, o := range s.tables {
			if o.pins == 0 && (oldest == nil || o.used < oldest.used) {
				oldest, at = o, t
			}
		}
		if oldest == nil {
			break
		}
		s.mapped -= int64(len(oldest.tbl.Data))
		oldest.tbl.Close()
		delete(s.tables, at)
	}
	return tbl, nil
}

func (s *Tables) release(tier int) { s.releaseKind(tier, store.Values) }

// Hold opens the values of every tier now, as far as the tables kept
// mapped allow (mappedBudget), so that the answer goes on reading them
// when they are removed from the store ('sente store rm') once the solve
// that wrote them lets go of their lock: a mapped file outlives its name.
// A tier that cannot be opened is left to be opened, and to fail, when
// read.
func (s *Tables) Hold() {
	for _, r := range s.Tiers {
		if _, err := s.acquire(r.Tier); err == nil {
			s.release(r.Tier)
		}
		s.mu.Lock()
		full := s.mapped >= mappedBudget
		s.mu.Unlock()
		if full {
			return
		}
	}
}

func (s *Tables) releaseKind(tier int, kind store.Kind) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.tables[tableKey{tier, kind}]; ok {
		o.pins--
	}
}

// Grundy returns the Grundy value of p stored with the tables (an
// impartial game under normal play: see the tier engine), and false when p
// is not a reachable position of a solved tier, the tier has no Grundy
// values stored, or the block that holds p's fails its checksum.
func (s *Tables) Grundy(p sente.Position) (int, bool) {
	t, r := s.ranker.TierRank(s.enc.Encode(p))
	tbl, err := s.acquireKind(t, store.Grundy)
	if err != nil {
		return 0, false
	}
	defer s.releaseKind(t, store.Grundy)
	c, err := tbl.ReadCell(r)
	if err != nil {
		s.damaged(err)
		return 0, false
	}
	if c == store.Unreachable {
		return 0, false
	}
	return int(c) - 1, true
}

// HasGrundy reports whether every tier of the tables has its Grundy values
// stored (by the headers of their files; a block is checked when read).
func (s *Tables) HasGrundy() bool {
	for _, r := range s.Tiers {
		tbl, err := s.src.Open(r.Tier, store.Grundy)
		if err != nil {
			return false
		}
		tbl.Close()
	}
	return len(s.Tiers) > 0
}

// Margin returns the margin of p under perfect play stored with the
// tables (a game that ends in a score: see the tier engine), and false
// when p is not a reachable position of a solved tier, the tier has no
// margins stored, or a block that holds p's fails its checksum.
func (s *Tables) Margin(p sente.Position) (sente.Margin, bool) {
	t, r := s.ranker.TierRank(s.enc.Encode(p))
	var cells [2]store.Cell
	for i, kind := range store.MarginKinds {
		tbl, err := s.acquireKind(t, kind)
		if err != nil {
			return sente.Margin{}, false
		}
		c, err := tbl.ReadCell(r)
		s.releaseKind(t, kind)
		if err != nil {
			s.damaged(err)
			return sente.Margin{}, false
		}
		cells[i] = c
	}
	score, ok := store.MarginScore(cells[0])
	plies, okPlies := store.MarginPliesOf(cells[1])
	if !ok || !okPlies {
		return sente.Margin{}, false
	}
	return sente.Margin{Score: score, Remoteness: plies}, true
}

// HasMargins reports whether every tier of the tables has its margins
// stored (by the headers of their files; a block is checked when read).
func (s *Tables) HasMargins() bool {
	for _, r := range s.Tiers {
		for _, kind := range store.MarginKinds {
			tbl, err := s.src.Open(r.Tier, kind)
			if err != nil {
				return false
			}
			tbl.Close()
		}
	}
	return len(s.Tiers) > 0
}
