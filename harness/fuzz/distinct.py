"""What makes the fuzzer's findings distinct: the divergence signatures of a disagreement
(harness/operations/divergence.py), so that an engine with two bugs gives two findings even where
both bugs fail the same key. A signature is compared with those found the operation aside
(`resembles`): one bug of the pegging seen in a pegging, a hand and a game is one finding.
"""

from __future__ import annotations

from collections.abc import Collection

from cribcheck.harness.fuzz.findings import Finding
from cribcheck.harness.operations.divergence import Signature, describe, signatures
from cribcheck.harness.report.escaping import on_terminal

ERROR_FIELD = "(answer)"
ERROR_RELATION = "an error (it crashed, hung or broke the protocol)"
SHOWN_SIGNATURE = 300  # characters of a signature's words in the fuzzer's summary
NESTED = ("games[*].", "events[*].")  # where a game's or a match's field nests a simpler operation's


def signatures_of(finding: Finding) -> tuple[Signature, ...]:
    """Every way the finding's answer differs from the reference's; a failure (a crash, a hang, a
    broken message) is one signature of its operation, whatever the engine said."""
    example = finding.example
    if finding.answer is None:
        return (Signature(example.op, ERROR_FIELD, "", (), ERROR_RELATION),)
    found = signatures(example.op, example.input, finding.compared, finding.answer, example.profile)
    return found or (Signature(example.op, ERROR_FIELD, "", (), "another answer"),)


def simplest_field(signature: Signature) -> str:
    """The field as the simplest operation gives it: a game's `events[*].breakdown.nobs` is a
    show's `breakdown.nobs`, a play event's `scoring.pairs` a play's `breakdown.pairs`."""
    field = signature.field
    for prefix in NESTED:
        field = field.removeprefix(prefix)
    return "breakdown." + field.removeprefix("scoring.") if field.startswith("scoring.") else field


def resembles(simpler: Signature, found: Signature) -> bool:
    """Does `simpler` (of a simpler operation, or any) say what `found` says, so that its case may
    stand for the same bug? The same field (simplest_field) and relation, the operation aside;
    the same event and reasons where both give some (a show operation's field is at no event
    where a hand's is at a show event, and a hand's show event may give no set where the show
    operation gives `hand`)."""
    same_event = simpler.event == found.event or not simpler.event or not found.event
    same_reasons = simpler.reasons == found.reasons or not simpler.reasons or not found.reasons
    same_way = simplest_field(simpler) == simplest_field(found) and simpler.relation == found.relation
    return same_way and same_event and same_reasons


def found_before(signature: Signature, known: Collection[Signature]) -> bool:
    """Was a signature that says the same (resembles) found already?"""
    return any(resembles(signature, other) for other in known)


def words(signature: Signature) -> str:
    """The signature in words, as a terminal may show it (escaped, bounded): its words hold no
    engine text, but are escaped all the same."""
    text = on_terminal(describe(signature))
    return text if len(text) <= SHOWN_SIGNATURE else text[: SHOWN_SIGNATURE - 1] + "…"
