package games

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/sente-go/sente"
)

const chopsticksSummary = "finger game with transfers: kill both of the opponent's hands (a niece's variant, from a Japanese blog post)"

func init() {
	register(Family{
		Name:    "chopsticks",
		Summary: chopsticksSummary,
		Params: []sente.Param{
			{Name: "overflow", Doc: "an attack summing over 5: rollover keeps the sum mod 5 (exactly 5 kills), cutoff kills", Kind: sente.Choice, Default: "rollover", Choices: []string{"rollover", "cutoff"}},
			{Name: "transfer", Doc: "any: move any number of fingers between your hands; split: share all your fingers equally; none: attacks only", Kind: sente.Choice, Default: "any", Choices: []string{"any", "split", "none"}},
			{Name: "revive", Doc: "a transfer or split may put fingers on a dead hand", Kind: sente.Bool, Default: "false"},
			{Name: "selfkill", Doc: "a transfer may kill your own hand, by the attack arithmetic", Kind: sente.Bool, Default: "false"},
			{Name: "zeroattack", Doc: "a hand holding 0 fingers may attack (and change nothing)", Kind: sente.Bool, Default: "false"},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return NewChopsticks(ChopsticksRules{
				Overflow:   v.String("overflow"),
				Transfer:   v.String("transfer"),
				Revive:     v.Bool("revive"),
				SelfKill:   v.Bool("selfkill"),
				ZeroAttack: v.Bool("zeroattack"),
			})
		},
	})
}

var _ interface {
	sente.Game
	sente.Encoder
	sente.Unmover
	sente.Ranker
	sente.Symmetric
	sente.Restricter
	sente.Describer
} = (*Chopsticks)(nil)

// ChopsticksRules selects a rule set; the zero value is the post's rules.
type ChopsticksRules struct {
	Overflow   string // "rollover" (the default) or "cutoff"
	Transfer   string // "any" (the default), "split" or "none"
	Revive     bool   // a transfer or split may put fingers on a dead hand
	SelfKill   bool   // a transfer may kill the receiving hand
	ZeroAttack bool   // a hand holding 0 fingers may attack
}

// ChopsticksDead is the value of a dead hand in a ChopsticksPosition: five
// fingers is what kills a hand.
const ChopsticksDead = 5

// ChopsticksPosition is both players' hands, left then right, each holding
// 0 to 4 fingers or ChopsticksDead, and the player to move. Left and right
// stay apart so that move names are concrete; Canonical merges mirror images.
type ChopsticksPosition struct {
	First, Second [2]uint8
	Turn          sente.Player
}

// Chopsticks is the finger game of seed 001 under one rule set.
//
// A key is the mixed-radix number turn,firstL,firstR,secondL,secondR (radix
// 2,6,6,6,6; a hand is 0-4 fingers or 5 for dead), so keys are dense below
// 2592 and serve as ranks. The game is small, so New tabulates every key's
// children and parents once and the hot path only copies from the tables.
type Chopsticks struct {
	rules    ChopsticksRules
	cutoff   bool
	ended    [chopsticksKeys]sente.Value
	kids     []uint64
	kidsAt   [chopsticksKeys + 1]uint32 // kids[kidsAt[k]:kidsAt[k+1]] are key k's children
	parents  []uint64
	parentAt [chopsticksKeys + 1]uint32
}

const (
	chopsticksHalf = 6 * 6 * 6 * 6 // keys per player to move
	chopsticksKeys = 2 * chopsticksHalf
)

var (
	chopsticksAttacks   = [2][2]string{{"LxL", "LxR"}, {"RxL", "RxR"}}
	chopsticksTransfers = [2][5]string{{"", "L1R", "L2R", "L3R", "L4R"}, {"", "R1L", "R2L", "R3L", "R4L"}}
)

// NewChopsticks makes the game under rules; it rejects unknown choices and
// options that could not change anything under the other choices.
func NewChopsticks(rules ChopsticksRules) (*Chopsticks, error) {
	rules.Overflow = cmp.Or(rules.Overflow, "rollover")
	rules.Transfer = cmp.Or(rules.Transfer, "any")
	switch {
	case rules.Overflow != "rollover" && rules.Overflow != "cutoff":
		return nil, fmt.Errorf("chopsticks: overflow=%s: want rollover or cutoff", rules.Overflow)
	case rules.Transfer != "any" && rules.Transfer != "split" && rules.Transfer != "none":
		return nil, fmt.Errorf("chopsticks: transfer=%s: want any, split or none", rules.Transfer)
	case rules.Revive && rules.Transfer == "none":
		return nil, fmt.Errorf("chopsticks: revive=true needs transfers, since only a transfer or split can revive a hand; set transfer=any or transfer=split")
	case rules.SelfKill && rules.Transfer != "any":
		return nil, fmt.Errorf("chopsticks: selfkill=true needs transfer=any, since a split never reaches 5 fingers and transfer=none has no transfers")
	}
	g := &Chopsticks{rules: rules, cutoff: rules.Overflow == "cutoff"}
	lists := make([][]uint64, chopsticksKeys)
	for k := range uint64(chopsticksKeys) {
		p := chopsticksDecode(k)
		g.ended[k] = chopsticksEnded(p)
		if g.ended[k] == sente.Unknown {
			g.each(p, func(_ string, to ChopsticksPosition) {
				c := chopsticksEncode(to)
				g.kids = append(g.kids, c)
				for _, q := range lists[c] {
					if q == k {
						return
					}
				}
				lists[c] = append(lists[c], k)
			})
		}
		g.kidsAt[k+1] = uint32(len(g.kids))
	}
	for k, list := range lists {
		g.parents = append(g.parents, list...)
		g.parentAt[k+1] = uint32(len(g.parents))
	}
	return g, nil
}

// chopsticksEnded is the value at p when the game is over: the player to
// move has lost once both their hands are dead. The opposite case cannot
// arise in play (the game ended a move earlier) but is answered in kind.
func chopsticksEnded(p ChopsticksPosition) sente.Value {
	me, you := p.First, p.Second
	if p.Turn == sente.Second {
		me, you = you, me
	}
	switch {
	case me == [2]uint8{ChopsticksDead, ChopsticksDead}:
		return sente.Lose
	case you == [2]uint8{ChopsticksDead, ChopsticksDead}:
		return sente.Win
	}
	return sente.Unknown
}

// each calls yield for every move from p, attacks first.
func (g *Chopsticks) each(p ChopsticksPosition, yield func(name string, to ChopsticksPosition)) {
	me, you := p.First, p.Second
	if p.Turn == sente.Second {
		me, you = you, me
	}
	emit := func(name string, me, you [2]uint8) {
		if p.Turn == sente.Second {
			me, you = you, me
		}
		yield(name, ChopsticksPosition{First: me, Second: you, Turn: p.Turn.Other()})
	}
	for a, have := range me {
		if have == ChopsticksDead || have == 0 && !g.rules.ZeroAttack {
			continue
		}
		for t, their := range you {
			if their != ChopsticksDead {
				hit := you
				hit[t] = g.attack(have + their)
				emit(chopsticksAttacks[a][t], me, hit)
			}
		}
	}
	switch g.rules.Transfer {
	case "any":
		for a, have := range me {
			b := 1 - a
			recv := me[b]
			if have == ChopsticksDead || have == 0 || recv == ChopsticksDead && !g.rules.Revive {
				continue
			}
			if recv == ChopsticksDead {
				recv = 0
			}
			for k := uint8(1); k <= have; k++ {
				got, ok := g.receive(recv + k)
				if !ok {
					continue
				}
				var to [2]uint8
				to[a], to[b] = have-k, got
				if to == [2]uint8{0, 0} {
					to = [2]uint8{1, 1}
				}
				emit(chopsticksTransfers[a][k], to, you)
			}
		}
	case "split":
		total, ok := uint8(0), true
		for _, h := range me {
			if h == ChopsticksDead {
				ok = ok && g.rules.Revive
			} else {
				total += h
			}
		}
		half := [2]uint8{total / 2, total / 2}
		if ok && total > 0 && total%2 == 0 && me != half {
			emit("split", half, you)
		}
	}
}

// attack is the touched hand after a touch that makes sum fingers.
func (g *Chopsticks) attack(sum uint8) uint8 {
	switch {
	case sum == 5, sum > 5 && g.cutoff:
		return ChopsticksDead
	case sum > 5:
		return sum % 5
	}
	return sum
}

// receive is the receiving hand after a transfer that makes sum fingers,
// and whether that transfer is allowed. Without selfkill the post's
// arithmetic holds (5 or more wraps, never kills); cutoff, which has no wrap,
// then forbids reaching 5.
func (g *Chopsticks) receive(sum uint8) (uint8, bool) {
	switch {
	case g.rules.SelfKill:
		return g.attack(sum), true
	case sum < 5:
		return sum, true
	case g.cutoff:
		return 0, false
	}
	return sum % 5, true
}

func (g *Chopsticks) Start() sente.Position {
	return ChopsticksPosition{First: [2]uint8{1, 1}, Second: [2]uint8{1, 1}, Turn: sente.First}
}

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Chopsticks) Alternates() bool { return true }

func (g *Chopsticks) Turn(p sente.Position) sente.Player { return p.(ChopsticksPosition).Turn }

func (g *Chopsticks) Ended(p sente.Position) (sente.Value, bool) {
	v := chopsticksEnded(p.(ChopsticksPosition))
	return v, v != sente.Unknown
}

// Moves may be none for a player who is not dead: a hand of 0 beside a dead
// one cannot attack (without zeroattack) nor transfer. The post does not say;
// the engines count it as a loss, as under normal play.
func (g *Chopsticks) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	g.each(p.(ChopsticksPosition), func(name string, to ChopsticksPosition) {
		moves = append(moves, sente.Move{Name: name, To: to})
	})
	return moves
}

func (g *Chopsticks) Encode(p sente.Position) uint64 { return chopsticksEncode(p.(ChopsticksPosition)) }

func (g *Chopsticks) Decode(key uint64) sente.Position { return chopsticksDecode(key) }

func chopsticksEncode(p ChopsticksPosition) uint64 {
	k := uint64(p.Turn)
	for _, h := range [4]uint8{p.First[0], p.First[1], p.Second[0], p.Second[1]} {
		k = k*6 + uint64(h)
	}
	return k
}

func chopsticksDecode(k uint64) ChopsticksPosition {
	var h [4]uint8
	for i := 3; i >= 0; i-- {
		h[i], k = uint8(k%6), k/6
	}
	return ChopsticksPosition{First: [2]uint8{h[0], h[1]}, Second: [2]uint8{h[2], h[3]}, Turn: sente.Player(k)}
}

func (g *Chopsticks) AppendChildren(dst []uint64, key uint64) []uint64 {
	return append(dst, g.kids[g.kidsAt[key]:g.kidsAt[key+1]]...)
}

func (g *Chopsticks) EndedKey(key uint64) (sente.Value, bool) {
	v := g.ended[key]
	return v, v != sente.Unknown
}

func (g *Chopsticks) AppendParents(dst []uint64, key uint64) []uint64 {
	return append(dst, g.parents[g.parentAt[key]:g.parentAt[key+1]]...)
}

func (g *Chopsticks) RankSize() uint64       { return chopsticksKeys }
func (g *Chopsticks) Rank(key uint64) uint64 { return key }

// Canonical orders each player's hands, since the rules treat left and
// right alike: mirror images have the same value.
func (g *Chopsticks) Canonical(key uint64) uint64 {
	p := chopsticksDecode(key)
	p.First[0], p.First[1] = min(p.First[0], p.First[1]), max(p.First[0], p.First[1])
	p.Second[0], p.Second[1] = min(p.Second[0], p.Second[1]), max(p.Second[0], p.Second[1])
	return chopsticksEncode(p)
}

func (g *Chopsticks) Policies() []sente.Policy {
	kills := func(key, child uint64) bool {
		victim := chopsticksVictim(key)
		return chopsticksDeadHands(child, victim) > chopsticksDeadHands(key, victim)
	}
	attacks := func(key, child uint64) bool {
		return chopsticksHands(child, chopsticksVictim(key)) != chopsticksHands(key, chopsticksVictim(key))
	}
	return []sente.Policy{{
		Name:  "niece",
		Doc:   "kills one of the opponent's hands whenever she can (the niece of the blog post); otherwise plays any move",
		Allow: preferring(kills),
	}, {
		Name: "niece-attacks",
		Doc:  "kills a hand whenever she can, and otherwise attacks whenever she can (a stricter reading of the niece); transfers only when no attack is possible",
		Allow: func(key uint64, children []uint64) []uint64 {
			return preferring(attacks)(key, preferring(kills)(key, children))
		},
	}}
}

// preferring makes a policy that keeps the children satisfying want, or all
// of them when none does.
func preferring(want func(key, child uint64) bool) func(key uint64, children []uint64) []uint64 {
	return func(key uint64, children []uint64) []uint64 {
		n := 0
		for i, c := range children {
			if want(key, c) {
				children[n], children[i] = children[i], children[n]
				n++
			}
		}
		if n == 0 {
			return children
		}
		return children[:n]
	}
}

// chopsticksVictim is the opponent of the player to move at key.
func chopsticksVictim(key uint64) sente.Player {
	if key >= chopsticksHalf {
		return sente.First
	}
	return sente.Second
}

// chopsticksHands is the mixed-radix pair of who's hands at key.
func chopsticksHands(key uint64, who sente.Player) uint64 {
	h := key % chopsticksHalf
	if who == sente.First {
		h /= 36
	}
	return h % 36
}

func chopsticksDeadHands(key uint64, who sente.Player) int {
	h := key % chopsticksHalf
	if who == sente.First {
		h /= 36
	}
	n := 0
	if h%6 == ChopsticksDead {
		n++
	}
	if h/6%6 == ChopsticksDead {
		n++
	}
	return n
}

func (g *Chopsticks) FormatPosition(p sente.Position) string {
	q := p.(ChopsticksPosition)
	hand := func(h uint8) string { return string("01234x"[h]) }
	return hand(q.First[0]) + "," + hand(q.First[1]) + " " + hand(q.Second[0]) + "," + hand(q.Second[1]) + " " + q.Turn.String()
}

func (g *Chopsticks) ParsePosition(s string) (sente.Position, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("chopsticks position %q: %s; want the first player's left,right hands, the second player's, and who moves, each hand 0 to 4 fingers or x for dead, e.g. \"4,4 4,3 first\"", s, fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(s)
	if len(fields) != 3 {
		return nil, bad("not three fields")
	}
	var p ChopsticksPosition
	for i, pair := range []*[2]uint8{&p.First, &p.Second} {
		l, r, ok := strings.Cut(fields[i], ",")
		if !ok {
			return nil, bad("%q is not two hands LEFT,RIGHT", fields[i])
		}
		for j, h := range []string{l, r} {
			switch {
			case h == "x" || h == "X":
				pair[j] = ChopsticksDead
			case len(h) == 1 && h[0] >= '0' && h[0] <= '4':
				pair[j] = h[0] - '0'
			default:
				return nil, bad("hand %q is not 0 to 4 fingers or x", h)
			}
		}
		if *pair == [2]uint8{0, 0} {
			return nil, bad("hands 0,0 cannot occur, since a transfer that empties both hands resets them to 1,1")
		}
	}
	turn, err := sente.ParsePlayer(fields[2])
	if err != nil {
		return nil, bad("%q is not first or second", fields[2])
	}
	p.Turn = turn
	if chopsticksEnded(p) == sente.Win {
		return nil, bad("the %s player has no hands left, so the game ended before it was their opponent's turn", turn.Other())
	}
	return p, nil
}

func (g *Chopsticks) Describe() sente.Description {
	return sente.Description{
		Summary: chopsticksSummary,
		Rules: "Each player has two hands, each starting with one raised finger; players alternate, the first player first. " +
			"The defaults follow the post that made this variant known, a Japanese blog post (指のゲーム, part 2) in which the author's niece teaches it, and the options cover what it leaves open and the rule sets common elsewhere. " +
			"\n\nOn a turn a player attacks or transfers. " +
			"\n\nAttack: touch one of the opponent's live hands with one of your own live hands; the touched hand gets the sum of both. " +
			"With overflow=rollover (the default, the post's rule) a sum of exactly 5 kills the hand and a sum over 5 leaves the sum mod 5; with overflow=cutoff 5 or more kills it. " +
			"A hand holding 0 fingers is alive: it can be touched, but by default it cannot attack, since touching with no raised finger adds nothing and every move in the post changes the hands; zeroattack=true lets it attack, which changes nothing but passes the turn. " +
			"\n\nTransfer (transfer=any, the default, the post's rule): move any number of fingers, one up to all, from one of your live hands to your other hand; " +
			"a receiving hand at 5 or more keeps the sum mod 5, so it may hold 0, which is not dead; if both your hands then hold 0, both reset to 1. " +
			"A transfer that only swaps your hands is allowed, as the post allows any number (it amounts to a pass). " +
			"transfer=split replaces transfers by the common symmetric split: share all your fingers equally between your hands, when the total is even and above 0 and the hands change; transfer=none allows attacks only. " +
			"\n\nA dead hand stays dead, as in the post; revive=true lets a transfer or split put fingers on it, counting it as 0. " +
			"By default a transfer never kills your own hand (under cutoff a transfer reaching 5 is not allowed); selfkill=true makes the receiving hand follow the attack arithmetic instead. " +
			"\n\nYou win by killing both of the opponent's hands: a player to move with both hands dead has lost. " +
			"A player left with no move (one hand at 0 and the other dead, say) has lost too, as under normal play; the post does not say. " +
			"\n\nMoves are named from the mover's side: LxR is an attack, my left hand touching your right; L2R moves 2 fingers from my left hand to my right; split is the split. " +
			"\n\nPolicy niece: the post's niece, who kills one of the opponent's hands whenever she can and otherwise plays anything; " +
			"policy niece-attacks: a stricter reading, who also attacks whenever she cannot kill.",
		Position: "The first player's hands, the second player's hands, each LEFT,RIGHT, then who moves (first or second); a hand is 0 to 4 fingers or x for dead. " +
			"The start is \"1,1 1,1 first\"; the niece puzzle of the post is \"4,4 4,3 first\".",
		Examples: []string{
			"chopsticks",
			"chopsticks:overflow=cutoff",
			"chopsticks:transfer=split,revive=true",
			"chopsticks:overflow=cutoff,transfer=split,revive=true",
			"chopsticks:zeroattack=true,selfkill=true",
			"chopsticks:transfer=none",
		},
	}
}

// Features are each player's two hands (36 pairs, x for dead) and whose
// turn it is, for tables of who wins by hands.
func (g *Chopsticks) Features() []sente.Feature {
	hand := func(h uint8) string { return string("01234x"[h]) }
	hands := func(t sente.Player) sente.Feature {
		return sente.Feature{
			Name: t.String(),
			Doc:  fmt.Sprintf("the %s player's hands, left,right", t),
			Of: func(p sente.Position) int {
				q := p.(ChopsticksPosition)
				h := q.First
				if t == sente.Second {
					h = q.Second
				}
				return int(h[0])*6 + int(h[1])
			},
			Size:  36,
			Label: func(v int) string { return hand(uint8(v/6)) + "," + hand(uint8(v%6)) },
		}
	}
	turn := sente.Feature{
		Name:  "turn",
		Doc:   "who is to move",
		Of:    func(p sente.Position) int { return int(p.(ChopsticksPosition).Turn) },
		Size:  2,
		Label: func(v int) string { return sente.Player(v).String() },
	}
	return []sente.Feature{hands(sente.First), hands(sente.Second), turn}
}

var _ sente.Featured = (*Chopsticks)(nil)
