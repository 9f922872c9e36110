package misere

import "testing"

// BenchmarkBornBy4 times enumerating the forms born by day 4 (TestBornBy,
// under SENTE_LONG=1, counts day 5's).
func BenchmarkBornBy4(b *testing.B) {
	for b.Loop() {
		BornBy(4)
	}
}
