package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The load test: clients on 127.0.0.1 only, each in a bounded loop of
// requests, mixing small solves, big solves (some of which they stop
// asking about, as a closed tab does, and some of which cannot fit) and
// hostile pasted rules files, while the resident memory of the server and
// of its rules children is sampled. What must hold: the memory stays under
// the budget, small solves answer within a second at the 99th percentile,
// and the server still answers afterwards.

// loadMix is one run's shape.
type loadMix struct {
	small, big, hostile int // clients of each kind
	length              time.Duration
}

// loadResult is what a run measured.
type loadResult struct {
	peakRSS     uint64 // largest sum of the server's and its children's VmRSS
	serverHWM   uint64 // the server's VmHWM at the end
	smallTimes  []time.Duration
	bigReady    atomic.Int64
	refused     atomic.Int64 // 400: cannot fit, or stopped past the budget
	busy        atomic.Int64 // 503 with Retry-After
	abandoned   atomic.Int64 // big solves a client stopped asking about
	hostileSeen atomic.Int64 // hostile files refused (at POST or at solve)
	otherErrors atomic.Int64
	requests    atomic.Int64
	mu          sync.Mutex
	errorTexts  map[string]int
}

func (r *loadResult) note(kind string, err string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.errorTexts == nil {
		r.errorTexts = map[string]int{}
	}
	if len(err) > 90 {
		err = err[:90]
	}
	r.errorTexts[kind+": "+err]++
}

func (r *loadResult) percentile(p float64) time.Duration {
	if len(r.smallTimes) == 0 {
		return 0
	}
	s := slices.Clone(r.smallTimes)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// smallSpecs are games that solve in milliseconds, with parameters drawn
// so that most requests miss the cache and start a solve.
func smallSpec(rng *rand.Rand) string {
	switch rng.IntN(5) {
	case 0:
		return fmt.Sprintf("subtraction:1,3,4,n=%d", 1+rng.IntN(1000))
	case 1:
		return fmt.Sprintf("nim:heaps=%d/%d/%d", rng.IntN(8), rng.IntN(8), rng.IntN(8))
	case 2:
		return fmt.Sprintf("kayles:n=%d", 1+rng.IntN(20))
	case 3:
		return fmt.Sprintf("count:lose=%d", 2+rng.IntN(500))
	}
	return fmt.Sprintf("tictactoe:m=3,n=%d,k=3", 1+rng.IntN(3))
}

// bigSpecs take seconds and fit a budget of a few hundred megabytes or
// more; the last ones cannot fit any budget of this machine.
var bigSpecs = []string{"connect4:w=5,h=4", "connect4:w=4,h=5", "kayles:n=40", "tictactoe:m=4,n=4", "consecutive:n=22", "connect4", "nim:heaps=63/63/63/2"}

// hostileTexts are rules files that allocate without end, loop for ever or
// explode the number of positions; a counter in a comment makes each paste
// a new file.
var hostileTexts = []string{
	hostileRules[0].text,
	hostileRules[1].text,
	hostileRules[2].text,
	"def start():\n    n = 0\n    for i in range(1 << 62):\n        n += i\n    return n\ndef moves(p): return []\ndef turn(p): return 'first'\n",
	"def start(): return 0\ndef moves(p): return [('a', p + 1), ('b', p + 2), ('c', p * 3 + 1)]\ndef turn(p): return 'first'\n",
	"def start(): return ''\ndef moves(p): return [('a', p + 'a'), ('b', p + 'bb')]\ndef turn(p): return 'first'\n",
}

type loadClient struct {
	base string
	hc   *http.Client
	res  *loadResult
}

// get asks for a position: the status and the JSON fields.
func (c *loadClient) get(ctx context.Context, spec string) (int, map[string]any) {
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"api/position?game="+url.QueryEscape(spec), nil)
	c.res.requests.Add(1)
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, map[string]any{"error": err.Error()}
	}
	defer resp.Body.Close()
	var m map[string]any
	json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&m)
	if resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") == "" {
		m = map[string]any{"error": "503 without Retry-After"}
	}
	return resp.StatusCode, m
}

// until polls spec every poll until it is ready or fails, or give says
// to stop asking: the last status and fields.
func (c *loadClient) until(ctx context.Context, spec string, poll time.Duration, give func() bool) (int, map[string]any) {
	for {
		code, m := c.get(ctx, spec)
		if code != 200 || m["status"] != "solving" || ctx.Err() != nil || give() {
			return code, m
		}
		select {
		case <-ctx.Done():
			return code, m
		case <-time.After(poll):
		}
	}
}

func (c *loadClient) small(ctx context.Context, rng *rand.Rand) {
	for ctx.Err() == nil {
		spec := smallSpec(rng)
		start := time.Now()
		code, m := c.until(ctx, spec, 100*time.Millisecond, func() bool { return false })
		switch {
		case ctx.Err() != nil:
			return
		case code == 200:
			c.res.mu.Lock()
			c.res.smallTimes = append(c.res.smallTimes, time.Since(start))
			c.res.mu.Unlock()
		case code == 503:
			c.res.busy.Add(1)
			c.res.note("small 503", fmt.Sprint(m["error"]))
			time.Sleep(retryAfterSeconds * time.Second)
		default:
			c.res.otherErrors.Add(1)
			c.res.note(fmt.Sprintf("small %d", code), fmt.Sprint(m["error"]))
		}
		// A person looks at the answer before asking for another game.
		time.Sleep(time.Duration(rng.IntN(1000)) * time.Millisecond)
	}
}

func (c *loadClient) big(ctx context.Context, rng *rand.Rand) {
	for ctx.Err() == nil {
		spec := bigSpecs[rng.IntN(len(bigSpecs))]
		// A third of the big solves are left, as a closed tab leaves them,
		// after a few polls.
		polls, leave := 0, 3+rng.IntN(5)
		if rng.IntN(3) != 0 {
			leave = 1 << 30
		}
		code, m := c.until(ctx, spec, 400*time.Millisecond, func() bool { polls++; return polls >= leave })
		switch {
		case ctx.Err() != nil:
			return
		case code == 200 && m["status"] == "ready":
			c.res.bigReady.Add(1)
		case code == 200:
			c.res.abandoned.Add(1)
		case code == 503:
			c.res.busy.Add(1)
			time.Sleep(retryAfterSeconds * time.Second)
		case code == 400 && strings.Contains(fmt.Sprint(m["error"]), "memory budget"):
			c.res.refused.Add(1)
		default:
			c.res.otherErrors.Add(1)
			c.res.note(fmt.Sprintf("big %d", code), fmt.Sprint(m["error"]))
		}
		time.Sleep(time.Duration(200+rng.IntN(800)) * time.Millisecond)
	}
}

// retryAfterSeconds is the server's Retry-After, which clients honour.
const retryAfterSeconds = 5

var pasteCount atomic.Int64

func (c *loadClient) hostile(ctx context.Context, rng *rand.Rand) {
	for ctx.Err() == nil {
		text := hostileTexts[rng.IntN(len(hostileTexts))] + fmt.Sprintf("# %d\n", pasteCount.Add(1))
		req, _ := http.NewRequestWithContext(ctx, "POST", c.base+"api/rules", strings.NewReader(text))
		c.res.requests.Add(1)
		resp, err := c.hc.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				c.res.otherErrors.Add(1)
				c.res.note("paste", err.Error())
			}
			return
		}
		var m map[string]any
		json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&m)
		resp.Body.Close()
		spec, _ := m["spec"].(string)
		switch {
		case resp.StatusCode == 400 || resp.StatusCode == 503:
			c.res.hostileSeen.Add(1)
		case spec == "":
			c.res.otherErrors.Add(1)
			c.res.note(fmt.Sprintf("paste %d", resp.StatusCode), fmt.Sprint(m["error"]))
		default:
			code, m := c.until(ctx, spec, 400*time.Millisecond, func() bool { return false })
			switch {
			case ctx.Err() != nil:
				return
			case code == 400 || code == 503:
				c.res.hostileSeen.Add(1)
			default:
				c.res.otherErrors.Add(1)
				c.res.note(fmt.Sprintf("hostile %d", code), fmt.Sprint(m["error"], m["status"]))
			}
		}
		time.Sleep(time.Duration(rng.IntN(500)) * time.Millisecond)
	}
}

// statusKB reads a field in kB of /proc/PID/status, in bytes.
func statusKB(pid int, field string) uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == field+":" && f[2] == "kB" {
			n, _ := strconv.ParseUint(f[1], 10, 64)
			return n * 1024
		}
	}
	return 0
}

// children lists the processes pid started that still run.
func children(pid int) []int {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, t := range tasks {
		b, _ := os.ReadFile(t)
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// residentNow is the server's VmRSS plus that of its children.
func residentNow(pid int) uint64 {
	total := statusKB(pid, "VmRSS")
	for _, c := range children(pid) {
		total += statusKB(c, "VmRSS")
	}
	return total
}

// runLoad runs mix against the server at base (process pid) and checks
// that it still answers afterwards.
func runLoad(t *testing.T, base string, pid int, mix loadMix) *loadResult {
	res := &loadResult{}
	ctx, cancel := context.WithTimeout(context.Background(), mix.length)
	defer cancel()
	hc := &http.Client{
		Timeout:   20 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 200, DialContext: loopbackOnly},
	}
	c := &loadClient{base: base, hc: hc, res: res}
	var peak atomic.Uint64
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			if rss := residentNow(pid); rss > peak.Load() {
				peak.Store(rss)
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
	var wg sync.WaitGroup
	start := func(n int, run func(context.Context, *rand.Rand)) {
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				run(ctx, rand.New(rand.NewPCG(uint64(i), uint64(n))))
			}()
		}
	}
	start(mix.small, c.small)
	start(mix.big, c.big)
	start(mix.hostile, c.hostile)
	wg.Wait()
	<-sampled
	res.peakRSS = peak.Load()
	res.serverHWM = statusKB(pid, "VmHWM")

	// Afterwards: the page, and a game solved on the spot.
	after := &loadClient{base: base, hc: hc, res: &loadResult{}}
	actx, acancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer acancel()
	began := time.Now()
	code, m := after.until(actx, "tictactoe:m=3,n=3,k=2", 50*time.Millisecond, func() bool { return false })
	if code != 200 || m["status"] != "ready" {
		t.Errorf("a request after the load: %d %v", code, m)
	}
	t.Logf("a request after the load: %d %v in %v", code, m["status"], time.Since(began).Round(time.Millisecond))
	return res
}

// loopbackOnly refuses to dial anything but 127.0.0.1.
func loopbackOnly(ctx context.Context, network, addr string) (net.Conn, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host != "127.0.0.1" {
		return nil, fmt.Errorf("the load test dials 127.0.0.1 only, not %q", addr)
	}
	return (&net.Dialer{}).DialContext(ctx, network, addr)
}

func (r *loadResult) report(t *testing.T, budget uint64) {
	t.Logf("peak RSS (server and rules children) %.0f MiB of a %.0f MiB budget; server VmHWM %.0f MiB",
		float64(r.peakRSS)/(1<<20), float64(budget)/(1<<20), float64(r.serverHWM)/(1<<20))
	t.Logf("small solves: %d, p50 %v, p99 %v, max %v", len(r.smallTimes),
		r.percentile(0.5).Round(time.Millisecond), r.percentile(0.99).Round(time.Millisecond), r.percentile(1).Round(time.Millisecond))
	t.Logf("big solves ready %d, left unpolled %d, refused (budget) %d; 503s %d; hostile files refused %d; other errors %d; requests %d",
		r.bigReady.Load(), r.abandoned.Load(), r.refused.Load(), r.busy.Load(), r.hostileSeen.Load(), r.otherErrors.Load(), r.requests.Load())
	for text, n := range r.errorTexts {
		t.Logf("  %d× %s", n, text)
	}
}

// TestLoadShort is the load test in a few seconds with twenty clients, in
// this process: its checks are loose (the test's own clients share the
// process), the full run is TestLoad.
func TestLoadShort(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the short load test (about 8 s)")
	}
	const budget = 1 << 30
	s := newTestServer(t, Config{Memory: budget, RulesMemory: 128 << 20, RulesCallTime: 2 * time.Second})
	s.cfg.Logf = func(string, ...any) {}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	res := runLoad(t, ts.URL+"/", os.Getpid(), loadMix{small: 12, big: 5, hostile: 3, length: 6 * time.Second})
	res.report(t, budget)
	if res.peakRSS > budget {
		t.Errorf("peak resident memory %d MiB passed the budget of %d MiB", res.peakRSS>>20, budget>>20)
	}
	if len(res.smallTimes) < 10 {
		t.Errorf("only %d small solves answered", len(res.smallTimes))
	}
	if p99 := res.percentile(0.99); p99 > 5*time.Second {
		t.Errorf("small solves: p99 %v", p99)
	}
	if n := res.otherErrors.Load(); n > 0 {
		t.Errorf("%d unexpected errors", n)
	}
}

var servingOn = regexp.MustCompile(`serving on (http://\S+/)`)

// TestLoad is the full load test, run when SENTE_LOAD=1: a hundred
// clients for a minute (SENTE_LOAD_SECONDS) against `sente --max-memory 2G
// serve` (SENTE_LOAD_MEMORY) built from this tree, in its own
// process, whose resident memory and its children's are measured.
func TestLoad(t *testing.T) {
	if os.Getenv("SENTE_LOAD") != "1" {
		t.Skip("set SENTE_LOAD=1 for the full load test (100 clients for 60 s)")
	}
	memory := cmpOr(os.Getenv("SENTE_LOAD_MEMORY"), "2G")
	seconds, _ := strconv.Atoi(cmpOr(os.Getenv("SENTE_LOAD_SECONDS"), "60"))
	budget, err := parseLoadSize(memory)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// The binary beside the server's store ($XDG_CACHE_HOME/sente), not
	// in its place.
	bin := filepath.Join(dir, "bin", "sente")
	build := exec.Command("go", "build", "-o", bin, "github.com/sente-go/sente/cmd/sente")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "--max-memory", memory, "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+dir)
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	m := servingOn.FindStringSubmatch(line)
	if err != nil || m == nil {
		t.Fatalf("serve said %q (%v); stderr %s", line, err, stderr.String())
	}
	go io.Copy(io.Discard, stdout)
	res := runLoad(t, m[1], cmd.Process.Pid, loadMix{small: 60, big: 25, hostile: 15, length: time.Duration(seconds) * time.Second})
	res.report(t, budget)
	if res.peakRSS > budget {
		t.Errorf("peak resident memory %d MiB passed the budget of %d MiB", res.peakRSS>>20, budget>>20)
	}
	if p99 := res.percentile(0.99); p99 > time.Second {
		t.Errorf("small solves: p99 %v, want at most 1 s", p99)
	}
	if n := res.otherErrors.Load(); n > 0 {
		t.Errorf("%d unexpected errors", n)
	}
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// parseLoadSize reads 512M or 2G.
func parseLoadSize(s string) (uint64, error) {
	shift := map[byte]uint{'K': 10, 'M': 20, 'G': 30}[s[len(s)-1]]
	if shift > 0 {
		s = s[:len(s)-1]
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("SENTE_LOAD_MEMORY %q: want 512M or 2G", s)
	}
	return uint64(n * float64(uint64(1)<<shift)), nil
}
