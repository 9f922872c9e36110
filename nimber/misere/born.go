package misere

// BornBy counts the misère canonical forms born by each day 0..days: the
// games whose options are all born by the day before, counted once per
// form. It works in a table of its own, dropped when it returns, building
// the canonical form of every set of the previous day's forms; Conway's
// counts are 1, 2, 3, 5, 22 and 4171780 for days 0 to 5 (ONAG ch. 12;
// Siegel, CGT ch. V). Day 5 takes 2²² sets of options; day 6 is out of
// reach (about 2^4171780 forms).
func BornBy(days int) []int {
	t := newTable()
	prev := []Game{Zero}
	counts := []int{1}
	for day := 1; day <= days; day++ {
		if len(prev) > 30 {
			panic("misere: BornBy: too many sets of options")
		}
		seen := map[Game]bool{}
		var next []Game
		buf := make([]Game, 0, len(prev))
		for set := uint64(0); set < 1<<len(prev); set++ {
			buf = buf[:0]
			for i, g := range prev {
				if set&(1<<i) != 0 {
					buf = append(buf, g)
				}
			}
			g := t.canon(buf)
			if !seen[g] {
				seen[g] = true
				next = append(next, g)
			}
		}
		prev = next
		counts = append(counts, len(next))
	}
	return counts
}
