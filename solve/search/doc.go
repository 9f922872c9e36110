// Package search solves one position of a game weakly, by search, where
// the engines in solve/hashing and solve/tiers solve every position: it answers games
// whose tables do not fit, such as connect four on its 7×6 board, with the
// same answer a table would give: the value for the player to move and its
// remoteness (win fastest, lose slowest, tie soonest), in sente's
// vocabulary.
//
// The method is the field's. Negamax alpha-beta runs on one integer score
// that holds value and remoteness together (score.go), and only with null
// windows: the root's score is found by probes that each ask "is it at
// least gamma?", the first two settling win, loss or neither, the next
// halving the remoteness (search.go). A transposition table of a size the
// caller gives keeps both bounds of every position it can, across probes
// and across searches, with full keys so that a hit is never wrong
// (table.go). Moves are tried in the order the game suggests through
// sente.Orderer, which also tells of wins at once and of moves that lose
// at once (connect four's threats), or by a history of cutoffs when the
// game has no hints, the table's best move first either way; positions are
// stored by the game's canonical key (sente.Symmetric) (node.go). A probe
// starts on one worker; once it runs long the others join it on the same
// root, sharing the table and putting off moves another worker is
// searching (ABDADA's deferral): the first to finish answers.
//
// Ties and draws are both 0 to the first phase; the second (tie.go) finds
// whether a tie can be reached along positions worth 0, and how soon.
//
// MarginSearcher (margin.go) finds the margin of a game that ends in a
// score (sente.Scorer) by MTD(f): null-window alpha-beta over one integer
// that folds the plies into the margin as score.go folds them into mate,
// in a table of its own. Its proof is serial; for the margin alone of a
// game that banks its score (Kalah), a search that stops short deepens on
// a goroutine beside it (margindeepen.go), giving it its questions and
// the best moves near the root. It refuses a line that comes back to a
// position (ErrMarginRepeats).
//
// Leaves answers positions without search: stored tables of a game's
// endgame tiers make search plus tables answer what neither answers
// alone.
//
// A search for the value alone (Options.ValueOnly) asks only "a win?" and
// "not a loss?", and reads the positions the game decides by what it
// knows of them (sente.Decider: Domineering's safe moves against the
// opponent's possible moves, and the values of its regions in
// combinatorial game theory), which tell who wins but not how soon; its
// wins and losses have sente.RemotenessUnknown.
//
// In a game whose play can return to a position, alpha-beta over cycles
// gives values that depend on the path, so a question without a bound on
// depth (a win at all?) stops at a line that repeats a position; questions
// bounded in depth (a win within d plies?) are about a finite tree and go
// on, so a loopy game's short wins and losses are found, and one that no
// such question settles is refused (LoopError). A game whose tiers
// (sente.TierRanker) never loop is known not to, and its lines are not
// checked. Moves need not alternate:
// a move after which the same player is to move keeps the score as it is.
//
// The package imports only sente and the standard library.
package search
