package explain

import (
	"fmt"
	"sort"
	"strings"

	"sente"
)

// WinnerPattern says in words who wins along one parameter, from the winners
// observed for each of its values (consecutive whole numbers from first):
// "the first player always wins", "the first player wins exactly when n is
// odd", "the first player wins exactly when n mod 3 is 1 or 2 (from n = 5)".
// It returns false when no pattern shows with enough evidence (see
// FindPeriod); the caller says what the pattern was observed on.
func WinnerPattern(winners []sente.Player, first int, name string) (string, bool) {
	if len(winners) == 0 {
		return "", false
	}
	codes := make([]int, len(winners))
	for i, w := range winners {
		codes[i] = int(w)
	}
	p, ok := FindPeriod(codes, first)
	if !ok {
		return "", false
	}
	if p.Length == 1 {
		switch w := winners[len(winners)-1]; {
		case p.From != first:
			return fmt.Sprintf("from %s = %d on, %s", name, p.From, always(w)), true
		default:
			return always(w), true
		}
	}
	// Which residues mod p.Length the first player wins at, in the
	// repeating part.
	var residues []int
	for k := p.From; k < p.From+p.Length; k++ {
		if winners[k-first] == sente.First {
			residues = append(residues, ((k%p.Length)+p.Length)%p.Length)
		}
	}
	sort.Ints(residues)
	var when string
	switch {
	case p.Length == 2 && len(residues) == 1 && residues[0] == 1:
		when = name + " is odd"
	case p.Length == 2 && len(residues) == 1 && residues[0] == 0:
		when = name + " is even"
	case len(residues) == 0:
		return periodicNoFirst(winners, p, first, name), true
	default:
		when = fmt.Sprintf("%s mod %d is %s", name, p.Length, orList(residues))
	}
	s := "the first player wins exactly when " + when
	if others := otherWinner(winners[p.From-first:]); others != "" {
		s += " (" + others + " otherwise)"
	}
	if p.From != first {
		s += fmt.Sprintf(", from %s = %d on", name, p.From)
	}
	return s, true
}

func periodicNoFirst(winners []sente.Player, p Period, first int, name string) string {
	var parts []string
	for k := p.From; k < p.From+p.Length; k++ {
		parts = append(parts, fmt.Sprintf("%s ≡ %d: %s", name, ((k%p.Length)+p.Length)%p.Length, winners[k-first]))
	}
	return fmt.Sprintf("periodic in %s with period %d (%s)", name, p.Length, strings.Join(parts, ", "))
}

// otherWinner names who wins where the first player does not, when that is
// always the same: "the second player wins", "nobody wins".
func otherWinner(winners []sente.Player) string {
	seen := map[sente.Player]bool{}
	for _, w := range winners {
		if w != sente.First {
			seen[w] = true
		}
	}
	switch {
	case len(seen) != 1:
		return ""
	case seen[sente.Second]:
		return "the second player wins"
	}
	return "nobody wins"
}

func always(w sente.Player) string {
	switch w {
	case sente.First, sente.Second:
		return fmt.Sprintf("the %s player always wins", w)
	}
	return "nobody wins (tie or draw)"
}

func orList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// ColumnPatterns describes who wins along the rows (parameter rowName) for
// each column value of colName, grouping neighbouring columns that behave
// alike: "m = 1: the first player wins exactly when n is odd", "m = 2..4: the
// first player always wins", "m = 5: no pattern found in n = 1..8".
// winners[c][r] is the winner at column value cols[c] and row rowFirst[c]+r:
// a column holds the rows of a sweep that could be played, which for some
// games is fewer than the range, and its pattern is checked on those.
func ColumnPatterns(winners [][]sente.Player, rowFirst []int, rowName string, cols []int, colName string) []string {
	describe := func(c int) string {
		if len(winners[c]) == 0 {
			return "no row could be played"
		}
		if d, ok := WinnerPattern(winners[c], rowFirst[c], rowName); ok {
			return d
		}
		return NoPattern(rowName, rowFirst[c], rowFirst[c]+len(winners[c])-1)
	}
	var out []string
	for c := 0; c < len(cols); {
		desc := describe(c)
		end := c + 1
		for end < len(cols) && cols[end] == cols[end-1]+1 && describe(end) == desc {
			end++
		}
		label := fmt.Sprintf("%s = %d", colName, cols[c])
		if end-c > 1 {
			label = fmt.Sprintf("%s = %d..%d", colName, cols[c], cols[end-1])
		}
		out = append(out, label+": "+desc)
		c = end
	}
	return out
}
