// Package cli is sente's command line as a library: the command sente
// (cmd/sente) is cli.Main with the built-in games, and a program of one's
// own is cli.Main with games of its own, which every command and the
// browser app (serve) then offer beside the built-in ones:
//
//	func main() {
//		cli.Main(sente.Family{Name: "squares", New: newSquares, ...})
//	}
//
// Run is the same command line for tests and for programs that embed it.
//
// The commands, in short:
//
//	sente list                      the built-in games
//	sente describe GAME             rules, parameters, position form
//	sente solve GAME                who wins from the start, and in how many plies
//	sente moves GAME [POSITION]     every move with its value, best first
//	sente play GAME [--as second]   play against the perfect player
//	sente grundy GAME --param n=0..N   Grundy values over a parameter, with their period
//	sente sweep GAME --param n=1..30 --param m=1..4   who wins over one or two parameters
//	sente tofu [FILE]               AtCoder ARC013 C from the contest's input: WIN or LOSE
//
// GAME is NAME or NAME:key=value,... (connect4:w=5,h=4). Bad input ends in a
// one-line error and exit status 2; Ctrl-C ends long work with status 130.
// The command line holds no logic of its own: it wires flags to the
// packages. Nothing imports it but commands (no package imports cmd/, and
// cli is the library form of cmd/sente).
package cli
