// Package dist solves a game with tiers as Apache Beam pipelines, for games
// that outgrow one machine. It is the tier engine of package solve/tiers run on
// many machines: the same plan of tiers, the same positions and moves
// (tiers.TierGame), the same fold of children's values, and the same
// stored tables, byte for byte, written through Beam's file systems to a
// local directory or a bucket.
//
// Beam has no loops, so a driver (Solve, solve.go) walks the tiers and
// runs one batch pipeline a wave (waves.go):
//
//   - the forward wave of a tier, parents first, marks the ranks its
//     reachable positions reach, in a round a pipeline for a tier whose
//     moves stay in it (reach.go);
//   - the values wave of a tier, children first, asks the child tiers'
//     shards for its children's cells and folds them (values.go), and in
//     a loopy tier is followed by rounds of retrograde analysis with the
//     game's un-moves, a level of remoteness a round (loops.go; a
//     shard's state between rounds, and what a round does to it apart
//     from Beam, in loopstate.go);
//   - each finished tier is stored as one file from its shards' parts
//     (assemble.go).
//
// The elements of a pipeline are shards, blocks of ranks of a tier, never
// single positions; what crosses the shuffle between shards is ranks
// gathered by destination shard and delta-encoded (codec.go). Between
// waves the shards' parts and messages live in a work directory
// (layout.go), every file written atomically and checksummed (files.go).
// A tier whose stored files pass their checksums is not computed again,
// so a solve stopped at any point resumes where it stopped, and a solve
// can finish tables a single machine began.
//
// The module is apart from sente's own (dist/go.mod), so that Beam's
// dependencies stay out of the sente binary; cmd/sente-dist is its
// command.
package dist
