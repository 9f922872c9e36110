package rules

import (
	"fmt"
	"math/big"
	"sync"
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

func TestEncoding(t *testing.T) {
	big1, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	values := []starlark.Value{
		starlark.None, starlark.True, starlark.False,
		starlark.MakeInt(0), starlark.MakeInt(1), starlark.MakeInt(-1), starlark.MakeInt64(1 << 40), starlark.MakeInt64(-1 << 62),
		starlark.MakeBigInt(big1), starlark.MakeBigInt(new(big.Int).Neg(big1)),
		starlark.String(""), starlark.String("1"), starlark.String("ünï\x00code"),
		starlark.Tuple{}, starlark.Tuple{starlark.MakeInt(1)}, starlark.Tuple{starlark.String("1")},
		starlark.Tuple{starlark.Tuple{}, starlark.None}, starlark.Tuple{starlark.Tuple{starlark.None}},
		starlark.Tuple{starlark.MakeInt(1), starlark.Tuple{starlark.String("x"), starlark.True}},
	}
	seen := map[string]string{}
	for _, v := range values {
		enc, err := appendEncoding(nil, v)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if prev, dup := seen[string(enc)]; dup {
			t.Errorf("%s and %s share the encoding %q", prev, v, enc)
		}
		seen[string(enc)] = v.String()
		back := decode(string(enc))
		if eq, err := starlark.Equal(back, v); err != nil || !eq || back.Type() != v.Type() {
			t.Errorf("%s decodes as %s", v, back)
		}
	}
	// Equal values have one encoding, however they were made.
	a, _ := appendEncoding(nil, starlark.MakeBigInt(big.NewInt(5)))
	b, _ := appendEncoding(nil, starlark.MakeInt(5))
	if string(a) != string(b) {
		t.Errorf("5 has two encodings: %q, %q", a, b)
	}
	for _, v := range []starlark.Value{
		starlark.NewList(nil), starlark.NewDict(0), starlark.Float(1), starlark.Bytes("x"),
		starlark.Tuple{starlark.MakeInt(1), starlark.NewList(nil)},
	} {
		if _, err := appendEncoding(nil, v); err == nil {
			t.Errorf("%s encoded", v)
		}
	}
	for _, bad := range []string{"", "x", "s\x05ab", "t\x02N", "i", "I+\x09\x01"} {
		if _, rest, err := decodeValue(bad); err == nil && rest == "" {
			t.Errorf("%q decoded", bad)
		}
	}
}

func TestChunks(t *testing.T) {
	next := 0
	for c := 0; c < 6; c++ {
		for off := 0; off < 1<<(c+firstBits); off++ {
			gc, goff := chunkOf(uint64(next), firstBits)
			if gc != c || goff != uint64(off) {
				t.Fatalf("index %d: chunk %d offset %d, want %d %d", next, gc, goff, c, off)
			}
			next++
		}
	}
}

// Goroutines interning the same values at once agree on their keys.
func TestTableConcurrent(t *testing.T) {
	tab := newTable()
	const n = 5000
	keys := make([][]uint64, 8)
	var wg sync.WaitGroup
	for w := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			keys[w] = make([]uint64, n)
			for i := range n {
				j := (i*7919 + w*613) % n // a permutation: 7919 is prime to n
				enc, _ := appendEncoding(nil, starlark.Tuple{starlark.MakeInt(j), starlark.String(fmt.Sprint(j))})
				k, _, ok := tab.intern(enc)
				if !ok {
					t.Error("intern failed")
				}
				keys[w][j] = k
				if e := tab.entry(k); e == nil || tab.encoding(e) != string(enc) {
					t.Errorf("entry of %d", j)
				}
			}
		}()
	}
	wg.Wait()
	if tab.len() != n {
		t.Errorf("%d positions, want %d", tab.len(), n)
	}
	distinct := map[uint64]bool{}
	for j := range n {
		for w := range keys {
			if keys[w][j] != keys[0][j] {
				t.Fatalf("value %d has keys %d and %d", j, keys[0][j], keys[w][j])
			}
		}
		distinct[keys[0][j]] = true
	}
	if len(distinct) != n {
		t.Errorf("%d distinct keys for %d values", len(distinct), n)
	}
	if tab.entry(uint64(n)) != nil {
		t.Errorf("entry of a key never given")
	}
}

func TestLoopIndex(t *testing.T) {
	src := `def f():
    x = 1
    while True:
        pass
    return x

def g(n):
    return [i for i in range(n)]

def h():
    return 1
`
	f, err := fileOptions.Parse("x.star", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	x := indexLoops(f)
	name := "x.star"
	for _, tc := range []struct{ line, col, wantLine, wantCol int32 }{
		{1, 1, 3, 5},     // f's def: moved to its while loop
		{5, 12, 3, 5},    // after the loop: moved to it
		{4, 9, 4, 9},     // inside the loop: kept
		{8, 20, 8, 20},   // inside the comprehension: kept
		{7, 1, 8, 12},    // g's def: moved to its comprehension
		{11, 12, 11, 12}, // h has no loop: kept
	} {
		got := x.stopped(syntax.MakePosition(&name, tc.line, tc.col))
		if got.Line != tc.wantLine || got.Col != tc.wantCol {
			t.Errorf("%d:%d moved to %d:%d, want %d:%d", tc.line, tc.col, got.Line, got.Col, tc.wantLine, tc.wantCol)
		}
	}
}
