package sente_test

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/sente-go/sente"
)

// Every value of each type survives a trip through text and through JSON,
// and bad text is refused with an error that names what is accepted.
func TestTextRoundTrip(t *testing.T) {
	type textual interface {
		encoding.TextMarshaler
	}
	cases := []struct {
		in   textual
		text string
		out  encoding.TextUnmarshaler
	}{
		{sente.Win, "win", new(sente.Value)},
		{sente.Lose, "lose", new(sente.Value)},
		{sente.Tie, "tie", new(sente.Value)},
		{sente.Draw, "draw", new(sente.Value)},
		{sente.Unknown, "unknown", new(sente.Value)},
		{sente.First, "first", new(sente.Player)},
		{sente.Second, "second", new(sente.Player)},
		{sente.Nobody, "none", new(sente.Player)},
		{sente.Int, "int", new(sente.Kind)},
		{sente.Bool, "bool", new(sente.Kind)},
		{sente.Ints, "ints", new(sente.Kind)},
		{sente.Choice, "choice", new(sente.Kind)},
		{sente.Text, "text", new(sente.Kind)},
		{sente.Outcome{Value: sente.Win, Remoteness: 3}, "win in 3", new(sente.Outcome)},
		{sente.Outcome{Value: sente.Lose}, "lose in 0", new(sente.Outcome)},
		{sente.Outcome{Value: sente.Tie, Remoteness: 9}, "tie in 9", new(sente.Outcome)},
		{sente.Outcome{Value: sente.Draw}, "draw", new(sente.Outcome)},
	}
	for _, c := range cases {
		b, err := c.in.MarshalText()
		if err != nil || string(b) != c.text {
			t.Errorf("%#v.MarshalText() = %q, %v; want %q", c.in, b, err, c.text)
			continue
		}
		if err := c.out.UnmarshalText(b); err != nil {
			t.Errorf("UnmarshalText(%q): %v", b, err)
			continue
		}
		if got := reflect.ValueOf(c.out).Elem().Interface(); got != c.in {
			t.Errorf("UnmarshalText(%q) = %#v; want %#v", b, got, c.in)
		}
		j, err := json.Marshal(c.in)
		if want, _ := json.Marshal(c.text); err != nil || string(j) != string(want) {
			t.Errorf("json.Marshal(%#v) = %s, %v; want %s", c.in, j, err, want)
		}
	}
}

func TestTextRefused(t *testing.T) {
	cases := []struct {
		text string
		into encoding.TextUnmarshaler
	}{
		{"won", new(sente.Value)},
		{"third", new(sente.Player)},
		{"float", new(sente.Kind)},
		{"win", new(sente.Outcome)},
		{"draw in 3", new(sente.Outcome)},
		{"lose in -1", new(sente.Outcome)},
		{"lose in many", new(sente.Outcome)},
	}
	for _, c := range cases {
		if err := c.into.UnmarshalText([]byte(c.text)); err == nil {
			t.Errorf("%T.UnmarshalText(%q) accepted it", c.into, c.text)
		}
	}
	if _, err := sente.Value(99).MarshalText(); err == nil {
		t.Error("Value(99) has text")
	}
}

// A struct with these types encodes as the commands' JSON does.
func ExampleOutcome_MarshalText() {
	b, _ := json.Marshal(struct {
		Player  sente.Player  `json:"player"`
		Value   sente.Value   `json:"value"`
		Outcome sente.Outcome `json:"outcome"`
	}{sente.First, sente.Win, sente.Outcome{Value: sente.Win, Remoteness: 5}})
	fmt.Println(string(b))
	// Output: {"player":"first","value":"win","outcome":"win in 5"}
}
