package cli

import (
	"bytes"
	"fmt"
	"testing"
)

// TestLineEnds: a line the parent writes after its child's stderr (the
// child killed by Ctrl-C, or out of memory) starts on a clean line: a
// progress line the child left on a terminal is erased, an unfinished
// line elsewhere ended, and a finished one left alone. Without it, Ctrl-C
// during a tier solve printed "…about 5 s leftsente: interrupted".
func TestLineEnds(t *testing.T) {
	tests := []struct {
		child string
		tty   bool
		want  string
	}{
		{"\r\033[Ktier 7, solving: 10 of 20 positions (50%), about 5 s left", true, "\r\033[Ktier 7, solving: 10 of 20 positions (50%), about 5 s left\r\033[Ksente: interrupted\n"},
		{"sente: progress: tier 7\n", false, "sente: progress: tier 7\nsente: interrupted\n"},
		{"half a line", false, "half a line\nsente: interrupted\n"},
		{"", true, "sente: interrupted\n"},
		{"a whole line\n", true, "a whole line\nsente: interrupted\n"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		l := &lineEnds{w: &out, tty: tt.tty}
		fmt.Fprint(l, tt.child)
		l.endLine()
		fmt.Fprintln(&out, "sente: interrupted")
		if out.String() != tt.want {
			t.Errorf("child %q (tty %v): got %q, want %q", tt.child, tt.tty, out.String(), tt.want)
		}
	}
}
