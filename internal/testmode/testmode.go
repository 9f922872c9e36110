// Package testmode states once which of sente's tests a run of go test
// includes, for both modules (sente and sente-dist), and what a missing
// tool means.
//
// There are three runs, each a superset of the one before:
//
//   - go test -short ./... is the quick check while working: unit tests
//     and small instances of everything, a minute of CPU. It leaves out
//     the browser's end-to-end tests and anything that takes seconds.
//   - go test ./... (README's test command) checks every property on the
//     smallest instance that shows it: a quarter of an hour on two cores.
//   - SENTE_LONG=1 go test ./... adds the big instances of the same
//     checks (larger boards, every reading of a game's rules, long
//     sweeps): CI runs it after the test command. SENTE_LONG=full adds
//     the solves of whole games that pin published answers (tens of
//     CPU-minutes and gigabytes each).
//
// Tools the tests drive (Graphviz's dot, Chromium, axe-core) are skipped
// without when CI is unset, and fail the test when it is set: CI installs
// them, so a missing one there is a broken machine, not a choice.
package testmode

import (
	"os"
	"testing"
)

// LongVar is the environment variable that asks for the long tests.
const LongVar = "SENTE_LONG"

// Long reports whether SENTE_LONG asks for the long tests: any value but
// empty and 0.
func Long() bool {
	v := os.Getenv(LongVar)
	return v != "" && v != "0"
}

// Full reports whether SENTE_LONG=full asks for the whole-game solves too.
func Full() bool { return os.Getenv(LongVar) == "full" }

// CI reports whether the CI variable is set: then the tools the tests
// need must be installed.
func CI() bool { return os.Getenv("CI") != "" }

// SkipShort skips t under -short, saying what it leaves out.
func SkipShort(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short leaves out " + what)
	}
}

// SkipUnlessLong skips t unless SENTE_LONG is set, saying what it leaves
// out and how to run it. Under -short it is skipped whatever SENTE_LONG
// says.
func SkipUnlessLong(t testing.TB, what string) {
	t.Helper()
	SkipShort(t, what)
	if !Long() {
		t.Skip(what + ": set " + LongVar + "=1 to run it")
	}
}

// SkipUnlessFull skips t unless SENTE_LONG=full, saying what it leaves
// out and how to run it.
func SkipUnlessFull(t testing.TB, what string) {
	t.Helper()
	SkipShort(t, what)
	if !Full() {
		t.Skip(what + ": set " + LongVar + "=full to run it")
	}
}

// Missing is for a test that needs a tool which is not installed: it
// skips t, naming the tool and how to install it, or fails t when CI is
// set.
func Missing(t testing.TB, tool, install string) {
	t.Helper()
	if CI() {
		t.Fatalf("CI is set but %s is missing: %s", tool, install)
	}
	t.Skipf("%s is missing (%s); with CI set this is a failure", tool, install)
}
