package sente

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		"", "cards", "connect4:w=5,h=4", "connect4:w=5,h=4,k=4", " tictactoe : m = 3 , n = 4 ",
		"cards:first=1/2/2,second=3/3,target=7", "cards:first=1..5", "chopsticks:overflow=cutoff,transfer=split,revive=true",
		"0:00", "octal:0.77", "subtraction:1,3,4,n=20", "subtraction:set=1,3,4", "subtraction:set=1,3,4,n=20", "a:k=1,2,,3",
		":", "a:", "a:=", "a:k=", "a:=v", "a:k=v,", "a:k=v,k=w", "a:k=v=w", "a:k=v:w", "a::k=v", ",", "a,b:c=d",
		" \t", "a\u00a0:k=\u00a0v", "\xff:\xfe=\xfd",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseSpec(s)
		if err != nil {
			if spec.Name != "" || spec.Args != nil {
				t.Errorf("ParseSpec(%q) failed (%v) but returned %+v", s, err, spec)
			}
			if err.Error() == "" {
				t.Errorf("ParseSpec(%q): empty error", s)
			}
			return
		}
		if spec.Name == "" {
			t.Errorf("ParseSpec(%q) = %+v: no name", s, spec)
		}
		keys := map[string]bool{}
		for i, a := range spec.Args {
			// Only the first argument may be positional (no key).
			if (a.Key == "" && i > 0) || a.Value == "" {
				t.Errorf("ParseSpec(%q) = %+v: empty key or value", s, spec)
			}
			if strings.ContainsAny(a.Key, "=,") {
				t.Errorf("ParseSpec(%q) = %+v: '=' or ',' inside a key", s, spec)
			}
			if keys[a.Key] {
				t.Errorf("ParseSpec(%q) = %+v: key %q twice", s, spec, a.Key)
			}
			keys[a.Key] = true
		}
		text := spec.String()
		again, err := ParseSpec(text)
		if err != nil {
			t.Fatalf("ParseSpec(%q) = %+v, whose String %q does not parse: %v", s, spec, text, err)
		}
		if !reflect.DeepEqual(spec, again) {
			t.Fatalf("ParseSpec(%q) = %+v; String %q parses to %+v", s, spec, text, again)
		}
		if again.String() != text {
			t.Fatalf("String is not stable: %q, then %q", text, again.String())
		}
	})
}

// bindParams are representative parameter lists: every kind, defaults that
// are valid, and a game with no parameters.
var bindParams = [][]Param{
	nil,
	{
		{Name: "w", Kind: Int, Default: "7", Min: 1, Max: 9},
		{Name: "h", Kind: Int, Default: "6", Min: 1, Max: 9},
	},
	{
		{Name: "first", Kind: Ints, Default: "1..5", Min: 1, Max: 99, MaxLen: 12},
		{Name: "target", Kind: Int, Default: "23", Min: 1, Max: 9999},
	},
	{
		{Name: "overflow", Kind: Choice, Default: "rollover", Choices: []string{"rollover", "cutoff"}},
		{Name: "revive", Kind: Bool, Default: "false"},
	},
	{
		{Name: "n", Kind: Int, Default: "0", Min: math.MinInt, Max: math.MaxInt},
		{Name: "list", Kind: Ints, Default: "-3..3", Min: -5, Max: 5, MaxLen: 3},
	},
}

func FuzzBind(f *testing.F) {
	for _, s := range []string{"", "1", "0", "-1", "99", "+5", " 5", "1..5", "1/2/2", "5..1", "1..100", "true", "T", "yes",
		"cutoff", "CUTOFF", "rollover,", "9223372036854775807", "-9223372036854775808", "1e3", "0x10"} {
		for _, key := range []string{"w", "h", "first", "target", "overflow", "revive", "n", "list", "nope"} {
			f.Add(key, s, "target", "7")
		}
	}
	f.Fuzz(func(t *testing.T, key1, value1, key2, value2 string) {
		args := []Arg{{key1, value1}}
		if key2 != key1 {
			args = append(args, Arg{key2, value2})
		}
		for _, params := range bindParams {
			vals, err := Bind("game", params, args)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "game") {
					t.Errorf("Bind error %q does not name the game", err)
				}
				continue
			}
			for _, p := range params {
				switch p.Kind {
				case Int:
					if n := vals.Int(p.Name); n < p.Min || n > p.Max {
						t.Errorf("Bind(%v): %s = %d out of [%d, %d]", args, p.Name, n, p.Min, p.Max)
					}
				case Ints:
					list := vals.Ints(p.Name)
					if len(list) == 0 || len(list) > p.MaxLen {
						t.Errorf("Bind(%v): %s has %d numbers, want 1 to %d", args, p.Name, len(list), p.MaxLen)
					}
					for _, n := range list {
						if n < p.Min || n > p.Max {
							t.Errorf("Bind(%v): %s holds %d, out of [%d, %d]", args, p.Name, n, p.Min, p.Max)
						}
					}
				case Bool:
					if b := vals.String(p.Name); b != "true" && b != "false" {
						t.Errorf("Bind(%v): %s = %q, want true or false", args, p.Name, b)
					}
				case Choice:
					found := false
					for _, c := range p.Choices {
						found = found || vals.String(p.Name) == c
					}
					if !found {
						t.Errorf("Bind(%v): %s = %q, not one of %v", args, p.Name, vals.String(p.Name), p.Choices)
					}
				}
			}
		}
	})
}

func FuzzParseInts(f *testing.F) {
	for _, s := range []string{"", "1", "1/2/3", "1..5", "1..3/5", "5..1", "1..", "..5", "1....5", "1..2..3", " 1 .. 3 / 7 ",
		"-3..-1", "0..65535", "0..65536", "9223372036854775807", "-9223372036854775808..0", "1/", "/", "a", "1..x", "+1..+2", "-0", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		list, err := ParseInts(text)
		checkParseInts(t, text, list, err)
	})
}
func checkParseInts(t *testing.T, text string, list []int, err error) {
	t.Helper()
	if err != nil {
		if list != nil {
			t.Errorf("ParseInts(%q) failed (%v) but returned %d numbers", text, err, len(list))
		}
		return
	}
	parts := strings.Count(text, "/") + 1
	if len(list) < parts || len(list) > maxListLen {
		t.Errorf("ParseInts(%q) returned %d numbers for %d parts; want %d to %d", text, len(list), parts, parts, maxListLen)
	}
}

// TestParseIntsLimits: numbers past ±2^30 and lists past 65536 numbers are
// refused at once, with no attempt to build them.
func TestParseIntsLimits(t *testing.T) {
	for _, text := range []string{
		"0..65536",
		"1..65536/1",
		"9223372036854775807",
		"1/9223372036854775807",
		"1..100000000000",
		"-9223372036854775808..9223372036854775807",
		"-9223372036854775808..0",
		"9223372036854775806..9223372036854775807",
		"1073741825",
	} {
		if list, err := ParseInts(text); err == nil {
			t.Errorf("ParseInts(%q) gave %d numbers, want an error", text, len(list))
		}
	}
	if list, err := ParseInts("-1073741824..-1073676289"); err != nil || len(list) != 65536 {
		t.Errorf("a range of 65536 numbers: %d numbers, %v", len(list), err)
	}
}
