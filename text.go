package sente

import (
	"fmt"
	"strconv"
	"strings"
)

// Value, Player, Kind and Outcome speak text themselves
// (encoding.TextMarshaler and TextUnmarshaler), so that every command, the
// browser app and a library user's encoding/json write them one way: the
// words String gives, read back by the Parse functions.

func (v Value) MarshalText() ([]byte, error) {
	if int(v) >= len(valueNames) {
		return nil, fmt.Errorf("no text for %v", v)
	}
	return []byte(v.String()), nil
}

// UnmarshalText reads what MarshalText writes: win, lose, tie, draw or
// unknown.
func (v *Value) UnmarshalText(text []byte) error {
	if strings.EqualFold(string(text), Unknown.String()) {
		*v = Unknown
		return nil
	}
	parsed, err := ParseValue(string(text))
	if err != nil {
		return err
	}
	*v = parsed
	return nil
}

func (p Player) MarshalText() ([]byte, error) {
	if p > Nobody {
		return nil, fmt.Errorf("no text for %v", p)
	}
	return []byte(p.String()), nil
}

// UnmarshalText reads what MarshalText writes: first, second or none (and
// 1 or 2, as ParsePlayer does).
func (p *Player) UnmarshalText(text []byte) error {
	if strings.EqualFold(string(text), Nobody.String()) {
		*p = Nobody
		return nil
	}
	parsed, err := ParsePlayer(string(text))
	if err != nil {
		return fmt.Errorf("unknown player %q (want first, second or none)", text)
	}
	*p = parsed
	return nil
}

var kindNames = [...]string{Int: "int", Bool: "bool", Ints: "ints", Choice: "choice", Text: "text"}

// String names the kind as `sente describe --json` gives it.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind reads the names String gives: int, bool, ints, choice, text.
func ParseKind(s string) (Kind, error) {
	for k, name := range kindNames {
		if strings.EqualFold(s, name) {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown parameter kind %q (want %s)", s, strings.Join(kindNames[:], ", "))
}

func (k Kind) MarshalText() ([]byte, error) {
	if int(k) >= len(kindNames) {
		return nil, fmt.Errorf("no text for %v", k)
	}
	return []byte(k.String()), nil
}

func (k *Kind) UnmarshalText(text []byte) error {
	parsed, err := ParseKind(string(text))
	if err != nil {
		return err
	}
	*k = parsed
	return nil
}

// ParseOutcome reads what Outcome's String gives: "win in 3", "lose in 0",
// "tie in 2", "draw" or "unknown".
func ParseOutcome(s string) (Outcome, error) {
	word, plies, hasPlies := strings.Cut(strings.TrimSpace(s), " in ")
	var v Value
	if err := v.UnmarshalText([]byte(word)); err != nil {
		return Outcome{}, fmt.Errorf("outcome %q: %v", s, err)
	}
	switch {
	case (v == Draw || v == Unknown) && !hasPlies:
		return Outcome{Value: v}, nil
	case v == Draw || v == Unknown || !hasPlies:
		return Outcome{}, fmt.Errorf("outcome %q: want \"win in N\", \"lose in N\", \"tie in N\", \"draw\" or \"unknown\"", s)
	}
	n, err := strconv.Atoi(plies)
	if err != nil || n < 0 {
		return Outcome{}, fmt.Errorf("outcome %q: %q is not a number of plies", s, plies)
	}
	return Outcome{Value: v, Remoteness: n}, nil
}

func (o Outcome) MarshalText() ([]byte, error) {
	if _, err := o.Value.MarshalText(); err != nil {
		return nil, err
	}
	return []byte(o.String()), nil
}

func (o *Outcome) UnmarshalText(text []byte) error {
	parsed, err := ParseOutcome(string(text))
	if err != nil {
		return err
	}
	*o = parsed
	return nil
}
