// Package examples holds example rules files (*.star), each a game described
// in Starlark for the rules package: twins of built-in games (cards,
// chopsticks, nim, tofu, consecutive, count, tictactoe, connect4), a game
// whose positions repeat (loopy, with parents(p) for retrograde analysis),
// Domineering, which has no twin, and two games in which the same player
// may move several times in a row, written turn by turn as docs/rules.md
// says: dots and boxes (a completed box moves again) and Kalah (a last seed
// in one's own store moves again), each with a twin in plain Python
// (testdata/*.py) that the tests run and hold every position to. They are what a person copies to
// describe their own game. The tests load each file, solve it, and check
// every position against the built-in twin (or, for Domineering, a plain
// memoised search), the answers of the seed documents and published
// results, and the tier engine with discovered ranks against the hashing
// engine (tiers_test.go). tofu.in is a contest input of AtCoder ARC013 C,
// for 'sente tofu' (README's tour).
package examples
