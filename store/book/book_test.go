package book

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/store"
)

func openGame(t testing.TB, spec string) sente.Game {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func gameStore(t testing.TB, spec string) *store.GameStore {
	t.Helper()
	gs, err := store.Store{Dir: t.TempDir()}.Game(spec)
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

func build(t testing.TB, g sente.Game, gs *store.GameStore, plies int) *Report {
	t.Helper()
	rep, err := Build(context.Background(), g, gs, Options{Plies: plies, TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestAgreesWithHashing: every entry of the books of small games is the
// outcome the hashing engine's solve gives, and the book holds exactly
// the positions within its plies.
func TestAgreesWithHashing(t *testing.T) {
	for _, tt := range []struct {
		spec      string
		plies     int
		positions int
	}{
		{"tictactoe", 0, 1},
		{"tictactoe", 3, 1 + 3 + 12 + 38},
		{"tictactoe", 9, 765 - 138}, // every position, less those ended
		{"connect4:w=4,h=4", 8, 0},
		{"connect4:w=5,h=4", 6, 0},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			if tt.spec == "connect4:w=5,h=4" {
				testmode.SkipUnlessLong(t, "the book of connect four 5×4 against the hashing engine's solve")
			}
			g := openGame(t, tt.spec)
			sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			gs := gameStore(t, tt.spec)
			rep := build(t, g, gs, tt.plies)
			b, err := Open(g, gs, tt.plies)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			if tt.positions > 0 && b.Len() != tt.positions {
				t.Errorf("%d positions, want %d", b.Len(), tt.positions)
			}
			if b.Counts() != rep.Counts || int(rep.Counts.Positions) != b.Len() {
				t.Errorf("counts %+v, report %+v, %d entries", b.Counts(), rep.Counts, b.Len())
			}
			enc := sente.CapabilitiesOf(g).Encoder
			bad := 0
			for i := range b.Len() {
				key, o, _ := b.Entry(i)
				want, ok := sol.Outcome(enc.Decode(key))
				if !ok || o != want {
					bad++
					if bad < 10 {
						t.Errorf("%s: book %v, hashing %v", g.FormatPosition(enc.Decode(key)), o, want)
					}
				}
			}
			// Every position the hashing engine reached within the
			// plies, any of its images, is found by Lookup.
			levels, err := Positions(g, nil, tt.plies, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, l := range levels {
				n += len(l)
			}
			if n != b.Len() {
				t.Errorf("%d positions found again, %d in the book", n, b.Len())
			}
			if _, err := Verify(context.Background(), g, gs, tt.plies, VerifyOptions{Sample: 200, Seed: 1, TableBytes: 1 << 16}); err != nil {
				t.Errorf("verify: %v", err)
			}
		})
	}
}

// TestLookupOfImages: a position is found by any of its symmetric images,
// with the outcome of the one stored; a position beyond the book is not.
func TestLookupOfImages(t *testing.T) {
	g := openGame(t, "tictactoe")
	gs := gameStore(t, "tictactoe")
	build(t, g, gs, 2)
	b, err := Open(g, gs, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	enc := sente.CapabilitiesOf(g).Encoder
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		moves []int // indices into the moves of each position
		in    bool
	}{
		{nil, true}, {[]int{0}, true}, {[]int{8}, true}, {[]int{2}, true}, {[]int{4}, true},
		{[]int{0, 7}, true}, {[]int{8, 1}, true}, {[]int{0, 1, 2}, false},
	} {
		p := g.Start()
		for _, m := range tt.moves {
			p = g.Moves(p)[m].To
		}
		o, ok := b.Lookup(enc.Encode(p))
		if ok != tt.in {
			t.Errorf("%s: in the book %v, want %v", g.FormatPosition(p), ok, tt.in)
			continue
		}
		if want, _ := sol.Outcome(p); ok && o != want {
			t.Errorf("%s: %v, want %v", g.FormatPosition(p), o, want)
		}
	}
}

// TestResume: a build stopped, again and again, then finished, writes the
// same file as a build never stopped; and it went on from its saved work
// rather than from nothing.
func TestResume(t *testing.T) {
	const spec, plies = "connect4:w=4,h=4", 7
	g := openGame(t, spec)
	whole := gameStore(t, spec)
	rep := build(t, g, whole, plies)
	want, err := os.ReadFile(rep.Path)
	if err != nil {
		t.Fatal(err)
	}

	gs := gameStore(t, spec)
	resumed := 0
	for stops := 0; ; stops++ {
		ctx, cancel := context.WithCancel(context.Background())
		r, err := Build(ctx, g, gs, Options{Plies: plies, TableBytes: 1 << 20, SaveEvery: time.Hour, Progress: func(p Progress) {
			if p.Done >= resumed+300 {
				cancel()
			}
		}})
		cancel()
		if err == nil {
			if stops < 3 {
				t.Fatalf("finished after %d stops; want more (a book of %d positions)", stops, r.Counts.Positions)
			}
			got, err := os.ReadFile(r.Path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the book resumed %d times differs from the book built at once", stops)
			}
			if gs.Has(plies, store.BookWork) {
				t.Error("the saved work is left behind")
			}
			break
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
		if r.Resumed != resumed {
			t.Errorf("stop %d: resumed %d positions, want the %d saved", stops, r.Resumed, resumed)
		}
		if r.Done != resumed+300 {
			t.Errorf("stop %d: %d positions done, want %d", stops, r.Done, resumed+300)
		}
		if !gs.Has(plies, store.BookWork) {
			t.Fatalf("stop %d: no saved work", stops)
		}
		resumed = r.Done
	}
	// Built again: stored already, nothing done.
	if r := build(t, g, gs, plies); !r.Stored {
		t.Error("a book stored already was built again")
	}
}

// TestDamaged: a book whose bytes changed on disk is refused, by Open and
// by Verify, as damaged; so is saved work, which a build then ignores.
func TestDamaged(t *testing.T) {
	g := openGame(t, "tictactoe")
	for _, tt := range []struct {
		name string
		at   func(size int64) int64
	}{
		{"header", func(int64) int64 { return 20 }},
		{"payload", func(int64) int64 { return 4096 + 40 }},
		{"checksums", func(size int64) int64 { return size - 2 }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gs := gameStore(t, "tictactoe")
			rep := build(t, g, gs, 4)
			data, err := os.ReadFile(rep.Path)
			if err != nil {
				t.Fatal(err)
			}
			data[tt.at(int64(len(data)))] ^= 0x10
			if err := os.WriteFile(rep.Path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Open(g, gs, 4); !store.Damaged(err) {
				t.Errorf("Open: %v, want damage", err)
			}
			if _, err := Verify(context.Background(), g, gs, 4, VerifyOptions{Sample: 1}); !store.Damaged(err) {
				t.Errorf("Verify: %v, want damage", err)
			}
		})
	}
}

// TestVerifyFindsWrongEntries: a book with a wrong outcome, or without a
// position, passes its checksums (it was written so) but not Verify.
func TestVerifyFindsWrongEntries(t *testing.T) {
	g := openGame(t, "tictactoe")
	good := gameStore(t, "tictactoe")
	build(t, g, good, 3)
	b, err := Open(g, good, 3)
	if err != nil {
		t.Fatal(err)
	}
	var keys []uint64
	var cells []store.Cell
	var plies []uint8
	root := b.Root()
	for i := range b.Len() {
		k, o, p := b.Entry(i)
		keys, cells, plies = append(keys, k), append(cells, store.Pack(o.Value, o.Remoteness)), append(plies, uint8(p))
	}
	b.Close()
	for _, tt := range []struct {
		name  string
		spoil func()
	}{
		{"outcome", func() { cells[5] = store.Pack(cells[5].Value(), cells[5].Remoteness()+2) }},
		{"missing", func() { keys, cells, plies = keys[1:], cells[1:], plies[1:] }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.spoil()
			gs := gameStore(t, "tictactoe")
			if err := gs.WriteParts(3, store.Book, payload(3, root, Everything, keys, cells, plies), countsOf(cells)); err != nil {
				t.Fatal(err)
			}
			_, err := Verify(context.Background(), g, gs, 3, VerifyOptions{Sample: len(keys), TableBytes: 1 << 16})
			var wrong *WrongError
			if !errors.As(err, &wrong) {
				t.Errorf("Verify: %v, want a wrong book", err)
			}
		})
	}
}

// TestTooMany: a book of more positions than allowed is refused before
// any search.
func TestTooMany(t *testing.T) {
	g := openGame(t, "connect4")
	_, err := Build(context.Background(), g, gameStore(t, "connect4"), Options{Plies: 6, MaxPositions: 1000})
	var many *TooManyError
	if !errors.As(err, &many) {
		t.Fatalf("%v, want a refusal", err)
	}
}

// TestSavesAsItGoes: a build saves its work every SaveEvery, not only
// when stopped: what a build killed without warning leaves for the next.
func TestSavesAsItGoes(t *testing.T) {
	g := openGame(t, "tictactoe")
	gs := gameStore(t, "tictactoe")
	levels, err := Positions(g, nil, 9, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	w := workOf(levels)
	saved := -1
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err = Build(ctx, g, gs, Options{Plies: 9, TableBytes: 1 << 16, SaveEvery: time.Nanosecond, Progress: func(p Progress) {
		if p.Done == 30 {
			saved = len(savedWork(gs, 9, 9, w))
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if saved < 29 {
		t.Errorf("after 30 positions, %d saved", saved)
	}
}

// TestFromAPosition: a book from a position other than the start holds
// what that position reaches, agrees with the hashing engine, lives
// beside the start's book of the same plies, and is found again.
func TestFromAPosition(t *testing.T) {
	const spec = "connect4:w=4,h=4"
	g := openGame(t, spec)
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gs := gameStore(t, spec)
	build(t, g, gs, 3)
	from, err := g.ParsePosition("2332")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Build(context.Background(), g, gs, Options{Plies: 3, From: from, TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tier == 3 {
		t.Fatalf("the book from %s took the start's file", g.FormatPosition(from))
	}
	again, err := Build(context.Background(), g, gs, Options{Plies: 3, From: from, TableBytes: 1 << 20})
	if err != nil || !again.Stored || again.Tier != rep.Tier {
		t.Fatalf("built again: %+v, %v; want it found stored as tier %d", again, err, rep.Tier)
	}
	books, err := OpenAll(g, &store.Store{Dir: filepath.Dir(gs.Dir)}, spec)
	if err != nil || len(books) != 2 {
		t.Fatalf("%d books, %v; want the start's and the position's", len(books), err)
	}
	enc := sente.CapabilitiesOf(g).Encoder
	for _, b := range books {
		defer b.Close()
		for i := range b.Len() {
			key, o, _ := b.Entry(i)
			if want, _ := sol.Outcome(enc.Decode(key)); o != want {
				t.Errorf("%s: book %v, hashing %v", g.FormatPosition(enc.Decode(key)), o, want)
			}
		}
	}
	b := books[0]
	if b.Root() == books[1].Root() {
		t.Error("both books have the same root")
	}
	if _, err := Verify(context.Background(), g, gs, rep.Tier, VerifyOptions{Sample: 1000, TableBytes: 1 << 16}); err != nil {
		t.Errorf("verify: %v", err)
	}
	// Six stones: in the position's book (it reaches them in two
	// plies), in neither of the start's three.
	p, _ := g.ParsePosition("233214")
	found := false
	for _, b := range books {
		if _, ok := b.Lookup(enc.Encode(p)); ok {
			found = true
		}
	}
	if !found {
		t.Errorf("%s: in no book", g.FormatPosition(p))
	}
}
