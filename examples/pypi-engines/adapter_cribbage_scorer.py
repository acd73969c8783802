"""cribcheck adapter for `cribbage-scorer` 0.2.5's scoring functions (PyPI): the show is
`show_calc_score(starter, hand, crib)`, a card pegged `play_score_ongoing(cards)` (its points for
the last card of the count; a card given twice is its own ValueError, answered duplicate_card).
The package has no game loop. Run by the engine's own venv:

    cribcheck run --engine ".engines/cribbage-scorer/bin/python examples/pypi-engines/adapter_cribbage_scorer.py"
"""

from __future__ import annotations

from cards import PROFILES, Adapter, Rejected, read, read_all
from cribbage_scorer.cribbage_scorer import play_score_ongoing, show_calc_score


def duplicates_rejected(count: callable) -> callable:
    def handler(data: dict, profile: str) -> dict:
        try:
            return count(data)
        except ValueError as error:
            if str(error).startswith("Duplicate cards found"):
                raise Rejected("duplicate_card", str(error)) from None
            raise

    return handler


@duplicates_rejected
def show(data: dict) -> dict:
    total, _ = show_calc_score(read(data["starter"]), read_all(data["cards"]), bool(data.get("crib", False)))
    return {"total": total}


@duplicates_rejected
def play(data: dict) -> dict:
    _, points, _ = play_score_ongoing(read_all(data["count"]))
    return {"points": points}


Adapter(
    name="cribbage-scorer", version="0.2.5", language="Python", profiles=PROFILES, handlers={"show": show, "play": play}
).serve()
