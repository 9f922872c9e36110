// Package cgt is sente's theory of short partizan games: games in which
// Left and Right have moves of their own, play ends, and whoever cannot
// move loses. It holds what the books compute about them, exactly:
//
//   - canonical forms, built by the theory's rules (dominated options
//     removed, reversible options bypassed) and stored once each in a
//     table shared by the process, so that equal games are one Game and
//     compare with ==; numbers (dyadic rationals), nimbers, ups and downs
//     and their sums are recognised and kept in short (number-up-star);
//   - sums, negatives and comparison (≤, =, <, confused), the outcome
//     class (L, R, N, P);
//   - birthday, Left's and Right's stops, the thermograph (walls as
//     piecewise-linear trajectories with dyadic breakpoints, for pictures
//     to draw), mean and temperature;
//   - the atomic weight of all-small games and the reduced canonical form;
//   - the text form of CGSuite and the books, read by Parse and written by
//     Game.String ({1|*}, ^*, +-1, {3||2|1}) and Game.Pretty (↑*, ±1);
//   - the value of a position of any sente game with the partizan
//     capability (sente.Partizan), by its independent components
//     (sente.PartizanSplitter), each valued once by its shape (Valuer).
//
// It does not hold misère play: the misère canonical forms of impartial
// games and their genus are in package nimber/misere.
//
// The theory is Conway's On Numbers and Games (1976), Berlekamp, Conway
// and Guy's Winning Ways for your Mathematical Plays (2nd ed., 2001–2004)
// and Siegel's Combinatorial Game Theory (AMS, 2013); the comments name
// the rule each step uses. Package cgt/reference is a plain, slow
// definition of the same games that the tests hold this package to.
//
// A Game is an index into the table; the table only grows, and every
// operation takes its lock, so Games may be used from any goroutine.
// Comparisons and sums are memoised in the table too.
package cgt
