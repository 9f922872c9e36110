// Package solve solves games strongly: every position reachable from a root
// gets its value for the player to move (win, lose, tie or draw) and its
// remoteness.
//
// Two engines give one Solution. The hashing engine (Solve: Explore, then
// SolveSpace over the space explored, which nimber can value too) is
// retrograde analysis over explore's dense ids. Tiers (sente.Tiered) are solved from the
// highest down; a move into a higher tier reads a value already known. Inside
// a tier, moves that stay in the tier form a graph that may have cycles,
// solved with child counters: a position is lost when its last child turns
// out won, won when its first child turns out lost. Positions are taken up
// in order of remoteness (a bucket queue, which is first-in first-out when
// the game has one tier), so that every position is settled at its true
// remoteness the first time. Positions the win/lose pass leaves open are
// ties when a tie can be reached, and draws (endless play) otherwise. The
// first pass over a tier is in solve.go, the retrograde pass in retrograde.go.
//
// SolveTiers, the tier engine, solves by dense ranks instead of exploring,
// a tier at a time. tier.go drives it and each part has a file of its own:
// tierplan.go (the tiers' order and the peak memory), tierranks.go (ranks
// to positions, a position's children to ranks), tierreach.go (the forward
// pass), tierflat.go (a tier without loops), tierloop.go (a loopy tier),
// tierparents.go (the parents of a loopy tier of a game that lists none,
// kept from its moves), tiergrundy.go (an impartial game's Grundy values,
// valued and stored beside its values), tiersink.go (where finished tiers
// go, stored compact beside the next tier's solve), tiersolution.go and
// tiertables.go (answers read back from them) and tiergame.go (the
// engine's view of a game, for engines elsewhere). pool.go shares a pass's
// blocks among the workers, and levels.go the rules of retrograde analysis
// among the three engines (this package's two and sente-dist's).
//
// A game with tiers but no rank formula, whose positions have canonical
// bytes (sente.Expander: a rules file), goes to the tier engine all the
// same: discover.go finds each tier's positions by a forward pass, lowest
// tier first, and sorts their bytes into fixed-width keys (keys.go), and
// discovered.go is the game as the engine sees it, a position's rank its
// place in its tier's keys, its moves read from what the forward pass
// recorded (moves.go). Discovers says which games take that road.
//
// Progress reports the work of either engine in phases (progress.go);
// EstimateBytes turns a game's estimate of its positions into the memory a
// solve needs, and FormatSize, FormatBytes, FormatCount and FormatDuration
// are how sizes, counts and times are written everywhere (estimate.go).
//
// Reference is a second, slow solver for tests: it labels positions level by
// level straight from the definitions and shares no code with the engine.
package solve
