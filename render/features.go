package render

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// Features returns the features of the positions of sol's game to draw a
// table by (see TablePicture): a game's own (sente.Featured), or those it
// measures a position at a time (sente.Measured: a rules file's), whose
// range is read off the solved positions. A measured feature that fails,
// or is negative, at a position is an error naming the position. Misère
// play keeps the game's features, as it keeps its positions.
func Features(g sente.Game, sol solve.Solution) ([]sente.Feature, error) {
	c := sente.CapabilitiesOf(g)
	if f := c.Featured; f != nil && f.Features() != nil {
		return f.Features(), nil
	}
	file := c.Measured
	if file == nil {
		return nil, nil
	}
	var features []sente.Feature
	for _, name := range file.FeatureNames() {
		size := 0
		var ferr error
		sol.Each(func(p sente.Position, _ sente.Outcome) bool {
			v, err := file.Feature(name, p)
			if err != nil || v < 0 {
				ferr = fmt.Errorf("feature %s of %s: %v", name, g.FormatPosition(p), err)
				if err == nil {
					ferr = fmt.Errorf("feature %s of %s is %d; features are whole numbers from 0", name, g.FormatPosition(p), v)
				}
				return false
			}
			size = max(size, v+1)
			return true
		})
		if ferr != nil {
			return nil, ferr
		}
		features = append(features, sente.Feature{
			Name: name,
			Doc:  "the feature " + name + " the game measures",
			Of: func(p sente.Position) int {
				v, _ := file.Feature(name, p)
				return v
			},
			Size: size,
		})
	}
	return features, nil
}

// ErrFewFeatures says that a game names fewer than two features, too few
// for a table by features.
var ErrFewFeatures = errors.New("fewer than two features")

// NoFeatureError says that a game has no feature of a name.
type NoFeatureError struct {
	Name string
	Have []string // the names of the game's features
}

func (e *NoFeatureError) Error() string {
	return fmt.Sprintf("no feature %q (features: %s)", e.Name, strings.Join(e.Have, ", "))
}

// TableAxes chooses the features along the rows and the columns of a table
// (see TablePicture) by their names; an empty name means the first feature
// for the rows and the second for the columns.
func TableAxes(features []sente.Feature, rows, cols string) (sente.Feature, sente.Feature, error) {
	if len(features) < 2 {
		return sente.Feature{}, sente.Feature{}, ErrFewFeatures
	}
	find := func(name string, fallback int) (sente.Feature, error) {
		if name == "" {
			return features[fallback], nil
		}
		var names []string
		for _, f := range features {
			if f.Name == name {
				return f, nil
			}
			names = append(names, f.Name)
		}
		return sente.Feature{}, &NoFeatureError{Name: name, Have: names}
	}
	r, err := find(rows, 0)
	if err != nil {
		return r, r, err
	}
	c, err := find(cols, 1)
	return r, c, err
}
