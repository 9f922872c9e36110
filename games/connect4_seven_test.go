package games

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestConnect4SevenBySix holds the seven-by-six board's constant-mask
// methods (connect4_seven.go) to the general ones, on its masks and on the
// positions of random games to their end.
func TestConnect4SevenBySix(t *testing.T) {
	g, err := NewConnect4(7, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	if !g.seven {
		t.Fatal("connect4 7×6, four in a row, does not take its constant-mask methods")
	}
	plain := *g
	plain.seven = false
	for _, m := range []struct {
		name      string
		got, want uint64
	}{
		{"bottom", sevenBottom, g.bottom},
		{"top", sevenTop, g.top},
		{"board", sevenBoard, g.bottom * (1<<g.h - 1)},
		{"middle column", sevenMid, g.mirrorMid},
	} {
		if m.got != m.want {
			t.Errorf("%s: %#x, want %#x", m.name, m.got, m.want)
		}
	}
	for i, f := range sevenByCentre {
		if f != g.centreOut[i] {
			t.Errorf("column %d from the centre: %#x, want %#x", i, f, g.centreOut[i])
		}
	}
	for _, other := range [][3]int{{7, 6, 3}, {7, 6, 5}, {7, 5, 4}, {6, 6, 4}} {
		o, err := NewConnect4(other[0], other[1], other[2])
		if err != nil {
			t.Fatal(err)
		}
		if o.seven {
			t.Errorf("%v takes the constant masks of seven by six, four in a row", o)
		}
	}

	rng := rand.New(rand.NewPCG(7, 6))
	positions := 0
	for range 2000 {
		key := g.Encode(g.Start())
		for {
			positions++
			if got, want := sevenOccupied(key), plain.occupied(key); got != want {
				t.Fatalf("%s: occupied %#x, want %#x", g.FormatPosition(g.Decode(key)), got, want)
			}
			if got, want := g.Canonical(key), plain.Canonical(key); got != want {
				t.Fatalf("%s: Canonical %#x, want %#x", g.FormatPosition(g.Decode(key)), got, want)
			}
			gm, gh := g.Horizon(key)
			wm, wh := plain.Horizon(key)
			if gm != wm || gh != wh {
				t.Fatalf("%s: Horizon %d %d, want %d %d", g.FormatPosition(g.Decode(key)), gm, gh, wm, wh)
			}
			gv, gover := g.EndedKey(key)
			wv, wover := plain.EndedKey(key)
			if gv != wv || gover != wover {
				t.Fatalf("%s: EndedKey %v %v, want %v %v", g.FormatPosition(g.Decode(key)), gv, gover, wv, wover)
			}
			if gover {
				break
			}
			got, gt := g.OrderChildren(nil, key)
			want, wt := plain.OrderChildren(nil, key)
			if !slices.Equal(got, want) || gt != wt {
				t.Fatalf("%s: OrderChildren %v %+v, want %v %+v", g.FormatPosition(g.Decode(key)), got, gt, want, wt)
			}
			kids := g.AppendChildren(nil, key)
			key = kids[rng.IntN(len(kids))]
		}
	}
	if positions < 20000 {
		t.Errorf("checked %d positions; want at least 20,000", positions)
	}
}
