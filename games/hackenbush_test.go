package games_test

import (
	"testing"

	"github.com/sente-go/sente/cgt"
)

// signRule is Berlekamp's sign rule for a Blue-Red Hackenbush string
// written from the ground (Winning Ways, ch. 1; Siegel, CGT, ch. II): the
// first run of one colour counts 1 an edge, for its owner; after the
// first change of colour each edge counts half the one before (1/2, 1/4,
// …), plus for an L and minus for an R.
func signRule(s string) cgt.Dyadic {
	sign := func(c byte) int64 {
		if c == 'L' {
			return 1
		}
		return -1
	}
	v := cgt.Int(0)
	i := 0
	for i < len(s) && s[i] == s[0] {
		v = v.Add(cgt.Int(sign(s[0])))
		i++
	}
	for e := 1; i < len(s); i, e = i+1, e+1 {
		v = v.Add(cgt.NewDyadic(sign(s[i]), e))
	}
	return v
}

// TestHackenbushSignRule: every string of up to 10 edges is worth what
// Berlekamp's sign rule says.
func TestHackenbushSignRule(t *testing.T) {
	n := 0
	for length := 1; length <= 10; length++ {
		for mask := 0; mask < 1<<length; mask++ {
			s := make([]byte, length)
			for i := range s {
				s[i] = "LR"[mask>>i&1]
			}
			got, ok := valueOf(t, "hackenbush:forest="+string(s), "").Number()
			if want := signRule(string(s)); !ok || got != want {
				t.Errorf("%s: %v (a number: %v); the sign rule says %s", s, got, ok, want)
			}
			n++
		}
	}
	if n != 2046 {
		t.Fatalf("%d strings", n)
	}
}

// TestHackenbushValues pins forests and trees, each held to the reference.
func TestHackenbushValues(t *testing.T) {
	for _, tc := range []struct{ forest, want, why string }{
		{"L", "1", "one blue edge"},
		{"LR", "1/2", "{0|1} (sign rule)"},
		{"LLR", "3/2", "2 − 1/2 (sign rule)"},
		{"LRR", "1/4", "1 − 1/2 − 1/4 (sign rule)"},
		{"LRL", "3/4", "1 − 1/2 + 1/4 (sign rule)"},
		{"LLR,RL", "1", "3/2 + (−1/2): a sum of strings"},
		{"L(R,R)", "1/4", "Left's cut leaves 0, Right's the string LR (1/2): {0|1/2}"},
		{"L(R,L)", "1", "Left's cuts leave 0 or LR (1/2), Right's the string LL (2): {1/2|2} = 1"},
		{"LR(L,R)", "1/2", "by the definition"},
		{"R(L,L,L)", "-1/8", "by the definition"},
	} {
		if got := checkedValue(t, "hackenbush:forest="+tc.forest).String(); got != tc.want {
			t.Errorf("%s: %s; want %s (%s)", tc.forest, got, tc.want, tc.why)
		}
	}
}

// TestHackenbushAgainstSolve: every position reachable from these forests
// (up to 10 edges), with either side first, has the outcome class the
// solve finds, and the smaller ones' values are the reference's.
func TestHackenbushAgainstSolve(t *testing.T) {
	for _, forest := range []string{"LLR,RL", "LRLRL,RRL,L", "L(R,LL),R(L,R)", "LR(L(R,R),RL),RLL"} {
		spec := "hackenbush:forest=" + forest
		t.Run(forest, func(t *testing.T) { checkAgainstSolve(t, spec, 400) })
	}
}

func TestHackenbushMovesAreOptions(t *testing.T) {
	checkMovesAreOptions(t, "hackenbush:forest=L(R,LL),RRL", 500)
	checkMovesAreOptions(t, "hackenbush:forest=LRL,RL,first=right", 500)
}
