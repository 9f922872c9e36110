package gamecheck_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
)

// batchedToy is the toy game through its canonical bytes, with a batched
// expansion (sente.ExpandBatcher) that loses every position's children
// when lies, as a module whose sente_tiers or batches disagreed
// with its one-position calls would mislead the tier engine.
type batchedToy struct {
	sente.Game
	caps sente.Capabilities
	lies bool
}

func newBatchedToy(lies bool) *batchedToy {
	x := sente.WithBytes(&toy{})
	b := &batchedToy{Game: x, caps: sente.CapabilitiesOf(x), lies: lies}
	b.caps.ExpandBatcher = b
	return b
}

func (b *batchedToy) Capabilities() sente.Capabilities { return b.caps }

func (b *batchedToy) ExpandBatch(bs []byte, width int, xs []sente.Expansion) error {
	for i := range xs {
		x := &xs[i]
		if err := b.caps.Expander.Expand(bs[i*width:(i+1)*width], x); err != nil {
			return err
		}
		if b.lies {
			x.Bytes, x.Ends, x.Tiers = x.Bytes[:0], x.Ends[:0], x.Tiers[:0]
		}
	}
	return nil
}

// TestBatchedExpansionChecked: a batched expansion that says what Expand
// says passes, and one that loses children is caught at a position.
func TestBatchedExpansionChecked(t *testing.T) {
	if _, err := gamecheck.Check(context.Background(), newBatchedToy(false), gamecheck.Options{}); err != nil {
		t.Fatalf("a faithful batched expansion: %v", err)
	}
	_, err := gamecheck.Check(context.Background(), newBatchedToy(true), gamecheck.Options{})
	var ce *gamecheck.Error
	if !errors.As(err, &ce) || ce.Check != "bytes" || !strings.Contains(ce.Msg, "ExpandBatch says") {
		t.Fatalf("a batched expansion that loses children: %v; want the bytes check to say what ExpandBatch says", err)
	}
}
