package explore

import "slices"

// Adjacency holds, for each of n positions by dense id, a list of other
// positions' ids in compressed rows: the list of id is
// List[Start[id]:Start[id+1]]. It costs 4 bytes a move and 4 a position,
// and no pointer per position, so that engines can hold the moves of
// hundreds of millions of positions.
type Adjacency struct {
	Start []uint32 // n+1 offsets into List
	List  []uint32
}

// Of returns the list of id.
func (a Adjacency) Of(id uint32) []uint32 { return a.List[a.Start[id]:a.Start[id+1]] }

// Len is the number of positions.
func (a Adjacency) Len() int { return len(a.Start) - 1 }

// Edge is a move between two positions, by their ids.
type Edge struct{ From, To uint32 }

// Predecessors returns the predecessor lists of n positions from their
// moves, given as edge lists in any order (one per worker, say): the list of
// v holds u once for each move from u to v, in the order the moves are given.
func Predecessors(n int, edges [][]Edge) Adjacency {
	return reverse(n, func(fn func(from, to uint32)) {
		for _, list := range edges {
			for _, e := range list {
				fn(e.From, e.To)
			}
		}
	})
}

// Reverse returns the predecessor lists of the successor lists a: the list
// of v holds u once for each time the list of u holds v, in increasing order
// of u.
func (a Adjacency) Reverse() Adjacency {
	return reverse(a.Len(), func(fn func(from, to uint32)) {
		for u := range uint32(a.Len()) {
			for _, v := range a.Of(u) {
				fn(u, v)
			}
		}
	})
}

// reverse sorts the moves that each gives, twice alike, by their target (a
// counting sort): once to count them, once to place them.
func reverse(n int, each func(fn func(from, to uint32))) Adjacency {
	start := make([]uint32, n+1)
	each(func(_, to uint32) { start[to+1]++ })
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	list := make([]uint32, start[n])
	fill := slices.Clone(start[:n])
	each(func(from, to uint32) {
		list[fill[to]] = from
		fill[to]++
	})
	return Adjacency{Start: start, List: list}
}
