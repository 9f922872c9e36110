package rules_test

import (
	"context"
	"sync"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/hashing"
)

// TestCanonicalOnce: a solve folding positions by symmetry asks a file's
// canonical(p) once per position it meets, not once per move and again
// for the solve, and asks moves(p) about the classes it expands, not
// about every child met (which the prefetch used to expand ahead: most
// are never expanded); its values are those of the solve without
// symmetry.
func TestCanonicalOnce(t *testing.T) {
	// A row of cells; each player in turn puts a stone on an empty one;
	// whoever makes three in a row wins. Mirror images are worth the same.
	path := write(t, "row.star", `
def start():
    return ("........", "first")
def turn(p):
    return p[1]
def result(p):
    if "xxx" in p[0]:
        return "lose"
    if "." not in p[0]:
        return "tie"
    return None
def moves(p):
    print("moves")
    row, mover = p
    other = "second" if mover == "first" else "first"
    return [(str(i), (row[:i] + "x" + row[i + 1:], other)) for i in range(len(row)) if row[i] == "."]
def canonical(p):
    print("canonical")
    row, mover = p
    mirror = "".join(reversed(row.elems()))
    return (min(row, mirror), mover)
`)
	var mu sync.Mutex
	said := map[string]int{}
	g, err := open(t, path, "", rules.Options{Print: func(msg string) {
		mu.Lock()
		said[msg]++
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	sym, err := hashing.Solve(context.Background(), g, hashing.Options{Symmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	met := 0
	rg, _ := rules.Of(g)
	met = rg.Interned()
	if said["canonical"] > met {
		t.Errorf("canonical(p) asked %d times for %d positions met", said["canonical"], met)
	}
	if said["moves"] > 2*sym.Positions() {
		t.Errorf("moves(p) asked %d times for %d classes expanded", said["moves"], sym.Positions())
	}
	plain, err := hashing.Solve(context.Background(), mustOpen(t, path, ""), hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := sym.Counts(), plain.Counts(); sym.Positions() >= plain.Positions() {
		t.Errorf("%d classes for %d positions (%+v, %+v)", sym.Positions(), plain.Positions(), a, b)
	}
	want, _ := plain.Outcome(plain.Root())
	if got, _ := sym.Outcome(sym.Root()); got != want {
		t.Errorf("the start is %v with symmetry, %v without", got, want)
	}
	sym.Each(func(p sente.Position, o sente.Outcome) bool {
		if w, ok := plain.Outcome(p); !ok || w != o {
			t.Errorf("%v: %v with symmetry, %v (%v) without", p, o, w, ok)
			return false
		}
		return true
	})
}
