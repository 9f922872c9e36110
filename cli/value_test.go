package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValueGolden: 'sente value' on a Domineering board of three regions
// (each part's value, the sum, who wins and why), as text and JSON, on a
// game in the notation, and on a position of each other partizan game,
// against testdata/value_*.golden (go test -update rewrites them).
func TestValueGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"value_domineering", []string{"value", "domineering:board=..#.../..#.../####.#/#..#.#"}},
		{"value_domineering_json", []string{"value", "domineering:board=..#.../..#.../####.#/#..#.#", "--json"}},
		{"value_notation", []string{"value", "{0|*||*}"}},
		{"value_notation_json", []string{"value", "1/2+^", "--json"}},
		{"value_clobber", []string{"value", "clobber:board=xo./oxo"}},
		{"value_toads", []string{"value", "toads:TTT..FFF"}},
		{"value_hackenbush", []string{"value", "hackenbush:LRR,RL,L(R,L)"}},
		{"value_cutcake", []string{"value", "cutcake:2x3/4x1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), "", tt.args...)
			if r.status != 0 || r.stderr != "" {
				t.Fatalf("sente %s: status %d, stderr %q; want 0 and nothing", strings.Join(tt.args, " "), r.status, r.stderr)
			}
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(r.stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if r.stdout != string(want) {
				t.Errorf("sente %s: output differs from %s (run go test -update if the change is intended)\n--- got\n%s--- want\n%s",
					strings.Join(tt.args, " "), path, r.stdout, want)
			}
		})
	}
}
