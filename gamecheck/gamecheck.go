package gamecheck

import (
	"context"

	"github.com/sente-go/sente"
)

// Options bound the work of Check. Zero values take the defaults.
type Options struct {
	// Positions is how many positions the breadth-first walk from the
	// start visits (default 2000).
	Positions int
	// Playouts is how many random playouts run from the start (default
	// 20), each of at most Depth moves (default 500); Seed seeds them
	// (default 1), so that a failure can be met again.
	Playouts int
	Depth    int
	Seed     uint64
	// Goroutines is how many goroutines ask the Encoder about the same
	// keys at once (default 4).
	Goroutines int
	// Family and Values, when Family is not nil, make a second game from
	// the same spec, to check that its keys are the keys of the first
	// (see sente.Encoder: required of a game with a Ranker).
	Family *sente.Family
	Values sente.ParamValues
	// Partizan is how many of the positions met the check of a partizan
	// game's values samples (default 64); a negative number checks every
	// one.
	Partizan int
}

func (o Options) withDefaults() Options {
	if o.Positions <= 0 {
		o.Positions = 2000
	}
	if o.Playouts <= 0 {
		o.Playouts = 20
	}
	if o.Depth <= 0 {
		o.Depth = 500
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Partizan == 0 {
		o.Partizan = 64
	}
	if o.Goroutines <= 0 {
		o.Goroutines = 4
	}
	return o
}

// checker holds the state of one Check.
type checker struct {
	ctx   context.Context
	g     sente.Game
	caps  sente.Capabilities
	opt   Options
	rep   *Report
	seen  map[string]bool
	order []visited
	ranks map[uint64]string // rank -> text of the position that has it
	keys  map[uint64]string // key -> text
	tiers map[int]bool      // the tiers of the positions met, for the cycle check

	byteKeys map[string]string // canonical bytes -> text

	childRanker sente.ChildRankFunc // kept across positions, as a worker keeps it
}

// Check checks g against the contract of sente.Game and of the optional
// capabilities it offers, on the positions a bounded breadth-first walk and
// some random playouts from the start reach: the text form reads back, moves
// are named well, ended positions have a result, and whose turn it is is
// compared before and after every move (a move that keeps the turn is
// noted, and a breach of the promise to alternate fails); and, as far as g offers
// them, that the Encoder agrees with Moves and Ended and is safe for
// concurrent use, ranks are in range and distinct, no move lowers the tier,
// every child lists its parent, canonical positions are canonical and worth
// the same (with the same player to move, unless the game alternates), tier ranks round trip and every move stays in its tier or goes
// to a child tier, and a second game made from the same spec gives the same
// keys (and tiers and ranks).
// It returns what it checked and the first breach, or the game's own
// failure (sente.Erring), or ctx's error.
func Check(ctx context.Context, g sente.Game, opt Options) (*Report, error) {
	c := &checker{
		ctx: ctx, g: g, caps: sente.CapabilitiesOf(g), opt: opt.withDefaults(), rep: &Report{},
		seen: map[string]bool{}, ranks: map[uint64]string{}, keys: map[uint64]string{}, tiers: map[int]bool{}, byteKeys: map[string]string{},
	}
	err := c.run()
	c.rep.Positions = len(c.order)
	if err == nil {
		err = c.caps.Err()
	}
	return c.rep, err
}

func (c *checker) run() error {
	c.note("text form: ParsePosition reads back what FormatPosition writes, which holds no zero byte")
	c.note("moves: every position not ended has named moves, the names distinct and without spaces; ended positions have a result")
	if err := c.walk(); err != nil {
		return err
	}
	if err := c.playouts(); err != nil {
		return err
	}
	caps := c.caps
	switch {
	case caps.Alternates():
		c.note("turns: Turn is first or second everywhere, and every move passes the turn, as the game promises (Alternates)")
	case c.rep.KeepsTurn != "":
		c.note("turns: Turn is first or second everywhere, compared before and after every move")
		c.rep.Notes = append(c.rep.Notes, "some moves keep the turn, such as "+c.rep.KeepsTurn+": the engines keep the value of such a move for the player who moves again")
	default:
		c.note("turns: Turn is first or second everywhere, and every move checked passes the turn (the game does not promise it: Alternates would spare the engines asking)")
	}
	if caps.Partizan != nil {
		if err := c.partizan(); err != nil {
			return err
		}
	}
	if caps.Boarder != nil {
		c.note("board: rows of cells; the moves it places are moves of the position, each once, on cells of the board")
	}
	if caps.Encoder != nil {
		if caps.TurnKeyer != nil {
			c.note("encoder: keys round trip, the key ^uint64(0) is unused, AppendChildren, EndedKey and TurnKey agree with Moves, Ended and Turn")
		} else {
			c.note("encoder: keys round trip, the key ^uint64(0) is unused, AppendChildren and EndedKey agree with Moves and Ended")
		}
	}
	if caps.Encoder != nil && caps.Ranker != nil {
		c.note("ranks: in [0, RankSize), distinct for distinct positions")
	}
	if caps.Encoder != nil && caps.Tiered != nil {
		c.note("tiers: no move leads to a lower tier")
	}
	if caps.Encoder != nil && caps.Unmover != nil {
		c.note("parents: every child lists its parent")
	}
	if caps.Expander != nil {
		c.note("bytes: canonical bytes read back (with zero padding too), distinct for distinct positions; Expand agrees with Ended, Turn, Moves and Tier")
	}
	if caps.ExpandUnmover != nil {
		c.note("parents(p): every child lists its parent, and every parent listed has not ended and has a move to the position")
	}
	if caps.Encoder == nil && caps.TierRanker != nil {
		return &Error{Check: "tier ranks", Position: c.g.FormatPosition(c.g.Start()), Msg: "the game offers TierRanker without an Encoder, whose keys the ranks number"}
	}
	if caps.Encoder != nil && caps.TierRanker != nil {
		note := "tier ranks: Unrank(TierRank(key)) gives the key back (its canonical form, for a game that ranks by symmetry), ranks are below TierSize, a child is in the same tier only when TierLoops and otherwise in one ChildTiers lists, and ChildTiers never lead back to a tier"
		if caps.Tiered != nil {
			note += "; Tier gives the tier TierRank gives"
		}
		if caps.TierExpander != nil {
			note += "; ExpandRanks gives a batch of ranks the keys, ends and children's tiers and ranks that Unrank, EndedKey, AppendChildren and TierRank give"
		}
		c.note(note)
		if err := c.tierCycles(); err != nil {
			return err
		}
	}
	if caps.Encoder != nil && caps.Symmetric != nil {
		if err := c.symmetries(); err != nil {
			return err
		}
	}
	if caps.Encoder != nil {
		if err := c.concurrent(); err != nil {
			return err
		}
		if err := c.stable(); err != nil {
			return err
		}
	}
	return nil
}
