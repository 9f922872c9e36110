package book

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/store"
)

// VerifyOptions say how a book is checked.
type VerifyOptions struct {
	// Sample is how many entries are searched again, chosen uniformly at
	// random; every entry when it is the book's size or more.
	Sample int
	// Seed chooses the sample.
	Seed uint64
	// TableBytes is the table of each fresh searcher; 0 means 16 MiB.
	TableBytes int64
	// MaxPositions bounds the positions found again, as Options's.
	MaxPositions int
	// Progress, when set, is told after each entry searched.
	Progress func(done, total int)
}

// VerifyReport is what Verify checked.
type VerifyReport struct {
	Path      string
	Plies     int
	Positions int
	// Searched is the entries searched again; Nodes and Elapsed their
	// searches.
	Searched int
	Nodes    uint64
	Elapsed  time.Duration
}

// WrongError is a book that fails its check: an entry whose outcome
// search gives otherwise, or positions missing or too many.
type WrongError struct {
	Path string
	What string
}

func (e *WrongError) Error() string { return fmt.Sprintf("book %s: %s", e.Path, e.What) }

// Verify checks the book stored as tier in gs for g: every block's
// checksum, that it holds exactly the positions the start reaches within
// its plies (for a book of a strategy, the positions of its lines as its
// own outcomes choose the best moves, and each position whose moves it
// holds valued as its best move), and a sample of opt.Sample entries, each searched again by a
// fresh searcher whose leaves are the book's entries of deeper plies
// only. A damaged file is store.Damaged; a wrong book a *WrongError.
func Verify(ctx context.Context, g sente.Game, gs *store.GameStore, tier int, opt VerifyOptions) (*VerifyReport, error) {
	if opt.TableBytes <= 0 {
		opt.TableBytes = 16 << 20
	}
	if opt.MaxPositions <= 0 {
		opt.MaxPositions = DefaultMaxPositions
	}
	b, err := Open(g, gs, tier)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	plies := b.Plies()
	rep := &VerifyReport{Path: b.Path(), Plies: plies, Positions: b.Len()}
	if b.Strategy() != Everything {
		if err := verifyLines(ctx, g, b, opt.MaxPositions); err != nil {
			return rep, err
		}
	} else if err := verifyEvery(g, b, opt.MaxPositions); err != nil {
		return rep, err
	}

	sample := sampleOf(b.Len(), opt.Sample, opt.Seed)
	sym := sente.CapabilitiesOf(g).Symmetric
	for n, i := range sample {
		key, stored, ply := b.Entry(i)
		leaves := search.LeavesFunc(func(k uint64) (sente.Outcome, bool) {
			if sym != nil {
				k = sym.Canonical(k)
			}
			j := b.find(k)
			if j < 0 || int(b.ply[j]) <= ply {
				return sente.Outcome{}, false
			}
			_, o, _ := b.Entry(j)
			return o, true
		})
		s, err := search.New(g, search.Options{TableBytes: opt.TableBytes, Workers: 1, Leaves: leaves})
		if err != nil {
			return rep, err
		}
		res, err := s.SolveKey(ctx, key)
		rep.Nodes += res.Nodes
		rep.Elapsed += res.Elapsed
		if err != nil {
			return rep, err
		}
		rep.Searched++
		if res.Outcome != stored {
			return rep, b.wrong("position %s (ply %d): the book says %v, search %v",
				g.FormatPosition(sente.CapabilitiesOf(g).Encoder.Decode(key)), ply, stored, res.Outcome)
		}
		if opt.Progress != nil {
			opt.Progress(n+1, len(sample))
		}
	}
	return rep, nil
}

// sampleOf is k indices of [0, n) chosen uniformly without repeats (all
// of them when k >= n), in increasing order.
func sampleOf(n, k int, seed uint64) []int {
	if k >= n {
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		return all
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	// Floyd's algorithm: k draws, whatever n.
	chosen := make(map[int]bool, k)
	for j := n - k; j < n; j++ {
		t := r.IntN(j + 1)
		if chosen[t] {
			t = j
		}
		chosen[t] = true
	}
	out := make([]int, 0, k)
	for i := range chosen {
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}

// verifyEvery checks that the book of every position holds exactly the
// positions its root reaches within its plies, each at the fewest plies
// that reach it.
func verifyEvery(g sente.Game, b *Book, most int) error {
	levels, err := Positions(g, sente.CapabilitiesOf(g).Encoder.Decode(b.Root()), b.Plies(), most)
	if err != nil {
		return err
	}
	return b.holdsExactly(g, levels, "the game reaches")
}

// verifyLines checks that the book of a strategy holds exactly the
// positions of its strategy's lines as its own outcomes choose the best
// moves, each at the ply the walk first meets it, and that the outcome of
// each position whose moves it holds is that of its best move.
func verifyLines(ctx context.Context, g sente.Game, b *Book, most int) error {
	enc := sente.CapabilitiesOf(g).Encoder
	read := func(key uint64) (sente.Outcome, error) {
		o, ok := b.Lookup(key)
		if !ok {
			return o, b.wrong("position %s is missing", g.FormatPosition(enc.Decode(key)))
		}
		return o, nil
	}
	levels, inner, err := strategyLines(ctx, g, b.Root(), b.Plies(), most, b.Strategy(), func(key uint64, _ int) (sente.Outcome, error) { return read(key) })
	if err != nil {
		return err
	}
	if err := b.holdsExactly(g, levels, "the lines of "+b.Strategy().String()+" reach"); err != nil {
		return err
	}
	for _, k := range inner {
		stored, err := read(k)
		if err != nil {
			return err
		}
		best, err := bestOf(g, k, read)
		if err != nil {
			return err
		}
		if best != stored {
			return b.wrong("position %s: the book says %v, its best move %v", g.FormatPosition(enc.Decode(k)), stored, best)
		}
	}
	return nil
}

// holdsExactly checks that b holds exactly the positions of levels, each
// at the ply of its level; reach says what reaches them, for the error.
func (b *Book) holdsExactly(g sente.Game, levels [][]uint64, reach string) error {
	enc := sente.CapabilitiesOf(g).Encoder
	want := 0
	for p, l := range levels {
		want += len(l)
		for _, k := range l {
			i := b.find(k)
			if i < 0 {
				return b.wrong("position %s (ply %d) is missing", g.FormatPosition(enc.Decode(k)), p)
			}
			if int(b.ply[i]) != p {
				return b.wrong("position %s is at ply %d, the book says %d", g.FormatPosition(enc.Decode(k)), p, b.ply[i])
			}
		}
	}
	if want != b.Len() {
		return b.wrong("%d positions, %s %d within %d plies", b.Len(), reach, want, b.Plies())
	}
	return nil
}

// wrong is a *WrongError of b.
func (b *Book) wrong(format string, args ...any) error {
	return &WrongError{Path: b.Path(), What: fmt.Sprintf(format, args...)}
}
