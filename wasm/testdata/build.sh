#!/bin/sh
# Builds the host's test modules from take.c with Debian's clang and lld
# (apt-get install clang lld): take.wasm, the subtraction game, and one
# module for each way a module can misbehave, for the tests of
# containment. Writes into the directory given (default: this one).
set -e
cd "$(dirname "$0")"
out=${1:-.}
cc="clang --target=wasm32 -O2 -nostdlib -Wl,--no-entry -Wl,--export-dynamic"
$cc -o "$out/take.wasm" take.c
$cc -DSCORE -o "$out/take-score.wasm" take.c
$cc -DNOOPTIONAL -o "$out/take-plain.wasm" take.c
$cc -DLOOP -o "$out/loop.wasm" take.c
$cc -DLOOPDESCRIBE -o "$out/loop-describe.wasm" take.c
$cc -DLOOPSTART -o "$out/loop-start.wasm" take.c
$cc -DGROW -o "$out/grow.wasm" take.c
$cc -DTRAP -o "$out/trap.wasm" take.c
$cc -DBADCOUNT -o "$out/badcount.wasm" take.c
$cc -DBADKEY -o "$out/badkey.wasm" take.c
$cc -DTIERUP -o "$out/tierup.wasm" take.c
$cc -DBADEXPAND -o "$out/badexpand.wasm" take.c
$cc -DBADJSON -o "$out/badjson.wasm" take.c
$cc -DVERSION2 -o "$out/version2.wasm" take.c
$cc -DIMPORT -Wl,--allow-undefined -o "$out/import.wasm" take.c
(cd "$out" && sha256sum *.wasm > SHA256SUMS)
