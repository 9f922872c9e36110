package dist

import "errors"

// InputError is a solve refused before any work for what it was asked:
// an unknown game, a game without tiers, shards of a size that cannot be.
// The command line says it in one line and exits with status 2.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

func badInput(err error) error { return &InputError{Err: err} }

// IsInputError reports whether err is an InputError.
func IsInputError(err error) bool {
	var in *InputError
	return errors.As(err, &in)
}
