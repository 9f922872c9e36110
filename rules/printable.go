package rules

// Text a rules file makes reaches terminals and pages: move names, the
// text of positions, descriptions, labels, messages. A file is anyone's
// code, and a control character in that text (an escape sequence that
// clears or recolours the screen, a carriage return that writes over a
// line, a right-to-left override that shows text backwards) would act on
// the terminal rather than be shown. So every such character of what a
// file returns is escaped as it leaves the file (printable): the text
// sente shows, and takes back, is the escaped one, \x1b for an escape.

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// escaped reports whether printable escapes r: the C0 controls, delete,
// the C1 controls, the line and paragraph separators, and the marks and
// overrides of bidirectional text.
func escaped(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true // bidirectional marks, embeddings, overrides and isolates
	case r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// printable is s with its control characters escaped as Go writes them in
// strings (\n, \t, \x1b, \u202e), and bytes that are not UTF-8 as \xff;
// lines keeps the newlines and tabs of text made of lines (a docstring).
func printable(s string, lines bool) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || escaped(r) && !(lines && (r == '\n' || r == '\t')) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case lines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case escaped(r):
			q := strconv.QuoteRune(r) // '\x1b', '\n', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unprintable undoes printable on one line: the escapes of the characters
// printable escapes are read back, and anything else is left as it is.
func unprintable(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '\\' && i+1 < len(s) {
			if r, n, ok := readEscape(s[i:]); ok {
				if r < 0 {
					b.WriteByte(byte(-r))
				} else {
					b.WriteRune(r)
				}
				i += n
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// readEscape reads one escape printable writes at the start of s: the
// character (a byte not UTF-8 as its negative), the bytes read, and
// whether there was one.
func readEscape(s string) (rune, int, bool) {
	switch s[1] {
	case 'a', 'b', 'f', 'n', 'r', 't', 'v':
		r, _, _, err := strconv.UnquoteChar(s[:2], '"')
		return r, 2, err == nil
	case 'x':
		if len(s) < 4 {
			return 0, 0, false
		}
		v, err := strconv.ParseUint(s[2:4], 16, 8)
		if err != nil {
			return 0, 0, false
		}
		if v >= 0x80 {
			return -rune(v), 4, true // a byte that is not UTF-8
		}
		return rune(v), 4, escaped(rune(v))
	case 'u':
		if len(s) < 6 {
			return 0, 0, false
		}
		v, err := strconv.ParseUint(s[2:6], 16, 16)
		if err != nil || !escaped(rune(v)) {
			return 0, 0, false
		}
		return rune(v), 6, true
	}
	return 0, 0, false
}
