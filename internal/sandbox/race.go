//go:build race

package sandbox

// raceEnabled: the race detector maps terabytes of shadow memory, which no
// address-space limit leaves room for.
const raceEnabled = true
