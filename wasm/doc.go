// Package wasm runs games written as WebAssembly modules (NAME.wasm), in
// the sandbox of wazero, a WebAssembly runtime in pure Go. The interface a
// module keeps, version 1, is documented in docs/modules.md: a position is
// a 64-bit key the module chooses, exchanged through a scratch area of the
// module's memory, and the calls the engines make most (sente_children,
// sente_ended) take keys in batches.
//
// Open reads a module and returns its sente.Family: the parameters its
// description (sente_describe) declares, checked by the host, and a New
// that makes each game by sente_new. A family's Digest is a hash of the
// module's bytes, so that tables stored for one build of a module are not
// read for another.
//
// # Instances
//
// A game holds a pool of instances of its module, each with its own
// memory and globals, made by sente_new with the same parameters: a
// goroutine takes one for a call and puts it back, so that engines may
// call the game from several goroutines at once, as sente.Encoder asks,
// and no instance is ever used by two at once. Compiled code is cached on
// disk (DefaultCacheDir), so a module is compiled once per build.
//
// # Containment
//
// A module reaches nothing outside itself. It is given no imports but the
// few WASI functions the runtime of a Go module built with GOOS=wasip1
// calls (wasi.go), each answering without reaching outside: writes go
// nowhere, the clocks stand still, randomness comes from a fixed seed,
// there are no files, arguments or environment. A module that imports
// anything else is refused when opened, with the imports' names. The
// memory of each instance is capped (Options.Memory), and every call is
// timed by one watch goroutine (instance.go): a call past
// Options.CallTime has its instance closed, which stops the code at its
// next loop or call.
//
// # Failures
//
// The engines' fast paths cannot return errors, so a game records the
// first failure of its module (a trap, an exit, a call stopped, a result
// out of its bounds: a count past the room given, the reserved key
// 2^64-1, a tier outside start_tier, a score beyond max_score) and
// reports it with Err (sente.Erring) as an *Error: one line naming the
// module and what it did. After a failure the game answers harmlessly,
// with no moves and nothing ended, so that engines finish quickly and then
// report Err.
package wasm
