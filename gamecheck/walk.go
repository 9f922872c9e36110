package gamecheck

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sente-go/sente"
)

// visited is a position met with the line of play from the start to it.
type visited struct {
	p    sente.Position
	text string
	line []string
}

// walk visits positions breadth first from the start.
func (c *checker) walk() error {
	start := c.g.Start()
	text, err := c.visit(start, nil)
	if err != nil {
		return err
	}
	c.seen[text] = true
	for i := 0; i < len(c.order) && len(c.order) < c.opt.Positions; i++ {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		v := c.order[i]
		moves, err := c.movesOf(v)
		if err != nil {
			return err
		}
		for _, m := range moves {
			if len(c.order) >= c.opt.Positions {
				break
			}
			if err := c.add(m.To, append(slices.Clip(v.line), m.Name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// playouts play random lines from the start, checking the positions the
// walk did not reach.
func (c *checker) playouts() error {
	rng := rand.New(rand.NewPCG(c.opt.Seed, 0x5e17e))
	c.note(fmt.Sprintf("%d random playouts of at most %d moves (seed %d)", c.opt.Playouts, c.opt.Depth, c.opt.Seed))
	for range c.opt.Playouts {
		p, line := c.g.Start(), []string(nil)
		for range c.opt.Depth {
			if err := c.ctx.Err(); err != nil {
				return err
			}
			if _, ended := c.g.Ended(p); ended {
				break
			}
			moves := c.g.Moves(p)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			p, line = m.To, append(slices.Clip(line), m.Name)
			if err := c.add(p, line); err != nil {
				return err
			}
		}
	}
	return nil
}

// add checks p if it is new.
func (c *checker) add(p sente.Position, line []string) error {
	text := c.g.FormatPosition(p)
	if c.seen[text] {
		return nil
	}
	c.seen[text] = true
	_, err := c.visit(p, line)
	return err
}

// visit checks one position and records it.
func (c *checker) visit(p sente.Position, line []string) (text string, err error) {
	text = c.g.FormatPosition(p)
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Check: "panic", Position: text, Msg: fmt.Sprint(r)}
		}
	}()
	v := visited{p: p, text: text, line: line}
	if err := c.checkText(v); err != nil {
		return text, err
	}
	if err := c.checkMoves(v); err != nil {
		return text, err
	}
	if c.caps.Boarder != nil {
		if err := c.checkBoard(v); err != nil {
			return text, err
		}
	}
	if c.caps.Encoder != nil {
		if err := c.checkKeys(v); err != nil {
			return text, err
		}
	}
	if c.caps.Expander != nil {
		if err := c.checkBytes(v); err != nil {
			return text, err
		}
	}
	if err := c.caps.Err(); err != nil {
		return text, err
	}
	c.order = append(c.order, v)
	return text, nil
}

// movesOf returns v's moves, none when it has ended.
func (c *checker) movesOf(v visited) ([]sente.Move, error) {
	if _, ended := c.g.Ended(v.p); ended {
		return nil, nil
	}
	return c.g.Moves(v.p), nil
}
