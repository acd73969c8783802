"""The worked example of docs/checking-your-engine.md ("Record a transcript"): a game loop (here
one hand, scripted as a real loop would play it) logging each card pegged, the show and the hand
with the adapter helper's Recorder and HandLog; `cribcheck check` then judges every line.
Standard library only: it runs under `python3 -S -I`.

    python3 examples/python-transcript/example.py hand.jsonl && cribcheck check hand.jsonl
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # `python -I` leaves the script's folder out
try:
    from cribcheck_adapter import HandLog, Recorder  # a copy of harness/engine/adapter.py, if you made one
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "harness" / "engine"))
    from adapter import HandLog, Recorder

PROFILE = "six-card"


def main(path: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        record = Recorder(
            out, name="tiny-crib", version="0.1", language="Python", profiles=[PROFILE],
            operations=["show", "play", "hand"],
        )  # fmt: skip
        hand = HandLog(dealer="A", scores={"A": 0, "B": 0}, first_hand=True)  # A deals the first hand
        hand.dealt("A", ["5C", "5D", "KH", "QS", "2C", "9D"])
        hand.dealt("B", ["TS", "JD", "3H", "4H", "8C", "AS"])
        hand.discard("A", ["2C", "9D"])
        hand.discard("B", ["8C", "AS"])
        hand.starter("6D")
        # The pone (B) leads: TS, 5C (fifteen: 2 for A), JD (25), 5D (30); B cannot play (3H, 4H
        # pass 31) and says go; A cannot play on either: 1 for A; the count starts again, B leads;
        # QS is the last card: 1.
        count: list[str] = []
        for step in (("TS", 0), ("5C", 2), ("JD", 0), ("5D", 0), "go", ("3H", 0), ("KH", 0), ("4H", 0), ("QS", 0)):
            if step == "go":
                hand.go()
                count = []  # the engine starts a new count
                continue
            card, points = step
            hand.play(card)
            count.append(card)
            record.play(PROFILE, count, points)  # the points the engine pegged for the card
        # The show as the engine counted it: B's hand 1 (his nobs, JD with the 6D), A's hand 10
        # (four fifteens, a pair), A's crib 4 (9+6, 8+6+A). A: 2 + 1 + 1 pegged + 10 + 4 = 18; B: 1.
        record.show(PROFILE, ["TS", "JD", "3H", "4H"], "6D", False, 1)
        record.show(PROFILE, ["5C", "5D", "KH", "QS"], "6D", False, 10)
        record.show(PROFILE, ["2C", "9D", "8C", "AS"], "6D", True, 4)
        record.hand(PROFILE, hand, scores={"A": 18, "B": 1}, winner=None)  # the engine's scores after it


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "hand.jsonl")
