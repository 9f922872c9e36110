module sente

go 1.26
