package wasm_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/wasm"
)

// options keep compiled code out of the user's cache.
func options(t testing.TB) wasm.Options {
	return wasm.Options{CacheDir: filepath.Join(t.TempDir(), "modules")}
}

func open(t testing.TB, spec string, opt wasm.Options) sente.Game {
	t.Helper()
	c := &games.Catalog{ReadFiles: true, Modules: opt}
	g, err := c.Open(spec)
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	return g
}

// TestTakeAgreesWithSubtraction holds the test module's game, position by
// position, to the built-in subtraction game with the same set: values and
// remoteness from the plain reference solver, under normal play.
func TestTakeAgreesWithSubtraction(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{20, 3}, {31, 4}, {0, 1}, {12, 10}} {
		t.Run(fmt.Sprintf("n=%d,k=%d", tc.n, tc.k), func(t *testing.T) {
			mod := open(t, fmt.Sprintf("testdata/take.wasm:n=%d,k=%d", tc.n, tc.k), options(t))
			var set []string
			for i := 1; i <= tc.k; i++ {
				set = append(set, fmt.Sprint(i))
			}
			twin := open(t, fmt.Sprintf("subtraction:%s,n=%d", strings.Join(set, ","), tc.n), wasm.Options{})
			got, err := reference.Reference(mod, mod.Start(), nil)
			if err != nil {
				t.Fatal(err)
			}
			want, err := reference.Reference(twin, twin.Start(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Errorf("the module reaches %d positions, the built-in game %d", len(got), len(want))
			}
			for p, out := range got {
				k := uint64(p.(wasm.Key))
				player := "first"
				if k&1 == 1 {
					player = "second"
				}
				tp, err := twin.ParsePosition(fmt.Sprintf("%d %s", k>>1, player))
				if err != nil {
					t.Fatal(err)
				}
				if w, ok := want[tp]; !ok || w != out {
					t.Errorf("%s: module %v, built-in %v", mod.FormatPosition(p), out, w)
				}
			}
			if err := sente.CapabilitiesOf(mod).Err(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestSelfCheck runs the game self-check on the test modules: with every
// optional export, without them, and with a score.
func TestSelfCheck(t *testing.T) {
	for _, spec := range []string{"testdata/take.wasm", "testdata/take.wasm:n=40,k=5", "testdata/take-plain.wasm", "testdata/take-score.wasm:n=9"} {
		t.Run(spec, func(t *testing.T) {
			g := open(t, spec, options(t))
			if _, err := gamecheck.Check(context.Background(), g, gamecheck.Options{}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestCapabilities: what the module exports is what the game offers.
func TestCapabilities(t *testing.T) {
	full := sente.CapabilitiesOf(open(t, "testdata/take.wasm", options(t)))
	if full.Encoder == nil || full.TierRanker == nil || full.Tiered == nil || full.Unmover == nil || full.Symmetric == nil ||
		full.Expander == nil || full.ExpandUnmover == nil || !full.IsImpartial() || !full.Alternates() || full.IsMisere() || full.Scorer != nil {
		t.Errorf("take.wasm: capabilities %+v", full)
	}
	plain := sente.CapabilitiesOf(open(t, "testdata/take-plain.wasm", options(t)))
	if plain.TierRanker != nil || plain.Tiered != nil || plain.Unmover != nil || plain.Symmetric != nil || plain.Encoder == nil {
		t.Errorf("take-plain.wasm: capabilities %+v", plain)
	}
	scored := sente.CapabilitiesOf(open(t, "testdata/take-score.wasm", options(t)))
	if scored.Scorer == nil || scored.KeyScorer == nil || scored.Scorer.MaxScore() != 1000 {
		t.Errorf("take-score.wasm: capabilities %+v", scored)
	}
}

// TestRefusedParameters: the host checks parameters against the
// description before the module sees them.
func TestRefusedParameters(t *testing.T) {
	c := &games.Catalog{ReadFiles: true, Modules: options(t)}
	for _, spec := range []string{"testdata/take.wasm:k=11", "testdata/take.wasm:x=1", "testdata/take.wasm:n=-1"} {
		if _, err := c.Open(spec); err == nil {
			t.Errorf("%s: opened", spec)
		}
	}
}

// TestHostile: each way a module can misbehave ends in one line naming
// the module and what it did, within the budget the limits give.
func TestHostile(t *testing.T) {
	huge := filepath.Join(t.TempDir(), "huge.wasm")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, wasm.MaxFileBytes+1); err != nil {
		t.Fatal(err)
	}
	notWasm := filepath.Join(t.TempDir(), "text.wasm")
	if err := os.WriteFile(notWasm, []byte("(module)"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		spec   string
		memory uint64
		want   string
		budget time.Duration
	}{
		{"testdata/loop-describe.wasm", 0, "sente_describe ran longer than 500ms (--module-time), and was stopped", 5 * time.Second},
		{"testdata/loop.wasm", 0, "sente_children ran longer than 500ms (--module-time), and was stopped", 5 * time.Second},
		{"testdata/loop-start.wasm", 0, "its start (the start function or _initialize) ran longer than 500ms (--module-time), and was stopped", 5 * time.Second},
		{"testdata/grow.wasm", 16 << 20, "sente_new trapped (wasm error: unreachable) (its memory has reached the cap of 16M, --module-memory)", 10 * time.Second},
		{"testdata/trap.wasm", 0, "sente_buffer trapped (wasm error: unreachable)", 5 * time.Second},
		{"testdata/badcount.wasm", 0, "sente_children of 40 counted 1073741824 children and wrote 3", 5 * time.Second},
		{"testdata/badkey.wasm", 0, "sente_children of 40 gave the key 2^64-1, which is reserved", 5 * time.Second},
		{"testdata/badexpand.wasm", 0, "sente_expand_ranks: a move from 40 leads to rank 2 of tier 19, past its size 2", 5 * time.Second},
		{"testdata/badjson.wasm", 0, "sente_describe: the description is not the JSON object docs/modules.md describes: unexpected EOF", 5 * time.Second},
		{"testdata/version2.wasm", 0, "speaks version 2 of the interface; this sente speaks version 1", 5 * time.Second},
		{"testdata/import.wasm", 0, "imports env.steal, which the host does not give", 5 * time.Second},
		{huge, 0, "more than the 32 MiB a module may have", time.Second},
		{notWasm, 0, "not a WebAssembly module this host can run", time.Second},
	} {
		t.Run(filepath.Base(tc.spec), func(t *testing.T) {
			opt := options(t)
			// Half a second for the loops to be stopped; the others
			// have the default, which no call of theirs comes near.
			if strings.HasPrefix(filepath.Base(tc.spec), "loop") {
				opt.CallTime = 500 * time.Millisecond
			}
			opt.Memory = tc.memory
			c := &games.Catalog{ReadFiles: true, Modules: opt}
			began := time.Now()
			err := func() error {
				g, err := c.Open(tc.spec)
				if err != nil {
					return err
				}
				solve := func() error { _, err := hashing.Solve(context.Background(), g, hashing.Options{}); return err }
				if strings.Contains(tc.spec, "expand") {
					// Only the tier engine asks a batch of ranks.
					solve = func() error { _, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{}); return err }
				}
				if err := solve(); err != nil {
					if e := sente.CapabilitiesOf(g).Err(); e != nil {
						return e
					}
					return err
				}
				return sente.CapabilitiesOf(g).Err()
			}()
			took := time.Since(began)
			var merr *wasm.Error
			if !errors.As(err, &merr) {
				t.Fatalf("got %v (%T), want a *wasm.Error", err, err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, tc.spec+": ") || !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("got %q, want one line %q naming the module", msg, tc.want)
			}
			if took > tc.budget {
				t.Errorf("took %v, past its budget of %v", took, tc.budget)
			}
		})
	}
}

// TestQuickCallsRun: a short --module-time stops no call that is quick,
// however many there are.
func TestQuickCallsRun(t *testing.T) {
	opt := options(t)
	opt.CallTime = time.Second
	g := open(t, "testdata/take.wasm:n=1000,k=10", opt)
	_, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err := sente.CapabilitiesOf(g).Err(); err != nil {
		t.Fatalf("a game whose calls are quick failed: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestCancel: the context of the options stops the game.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	opt := options(t)
	opt.Context = ctx
	g := open(t, "testdata/take.wasm", opt)
	cancel()
	g.Moves(g.Start())
	if err := sente.CapabilitiesOf(g).Err(); !errors.Is(err, context.Canceled) {
		t.Fatalf("after cancel: %v, want context.Canceled", err)
	}
}

// TestDigest: a module's tables are stored under a hash of its bytes.
func TestDigest(t *testing.T) {
	a, err := wasm.Open("testdata/take.wasm", options(t))
	if err != nil {
		t.Fatal(err)
	}
	b, err := wasm.Open("testdata/take-plain.wasm", options(t))
	if err != nil {
		t.Fatal(err)
	}
	if a.Digest == "" || a.Digest == b.Digest {
		t.Errorf("digests %q and %q", a.Digest, b.Digest)
	}
}

// TestModulesBuildFromSource rebuilds the test modules from take.c where
// Debian's clang and lld are installed, and checks that each is the
// module checked in (SHA256SUMS).
func TestModulesBuildFromSource(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips rebuilding the test modules (thirteen builds by clang)")
	}
	for _, tool := range []string{"clang", "wasm-ld"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (apt-get install clang lld)", tool)
		}
	}
	dir := t.TempDir()
	if out, err := exec.Command("sh", "testdata/build.sh", dir).CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, out)
	}
	want, err := os.ReadFile("testdata/SHA256SUMS")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("the modules built from take.c differ from those checked in: run testdata/build.sh\nbuilt:\n%s\nchecked in:\n%s", got, want)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(want)), "\n") {
		sum, name, _ := strings.Cut(line, "  ")
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(b)); got != sum {
			t.Errorf("testdata/%s has SHA-256 %s, SHA256SUMS says %s", name, got, sum)
		}
	}
}

// TestMemoryAboveCap: a module whose memory starts above the cap does not
// open. The module is written byte by byte: a memory of 8192 pages (512M)
// exported, and nothing else.
func TestMemoryAboveCap(t *testing.T) {
	bin := []byte{
		0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
		0x05, 0x04, 0x01, 0x00, 0x80, 0x40, // memory section: one memory, min 8192 pages, no max
		0x07, 0x0a, 0x01, 0x06, 'm', 'e', 'm', 'o', 'r', 'y', 0x02, 0x00, // export "memory"
	}
	_, err := wasm.Load("big.wasm", bin, options(t))
	if err == nil || !strings.HasPrefix(err.Error(), "big.wasm: ") || !strings.Contains(err.Error(), "memory") {
		t.Fatalf("got %v, want a refusal of its memory naming big.wasm", err)
	}
	t.Log(err)
}
