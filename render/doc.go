// Package render turns solved games into things people read: tables of
// every position, pictures of who wins, plots of Grundy values and graphs
// of positions.
//
// Tables (table.go). WriteTable streams a Table, one row per position, as
// CSV, JSON (an array written element by element) or JSON Lines.
// SolutionTable makes the rows of a solve.Solution as they are written, so a
// table of ten million positions needs memory for one row: position, turn,
// value and winner, remoteness, the Grundy value for impartial games, the
// number of moves and, on request, the best moves.
//
// Pictures (picture.go, svg.go, png.go). A Picture is laid out once, in
// pixels, and written as SVG or as PNG with the same shapes at the same
// places. Text uses the Go fonts, compiled in: the PNG is drawn with them,
// and the SVG pins every string to the width measured with them, leaving
// room besides for viewers that substitute another font, so labels never
// run into each other.
//
//   - TablePicture (grid.go, gridpicture.go) is seed 000's coloured table: a
//     cell for each pair of values of two features of positions
//     (sente.Feature), coloured by who wins the positions in it. Cells,
//     fonts and labels shrink as the table grows; labels turn upright and
//     then thin out rather than overlap. Features (features.go) finds the
//     features to draw it by: a game's own (sente.Featured), or those it
//     measures a position at a time (sente.Measured, as a rules file
//     does), sized by the solved positions.
//   - GrundyPlot (grundyplot.go) draws G(n) against a parameter, with the
//     period shaded and said to be proven or conjectured.
//
// Colours (colors.go). In tables, who wins: the first player red and the
// second green, as seed 000's author had them, a tie yellow, a draw
// grey-blue, cells whose positions disagree purple, cells with no position
// white; a letter in each cell (1, 2, T, D, M) says the same without
// colour. In graphs, a position's value for the player to move, in lighter
// tints: green when the player to move wins (an N-position), red when they
// lose (a P-position), yellow for a tie, grey-blue for a draw.
//
// Graphs (graph.go, graphviz.go). GraphOf collects the positions and moves
// of a small solution, refusing with a TooBigError past a limit; WriteDOT
// writes them in Graphviz's DOT language, each node labelled with its
// position, value and remoteness (and Grundy value, from any nimber.Valuer:
// an answer's, which tables take too), each arrow with its move, the
// best moves bold; RenderGraph runs Graphviz's dot to make SVG or PNG.
//
// Files (atomic.go). WriteFileAtomic writes a file whole or not at all, so
// an interrupted command never leaves half a table or picture behind.
package render
