package rules

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Positions are Starlark values built from None, bools, ints, strings and
// tuples of those. Each has one canonical byte encoding, which the intern
// table (table.go) keys positions by:
//
//	None            'N'
//	True, False     'T', 'F'
//	int in int64    'i' varint
//	larger int      'I' sign('+' or '-') uvarint(len) big-endian magnitude
//	string          's' uvarint(len) bytes
//	tuple           't' uvarint(len) elements
//
// Two positions are the same exactly when Starlark finds them equal, since
// no other types are allowed: 1 == 1.0 would otherwise make equal values
// with different encodings.

// maxEncoding bounds the encoding of one position, so that a runaway rule
// cannot fill memory one enormous position at a time.
const maxEncoding = 1 << 20

// positionError explains why a value is not a position.
type positionError struct {
	v   starlark.Value // the offending part
	msg string
}

func (e *positionError) Error() string { return e.msg }

// appendEncoding appends the canonical encoding of v to buf.
func appendEncoding(buf []byte, v starlark.Value) ([]byte, error) {
	return appendValue(buf, v, len(buf)+maxEncoding)
}

// appendValue is appendEncoding giving up once buf is longer than limit.
func appendValue(buf []byte, v starlark.Value, limit int) ([]byte, error) {
	switch v := v.(type) {
	case starlark.NoneType:
		return append(buf, 'N'), nil
	case starlark.Bool:
		if v {
			return append(buf, 'T'), nil
		}
		return append(buf, 'F'), nil
	case starlark.Int:
		if n, ok := v.Int64(); ok {
			return binary.AppendVarint(append(buf, 'i'), n), nil
		}
		b := v.BigInt()
		sign := byte('+')
		if b.Sign() < 0 {
			sign = '-'
		}
		mag := b.Abs(b).Bytes()
		buf = binary.AppendUvarint(append(buf, 'I', sign), uint64(len(mag)))
		return append(buf, mag...), nil
	case starlark.String:
		buf = binary.AppendUvarint(append(buf, 's'), uint64(len(v)))
		return append(buf, v...), nil
	case starlark.Tuple:
		buf = binary.AppendUvarint(append(buf, 't'), uint64(len(v)))
		for _, x := range v {
			var err error
			if buf, err = appendValue(buf, x, limit); err != nil {
				return buf, err
			}
			if len(buf) > limit {
				return buf, &positionError{v, fmt.Sprintf("a position takes more than %d bytes", maxEncoding)}
			}
		}
		return buf, nil
	}
	return buf, notPosition(v)
}

// notPosition says why v cannot be (part of) a position.
func notPosition(v starlark.Value) error {
	what := "a " + v.Type()
	if v == nil {
		what = "nothing"
	}
	hint := ""
	switch v.(type) {
	case *starlark.List:
		hint = " (a list is not hashable: use a tuple)"
	case *starlark.Dict, *starlark.Set:
		hint = " (not hashable: use a tuple, sorted if order does not matter)"
	case starlark.Float:
		hint = " (floats are not allowed: use ints)"
	}
	return &positionError{v, fmt.Sprintf("%s is not a position: positions are built from ints, strings, bools, None and tuples%s", what, hint)}
}

// decodeValue reads the value encoded at the start of enc and returns it
// with the rest of enc. Strings share enc's memory.
func decodeValue(enc string) (starlark.Value, string, error) {
	if enc == "" {
		return nil, "", fmt.Errorf("truncated position encoding")
	}
	tag, rest := enc[0], enc[1:]
	switch tag {
	case 'N':
		return starlark.None, rest, nil
	case 'T':
		return starlark.True, rest, nil
	case 'F':
		return starlark.False, rest, nil
	case 'i':
		u, k := readUvarint(rest)
		if k <= 0 {
			return nil, "", fmt.Errorf("bad int in position encoding")
		}
		n := int64(u >> 1) // zig-zag, as binary.AppendVarint writes it
		if u&1 != 0 {
			n = ^n
		}
		return starlark.MakeInt64(n), rest[k:], nil
	case 'I':
		if rest == "" {
			return nil, "", fmt.Errorf("truncated position encoding")
		}
		sign := rest[0]
		n, body, err := uvarint(rest[1:])
		if err != nil {
			return nil, "", err
		}
		b := new(big.Int).SetBytes([]byte(body[:n]))
		if sign == '-' {
			b.Neg(b)
		}
		return starlark.MakeBigInt(b), body[n:], nil
	case 's':
		n, body, err := uvarint(rest)
		if err != nil {
			return nil, "", err
		}
		return starlark.String(body[:n]), body[n:], nil
	case 't':
		n, body, err := uvarint(rest)
		if err != nil {
			return nil, "", err
		}
		if n > uint64(len(body)) {
			return nil, "", fmt.Errorf("truncated position encoding")
		}
		t := make(starlark.Tuple, n)
		for i := range t {
			if t[i], body, err = decodeValue(body); err != nil {
				return nil, "", err
			}
		}
		return t, body, nil
	}
	return nil, "", fmt.Errorf("bad tag %q in position encoding", tag)
}

// readUvarint is binary.Uvarint on a string: the value and the bytes read,
// or k <= 0 when s does not start with a valid uvarint.
func readUvarint(s string) (x uint64, k int) {
	var shift uint
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		b := s[i]
		if b < 0x80 {
			if i == binary.MaxVarintLen64-1 && b > 1 {
				return 0, -1
			}
			return x | uint64(b)<<shift, i + 1
		}
		x |= uint64(b&0x7f) << shift
		shift += 7
	}
	return 0, 0
}

// uvarint reads a length and checks that that many bytes follow.
func uvarint(s string) (uint64, string, error) {
	n, k := readUvarint(s)
	if k <= 0 || n > uint64(len(s)-k) {
		return 0, "", fmt.Errorf("truncated position encoding")
	}
	return n, s[k:], nil
}

// decode returns the value of a whole encoding.
func decode(enc string) starlark.Value {
	v, rest, err := decodeValue(enc)
	if err != nil || rest != "" {
		// Encodings come from appendEncoding only.
		panic(fmt.Sprintf("rules: corrupt position encoding %q", enc))
	}
	return v
}

// reprLimit bounds the positions quoted in error messages.
const reprLimit = 200

// repr is v as a Starlark literal, cut short if it is long.
func repr(v starlark.Value) string {
	if v == nil {
		return "nothing"
	}
	s := v.String()
	if len(s) > reprLimit {
		s = s[:reprLimit] + "..."
	}
	return s
}

// parseLiteral reads a position written as a Starlark literal: ints
// (negative too), strings, True, False, None and tuples of those. Nothing
// is evaluated: any other expression is refused.
func parseLiteral(s string) (starlark.Value, error) {
	expr, err := syntax.ParseExpr("position", s, 0)
	if err != nil {
		msg := err.Error()
		if e, ok := err.(syntax.Error); ok {
			msg = fmt.Sprintf("column %d: %s", e.Pos.Col, e.Msg)
		}
		return nil, fmt.Errorf("not a Starlark literal: %s", msg)
	}
	return literal(expr)
}

func literal(e syntax.Expr) (starlark.Value, error) {
	switch e := e.(type) {
	case *syntax.Literal:
		switch v := e.Value.(type) {
		case string:
			if e.Token == syntax.STRING {
				return starlark.String(v), nil
			}
		case int64:
			return starlark.MakeInt64(v), nil
		case *big.Int:
			return starlark.MakeBigInt(v), nil
		}
		return nil, fmt.Errorf("%s is not allowed in a position (ints, strings, True, False, None and tuples)", e.Raw)
	case *syntax.Ident:
		switch e.Name {
		case "True":
			return starlark.True, nil
		case "False":
			return starlark.False, nil
		case "None":
			return starlark.None, nil
		}
		return nil, fmt.Errorf("unknown name %s (a position holds ints, strings, True, False, None and tuples)", e.Name)
	case *syntax.ParenExpr:
		return literal(e.X)
	case *syntax.TupleExpr:
		t := make(starlark.Tuple, len(e.List))
		for i, x := range e.List {
			v, err := literal(x)
			if err != nil {
				return nil, err
			}
			t[i] = v
		}
		return t, nil
	case *syntax.UnaryExpr:
		if e.Op == syntax.MINUS || e.Op == syntax.PLUS {
			if lit, ok := e.X.(*syntax.Literal); ok && lit.Token == syntax.INT {
				v, err := literal(lit)
				if err != nil {
					return nil, err
				}
				if e.Op == syntax.MINUS {
					return v.(starlark.Int).Unary(syntax.MINUS)
				}
				return v, nil
			}
		}
	case *syntax.ListExpr:
		return nil, fmt.Errorf("a list is not allowed in a position: write a tuple (...)")
	}
	start, _ := e.Span()
	return nil, fmt.Errorf("column %d: only literals are allowed in a position (ints, strings, True, False, None and tuples), not an expression", start.Col)
}

// isPairShaped reports whether v is a 2-tuple whose first item is a string:
// the shape of a named move (name, position).
func isPairShaped(v starlark.Value) bool {
	t, ok := v.(starlark.Tuple)
	if !ok || len(t) != 2 {
		return false
	}
	_, ok = t[0].(starlark.String)
	return ok
}

// oneLine squeezes a message onto one line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
