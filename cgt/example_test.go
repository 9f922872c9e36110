package cgt_test

import (
	"context"
	"fmt"

	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/games"
)

// The value of Domineering on a board three wide and two high, in the
// theory's terms: a switch, and how hot it is.
func ExampleValueOf() {
	g, err := games.New("domineering:w=3,h=2")
	if err != nil {
		panic(err)
	}
	v, err := cgt.ValueOf(context.Background(), g, g.Start())
	if err != nil {
		panic(err)
	}
	fmt.Println(v, "mean", v.Mean(), "temperature", v.Temperature())
	// Output: {2|-1/2} mean 3/4 temperature 5/4
}

// Games written in the theory's notation add up, and their sum has a
// canonical form.
func ExampleSum() {
	star, up := cgt.MustParse("*"), cgt.MustParse("^")
	fmt.Println(cgt.Sum(star, star), cgt.Sum(up, star), cgt.Sum(up, up, star).Outcome())
	// Output: 0 ^* L
}
