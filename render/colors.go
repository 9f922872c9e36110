package render

import (
	"fmt"
	"image/color"
)

// The palette. Tables colour who wins as seed 000's author did: red for the
// first player, green for the second. Graphs colour a position by its value
// for the player to move, in lighter tints of the same hues: green when the
// player to move wins, red when they lose.
var (
	ColorFirst  = rgb(0xd7, 0x30, 0x27) // the first player wins: red
	ColorSecond = rgb(0x1a, 0x98, 0x50) // the second player wins: green
	ColorTie    = rgb(0xf5, 0xd1, 0x3b) // a tie: yellow
	ColorDraw   = rgb(0x7f, 0x9b, 0xb8) // a draw (endless play): grey-blue
	ColorMixed  = rgb(0x8e, 0x44, 0xad) // positions that disagree: purple
	ColorNone   = rgb(0xff, 0xff, 0xff) // no position: white

	// Tints for graph nodes, by value for the player to move.
	ColorWinTint  = rgb(0xa8, 0xdd, 0xb5) // win (an N-position)
	ColorLoseTint = rgb(0xf4, 0xa5, 0x9f) // lose (a P-position)
	ColorTieTint  = rgb(0xfb, 0xe9, 0x9a) // tie
	ColorDrawTint = rgb(0xc6, 0xd4, 0xe3) // draw
)

var (
	black     = rgb(0, 0, 0)
	white     = rgb(0xff, 0xff, 0xff)
	darkGrey  = rgb(0x44, 0x44, 0x44)
	midGrey   = rgb(0x88, 0x88, 0x88)
	lightGrey = rgb(0xdd, 0xdd, 0xdd)
	barBlue   = rgb(0x31, 0x68, 0xa8)
	bandBlue  = color.NRGBA{0xf2, 0xb7, 0x05, 0x30} // the period's band: translucent amber
)

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 0xff} }

// hex is c as #rrggbb.
func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// onColor is black or white, whichever reads better on c.
func onColor(c color.NRGBA) color.NRGBA {
	// Perceived luminance, 0 to 255.
	if 299*int(c.R)+587*int(c.G)+114*int(c.B) > 150*1000 {
		return black
	}
	return white
}
