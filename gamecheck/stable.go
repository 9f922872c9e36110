package gamecheck

import (
	"fmt"
	"strings"

	"github.com/sente-go/sente"
)

// stableLimit bounds the positions the stability check replays.
const stableLimit = 500

// stable makes a second game from the same spec and checks that the
// positions reached by the same lines have the same keys: required of a
// game with a Ranker, whose tables are read back by rank in another run,
// and only reported for others.
func (c *checker) stable() error {
	if c.opt.Family == nil || c.opt.Family.New == nil {
		return nil
	}
	required := c.caps.Ranker != nil || c.caps.TierRanker != nil
	why := " (reported only: the game has no Ranker)"
	switch {
	case c.caps.Ranker != nil:
		why = " (required: the game has a Ranker)"
	case c.caps.TierRanker != nil:
		why = " (required: the game has a TierRanker)"
	}
	if c.caps.TierRanker != nil {
		why += ", and the same tiers, ranks and tier sizes"
	}
	c.note("stable keys: a second game made from the same spec gives the positions reached by the same moves the same keys" + why)
	g2, err := c.opt.Family.New(c.opt.Values)
	if err != nil {
		return &Error{Check: "stable keys", Position: c.g.FormatPosition(c.g.Start()), Msg: fmt.Sprintf("the second game cannot be made: %v", err)}
	}
	caps2 := sente.CapabilitiesOf(g2)
	if caps2.Encoder == nil {
		return &Error{Check: "stable keys", Position: c.g.FormatPosition(c.g.Start()), Msg: "the second game made from the same spec has no Encoder"}
	}
	if c.caps.TierRanker != nil && caps2.TierRanker == nil {
		return &Error{Check: "stable keys", Position: c.g.FormatPosition(c.g.Start()), Msg: "the second game made from the same spec has no TierRanker"}
	}
	differ := 0
	var example string
	for i, v := range c.order {
		if i >= stableLimit {
			break
		}
		if err := c.ctx.Err(); err != nil {
			return err
		}
		p2 := g2.Start()
		for _, name := range v.line {
			found := false
			for _, m := range g2.Moves(p2) {
				if m.Name == name {
					p2, found = m.To, true
					break
				}
			}
			if !found {
				return c.fail("stable keys", v, "the second game made from the same spec has no move %s on the line %s", name, strings.Join(v.line, " "))
			}
		}
		if t2 := g2.FormatPosition(p2); t2 != v.text {
			return c.fail("stable keys", v, "the second game reaches %q by the same line %s", t2, strings.Join(v.line, " "))
		}
		k1, k2 := c.caps.Encoder.Encode(v.p), caps2.Encoder.Encode(p2)
		if k1 == k2 {
			if c.caps.TierRanker != nil {
				if err := c.stableTiers(v, caps2.TierRanker, k1); err != nil {
					return err
				}
			}
			continue
		}
		if required {
			return c.fail("stable keys", v, "the key is %#x in one game and %#x in another made from the same spec; a game with a Ranker or TierRanker must give every position the same key in every run", k1, k2)
		}
		if differ == 0 {
			example = v.text
		}
		differ++
	}
	if differ > 0 {
		c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("keys differ between two games made from the same spec at %d positions (%q, for one); allowed, since the game has no Ranker", differ, example))
	}
	return nil
}
