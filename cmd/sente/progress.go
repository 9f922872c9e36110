package main

import (
	"fmt"
	"time"

	"sente/solve"
)

// progress shows how far a solve has come on stderr, when stderr is a
// terminal and the solve has run for more than a second.
type progress struct {
	e     *env
	start time.Time
	last  time.Time
	shown bool
}

func newProgress(e *env) *progress {
	return &progress{e: e, start: time.Now()}
}

func (p *progress) report(r solve.Progress) {
	if !p.e.tty {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	if r.Total > 0 {
		fmt.Fprintf(p.e.stderr, "\r\033[K%s: %d of %d positions (%.0f%%)", r.Phase, r.Done, r.Total, 100*float64(r.Done)/float64(r.Total))
	} else {
		fmt.Fprintf(p.e.stderr, "\r\033[K%s: %d positions", r.Phase, r.Done)
	}
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.e.stderr, "\r\033[K")
	}
}
