package cli

import (
	"encoding/json"
	"io"
)

// The JSON every command writes is explain's (explain/json.go): one
// vocabulary, set down in the README ("JSON output") and checked by
// TestJSONSchema, which the browser app speaks too.

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
