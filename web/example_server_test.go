package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"time"

	"github.com/sente-go/sente/web"
)

// A server is an http.Handler: here it runs under httptest and is asked
// about one position of a game from the catalogue, as the page asks it.
// The first answers may say "solving" while the game is solved in the
// background; the page asks again until the status is "ready".
//
// The server takes its games by name, from its catalogue (GET /api/games
// lists them; see the example of Config.Games for a game of one's own), or
// as a rules file pasted with POST /api/rules.
func ExampleServer() {
	// Moment is how long a request waits for a solve before it answers
	// "solving"; this game takes a millisecond.
	s, err := web.New(web.Config{Moment: 10 * time.Second, Logf: func(string, ...any) {}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()

	q := url.Values{"game": {"subtraction:n=10"}, "pos": {"10 first"}}
	var info web.PositionInfo
	for info.Status != "ready" {
		resp, err := http.Get(ts.URL + "/api/position?" + q.Encode())
		if err != nil {
			fmt.Println(err)
			return
		}
		err = json.NewDecoder(resp.Body).Decode(&info)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			fmt.Println(resp.Status, err)
			return
		}
	}
	fmt.Println(info.Verdict)
	for _, m := range info.Moves {
		fmt.Printf("%s %s\n", m.Move, m.Words)
	}
	// Output:
	// The first player is winning: they can force a win in 5 moves.
	// 10-2 wins in 5 plies
	// 10-1 loses in 6 plies
	// 10-3 loses in 4 plies
}
