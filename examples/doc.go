// Package examples holds example rules files (*.star), each a game described
// in Starlark for the rules package: twins of built-in games (cards,
// chopsticks, nim, tofu, consecutive, count, tictactoe, connect4), a game
// whose positions repeat (loopy, with parents(p) for retrograde analysis),
// and Domineering, which has no twin. They are what a person copies to
// describe their own game. The tests load each file, solve it, and check
// every position against the built-in twin (or, for Domineering, a plain
// memoised search), the answers of the seed documents and published
// results, and the tier engine with discovered ranks against the hashing
// engine (tiers_test.go). tofu.in is a contest input of AtCoder ARC013 C,
// for 'sente tofu' (README's tour).
package examples
