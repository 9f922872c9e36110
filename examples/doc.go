// Package examples holds example rules files (*.star), each a game described
// in Starlark for the rules package: twins of built-in games (cards,
// chopsticks, nim, tofu, consecutive, count, tictactoe) and a game whose
// positions repeat (loopy). They are what a person copies to describe their
// own game. The tests load each file, solve it, and check every position
// against the built-in twin and the answers of the seed documents.
package examples
