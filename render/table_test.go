package render_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/render"
)

func writeTable(t *testing.T, format string, tb render.Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := render.WriteTable(context.Background(), &buf, format, tb); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Tic-tac-toe's table, in every format, parses back: 5478 rows.
func TestTableFormats(t *testing.T) {
	sol := solved(t, "tictactoe")
	tb := render.SolutionTable(sol, render.TableOptions{Best: true})
	want := []string{"position", "turn", "value", "winner", "remoteness", "move_count", "best_moves"}
	if got := tb.Columns(); !slices.Equal(got, want) {
		t.Fatalf("columns %v, want %v", got, want)
	}
	root := sol.Game().FormatPosition(sol.Root())

	t.Run("csv", func(t *testing.T) {
		records, err := csv.NewReader(bytes.NewReader(writeTable(t, "csv", tb))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(records[0], want) {
			t.Fatalf("header %v, want %v", records[0], want)
		}
		if len(records)-1 != 5478 {
			t.Fatalf("%d rows, want 5478", len(records)-1)
		}
		start := records[1]
		if start[0] != root || start[1] != "first" || start[2] != "tie" || start[3] != "none" || start[4] != "9" || start[5] != "9" {
			t.Errorf("first row %v, want the empty board, a tie in 9 with 9 moves", start)
		}
		if len(strings.Fields(start[6])) != 9 {
			t.Errorf("best moves from the start %q: every move ties", start[6])
		}
	})
	t.Run("json", func(t *testing.T) {
		var rows []map[string]any
		if err := json.Unmarshal(writeTable(t, "json", tb), &rows); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 5478 {
			t.Fatalf("%d rows, want 5478", len(rows))
		}
		checkJSONRow(t, rows[0], want, root)
	})
	t.Run("jsonl", func(t *testing.T) {
		sc := bufio.NewScanner(bytes.NewReader(writeTable(t, "jsonl", tb)))
		n := 0
		for sc.Scan() {
			var row map[string]any
			if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
				t.Fatalf("line %d: %v", n+1, err)
			}
			if n == 0 {
				checkJSONRow(t, row, want, root)
			}
			n++
		}
		if n != 5478 {
			t.Fatalf("%d lines, want 5478", n)
		}
	})
	if err := render.WriteTable(context.Background(), io.Discard, "xml", tb); err == nil || !strings.Contains(err.Error(), "csv, json or jsonl") {
		t.Errorf("format xml: %v", err)
	}
}

func checkJSONRow(t *testing.T, row map[string]any, cols []string, root string) {
	t.Helper()
	var keys []string
	for k := range row {
		keys = append(keys, k)
	}
	if !sameSet(keys, cols) {
		t.Errorf("keys %v, want %v", keys, cols)
	}
	if row["position"] != root || row["value"] != "tie" || row["remoteness"] != 9.0 || row["move_count"] != 9.0 {
		t.Errorf("first row %v", row)
	}
	if best, ok := row["best_moves"].([]any); !ok || len(best) != 9 {
		t.Errorf("best_moves %v, want 9 moves", row["best_moves"])
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// Seed 004's table, with Grundy values: golden files.
func TestTableGolden(t *testing.T) {
	sol := solved(t, "count:lose=6")
	vals, err := nimber.Grundy(context.Background(), sol.Game(), nil, nimber.Options{})
	if err != nil {
		t.Fatal(err)
	}
	grundy := vals.Nimbers()
	for _, tc := range []struct {
		name, format string
		opt          render.TableOptions
	}{
		{"count6.csv", "csv", render.TableOptions{Grundy: grundy, Best: true}},
		{"count6.json", "json", render.TableOptions{Grundy: grundy, Best: true}},
		{"count6.jsonl", "jsonl", render.TableOptions{Grundy: grundy}},
		{"count6-plain.csv", "csv", render.TableOptions{}},
		{"chopsticks-draws.csv", "csv", render.TableOptions{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := sol
			if strings.HasPrefix(tc.name, "chopsticks") {
				s = solved(t, "chopsticks")
			}
			got := writeTable(t, tc.format, render.SolutionTable(s, tc.opt))
			if strings.HasPrefix(tc.name, "chopsticks") {
				// Only the head: draws have no remoteness.
				got = []byte(strings.Join(strings.SplitAfterN(string(got), "\n", 12)[:11], ""))
			}
			golden(t, tc.name, got)
		})
	}
}

// Fields that need it are quoted and escaped, and parse back.
func TestTableEscaping(t *testing.T) {
	rows := []render.Row{
		{Position: `a,b "c"`, Turn: sente.First, Outcome: sente.Outcome{Value: sente.Win, Remoteness: 1}, Grundy: nimber.Infinity(0, 2), GrundyKnown: true, Moves: 1, Best: []string{"x,y", `z"`}},
		{Position: " lead\nline\x01\u2028", Turn: sente.Second, Outcome: sente.Outcome{Value: sente.Draw}, Moves: 2, Best: []string{"a", "b"}},
		{Position: "bad \xff", Turn: sente.Second, Outcome: sente.Outcome{Value: sente.Lose}, GrundyKnown: true},
		{Position: "no way on", Turn: sente.Second, Outcome: sente.Outcome{Value: sente.Draw}, Grundy: nimber.Infinity(), GrundyKnown: true},
	}
	tb := render.Table{Grundy: true, Best: true, Rows: func(yield func(*render.Row) bool) error {
		for i := range rows {
			if !yield(&rows[i]) {
				break
			}
		}
		return nil
	}}
	records, err := csv.NewReader(bytes.NewReader(writeTable(t, "csv", tb))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if records[1][0] != rows[0].Position || records[1][5] != "∞{0,2}" || records[1][7] != `x,y z"` {
		t.Errorf("row 1: %q", records[1])
	}
	if records[2][0] != rows[1].Position || records[2][4] != render.NoRemoteness || records[2][3] != "none" {
		t.Errorf("row 2: %q", records[2])
	}
	var parsed []struct {
		Position   string
		Remoteness *int
		Grundy     any
		Infinite   []int    `json:"grundy_infinite"`
		Best       []string `json:"best_moves"`
	}
	if err := json.Unmarshal(writeTable(t, "json", tb), &parsed); err != nil {
		t.Fatal(err)
	}
	if parsed[0].Position != rows[0].Position || parsed[0].Grundy != nil || !slices.Equal(parsed[0].Infinite, []int{0, 2}) || !slices.Equal(parsed[0].Best, rows[0].Best) {
		t.Errorf("row 1: %+v", parsed[0])
	}
	if parsed[1].Position != rows[1].Position || parsed[1].Remoteness != nil {
		t.Errorf("row 2: %+v", parsed[1])
	}
	if parsed[2].Position != "bad \uFFFD" || parsed[2].Grundy != 0.0 || parsed[2].Infinite != nil {
		t.Errorf("row 3: %+v", parsed[2])
	}
	if parsed[3].Grundy != nil || parsed[3].Infinite == nil || len(parsed[3].Infinite) != 0 {
		t.Errorf("row 4: %+v, want grundy null and grundy_infinite []", parsed[3])
	}
	empty := render.Table{Rows: func(func(*render.Row) bool) error { return nil }}
	if got := string(writeTable(t, "json", empty)); got != "[]\n" {
		t.Errorf("empty JSON table %q", got)
	}
}

// fakeRows yields n rows without allocating, one Row reused.
func fakeRows(n int) render.Table {
	return render.Table{Best: true, Rows: func(yield func(*render.Row) bool) error {
		row := render.Row{Position: "x.o/.x./..o", Turn: sente.First, Best: []string{"a1", "b2"}}
		for i := range n {
			row.Outcome = sente.Outcome{Value: sente.Value(1 + i%4), Remoteness: i % 50}
			row.Moves = i % 9
			if !yield(&row) {
				return nil
			}
		}
		return nil
	}}
}

// The writer holds no rows: writing a million costs no more memory than a
// few, and no allocation per row.
func TestTableStreams(t *testing.T) {
	for _, format := range render.TableFormats {
		allocs := testing.AllocsPerRun(3, func() {
			if err := render.WriteTable(context.Background(), io.Discard, format, fakeRows(10000)); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 20 {
			t.Errorf("%s: %.0f allocations for 10000 rows; want a few, not one a row", format, allocs)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := render.WriteTable(context.Background(), io.Discard, format, fakeRows(1_000_000)); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("%s: a million rows allocated %d bytes; want under 1 MiB", format, grew)
		}
	}
}

// A failing writer or a cancelled context stops the stream early.
func TestTableStops(t *testing.T) {
	yielded := 0
	tb := fakeRows(1_000_000)
	rows := tb.Rows
	tb.Rows = func(yield func(*render.Row) bool) error {
		return rows(func(r *render.Row) bool { yielded++; return yield(r) })
	}
	boom := errors.New("disk full")
	err := render.WriteTable(context.Background(), failWriter{boom}, "csv", tb)
	if !errors.Is(err, boom) {
		t.Errorf("err = %v, want %v", err, boom)
	}
	if yielded > 100_000 {
		t.Errorf("%d rows made after the writer failed", yielded)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := render.WriteTable(ctx, io.Discard, "jsonl", fakeRows(10)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	fail := render.Table{Rows: func(func(*render.Row) bool) error { return boom }}
	if err := render.WriteTable(context.Background(), io.Discard, "json", fail); !errors.Is(err, boom) {
		t.Errorf("a failing source: %v", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }
