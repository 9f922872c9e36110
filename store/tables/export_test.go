package tables

// MappedBudget is mappedBudget, for tests to shrink.
var MappedBudget = &mappedBudget

// OpenTables is how many tables s holds open.
func (s *Tables) OpenTables() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables)
}
