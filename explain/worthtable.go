package explain

import (
	"context"
	"fmt"

	"github.com/sente-go/sente"
)

// WorthRow is the start of one member of a family, valued: the value of
// the parameter, the member's spec and its worth.
type WorthRow struct {
	Param int
	Spec  string
	// Region, in a table of regions (RegionTable), is the region's rows
	// from the top, / between them: . a cell in play, # one out of it.
	Region string
	Worth  *Worth
}

// WorthTable values the start of each member of a partizan family over
// the range r of one parameter (Domineering 2×n, say), each with at most
// maxComponents components (0: no bound). A member that is not partizan
// stops it with ErrNotPartizan, one past the bound with
// ErrTooManyComponents, each naming the member.
func WorthTable(ctx context.Context, open Opener, spec sente.Spec, r ParamRange, maxComponents int) ([]WorthRow, error) {
	rows := make([]WorthRow, 0, len(r.Values))
	for _, v := range r.Values {
		member := WithParam(spec, r.Name, v)
		g, err := open(member)
		if err != nil {
			return nil, err
		}
		if !sente.CapabilitiesOf(g).IsPartizan() {
			return nil, fmt.Errorf("%s: %w", member, ErrNotPartizan)
		}
		w, err := WorthOf(ctx, g, member.String(), g.Start(), maxComponents)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", member, err)
		}
		rows = append(rows, WorthRow{Param: v, Spec: member.String(), Worth: w})
	}
	return rows, nil
}

// WorthResultJSON is one member of a family valued, as JSON gives it: the
// parameter's value, the member's spec, its start's canonical form (in
// CGSuite's notation and the books' symbols), outcome class, mean and
// temperature.
type WorthResultJSON struct {
	ParamValues  map[string]int `json:"param_values"`
	Game         string         `json:"game"`
	Canonical    string         `json:"canonical"`
	Symbols      string         `json:"symbols"`
	OutcomeClass string         `json:"outcome_class"`
	Mean         string         `json:"mean"`
	Temperature  string         `json:"temperature"`
}

// WorthSequenceJSON is a family's values over one parameter.
type WorthSequenceJSON struct {
	Game    string            `json:"game"`
	Param   string            `json:"param"`
	From    int               `json:"from"`
	To      int               `json:"to"`
	Results []WorthResultJSON `json:"results"`
}

// JSON is the row as JSON gives it, the parameter named param.
func (r WorthRow) JSON(param string) WorthResultJSON {
	v := r.Worth.Value
	return WorthResultJSON{
		ParamValues: map[string]int{param: r.Param}, Game: r.Spec,
		Canonical: v.String(), Symbols: v.Pretty(), OutcomeClass: v.Outcome().String(),
		Mean: v.Mean().String(), Temperature: v.Temperature().String(),
	}
}
