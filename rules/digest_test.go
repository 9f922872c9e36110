package rules_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sente-go/sente/rules"
)

// digestBase is a small rules file with a part of each kind: what decides
// the game (start, moves, turn, tier, and a table moves reads), and what
// only shows it (the docstring, board, show, parse, features and a helper
// only they use).
const digestBase = `"""Take one or two; whoever takes the last wins.

The rules, as a person reads them.
"""

params = {"n": param(7, min = 1, max = 50, doc = "counters at the start")}

TAKE = (1, 2)

def start():
    return (PARAMS.n, "first")

def turn(p):
    return p[1]

def moves(p):
    n, mover = p
    other = "second" if mover == "first" else "first"
    return [("take-%d" % k, (n - k, other)) for k in TAKE if k <= n]

def tier(p):
    return PARAMS.n - p[0]

def counters(p):
    return "o" * p[0]

def board(p):
    return [counters(p)]

def show(p):
    return "%d/%s" % (p[0], p[1])

def parse(s):
    n, mover = s.split("/")
    return (int(n), mover)

features = {"left": lambda p: p[0]}
`

// TestTablesDigest: a rules file's digest, under which its tables are
// stored, stays the same when only what shows the game changes, and
// changes whenever what decides it does, directly or through what it
// reads; a file with nothing to leave out keeps the digest of its text.
func TestTablesDigest(t *testing.T) {
	dir := t.TempDir()
	digest := func(name, text string) string {
		t.Helper()
		path := filepath.Join(dir, name+".star")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		fam, err := rules.Load(path, rules.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return fam.Digest
	}
	base := digest("base", digestBase)
	if len(base) != 12 {
		t.Fatalf("digest %q", base)
	}
	for _, tt := range []struct {
		name, old, new string
		same           bool
	}{
		{"the docstring", "as a person reads them", "as a person reads them, again", true},
		{"board", `return [counters(p)]`, `return [counters(p) + "."]`, true},
		{"a helper only board uses", `return "o" * p[0]`, `return "x" * p[0]`, true},
		{"show and parse", `"%d/%s"`, `"%d|%s"`, true},
		{"a feature added", `features = {"left": lambda p: p[0]}`, `features = {"left": lambda p: p[0], "odd": lambda p: p[0] % 2}`, true},
		{"a feature reading a table of the game", `lambda p: p[0]}`, `lambda p: p[0] * len(TAKE)}`, true},
		{"a comment", "def tier(p):", "# the counters taken\ndef tier(p):", false},
		{"moves", `if k <= n]`, `if k < n]`, false},
		{"a table moves reads", "TAKE = (1, 2)", "TAKE = (1, 3)", false},
		{"a parameter's default", "param(7,", "param(8,", false},
		{"show, once moves reads it", `("take-%d" % k, (n - k, other))`, `("take-%d" % k + show(p)[:0], (n - k, other))`, false},
		{"a definition run on load that changes a table moves reads", "TAKE = (1, 2)", "TAKE = [1, 2]\nEXTRA = TAKE.append(3)", false},
	} {
		if !strings.Contains(digestBase, tt.old) {
			t.Fatalf("%s: %q is not in the file", tt.name, tt.old)
		}
		got := digest("base", strings.Replace(digestBase, tt.old, tt.new, 1))
		if (got == base) != tt.same {
			t.Errorf("%s: digest %s, the file's %s; want them the same: %v", tt.name, got, base, tt.same)
		}
	}
	// A file of nothing but the game keeps its text's digest, as before
	// parts were left out.
	plain := "def start():\n    return 3\n\ndef turn(p):\n    return \"first\"\n\ndef moves(p):\n    return [p - 1] if p > 0 else []\n"
	sum := sha256.Sum256([]byte(plain))
	if got := digest("plain", plain); got != hex.EncodeToString(sum[:6]) {
		t.Errorf("a file with nothing to leave out: digest %s, its text's %s", got, hex.EncodeToString(sum[:6]))
	}
}
