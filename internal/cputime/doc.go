// Package cputime reads the CPU time of the calling thread, so that work
// timed on a busy machine is timed by what it did, not by its share of the
// cores: the rates the answer layer plans by, and the budget of a sample
// of a game's positions. A caller locks its goroutine to its thread
// (runtime.LockOSThread) for as long as it reads the clock.
package cputime
