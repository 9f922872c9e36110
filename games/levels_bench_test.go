package games_test

import "testing"

// The loopy games whose retrograde pass does much of the work
// (BENCHMARKS.md, "One retrograde kernel?").
var loopySpecs = []string{"chopsticks", "quixo:n=3", "teeko:pieces=3,n=4"}

// BenchmarkLoopyHash solves the loopy games with the hashing engine.
func BenchmarkLoopyHash(b *testing.B) { benchSolves(b, loopySpecs, solveHashing) }

// BenchmarkLoopyTiers solves the loopy games with the tier engine, whose
// loopy tiers go through its own retrograde loop.
func BenchmarkLoopyTiers(b *testing.B) { benchSolves(b, loopySpecs, solveTiers) }
