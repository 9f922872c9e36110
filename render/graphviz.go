package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// ErrNoDot is returned (wrapped) by RenderGraph when Graphviz is missing.
var ErrNoDot = errors.New("Graphviz's dot is not installed (Debian: apt-get install graphviz)")

// RenderGraph runs Graphviz's dot on a graph in the DOT language and
// returns the picture, in format "svg" or "png". It needs the dot command
// on the PATH, and returns an error wrapping ErrNoDot without it.
func RenderGraph(ctx context.Context, dot []byte, format string) ([]byte, error) {
	if format != SVG && format != PNG {
		return nil, fmt.Errorf("unknown picture format %q (want svg or png)", format)
	}
	path, err := exec.LookPath("dot")
	if err != nil {
		return nil, ErrNoDot
	}
	cmd := exec.CommandContext(ctx, path, "-T"+format)
	cmd.Stdin = bytes.NewReader(dot)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return nil, fmt.Errorf("Graphviz's dot failed: %w", err)
		}
		return nil, fmt.Errorf("Graphviz's dot failed: %w: %s", err, msg)
	}
	return out.Bytes(), nil
}
