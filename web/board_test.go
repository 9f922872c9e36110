package web

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestRulesFileBoard: a pasted rules file that defines board(p) gets the
// same grid in the page as the built-in tic-tac-toe, the cell of each move
// found by comparing boards, though its game runs in a child process.
func TestRulesFileBoard(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	src, err := os.ReadFile("../rules/testdata/ttt.star")
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(string(src))))
	var m map[string]any
	json.Unmarshal(rec.Body.Bytes(), &m)
	spec, _ := m["spec"].(string)
	if rec.Code != 200 || spec == "" {
		t.Fatalf("POST ttt.star: %d %s", rec.Code, rec.Body)
	}
	for _, pos := range [][2]string{{"", ""}, {`"x...o...."`, "x../.o./..."}} {
		got := ready(t, h, spec, pos[0]).Board
		want := ready(t, h, "tictactoe", pos[1]).Board
		if got == nil || got.Kind != "grid" || !reflect.DeepEqual(got, want) {
			t.Errorf("ttt.star at %q: board\n%+v\nwant the built-in tic-tac-toe's\n%+v", pos[0], got, want)
		}
	}
	// A file without board has none: the page shows its text form.
	src, err = os.ReadFile("../examples/count.star")
	if err != nil {
		t.Fatal(err)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(string(src))))
	json.Unmarshal(rec.Body.Bytes(), &m)
	if b := ready(t, h, m["spec"].(string), "").Board; b != nil {
		t.Errorf("count.star: board %+v, want none", b)
	}
}

// TestExampleTicTacToeBoard: examples/tictactoe.star draws the built-in
// tic-tac-toe's board, at other sizes too.
func TestExampleTicTacToeBoard(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	src, err := os.ReadFile("../examples/tictactoe.star")
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(string(src))))
	var m map[string]any
	json.Unmarshal(rec.Body.Bytes(), &m)
	spec, _ := m["spec"].(string)
	if rec.Code != 200 || spec == "" {
		t.Fatalf("POST tictactoe.star: %d %s", rec.Code, rec.Body)
	}
	got := ready(t, h, spec+":m=2,n=3,k=2", "").Board
	want := ready(t, h, "tictactoe:m=2,n=3,k=2", "").Board
	if got == nil || !reflect.DeepEqual(got, want) {
		t.Errorf("tictactoe.star:m=2,n=3,k=2: board\n%+v\nwant\n%+v", got, want)
	}
}
