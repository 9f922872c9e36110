package sente

// Scorer is a game that ends in a score: the seeds in the stores of
// Kalah, the discs of Othello, the boxes of dots and boxes. Its published
// solutions are margins ("a first-player win by 10"), and the engines that
// know margins find the exact one under perfect play: each side makes its
// own margin as large as it can, and among the moves that do, remoteness
// decides as it does for every game (a win fastest, a loss slowest).
//
// Score is asked only of an ended position, and speaks for the player to
// move there, as Ended's value does: positive when Ended says Win,
// negative for Lose, zero for Tie. MaxScore bounds |Score| over every
// position of the game, so that an engine can size the cells that hold a
// margin; 0 means the game gives no score after all (a family whose score
// is a parameter, turned off).
type Scorer interface {
	Score(p Position) int
	MaxScore() int
}

// KeyScorer is Scorer on an Encoder's keys: the score of an ended
// position from its key, for an engine that runs on keys. A game that is an
// Encoder and a Scorer offers it, or engines decode the key to ask Score.
type KeyScorer interface {
	ScoreKey(key uint64) int
}
