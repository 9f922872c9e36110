package gamecheck

import (
	"strings"
	"unicode"

	"sente"
)

func (c *checker) checkText(v visited) error {
	q, err := c.g.ParsePosition(v.text)
	if err != nil {
		return c.fail("text form", v, "ParsePosition cannot read what FormatPosition wrote: %v", err)
	}
	if back := c.g.FormatPosition(q); back != v.text {
		return c.fail("text form", v, "ParsePosition reads it as a position that FormatPosition writes %q", back)
	}
	return nil
}

func (c *checker) checkMoves(v visited) error {
	val, ended := c.g.Ended(v.p)
	if ended {
		if val != sente.Win && val != sente.Lose && val != sente.Tie {
			return c.fail("moves", v, "Ended says the game is over with %v; want win, lose or tie", val)
		}
		return nil
	}
	if t := c.g.Turn(v.p); t != sente.First && t != sente.Second {
		return c.fail("moves", v, "Turn says %v; want first or second", t)
	}
	to := map[string]string{}
	for _, m := range c.g.Moves(v.p) {
		after := c.g.FormatPosition(m.To)
		switch {
		case m.Name == "":
			return c.fail("moves", v, "the move to %q has no name", after)
		case strings.ContainsFunc(m.Name, unicode.IsSpace):
			return c.fail("moves", v, "the move %q has a space in its name; lines of play separate moves by spaces", m.Name)
		case to[m.Name] != "" && to[m.Name] != after:
			return c.fail("moves", v, "two moves are named %q, to %q and %q", m.Name, to[m.Name], after)
		}
		to[m.Name] = after
	}
	return nil
}
