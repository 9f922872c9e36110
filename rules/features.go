package rules

// The file's features: numeric measures of positions for pictures.

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// FeatureNames returns the names of the file's features, in its order.
// With Feature, it makes the game sente.Measured when the file has
// features.
func (g *Game) FeatureNames() []string {
	names := make([]string, len(g.sh.features))
	for i, f := range g.sh.features {
		names[i] = printable(f.key, false)
	}
	return names
}

// Feature returns features[name](p), which must be an int.
func (g *Game) Feature(name string, p sente.Position) (int, error) {
	var fn *function
	for _, f := range g.sh.features {
		if printable(f.key, false) == name {
			fn = f
		}
	}
	if fn == nil {
		return 0, fmt.Errorf("%s has no feature %q (features: %s)", g.rs.path, name, strings.Join(g.FeatureNames(), ", "))
	}
	key, ok := g.keyOf(p)
	if !ok {
		return 0, g.Err()
	}
	v := decode(g.tab.encoding(g.tab.entry(key)))
	w := g.getWorker()
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return 0, g.Err()
	}
	g.putWorker(w)
	n, isInt := int64(0), false
	if i, ok := r.(starlark.Int); ok {
		n, isInt = i.Int64()
	}
	if !isInt || int64(int(n)) != n {
		e := g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s; want an int", repr(r)))
		g.fail(e)
		return 0, e
	}
	return int(n), nil
}
