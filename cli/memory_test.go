package cli

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want uint64
	}{
		{"0", 0},
		{"64M", 64 << 20},
		{"512M", 512 << 20},
		{"512MiB", 512 << 20},
		{"512mb", 512 << 20},
		{"8G", 8 << 30},
		{"1.5G", 3 << 29},
		{" 2 GiB ", 2 << 30},
		{"1T", 1 << 40},
		{"100000000", 100000000},
		{"65536K", 64 << 20},
	}
	for _, tc := range tests {
		got, err := parseSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "G", "x", "12x", "-1G", "1K", "63M", "NaN", "Inf", "1e30", "5000T", "1..2G"} {
		if got, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", bad, got)
		} else if !strings.Contains(err.Error(), "--max-memory") {
			t.Errorf("parseSize(%q): %v does not name the flag", bad, err)
		}
	}
}

func TestFormatSize(t *testing.T) {
	tests := []struct {
		in   uint64
		want string
	}{
		{0, "0"},
		{1000, "1000"},
		{64 << 20, "64M"},
		{3 << 29, "1.5G"},
		{18 << 30, "18G"},
		{(1 << 30) - 1, "1023.9M"},
		{1 << 40, "1T"},
	}
	for _, tc := range tests {
		if got := quantity.FormatSize(tc.in); got != tc.want {
			t.Errorf("quantity.FormatSize(%d) = %q, want %q", tc.in, got, tc.want)
		}
		if tc.in >= 64<<20 {
			if back, err := parseSize(quantity.FormatSize(tc.in)); err != nil || back > tc.in {
				t.Errorf("parseSize(quantity.FormatSize(%d)) = %d, %v", tc.in, back, err)
			}
		}
	}
	// What a person gives (the default among them) is what refusals and
	// errors write back: "--max-memory 17.6G" is never called 17.5G.
	for tenths := 10; tenths <= 1000; tenths++ {
		for _, unit := range []string{"G", "T"} {
			given := strconv.FormatFloat(float64(tenths)/10, 'f', -1, 64) + unit
			n, err := parseSize(given)
			if err != nil {
				t.Fatalf("parseSize(%q): %v", given, err)
			}
			if back := quantity.FormatSize(n); back != given {
				t.Errorf("parseSize(%q) writes back as %q", given, back)
			}
		}
	}
	if d := defaultMaxMemory(); d != "0" {
		if _, err := parseSize(d); err != nil {
			t.Errorf("the default --max-memory %q does not parse: %v", d, err)
		}
	}
}

// TestMemoryLimit solves a rules file whose positions need more memory than
// --max-memory allows: the command stops with a one-line error saying the
// solve of the file ran out of memory, how far it came, and status 1 (the
// solve outgrew the limit; the file's code asked for nothing much) instead
// of growing until the system kills it.
func TestMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this memory test: a rules file that grows past --max-memory (about 3 s)")
	}
	limit := sandbox.Held() + 128<<20
	r := runCLI(t, context.Background(), "", "solve", "testdata/rules/chain.star:n=50000000",
		"--max-memory", fmt.Sprint(limit))
	if r.status != 1 {
		t.Fatalf("status %d, want 1; stdout %q, stderr %q", r.status, r.stdout, r.stderr)
	}
	if !strings.HasPrefix(r.stderr, "sente: the solve of testdata/rules/chain.star ran out of memory: ") || strings.Count(r.stderr, "\n") != 1 ||
		!strings.Contains(r.stderr, " positions explored, ") || !strings.Contains(r.stderr, "over --max-memory="+quantity.FormatSize(limit)+"; ") {
		t.Errorf("stderr %q, want one line saying the memory limit was reached", r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("stdout %q, want nothing", r.stdout)
	}
}

// TestRaiseHint: a refusal over --max-memory names the limit the engine
// needs, rounded up to a tenth of a G, when the machine has that much;
// otherwise the flag that sets the limit, and --force.
func TestRaiseHint(t *testing.T) {
	if sandbox.Available() < 2<<30 {
		t.Skip("this machine has under 2G of memory")
	}
	tests := []struct {
		need uint64
		want string
	}{
		{1 << 30, "--max-memory 1.0G allows it"},
		{1<<30 + 1, "--max-memory 1.1G allows it"},
		{21_240_000_000, "--max-memory 19.8G allows it"},
		{1 << 60, "--max-memory sets the limit"},
		{0, "--max-memory sets the limit"},
	}
	for _, tt := range tests {
		got := raiseHint(tt.need)
		if !strings.HasPrefix(got, tt.want) || !strings.HasSuffix(got, "and --force tries anyway") {
			t.Errorf("raiseHint(%d) = %q, want it to start %q and end with --force", tt.need, got, tt.want)
		}
	}
}
