// Package explain answers what a person asks of a solved game: who wins and
// in how many moves, which moves are best, what perfect play looks like, and
// whether a move just played threw anything away.
//
// Its rooms: moves.go ranks moves and finds the main line; story.go tells
// the story of one position (Explain), drawing on strategy.go (the winner's
// plan), rule.go (reply rules and their check on every line), target.go (a
// target set stated by the game's features) and chance.go (where the loser
// gets a chance); words.go holds the wording they share and storytext.go
// writes a story as text. evaluate.go says who wins from a position by the
// cheapest sound method (Grundy values for an impartial game, otherwise a
// strong solve); pattern.go and sweep.go state patterns across a parameter
// sweep.
package explain
