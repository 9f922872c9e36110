// Package sente is the shared vocabulary of the sente toolkit: the values a
// solved position can have, the players, the contract every game fulfils and
// the game-spec notation ("connect4:w=5,h=4") the command line and the
// catalogue use.
//
// The package holds no algorithms and does no I/O. The flow of the toolkit is
//
//	games/, rules/  ->  sente.Game  ->  answer/  ->  explain/  ->  render/, web/, cli/ (cmd/sente)
//	                                      |
//	                                      +-> explore/ -> solve/ (hashing engine), nimber/
//	                                      +-> solve/ (tier engine) <-> store/ -> verify/
//
// (dist/ runs the tier engine's waves as Apache Beam pipelines into the
// same store), and every stage imports this package, never the other way
// round.
//
// # Values
//
// Every value is stated for the player to move. A position is a Win when the
// player to move can force a win, a Lose when the opponent can, a Tie when
// both can at best reach an end that is level, and a Draw when perfect play
// never ends. "The first player wins" is a presentation of a value together
// with whose turn it is (see Winner), never the stored form.
//
// # Remoteness
//
// Remoteness counts plies to the end under perfect play: a winner takes the
// fastest win, a loser holds out as long as possible, and a tie is reached as
// soon as possible. A draw has no remoteness.
package sente
