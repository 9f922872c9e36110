package isolated

import (
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// Neighbourhood is a position of a rules file's game as its stored tables
// answer it, read in a child (File.Query): the start, the position and its
// children as a graph, with their outcomes, and the counts of the whole
// table. It is a solve.Solution over that graph, whose root is the
// position, for the browser app to describe.
type Neighbourhood struct {
	graph     *Graph
	at        int
	outcomes  []sente.Outcome
	margins   []sente.Margin // nil when the tables hold none
	positions int
	counts    solve.Counts
}

var _ solve.Solution = (*Neighbourhood)(nil)

// Game is the graph of the start, the position and its children.
func (n *Neighbourhood) Game() sente.Game { return n.graph }

// Margin is the stored margin of a position of the neighbourhood, for a
// game that ends in a score whose tables hold margins.
func (n *Neighbourhood) Margin(p sente.Position) (sente.Margin, bool) {
	i, ok := p.(int)
	if !ok || i < 0 || i >= len(n.margins) {
		return sente.Margin{}, false
	}
	return n.margins[i], true
}

// MarginErr says the tables hold no margins, for a game that ends in a
// score whose tables hold none.
func (n *Neighbourhood) MarginErr() error {
	if n.margins != nil {
		return nil
	}
	return solve.NoMargins(n.graph)
}

// Root is the position asked about.
func (n *Neighbourhood) Root() sente.Position { return n.at }

// Positions and Counts are those of the whole stored table.
func (n *Neighbourhood) Positions() int       { return n.positions }
func (n *Neighbourhood) Counts() solve.Counts { return n.counts }
func (n *Neighbourhood) Whole() bool          { return true }
func (n *Neighbourhood) Classes() bool        { return false }
func (n *Neighbourhood) ClassCount() int      { return 0 }

func (n *Neighbourhood) Restrict() map[sente.Player]string { return nil }

// Bytes is what the neighbourhood holds: its texts and moves.
func (n *Neighbourhood) Bytes() int { return 256 * n.graph.Len() }

// Outcome is the stored outcome of a position of the neighbourhood.
func (n *Neighbourhood) Outcome(p sente.Position) (sente.Outcome, bool) {
	i, ok := p.(int)
	if !ok || i < 0 || i >= len(n.outcomes) {
		return sente.Outcome{}, false
	}
	return n.outcomes[i], true
}

// Moves are the position's moves; the others' are not listed.
func (n *Neighbourhood) Moves(p sente.Position) []sente.Move { return n.graph.Moves(p) }

// Each calls fn for each position of the neighbourhood.
func (n *Neighbourhood) Each(fn func(p sente.Position, o sente.Outcome) bool) {
	for i, o := range n.outcomes {
		if !fn(i, o) {
			return
		}
	}
}

func (n *Neighbourhood) Tiers() []solve.TierResult              { return nil }
func (n *Neighbourhood) Took() (explored, solved time.Duration) { return 0, 0 }
func (n *Neighbourhood) Damage() error                          { return nil }

// At is the position asked about, as a position of Game.
func (n *Neighbourhood) At() sente.Position { return n.at }
