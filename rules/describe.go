package rules

// What `sente describe` prints, from the file's docstring.

import (
	"fmt"
	"strings"

	"github.com/sente-go/sente"
)

// Describe documents the game from the file's docstring.
func (g *Game) Describe() sente.Description {
	start := g.FormatPosition(g.Start())
	d := sente.Description{Summary: g.rs.summary, Rules: g.rs.rules}
	if d.Rules == "" {
		d.Rules = "The rules file " + g.rs.path + " has no docstring beyond its first line."
	}
	if g.fn.show != nil {
		d.Position = fmt.Sprintf("Positions are written as the file's show(p) writes them and read by its parse(s). The start is %q.", start)
	} else {
		d.Position = fmt.Sprintf("Positions are Starlark literals, as the file's functions make them: ints, strings, True, False, None and tuples of those. The start is %s.", start)
	}
	d.Examples = []string{g.rs.path}
	if len(g.rs.params) > 0 {
		parts := make([]string, len(g.rs.params))
		for i, p := range g.rs.params {
			parts[i] = p.Name + "=" + p.Default
		}
		d.Examples = append(d.Examples, g.rs.path+":"+strings.Join(parts, ","))
	}
	return d
}
