"""The diagnosis's shape survives the JSON Lines footer: what `cribcheck summary` reads back is
what the run wrote."""

from __future__ import annotations

from cribcheck.harness.results.diagnosis import Cause, Diagnosis


def test_causes_round_trip_through_json() -> None:
    known = Cause(("peg.runs",), 3, "peg-run-in-order-only", "pegging runs counted only in play order",
                  "p-run-of-three[six-card]", ("p-run-of-three[six-card]", "a[five-card]", "b[six-card]"))  # fmt: skip
    unknown = Cause(("show.nobs",), 1, None, "failures no known bug explains", "s-nobs[five-card]",
                    ("s-nobs[five-card]",))  # fmt: skip
    diagnosis = Diagnosis((known, unknown), (), 4)
    again = Diagnosis.from_json(diagnosis.to_json())
    assert again.causes == (known, unknown)
    assert again.failures == 4  # 3 + 1 explained
    assert again.cause_of("a[five-card]") == known and again.cause_of("s-nobs[five-card]") == unknown
    assert again.cause_of("elsewhere[six-card]") is None
    assert diagnosis.to_json()[1]["mutant"] is None
