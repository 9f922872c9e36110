//go:build !linux

package search

func adviseHugePages([]bucket) {}

func adviseHugePagesBytes([]byte) {}
