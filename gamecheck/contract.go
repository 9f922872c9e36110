package gamecheck

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/sente-go/sente"
)

func (c *checker) checkText(v visited) error {
	q, err := c.g.ParsePosition(v.text)
	if err != nil {
		return c.fail("text form", v, "ParsePosition cannot read what FormatPosition wrote: %v", err)
	}
	if back := c.g.FormatPosition(q); back != v.text {
		return c.fail("text form", v, "ParsePosition reads it as a position that FormatPosition writes %q", back)
	}
	if strings.IndexByte(v.text, 0) >= 0 {
		// A game without ranks is stored by its text and a zero byte
		// (sente.WithBytes).
		return c.fail("text form", v, "the text holds a zero byte, so the tier engine cannot store the position by it")
	}
	return nil
}

func (c *checker) checkMoves(v visited) error {
	// An ended position's result is for the player to move there too.
	turn := c.g.Turn(v.p)
	if turn != sente.First && turn != sente.Second {
		return c.fail("moves", v, "Turn says %v; want first or second", turn)
	}
	val, ended := c.g.Ended(v.p)
	if ended {
		if val != sente.Win && val != sente.Lose && val != sente.Tie {
			return c.fail("moves", v, "Ended says the game is over with %v; want win, lose or tie", val)
		}
		return nil
	}
	to := map[string]string{}
	for _, m := range c.g.Moves(v.p) {
		if err := c.checkTurns(v, turn, m); err != nil {
			return err
		}
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

// checkTurns compares whose turn it is before and after the move m from v,
// where turn is to move. A move after which the same player is to move
// again keeps the turn: allowed (the engines keep the value for that
// player), and noted once with an example; but a breach of a game's promise
// that every move passes the turn (sente.Alternating), which the engines
// take at its word.
func (c *checker) checkTurns(v visited, turn sente.Player, m sente.Move) error {
	after := c.g.Turn(m.To)
	if after != turn {
		return nil
	}
	if c.caps.Alternates() {
		return c.fail("turns", v, "the move %s keeps the turn (the %s player moves again), but the game promises that every move passes it (Alternates)", m.Name, turn)
	}
	if c.rep.KeepsTurn == "" {
		c.rep.KeepsTurn = fmt.Sprintf("the move %s from %s (the %s player moves again)", m.Name, v.text, turn)
	}
	return nil
}
