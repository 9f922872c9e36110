package sente

import (
	"fmt"
	"strconv"
	"strings"
)

// Spec names a game and its parameters as people type them:
// NAME or NAME:key=value,key=value (for example "connect4:w=5,h=4"). A game
// with a positional parameter takes its value first, without a key:
// "octal:0.77", "subtraction:1,3,4,n=20".
type Spec struct {
	Name string
	Args []Arg
}

// Arg is one key=value of a Spec; the positional value has no key.
type Arg struct{ Key, Value string }

// ParseSpec reads NAME, NAME:key=value,key=value or NAME:value,...,key=value.
// Commas also separate the items of a list value: a field without '=' after
// key=value continues that value, so "subtraction:set=1,3,4,n=20" gives set
// the value "1,3,4" (which ParseInts reads as it reads 1/3/4).
func ParseSpec(s string) (Spec, error) {
	name, rest, hasArgs := strings.Cut(s, ":")
	name = strings.TrimSpace(name)
	if name == "" {
		return Spec{}, fmt.Errorf("game spec %q has no game name (want NAME or NAME:key=value,...)", s)
	}
	spec := Spec{Name: name}
	if !hasArgs {
		return spec, nil
	}
	seen := map[string]bool{}
	fields := strings.Split(rest, ",")
	// Leading fields without '=' form the positional value; commas inside
	// it separate list items, as in subtraction:1,3,4.
	var positional []string
	for len(fields) > 0 && !strings.Contains(fields[0], "=") {
		if f := strings.TrimSpace(fields[0]); f != "" || len(fields) > 1 {
			if f == "" {
				return Spec{}, fmt.Errorf("game spec %q has an empty field", s)
			}
			positional = append(positional, f)
		}
		fields = fields[1:]
	}
	if len(positional) > 0 {
		spec.Args = append(spec.Args, Arg{"", strings.Join(positional, ",")})
	}
	for _, field := range fields {
		key, value, ok := strings.Cut(field, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok && key != "" && len(spec.Args) > 0 {
			// A field without '=' continues the list before it, as in
			// subtraction:set=1,3,4,n=20.
			last := &spec.Args[len(spec.Args)-1]
			last.Value += "," + key
			continue
		}
		switch {
		case ok && key != "" && value == "":
			// A parameter left at its default is one left out.
			return Spec{}, fmt.Errorf("game spec %q: %s= gives %s no value (want NAME:key=value,key=value; leave %s out for its default)", s, key, key, key)
		case !ok || key == "" || value == "":
			return Spec{}, fmt.Errorf("game spec %q: %q is not key=value (want NAME:key=value,key=value)", s, field)
		}
		if seen[key] {
			return Spec{}, fmt.Errorf("game spec %q: parameter %s is given twice", s, key)
		}
		seen[key] = true
		spec.Args = append(spec.Args, Arg{key, value})
	}
	return spec, nil
}

func (s Spec) String() string {
	if len(s.Args) == 0 {
		return s.Name
	}
	parts := make([]string, len(s.Args))
	for i, a := range s.Args {
		parts[i] = a.Key + "=" + a.Value
		if a.Key == "" {
			parts[i] = a.Value
		}
	}
	return s.Name + ":" + strings.Join(parts, ",")
}

// Family is a game with parameters: an entry of the built-in catalogue or a
// rules file. New makes the game from checked parameter values (see Bind).
type Family struct {
	Name    string
	Summary string // one line, for `sente list`
	Params  []Param
	New     func(v ParamValues) (Game, error)
	// Digest, for a family read from a file, is a short hash of the
	// file's text: tables stored for one version of a rules file are not
	// read for another, nor for the built-in family of the same name.
	Digest string
}

// Kind is the type of a game parameter.
type Kind uint8

const (
	Int    Kind = iota // a whole number in [Min, Max]
	Bool               // true or false
	Ints               // a list of whole numbers in [Min, Max]: 1/2/3 or 1..5
	Choice             // one of Choices
	Text               // free text that the game checks itself (an octal code)
)

// Param describes one parameter of a game.
type Param struct {
	Name     string
	Doc      string
	Kind     Kind
	Default  string
	Min, Max int      // for Int and Ints
	Choices  []string // for Choice
	MaxLen   int      // for Ints: the longest list accepted
	// Positional marks the one parameter that may be given without its
	// key, first in the spec ("octal:0.77").
	Positional bool
	// Instead names the parameter that takes this one's place when it is
	// given (Hackenbush's graph, instead of its forest): this one then
	// keeps its default and is no part of the game, nor of its name.
	Instead string
}

// Accepts says in words what values the parameter takes.
func (p Param) Accepts() string {
	switch p.Kind {
	case Int:
		return fmt.Sprintf("a whole number from %d to %d", p.Min, p.Max)
	case Bool:
		return "true or false"
	case Ints:
		return fmt.Sprintf("a list of 1 to %d numbers from %d to %d, as 1/2/3 or 1..5", p.MaxLen, p.Min, p.Max)
	case Text:
		return p.Doc
	case Choice:
		return "one of " + strings.Join(p.Choices, ", ")
	}
	return ""
}

// ParamValues are a game's parameters after Bind: every parameter is present,
// defaults filled in, each value checked.
type ParamValues struct {
	ints  map[string][]int
	other map[string]string
}

// Int returns an Int or Bool-as-int parameter.
func (v ParamValues) Int(name string) int { return v.ints[name][0] }

// Ints returns an Ints parameter.
func (v ParamValues) Ints(name string) []int { return append([]int(nil), v.ints[name]...) }

// Bool returns a Bool parameter.
func (v ParamValues) Bool(name string) bool { return v.other[name] == "true" }

// String returns a Choice or Text parameter.
func (v ParamValues) String(name string) string { return v.other[name] }

// Bind checks args against params and fills in defaults. game names the game
// in error messages.
func Bind(game string, params []Param, args []Arg) (ParamValues, error) {
	vals := ParamValues{ints: map[string][]int{}, other: map[string]string{}}
	given := map[string]string{}
	for _, a := range args {
		found := ""
		for _, p := range params {
			if p.Name == a.Key || (a.Key == "" && p.Positional) {
				found = p.Name
			}
		}
		switch {
		case found == "" && a.Key == "":
			return vals, fmt.Errorf("%s takes no value without a key (%q); write key=value (parameters: %s)", game, a.Value, paramNames(params))
		case found == "":
			return vals, fmt.Errorf("%s has no parameter %q (parameters: %s)", game, a.Key, paramNames(params))
		}
		if _, twice := given[found]; twice {
			return vals, fmt.Errorf("%s: parameter %s is given twice", game, found)
		}
		given[found] = a.Value
	}
	for _, p := range params {
		text, ok := given[p.Name]
		if !ok {
			text = p.Default
		}
		if err := vals.set(p, text); err != nil {
			return vals, fmt.Errorf("%s: %s=%s: %v; want %s", game, p.Name, text, err, p.Accepts())
		}
	}
	return vals, nil
}

func paramNames(params []Param) string {
	if len(params) == 0 {
		return "none"
	}
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

func (v ParamValues) set(p Param, text string) error {
	switch p.Kind {
	case Int:
		n, err := strconv.Atoi(text)
		if err != nil {
			return fmt.Errorf("not a whole number")
		}
		if n < p.Min || n > p.Max {
			return fmt.Errorf("out of range")
		}
		v.ints[p.Name] = []int{n}
	case Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return fmt.Errorf("not true or false")
		}
		v.other[p.Name] = strconv.FormatBool(b)
	case Ints:
		list, err := ParseInts(text)
		if err != nil {
			return err
		}
		if len(list) == 0 || len(list) > p.MaxLen {
			return fmt.Errorf("%d numbers", len(list))
		}
		for _, n := range list {
			if n < p.Min || n > p.Max {
				return fmt.Errorf("%d is out of range", n)
			}
		}
		v.ints[p.Name] = list
	case Text:
		v.other[p.Name] = text
	case Choice:
		for _, c := range p.Choices {
			if strings.EqualFold(c, text) {
				v.other[p.Name] = c
				return nil
			}
		}
		return fmt.Errorf("not a choice")
	}
	return nil
}

// Limits on number lists, so that a typo cannot ask for billions of numbers.
const (
	maxListNumber = 1 << 30
	maxListLen    = 1 << 16
)

// ParseInts reads a list of whole numbers written as 1/2/3 (or 1,2,3), as a
// range 1..5, or as a mixture (1..3/5). Numbers lie within ±2^30 and a list holds at
// most 65536 of them.
func ParseInts(text string) ([]int, error) {
	var list []int
	number := func(s string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return 0, fmt.Errorf("%q is not a whole number", s)
		}
		if n < -maxListNumber || n > maxListNumber {
			return 0, fmt.Errorf("%d is too large", n)
		}
		return n, nil
	}
	for _, part := range strings.Split(strings.ReplaceAll(text, ",", "/"), "/") {
		lo, hi, isRange := strings.Cut(part, "..")
		a, err := number(lo)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = number(hi); err != nil {
				return nil, err
			}
			if b < a {
				return nil, fmt.Errorf("%s is not a range low..high", part)
			}
		}
		if len(list)+(b-a+1) > maxListLen {
			return nil, fmt.Errorf("more than %d numbers", maxListLen)
		}
		for n := a; n <= b; n++ {
			list = append(list, n)
		}
	}
	return list, nil
}
