package sente

import (
	"reflect"
	"strings"
	"testing"
)

// TestParseSpecLists: commas separate key=value pairs and also the items of
// a list value, so the forms the help shows all read the same.
func TestParseSpecLists(t *testing.T) {
	tests := []struct {
		text string
		want []Arg
	}{
		{"subtraction:set=1,3,4", []Arg{{"set", "1,3,4"}}},
		{"subtraction:set=1,3,4,n=20", []Arg{{"set", "1,3,4"}, {"n", "20"}}},
		{"subtraction:n=20,set=1,3,4", []Arg{{"n", "20"}, {"set", "1,3,4"}}},
		{"subtraction:1,3,4,n=20", []Arg{{"", "1,3,4"}, {"n", "20"}}},
		{"octal:0.77", []Arg{{"", "0.77"}}},
		{"0:00", []Arg{{"", "00"}}},
		{"connect4:w=5,h=4", []Arg{{"w", "5"}, {"h", "4"}}},
	}
	for _, tt := range tests {
		spec, err := ParseSpec(tt.text)
		if err != nil || !reflect.DeepEqual(spec.Args, tt.want) {
			t.Errorf("ParseSpec(%q) = %+v, %v; want args %+v", tt.text, spec.Args, err, tt.want)
			continue
		}
		if again, err := ParseSpec(spec.String()); err != nil || !reflect.DeepEqual(again, spec) {
			t.Errorf("ParseSpec(%q).String() = %q reads back as %+v, %v", tt.text, spec.String(), again, err)
		}
	}
	for _, bad := range []struct{ text, err string }{
		{"a:k=1,,2", ""},
		{"a:k=", `game spec "a:k=": k= gives k no value (want NAME:key=value,key=value; leave k out for its default)`},
		{"a:k=1,=2", `"=2" is not key=value`},
		{":k=1", ""},
	} {
		spec, err := ParseSpec(bad.text)
		if err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("ParseSpec(%q) = %+v, %v; want an error with %q", bad.text, spec, err, bad.err)
		}
	}
}
