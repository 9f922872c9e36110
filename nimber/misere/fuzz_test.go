package misere

import "testing"

// FuzzParse: Parse never panics, and whatever it reads writes back, in
// both notations, to text it reads as the same form.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "*", "*2", "{*2,*}", "*2+*2", "{}", "*[[2],1]", "*[4,2]", "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "({*3}+*)", "{{{0}}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 64 {
			return // sums of long texts make large forms; the grammar is what is fuzzed
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
