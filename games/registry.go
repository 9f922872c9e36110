package games

import (
	"fmt"
	"regexp"
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

// Lookup finds a built-in family by name. Its error suggests close names.
func Lookup(name string) (Family, error) {
	return lookupIn(name, All())
}

// lookupIn finds a family by name in list, sorted by name; its error
// suggests close names and lists them all.
func lookupIn(name string, list []Family) (Family, error) {
	for _, f := range list {
		if f.Name == name {
			return f, nil
		}
	}
	msg := fmt.Sprintf("unknown game %q", name)
	if close := closeNames(name, list); len(close) > 0 {
		msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(close, " or "))
	}
	var names []string
	for _, f := range list {
		names = append(names, f.Name)
	}
	return Family{}, fmt.Errorf("%s; games: %s", msg, strings.Join(names, ", "))
}

// familyName is what a family added to a catalogue may be called: a name
// a spec, a file name and a URL carry as they are, that no rules file's
// name (NAME.star) and no parameter list (NAME:...) can be mistaken for.
var familyName = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,39}$`)

// Add gives the catalogue a family of the program's own, beside the
// built-in ones: the command line and the browser app then list it, open
// it by name and solve it as they do a built-in game. It refuses, in one
// line, a family whose name is empty or not lower-case letters, digits, '-'
// and '_' (starting with a letter, at most 40), a name a built-in family or
// an earlier Add has, a family without New, and parameters whose defaults
// do not bind.
func (c *Catalog) Add(f Family) error {
	if !familyName.MatchString(f.Name) {
		return fmt.Errorf("games: cannot add a family named %q: a name is 1 to 40 lower-case letters, digits, '-' or '_', starting with a letter", f.Name)
	}
	if f.Name == "rules" {
		// The browser app names a pasted rules file rules:ID.
		return fmt.Errorf("games: cannot add a family named %q: the name is kept for pasted rules files", f.Name)
	}
	if _, builtin := registry[f.Name]; builtin {
		return fmt.Errorf("games: cannot add a family named %q: a built-in game has that name; choose another", f.Name)
	}
	if f.New == nil {
		return fmt.Errorf("games: cannot add the family %q: it has no New to make its game", f.Name)
	}
	if _, err := sente.Bind(f.Name, f.Params, nil); err != nil {
		return fmt.Errorf("games: cannot add the family %q: its parameters' defaults: %v", f.Name, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, dup := c.added[f.Name]; dup {
		return fmt.Errorf("games: cannot add the family %q twice", f.Name)
	}
	if c.added == nil {
		c.added = map[string]Family{}
	}
	c.added[f.Name] = f
	return nil
}

// Families returns the catalogue's families, built-in and added, sorted by
// name.
func (c *Catalog) Families() []Family {
	list := All()
	c.mu.Lock()
	for _, f := range c.added {
		list = append(list, f)
	}
	c.mu.Unlock()
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list
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

// closeNames returns the names in list within a small edit distance of name,
// or that start with it.
func closeNames(name string, list []Family) []string {
	var close []string
	for _, f := range list {
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
