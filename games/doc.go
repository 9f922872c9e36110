// Package games is sente's built-in catalogue: a registry of game families,
// a file per family, each with its parameters, defaults and description; a
// larger family's parts have files of their own beside it, named for their
// role (connect4_rank.go, dobutsu_moves.go, dobutsu_text.go).
//
// A game is made from a spec, NAME or NAME:key=value,...:
//
//	g, err := games.New("connect4:w=5,h=4")
//
// A spec may also name a rules file, NAME.star (see package rules). New
// uses the Default catalogue; a Catalog of one's own says whether files
// may be read and how their code runs (step limit, context, call time),
// and compiles each file once for all the games made from it (open.go).
// The command line, the browser app and the tests all go through one.
//
// Every built-in game implements sente.Game, and the sente.Encoder fast path
// whenever its positions fit in 64 bits (all but heap games past 61 tokens
// and consecutive past 62 numbers, whose positions the engines intern); many
// also offer tiers, symmetries, policies for restricted opponents, and for
// impartial games components (sums) and heap rules.
//
// The take-and-break families (octal games, subtraction games, Grundy's
// game) are in takeaway.go; their theory (Grundy sequences, periods) is in
// package nimber.
package games
