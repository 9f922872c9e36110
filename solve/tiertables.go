package solve

import (
	"fmt"

	"sente/store"
)

// mappedBudget is how many bytes of tables a TierSolution keeps mapped
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

// acquire opens a tier's values once, by its header, and pins them until
// release; tables no reader pins are closed, least recently used first,
// past mappedBudget.
func (s *TierSolution) acquire(tier int) (*store.Table, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock++
	if o, ok := s.tables[tier]; ok {
		o.pins++
		o.used = s.clock
		return o.tbl, nil
	}
	tbl, err := s.sink.Open(tier, store.Values)
	if err != nil {
		return nil, fmt.Errorf("tier %d is not solved: %w", tier, err)
	}
	s.tables[tier] = &openTier{tbl: tbl, pins: 1, used: s.clock}
	s.mapped += int64(len(tbl.Data))
	for s.mapped > mappedBudget {
		var oldest *openTier
		at := 0
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

func (s *TierSolution) release(tier int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.tables[tier]; ok {
		o.pins--
	}
}
