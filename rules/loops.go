package rules

import "go.starlark.net/syntax"

// Starlark places a running instruction by a table of source positions
// that only some instructions enter, so that in a loop whose body has none
// (while True: pass) the place found is that of unrelated code nearby.
// When a call is stopped (by the step limit or Cancel), the stopped place
// is therefore checked against the loops of the function it lies in: a
// place in none of them, in a function that has loops, is moved to the
// function's first while loop, or else its first loop.

// span is a stretch of the file.
type span struct {
	start, end syntax.Position
	while      bool
}

func before(a, b syntax.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

func (s span) contains(p syntax.Position) bool {
	return !before(p, s.start) && !before(s.end, p)
}

// loopIndex holds the functions and loops of a file.
type loopIndex struct {
	funcs []span
	loops []span
}

func indexLoops(f *syntax.File) *loopIndex {
	x := &loopIndex{}
	start, end := f.Span()
	x.funcs = append(x.funcs, span{start: start, end: end}) // the top level
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.DefStmt, *syntax.LambdaExpr:
			s, e := n.Span()
			x.funcs = append(x.funcs, span{start: s, end: e})
		case *syntax.WhileStmt, *syntax.ForStmt, *syntax.Comprehension:
			s, e := n.Span()
			_, while := n.(*syntax.WhileStmt)
			x.loops = append(x.loops, span{start: s, end: e, while: while})
		}
		return true
	})
	return x
}

// owner returns the innermost function containing p.
func (x *loopIndex) owner(p syntax.Position) int {
	best := 0
	for i, f := range x.funcs {
		if f.contains(p) && before(x.funcs[best].start, f.start) {
			best = i
		}
	}
	return best
}

// stopped returns where a stopped call most likely was, given where
// Starlark places it.
func (x *loopIndex) stopped(p syntax.Position) syntax.Position {
	if x == nil {
		return p
	}
	fn := x.owner(p)
	var first, firstWhile *span
	for i := range x.loops {
		l := &x.loops[i]
		if x.owner(l.start) != fn {
			continue
		}
		if l.contains(p) {
			return p
		}
		if first == nil {
			first = l
		}
		if firstWhile == nil && l.while {
			firstWhile = l
		}
	}
	switch {
	case firstWhile != nil:
		return firstWhile.start
	case first != nil:
		return first.start
	}
	return p
}
