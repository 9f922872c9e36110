// Command sente answers, for a two-player game, who wins with perfect play,
// how, and why: the command line of package cli with the built-in games.
// See package cli for the commands, and for making a program like this one
// with games of one's own.
package main

import "github.com/sente-go/sente/cli"

func main() { cli.Main() }
