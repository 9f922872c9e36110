"""Kalah, the twin of ../kalah.star: python3 kalah.py PITS SEEDS [all].

The board is a list of 2*PITS+2 counts going round counter-clockwise: the
first player's pits from their left, their store, the second player's
pits from their left, their store. Seeds are sown one a place, skipping
the opponent's store; a last seed in one's own store moves again; a last
seed in one's own empty pit takes the opposite pit's seeds with it into
the store, when that pit has any. When either side's pits are empty after
a move, each side's seeds go to its store and the game is over: more seeds
wins.

Besides the value, it prints the margin: the first player's seeds less the
second's at the end when each player plays for the most seeds, and the
plies to it.
"""

import sys

from solver import main

N, S = int(sys.argv[1]), int(sys.argv[2])
STORE = {"first": N, "second": 2 * N + 1}
PITS = {"first": range(0, N), "second": range(N + 1, 2 * N + 1)}


def opponent(who):
    return "second" if who == "first" else "first"


def sow(board, who, pit):
    """The board and who is to move after who sows pit."""
    b = list(board)
    seeds, b[pit] = b[pit], 0
    at = pit
    while seeds:
        at = (at + 1) % len(b)
        if at == STORE[opponent(who)]:
            continue
        b[at] += 1
        seeds -= 1
    nxt = opponent(who)
    if at == STORE[who]:
        nxt = who
    elif at in PITS[who] and b[at] == 1 and b[2 * N - at] > 0:
        b[STORE[who]] += 1 + b[2 * N - at]
        b[at] = b[2 * N - at] = 0
    if all(b[i] == 0 for i in PITS["first"]) or all(b[i] == 0 for i in PITS["second"]):
        for side in ("first", "second"):
            for i in PITS[side]:
                b[STORE[side]] += b[i]
                b[i] = 0
    return tuple(b), nxt


def moves(p):
    board, who = p
    return [sow(board, who, i) for i in PITS[who] if board[i] > 0]


def over(board):
    return all(board[i] == 0 for i in PITS["first"]) and all(board[i] == 0 for i in PITS["second"])


def result(p):
    board, who = p
    if not over(board):
        return None
    diff = board[STORE[who]] - board[STORE[opponent(who)]]
    return "win" if diff > 0 else "lose" if diff < 0 else "tie"


def score(p):
    """The seeds of the player to move at the end less the opponent's."""
    board, who = p
    return board[STORE[who]] - board[STORE[opponent(who)]]


start = (tuple([S] * N + [0] + [S] * N + [0]), "first")
main(start, moves, result, lambda p: p[1], score)
