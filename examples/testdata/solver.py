"""A plain solver of two-player games whose moves may keep the turn.

Each twin of an example rules file (dotsandboxes.py, kalah.py) states its
game as start, moves, result and turn on positions of its own, written as
the rules file writes them, and calls main. Values are for the player to
move; a move to a position where the same player is to move again keeps the
value as it is, and one where the other player is to move turns a win into
a loss. Remoteness counts plies, every move one. The games are finite and
acyclic, so a memoised recursion is enough.

A twin whose game ends in a score also gives score(p) of ended positions,
for the player to move: each side then plays for the largest margin of its
own, and among the moves that keep it, a win soonest, a loss latest and a
tie soonest. The margin of a move that keeps the turn is kept as it is.

Usage: python3 GAME.py PARAMS... [all]: the start's value and remoteness
(and its margin and the plies to it, "margin M in R", for a scored game),
and with all every position reachable from it, one a line as
LITERAL<tab>VALUE<tab>REMOTENESS (and <tab>MARGIN<tab>PLIES for a scored
game), the literal as sente writes a position of the rules file.
"""

import sys

OTHER_SIDE = {"win": "lose", "lose": "win", "tie": "tie"}
RANK = {"win": 2, "tie": 1, "lose": 0}


def better(a, b):
    """Is the move outcome a better than b for the player making it?"""
    if RANK[a[0]] != RANK[b[0]]:
        return RANK[a[0]] > RANK[b[0]]
    if a[0] == "lose":
        return a[1] > b[1]  # hold out longest
    return a[1] < b[1]  # win, or tie, soonest


def solve(start, moves, result, turn):
    """Every position reachable from start, with its (value, remoteness)."""
    memo = {}

    def value(p):
        if p in memo:
            return memo[p]
        ended = result(p)
        if ended is not None:
            memo[p] = (ended, 0)
            return memo[p]
        best = None
        for q in moves(p):
            v, r = value(q)
            if turn(q) != turn(p):
                v = OTHER_SIDE[v]
            if best is None or better((v, r + 1), best):
                best = (v, r + 1)
        memo[p] = best if best is not None else ("lose", 0)
        return memo[p]

    value(start)
    return memo


def margin_better(a, b):
    """Is the move's (margin, plies) a better than b for the player making it?"""
    if a[0] != b[0]:
        return a[0] > b[0]
    if a[0] < 0:
        return a[1] > b[1]  # hold out longest
    return a[1] < b[1]  # win, or tie, soonest


def solve_margins(start, moves, result, turn, score):
    """Every position reachable from start, with its (margin, plies)."""
    memo = {}

    def margin(p):
        if p in memo:
            return memo[p]
        if result(p) is not None:
            memo[p] = (score(p), 0)
            return memo[p]
        best = None
        for q in moves(p):
            m, r = margin(q)
            if turn(q) != turn(p):
                m = -m
            if best is None or margin_better((m, r + 1), best):
                best = (m, r + 1)
        memo[p] = best
        return best

    margin(start)
    return memo


def literal(x):
    """x written as a Starlark literal, as sente writes positions."""
    if isinstance(x, str):
        return '"' + x + '"'
    if isinstance(x, tuple):
        if len(x) == 1:
            return "(" + literal(x[0]) + ",)"
        return "(" + ", ".join(literal(i) for i in x) + ")"
    return str(x)


def main(start, moves, result, turn, score=None):
    memo = solve(start, moves, result, turn)
    v, r = memo[start]
    print("start", v, r)
    margins = None
    if score is not None:
        margins = solve_margins(start, moves, result, turn, score)
        print("margin %d in %d" % margins[start])
    if "all" in sys.argv[1:]:
        for p, (v, r) in memo.items():
            line = literal(p) + "\t" + v + "\t" + str(r)
            if margins is not None:
                line += "\t%d\t%d" % margins[p]
            print(line)
