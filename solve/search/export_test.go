package search

// JoinAtOnce has every probe of s start its workers together, as if each
// probe were a large one, so that tests on small games search with the
// workers sharing the table and putting off each other's moves.
func JoinAtOnce(s *Searcher) { s.joinAfter = 0 }

// MarginFirstDeepening is the nodes the deepening beside a margin proof
// searches alone first.
func MarginFirstDeepening() uint64 { return marginFirstDeepening }

// SetMarginFirstDeepening changes it until restore is called.
func SetMarginFirstDeepening(n uint64) (restore func()) {
	old := marginFirstDeepening
	marginFirstDeepening = n
	return func() { marginFirstDeepening = old }
}

// SetMarginDeepenAfter changes the proof's nodes after which the
// deepening goes on beside it, until restore is called.
func SetMarginDeepenAfter(n uint64) (restore func()) {
	old := marginDeepenAfter
	marginDeepenAfter = n
	return func() { marginDeepenAfter = old }
}

// JoinAtOnceWide is JoinAtOnce for a WideSearcher.
func JoinAtOnceWide(s *WideSearcher) { s.joinAfter = 0 }
