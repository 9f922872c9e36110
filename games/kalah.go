package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

const (
	kalahMaxHouses = 6
	kalahMaxSeeds  = 6
)

const kalahSummary = "Kalah: sow seeds round a board of houses and two stores; a last seed in your store moves again, in an empty house of yours it captures; most seeds in the store wins"

// The catalogue's Kalah is four houses of two seeds, a board every engine
// answers at once, in the browser too; the standard board, six houses of
// four, is kalah:houses=6,seeds=4.
func init() {
	register(Family{
		Name:    "kalah",
		Summary: kalahSummary,
		Params: []sente.Param{
			{Name: "houses", Doc: "houses on each side (6 in the standard game)", Kind: sente.Int, Default: "4", Min: 1, Max: kalahMaxHouses},
			{Name: "seeds", Doc: "seeds in each house at the start (4 in the standard game)", Kind: sente.Int, Default: "2", Min: 1, Max: kalahMaxSeeds},
			{Name: "emptycapture", Doc: "a last seed in an empty house of the mover's captures even when the house opposite is empty (the seed alone goes to the store)", Kind: sente.Bool, Default: "false"},
			{Name: "extra", Doc: "a last seed in the mover's own store gives the mover another move", Kind: sente.Bool, Default: "true"},
			{Name: "end", Doc: "either: the game ends as soon as either side's houses are all empty; mover: only when the player to move has none", Kind: sente.Choice, Default: "either", Choices: []string{"either", "mover"}},
			{Name: "left", Doc: "owner: the seeds left in the houses at the end go to the store of the side they are on; emptied: to the player whose houses are empty", Kind: sente.Choice, Default: "owner", Choices: []string{"owner", "emptied"}},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return NewKalah(KalahRules{
				Houses:        v.Int("houses"),
				Seeds:         v.Int("seeds"),
				EmptyCapture:  v.Bool("emptycapture"),
				NoExtraTurn:   !v.Bool("extra"),
				EndForMover:   v.String("end") == "mover",
				LeftToEmptied: v.String("left") == "emptied",
			})
		},
	})
}

var _ interface {
	sente.Game
	sente.Encoder
	sente.TierRanker
	sente.TurnKeyer
	sente.Scorer
	sente.KeyScorer
	sente.Describer
	sente.Drawer
	sente.Boarder
} = (*Kalah)(nil)

// KalahRules are the board and the rule variants of a game of Kalah. The
// published margins of Irving, Donkers and Uiterwijk's solution (2000),
// Kalah(6,4) by 10 and Kalah(6,5) by 12, come out with EmptyCapture set:
// under the zero values Kalah(6,4) is a first-player win by 8.
type KalahRules struct {
	Houses, Seeds int
	// EmptyCapture captures a last seed that falls into an empty house of
	// the mover's even when the house opposite is empty: the seed alone
	// goes to the store. Without it such a seed stays where it fell.
	EmptyCapture bool
	// NoExtraTurn passes the turn after every move, a last seed in the
	// mover's store included.
	NoExtraTurn bool
	// EndForMover ends the game only when the player to move has no seed
	// in their houses; otherwise it ends as soon as either side has none.
	EndForMover bool
	// LeftToEmptied gives the seeds still in the houses at the end to the
	// player whose houses are empty (a reading of some boards sold);
	// otherwise each side's go to its own store.
	LeftToEmptied bool
}

// Kalah is the mancala game of Kalah (Champion's Kalah, 1940s), the one the
// field solved by search over endgame databases: Kalah(6,4), six houses a
// side with four seeds in each, a last seed in an empty house capturing
// even when the house opposite is empty, is a first-player win by 10
// (Irving, Donkers and Uiterwijk 2000).
//
// A board is the seeds of the first player's houses from their left, their
// store, the second player's houses from their left, and their store, as
// in examples/kalah.star; sowing runs in that order, round and round,
// skipping the opponent's store. Seeds never leave a store, so the seeds
// in the stores are the tier (kalah_rank.go).
type Kalah struct {
	rules  KalahRules
	houses int // a side
	total  int // seeds on the board
	// binom[n][k] is n choose k, for ranking the houses' seeds, and
	// choose[k][n] the same by k, the order the ranking's loops read it.
	binom  [][]uint64
	choose [][]uint64
}

// KalahPosition is a Kalah board and the player to move. Board holds
// 2*houses+2 places: the first player's houses and store, then the second
// player's; the places after them are zero.
type KalahPosition struct {
	Board [2*kalahMaxHouses + 2]uint8
	Turn  sente.Player
}

// NewKalah makes Kalah with the rules given: 1 to 6 houses a side and 1 to
// 6 seeds a house. It returns a plain nil game on error.
func NewKalah(r KalahRules) (sente.Game, error) {
	switch {
	case r.Houses < 1 || r.Houses > kalahMaxHouses:
		return nil, fmt.Errorf("kalah: houses=%d; want 1 to %d", r.Houses, kalahMaxHouses)
	case r.Seeds < 1 || r.Seeds > kalahMaxSeeds:
		return nil, fmt.Errorf("kalah: seeds=%d; want 1 to %d", r.Seeds, kalahMaxSeeds)
	}
	g := &Kalah{rules: r, houses: r.Houses, total: 2 * r.Houses * r.Seeds}
	g.binom = binomials(g.total+2*g.houses, 2*g.houses)
	g.choose = make([][]uint64, 2*g.houses+1)
	for k := range g.choose {
		g.choose[k] = make([]uint64, len(g.binom))
		for n := range g.binom {
			g.choose[k][n] = g.binom[n][k]
		}
	}
	return g, nil
}

// binomials is Pascal's triangle up to n choose k.
func binomials(n, k int) [][]uint64 {
	b := make([][]uint64, n+1)
	for i := range b {
		b[i] = make([]uint64, k+1)
		b[i][0] = 1
		for j := 1; j <= k && j <= i; j++ {
			b[i][j] = b[i-1][j-1]
			if j < i {
				b[i][j] += b[i-1][j]
			}
		}
	}
	return b
}

// store is the place of player's store; house i of player (0 from their
// left) is at house(player, i).
func (g *Kalah) store(p sente.Player) int {
	if p == sente.First {
		return g.houses
	}
	return 2*g.houses + 1
}

func (g *Kalah) house(p sente.Player, i int) int {
	if p == sente.First {
		return i
	}
	return g.houses + 1 + i
}

// sideSeeds is the seeds in player's houses.
func (g *Kalah) sideSeeds(b *[2*kalahMaxHouses + 2]uint8, p sente.Player) int {
	n := 0
	for i := range g.houses {
		n += int(b[g.house(p, i)])
	}
	return n
}

func (g *Kalah) Start() sente.Position {
	var p KalahPosition
	for i := range g.houses {
		p.Board[g.house(sente.First, i)] = uint8(g.rules.Seeds)
		p.Board[g.house(sente.Second, i)] = uint8(g.rules.Seeds)
	}
	return p
}

func (g *Kalah) Turn(p sente.Position) sente.Player { return p.(KalahPosition).Turn }

// ended reports whether play is over on board b with mover to move.
func (g *Kalah) ended(b *[2*kalahMaxHouses + 2]uint8, mover sente.Player) bool {
	if g.sideSeeds(b, mover) == 0 {
		return true
	}
	return !g.rules.EndForMover && g.sideSeeds(b, mover.Other()) == 0
}

// finalMargin is the count at the end for mover: their seeds less the
// opponent's.
func (g *Kalah) finalMargin(b *[2*kalahMaxHouses + 2]uint8, mover sente.Player) int {
	mine, theirs := int(b[g.store(mover)]), int(b[g.store(mover.Other())])
	myLeft, theirLeft := g.sideSeeds(b, mover), g.sideSeeds(b, mover.Other())
	switch {
	case !g.rules.LeftToEmptied:
		mine += myLeft
		theirs += theirLeft
	case myLeft == 0:
		mine += theirLeft
	default:
		theirs += myLeft
	}
	return mine - theirs
}

func (g *Kalah) Ended(p sente.Position) (sente.Value, bool) {
	pos := p.(KalahPosition)
	if !g.ended(&pos.Board, pos.Turn) {
		return sente.Unknown, false
	}
	return sente.Margin{Score: g.finalMargin(&pos.Board, pos.Turn)}.Value(), true
}

// Score is the margin of an ended position for the player to move.
func (g *Kalah) Score(p sente.Position) int {
	pos := p.(KalahPosition)
	return g.finalMargin(&pos.Board, pos.Turn)
}

// MaxScore is every seed on the board.
func (g *Kalah) MaxScore() int { return g.total }

// sow plays the move from house i of the mover's (0 from their left),
// which holds seeds, and returns the position it leads to.
func (g *Kalah) sow(pos KalahPosition, i int) KalahPosition {
	mover := pos.Turn
	b := &pos.Board
	places := 2*g.houses + 2
	skip := g.store(mover.Other())
	at := g.house(mover, i)
	seeds := int(b[at])
	b[at] = 0
	for seeds > 0 {
		at++
		if at == places {
			at = 0
		}
		if at == skip {
			continue
		}
		b[at]++
		seeds--
	}
	mine := g.store(mover)
	next := mover.Other()
	switch {
	case at == mine:
		if !g.rules.NoExtraTurn {
			next = mover
		}
	case b[at] == 1 && g.owns(mover, at):
		opposite := 2*g.houses - at
		if b[opposite] > 0 || g.rules.EmptyCapture {
			b[mine] += b[opposite] + 1
			b[at], b[opposite] = 0, 0
		}
	}
	pos.Turn = next
	return pos
}

// owns reports whether place at is one of player's houses.
func (g *Kalah) owns(p sente.Player, at int) bool {
	first := g.house(p, 0)
	return at >= first && at < first+g.houses
}

func (g *Kalah) Moves(p sente.Position) []sente.Move {
	pos := p.(KalahPosition)
	var moves []sente.Move
	for i := range g.houses {
		if pos.Board[g.house(pos.Turn, i)] == 0 {
			continue
		}
		moves = append(moves, sente.Move{Name: strconv.Itoa(i + 1), To: g.sow(pos, i)})
	}
	return moves
}

// FormatPosition writes each side's houses from that player's left, then
// the store after a colon, the first player's side first, then who is to
// move: "4,4,4,4,4,4:0 4,4,4,4,4,4:0 first".
func (g *Kalah) FormatPosition(p sente.Position) string {
	pos := p.(KalahPosition)
	var sb strings.Builder
	for _, pl := range []sente.Player{sente.First, sente.Second} {
		for i := range g.houses {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Itoa(int(pos.Board[g.house(pl, i)])))
		}
		sb.WriteByte(':')
		sb.WriteString(strconv.Itoa(int(pos.Board[g.store(pl)])))
		sb.WriteByte(' ')
	}
	sb.WriteString(pos.Turn.String())
	return sb.String()
}

func (g *Kalah) positionForm() string {
	return fmt.Sprintf("each side's %d houses from that player's left separated by commas, a colon and the store, the first player's side first, then who moves, first or second: %q", g.houses, g.FormatPosition(g.Start()))
}

func (g *Kalah) ParsePosition(s string) (sente.Position, error) {
	fields := strings.Fields(s)
	bad := func(why string) (sente.Position, error) {
		return nil, fmt.Errorf("kalah position %q: %s; want %s", s, why, g.positionForm())
	}
	if len(fields) != 3 {
		return bad("not two sides and who moves")
	}
	var pos KalahPosition
	switch fields[2] {
	case "first":
		pos.Turn = sente.First
	case "second":
		pos.Turn = sente.Second
	default:
		return bad(fmt.Sprintf("%q moves", fields[2]))
	}
	sum := 0
	for side, pl := range []sente.Player{sente.First, sente.Second} {
		houses, store, ok := strings.Cut(fields[side], ":")
		if !ok {
			return bad(fmt.Sprintf("the %s side has no store after a colon", pl))
		}
		counts := strings.Split(houses, ",")
		if len(counts) != g.houses {
			return bad(fmt.Sprintf("the %s side has %d houses", pl, len(counts)))
		}
		for i, c := range append(counts, store) {
			n, err := strconv.Atoi(c)
			if err != nil || n < 0 || n > g.total {
				return bad(fmt.Sprintf("%q is not a count of seeds from 0 to %d", c, g.total))
			}
			sum += n
			if i < g.houses {
				pos.Board[g.house(pl, i)] = uint8(n)
			} else {
				pos.Board[g.store(pl)] = uint8(n)
			}
		}
	}
	if sum != g.total {
		return bad(fmt.Sprintf("%d seeds where the game has %d", sum, g.total))
	}
	return pos, nil
}

// Draw shows the second player's side above, houses numbered from their
// left (so right to left from the first player's seat), stores at the
// ends.
func (g *Kalah) Draw(p sente.Position) string {
	pos := p.(KalahPosition)
	var sb strings.Builder
	cell := func(n uint8) string { return fmt.Sprintf("%3d", n) }
	sb.WriteString("     ")
	for i := g.houses - 1; i >= 0; i-- {
		fmt.Fprintf(&sb, "%3d", i+1)
	}
	sb.WriteString("      second\n     ")
	for i := g.houses - 1; i >= 0; i-- {
		sb.WriteString(cell(pos.Board[g.house(sente.Second, i)]))
	}
	fmt.Fprintf(&sb, "\n  %s%s%s\n     ", cell(pos.Board[g.store(sente.Second)]), strings.Repeat("   ", g.houses), cell(pos.Board[g.store(sente.First)]))
	for i := range g.houses {
		sb.WriteString(cell(pos.Board[g.house(sente.First, i)]))
	}
	sb.WriteString("\n     ")
	for i := range g.houses {
		fmt.Fprintf(&sb, "%3d", i+1)
	}
	sb.WriteString("      first\n")
	return sb.String()
}

// Board shows the board as two rows of houses with a store at each end,
// the second player's row on top from their left (right to left), each
// cell its seeds: a click on one of the mover's houses sows it.
func (g *Kalah) Board(p sente.Position) sente.Board {
	pos := p.(KalahPosition)
	top := make([]string, g.houses+2)
	bottom := make([]string, g.houses+2)
	top[0] = strconv.Itoa(int(pos.Board[g.store(sente.Second)]))
	bottom[g.houses+1] = strconv.Itoa(int(pos.Board[g.store(sente.First)]))
	var moves []sente.BoardMove
	for i := range g.houses {
		top[g.houses-i] = strconv.Itoa(int(pos.Board[g.house(sente.Second, i)]))
		bottom[1+i] = strconv.Itoa(int(pos.Board[g.house(sente.First, i)]))
		if g.ended(&pos.Board, pos.Turn) || pos.Board[g.house(pos.Turn, i)] == 0 {
			continue
		}
		to := sente.BoardCell{Row: 1, Col: 1 + i}
		if pos.Turn == sente.Second {
			to = sente.BoardCell{Row: 0, Col: g.houses - i}
		}
		moves = append(moves, sente.BoardMove{Name: strconv.Itoa(i + 1), To: to})
	}
	return sente.Board{
		Style:   "pits",
		Cells:   [][]string{top, bottom},
		Caption: fmt.Sprintf("stores: first %d, second %d", pos.Board[g.store(sente.First)], pos.Board[g.store(sente.Second)]),
		Moves:   moves,
	}
}

func (g *Kalah) Describe() sente.Description {
	r := g.rules
	var readings []string
	if r.EmptyCapture {
		readings = append(readings, "A last seed that falls into an empty house of the mover's is captured to the mover's store with the seeds of the house opposite, even when that house is empty (emptycapture=true).")
	} else {
		readings = append(readings, "A last seed that falls into an empty house of the mover's captures only when the house opposite holds seeds: that seed and those go to the mover's store; otherwise it stays (emptycapture=false, the rules of the published solutions).")
	}
	if r.NoExtraTurn {
		readings = append(readings, "Every move passes the turn (extra=false).")
	} else {
		readings = append(readings, "A last seed in the mover's own store gives the mover another move (extra=true).")
	}
	if r.EndForMover {
		readings = append(readings, "The game ends when the player to move has no seed in their houses (end=mover).")
	} else {
		readings = append(readings, "The game ends as soon as either player's houses are all empty (end=either).")
	}
	if r.LeftToEmptied {
		readings = append(readings, "Seeds still in houses at the end go to the player whose houses are empty (left=emptied).")
	} else {
		readings = append(readings, "Seeds still in houses at the end go to the store of the side they are on (left=owner).")
	}
	return sente.Description{
		Summary: fmt.Sprintf("Kalah(%d,%d): %d houses a side, %d seeds in each", g.houses, r.Seeds, g.houses, r.Seeds),
		Rules: fmt.Sprintf("Each player has a row of %d houses, with %d seeds in each at the start, and a store to the right of the row. "+
			"A move takes every seed of one of the mover's houses that is not empty and sows them one by one, counter-clockwise, into the places after it: "+
			"the mover's houses, the mover's store, the opponent's houses, skipping the opponent's store, and round again. ", g.houses, r.Seeds) +
			strings.Join(readings, " ") +
			" Whoever has more seeds in the store at the end wins, by the difference (the score); as many each is a tie. " +
			"Moves are the house sown, 1 to " + strconv.Itoa(g.houses) + " from the mover's left. " +
			"The published margins (Kalah(6,4) a first-player win by 10, Kalah(6,5) by 12, Irving, Donkers and Uiterwijk 2000) are found with emptycapture=true (Kalah(6,4) is a first-player win by 8 under the defaults); 'sente solve kalah:houses=6,seeds=4,emptycapture=true --margin-only' finds the margin by search over endgame tables built in memory.",
		Position: "A position is " + g.positionForm() + ".",
		Examples: []string{"kalah", "kalah:houses=4,seeds=3", "kalah:houses=6,seeds=2", "kalah:houses=6,seeds=4,emptycapture=true"},
	}
}
