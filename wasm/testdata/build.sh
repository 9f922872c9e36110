#!/bin/sh
# Builds the host's test modules from take.c with Debian's clang and lld:
# take.wasm, the subtraction game, and one module for each way a module can
# misbehave, for the tests of containment. Run from this directory.
set -e
cc="clang --target=wasm32 -O2 -nostdlib -Wl,--no-entry -Wl,--export-dynamic"
$cc -o take.wasm take.c
$cc -DSCORE -o take-score.wasm take.c
$cc -DNOOPTIONAL -o take-plain.wasm take.c
$cc -DLOOP -o loop.wasm take.c
$cc -DGROW -o grow.wasm take.c
$cc -DTRAP -o trap.wasm take.c
$cc -DBADCOUNT -o badcount.wasm take.c
$cc -DBADKEY -o badkey.wasm take.c
$cc -DTIERUP -o tierup.wasm take.c
$cc -DBADJSON -o badjson.wasm take.c
$cc -DVERSION2 -o version2.wasm take.c
$cc -DIMPORT -Wl,--allow-undefined -o import.wasm take.c
sha256sum *.wasm > SHA256SUMS
