// Package tiers is the tier engine: SolveTiers solves a game by dense
// ranks (sente.TierRanker) instead of exploring, a tier at a time, each
// finished tier stored in a TierSink (a store's game directory, or
// memory), so that a solve stopped resumes where it stopped and a game
// solved before is answered from its tables.
//
// tier.go drives it and each part has a file of its own: tierplan.go (the
// tiers' order and the peak memory), tierranks.go (ranks to positions, a
// position's children to ranks), tierreach.go (the forward pass),
// tierflat.go (a tier without loops), tierloop.go (a loopy tier),
// tierloopsave.go and tierfrontier.go (the state of a long pass saved
// now and then), tierparents.go (the parents of a loopy tier of a game
// that lists none, kept from its moves), tiergrundy.go (an impartial
// game's Grundy values, valued and stored beside its values), tiercount.go
// (the positions classes of symmetric positions stand for), tierevery.go
// (tables of every position), tiermargin.go (a scored game's margins,
// valued and stored beside its values), tierborrow.go (tiers taken whole
// from such tables), tiersink.go (where finished tiers go, stored compact beside the
// next tier's solve), tiersolution.go (the solution: its tables,
// read back by store/tables, which the engine finishes its solve with)
// and tiergame.go (the engine's view of a game, for engines
// elsewhere: sente-dist). pool.go shares a pass's blocks among
// the workers, progress.go keeps the figures of the whole solve and gc.go
// the collector's target while the engine holds large flat arrays.
//
// A game with tiers but no rank formula, whose positions have canonical
// bytes (sente.Expander: a rules file), goes to this engine all the same:
// discover.go finds each tier's positions by a forward pass, lowest tier
// first, and sorts their bytes into fixed-width keys (keys.go, on the key
// lists of store/tables, which stores and reads them back), and
// discovered.go is the game as the engine sees it: store/tables' reader
// of the stored keys and plan (tables.Discovered), a position's rank its
// place in its tier's keys, with its moves read from what the forward
// pass recorded (moves.go). Discovers says which games take that road.
// The forward pass stays in this package because it writes through the
// engine's sink and the engine reads its recorded moves while it solves;
// the stored tables of such a game are read by store/tables alone.
package tiers
