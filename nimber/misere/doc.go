// Package misere is sente's theory of impartial games under misère play,
// in which the player who cannot move wins: the misère canonical forms of
// Conway and the genus.
//
// Misère play has no Sprague-Grundy theory: a sum's outcome is not decided
// by its parts' Grundy values. What remains is exact but larger. Two games
// G and H are equal (misère) when G+X and H+X have the same misère outcome
// for every impartial game X. Every game equals exactly one game in simplest
// form, its misère canonical form (Conway, On Numbers and Games, ch. 12;
// Siegel, Combinatorial Game Theory, ch. V §1), and two games are equal
// exactly when their canonical forms are identical. Game is such a form,
// stored once in a table shared by the process, so that equal games are one
// Game and compare with ==.
//
// A game is the set of its options. The simplification used is the
// Grundy–Smith rule with Conway's proviso: if H is G with extra options,
// each of which has an option equal to G, then H = G, provided that when
// G has no options at all some extra option is a P-position (otherwise G = 0
// is won by the player to move, who cannot move, and H is not). An option
// of G with an option equal to G is reversible; Conway proved that a game
// with no reversible options, hereditarily, is in simplest form, and that
// two such games are equal only when they are identical. See reduce in
// form.go for the rule as applied.
//
// Besides the form: the misère outcome (N, the player to move wins, or P),
// the misère Grundy value, the normal-play Grundy value, the birthday, sums,
// and the genus (genus.go), Conway's summary of how a game behaves in sums
// with nim-heaps. The text form (text.go) writes nim-heaps as 0, *, *2, ...
// and any other game as the set of its options, {*2,*}; Parse reads that and
// CGSuite's input syntax (*[2,1], *[[2],0]) and sums (*2+*2).
//
// Of values a position of any impartial sente game (the tree of its moves),
// by its components when the game is a sente.Splitter, since the misère
// canonical form of a sum is the sum of its parts' forms.
//
// BornBy enumerates the forms born by a day; the counts 1, 2, 3, 5, 22 and
// 4171780 for days 0 to 5 are Conway's (ONAG ch. 12) and Siegel's (CGT ch. V).
package misere
