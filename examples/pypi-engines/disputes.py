"""Which reading of each dispute an engine plays, where its answers show it (compare.py writes the
table into docs/engines.md; the rules book links each dispute to its row).

A case of a dispute that lists a main profile P (the engine's game, say six-card) and a profile O
of the dispute's other reading made from P (six-card--no-crib-nobs), with different expectations
under the two, tells the readings apart: the engine's answer under P (from a JSON Lines report
written with --report-full, so a passing answer is kept) is held against the expectation under P
(the ruling: the main profiles play it) and under O (the other reading). An engine plays a reading
when every such answer it gave matches that reading; "mixed" when they split; "neither" when none
matches either (a bug, not a reading); "not shown" when it answered none of them (its adapter
claims no operation or profile of those cases).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.operations.compare import mismatches
from cribcheck.harness.operations.features import compared_expectation
from cribcheck.harness.results.saved import Run
from cribcheck.harness.results.status import Status
from cribcheck.reference.profiles import Profile

ANSWERED = (Status.PASS, Status.FAIL, Status.XFAIL, Status.XPASS)  # an answer was given and compared


@dataclass
class Tally:
    """How an engine's answers to the cases that tell a dispute's readings apart fell."""

    ruling: list[str] = field(default_factory=list)  # ID[PROFILE] of each answer matching the ruling
    other: list[str] = field(default_factory=list)
    neither: list[str] = field(default_factory=list)

    def verdict(self) -> str:
        told = len(self.ruling) + len(self.other) + len(self.neither)
        if not told:
            return "not shown"
        if len(self.ruling) == told:
            return f"the ruling ({told}/{told})"
        if len(self.other) == told:
            return f"the other reading ({told}/{told})"
        if not self.ruling and not self.other:
            return f"neither (none of {told} answers matches a reading)"
        parts = [("ruling", self.ruling), ("other", self.other), ("neither", self.neither)]
        return "mixed: " + ", ".join(f"{name} {len(ids)}" for name, ids in parts if ids)


def telling_pairs(case: Case, rule: Mapping[str, Any], profiles: Mapping[str, Profile]) -> list[tuple[str, str]]:
    """(P, O) for each main profile P of the case and profile O of the dispute's other reading made
    from P, both listed by the case, whose expectations differ: the answer under P tells them apart."""
    others = [rule["other"]["profile"], *rule["other"].get("also", [])]
    pairs = []
    for main in (name for name in case.profiles if profiles[name].variant_of is None):
        for other in (name for name in others if name in case.profiles and profiles[name].variant_of == main):
            if case.expected(main) != case.expected(other):
                pairs.append((main, other))
    return pairs


def readings(
    run: Run, disputes: Sequence[Mapping[str, Any]], cases: Mapping[str, Case], profiles: Mapping[str, Profile]
) -> dict[str, Tally]:
    """Dispute number -> how the run's answers fell."""
    engine = run.header.engine
    answers = {
        (result.case.id, result.profile): result.actual
        for result in run.results
        if result.status in ANSWERED and result.actual is not None
    }
    found: dict[str, Tally] = {}
    for rule in disputes:
        tally = found.setdefault(rule["dispute"], Tally())
        for case in (case for case in cases.values() if rule["id"] in case.rules):
            for main, other in telling_pairs(case, rule, profiles):
                answer = answers.get((case.id, main))
                if answer is None:
                    continue
                name = f"{case.id}[{main}]"
                # held against what the run compares: the totals, and the parts of the features claimed
                claimed = engine.capabilities.features_for(case.op) if engine is not None else frozenset()
                ruling, otherwise = (
                    compared_expectation(case.op, case.expected(each), claimed) for each in (main, other)
                )
                if not mismatches(ruling, answer):
                    tally.ruling.append(name)
                elif not mismatches(otherwise, answer):
                    tally.other.append(name)
                else:
                    tally.neither.append(name)
    return found


def told_by(rule: Mapping[str, Any], cases: Mapping[str, Case], profiles: Mapping[str, Profile]) -> list[str]:
    """The operations of the cases that tell a dispute's readings apart (what an engine must answer
    for its reading to show)."""
    ops = {case.op for case in cases.values() if rule["id"] in case.rules and telling_pairs(case, rule, profiles)}
    return sorted(ops)


def table(
    runs: Sequence[Run],
    labels: Sequence[str],
    disputes: Sequence[Mapping[str, Any]],
    cases: Mapping[str, Case],
    profiles: Mapping[str, Profile],
) -> list[str]:
    """The Markdown section: a row per dispute (its anchor `dN`), a column per engine."""
    tallies = [readings(run, disputes, cases, profiles) for run in runs]
    out = [
        '<a id="disputes"></a>',
        "",
        "## The disputes across the public engines",
        "",
        "Which reading of each dispute of the [rules book](rules.md#dispute) each engine plays, where its",
        "answers show it: the cases of a dispute that list a main profile and the other reading's profile made",
        "from it, with different expectations, are answered by the engine under the main profile (through its",
        "adapter, in the run above), and each answer is held against both expectations. `the ruling (4/4)`:",
        "every such answer matches the ruling; `mixed`: they split; `neither`: an answer matches no reading",
        "(a bug, not a reading); `not shown`: the engine answered none of them (the last column says which",
        "operations those cases are: each adapter claims `show` and `play` under `six-card` only).",
        "",
        f"| dispute | {' | '.join(labels)} | told by cases of |",
        "|---" * (len(labels) + 2) + "|",
    ]
    for rule in disputes:
        number = rule["dispute"]
        cells = [tally[number].verdict() for tally in tallies]
        question = " ".join(str(rule["statement"]).split()).replace("|", "\\|")
        ops = ", ".join(told_by(rule, cases, profiles)) or "no case yet"
        out.append(
            f'| <a id="{number.lower()}"></a>[{number}](rules.md#{rule["id"]}): {question} | '
            f"{' | '.join(cells)} | {ops} |"
        )
    return out
