#!/bin/sh
# Builds connect4go.wasm from board.go and module.go (library.go is the Go
# library game, for every platform but wasip1) with the Go toolchain for
# WebAssembly (GOOS=wasip1), in the repository's Go module, and writes its
# SHA-256. -trimpath and an empty build ID keep paths and build IDs out of
# the file, so the same Go gives the same bytes.
set -eu
cd "$(dirname "$0")"
CGO_ENABLED=0 GOOS=wasip1 GOARCH=wasm GOFLAGS= GOTOOLCHAIN=local \
	go build -buildmode=c-shared -trimpath -buildvcs=false -ldflags='-s -w -buildid=' \
	-o connect4go.wasm .
sha256sum connect4go.wasm >connect4go.wasm.sha256
