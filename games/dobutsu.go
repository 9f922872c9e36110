package games

import (
	"fmt"
	"math/bits"

	"github.com/sente-go/sente"
)

func init() {
	register(Family{
		Name:    "dobutsu",
		Summary: "dōbutsu shōgi (どうぶつしょうぎ): catch the lion on a 3×4 board, with drops (strongly solved by Tanaka in 2009: a second-player win)",
		Params: []sente.Param{
			{Name: "try", Doc: "when a lion on the far rank wins: survive (it wins once the opponent's reply has not taken it, the official wording), safe (it wins at once when no enemy piece attacks the square it reached), any (it wins at once), none (no try; only catching the lion wins)",
				Kind: sente.Choice, Default: "survive", Choices: []string{"survive", "safe", "any", "none"}},
			{Name: "catch", Doc: "forced: a player who can take the opponent's lion takes it, the other moves not listed (never better: Tanaka's analysis treats such positions as won); free: every move is listed",
				Kind: sente.Choice, Default: "forced", Choices: []string{"forced", "free"}},
			{Name: "fardrop", Doc: "a chick may be dropped on the far rank, where it can never move (allowed by the official rules)", Kind: sente.Bool, Default: "true"},
			{Name: "pieces", Doc: "the pieces besides the lions, a pair of each kind (one a side): all, or a reduced set for small variants",
				Kind: sente.Choice, Default: "all", Choices: []string{"all", "chicks", "giraffes", "elephants", "giraffes+elephants", "giraffes+chicks", "elephants+chicks"}},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			g, err := NewDobutsu(DobutsuRules{Try: v.String("try"), Catch: v.String("catch"), FarDrop: v.Bool("fardrop"), Pieces: v.String("pieces")})
			if err != nil {
				return nil, err
			}
			return g, nil
		},
	})
}

// DobutsuRules are the readings and the piece set of a dōbutsu shōgi game.
type DobutsuRules struct {
	Try     string // survive, safe, any or none
	Catch   string // forced or free
	FarDrop bool   // a chick may be dropped on the far rank
	Pieces  string // all, or a reduced set: chicks, giraffes+elephants, ...
}

// Dobutsu is dōbutsu shōgi on its 3×4 board. Squares are numbered row by
// row from the top-left, sq = row*3 + col; the first player sits at the
// bottom (row 3) and moves up, so row 0 is its far rank.
//
// The key of a position is a nibble a square (bits 4sq to 4sq+3: 0 for
// empty, else a piece kind, plus 8 for the second player's), then each
// player's hand, two bits a kind of giraffes, elephants and chicks (the
// first player's at bit 48, the second's at bit 54), then bit 60 set when
// the second player is to move. A captured lion leaves the board and no
// hand: the game is over.
type Dobutsu struct {
	rules   DobutsuRules
	try     int
	forced  bool
	kinds   []int // the kinds of pieces besides lions, among dbGiraffe, dbElephant, dbChick
	hasKind [8]bool
	start   uint64
	steps   [16][12]uint16 // steps[code][sq]: the squares the piece code attacks from sq
	// attackers[owner][sq] lists the squares from which owner's pieces
	// attack sq, with the codes that do.
	attackers [2][12][]dbAttacker
	ranks     *dbRanks
	lostKey   uint64 // the representatives of the ended and forced classes (dobutsu_rank.go)
	wonKey    uint64
	catchKey  uint64
}

const (
	dbEmpty    = 0
	dbLion     = 1
	dbGiraffe  = 2
	dbElephant = 3
	dbChick    = 4
	dbHen      = 5
	dbSecond   = 8 // added to a kind for the second player's piece

	dbCells     = 12
	dbBoardMask = 1<<48 - 1
	dbHandShift = 48
	dbSideBit   = 60

	dbTrySurvive = 0
	dbTrySafe    = 1
	dbTryAny     = 2
	dbTryNone    = 3
)

// dbRowMask[r] is the squares of row r.
var dbRowMask = [4]uint16{0x7, 0x38, 0x1c0, 0xe00}

// dbFar[o] is the far rank of player o (0 first, 1 second), where its
// chicks promote and its lion tries; dbHome[o] is its own back rank.
var (
	dbFar  = [2]uint16{0x7, 0xe00}
	dbHome = [2]uint16{0xe00, 0x7}
)

// NewDobutsu makes the game under rules.
func NewDobutsu(r DobutsuRules) (*Dobutsu, error) {
	g := &Dobutsu{rules: r}
	switch r.Try {
	case "survive":
		g.try = dbTrySurvive
	case "safe":
		g.try = dbTrySafe
	case "any":
		g.try = dbTryAny
	case "none":
		g.try = dbTryNone
	default:
		return nil, fmt.Errorf("dobutsu: try=%q; want survive, safe, any or none", r.Try)
	}
	switch r.Catch {
	case "forced":
		g.forced = true
	case "free":
	default:
		return nil, fmt.Errorf("dobutsu: catch=%q; want forced or free", r.Catch)
	}
	switch r.Pieces {
	case "all":
		g.kinds = []int{dbGiraffe, dbElephant, dbChick}
	case "chicks":
		g.kinds = []int{dbChick}
	case "giraffes":
		g.kinds = []int{dbGiraffe}
	case "elephants":
		g.kinds = []int{dbElephant}
	case "giraffes+elephants":
		g.kinds = []int{dbGiraffe, dbElephant}
	case "giraffes+chicks":
		g.kinds = []int{dbGiraffe, dbChick}
	case "elephants+chicks":
		g.kinds = []int{dbElephant, dbChick}
	default:
		return nil, fmt.Errorf("dobutsu: pieces=%q; want all, chicks, giraffes, elephants, giraffes+elephants, giraffes+chicks or elephants+chicks", r.Pieces)
	}
	for _, k := range g.kinds {
		g.hasKind[k] = true
	}
	if g.hasKind[dbChick] {
		g.hasKind[dbHen] = true
	}
	g.makeSteps()
	for sq := range dbCells {
		for from := range dbCells {
			for code := range 16 {
				if g.steps[code][from]>>sq&1 == 0 {
					continue
				}
				o := code >> 3
				list := g.attackers[o][sq]
				if n := len(list); n == 0 || int(list[n-1].from) != from {
					list = append(list, dbAttacker{from: uint8(from)})
				}
				list[len(list)-1].codes |= 1 << code
				g.attackers[o][sq] = list
			}
		}
	}
	// The published start: gle / .c. / .C. / ELG.
	start := map[int]int{0: dbGiraffe | dbSecond, 1: dbLion | dbSecond, 2: dbElephant | dbSecond, 4: dbChick | dbSecond,
		7: dbChick, 9: dbElephant, 10: dbLion, 11: dbGiraffe}
	for sq, code := range start {
		if code&7 == dbLion || g.hasKind[code&7] {
			g.start |= uint64(code) << (4 * sq)
		}
	}
	g.initRanks()
	return g, nil
}

// makeSteps tables the squares each piece attacks from each square: the
// first player's pieces move up the board (row-1 is forward).
func (g *Dobutsu) makeSteps() {
	dirs := map[int][][2]int{
		dbLion:     {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},
		dbGiraffe:  {{-1, 0}, {1, 0}, {0, -1}, {0, 1}},
		dbElephant: {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}},
		dbChick:    {{-1, 0}},
		dbHen:      {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},
	}
	for kind, ds := range dirs {
		for owner := range 2 {
			code := kind + owner*dbSecond
			for sq := range dbCells {
				r, c := sq/3, sq%3
				for _, d := range ds {
					dr := d[0]
					if owner == 1 {
						dr = -dr
					}
					if nr, nc := r+dr, c+d[1]; nr >= 0 && nr < 4 && nc >= 0 && nc < 3 {
						g.steps[code][sq] |= 1 << (nr*3 + nc)
					}
				}
			}
		}
	}
}

func (g *Dobutsu) String() string {
	return fmt.Sprintf("dobutsu:try=%s,catch=%s,fardrop=%v,pieces=%s", g.rules.Try, g.rules.Catch, g.rules.FarDrop, g.rules.Pieces)
}

// Key helpers.

func dbAt(key uint64, sq int) int { return int(key>>(4*sq)) & 15 }

func dbHand(key uint64, owner, kind int) int {
	return int(key>>(dbHandShift+6*owner+2*(kind-dbGiraffe))) & 3
}

func dbHandUnit(owner, kind int) uint64 { return 1 << (dbHandShift + 6*owner + 2*(kind-dbGiraffe)) }

func dbMover(key uint64) int { return int(key >> dbSideBit & 1) }

// dbNibbles is bit 0 of every square's nibble.
const dbNibbles = 0x111111111111

// dbGather packs bit 4i of x (i < 12; other bits clear) into bit i.
func dbGather(x uint64) uint16 {
	x = (x | x>>3) & 0x0303030303030303
	x = (x | x>>6) & 0x000f000f000f000f
	x = (x | x>>12) & 0x000000ff000000ff
	return uint16(x|x>>24) & 0xfff
}

// dbMasks returns the squares holding the first player's pieces and the
// second's, and the squares of each lion (-1 when captured), with a few
// operations on the whole board rather than a loop over its squares.
func dbMasks(key uint64) (first, second uint16, lion [2]int) {
	b := key & dbBoardMask
	occupied := (b | b>>1 | b>>2 | b>>3) & dbNibbles
	secondBits := b >> 3 & dbNibbles
	first, second = dbGather(occupied&^secondBits), dbGather(secondBits)
	lion = dbLions(b)
	return
}

// dbLions finds the squares of the lions (codes 1 and 9) on the board b,
// -1 for a lion taken: a nibble equal to the code is a zero nibble of b
// xor the code in every nibble, and the lowest zero nibble of a word is
// the lowest set bit of (x - 1s) &^ x & 8s (higher ones may be borrows,
// but each side has one lion at most).
func dbLions(b uint64) (lion [2]int) {
	for o, code := range [2]uint64{dbLion, dbLion + dbSecond} {
		x := b ^ code*dbNibbles
		z := (x - dbNibbles) &^ x & (8 * dbNibbles)
		lion[o] = -1
		if z != 0 {
			lion[o] = bits.TrailingZeros64(z) / 4
		}
	}
	return
}

// attacks reports whether a piece of owner attacks square sq: for each
// neighbour of sq, the codes that attack sq from there are a table's bits.
func (g *Dobutsu) attacks(key uint64, owner, sq int) bool {
	for _, f := range g.attackers[owner][sq] {
		if f.codes>>(key>>(4*f.from)&15)&1 != 0 {
			return true
		}
	}
	return false
}

// dbAttacker is a square from which pieces attack a square: the codes
// (bit code) of those that do.
type dbAttacker struct {
	from  uint8
	codes uint16
}

// EndedKey: a player whose lion has been taken has lost. The try, by the
// rules' reading: survive, the player to move wins when its lion stands on
// its far rank (it got there and the opponent's reply did not take it);
// safe, the player to move has lost when the opponent's lion stands on its
// home rank and none of its pieces attacks it; any, it has lost when the
// opponent's lion stands there at all.
func (g *Dobutsu) EndedKey(key uint64) (sente.Value, bool) {
	return g.ended(key, dbLions(key&dbBoardMask))
}

// ended is EndedKey with the lions' squares found.
func (g *Dobutsu) ended(key uint64, lion [2]int) (sente.Value, bool) {
	o := dbMover(key)
	switch {
	case lion[o] < 0:
		return sente.Lose, true
	case lion[1-o] < 0:
		return sente.Win, true
	}
	switch g.try {
	case dbTrySurvive:
		if dbFar[o]>>lion[o]&1 != 0 {
			return sente.Win, true
		}
	case dbTrySafe:
		if dbHome[o]>>lion[1-o]&1 != 0 && !g.attacks(key, o, lion[1-o]) {
			return sente.Lose, true
		}
	case dbTryAny:
		if dbHome[o]>>lion[1-o]&1 != 0 {
			return sente.Lose, true
		}
	}
	return sente.Unknown, false
}

// canCatch reports whether the player to move at key, which has not ended,
// attacks the opponent's lion.
func (g *Dobutsu) canCatch(key uint64) bool {
	o := dbMover(key)
	lion := dbLions(key & dbBoardMask)
	return lion[1-o] >= 0 && g.attacks(key, o, lion[1-o])
}

// DobutsuPosition is a dōbutsu shōgi position: its key (see Dobutsu).
type DobutsuPosition uint64

func (g *Dobutsu) Encode(p sente.Position) uint64             { return uint64(p.(DobutsuPosition)) }
func (g *Dobutsu) Decode(key uint64) sente.Position           { return DobutsuPosition(key) }
func (g *Dobutsu) Start() sente.Position                      { return DobutsuPosition(g.start) }
func (g *Dobutsu) Ended(p sente.Position) (sente.Value, bool) { return g.EndedKey(g.Encode(p)) }

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Dobutsu) Alternates() bool { return true }

func (g *Dobutsu) Turn(p sente.Position) sente.Player {
	if dbMover(g.Encode(p)) == 1 {
		return sente.Second
	}
	return sente.First
}

func (g *Dobutsu) Describe() sente.Description {
	var try string
	switch g.try {
	case dbTrySurvive:
		try = "A player whose lion stands on the far rank when its turn comes has won (the try): the lion got there and the opponent's reply did not take it, as the official rules word it; a move there costs a ply more than a win at once. "
	case dbTrySafe:
		try = "A player who moves its lion to the far rank onto a square no enemy piece attacks wins at once (the try); on an attacked square the game goes on. "
	case dbTryAny:
		try = "A player who moves its lion to the far rank wins at once (the try), attacked or not. "
	case dbTryNone:
		try = "There is no try: a lion on the far rank wins nothing. "
	}
	catch := "A player who can take the opponent's lion takes it: the other moves are never better, so they are not listed (Tanaka's analysis likewise treats such positions as won). "
	if !g.forced {
		catch = "Every move is listed, even when the opponent's lion can be taken. "
	}
	drop := "A chick may be dropped on the far rank, where it can never move, as the official rules allow. "
	if !g.rules.FarDrop {
		drop = "A chick may not be dropped on the far rank. "
	}
	pieces := "Each side has a lion, a giraffe, an elephant and a chick. "
	if g.rules.Pieces != "all" {
		pieces = "A reduced game: each side has a lion and one of each of " + g.rules.Pieces + " only, on their squares of the usual start. "
	}
	return sente.Description{
		Summary: "dōbutsu shōgi: catch the lion on a 3×4 board, with drops",
		Rules: "Dōbutsu shōgi (どうぶつしょうぎ, \"let's catch the lion\"), by Madoka Kitao (2008), on a board of 3 columns and 4 rows. " + pieces +
			"The start is gle/.c./.C./ELG: the first player (upper case) at the bottom, with its elephant on its left and its giraffe on its right, and its chick in front of its lion; the second player's pieces mirror them from the top, and the first player moves first. " +
			"Pieces move one square: the lion any way, the giraffe orthogonally, the elephant diagonally, the chick straight forward; a chick that moves onto the far rank becomes a hen, which moves like a shogi gold (orthogonally and diagonally forward). " +
			"A piece moving onto an enemy piece takes it into the mover's hand (a hen as a chick); instead of moving, a player may drop a piece from its hand on any empty square. " +
			"Taking the opponent's lion wins. " + try + catch + drop +
			"A player with no move loses (it cannot happen from the start). Play that never ends is a draw (the official rules replay a game that repeats and then call it a draw). " +
			"Positions that are left-right mirror images, and positions that are the same with the board turned round, the colours swapped and the other player to move, are treated as one, and so are all positions that have ended with the same result, and under catch=forced all positions where the lion can be taken. " +
			"Moves name the piece (upper case whoever moves), then its square and the square it moves to, with + when a chick promotes: Cb3b2 takes the chick in front at the start. A drop is the piece, * and the square: C*a2. " +
			"Squares are a column a to c from the left and a row 1 to 4 from the top, as the first player sees the board. " +
			"Tanaka (2009) solved the game: 246,803,167 positions are reachable from the start and the second player wins in 78 plies.",
		Position: "The rows from top to bottom separated by /, each square . or a piece letter (L lion, G giraffe, E elephant, C chick, H hen; upper case the first player's, lower case the second's), then the pieces in hand (upper case the first player's, lower case the second's, - for none), then first or second for the player to move, e.g. \"gle/.c./.C./ELG - first\" (the start) or \"gle/.C./.../ELG C second\" (after Cb3b2).",
		Examples: []string{
			"dobutsu",
			"dobutsu:pieces=chicks",
			"dobutsu:try=safe,catch=free",
			"dobutsu:fardrop=false",
		},
	}
}

// EstimatePositions bounds the positions: both lions on the board (or one
// taken), each other piece on a free square or in a hand, with either
// player to move.
func (g *Dobutsu) EstimatePositions() float64 {
	return 2 * (132*float64(dbRestSize(g.kinds, 10)) + 2*12*float64(dbRestSize(g.kinds, 11)))
}

var (
	_ sente.Encoder   = (*Dobutsu)(nil)
	_ sente.Unmover   = (*Dobutsu)(nil)
	_ sente.Symmetric = (*Dobutsu)(nil)
	_ sente.Describer = (*Dobutsu)(nil)
	_ sente.Drawer    = (*Dobutsu)(nil)
	_ sente.Boarder   = (*Dobutsu)(nil)
	_ sente.Estimator = (*Dobutsu)(nil)
)
