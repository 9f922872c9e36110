package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/web"
)

// squares is a game of one's own (see the example of sente.Game for one
// written out and explained): a heap of tokens, each move takes a square
// number of them (1, 4, 9, ...), and whoever takes the last one wins.
type squares struct{ n int }

type heap struct {
	Tokens int
	Turn   sente.Player
}

func (g squares) Start() sente.Position { return heap{g.n, sente.First} }

func (squares) Moves(p sente.Position) []sente.Move {
	h := p.(heap)
	var moves []sente.Move
	for k := 1; k*k <= h.Tokens; k++ {
		moves = append(moves, sente.Move{Name: strconv.Itoa(k * k), To: heap{h.Tokens - k*k, h.Turn.Other()}})
	}
	return moves
}

func (squares) Ended(p sente.Position) (sente.Value, bool) {
	return sente.Lose, p.(heap).Tokens == 0
}

func (squares) Turn(p sente.Position) sente.Player { return p.(heap).Turn }

func (squares) FormatPosition(p sente.Position) string {
	return fmt.Sprintf("%d/%s", p.(heap).Tokens, p.(heap).Turn)
}

func (squares) ParsePosition(s string) (sente.Position, error) {
	tokens, player, _ := strings.Cut(s, "/")
	n, err := strconv.Atoi(tokens)
	turn, errTurn := sente.ParsePlayer(player)
	if err != nil || errTurn != nil || n < 0 {
		return nil, fmt.Errorf("position %q: want TOKENS/PLAYER, as 10/first", s)
	}
	return heap{n, turn}, nil
}

// A server offers the games of the catalogue it is given (Config.Games):
// a family added to it is listed beside the built-in games, on the page
// and at /api/games, and is played and solved by name as they are.
func ExampleConfig_games() {
	catalog := &games.Catalog{}
	err := catalog.Add(sente.Family{
		Name:    "squares",
		Summary: "subtract a square: take 1, 4, 9, ... tokens; whoever takes the last one wins",
		Params:  []sente.Param{{Name: "n", Doc: "the tokens at the start", Kind: sente.Int, Default: "20", Min: 0, Max: 10000}},
		New:     func(v sente.ParamValues) (sente.Game, error) { return squares{v.Int("n")}, nil },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := web.New(web.Config{Games: catalog, Moment: 10 * time.Second, Logf: func(string, ...any) {}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()

	var list []struct{ Name, Title string }
	if err := get(ts.URL+"/api/games", &list); err != nil {
		fmt.Println(err)
		return
	}
	for _, g := range list {
		if g.Name == "squares" || g.Name == "connect4" {
			fmt.Println("listed:", g.Name, "-", g.Title)
		}
	}

	q := url.Values{"game": {"squares:n=11"}, "pos": {"11/first"}}
	var info web.PositionInfo
	for info.Status != "ready" {
		if err := get(ts.URL+"/api/position?"+q.Encode(), &info); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(info.Verdict)
	for _, m := range info.Moves {
		fmt.Printf("take %s: %s\n", m.Move, m.Words)
	}
	// Output:
	// listed: connect4 - Connect four
	// listed: squares - Subtract a square
	// The first player is winning: they can force a win in 3 moves.
	// take 9: wins in 3 plies
	// take 1: wins in 5 plies
	// take 4: wins in 5 plies
}

// get asks the server and reads its JSON answer into v.
func get(address string, v any) error {
	resp, err := http.Get(address)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", address, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}
