package rules_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"sente"
	"sente/rules"
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
