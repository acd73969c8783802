#!/usr/bin/env python3
"""A cribcheck adapter for a show scorer with two bugs on purpose, to see what a failing engine
looks like in cribcheck's reports (standard library only, any Python 3.9+):

    cribcheck run --engine "cribcheck serve" --engine "python3 examples/buggy-show/adapter.py" --html r.html

The bugs, both common in real engines:
1. a crib of four cards of one suit scores a flush of 4 even when the starter is of another suit
   (a crib flush needs all five cards);
2. a jack turned as the starter gives the hand 1 for nobs (that jack is "his heels", 2 to the
   dealer at the cut, and nobs is a jack in the hand of the starter's suit).

It claims only the `show` operation, so every other case is not applicable. The protocol is the
Python helper's (harness/engine/adapter.py, or a copy beside this file: `cribcheck helpers --copy`).
"""

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # `python -I` leaves the script's folder out
try:
    from cribcheck_adapter import Adapter, Rejected
except ImportError:  # run from the repository: the helper where it lives
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "harness" / "engine"))
    from adapter import Adapter, Rejected

# --- the engine: the show, two bugs and all ------------------------------------------------------


def run_points(cards):
    count = [0] * 15
    for rank, _ in cards:
        count[rank] += 1
    points, rank = 0, 1
    while rank <= 13:
        length, ways = 0, 1
        while rank + length <= 13 and count[rank + length]:
            ways *= count[rank + length]
            length += 1
        if length >= 3:
            points += length * ways
        rank += max(length, 1)
    return points


def score(held, starter):
    every = [*held, starter]
    subsets = [s for size in range(2, len(every) + 1) for s in itertools.combinations(every, size)]
    fifteens = 2 * sum(1 for s in subsets if sum(min(rank, 10) for rank, _ in s) == 15)
    pairs = 2 * sum(1 for a, b in itertools.combinations(every, 2) if a[0] == b[0])
    flush = 0
    if len({suit for _, suit in held}) == 1:
        flush = len(held) + 1 if starter[1] == held[0][1] else len(held)  # bug 1: a crib too
    nobs = 1 if any(rank == 11 and suit == starter[1] for rank, suit in held) else 0
    if starter[0] == 11:
        nobs = 1  # bug 2: the starter jack
    return {"fifteens": fifteens, "pairs": pairs, "runs": run_points(every), "flush": flush, "nobs": nobs}


# --- the adapter: the input read and judged, then the helper -------------------------------------

RANKS, SUITS = "A23456789TJQK", "CDHS"
SYMBOLS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
KEPT = {"five-card": 3, "six-card": 4, "six-card-61": 4}  # cards a hand keeps; a crib holds 4


def parse_card(text):
    body = text.strip().upper() if isinstance(text, str) else ""
    rank, suit = body[:-1], SYMBOLS.get(body[-1:], body[-1:])
    rank = "T" if rank == "10" else rank
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
        raise Rejected("invalid_card", f"invalid card {text!r}")
    return RANKS.index(rank) + 1, suit


def show(data, profile):
    crib = bool(data.get("crib", False))
    held = [parse_card(card) for card in data.get("cards", [])]
    starter = parse_card(data.get("starter"))
    if len({*held, starter}) != len(held) + 1:  # the rejection order: cards read, none twice, the count
        raise Rejected("duplicate_card", "a card appears twice")
    wanted = 4 if crib else KEPT[profile]
    if len(held) != wanted:
        raise Rejected("wrong_card_count", f"a {'crib' if crib else 'hand'} holds {wanted} cards, got {len(held)}")
    breakdown = score(held, starter)
    return {"total": sum(breakdown.values()), "breakdown": breakdown}


if __name__ == "__main__":
    version = sys.version.split()[0]
    Adapter("buggy-show", "1.0", f"Python {version}", list(KEPT), {"show": show}, features=["breakdown"]).serve()
