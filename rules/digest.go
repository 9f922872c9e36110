package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/syntax"
)

// A rules file's tables are stored under a digest of the file (its
// family's Digest), so that tables solved for one version of a file are
// not read for another. Parts of a file that only show the game (its
// docstring, board, show and parse, features, policy_docs, and helpers
// only they use) change nothing its tables hold: a digest of the whole
// text made a person who added a feature for pictures solve the game
// again. The digest leaves them out, when that is sound.
//
// It is the SHA-256 of the file's text less the lines of the top-level
// statements nothing that decides the game needs. What decides the game
// is the functions and values the engines read (gameNames), every
// top-level statement that is not a plain definition (a loop or a call
// run at the top level may change any value), and, in turn, whatever
// those name as globals: a function they call, a table they read, and any
// definition whose right-hand side, run when the file is loaded, reads a
// global they need (it might change it; after the top level, values are
// frozen, so a function's body changes nothing unless called). Starlark
// reaches a global only by its name, so what is left out cannot change
// what is kept. A file with nothing to leave out keeps the digest of its
// whole text.

// gameNames are the top-level names whose values decide a game's positions,
// moves and values, and so its tables.
var gameNames = map[string]bool{
	"start": true, "moves": true, "turn": true, "result": true, "stalemate": true, "tier": true,
	"parents": true, "canonical": true, "setup": true, "params": true, "impartial": true,
	"components": true, "policies": true, "left_moves": true, "right_moves": true,
}

// tablesDigest is the digest of the file f, parsed from src and resolved
// (its identifiers bound), under which its tables are stored.
func tablesDigest(f *syntax.File, src []byte) string {
	type stmt struct {
		node         syntax.Stmt
		defines      []string        // the globals it defines, when a plain definition
		uses, onLoad map[string]bool // globals it names; those named by code run on load
		keep         bool
	}
	stmts := make([]*stmt, len(f.Stmts))
	definedBy := map[string][]*stmt{}
	for i, s := range f.Stmts {
		st := &stmt{node: s, uses: map[string]bool{}, onLoad: map[string]bool{}}
		stmts[i] = st
		switch s := s.(type) {
		case *syntax.DefStmt:
			st.defines = []string{s.Name.Name}
			for _, p := range s.Params {
				runGlobals(p, st.onLoad) // default values run on load
			}
			globals(s, st.uses)
		case *syntax.AssignStmt:
			if names, ok := assigned(s); ok {
				st.defines = names
				runGlobals(s.RHS, st.onLoad)
				globals(s.RHS, st.uses)
			} else {
				st.keep = true
			}
		case *syntax.ExprStmt:
			// The docstring shows the game; any other expression is run.
			if lit, ok := s.X.(*syntax.Literal); !ok || lit.Token != syntax.STRING || i != 0 {
				st.keep = true
			}
		default:
			st.keep = true
		}
		if st.keep {
			globals(s, st.uses)
			globals(s, st.onLoad)
		}
		for _, name := range st.defines {
			definedBy[name] = append(definedBy[name], st)
			st.keep = st.keep || gameNames[name]
		}
	}
	// What is kept needs what it names; a definition run on load that
	// reads what is kept is kept too.
	for changed := true; changed; {
		changed = false
		needed := map[string]bool{}
		for _, st := range stmts {
			if st.keep {
				for name := range st.uses {
					needed[name] = true
				}
				for _, name := range st.defines {
					needed[name] = true
				}
			}
		}
		for _, st := range stmts {
			if st.keep {
				continue
			}
			for _, name := range st.defines {
				st.keep = st.keep || needed[name]
			}
			for name := range st.onLoad {
				st.keep = st.keep || needed[name]
			}
			changed = changed || st.keep
		}
	}
	// The lines of what is left out go, unless a statement kept shares
	// one (statements separated by ';').
	lines := strings.SplitAfter(string(src), "\n")
	drop := make([]bool, len(lines)+1)
	for _, st := range stmts {
		if st.keep {
			continue
		}
		from, to := st.node.Span()
		for l := from.Line; l <= to.Line && int(l) <= len(lines); l++ {
			drop[l-1] = true
		}
	}
	for _, st := range stmts {
		if st.keep {
			from, to := st.node.Span()
			for l := from.Line; l <= to.Line && int(l) <= len(lines); l++ {
				drop[l-1] = false
			}
		}
	}
	h := sha256.New()
	for i, line := range lines {
		if !drop[i] {
			h.Write([]byte(line))
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:6])
}

// assigned is the names a plain top-level assignment (=, to names or
// tuples of names) defines; false for anything else (+=, an element, a
// field), which is run for what it changes.
func assigned(s *syntax.AssignStmt) ([]string, bool) {
	if s.Op != syntax.EQ {
		return nil, false
	}
	var names []string
	var targets func(e syntax.Expr) bool
	targets = func(e syntax.Expr) bool {
		switch e := e.(type) {
		case *syntax.Ident:
			names = append(names, e.Name)
			return true
		case *syntax.TupleExpr:
			for _, x := range e.List {
				if !targets(x) {
					return false
				}
			}
			return true
		case *syntax.ListExpr:
			for _, x := range e.List {
				if !targets(x) {
					return false
				}
			}
			return true
		case *syntax.ParenExpr:
			return targets(e.X)
		}
		return false
	}
	return names, targets(s.LHS)
}

// globals adds the global names n refers to (as the resolver bound them)
// to into.
func globals(n syntax.Node, into map[string]bool) {
	syntax.Walk(n, func(n syntax.Node) bool {
		if id, ok := n.(*syntax.Ident); ok {
			if b, ok := id.Binding.(*resolve.Binding); ok && b.Scope == resolve.Global {
				into[id.Name] = true
			}
		}
		return true
	})
}

// runGlobals adds the global names code run when the file is loaded refers
// to: n less the bodies of the lambdas in it, which run only when called.
func runGlobals(n syntax.Node, into map[string]bool) {
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.LambdaExpr:
			for _, p := range n.Params {
				runGlobals(p, into)
			}
			return false
		case *syntax.Ident:
			if b, ok := n.Binding.(*resolve.Binding); ok && b.Scope == resolve.Global {
				into[n.Name] = true
			}
		}
		return true
	})
}
