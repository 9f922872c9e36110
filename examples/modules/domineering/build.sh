#!/bin/sh
# Builds domineering.wasm from domineering.c with Debian's clang and lld, without a C
# library, and writes its SHA-256. The flags are fixed and the output carries
# no names, paths or dates, so the same clang gives the same bytes.
set -eu
cd "$(dirname "$0")"
clang --target=wasm32 -O2 -nostdlib -fno-builtin -ffreestanding \
	-Wall -Wextra -Werror \
	-Wl,--no-entry -Wl,--export-dynamic -Wl,--strip-all \
	-Wl,-z,stack-size=65536 \
	-o domineering.wasm domineering.c
sha256sum domineering.wasm >domineering.wasm.sha256
