//go:build !linux

package sandbox

import (
	"errors"
	"os"
	"runtime"
	"syscall"
)

// Supported reports whether children get a hard memory limit here.
func Supported() bool { return false }

func limitMemory(limit uint64) error {
	return errors.New("hard memory limits need Linux, not " + runtime.GOOS)
}

func childAttr() *syscall.SysProcAttr { return nil }

func executable() (string, error) { return os.Executable() }
