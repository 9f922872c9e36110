package cgt

// leq reports g ≤ h for canonical games, memoised. By the definition
// (Conway, On Numbers and Games, ch. 1): g ≤ h unless some g^L ≥ h or some
// h^R ≤ g. Shortcuts, each a theorem:
//   - number-up-stars compare by their parts (x + k↑ + *m ≥ 0 exactly when
//     x > 0, or x = 0 and k ≥ 2, or k = 1 and m ≠ 1, or k = m = 0);
//   - stops: L(g) < R(h) gives g < x < h for a number x between them, and
//     g ≤ h needs L(g) ≤ L(h) and R(g) ≤ R(h) (Siegel, Combinatorial Game
//     Theory, II.4);
//   - a number x against a game h that is not one: x ≤ h unless some
//     h^R ≤ x, since by number avoidance no move in x need be considered.
func (t *table) leq(g, h Game) bool {
	t.spendComparison()
	if g == h {
		return true
	}
	ng, nh := &t.nodes[g], &t.nodes[h]
	if ng.nus && nh.nus {
		return nusGeqZero(nh.num.Sub(ng.num), nh.ups-ng.ups, nh.nim^ng.nim)
	}
	if ng.ls.Less(nh.rs) {
		return true
	}
	if nh.ls.Less(ng.ls) || nh.rs.Less(ng.rs) {
		return false
	}
	key := uint64(g)<<32 | uint64(h)
	if v, ok := t.leqMemo[key]; ok {
		return v
	}
	gNumber, hNumber := t.isNumber(g), t.isNumber(h)
	v := true
	if !gNumber {
		for _, gl := range t.left(g) {
			if t.leq(h, gl) {
				v = false
				break
			}
		}
	}
	if v && !hNumber {
		for _, hr := range t.right(h) {
			if t.leq(hr, g) {
				v = false
				break
			}
		}
	}
	t.leqMemo[key] = v
	return v
}

// nusGeqZero reports x + k↑ + *m ≥ 0.
func nusGeqZero(x Dyadic, k int32, m uint32) bool {
	switch x.Sign() {
	case 1:
		return true
	case -1:
		return false
	}
	return k == 0 && m == 0 || k == 1 && m != 1 || k >= 2
}

// Relation is how two games compare: one of Equal, Less, Greater and
// Confused (incomparable: "fuzzy", ‖).
type Relation uint8

const (
	Equal Relation = iota
	Less
	Greater
	Confused
)

func (r Relation) String() string {
	switch r {
	case Equal:
		return "="
	case Less:
		return "<"
	case Greater:
		return ">"
	}
	return "<>"
}

// Outcome is the outcome class of a game: who wins it, moving first or
// second, under normal play.
type Outcome uint8

const (
	// P: the previous player (the second to move) wins: the game is 0.
	P Outcome = iota
	// L: Left wins whoever starts: the game is positive.
	L
	// R: Right wins whoever starts: the game is negative.
	R
	// N: the next player (the first to move) wins: the game is fuzzy.
	N
)

func (o Outcome) String() string {
	return [...]string{P: "P", L: "L", R: "R", N: "N"}[o]
}

// LeftFirstWins and RightFirstWins say who wins with each side starting.
func (o Outcome) LeftFirstWins() bool  { return o == L || o == N }
func (o Outcome) RightFirstWins() bool { return o == R || o == N }
