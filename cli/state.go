package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/solve"
)

// A process that runs out of memory must say whose fault it was: the
// solve's, whose tables grew with the positions of the game (exit status
// 1: the work outgrew the limit), or a rules file's code, one call of
// which asked for more than the limit on its own (status 2: bad input). A
// child killed for its memory cannot say it, so it tells its parent as it
// goes: a sampler reads, a few times a second, how far the solve has come
// and the memory the process holds, and in a child writes it as one line
// (a workState) to a pipe of its own (fd 5), whose last line the parent
// reads once the child has died. The in-process watch of memory.go reads
// the same state.

// workState is how far the work had come at a sample.
type workState struct {
	// Phase is the engine's phase ("" before any progress), Tier the tier
	// it works on when Tiered, Done and Total the positions of the phase.
	Phase       string
	Tier        int
	Tiered      bool
	Done, Total int
	// Tiers reports whether the game has tiers (a rules file's tier()).
	Tiers bool
	// Held is the memory the process held at the sample (sandbox.Held).
	Held uint64
	// SolveHeld is the memory held at the last sample at which the engine
	// had come further than at the one before: what the solve had grown to
	// while it was advancing. Memory asked for while the engine stands
	// still is asked for inside one step of the work, for a rules file one
	// call of its functions.
	SolveHeld uint64
}

// stateFD is a child's extra file for its state, after the messages (3)
// and the staged files (4).
const stateFD = 5

// statePoll is how often the sampler reads the state.
const statePoll = 100 * time.Millisecond

// line is the state as one line for the parent: numbers, then the phase,
// which may hold spaces.
func (s workState) line() string {
	tier := -1
	if s.Tiered {
		tier = s.Tier
	}
	tiers := 0
	if s.Tiers {
		tiers = 1
	}
	return fmt.Sprintf("%d %d %d %d %d %d %s\n", s.Done, s.Total, tier, s.Held, s.SolveHeld, tiers, s.Phase)
}

// parseState reads a line written by line.
func parseState(text string) (workState, bool) {
	f := strings.SplitN(strings.TrimRight(text, "\n"), " ", 7)
	if len(f) != 7 {
		return workState{}, false
	}
	var n [6]int64
	for i := range n {
		v, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil || v < 0 && i != 2 {
			return workState{}, false
		}
		n[i] = v
	}
	if n[5] > 1 {
		return workState{}, false
	}
	s := workState{Done: int(n[0]), Total: int(n[1]), Held: uint64(n[3]), SolveHeld: uint64(n[4]), Tiers: n[5] == 1, Phase: f[6]}
	if n[2] >= 0 {
		s.Tier, s.Tiered = int(n[2]), true
	}
	return s, true
}

// stateSampler keeps the state of this process's work.
type stateSampler struct {
	mu      sync.Mutex
	state   workState
	lastKey [2]int
	stop    chan struct{}
	done    chan struct{}
}

// note records the engine's progress; every command's progress passes here.
func (s *stateSampler) note(r solve.Progress) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.state.Phase, s.state.Tier, s.state.Tiered = string(r.Phase), r.Tier, r.Tiered
	s.state.Done, s.state.Total = r.Done, r.Total
	s.mu.Unlock()
}

// opened records a game the command opened.
func (s *stateSampler) opened(g sente.Game) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.state.Tiers = s.state.Tiers || sente.CapabilitiesOf(g).Tiered != nil
	s.mu.Unlock()
}

// sample reads the memory held now and returns the state.
func (s *stateSampler) sample(held uint64) workState {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.state.Held = held
	// The engine came further: its phase, tier or count changed.
	key := [2]int{s.state.Done, s.state.Tier}
	if s.state.Phase != "" && key != s.lastKey {
		s.state.SolveHeld = held
	}
	s.lastKey = key
	return s.state
}

// current is the state at the last sample.
func (s *stateSampler) current() workState {
	if s == nil {
		return workState{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// startSampler samples the state every statePoll, writing each changed
// state to w when w is not nil, until stop.
func startSampler(w io.Writer) *stateSampler {
	s := &stateSampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		tick := time.NewTicker(statePoll)
		defer tick.Stop()
		for {
			select {
			case <-s.stop:
				return
			case <-tick.C:
			}
			st := s.sample(sandbox.Held())
			// Written at every sample, changed or not: a parent that
			// hears nothing for long knows the child is held up (see
			// runChild).
			if w != nil {
				if _, err := io.WriteString(w, st.line()); err != nil {
					w = nil // the parent has gone: it reads no more
				}
			}
		}
	}()
	return s
}

// close stops the sampler.
func (s *stateSampler) close() {
	close(s.stop)
	<-s.done
}

// outOfMemory says in one line that the work ran out of memory under
// limit, and gives the exit status. st is how far the work had come, held
// the most memory it was seen to hold, file the rules file in use ("" for
// a built-in game). The rules file is blamed (status 2) when its code asked
// for the memory: before the solve held a quarter of the limit while it
// was advancing. Not half: a solve's own growth comes in steps too (an
// array doubled holds old and new at once, three times the old), and the
// last sample of an advancing solve may be a while old on a busy machine,
// so a solve killed at the limit can have been seen advancing at a third
// of it or less. Otherwise the solve outgrew the limit (status 1), and the
// message says how far it came.
func outOfMemory(st workState, file string, held, limit uint64) (string, int) {
	size := quantity.FormatSize(limit)
	held = max(held, st.Held)
	if file != "" && st.SolveHeld < limit/4 {
		return fmt.Sprintf("%s: the rules file's code needed more memory than --max-memory=%s allows", file, size), 2
	}
	reached := ""
	if r := st.reached(); r != "" {
		reached = r + ", "
	}
	if file != "" {
		advice := "a tier() in the file or a larger --max-memory lets it go further"
		if st.Tiers || st.Tiered {
			advice = "smaller parameters or a larger --max-memory let it go further"
		}
		return fmt.Sprintf("the solve of %s ran out of memory: %s%s held, over --max-memory=%s; %s", file, reached, quantity.FormatSize(held), size, advice), 1
	}
	if reached == "" {
		return fmt.Sprintf("memory limit reached: the process held %s, more than --max-memory=%s; choose smaller parameters or raise --max-memory", quantity.FormatSize(held), size), 1
	}
	return fmt.Sprintf("memory limit reached: the solve ran out of memory: %s%s held, over --max-memory=%s; choose smaller parameters or raise --max-memory", reached, quantity.FormatSize(held), size), 1
}

// reached says how far the work came: "14.0 million positions explored",
// "tier 12: 3.5 million of 9.1 million positions solving"; "" before any
// progress.
func (s workState) reached() string {
	var r string
	switch {
	case s.Phase == "":
		return ""
	case s.Phase == string(solve.PhaseExploring) && s.Total == 0:
		r = count(s.Done) + " explored"
	case s.Total > 0:
		r = fmt.Sprintf("%s: %s of %s", s.Phase, countNumber(s.Done), count(s.Total))
	default:
		r = fmt.Sprintf("%s: %s", s.Phase, count(s.Done))
	}
	if s.Tiered {
		r = fmt.Sprintf("tier %d, %s", s.Tier, r)
	}
	return r
}

// count is n positions in words.
func count(n int) string {
	if n == 1 {
		return "1 position"
	}
	return countNumber(n) + " positions"
}

func countNumber(n int) string { return quantity.FormatCount(float64(n)) }
