package games

import (
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// A program's own family joins a catalogue, by name, beside the built-in
// ones; a name that cannot be one or that is taken is refused in one line.
func TestCatalogAdd(t *testing.T) {
	own := func(name string) Family {
		return Family{Name: name, Summary: "a game of the program's own",
			Params: []sente.Param{{Name: "n", Kind: sente.Int, Default: "5", Min: 0, Max: 9}},
			New: func(v sente.ParamValues) (sente.Game, error) {
				return New("nim:heaps=" + strings.Repeat("1/", v.Int("n")) + "1")
			}}
	}
	var c Catalog
	if err := c.Add(own("mine")); err != nil {
		t.Fatalf("Add(mine) = %v", err)
	}
	for _, tc := range []struct {
		family Family
		want   string // in the error
	}{
		{own(""), `named "": a name is 1 to 40 lower-case letters`},
		{own("Mine"), `named "Mine"`},
		{own("my game"), `named "my game"`},
		{own("mine.star"), `named "mine.star"`},
		{own("mine:n=3"), `named "mine:n=3"`},
		{own(strings.Repeat("a", 41)), "1 to 40"},
		{own("rules"), "kept for pasted rules files"},
		{own("connect4"), `"connect4": a built-in game has that name`},
		{own("mine"), `the family "mine" twice`},
		{Family{Name: "nonew"}, "no New"},
		{func() Family { f := own("baddefault"); f.Params[0].Default = "12"; return f }(), "defaults"},
	} {
		err := c.Add(tc.family)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Add(%q) = %v, want one line with %q", tc.family.Name, err, tc.want)
		}
	}
	g, err := c.Open("mine:n=2")
	if err != nil {
		t.Fatalf("Open(mine:n=2) = %v", err)
	}
	if got := g.FormatPosition(g.Start()); got == "" {
		t.Errorf("the added game's start prints as nothing")
	}
	if _, err := c.Open("connect4:w=4,h=4"); err != nil {
		t.Errorf("a built-in game beside an added one: %v", err)
	}
	if _, err := c.Family("mien"); err == nil || !strings.Contains(err.Error(), `did you mean mine?`) {
		t.Errorf("a misspelt added name: %v, want a suggestion of it", err)
	}
	names := map[string]bool{}
	for _, f := range c.Families() {
		names[f.Name] = true
	}
	if !names["mine"] || !names["connect4"] || len(names) != len(All())+1 {
		t.Errorf("Families() = %d names, mine %v, connect4 %v; want the built-ins and mine", len(names), names["mine"], names["connect4"])
	}
	// Another catalogue, and the package's functions, do not see it.
	if _, err := New("mine"); err == nil {
		t.Errorf("New(mine) opened a family added to another catalogue")
	}
	if _, err := (&Catalog{}).Family("mine"); err == nil {
		t.Errorf("a fresh catalogue has a family added to another")
	}
}
