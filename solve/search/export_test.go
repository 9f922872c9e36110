package search

// JoinAtOnce has every probe of s start its workers together, as if each
// probe were a large one, so that tests on small games search with the
// workers sharing the table and putting off each other's moves.
func JoinAtOnce(s *Searcher) { s.joinAfter = 0 }
