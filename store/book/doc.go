// Package book keeps opening books: the exact outcome of every position a
// game reaches within a number of plies of its start, found once by proof
// search (package solve/search) and stored, so that an answer in the
// opening, where search costs most, is a lookup.
//
// A book holds the canonical keys (sente.Symmetric, where the game has
// it) of the positions within its plies that have not ended, sorted,
// with each one's outcome for the player to move in two bytes (a
// store.Cell: value and remoteness) and the shallowest ply at which the
// start reaches it in one byte: flat arrays, read in place from the
// memory-mapped file and searched by binary search (Book.Lookup). It is
// one file of the store (store.Book, its tier the plies) in the game's
// directory, with the store's checksummed header (game spec, plies, the
// count of positions and how many of them are won, lost, tied and drawn),
// a CRC-32C for each block of its payload, written atomically; the
// payload starts with the book's own format version, its plies, its
// count and its root. Open checks every block before an answer reads it.
//
// A book starts from the game's start, or from any position asked for
// (Options.From: the opening of a line, where a book from the start would
// need the start searched first); a game keeps a book for each root and
// depth, the start's as the tier of its plies and another root's above
// (plies + 256k), its root in its preamble, and an answer reads them all.
//
// Build finds the positions breadth first, then searches them deepest
// ply first, through one searcher whose leaves are the positions the
// build has already valued: a position at a shallower ply is then
// answered from its successors in the book at the cost of a few probes,
// and the cost of a book is the search of its deepest ply. What is done
// is saved (store.BookWork) every few seconds and when the build is
// stopped, so that a build killed or interrupted goes on from there; the
// finished book's bytes are the same whether or not it was stopped,
// since every outcome is exact.
//
// A book may instead hold one player's strategy (Options.Strategy): that
// player's best moves only, against every move of the other, within its
// plies, which is what playing that side perfectly from the book needs.
// Its lines depend on the outcomes, so its build walks them from the root
// breadth first, searching every move's position of the strategy's player
// to find the best, and then values what it followed, deepest first. Its
// positions grow with the other player's choices alone: in connect four
// 7×6, 8 plies from a position of the middle game, 2,529 positions for
// one player's lines against 130,880 for every position. Its preamble
// names the strategy (format version 2), and its tier is its own above
// the plies, as another root's.
//
// Every outcome a book holds is exact, whatever its root, depth or
// strategy, so a build takes the outcomes the game's other books and the
// saved work of its other builds of strategies hold, rather than
// searching them again (Report.Reused): a deeper book costs what the
// shallower one left undone, and a build stopped at one depth serves one
// of another.
//
// Verify checks a stored book: its checksums, that it holds exactly the
// positions the game reaches within its plies (a book of a strategy: the
// positions of its lines as its own outcomes choose the best moves, each
// position whose moves it holds valued as its best move), and a uniform
// random sample of its entries searched again by a fresh searcher whose
// only leaves are the book's entries of deeper plies (the deepest ply's
// entries from nothing): an entry that agrees with its successors for
// every entry makes the book right by induction from its deepest ply.
package book
