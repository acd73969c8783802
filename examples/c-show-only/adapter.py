#!/usr/bin/env python3
"""A cribcheck adapter for a compiled engine: the C show scorer of scorer.c, built into a shared
library (`make`, or `cc -O2 -shared -fPIC -o libscorer.so scorer.c`) and called through ctypes,
on the Python helper. The scorer trusts its callers, so the adapter claims `show` (with its
breakdown) and no judging of illegal input: cribcheck sends it legal hands only.

    cribcheck run --engine "python3 examples/c-show-only/adapter.py"
    cribcheck run --engine "python3 adapter.py path/to/libscorer.so"   # the library named

Standard library only (ctypes): any Python 3.9+ runs it, even `python3 -S -I` with a copy of the
helper beside it (`cribcheck helpers --copy .`).
"""

import ctypes
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # `python -I` leaves the script's folder out
try:
    from cribcheck_adapter import Adapter
except ImportError:  # run from the repository: the helper where it lives
    sys.path.insert(0, str(HERE.parents[1] / "harness" / "engine"))
    from adapter import Adapter

library = ctypes.CDLL(sys.argv[1] if len(sys.argv) > 1 else str(HERE / "libscorer.so"))
Ints = ctypes.POINTER(ctypes.c_int)
library.crib_show.argtypes = [Ints, Ints, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, Ints]
library.crib_show.restype = ctypes.c_int

RANKS, SUITS = "A23456789TJQK", "CDHS"


def card(text):
    """`TS` as (10, 3): the corpus writes cards so."""
    return RANKS.index(text[0]) + 1, SUITS.index(text[1])


def ints(values):
    return (ctypes.c_int * len(values))(*values)


def show(data, profile):
    held = [card(text) for text in data["cards"]]
    ranks, suits = [rank for rank, _ in held], [suit for _, suit in held]
    rank, suit = card(data["starter"])
    parts = ints([0] * 5)
    crib = int(bool(data.get("crib")))
    total = library.crib_show(ints(ranks), ints(suits), len(ranks), rank, suit, crib, parts)
    names = ("fifteens", "pairs", "runs", "flush", "nobs")
    return {"total": total, "breakdown": {name: parts[number] for number, name in enumerate(names)}}


Adapter(
    name="c-show-only",
    version="1.0.0",
    language="C (through ctypes)",
    profiles=["five-card", "six-card", "six-card-61"],
    handlers={"show": show},
    features=["breakdown"],
    judges_input=False,
).serve()
