// Package answer is the one way from a game and a position to what sente
// says of it: the command line and the browser app both ask Solve, and only
// parse what a person gave and print what comes back.
//
// Solve chooses the engine (tables stored whole, the tier engine, or the
// hashing engine), refuses before any work a game that cannot fit in the
// memory allowed, naming the largest sizes that do, and attaches the
// (generalized) Grundy values of an impartial game. A game is explored at
// most once for an answer: the hashing engine's explored space is solved
// and valued in place (hashing.SolveSpace, nimber.OfSpace). Progress and the
// bytes held come through one solve.Progress, which the server's memory
// budget reads.
//
// The data flows one way: a game and Options in, an Answer (a
// solve.Solution, the engine that made it, Grundy values) out; explain
// turns it into words, render into tables and pictures.
package answer
