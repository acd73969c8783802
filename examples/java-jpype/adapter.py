#!/usr/bin/env python3
"""A cribcheck adapter for a Java engine, run in-process through JPype (PyPI: JPype1): the Python
helper speaks the protocol, and the Java side is the engine's own code, with no JSON (Crib.java).
It claims `show` with its breakdown, judging nothing, and `play`, judging a count past 31 only.

    javac -d examples/java-jpype examples/java-jpype/Crib.java
    cribcheck run --engine "python3 examples/java-jpype/adapter.py"
"""

import sys
from pathlib import Path

import jpype

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # a copy of the helper beside this file (`cribcheck helpers --copy .`)
try:
    from cribcheck_adapter import Adapter, Rejected
except ImportError:  # run from the repository: the helper where it lives
    sys.path.insert(0, str(HERE.parents[1] / "harness" / "engine"))
    from adapter import Adapter, Rejected

jpype.startJVM(classpath=[sys.argv[1] if len(sys.argv) > 1 else str(HERE)])
Crib = jpype.JClass("Crib")
RANKS, SUITS = "A23456789TJQK", "CDHS"


def ranks(cards):
    return [RANKS.index(card[0]) + 1 for card in cards]


def show(data, profile):
    held, starter = data["cards"], data["starter"]
    suits = [SUITS.index(card[1]) for card in held]
    parts = Crib.show(ranks(held), suits, ranks([starter])[0], SUITS.index(starter[1]), bool(data.get("crib")))
    breakdown = dict(zip(("fifteens", "pairs", "runs", "flush", "nobs"), map(int, parts), strict=True))
    return {"total": sum(breakdown.values()), "breakdown": breakdown}


def play(data, profile):
    try:
        return {"points": int(Crib.play(ranks(data["count"])))}
    except Crib.OverThirtyOne as error:
        raise Rejected("over_31", str(error.getMessage()), index=int(error.index)) from None


Adapter(
    name="java-jpype",
    version="1.0.0",
    language=f"Java {jpype.getJVMVersion()[0]} (through JPype)",
    profiles=["five-card", "six-card", "six-card-61"],
    handlers={"show": show, "play": play},
    operation_features={"show": ["breakdown"]},
    judges_input={"show": False, "play": ["over_31"]},
).serve()
