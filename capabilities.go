package sente

// Capabilities are a game's optional capabilities, each nil when the game
// lacks it. Engines and commands ask CapabilitiesOf(g) for them rather than
// asserting g's type, so that a game can offer a capability or not by
// value (a rules file offers tiers only when it defines tier) and a game
// that wraps another (misère play, say) keeps what the wrapped game can do.
// A method that code outside this package would look for on a game is a
// capability: it is declared here and held here, never found by asserting
// an interface of the caller's own.
type Capabilities struct {
	Encoder         Encoder
	Ranker          Ranker
	TierRanker      TierRanker
	TierScanner     TierScanner
	TierChildRanker TierChildRanker
	TierExpander    TierExpander
	SymmetricRanker SymmetricRanker
	Unmover         Unmover
	Tiered          Tiered
	Symmetric       Symmetric
	Splitter        Splitter
	Impartial       Impartial
	Misere          Misere
	Heaps           Heaps
	Restricter      Restricter
	Describer       Describer
	Drawer          Drawer
	Boarder         Boarder
	Featured        Featured
	Measured        Measured
	Estimator       Estimator
	Erring          Erring
	Expander        Expander
	ExpandUnmover   ExpandUnmover
	ExpandBatcher   ExpandBatcher
	Alternating     Alternating
	TurnKeyer       TurnKeyer
	Orderer         Orderer
	Endgamer        Endgamer
	Decider         Decider
	CutoffHorizon   CutoffHorizon
	Scorer          Scorer
	KeyScorer       KeyScorer
	Banker          Banker
	MarginTabler    MarginTabler
	MarginSolver    MarginSolver

	Partizan         Partizan
	PartizanSplitter PartizanSplitter
	RegionBoarder    RegionBoarder

	// A game whose positions need keys of 128 bits offers these in place
	// of Encoder, Symmetric, Orderer and Decider (see Wide).
	WideEncoder   WideEncoder
	WideSymmetric WideSymmetric
	WideOrderer   WideOrderer
	WideDecider   WideDecider
}

// Capable is a game that states its capabilities itself. CapabilitiesOf
// then takes them as they are and looks at none of the game's methods:
// a wrapper starts from CapabilitiesOf of the game it wraps and replaces
// what it changes, so that a capability added to Capabilities later is kept
// by every wrapper that does not change it.
type Capable interface {
	Capabilities() Capabilities
}

// CapabilitiesOf returns the capabilities of g: those g states when it is
// Capable, otherwise those it implements.
func CapabilitiesOf(g Game) Capabilities {
	if c, ok := g.(Capable); ok {
		return c.Capabilities()
	}
	var c Capabilities
	c.Encoder, _ = g.(Encoder)
	c.Ranker, _ = g.(Ranker)
	c.TierRanker, _ = g.(TierRanker)
	c.TierScanner, _ = g.(TierScanner)
	c.TierChildRanker, _ = g.(TierChildRanker)
	c.TierExpander, _ = g.(TierExpander)
	c.SymmetricRanker, _ = g.(SymmetricRanker)
	c.Unmover, _ = g.(Unmover)
	c.Tiered, _ = g.(Tiered)
	c.Symmetric, _ = g.(Symmetric)
	c.Splitter, _ = g.(Splitter)
	c.Impartial, _ = g.(Impartial)
	c.Misere, _ = g.(Misere)
	c.Heaps, _ = g.(Heaps)
	c.Restricter, _ = g.(Restricter)
	c.Describer, _ = g.(Describer)
	c.Drawer, _ = g.(Drawer)
	c.Boarder, _ = g.(Boarder)
	c.WideEncoder, _ = g.(WideEncoder)
	c.WideSymmetric, _ = g.(WideSymmetric)
	c.WideOrderer, _ = g.(WideOrderer)
	c.WideDecider, _ = g.(WideDecider)
	c.Featured, _ = g.(Featured)
	c.Measured, _ = g.(Measured)
	c.Estimator, _ = g.(Estimator)
	c.Erring, _ = g.(Erring)
	c.Expander, _ = g.(Expander)
	c.ExpandUnmover, _ = g.(ExpandUnmover)
	c.ExpandBatcher, _ = g.(ExpandBatcher)
	c.Alternating, _ = g.(Alternating)
	c.TurnKeyer, _ = g.(TurnKeyer)
	c.Orderer, _ = g.(Orderer)
	c.Endgamer, _ = g.(Endgamer)
	c.Decider, _ = g.(Decider)
	c.CutoffHorizon, _ = g.(CutoffHorizon)
	c.Scorer, _ = g.(Scorer)
	c.KeyScorer, _ = g.(KeyScorer)
	c.Banker, _ = g.(Banker)
	c.MarginTabler, _ = g.(MarginTabler)
	c.MarginSolver, _ = g.(MarginSolver)
	c.Partizan, _ = g.(Partizan)
	c.PartizanSplitter, _ = g.(PartizanSplitter)
	c.RegionBoarder, _ = g.(RegionBoarder)
	return c
}

// IsImpartial reports whether the game says it is impartial.
func (c Capabilities) IsImpartial() bool {
	return c.Impartial != nil && c.Impartial.Impartial()
}

// IsMisere reports whether the game says it is under misère play.
func (c Capabilities) IsMisere() bool {
	return c.Misere != nil && c.Misere.Misere()
}

// Alternates reports whether the game promises that every move passes the
// turn (Alternating).
func (c Capabilities) Alternates() bool {
	return c.Alternating != nil && c.Alternating.Alternates()
}

// KeyTurns is how an engine on the game's keys (c.Encoder's) learns whose
// turn it is: nil when the game promises to alternate, and the engine then
// negates values at every move and asks nothing; otherwise TurnKey when
// the game offers it, and Turn of the decoded position when not. An
// engine asks it once a position.
func (c Capabilities) KeyTurns(g Game) func(key uint64) Player {
	switch {
	case c.Alternates():
		return nil
	case c.TurnKeyer != nil:
		return c.TurnKeyer.TurnKey
	}
	enc := c.Encoder
	return func(key uint64) Player { return g.Turn(enc.Decode(key)) }
}

// Err is the first failure of the game's own logic (see Erring), or nil.
func (c Capabilities) Err() error {
	if c.Erring == nil {
		return nil
	}
	return c.Erring.Err()
}

// Boarder shows positions as boards of cells, for pictures and the browser
// app: a grid of marks for tic-tac-toe and connect four, a row of hands for
// chopsticks, each player's cards for seed 000.
type Boarder interface {
	Board(p Position) Board
}

// Board is a position shown as cells in rows. A page or picture draws it
// in its Style; a page lets a person play on it by clicking the cells of
// each move, which Moves states when the game knows them and which a page
// otherwise finds by comparing the board before the move with the board
// after it (see BoardMove).
type Board struct {
	// Style says how to draw the cells: "grid" (the default: each cell
	// holds a player's mark, "x" or "o", or a piece's letter, upper case
	// the first player's and lower case the second's), "hands" (one row
	// per player, left hand then right, each cell the fingers raised, ""
	// for a dead hand), "cards" (one row per player, each cell a card's
	// value) or "heaps" (one row per heap, each cell a token, an empty heap
	// an empty row; RowLabels name the heaps, and a move that takes k of a
	// heap's n tokens is placed on token n-k, so that a click takes the
	// token clicked and those to its right) or "points" (a grid whose
	// cells joined by Lines are the points pieces stand on; the others are
	// not on the board) or "pits" (a mancala board: two rows of houses,
	// each cell its seeds, with a store at each end: the top row's first
	// cell the second player's store, the bottom row's last the first
	// player's; the other two corners are not on the board).
	Style string
	// Cells[r][c] is what cell c of row r shows, rows from the top; ""
	// for an empty cell.
	Cells [][]string
	// Marked[r][c], when Marked is not nil, sets a cell apart: a card
	// already played.
	Marked [][]bool
	// RowLabels and ColLabels name rows and columns as move names do;
	// either may be nil.
	RowLabels, ColLabels []string
	// Gravity says that a piece played in a column falls to its lowest
	// empty cell (connect four).
	Gravity bool
	// Caption is a line shown with the board ("total 12 of 23").
	Caption string
	// Count and Goal, when Goal is not 0, are a running count and the
	// count play aims at, for a page to show beside the board: the total
	// of the cards on the table and the target of seed 000.
	Count, Goal int
	// Pieces, when not "", names the set of pieces a grid's letters stand
	// for, so that a page may draw each as the piece it is rather than as
	// a letter: "dobutsu" (dōbutsu shōgi's L lion, G giraffe, E elephant,
	// C chick and H hen), whose pieces show the directions they move in,
	// or "gobblet" (Gobblet Gobblers: a cell holds its stack from the top
	// down, a piece by its size, L large, M medium or S small: "Lm" is the
	// first player's large piece over the second's medium one).
	Pieces string
	// InHand, when not nil, is each player's pieces in hand, the first
	// player's then the second's: the pieces taken that the player may
	// drop, each written as a cell shows it, once a piece ("G", "G", "c").
	// A page shows them beside the board, for a drop to be played from
	// them (see BoardMove.FromHand).
	InHand [][]string
	// Lines, when not nil, are the lines the board is drawn with (style
	// "points": a morris board), each between two of its points; the
	// points are the cells the lines join, the other cells are not on
	// the board.
	Lines []BoardLine
	// Players, when not nil, names the two players as the board's pieces
	// show them, the first player then the second ("white", "black": the
	// morris games' stones), for a page to say who is who in those words
	// rather than as the first and second player, or by the letters of
	// the position's text form.
	Players []string
	// Moves, when not nil, places the moves of the position on the
	// board, in any order, each once; a move it leaves out is played from
	// a list of moves only. A game whose moves each change one cell, or
	// take a piece from one cell to another empty cell, may leave it nil:
	// comparing boards finds them. Moves that change more (a push that
	// slides a row, a capture that fills a hand) need it to be played on
	// the board.
	Moves []BoardMove
}

// BoardMove is where a move is played on a board: a person takes up the
// piece on From, when the move has one, and puts it on To. A move without
// From is played by one click on To: a mark placed, a piece dropped from a
// hand. Several moves may share From and To (drops of different pieces on
// one square); a page then asks which.
type BoardMove struct {
	Name string
	// From is the cell the move takes a piece from, or nil.
	From *BoardCell
	To   BoardCell
	// FromHand, for a drop, is the piece it takes from the mover's hand,
	// as Board.InHand writes it: a page that shows the hand plays the
	// drop by a click on that piece, then on To, so that a person need
	// not choose among the drops sharing To.
	FromHand string
	// Remove, when not nil, is an opponent's piece the move takes off the
	// board once the piece is placed (a mill in the morris games): a page
	// plays it by a further click on that piece, so that the moves sharing
	// From and To differ by their Remove alone.
	Remove *BoardCell
}

// BoardLine is a line a board draws between the centres of two cells: the
// lines of a morris board, along which pieces move.
type BoardLine struct{ From, To BoardCell }

// BoardCell is a cell of a board: row from the top, column from the left.
type BoardCell struct{ Row, Col int }
