package games_test

import (
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
)

// A catalogue takes a program's own families beside the built-in ones:
// its Open, the command line (package cli) and the browser app (package
// web) given it then make the game from a spec by name. A family may be a
// game written in Go (see the example of sente.Game), or, as here, a name
// for a built-in game in a form of one's own.
func ExampleCatalog_Add() {
	catalog := &games.Catalog{}
	err := catalog.Add(sente.Family{
		Name:    "treblecross",
		Summary: "treblecross: one-dimensional tic-tac-toe, octal 0.007 on one heap",
		Params:  []sente.Param{{Name: "n", Doc: "the cells of the row", Kind: sente.Int, Default: "10", Min: 1, Max: 100}},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return games.New(fmt.Sprintf("octal:0.007,n=%d", v.Int("n")))
		},
	})
	fmt.Println("added:", err)
	g, err := catalog.Open("treblecross:n=5")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("start:", g.FormatPosition(g.Start()))

	// A name is the program's own: a built-in game's is refused.
	fmt.Println(catalog.Add(sente.Family{Name: "nim", New: func(sente.ParamValues) (sente.Game, error) { return nil, nil }}))
	// Output:
	// added: <nil>
	// start: 5 first
	// games: cannot add a family named "nim": a built-in game has that name; choose another
}
