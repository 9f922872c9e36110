// Package rules plays games written as rules files: Starlark programs
// (go.starlark.net) that define a game family, one per file NAME.star. The
// format is documented in docs/rules.md; in short, a file defines
//
//	start()    -> the start position
//	moves(p)   -> the positions one move from p, or (name, position) pairs
//	turn(p)    -> "first" or "second"
//
// and optionally result(p), show(p) and parse(s), components(p), tier(p),
// setup(), board(p), the values params, stalemate, impartial, policies,
// policy_docs and features. Positions are values built from ints, strings,
// bools, None and tuples.
//
// A partizan file gives left_moves(p) and right_moves(p), Left's and
// Right's options whoever is to move, with turn(p) saying "left" or
// "right": the game is then a sente.Partizan (and, with components(p), a
// sente.PartizanSplitter), whose positions package cgt values, and
// moves(p), when the file leaves it out, is the options of the side to
// move (partizan.go).
//
// Load reads a file and returns its sente.Family; the family's New binds
// the parameters (read by the file as PARAMS.name), runs setup() (whose
// struct the file reads as SETUP.name) and returns the game, a *Game that
// states its optional capabilities (sente.Capable: see caps.go) as the
// file defines them.
//
// The game's logic is filed by concern: game.go (the game, its positions
// and keys), ended.go (result and stalemate), moves.go, turn.go, text.go
// (show and parse), describe.go, features.go, board.go, caps.go (tiers,
// components, policies) and partizan.go (Left's and Right's options).
//
// # Keys
//
// A game interns positions: a position's key is its index in a table found
// by a canonical byte encoding of its value (see table.go). The table
// caches, for each position, what the file said about it (result, turn,
// tier, children), so that each function runs once per position however
// often the engines ask. Keys are dense and given in the order positions
// are first met, so keys (not values) may differ from run to run when
// several goroutines explore. The table holds no Go pointers per position,
// so that the garbage collector, kept busy by Starlark's garbage, does not
// scan millions of positions at every cycle.
//
// # Threads and limits
//
// Each call of the file's functions runs on a Starlark thread of its own
// goroutine, taken from a pool, with a step limit for that call alone
// (Options.Steps, by default 1,000,000 steps). The file's globals are frozen
// once its top level has run, so calls share them safely. print goes to
// Options.Print or nowhere. There is no load, and no file, network or clock
// access: only Starlark's universe plus param and struct.
//
// Exploration leaves one core to insert what the others expand; for a rules
// file that core is mostly idle, so one helper goroutine asks the file about
// positions just found, ahead of the engine (see prefetch.go). tier and
// result are asked about a position when a move first leads to it, while
// its value is at hand, rather than decoded again later. Cancel, or
// Options.Context, stops running code at its next step.
//
// # Failures
//
// The engines' fast paths cannot return errors, so the game records the
// first mistake of the file (a runtime error, a step limit, a value that is
// not a position, a result or turn that means nothing, show and parse that
// disagree, a stalemate the file declared impossible) and reports it with
// Err (sente.Erring): one line naming the file, line and column, the
// function and the position. After a failure the game answers harmlessly,
// with no moves and nothing ended, so that engines finish quickly and then
// report Err.
package rules
