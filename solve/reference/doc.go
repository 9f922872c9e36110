// Package reference is a second, slow solver for tests: Reference labels
// positions level by level straight from the definitions of win, loss,
// tie and draw, and shares no code with the engines, so that every engine
// is checked against it on small instances.
package reference
