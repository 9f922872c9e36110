package misere

import "testing"

// FuzzParse: Parse never panics, and whatever it reads writes back, in
// both notations, to text it reads as the same form.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "*", "*2", "{*2,*}", "*2+*2", "{}", "*[[2],1]", "*[4,2]", "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "({*3}+*)", "{{{0}}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 64 || hasHeapAbove(text, 32) {
			// Sums of long texts and of large heaps make large forms, which
			// the process's table keeps: the grammar is what is fuzzed, and
			// TestParseTooLarge holds Parse's bound on its work.
			return
		}
		g, err := Parse(text)
		if err != nil {
			return
		}
		if g.Birthday() > 12 {
			return
		}
		for _, out := range []string{g.String(), g.CGSuite()} {
			back, err := Parse(out)
			if err != nil || back != g {
				t.Fatalf("Parse(%q) = %s, written %q, read back as %v, %v", text, g, out, back, err)
			}
		}
	})
}

// hasHeapAbove reports whether text writes a number larger than n.
func hasHeapAbove(text string, n int) bool {
	v := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] >= '0' && text[i] <= '9' {
			v = min(10*v+int(text[i]-'0'), n+1)
			continue
		}
		if v > n {
			return true
		}
		v = 0
	}
	return false
}
