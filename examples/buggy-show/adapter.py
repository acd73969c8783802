#!/usr/bin/env python3
"""A cribcheck adapter for a show scorer with two bugs on purpose, to see what a failing engine
looks like in cribcheck's reports (standard library only, any Python 3.8+):

    cribcheck run --engine "cribcheck serve" --engine "python3 examples/buggy-show/adapter.py" --html r.html

The bugs, both common in real engines:
1. a crib of four cards of one suit scores a flush of 4 even when the starter is of another suit
   (a crib flush needs all five cards);
2. a jack turned as the starter gives the hand 1 for nobs (that jack is "his heels", 2 to the
   dealer at the cut, and nobs is a jack in the hand of the starter's suit).

It claims only the `show` operation, so every other case is not applicable. The protocol
(docs/PROTOCOL.md): one JSON message per line on stdin, one answer per line on stdout.
"""

import itertools
import json
import sys

PROTOCOL = 1
RANKS = "A23456789TJQK"
SUITS = "CDHS"
SYMBOLS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
KEPT = {"five-card": 3, "six-card": 4, "six-card-61": 4}  # cards a hand keeps; a crib holds 4


class Rejected(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def parse_card(text):
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise Rejected("invalid_card", f"invalid card {text!r}")
    body = text.strip().upper()
    rank, suit = body[:-1], SYMBOLS.get(body[-1], body[-1])
    rank = "T" if rank == "10" else rank
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
        raise Rejected("invalid_card", f"invalid card {text!r}")
    return RANKS.index(rank) + 1, suit


def no_card_twice(cards):
    if len(set(cards)) != len(cards):
        raise Rejected("duplicate_card", "a card appears twice")


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


def show(data, profile):
    if profile not in KEPT:
        raise Rejected("unknown_profile", f"unknown profile {profile!r}")
    crib = bool(data.get("crib", False))
    held = [parse_card(card) for card in data.get("cards", [])]
    starter = parse_card(data.get("starter"))
    every = [*held, starter]
    no_card_twice(every)  # the rejection order: every card read, then no card twice, then the count
    wanted = 4 if crib else KEPT[profile]
    if len(held) != wanted:
        raise Rejected("wrong_card_count", f"a {'crib' if crib else 'hand'} holds {wanted} cards, got {len(held)}")
    subsets = [s for size in range(2, len(every) + 1) for s in itertools.combinations(every, size)]
    fifteens = 2 * sum(1 for s in subsets if sum(min(rank, 10) for rank, _ in s) == 15)
    pairs = 2 * sum(1 for a, b in itertools.combinations(every, 2) if a[0] == b[0])
    runs = run_points(every)
    flush = 0
    if len({suit for _, suit in held}) == 1:
        flush = len(held) + 1 if starter[1] == held[0][1] else len(held)  # bug 1: a crib too
    nobs = 1 if any(rank == 11 and suit == starter[1] for rank, suit in held) else 0
    if starter[0] == 11:
        nobs = 1  # bug 2: the starter jack
    breakdown = {"fifteens": fifteens, "pairs": pairs, "runs": runs, "flush": flush, "nobs": nobs}
    return {"total": sum(breakdown.values()), "breakdown": breakdown}


def respond(message):
    if "hello" in message:
        return {
            "hello": {
                "protocol": PROTOCOL,
                "engine": {"name": "buggy-show", "version": "1.0", "language": f"Python {sys.version.split()[0]}"},
                "profiles": list(KEPT),
                "operations": ["show"],
                "features": ["breakdown"],
            }
        }
    seq = message.get("seq")
    if message.get("op") != "show":
        return {"seq": seq, "error": {"message": f"operation {message.get('op')!r} not supported"}}
    try:
        return {"seq": seq, "ok": show(message.get("input", {}), message.get("profile"))}
    except Rejected as rejected:
        return {"seq": seq, "rejected": {"code": rejected.code, "message": str(rejected)}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if "bye" in message:
            break
        sys.stdout.write(json.dumps(respond(message)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
