package main

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
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout := &announcingWriter{addr: make(chan string, 1)}
	var stderr bytes.Buffer
	status := make(chan int, 1)
	go func() {
		status <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), stdout, &stderr, false)
	}()
	var base string
	select {
	case base = <-stdout.addr:
	case s := <-status:
		t.Fatalf("serve stopped with status %d before serving: %s", s, stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not say where it serves within 10 s")
	}

	pos := askUntilSolved(t, base+"api/position?game=tictactoe", 20*time.Second)
	if pos.Status != "ready" || pos.Value != "tie" {
		t.Errorf("tic-tac-toe's start: status %q value %q (%s), want ready and tie", pos.Status, pos.Value, pos.Verdict)
	}

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
