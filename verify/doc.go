// Package verify checks a solved table stored on disk (package store)
// independently of the solver that wrote it: it shares no code with package
// solve, and asks the game only for its plain rules (Start, Moves, Ended,
// Turn, and whether it promises to alternate) plus the Encoder and
// TierRanker that say where each position's cell is.
//
// Table first checks every block's checksum of every stored tier (values,
// and reachable bitsets where stored), then
// visits every rank of every tier whose stored cell is reachable and checks:
//
//   - the rank is a position (Unrank) whose key ranks back to it;
//   - every child of the position is stored as reachable;
//   - the stored value and remoteness are the ones its children's stored
//     cells imply, computed here from scratch: an ended position has the
//     result Ended gives, in 0; a position without moves is lost in 0;
//     otherwise a move wins when its child is stored lost for the player to
//     move there (the opponent, as the move passes the turn) or won (the
//     mover again, when the same player is to move at both by Turn: the
//     move keeps the turn, and its value is kept, not negated), in 1 + the
//     least such remoteness; else a tie child ties in 1 + the least tie
//     remoteness; else a draw child draws; else the position is lost in 1 +
//     the largest remoteness among its children (all lost for the mover).
//     These are the rules of sente.MoveOutcome and Outcome.Better, and of
//     the hashing engine (package solve/hashing);
//   - the start position is stored as reachable (and so checked as above).
//
// A check stopped goes on where it stopped: the tiers Table finds
// consistent are noted beside the tables with a digest of what each check
// read, and a later check of the same tables checks their blocks but not
// again their positions (resume.go; Options.Again checks them all). The
// notes of a game's tables of every position count for the tiers a solve
// from the start took whole from them (Options.Beside): the same files,
// and theirs the stronger check.
//
// What this proves. Reachability: the stored reachable cells contain the
// start and every child of each of them, so every position reachable from
// the start has a stored value (some unreachable positions may be marked
// reachable too; their values are checked all the same). Wins and losses:
// a stored win in r has a child stored lost in r-1, a stored loss in r has
// only children stored won in at most r-1, so by induction on remoteness
// each stored win is a true win and each stored loss a true loss, whatever
// the rest of the table holds, in at most the stored remoteness. Draws:
// a stored draw has no child that gives the mover a win or a tie and some
// child stored as a draw, so either player can keep play among stored
// draws forever, and leaving them hands the opponent a win; given the other
// values, a draw is then the best either player can force.
//
// What it does not prove by itself. Local consistency is a fixed point of
// the solving rules, and in games with loops a set of positions can support
// one another through draws: a position stored as a draw whose true value
// is a tie, a win or a loss reached only through other stored draws would
// pass if all of them were mislabelled together, and so would a stored tie,
// or the exact remoteness of a win, that has such a draw among its children. Ruling
// that out needs the global computation the solver makes (retrograde
// analysis over the loops), which this package deliberately does not
// repeat. In a game without loops (no tier has TierLoops), play is a finite
// acyclic graph, there are no draws, and local consistency determines every
// value and remoteness exactly, by induction from the ended positions: the
// whole table is proven.
//
// Margins. The tables of a game that ends in a score hold each position's
// margin and its plies beside its value (store.Margins and
// store.MarginPlies, every tier or none): each is checked with the value,
// an ended position's against the game's Score, another's against the
// best of its children's stored margins by the rules of sente.MoveMargin
// and Margin.Better (margins.go). Margins exist only where play never
// comes back to a position, so the same induction proves every stored
// margin exact; Report.Margins says they were checked.
package verify
