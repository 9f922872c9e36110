// Package isolated runs a rules file where its failure cannot take anything
// else down: in a child process of this same program, under a hard limit on
// its memory (see sente/internal/sandbox), and brings the game back as an
// explicit graph.
//
// A rules file is code a person supplies. Starlark bounds its steps but not
// its allocations: one builtin call such as list(range(2000000000)) asks for
// gigabytes at once, and Go cannot recover from a failed huge allocation. A
// server that loaded pasted files in its own process would die with them.
// Here the child loads the file, explores every position reachable from the
// root, and writes back the positions' text, whose turn it is, how each
// ended and the named moves between them; the parent then plays and solves
// that graph with no Starlark in its own process. A child that runs out of
// memory or time dies alone, and the parent reports it in one line.
//
// The graph keeps what the engines, the explanations and the browser app
// ask of a game (sente.Game, sente.Encoder, sente.Describer, and
// sente.Impartial and sente.Boarder when the file says the game is
// impartial and defines board). Positions a
// person types are read by their text form: only positions reachable from
// the root the graph was explored from are known.
package isolated
