// A game module, built for WebAssembly (GOOS=wasip1) by build.sh: a module of
// its own, so that the repository's go build, go vet and go test leave it be.
module example.invalid/sente/threemen

go 1.26.0
