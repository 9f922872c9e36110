package games

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sente-go/sente"
)

// Family is one entry of the catalogue: a game with parameters.
type Family = sente.Family

var registry = map[string]Family{}

// register adds a family to the catalogue; each family file calls it from init.
func register(f Family) {
	if _, dup := registry[f.Name]; dup {
		panic("games: family registered twice: " + f.Name)
	}
	registry[f.Name] = f
}

// All returns the catalogue sorted by name.
func All() []Family {
	list := make([]Family, 0, len(registry))
	for _, f := range registry {
		list = append(list, f)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list
}

// Lookup finds a family by name. Its error suggests close names.
func Lookup(name string) (Family, error) {
	if f, ok := registry[name]; ok {
		return f, nil
	}
	msg := fmt.Sprintf("unknown game %q", name)
	if close := closeNames(name); len(close) > 0 {
		msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(close, " or "))
	}
	var names []string
	for _, f := range All() {
		names = append(names, f.Name)
	}
	return Family{}, fmt.Errorf("%s; games: %s", msg, strings.Join(names, ", "))
}

// New makes a game from a spec such as "connect4:w=5,h=4" or
// "examples/count.star:lose=9": Default.Open.
func New(spec string) (sente.Game, error) {
	return Default.Open(spec)
}

// FromSpec makes a game from a parsed spec: Default.OpenSpec.
func FromSpec(s sente.Spec) (sente.Game, error) {
	return Default.OpenSpec(s)
}

// closeNames returns catalogue names within a small edit distance of name,
// or that start with it.
func closeNames(name string) []string {
	var close []string
	for _, f := range All() {
		if d := editDistance(strings.ToLower(name), f.Name); d <= 2 || (len(name) >= 3 && strings.HasPrefix(f.Name, strings.ToLower(name))) {
			close = append(close, f.Name)
		}
	}
	return close
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
