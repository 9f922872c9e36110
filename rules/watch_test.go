package rules

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
)

// TestCallTime: a call of many short steps past CallTime fails with a
// one-line error; a call stuck in one long step (reading an integer of half a million
// digits)
// is reported to Overtime, naming the file and the function.
func TestCallTime(t *testing.T) {
	defer func(g time.Duration) { minGrace = g }(minGrace)
	minGrace = 50 * time.Millisecond
	dir := t.TempDir()
	tests := []struct {
		name, start string
		overtime    bool
	}{
		{"spin.star", "def start():\n    while True:\n        pass\n", false},
		{"digits.star", "def start():\n    return int(\"7\" * 500000) % 2\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name)
			src := tt.start + "def moves(p):\n    return []\ndef turn(p):\n    return \"first\"\n"
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			over := make(chan error, 1)
			fam, err := Load(path, Options{Steps: 1 << 40, CallTime: 100 * time.Millisecond, Overtime: func(err error) {
				select {
				case over <- err:
				default:
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			made := make(chan error, 1)
			go func() {
				_, err := fam.New(sente.ParamValues{})
				made <- err
			}()
			if tt.overtime {
				select {
				case err := <-over:
					var re *Error
					if !errors.As(err, &re) || err.Error() != path+": start(…): one call ran longer than 100ms" {
						t.Errorf("Overtime got %v", err)
					}
				case err := <-made:
					t.Fatalf("New returned %v before Overtime", err)
				case <-time.After(20 * time.Second):
					t.Fatal("no Overtime 20 s into one long step")
				}
				return // the step runs on; the process would end here
			}
			select {
			case err := <-made:
				if err == nil || !strings.HasSuffix(err.Error(), "start(): one call ran longer than 100ms") || strings.Contains(err.Error(), "\n") {
					t.Errorf("New: %v, want one call ran longer", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("a spinning start() still runs 10 s later")
			}
		})
	}
}

// TestCallMemory: a call that grows a string, a megabyte at a time (each
// step copying it), or doubling it, asks for more memory than the limit
// allows long before it holds the limit, or before the garbage collector,
// collecting at every step, would let it pass it: it fails with a
// one-line error naming the limit, well within the time limit of one call.
// Calls that ask for little, and a run of many of them, go on.
func TestCallMemory(t *testing.T) {
	const limit = 256 << 20
	tail := "def moves(p):\n    return []\ndef turn(p):\n    return \"first\"\n"
	for _, tc := range []struct {
		name, start string
		fails       bool
	}{
		{"grow.star", "def start():\n    s = \"x\" * 1000000\n    t = \"\"\n    for i in range(1000000):\n        t = t + s\n    return 0\n", true},
		{"double.star", "def start():\n    s = \"x\"\n    for i in range(40):\n        s = s + s\n    return 0\n", true},
		{"small.star", "def start():\n    n = 0\n    for i in range(50000):\n        n += len(str(i))\n    return 0\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.name)
			if err := os.WriteFile(path, []byte(tc.start+tail), 0o644); err != nil {
				t.Fatal(err)
			}
			fam, err := Load(path, Options{CallTime: time.Minute, MaxMemory: limit})
			if err != nil {
				t.Fatal(err)
			}
			began := time.Now()
			_, err = fam.New(sente.ParamValues{})
			took := time.Since(began)
			if !tc.fails {
				if err != nil {
					t.Fatalf("New: %v", err)
				}
				return
			}
			want := "start(): one call asked for more memory than the limit of 256M allows ("
			if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("New: %v; want %q", err, want)
			}
			if took > 30*time.Second {
				t.Errorf("stopped after %v", took)
			}
			t.Logf("%v: %v", took, err)
		})
	}
	// Every call of a game whose moves build a list of a thousand tuples:
	// thousands of calls, asking for far more than the limit in all, each
	// for little.
	src := "def start():\n    return 0\ndef turn(p):\n    return \"first\"\ndef moves(p):\n    if p >= 1000:\n        return []\n    junk = [(i, str(i)) for i in range(1000)]\n    return [p + 1]\n"
	path := filepath.Join(t.TempDir(), "many.star")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fam, err := Load(path, Options{CallTime: time.Minute, MaxMemory: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	g, err := fam.New(sente.ParamValues{})
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	for range 1000 {
		moves := g.Moves(p)
		if len(moves) != 1 {
			t.Fatalf("at %s: %d moves (%v)", g.FormatPosition(p), len(moves), g.(sente.Erring).Err())
		}
		p = moves[0].To
	}
}
