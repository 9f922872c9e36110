module sente

go 1.26

require (
	github.com/alecthomas/kong v1.17.0 // indirect
	go.starlark.net v0.0.0-20260908191801-89a6a09411d5 // indirect
)
