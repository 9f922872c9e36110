// Package games is sente's built-in catalogue: a registry of game families,
// one file per family, each with its parameters, defaults and description.
//
// A game is made from a spec, NAME or NAME:key=value,...:
//
//	g, err := games.New("connect4:w=5,h=4")
//
// Every built-in game implements sente.Game and the sente.Encoder fast path;
// many also offer tiers, symmetries and policies for restricted opponents.
package games
