package rules

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sente"
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
