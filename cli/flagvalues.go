package cli

import "time"

// The parser checks that a number is a number; what it may be is the
// command's to say. These refuse a flag's value in one line that names
// the flag, the value given and what the flag takes, as every refusal of
// bad input does.

// atLeast refuses a whole-number flag below least; note says what a value
// at the bound means, where it means something of its own.
func atLeast[N int | int64](flag string, v, least N, note string) error {
	if v >= least {
		return nil
	}
	return badInput("%s %d: want a whole number, %d or more%s", flag, v, least, note)
}

// positiveTime refuses a duration flag that is not above zero.
func positiveTime(flag string, d time.Duration, example string) error {
	if d > 0 {
		return nil
	}
	return badInput("%s %v: want a time such as %s, more than 0", flag, d, example)
}

// firstRefusal is the first of the checks that refuses, or nil.
func firstRefusal(checks ...error) error {
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	return nil
}
