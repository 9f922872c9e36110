package sente

// Estimator is a game that can bound, before any work, how many positions
// are reachable from its start. The command line turns the bound into bytes
// and refuses a solve that cannot fit in memory at once, instead of failing
// after minutes or hours.
type Estimator interface {
	// EstimatePositions returns an upper bound on the number of positions
	// reachable from the start (+Inf when it passes float64), or 0 when
	// the game cannot tell.
	EstimatePositions() float64
}
