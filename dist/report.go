package dist

import (
	"fmt"
	"strings"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// TierReport is what the solve did with a tier.
type TierReport struct {
	Tier       int
	Ranks      uint64
	Shards     int64
	Counts     store.Counts // the reachable positions by value
	Resumed    bool         // stored already, not computed
	Pipelines  int          // run for this tier
	Rounds     int          // forward rounds and, for a loopy tier, retrograde rounds
	Seconds    float64      // wall time of its waves
	StoredSize uint64       // bytes of its two files
}

// Report is what a solve did.
type Report struct {
	Spec      string // the canonical spec the tables are stored under
	Dir       string // the game's directory in the store
	Start     sente.Outcome
	Tiers     []TierReport // children first
	Pipelines int
	// Counters are the pipelines' counters summed: mark-bytes,
	// request-bytes, answer-bytes and message-bytes (what the waves sent
	// through shuffles), stored-bytes (the tier files written),
	// bytes-read and bytes-written (all the steps' traffic with the
	// store and the work directory).
	Counters map[string]int64
	Elapsed  time.Duration
}

// Positions is the reachable positions of every tier.
func (r *Report) Positions() uint64 {
	var n uint64
	for _, t := range r.Tiers {
		n += t.Counts.Positions
	}
	return n
}

// Computed is the reachable positions of the tiers this run solved (not
// resumed).
func (r *Report) Computed() uint64 {
	var n uint64
	for _, t := range r.Tiers {
		if !t.Resumed {
			n += t.Counts.Positions
		}
	}
	return n
}

// ShuffleBytes is what the waves sent through shuffles.
func (r *Report) ShuffleBytes() int64 {
	return r.Counters["mark-bytes"] + r.Counters["request-bytes"] + r.Counters["answer-bytes"] + r.Counters["message-bytes"]
}

// logf says what the solve is doing, after how much of it is done and,
// once some is, the time left at the pace so far.
func (d *driver) logf(format string, args ...any) {
	if d.opt.Log == nil {
		return
	}
	done := ""
	if d.units > 0 {
		share := d.unitsDone / d.units
		done = fmt.Sprintf("[%3.0f%%] ", 100*share)
		if share > 0.01 && share < 1 {
			left := time.Duration(float64(time.Since(d.began)) * (1 - share) / share)
			done = fmt.Sprintf("[%3.0f%%, about %s left] ", 100*share, left.Round(time.Second))
		}
	}
	fmt.Fprintf(d.opt.Log, "%s%s\n", done, fmt.Sprintf(format, args...))
}

func (d *driver) did(ranks uint64) { d.unitsDone += float64(ranks) }

// PipelineError is a pipeline that failed. Its message is one line, what
// the failing step said; Err holds the runner's whole report.
type PipelineError struct {
	Tier int
	Err  error
}

func (e *PipelineError) Unwrap() error { return e.Err }

func (e *PipelineError) Error() string {
	msg := strings.TrimSpace(e.Err.Error())
	step := ""
	if i := strings.LastIndex(msg, "Name: sente/dist."); i >= 0 {
		rest := msg[i+len("Name: sente/dist."):]
		if j := strings.IndexAny(rest, "] "); j > 0 {
			step = " in step " + rest[:j]
		}
	}
	lines := strings.Split(msg, "\n")
	cause := strings.TrimSpace(lines[len(lines)-1])
	return fmt.Sprintf("tier %d: a pipeline failed%s: %s", e.Tier, step, cause)
}
