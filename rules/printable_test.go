package rules

import "testing"

// TestPrintable: control characters, the marks that reorder text and bytes
// that are not UTF-8 are escaped as Go writes them; the rest, other
// languages' text among it, is kept; text of lines keeps its newlines and
// tabs; and what is escaped on one line reads back.
func TestPrintable(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		lines    bool
	}{
		{"x..o", "x..o", false},
		{"どうぶつ ♔ é", "どうぶつ ♔ é", false},
		{"\x1b[2J\x1b[31m", `\x1b[2J\x1b[31m`, false},
		{"a\rb\nc\td\x07e\x00f\x7f", `a\rb\nc\td\ae\x00f\x7f`, false},
		{"a\nb\tc\rd", "a\nb\tc\\rd", true},
		{"abc\u202edef\u2066g\u2028", `abc\u202edef\u2066g\u2028`, false},
		{"\u0085\u009b", `\u0085\u009b`, false},
		{"bad \xff\xfe byte", `bad \xff\xfe byte`, false},
		{`a literal \x1b stays`, `a literal \x1b stays`, false},
	} {
		if got := printable(tc.in, tc.lines); got != tc.want {
			t.Errorf("printable(%q, %v) = %q, want %q", tc.in, tc.lines, got, tc.want)
		}
		if !tc.lines && tc.in != `a literal \x1b stays` {
			if back := unprintable(printable(tc.in, false)); back != tc.in {
				t.Errorf("unprintable(printable(%q)) = %q", tc.in, back)
			}
		}
	}
	// Escapes of what printable keeps are not read back as characters.
	for _, s := range []string{`\x41`, `\u00e9`, `\q`, `\`, `\x1`, `\u202`} {
		if got := unprintable(s); got != s {
			t.Errorf("unprintable(%q) = %q, want it kept", s, got)
		}
	}
}
