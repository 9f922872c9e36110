"""Dots and boxes, the twin of ../dotsandboxes.star: python3 dotsandboxes.py W H [all].

A grid of W by H boxes. Lines are numbered as the rules file numbers
them: the lines across, row by row from the top, then the lines up and
down, row by row. Drawing the fourth side of a box scores it and the same
player moves again; otherwise the turn passes. With every line drawn, more
boxes wins.
"""

import sys

from solver import main

W, H = int(sys.argv[1]), int(sys.argv[2])
ACROSS = (H + 1) * W
LINES = ACROSS + H * (W + 1)


def sides(r, c):
    """The four lines around box (r, c)."""
    return [r * W + c, (r + 1) * W + c, ACROSS + r * (W + 1) + c, ACROSS + r * (W + 1) + c + 1]


BOXES = [sides(r, c) for r in range(H) for c in range(W)]


def drawn(lines, i):
    return lines >> i & 1 == 1


def boxes_done(lines):
    return sum(1 for box in BOXES if all(drawn(lines, s) for s in box))


def moves(p):
    lines, first, second, mover = p
    out = []
    for i in range(LINES):
        if drawn(lines, i):
            continue
        after = lines | 1 << i
        scored = boxes_done(after) - boxes_done(lines)
        if scored == 0:
            out.append((after, first, second, "second" if mover == "first" else "first"))
        elif mover == "first":
            out.append((after, first + scored, second, mover))
        else:
            out.append((after, first, second + scored, mover))
    return out


def result(p):
    lines, first, second, mover = p
    if lines != (1 << LINES) - 1:
        return None
    diff = first - second if mover == "first" else second - first
    return "win" if diff > 0 else "lose" if diff < 0 else "tie"


def score(p):
    """The boxes of the player to move at the end less the opponent's."""
    lines, first, second, mover = p
    return first - second if mover == "first" else second - first


main((0, 0, 0, "first"), moves, result, lambda p: p[3], score)
