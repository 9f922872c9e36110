// Package quantity writes sizes, counts and times for people, one way
// wherever sente prints them (the command line, the server, sente-dist):
// FormatSize and FormatBytes for memory and disk, FormatCount for
// positions, FormatDuration for times. It was solve's, but nothing in it
// solves: commands that print a size need not import an engine.
package quantity
