package wasm_test

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/reference"
)

// TestExpandBatchAgreesWithExpand holds the batched expansion
// (sente.ExpandBatcher: sente_ended and sente_children of a block of keys
// in one call each, the children's tiers by sente_tiers in one call or by
// sente_tier one a child) to Expand of each position alone, on every
// position of the game, in batches of several sizes, some positions known
// to be playing and some asked whether they have ended.
func TestExpandBatchAgreesWithExpand(t *testing.T) {
	for _, spec := range []string{
		"testdata/take.wasm:n=40,k=4",                                     // sente_tier a child
		"testdata/take-plain.wasm:n=25,k=3",                               // no tiers
		"../examples/modules/domineering/domineering.wasm:w=4,h=3",        // sente_tiers
		"../examples/modules/tictactoe/tictactoe.wasm:m=3,n=3,k=3",        // ended positions
		"../examples/modules/connect4/connect4.wasm:w=4,h=3,k=3,misere=1", // wins and losses
	} {
		t.Run(spec, func(t *testing.T) {
			g := open(t, spec, options(t))
			caps := sente.CapabilitiesOf(g)
			if caps.ExpandBatcher == nil {
				t.Fatal("a module offers no batched expansion")
			}
			sol, err := reference.Reference(g, g.Start(), nil)
			if err != nil {
				t.Fatal(err)
			}
			var all []byte
			for p := range sol {
				all, _ = caps.Expander.AppendBytes(all, p)
			}
			n := len(all) / 8
			for _, size := range []int{1, 3, 64, n} {
				for lo := 0; lo < n; lo += size {
					hi := min(lo+size, n)
					xs := make([]sente.Expansion, hi-lo)
					for i := range xs {
						xs[i].NoTurn = i%3 == 1
						xs[i].NoTiers = i%5 == 2
					}
					if err := caps.ExpandBatcher.ExpandBatch(all[8*lo:8*hi], 8, xs); err != nil {
						t.Fatalf("batch of %d: %v", hi-lo, err)
					}
					for i := range xs {
						b := all[8*(lo+i) : 8*(lo+i+1)]
						want := sente.Expansion{NoTurn: xs[i].NoTurn, NoTiers: xs[i].NoTiers}
						if err := caps.Expander.Expand(b, &want); err != nil {
							t.Fatal(err)
						}
						if got := describe(&xs[i]); got != describe(&want) {
							t.Fatalf("position %x in a batch of %d: %s; Expand says %s", b, hi-lo, got, describe(&want))
						}
					}
				}
			}
			// A caller that knows the positions are playing is not asked.
			playing := []sente.Expansion{{Playing: true}}
			if err := caps.ExpandBatcher.ExpandBatch(binary.BigEndian.AppendUint64(nil, sente.CapabilitiesOf(g).Encoder.Encode(g.Start())), 8, playing); err != nil || playing[0].Ended {
				t.Fatalf("the start, playing: %v, ended %v", err, playing[0].Ended)
			}
		})
	}
}

func describe(x *sente.Expansion) string {
	return fmt.Sprintf("ended %v value %v turn %v children %x ends %v tiers %v", x.Ended, x.Value, x.Turn, x.Bytes, x.Ends, slices.Clip(x.Tiers))
}

// TestExpandBatchBlamesTheModule: the batched expansion blames a module's
// mistakes in one line naming it, as a position's expansion does.
func TestExpandBatchBlamesTheModule(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"testdata/badkey.wasm:n=40,k=3", "sente_children of 80 gave the key 2^64-1, which is reserved"},
		{"testdata/badcount.wasm:n=40,k=3", "sente_children of 2 keys wrote 6 children, fewer than its counts"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			g := open(t, tc.spec, options(t))
			caps := sente.CapabilitiesOf(g)
			var b []byte
			b = binary.BigEndian.AppendUint64(b, 80)
			b = binary.BigEndian.AppendUint64(b, 79)
			err := caps.ExpandBatcher.ExpandBatch(b, 8, make([]sente.Expansion, 2))
			if err == nil || !strings.HasPrefix(err.Error(), tc.spec[:strings.Index(tc.spec, ":")]+": ") || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("got %v, want one line naming the module and %q", err, tc.want)
			}
		})
	}
}

// TestCanonicalKeysAgree holds sente_canonical of many keys in one call
// (sente.CanonicalBatcher) to Canonical of each key alone, on every
// position of the game, and blames a module that says a key is no
// position.
func TestCanonicalKeysAgree(t *testing.T) {
	for _, spec := range []string{
		"../examples/modules/domineering/domineering.wasm:w=4,h=3",
		"../examples/modules/connect4/connect4.wasm:w=4,h=3,k=3",
	} {
		t.Run(spec, func(t *testing.T) {
			g := open(t, spec, options(t))
			caps := sente.CapabilitiesOf(g)
			batch, ok := caps.Symmetric.(sente.CanonicalBatcher)
			if !ok {
				t.Fatal("the module's symmetry gives no classes in batches")
			}
			sol, err := reference.Reference(g, g.Start(), nil)
			if err != nil {
				t.Fatal(err)
			}
			var keys []uint64
			for p := range sol {
				keys = append(keys, caps.Encoder.Encode(p))
			}
			folded := slices.Clone(keys)
			if err := batch.CanonicalKeys(folded); err != nil {
				t.Fatal(err)
			}
			moved := 0
			for i, k := range keys {
				if want := caps.Symmetric.Canonical(k); folded[i] != want {
					t.Fatalf("key %#x: %#x in a batch of %d, %#x alone", k, folded[i], len(keys), want)
				}
				if folded[i] != k {
					moved++
				}
			}
			if moved == 0 {
				t.Errorf("none of %d keys is another's image", len(keys))
			}
			// Domineering's module checks the keys it is given.
			if strings.Contains(spec, "domineering") {
				if err := batch.CanonicalKeys([]uint64{keys[0], 1<<62 | 1}); err == nil || !strings.Contains(err.Error(), "sente_canonical") {
					t.Errorf("a key that is no position: %v; want the module blamed for sente_canonical", err)
				}
			}
		})
	}
}
