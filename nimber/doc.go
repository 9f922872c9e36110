// Package nimber is sente's impartial-game theory: games in which both
// players always have the same moves.
//
// Every position of an acyclic impartial game has a Grundy value, the mex
// (least excluded number) of its options' values; the player to move loses
// exactly when it is 0, and a sum of independent games is worth the XOR of
// its parts (Sprague-Grundy). Grundy computes these values on the positions
// explore finds, splitting positions into components when the game is a
// sente.Splitter and caching each component's value once.
//
// Loopy computes generalized Sprague-Grundy values for impartial games with
// cycles (Smith; Fraenkel and Yesha): a finite value, or infinity together
// with the finite values among the options, from which both the outcome and
// the outcome of sums follow.
//
// Misère play (misere.go), in which the player who cannot move wins, has no
// such sums: MisereGame makes any game misère, keeping its capabilities,
// and Misere solves it. A game says it is misère with the sente.Misere
// capability (IsMisere asks sente.CapabilitiesOf), and Grundy refuses it.
// The misère theory proper, canonical forms and the genus, is package
// nimber/misere.
//
// Heap games (octal games, subtraction games, Grundy's game; see
// sente.HeapRules) get the sequence of single-heap values directly from the
// rules, with the sparse-space method where it applies, and the periods of
// those sequences with a proof where theory gives one.
package nimber
