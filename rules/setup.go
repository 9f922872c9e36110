package rules

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
)

// A file's top level cannot read PARAMS (it also runs before any values are
// bound), so without setup a function must work out what depends on the
// parameters (masks, tables, lists of lines) at every call. setup() runs
// once a game is made, with PARAMS bound, and returns a struct whose fields
// every other function reads as SETUP.name.

// setupValue is SETUP: the struct setup() returned, once it has.
type setupValue struct {
	fields *starlarkstruct.Struct // nil until setup has returned
	stage  setupStage
}

type setupStage int

const (
	setupTopLevel setupStage = iota // the file's top level is running
	setupNone                       // the file defines no setup
	setupRunning                    // setup() is running
	setupDone
)

var _ starlark.HasAttrs = (*setupValue)(nil)

func (s *setupValue) String() string {
	if s.fields == nil {
		return "SETUP(not yet)"
	}
	return "SETUP" + strings.TrimPrefix(s.fields.String(), "struct")
}
func (s *setupValue) Type() string          { return "SETUP" }
func (s *setupValue) Freeze()               {}
func (s *setupValue) Truth() starlark.Bool  { return true }
func (s *setupValue) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: SETUP") }

func (s *setupValue) AttrNames() []string {
	if s.fields == nil {
		return nil
	}
	return s.fields.AttrNames()
}

func (s *setupValue) Attr(name string) (starlark.Value, error) {
	switch s.stage {
	case setupTopLevel:
		return nil, fmt.Errorf("SETUP is not available at top level: it holds what setup() returns once the game is made, so read SETUP.%s inside a function (start, moves, ...)", name)
	case setupNone:
		return nil, fmt.Errorf("SETUP.%s: SETUP holds what setup() returns, and this file defines no setup()", name)
	case setupRunning:
		return nil, fmt.Errorf("SETUP.%s: setup() cannot read SETUP, which holds what it returns", name)
	}
	v, err := s.fields.Attr(name)
	if err != nil || v == nil {
		return nil, fmt.Errorf("SETUP has no field %q (fields: %s)", name, fieldList(s.fields))
	}
	return v, nil
}

func fieldList(st *starlarkstruct.Struct) string {
	if names := st.AttrNames(); len(names) > 0 {
		return strings.Join(names, ", ")
	}
	return "none"
}

// runSetup calls the file's setup(), if it has one, and binds SETUP to what
// it returned.
func (g *Game) runSetup(w *worker, sv *setupValue) *Error {
	fn := g.fn.setup
	if fn == nil {
		sv.stage = setupNone
		return nil
	}
	sv.stage = setupRunning
	v, rerr := g.run(w, fn, nil, nil)
	if rerr != nil {
		return rerr
	}
	st, ok := v.(*starlarkstruct.Struct)
	if !ok {
		return g.mistake(fn, nil, nil, fmt.Sprintf("returned a %s; want struct(name = value, ...), whose fields the other functions read as SETUP.name", v.Type()))
	}
	// Frozen, the fields are safe to read from every goroutine, and a
	// function that tries to change a list in them fails at once.
	st.Freeze()
	sv.fields, sv.stage = st, setupDone
	return nil
}
