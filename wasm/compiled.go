package wasm

import (
	"context"
	"runtime"

	"github.com/tetratelabs/wazero"

	"github.com/sente-go/sente"
)

// LoadFreed is Load for a program that takes modules while it runs (the
// browser app's server): the runtime keeps a module's compiled code until
// it is closed, and LoadFreed closes it once neither the family nor any
// game of it is reachable, so that the code of modules forgotten does not
// pile up for as long as the program runs.
func LoadFreed(path string, bin []byte, opt Options) (sente.Family, error) {
	m, err := compile(path, bin, opt)
	if err != nil {
		return sente.Family{}, err
	}
	runtime.AddCleanup(m, func(c wazero.CompiledModule) { c.Close(context.Background()) }, m.compiled)
	return m.family(), nil
}
