"""An engine that trusts its callers, as most real engines do (their own game loop only makes legal
moves), and claims per operation: `show` with its breakdown, `play` without one (it has none),
neither judging illegal input. It answers what the reference answers (a play without its
breakdown); sent an input the reference rejects, it answers an error saying so: a harness that
respects its claims never sends it one, and every case it is sent passes.

CRIBCHECK_ZOO_CLAIM=over_31 makes it a C scorer's kind of engine: its play judges a count over 31
and nothing else (`judges_input: ["over_31"]`), answering that rejection as the reference does.

For the tests to show that this could fail: CRIBCHECK_ZOO_CLAIM=judging claims to judge illegal
input (so the rejection cases are sent, and are errors), CRIBCHECK_ZOO_CLAIM=breakdown claims
`breakdown` for every operation (so every play case that gives a breakdown fails)."""

from __future__ import annotations

import os

from _common import ADAPTER  # the reference's claims (and the import records this process)

from cribcheck.harness.engine.adapter import Adapter, Rejected
from cribcheck.harness.operations.answers import run_reference

CLAIM = os.environ.get("CRIBCHECK_ZOO_CLAIM", "")
JUDGED = {"play": ["over_31"]} if CLAIM == "over_31" else CLAIM == "judging"


def answer(op: str):
    def handler(data, profile):
        found = run_reference(op, data, profile)
        if "rejected" in found:
            rejected = found["rejected"]
            if CLAIM == "over_31" and op == "play" and rejected["code"] == "over_31":
                raise Rejected("over_31", rejected["message"], index=rejected.get("index"))
            raise RuntimeError(f"sent illegal input ({rejected['code']}), though it does not judge it")
        result = dict(found["ok"])
        if op == "play":
            result.pop("breakdown")  # this engine does not count a play by parts
        return result

    return handler


Adapter(
    name="trusts-callers",
    version="1",
    language="Python",
    profiles=ADAPTER.profiles,
    handlers={"show": answer("show"), "play": answer("play")},
    features=["breakdown"] if CLAIM == "breakdown" else [],
    operation_features={} if CLAIM == "breakdown" else {"show": ["breakdown"]},
    judges_input=JUDGED,
).serve()
