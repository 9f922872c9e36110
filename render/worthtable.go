package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/sente-go/sente/explain"
)

// WorthColumns are the columns of a family's values after the parameter's
// own: the member's spec, its start's canonical form in CGSuite's notation
// and in the books' symbols, outcome class (L, R, N, P), mean and
// temperature. The names are those of the JSON vocabulary.
var WorthColumns = []string{"game", "canonical", "symbols", "outcome_class", "mean", "temperature"}

// WriteWorthTable writes a family's values over the parameter param in
// format, as WriteTable writes a solution's positions:
//
//   - csv: a header line (param, then WorthColumns), then one line a
//     member (RFC 4180 quoting, \n line ends).
//   - json: an array of objects, one a line, each a result of the JSON
//     vocabulary (param_values and the columns).
//   - jsonl: the same objects, one a line.
func WriteWorthTable(w io.Writer, format, param string, rows []explain.WorthRow) error {
	if format != "csv" && format != "json" && format != "jsonl" {
		return fmt.Errorf("unknown table format %q (want csv, json or jsonl)", format)
	}
	bw := bufio.NewWriter(w)
	var buf []byte
	switch format {
	case "csv":
		buf = appendCSVField(buf, param)
		for _, c := range WorthColumns {
			buf = append(append(buf, ','), c...)
		}
		buf = append(buf, '\n')
	case "json":
		buf = append(buf, '[')
	}
	for i, r := range rows {
		j := r.JSON(param)
		switch format {
		case "csv":
			buf = fmt.Appendf(buf, "%d", r.Param)
			for _, f := range []string{j.Game, j.Canonical, j.Symbols, j.OutcomeClass, j.Mean, j.Temperature} {
				buf = appendCSVField(append(buf, ','), f)
			}
		default:
			if format == "json" {
				if i > 0 {
					buf = append(buf, ',')
				}
				buf = append(buf, '\n')
			}
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false) // canonical forms are read as they are written: {1|<...}
			if err := enc.Encode(j); err != nil {
				return err
			}
			buf = append(buf, bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
		}
		if format != "json" {
			buf = append(buf, '\n')
		}
	}
	if format == "json" {
		if len(rows) > 0 {
			buf = append(buf, '\n')
		}
		buf = append(buf, "]\n"...)
	}
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	return bw.Flush()
}
