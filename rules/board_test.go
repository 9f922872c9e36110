package rules_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/rules"
)

// TestBoard reads ttt.star's board(p): rows of one-character cells with
// the labels moves use.
func TestBoard(t *testing.T) {
	g := mustOpen(t, "testdata/ttt.star", "")
	bd := sente.CapabilitiesOf(g).Boarder
	if bd == nil {
		t.Fatal("ttt.star defines board, but the game offers no Boarder")
	}
	p, err := g.ParsePosition(`"x...o...x"`)
	if err != nil {
		t.Fatal(err)
	}
	want := sente.Board{
		Style:     "grid",
		Cells:     [][]string{{"x", "", ""}, {"", "o", ""}, {"", "", "x"}},
		RowLabels: []string{"3", "2", "1"},
		ColLabels: []string{"a", "b", "c"},
	}
	if got := bd.Board(p); !reflect.DeepEqual(got, want) {
		t.Errorf("board\n got %+v\nwant %+v", got, want)
	}
	if sente.CapabilitiesOf(mustOpen(t, "testdata/nim.star", "")).Boarder != nil {
		t.Errorf("nim.star defines no board, but the game offers one")
	}
}

// TestBoardForms reads every form board(p) may return, and names the
// mistake in each wrong one.
func TestBoardForms(t *testing.T) {
	for _, tc := range []struct {
		body string
		want sente.Board
		err  string
	}{
		{body: `["x.", "-o"]`, want: sente.Board{Style: "grid", Cells: [][]string{{"x", ""}, {"", "o"}}}},
		{body: `(["X", ""], ("O", " "))`, want: sente.Board{Style: "grid", Cells: [][]string{{"x", ""}, {"o", ""}}}},
		{body: `{"rows": ["x"], "gravity": True, "caption": "one", "col_labels": ["1"]}`,
			want: sente.Board{Style: "grid", Cells: [][]string{{"x"}}, Gravity: true, Caption: "one", ColLabels: []string{"1"}}},
		{body: `{"rows": ["x.", ".o"], "moves": {"a": (0, 1), "b": ((1, 1), [0, 0])}}`,
			want: sente.Board{Style: "grid", Cells: [][]string{{"x", ""}, {"", "o"}}, Moves: []sente.BoardMove{
				{Name: "a", To: sente.BoardCell{Row: 0, Col: 1}},
				{Name: "b", From: &sente.BoardCell{Row: 1, Col: 1}, To: sente.BoardCell{Row: 0, Col: 0}},
			}}},
		{body: `{"rows": ["x"], "moves": {}}`, want: sente.Board{Style: "grid", Cells: [][]string{{"x"}}, Moves: []sente.BoardMove{}}},
		{body: `{"rows": ["x"], "moves": [(0, 0)]}`, err: `returned moves = [(0, 0)]; want a move's name mapped to its cell (row, column)`},
		{body: `{"rows": ["x"], "moves": {1: (0, 0)}}`, err: `returned moves with the key 1; want a move's name`},
		{body: `{"rows": ["x"], "moves": {"a": (0, 0, 0)}}`, err: `returned the move "a" at (0, 0, 0); want a move's name`},
		{body: `{"rows": ["x."], "moves": {"a": (1, 0)}}`, err: `returned the move "a" at (1, 0), not on the board of 1 rows`},
		{body: `{"rows": ["x."], "moves": {"a": ((0, 0), (0, 2))}}`, err: `returned the move "a" at ((0, 0), (0, 2)), not on the board`},
		{body: `{"rows": ["x."], "moves": {"a": ("0", 0)}}`, err: `returned the move "a" at ("0", 0), not on the board`},
		{body: `"x.o"`, err: `board(0): returned "x.o"; want a list of rows`},
		{body: `[]`, err: `returned []; want a list of rows`},
		{body: `["xq"]`, err: `returned the cell "q" in row 1, column 2; want "x" or "o" for a player's mark`},
		{body: `[1]`, err: `returned the row 1 1; want a list of rows`},
		{body: `{"cells": ["x"]}`, err: `returned a dict with the key "cells"`},
		{body: `{"gravity": True}`, err: `returned a dict without "rows"`},
		{body: `{"rows": ["x"], "gravity": 1}`, err: `returned gravity = 1; want True or False`},
		{body: `{"rows": ["x"], "caption": 1}`, err: `returned caption = 1; want a string`},
		{body: `{"rows": ["x"], "row_labels": "1"}`, err: `returned row_labels = "1"; want a list of strings`},
		{body: `{"rows": ["x", "o"], "row_labels": ["1"]}`, err: `returned 1 row_labels for 2 rows`},
		{body: `{"rows": ["x", "oo"], "col_labels": ["1"]}`, err: `returned 1 col_labels for 2 columns`},
	} {
		path := write(t, "b.star", "def start():\n    return 0\ndef moves(p):\n    return []\ndef turn(p):\n    return \"first\"\ndef board(p):\n    return "+tc.body+"\n")
		g := mustOpen(t, path, "")
		got := sente.CapabilitiesOf(g).Boarder.Board(g.Start())
		err := sente.CapabilitiesOf(g).Err()
		if tc.err == "" {
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: got %+v, %v; want %+v", tc.body, got, err, tc.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v; want one containing %q", tc.body, err, tc.err)
		}
		// Check asks board(p) too, so a person writing a file meets the
		// mistake before the browser app does.
		rg, _ := rules.Of(mustOpen(t, path, ""))
		if _, err := rg.Check(context.Background(), 0); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: Check: %v; want an error containing %q", tc.body, err, tc.err)
		}
	}
}

// TestBoardMovesCheck: Check fails a file whose board(p) places a move
// that moves(p) does not list, naming it.
func TestBoardMovesCheck(t *testing.T) {
	for _, tc := range []struct{ moves, err string }{
		{`{"go": (0, 0)}`, ""},
		{`{"go": (0, 0), "stay": (0, 0)}`, `returned moves with "stay", which is not a move of the position`},
	} {
		path := write(t, "m.star", "def start():\n    return 0\ndef moves(p):\n    return [(\"go\", 1)] if p == 0 else []\ndef turn(p):\n    return \"first\"\ndef board(p):\n    return {\"rows\": [\"x\"], \"moves\": "+tc.moves+" if p == 0 else {}}\n")
		rg, _ := rules.Of(mustOpen(t, path, ""))
		_, err := rg.Check(context.Background(), 0)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("moves %s: Check: %v; want %q", tc.moves, err, tc.err)
		}
	}
}
