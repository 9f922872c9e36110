package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestLockWaits: a second lock of a game's directory waits, says so once,
// gives up with its context, and is taken once the first is released.
func TestLockWaits(t *testing.T) {
	g := newGame(t, "locked")
	unlock, err := g.Lock(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	said := 0
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := g.Lock(ctx, func() { said++ }); !errors.Is(err, context.DeadlineExceeded) || said != 1 {
		t.Fatalf("a second lock while the first is held: %v, said it waits %d times", err, said)
	}
	done := make(chan error)
	go func() {
		again, err := g.Lock(context.Background(), nil)
		if err == nil {
			again()
		}
		done <- err
	}()
	time.Sleep(150 * time.Millisecond)
	unlock()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the lock was not taken once released")
	}
}
