package tables

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/sente-go/sente"
)

// Discovers reports whether the tier engine discovers the ranks of g: g
// gives canonical bytes (sente.Expander) and no rank formula
// (sente.TierRanker). Its tables are read through the keys and the plan
// of tiers its solve stored (Discovered). A game that is not Tiered is
// then one loopy tier.
func Discovers(g sente.Game) bool {
	c := sente.CapabilitiesOf(g)
	return c.TierRanker == nil && c.Expander != nil
}

// DiscoveredPlan is the tiers the tier engine's forward pass found, lowest
// first, and the root's place: what a store keeps as kind store.Tiers
// beside each tier's keys.
type DiscoveredPlan struct {
	RootTier int
	RootRank uint64
	Tiers    []PlannedTier
}

// PlannedTier is a tier of a DiscoveredPlan: its positions, whether a
// move stays in it, and the tiers above it that moves lead to.
type PlannedTier struct {
	Tier     int
	Size     uint64
	Loops    bool
	Children []int
}

// discoveredPlanVersion 2: every tier's keys say whose turn it is at each
// position (packTurns). Version 1 was written by a sente that negated the
// value at every move, whatever the turn: its tables are solved again
// (ErrPlanBeforeTurns).
const discoveredPlanVersion = 2

// ErrPlanBeforeTurns is a plan of tiers of version 1: its keys say nothing
// of turns, and its values were solved as though every move passed the
// turn. Its tables are not read; a solve finds and solves them again.
var ErrPlanBeforeTurns = errors.New("solve by tiers: the stored tables were solved by a sente that took every move to pass the turn")

// Encode is the plan as a store keeps it.
func (p *DiscoveredPlan) Encode() []byte {
	le := binary.LittleEndian
	b := le.AppendUint64(nil, discoveredPlanVersion)
	b = le.AppendUint64(b, uint64(p.RootTier))
	b = le.AppendUint64(b, p.RootRank)
	b = le.AppendUint64(b, uint64(len(p.Tiers)))
	for _, t := range p.Tiers {
		loops := uint64(0)
		if t.Loops {
			loops = 1
		}
		b = le.AppendUint64(b, uint64(t.Tier))
		b = le.AppendUint64(b, t.Size)
		b = le.AppendUint64(b, loops)
		b = le.AppendUint64(b, uint64(len(t.Children)))
		for _, c := range t.Children {
			b = le.AppendUint64(b, uint64(c))
		}
	}
	return b
}

// DecodeDiscoveredPlan reads a stored plan back. A plan of version 1 is
// returned with ErrPlanBeforeTurns, for a solve to remove its tables.
func DecodeDiscoveredPlan(b []byte) (*DiscoveredPlan, error) {
	le := binary.LittleEndian
	bad := func(what string) (*DiscoveredPlan, error) {
		return nil, fmt.Errorf("solve by tiers: the stored plan of tiers is damaged (%s)", what)
	}
	next := func() (uint64, bool) {
		if len(b) < 8 {
			return 0, false
		}
		v := le.Uint64(b)
		b = b[8:]
		return v, true
	}
	v, ok := next()
	if !ok || v != discoveredPlanVersion && v != 1 {
		return bad("version")
	}
	p := &DiscoveredPlan{}
	rt, ok1 := next()
	rr, ok2 := next()
	n, ok3 := next()
	if !ok1 || !ok2 || !ok3 || n > uint64(len(b)) {
		return bad("header")
	}
	p.RootTier, p.RootRank = int(rt), rr
	for range n {
		var t PlannedTier
		tier, ok1 := next()
		size, ok2 := next()
		loops, ok3 := next()
		kids, ok4 := next()
		if !ok1 || !ok2 || !ok3 || !ok4 || tier >= maxTier || kids > uint64(len(b)) {
			return bad("a tier")
		}
		t.Tier, t.Size, t.Loops = int(tier), size, loops == 1
		for range kids {
			c, ok := next()
			if !ok || c >= maxTier {
				return bad("a child tier")
			}
			t.Children = append(t.Children, int(c))
		}
		p.Tiers = append(p.Tiers, t)
	}
	if v == 1 {
		return p, ErrPlanBeforeTurns
	}
	return p, nil
}

// maxTier bounds the tier numbers of a plan, as explore bounds them.
const maxTier = 1 << 20
