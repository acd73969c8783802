"""A cribcheck adapter in Python, standard library only, for an engine that scores the show only.

It claims the `show` operation, the three main profiles and the `breakdown` feature, so cribcheck
runs the show cases and reports every other case "not applicable". It uses the adapter helper,
found either as a copy next to this file (`cribcheck_adapter.py`, a copy of
harness/engine/adapter.py) or in this repository:

    cribcheck run --engine "python3 examples/python-show-only/engine.py"
    cribcheck run --engine "python3 -S -I path/to/engine.py"   # with cribcheck_adapter.py beside it

Any Python 3.9+ runs it; it needs nothing installed, not even cribcheck.
"""

import re
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # `python -I` leaves the script's folder out
try:
    from cribcheck_adapter import Adapter, Rejected
except ImportError:  # run from the repository: use the helper file where it lives (standard library only)
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "harness" / "engine"))
    from adapter import Adapter, Rejected

# --- the engine: the show, as an engine's own code counts it (trusting its caller) -----------


def run_points(ranks: list[int]) -> int:
    """Each maximal run of 3 or more consecutive ranks, counted once per combination of duplicates."""
    points, rank = 0, 1
    while rank <= 13:
        length, ways = 0, 1
        while rank + length <= 13 and ranks.count(rank + length):
            ways *= ranks.count(rank + length)
            length += 1
        if length >= 3:
            points += length * ways
        rank += max(length, 1)
    return points


def score(held: list[tuple[int, str]], starter: tuple[int, str], crib: bool) -> dict:
    """The show of `held` (a hand, or the crib) with the starter: each card (rank 1-13, suit)."""
    every = [*held, starter]
    subsets = [group for size in range(2, 6) for group in combinations(every, size)]
    fifteens = 2 * sum(1 for group in subsets if sum(min(rank, 10) for rank, _ in group) == 15)
    pairs = 2 * sum(1 for a, b in combinations(every, 2) if a[0] == b[0])
    runs = run_points([rank for rank, _ in every])
    flush = 0
    if len({suit for _, suit in held}) == 1:
        if starter[1] == held[0][1]:
            flush = len(held) + 1
        elif not crib:  # a crib scores a flush only with the starter
            flush = len(held)
    nobs = 1 if any(rank == 11 and suit == starter[1] for rank, suit in held) else 0
    return {"fifteens": fifteens, "pairs": pairs, "runs": runs, "flush": flush, "nobs": nobs}


# --- the adapter: the input read and judged (this engine judges illegal input), then the helper --

RANKS = "A23456789TJQK"
SYMBOLS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
# The four spellings of docs/checking-your-engine.md, and nothing else: `5H`, `TS`, `10S`, `5♥`
# (no lowercase, no spaces around).
CARD = re.compile("(?P<rank>[A2-9TJQK]|10)(?P<suit>[CDHS\u2663\u2666\u2665\u2660])")
KEPT = {"five-card": 3, "six-card": 4, "six-card-61": 4}  # cards a hand keeps; a crib holds 4


def parse_card(text: object) -> tuple[int, str]:
    """A card as (rank 1-13, suit letter); `invalid_card` for anything else."""
    found = CARD.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise Rejected("invalid_card", f"invalid card {text!r}")
    rank = "T" if found["rank"] == "10" else found["rank"]
    return RANKS.index(rank) + 1, SYMBOLS.get(found["suit"], found["suit"])


def show(data: dict, profile: str) -> dict:
    crib, cards = bool(data.get("crib", False)), data.get("cards", [])
    held = [parse_card(card) for card in (cards if isinstance(cards, list) else [cards])]
    starter = parse_card(data.get("starter"))
    # the rejection order: every card read, then no card twice, then the count
    if len(set([*held, starter])) != len(held) + 1:
        raise Rejected("duplicate_card", "a card appears twice")
    expected = 4 if crib else KEPT[profile]
    if len(held) != expected:
        raise Rejected("wrong_card_count", f"a {'crib' if crib else 'hand'} holds {expected} cards, got {len(held)}")
    breakdown = score(held, starter, crib)
    return {"total": sum(breakdown.values()), "breakdown": breakdown}


if __name__ == "__main__":
    Adapter(
        name="python-show-only",
        version="1.1.0",
        language=f"Python {'.'.join(map(str, sys.version_info[:3]))}",
        profiles=list(KEPT),
        handlers={"show": show},
        features=["breakdown"],
    ).serve()
