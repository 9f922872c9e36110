package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/web"
)

// announcingWriter passes the address that serve prints to the test.
type announcingWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	addr chan string
}

var servingOn = regexp.MustCompile(`serving on (http://\S+/)`)

func (w *announcingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if m := servingOn.FindStringSubmatch(w.buf.String()); m != nil && w.addr != nil {
		w.addr <- m[1]
		w.addr = nil
	}
	return len(p), nil
}

// TestServe starts the app on a free port, asks it about tic-tac-toe's
// start, and stops it as Ctrl-C would: status 0, nothing on stderr.
func TestServe(t *testing.T) {
	base, stop := startServe(t, "serve", "--addr", "127.0.0.1:0")
	pos := askUntilSolved(t, base+"api/position?game=tictactoe", 20*time.Second)
	if pos.Status != "ready" || pos.Value != "tie" {
		t.Errorf("tic-tac-toe's start: status %q value %q (%s), want ready and tie", pos.Status, pos.Value, pos.Verdict)
	}
	stop()
}

// TestServeBudget: sente --max-memory is the server's budget, before or
// after the command, as is its old name serve --memory; without either
// the budget is three quarters of the memory the process may have. The
// refusal of kayles of a thousand pins, too large for any of them and not
// searched, names it.
func TestServeBudget(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		budget string
	}{
		{[]string{"--max-memory", "3G", "serve"}, "3G"},
		{[]string{"serve", "--max-memory=1.5G"}, "1.5G"},
		{[]string{"serve", "--memory", "2G"}, "2G"},
		{[]string{"serve"}, quantity.FormatSize(web.DefaultMemory())},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			base, stop := startServe(t, append(tc.args, "--addr", "127.0.0.1:0")...)
			defer stop()
			pos := askUntilSolved(t, base+"api/position?game=kayles:n=1000", 20*time.Second)
			if want := "more than this server's memory budget allows (" + tc.budget + ", of which"; !strings.Contains(pos.Error, want) {
				t.Errorf("kayles:n=1000: status %q, error %q; want it to say %q", pos.Status, pos.Error, want)
			}
		})
	}
}

// startServe runs sente with args, a command line of serve, until it says
// where it serves, and returns that address; stop stops it as Ctrl-C
// would and checks that it ends with status 0 and nothing on stderr.
func startServe(t *testing.T, args ...string) (base string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout := &announcingWriter{addr: make(chan string, 1)}
	var stderr bytes.Buffer
	status := make(chan int, 1)
	go func() {
		status <- run(ctx, args, strings.NewReader(""), stdout, &stderr, false)
	}()
	select {
	case base = <-stdout.addr:
	case s := <-status:
		cancel()
		t.Fatalf("serve stopped with status %d before serving: %s", s, stderr.String())
	case <-time.After(10 * time.Second):
		cancel()
		t.Fatal("serve did not say where it serves within 10 s")
	}
	stopped := false
	return base, func() {
		t.Helper()
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case s := <-status:
			if s != 0 {
				t.Errorf("status %d after Ctrl-C, want 0", s)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not stop within 10 s of Ctrl-C")
		}
		if stderr.Len() != 0 {
			t.Errorf("stderr %q, want nothing", stderr.String())
		}
	}
}

// TestServeBadAddress: an address that cannot be listened on is bad input.
func TestServeBadAddress(t *testing.T) {
	r := runCLI(t, context.Background(), "", "serve", "--addr", "nowhere:http:x")
	if r.status != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "--addr") {
		t.Errorf("status %d, stderr %q; want 2 and a one-line error naming --addr", r.status, r.stderr)
	}
}

// servedPosition is what the browser app answers about a position, as far
// as these tests look.
type servedPosition struct {
	Status  string `json:"status"`
	Value   string `json:"value"`
	Verdict string `json:"verdict"`
	Error   string `json:"error"`
}

// askUntilSolved asks the app about a position until its solve is no
// longer running, or until timeout, and returns the last answer.
func askUntilSolved(t *testing.T, url string, timeout time.Duration) servedPosition {
	t.Helper()
	client := &http.Client{Timeout: 30 * time.Second}
	for deadline := time.Now().Add(timeout); ; {
		resp, err := client.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		var pos servedPosition
		err = json.NewDecoder(resp.Body).Decode(&pos)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if pos.Status != "solving" && pos.Status != "queued" || time.Now().After(deadline) {
			return pos
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestServeHostNames: sente serve answers as localhost and its IP
// addresses by default, and as the names --host-name gives besides,
// repeated or as a list; a request for another host (a page of another
// site whose name was made to point at this machine) is refused.
func TestServeHostNames(t *testing.T) {
	base, stop := startServe(t, "serve", "--addr", "127.0.0.1:0", "--host-name", "sente.test", "--host-name", "*.lan,other.test")
	defer stop()
	port := strings.TrimSuffix(base[strings.LastIndex(base, ":")+1:], "/")
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{"localhost:" + port, true},
		{"127.0.0.1:" + port, true},
		{"sente.test:" + port, true},
		{"box.lan:" + port, true},
		{"other.test", true},
		{"evil.example:" + port, false},
		{"sente.test.evil.example:" + port, false},
	} {
		req, err := http.NewRequest("GET", base+"api/games", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = tc.host
		req.Header.Set("Origin", "http://"+tc.host)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if ok := resp.StatusCode == http.StatusOK; ok != tc.ok {
			t.Errorf("host %q: status %d", tc.host, resp.StatusCode)
		}
	}
}
