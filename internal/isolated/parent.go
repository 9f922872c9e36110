package isolated

import (
	"bufio"
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"sente"
	"sente/internal/sandbox"
)

// Limits bound the child that runs a rules file.
type Limits struct {
	// Memory is the most memory the child may hold, in bytes: a hard
	// limit, past which it dies and the call fails.
	Memory uint64
	// Steps limits each call of the file's functions (rules.Options.Steps;
	// 0 for rules.DefaultSteps).
	Steps uint64
	// CallTime limits one call of the file's functions
	// (rules.Options.CallTime); 0 means DefaultCallTime.
	CallTime time.Duration
	// MaxPositions limits the positions a graph may have.
	MaxPositions int
	// MaxBytes limits what the child may send back; 0 means 1 GiB.
	MaxBytes int64
}

// DefaultCallTime is the time limit of one call when Limits.CallTime is 0:
// far more than any sensible rules file needs for one position.
const DefaultCallTime = 10 * time.Second

// ErrTooMany is returned (wrapped) when more than Limits.MaxPositions
// positions are reachable.
var ErrTooMany = errors.New("too many positions")

// File is a rules file that a child has loaded and checked.
type File struct {
	path string
	lim  Limits
	// Family is the file's family without New: name, summary and
	// parameters. Explore makes its games.
	Family sente.Family
}

// Load has a child load and check the rules file at path. Its errors are
// the file's own, in one line, or the child's death.
func Load(ctx context.Context, path string, lim Limits) (*File, error) {
	resp, err := call(ctx, request{Path: path}, lim, nil)
	if err != nil {
		return nil, err
	}
	return &File{path: path, lim: lim, Family: sente.Family{Name: resp.Name, Summary: resp.Summary, Params: resp.Params}}, nil
}

// Explore has a child make the file's game with args and explore every
// position reachable from root (its text form; empty for the start), and
// returns them as a graph whose start is root. A child that runs out of
// memory exploring is reported with the positions it found and how fast
// they were still growing, and what makes a game grow without end.
func (f *File) Explore(ctx context.Context, args []sente.Arg, root string) (*Graph, error) {
	return f.ExploreCounting(ctx, args, root, nil)
}

// ExploreCounting is Explore, telling found, when not nil, the positions
// found so far every quarter of a second or so while the child explores.
func (f *File) ExploreCounting(ctx context.Context, args []sente.Arg, root string, found func(positions int)) (*Graph, error) {
	resp, err := call(ctx, request{
		Path: f.path, Explore: true, Counting: true,
		Args: args, Root: root, MaxPositions: max(f.lim.MaxPositions, 1),
	}, f.lim, found)
	if err != nil {
		return nil, err
	}
	return graphOf(resp)
}

// call runs one request in a child; found, when not nil, is told the
// counts of a child exploring (request.Counting).
func call(ctx context.Context, req request, lim Limits, found func(int)) (*response, error) {
	req.Steps, req.CallTime = lim.Steps, lim.CallTime
	if req.CallTime <= 0 {
		req.CallTime = DefaultCallTime
	}
	var in bytes.Buffer
	if err := gob.NewEncoder(&in).Encode(req); err != nil {
		return nil, err
	}
	cmd := sandbox.Command(ctx, mode, lim.Memory)
	cmd.Stdin = &in
	said := &sandbox.RuntimeText{}
	cmd.Stderr = said
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var counts *growth
	var countsRead chan struct{}
	if req.Counting {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		defer r.Close()
		cmd.ExtraFiles = []*os.File{w}
		counts, countsRead = &growth{start: time.Now()}, make(chan struct{})
		go func() {
			defer close(countsRead)
			counts.read(r, found)
		}()
		defer w.Close()
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start a process for the rules file: %w", err)
	}
	if req.Counting {
		// The child holds its own end now: the counts end when it does.
		cmd.ExtraFiles[0].Close()
	}
	watch := sandbox.WatchMemory(cmd.Process, lim.Memory)
	defer watch.Stop()
	maxBytes := lim.MaxBytes
	if maxBytes <= 0 {
		maxBytes = 1 << 30
	}
	limited := &io.LimitedReader{R: out, N: maxBytes}
	var resp response
	decodeErr := gob.NewDecoder(limited).Decode(&resp)
	io.Copy(io.Discard, out) // let the child finish writing
	waitErr := cmd.Wait()
	if countsRead != nil {
		<-countsRead
	}
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case waitErr != nil:
		death := watch.Death(waitErr, said.Bytes())
		var limit *sandbox.LimitError
		if errors.As(death, &limit) && counts != nil && counts.seen() {
			return nil, fmt.Errorf("%s: the process running the rules file %w%s", req.Path, death, counts.words())
		}
		if death != nil {
			return nil, fmt.Errorf("%s: the process running the rules file %w", req.Path, death)
		}
		return nil, fmt.Errorf("%s: the process running the rules file failed: %v", req.Path, waitErr)
	case limited.N <= 0:
		return nil, fmt.Errorf("the rules file's game is too large to send back: more than %d bytes", maxBytes)
	case decodeErr != nil:
		return nil, fmt.Errorf("cannot read what the rules file's process sent back: %v", decodeErr)
	case resp.TooMany:
		return nil, fmt.Errorf("%w: %s", ErrTooMany, resp.Err)
	case resp.Err != "":
		return nil, errors.New(resp.Err)
	}
	return &resp, nil
}

// growth is what an exploring child said of the positions it found: the
// counts, each with the time it came.
type growth struct {
	start  time.Time
	mu     sync.Mutex
	counts []int
	at     []time.Duration
}

// read takes the child's counts from r until it closes, telling found.
func (g *growth) read(r io.Reader, found func(int)) {
	lines := bufio.NewScanner(r)
	for lines.Scan() {
		n, err := strconv.Atoi(strings.TrimSpace(lines.Text()))
		if err != nil || n < 0 {
			continue
		}
		g.mu.Lock()
		g.counts = append(g.counts, n)
		g.at = append(g.at, time.Since(g.start))
		g.mu.Unlock()
		if found != nil {
			found(n)
		}
	}
}

// seen reports whether the child said anything.
func (g *growth) seen() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.counts) > 0
}

// words says how far a child that ran out of memory exploring got, and how
// fast its positions were still growing over its last seconds, with what
// makes a game's positions grow without end: ", after finding 1,234,567
// positions in 64 s, still growing by 19,000 a second at the end: ...".
func (g *growth) words() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	last := len(g.counts) - 1
	n, t := g.counts[last], g.at[last]
	// The rate over the last two seconds or so, from the count before them.
	from := last
	for from > 0 && t-g.at[from] < 2*time.Second {
		from--
	}
	s := fmt.Sprintf(", after finding %s positions in %.0f s", thousands(n), max(t.Seconds(), 1))
	if from < last {
		rate := float64(n-g.counts[from]) / (t - g.at[from]).Seconds()
		if rate >= 1 {
			s += fmt.Sprintf(", still growing by %s a second at the end", thousands(int(rate)))
		} else {
			s += fmt.Sprintf(", none new in its last %.0f s", (t - g.at[from]).Seconds())
		}
	}
	return s + ". Positions that keep growing mean a game that never ends (some line of play never reaches its end: a move that can always be made again, a count that only rises), " +
		"or a position that carries its history (the moves played so far, a move counter), so that no position ever comes twice; a game that does end may need smaller parameters."
}

// thousands writes n with commas between its thousands: 1,234,567.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// graphOf checks what a child sent and makes the graph of it.
func graphOf(r *response) (*Graph, error) {
	n := len(r.Texts)
	bad := func(what string) (*Graph, error) {
		return nil, fmt.Errorf("the rules file's process sent back a malformed graph: %s", what)
	}
	if n == 0 || len(r.Turns) != n || len(r.Ended) != n || len(r.First) != n+1 ||
		r.First[0] != 0 || int(r.First[n]) != len(r.Targets) || len(r.MoveNames) != len(r.Targets) {
		return bad("lengths disagree")
	}
	if r.Boards != nil && len(r.Boards) != n {
		return bad("boards and positions disagree")
	}
	for i := range n {
		if r.First[i] > r.First[i+1] {
			return bad("moves out of order")
		}
	}
	for m, t := range r.Targets {
		if t < 0 || int(t) >= n || r.MoveNames[m] < 0 || int(r.MoveNames[m]) >= len(r.Names) {
			return bad("a move leads nowhere")
		}
	}
	g := &Graph{
		desc: r.Description, impartial: r.Impartial,
		texts: r.Texts, byText: make(map[string]int32, n),
		turns: r.Turns, ended: r.Ended,
		first: r.First, moveNames: r.MoveNames, targets: r.Targets, names: r.Names,
		boards: r.Boards,
	}
	for i, t := range r.Texts {
		key := strings.TrimSpace(t)
		if _, dup := g.byText[key]; !dup {
			g.byText[key] = int32(i)
		}
	}
	return g, nil
}

// Path is where the file is.
func (f *File) Path() string { return f.path }
