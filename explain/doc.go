// Package explain answers what a person asks of a solved game: who wins and
// in how many moves, which moves are best, what perfect play looks like, and
// whether a move just played threw anything away.
package explain
