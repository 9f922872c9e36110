package explain

import (
	"fmt"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// Target is a strategy stated as the positions to move into: those lost for
// the player to move (the P-positions of an impartial game), described by a
// pattern over numeric features of the position, such as "the last number
// said is a multiple of 4" in the count game or "the XOR of the heap sizes
// is 0" in nim. It is stated only when it is exact on every position
// reachable from the start of the solve: a position satisfies the condition
// if and only if the player to move there loses. Then the winner always has
// a move into the set, and the loser never has a move from one position of
// it to another.
type Target struct {
	// Form is the kind of pattern: "residue" (the feature's value mod
	// Modulus is one of Residues), "sum" (the same of the features' sum),
	// or "xor" (the bitwise XOR of the features is 0).
	Form     string   `json:"form"`
	Features []string `json:"features"` // the features' names
	Modulus  int      `json:"modulus,omitempty"`
	Residues []int    `json:"residues,omitempty"`
	// Condition is the pattern in words: "the last number said is a
	// multiple of 4".
	Condition string `json:"condition"`
	// Checked is the number of positions the condition was checked on:
	// every position reachable from From, where the solve started.
	Checked int    `json:"checked"`
	From    string `json:"checked_from"`
	Words   string `json:"words"` // the strategy: "always move to a position where ..."
	// Check says in a sentence what was checked and why it wins.
	Check string `json:"check"`
}

// maxTargetPositions bounds the positions FindTarget visits; a larger game
// gets no target statement.
const maxTargetPositions = 1 << 20

// maxTargetModulus is the largest modulus a residue pattern is looked for
// with.
const maxTargetModulus = 64

// FindTarget looks for a target set of the solved game: the simplest pattern
// over the game's numeric features (sente.Featured, those without labels)
// that holds exactly on every position reachable from the solution's root.
// Patterns are tried from the simplest: a residue of one feature, shortest
// modulus first; the XOR of all features; a residue of their sum. Like the
// patterns of a sweep, a residue mod m is stated only when the feature takes
// at least two whole periods' worth of values (2m, and MinPatternValues) among
// the positions. It returns nil when no pattern holds.
func FindTarget(sol solve.Solution) *Target {
	g := sol.Game()
	fd := sente.CapabilitiesOf(g).Featured
	if fd == nil {
		return nil
	}
	var features []sente.Feature
	for _, f := range fd.Features() {
		if f.Label == nil && f.Of != nil { // a quantity, not a labelled set
			features = append(features, f)
		}
	}
	if len(features) == 0 {
		return nil
	}
	rows, ok := targetRows(sol, features)
	if !ok {
		return nil
	}
	lost := 0
	for _, r := range rows {
		if r.lost {
			lost++
		}
	}
	if lost == 0 || lost == len(rows) {
		return nil
	}
	value := func(pick func(v []int) int) []int {
		out := make([]int, len(rows))
		for i, r := range rows {
			out[i] = pick(r.values)
		}
		return out
	}
	names := make([]string, len(features))
	docs := make([]string, len(features))
	for i, f := range features {
		names[i], docs[i] = f.Name, f.Doc
	}
	t := &Target{Checked: len(rows), From: g.FormatPosition(sol.Root())}
	from := "the start"
	if t.From != g.FormatPosition(g.Start()) {
		from = t.From
	}
	t.Check = fmt.Sprintf("Checked on every position reachable from %s (%s): these are exactly the positions "+
		"lost for the player to move, so from a winning position there is always a move to one, and from one there is never a move to another.",
		from, positionsWords(t.Checked))
	for i, f := range features {
		if m, res, ok := residuePattern(value(func(v []int) int { return v[i] }), rows); ok {
			t.Form, t.Features, t.Modulus, t.Residues = "residue", []string{f.Name}, m, res
			t.Condition = residueWords(f.Doc, m, res)
			return t.finish()
		}
	}
	if len(features) < 2 {
		return nil
	}
	xor := value(func(v []int) int {
		x := 0
		for _, a := range v {
			x ^= a
		}
		return x
	})
	if lost >= MinPatternValues && len(rows)-lost >= MinPatternValues && exact(rows, func(i int) bool { return xor[i] == 0 }) {
		t.Form, t.Features = "xor", names
		t.Condition = fmt.Sprintf("the XOR (nim-sum) of %s is 0", listDocs(docs))
		return t.finish()
	}
	sum := value(func(v []int) int {
		s := 0
		for _, a := range v {
			s += a
		}
		return s
	})
	if m, res, ok := residuePattern(sum, rows); ok {
		t.Form, t.Features, t.Modulus, t.Residues = "sum", names, m, res
		t.Condition = residueWords("the sum of "+listDocs(docs), m, res)
		return t.finish()
	}
	return nil
}

func (t *Target) finish() *Target {
	t.Words = fmt.Sprintf("always move to a position where %s", t.Condition)
	return t
}

// Holds reports whether the condition holds for the feature values v, in
// the order of Features.
func (t *Target) Holds(v []int) bool {
	switch t.Form {
	case "residue", "sum":
		s := 0
		for _, a := range v {
			s += a
		}
		r := ((s % t.Modulus) + t.Modulus) % t.Modulus
		for _, x := range t.Residues {
			if x == r {
				return true
			}
		}
		return false
	case "xor":
		x := 0
		for _, a := range v {
			x ^= a
		}
		return x == 0
	}
	return false
}

// targetRow is one reachable position: its feature values and whether the
// player to move there loses.
type targetRow struct {
	values []int
	lost   bool
}

// targetRows walks every position reachable from the solution's root,
// through the moves the solution allows; false when there are more than
// maxTargetPositions.
func targetRows(sol solve.Solution, features []sente.Feature) ([]targetRow, bool) {
	g := sol.Game()
	key := func(p sente.Position) any { return g.FormatPosition(p) + "\x00" + g.Turn(p).String() }
	if enc := sente.CapabilitiesOf(g).Encoder; enc != nil {
		key = func(p sente.Position) any { return enc.Encode(p) }
	}
	root := sol.Root()
	seen := map[any]bool{key(root): true}
	queue := []sente.Position{root}
	var rows []targetRow
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		o, ok := sol.Outcome(p)
		if !ok {
			return nil, false
		}
		v := make([]int, len(features))
		for i, f := range features {
			v[i] = f.Of(p)
		}
		rows = append(rows, targetRow{values: v, lost: o.Value == sente.Lose})
		if _, ended := g.Ended(p); ended {
			continue
		}
		for _, m := range sol.Moves(p) {
			if k := key(m.To); !seen[k] {
				if len(seen) >= maxTargetPositions {
					return nil, false
				}
				seen[k] = true
				queue = append(queue, m.To)
			}
		}
	}
	return rows, true
}

// residuePattern finds the smallest modulus m such that whether a position
// is lost depends only on its value mod m, with enough values seen for m,
// and returns m and the residues of the lost positions.
func residuePattern(values []int, rows []targetRow) (int, []int, bool) {
	distinct := map[int]bool{}
	for _, v := range values {
		distinct[v] = true
	}
	for m := 2; m <= maxTargetModulus && evidenced(len(distinct), m); m++ {
		// class[r]: 1 lost, 2 not lost, 3 both.
		class := make([]uint8, m)
		for i, v := range values {
			r := ((v % m) + m) % m
			if rows[i].lost {
				class[r] |= 1
			} else {
				class[r] |= 2
			}
		}
		var res []int
		mixed := false
		for r, c := range class {
			mixed = mixed || c == 3
			if c == 1 {
				res = append(res, r)
			}
		}
		if !mixed && len(res) > 0 {
			return m, res, true
		}
	}
	return 0, nil, false
}

// exact reports whether cond(i) holds exactly for the lost rows.
func exact(rows []targetRow, cond func(i int) bool) bool {
	for i, r := range rows {
		if cond(i) != r.lost {
			return false
		}
	}
	return true
}

// residueWords says that what is a residue mod m among res: "the last
// number said is a multiple of 4", "... is 1 more than a multiple of 4",
// "... leaves 0 or 2 when divided by 5".
func residueWords(what string, m int, res []int) string {
	switch {
	case len(res) == 1 && res[0] == 0:
		return fmt.Sprintf("%s is a multiple of %d", what, m)
	case len(res) == 1 && m == 2:
		return fmt.Sprintf("%s is odd", what)
	case len(res) == 1:
		return fmt.Sprintf("%s is %d more than a multiple of %d", what, res[0], m)
	}
	return fmt.Sprintf("%s leaves %s when divided by %d", what, orList(res), m)
}

// listDocs names several features, sharing the words they start with: "the
// size of heap 1, 2 and 3" rather than "the size of heap 1, the size of heap
// 2 and the size of heap 3".
func listDocs(docs []string) string {
	words := make([][]string, len(docs))
	for i, d := range docs {
		words[i] = strings.Fields(d)
	}
	common := len(words[0]) - 1
	for _, w := range words[1:] {
		common = min(common, len(w)-1)
		for j := 0; j < common; j++ {
			if w[j] != words[0][j] {
				common = j
				break
			}
		}
	}
	if common <= 0 {
		return joinAnd(docs)
	}
	rest := make([]string, len(docs))
	for i, w := range words {
		rest[i] = strings.Join(w[common:], " ")
	}
	return strings.Join(words[0][:common], " ") + " " + joinAnd(rest)
}

func joinAnd(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
