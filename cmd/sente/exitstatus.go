package main

import "sente/rules"

// memoryStatus is the exit status of a run that --max-memory stopped: 1, a
// failure while working, for the built-in games; 2, bad input, when a rules
// file was open, since it is the file's code that grew past the limit.
func memoryStatus() int {
	for _, g := range opened {
		if _, ok := rules.Of(g); ok {
			return 2
		}
	}
	return 1
}
