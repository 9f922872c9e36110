// Package games is sente's built-in catalogue: a registry of game families,
// one file per family, each with its parameters, defaults and description.
//
// A game is made from a spec, NAME or NAME:key=value,...:
//
//	g, err := games.New("connect4:w=5,h=4")
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
