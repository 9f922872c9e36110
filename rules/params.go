package rules

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/sente-go/sente"
)

// Limits on parameters declared by a rules file.
const (
	maxIntsLen  = 64      // the longest list of ints a parameter takes
	maxIntsItem = 1 << 30 // list items lie within ±2^30, as sente.ParseInts reads them
)

// paramDecl is what param(...) returns: a parameter before it has a name.
type paramDecl struct {
	def        starlark.Value
	min, max   starlark.Value // None when not given
	doc        string
	choices    starlark.Value // None when not given
	positional bool
	pos        syntax.Position // where param was called
}

var _ starlark.Value = (*paramDecl)(nil)

func (d *paramDecl) String() string        { return "param(" + d.def.String() + ", ...)" }
func (d *paramDecl) Type() string          { return "param" }
func (d *paramDecl) Freeze()               {}
func (d *paramDecl) Truth() starlark.Bool  { return true }
func (d *paramDecl) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: param") }

// paramBuiltin is the predeclared param(default, min=None, max=None,
// doc="", choices=None, positional=False).
var paramBuiltin = starlark.NewBuiltin("param", func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	d := &paramDecl{min: starlark.None, max: starlark.None, choices: starlark.None}
	if err := starlark.UnpackArgs(b.Name(), args, kwargs,
		"default", &d.def, "min?", &d.min, "max?", &d.max, "doc?", &d.doc,
		"choices?", &d.choices, "positional?", &d.positional); err != nil {
		return nil, err
	}
	d.pos = th.CallFrame(1).Pos
	return d, nil
})

var paramName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// readParams turns the file's params dict into sente parameters.
func readParams(path string, v starlark.Value) ([]sente.Param, []*paramDecl, error) {
	if v == nil {
		return nil, nil, nil
	}
	dict, ok := v.(*starlark.Dict)
	if !ok {
		return nil, nil, fmt.Errorf("%s: params is a %s; want a dict from names to param(...), as params = {\"n\": param(3, min = 1, max = 9)}", path, v.Type())
	}
	var params []sente.Param
	var decls []*paramDecl
	positional := ""
	for _, item := range dict.Items() {
		name, ok := item[0].(starlark.String)
		if !ok {
			return nil, nil, fmt.Errorf("%s: params has the key %s; want parameter names (strings)", path, item[0])
		}
		d, ok := item[1].(*paramDecl)
		if !ok {
			return nil, nil, fmt.Errorf("%s: params[%s] is a %s; want param(default, ...)", path, name, item[1].Type())
		}
		p, err := d.param(string(name))
		if err != nil {
			where := path
			if d.pos.IsValid() {
				where = d.pos.String()
			}
			return nil, nil, fmt.Errorf("%s: parameter %q: %v", where, string(name), err)
		}
		if p.Positional {
			if positional != "" {
				return nil, nil, fmt.Errorf("%s: parameters %q and %q are both positional; at most one may be", d.pos, positional, p.Name)
			}
			positional = p.Name
		}
		params = append(params, p)
		decls = append(decls, d)
	}
	return params, decls, nil
}

// param checks a declaration and makes the sente parameter; the kind
// follows the default.
func (d *paramDecl) param(name string) (sente.Param, error) {
	p := sente.Param{Name: name, Doc: printable(d.doc, false), Positional: d.positional}
	if !paramName.MatchString(name) {
		return p, fmt.Errorf("a parameter's name must be letters, digits and _, not starting with a digit (it is read as PARAMS.%s)", name)
	}
	none := func(what string, v starlark.Value) error {
		if v != starlark.None {
			return fmt.Errorf("%s makes no sense for a %s parameter", what, d.def.Type())
		}
		return nil
	}
	bounds := func(limit int64) error {
		lo, okLo := d.min.(starlark.Int)
		hi, okHi := d.max.(starlark.Int)
		if !okLo || !okHi {
			return fmt.Errorf("a parameter of %s needs whole numbers min and max: param(%s, min = ..., max = ...)", d.def.Type(), d.def)
		}
		a, okA := lo.Int64()
		b, okB := hi.Int64()
		if !okA || !okB || a < -limit || b > limit {
			return fmt.Errorf("min and max must lie within ±%d", limit)
		}
		if a > b {
			return fmt.Errorf("min = %d is more than max = %d", a, b)
		}
		p.Min, p.Max = int(a), int(b)
		return nil
	}
	inRange := func(v starlark.Value) (int, error) {
		i, ok := v.(starlark.Int)
		if !ok {
			return 0, fmt.Errorf("%s is not a whole number", v)
		}
		n, ok := i.Int64()
		if !ok || n < int64(p.Min) || n > int64(p.Max) {
			return 0, fmt.Errorf("the default %s is outside min..max = %d..%d", v, p.Min, p.Max)
		}
		return int(n), nil
	}
	switch def := d.def.(type) {
	case starlark.Int:
		p.Kind = sente.Int
		if err := bounds(math.MaxInt64); err != nil {
			return p, err
		}
		n, err := inRange(def)
		if err != nil {
			return p, err
		}
		p.Default = strconv.Itoa(n)
		return p, none("choices", d.choices)
	case starlark.Bool:
		p.Kind = sente.Bool
		p.Default = strconv.FormatBool(bool(def))
		for what, v := range map[string]starlark.Value{"min": d.min, "max": d.max, "choices": d.choices} {
			if err := none(what, v); err != nil {
				return p, err
			}
		}
		return p, nil
	case starlark.String:
		p.Default = string(def)
		if printable(p.Default, false) != p.Default {
			return p, fmt.Errorf("the default %s has control characters; a parameter's value is typed on a command line", def)
		}
		if err := none("min", d.min); err != nil {
			return p, err
		}
		if err := none("max", d.max); err != nil {
			return p, err
		}
		if d.choices == starlark.None {
			p.Kind = sente.Text
			if p.Doc == "" {
				return p, fmt.Errorf("a text parameter needs doc: it is what people are told the parameter takes")
			}
			return p, nil
		}
		p.Kind = sente.Choice
		items, ok := sequence(d.choices)
		if !ok || len(items) == 0 {
			return p, fmt.Errorf("choices must be a non-empty list of strings")
		}
		for _, c := range items {
			s, ok := c.(starlark.String)
			if !ok || s == "" || strings.ContainsAny(string(s), ",=") || printable(string(s), false) != string(s) {
				return p, fmt.Errorf("choice %s is not a non-empty string without , or = or control characters", c)
			}
			for _, prev := range p.Choices {
				if strings.EqualFold(prev, string(s)) {
					return p, fmt.Errorf("choice %s is given twice", s)
				}
			}
			p.Choices = append(p.Choices, string(s))
		}
		if !slices.Contains(p.Choices, p.Default) {
			return p, fmt.Errorf("the default %s is not one of the choices %s", def, strings.Join(p.Choices, ", "))
		}
		return p, nil
	case *starlark.List, starlark.Tuple:
		p.Kind = sente.Ints
		p.MaxLen = maxIntsLen
		if err := bounds(maxIntsItem); err != nil {
			return p, err
		}
		items, _ := sequence(def)
		if len(items) == 0 || len(items) > maxIntsLen {
			return p, fmt.Errorf("a list default needs 1 to %d numbers", maxIntsLen)
		}
		text := make([]string, len(items))
		for i, x := range items {
			n, err := inRange(x)
			if err != nil {
				return p, fmt.Errorf("in the default list: %v", err)
			}
			text[i] = strconv.Itoa(n)
		}
		p.Default = strings.Join(text, "/")
		return p, none("choices", d.choices)
	}
	return p, fmt.Errorf("the default %s is a %s; want an int, a bool, a string or a list of ints", d.def, d.def.Type())
}

// sequence returns the items of a list or tuple.
func sequence(v starlark.Value) ([]starlark.Value, bool) {
	switch v := v.(type) {
	case starlark.Tuple:
		return v, true
	case *starlark.List:
		items := make([]starlark.Value, v.Len())
		for i := range items {
			items[i] = v.Index(i)
		}
		return items, true
	}
	return nil, false
}

// paramsValue is PARAMS: the bound parameters, readable once the file's
// top level has run.
type paramsValue struct {
	names []string
	vals  map[string]starlark.Value
	ready bool
}

var _ starlark.HasAttrs = (*paramsValue)(nil)

func (p *paramsValue) String() string {
	parts := make([]string, len(p.names))
	for i, n := range p.names {
		parts[i] = n + " = " + p.vals[n].String()
	}
	return "PARAMS(" + strings.Join(parts, ", ") + ")"
}
func (p *paramsValue) Type() string          { return "PARAMS" }
func (p *paramsValue) Freeze()               {}
func (p *paramsValue) Truth() starlark.Bool  { return true }
func (p *paramsValue) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: PARAMS") }
func (p *paramsValue) AttrNames() []string   { return p.names }

func (p *paramsValue) Attr(name string) (starlark.Value, error) {
	if !p.ready {
		return nil, fmt.Errorf("PARAMS is not available at top level: the file's top level runs before parameters are bound, so read PARAMS.%s inside a function (start, moves, ...)", name)
	}
	if v, ok := p.vals[name]; ok {
		return v, nil
	}
	list := "none"
	if len(p.names) > 0 {
		list = strings.Join(p.names, ", ")
	}
	return nil, fmt.Errorf("PARAMS has no parameter %q (parameters: %s)", name, list)
}

// bindParams makes PARAMS from checked values.
func bindParams(params []sente.Param, v sente.ParamValues) *paramsValue {
	pv := &paramsValue{vals: map[string]starlark.Value{}}
	for _, p := range params {
		pv.names = append(pv.names, p.Name)
		var x starlark.Value
		switch p.Kind {
		case sente.Int:
			x = starlark.MakeInt(v.Int(p.Name))
		case sente.Bool:
			x = starlark.Bool(v.Bool(p.Name))
		case sente.Ints:
			list := v.Ints(p.Name)
			t := make(starlark.Tuple, len(list))
			for i, n := range list {
				t[i] = starlark.MakeInt(n)
			}
			x = t
		default:
			x = starlark.String(v.String(p.Name))
		}
		pv.vals[p.Name] = x
	}
	return pv
}
