"""The likely causes of a run's failures (its diagnosis, harness/diagnosis/) as every report
words them: a cause's heading and detail, the command that explains its smallest case, and the
failures listed cause by cause, the smallest first."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cribcheck.harness.operations.divergence import describe
from cribcheck.harness.report.common import needs_detail, rerun_command
from cribcheck.harness.results.diagnosis import READING, Cause, Diagnosis, RankedRule
from cribcheck.harness.results.results import CaseResult, RunHeader

RANKED_SHOWN = 5  # rules named on the ranked-rules line
CAUSES_SHOWN = 10  # likely causes printed on a terminal


@dataclass(frozen=True)
class Group:
    """The failures of one cause (None: results that fail the run without being diagnosed, such
    as an unexpected pass), smallest first."""

    number: int  # the cause's rank, from 1; 0 for the undiagnosed
    cause: Cause | None
    results: tuple[CaseResult, ...]
    more: int = 0  # results of the group past the limit kept: counted, not kept


def failing_total(diagnosis: Diagnosis) -> int:
    return diagnosis.failures or sum(cause.explains for cause in diagnosis.causes)


def heading(cause: Cause) -> str:
    """The cause in a line: its description."""
    return cause.description


def counted(cause: Cause) -> int:
    """The results a cause's figure counts: where a known bug or reading is named, those whose
    whole answer it reproduces (the results the cause holds alone); else all of the cause's."""
    return cause.explains - cause.shared if cause.mutant or cause.reading else cause.explains


def detail(cause: Cause, total: int) -> str:
    """`rule peg.runs; a known bug (mutant peg-run-in-order-only) reproduces the whole answer of
    76 of the 94 failing results`, then what else the cause says (extras)."""
    rules = f"rule{'s' if len(cause.rules) > 1 else ''} {', '.join(cause.rules)}" if cause.rules else "no rule"
    part = f"{counted(cause)} of the {total} failing result{'s' if total != 1 else ''}"
    if cause.mutant:
        part = f"a known bug (mutant {cause.mutant}) reproduces the whole answer of {part}"
    elif cause.reading:
        part = f"the profile {cause.reading} answers as the engine does in {part}"
    return "; ".join([rules, part, *extras(cause)])


def extras(cause: Cause) -> list[str]:
    """What a cause says beyond its rules and share, each a clause."""
    found = []
    if cause.shared and (cause.mutant or cause.reading):
        found.append(f"and {cause.shared} more that show another cause too (one answer, two differences)")
    elif cause.shared:
        found.append(f"{cause.shared} of them show another cause too (one answer, two differences)")
    if cause.resembles:
        what = cause.resembles.removeprefix(READING)
        kind = "reading" if cause.resembles.startswith(READING) else "known bug"
        found.append(f"resembles the {kind} {what}, which differs where the engine is right (not named)")
    if (cause.mutant or cause.reading) and cause.signatures:
        found.append(f"what differs: {describe(cause.signatures[0])}")
    return found


def explain_command(header: RunHeader | None, name: str) -> str | None:
    """`cribcheck explain 'ID[profile]'` (with the run's --cases, when it named one); None for a
    transcript's line (`cribcheck check`), which is no case of a corpus: its rerun shows it."""
    words = ["cribcheck", "explain"]
    prefix = header.rerun_prefix if header else ()
    if prefix[:2] == ("cribcheck", "check"):
        return None
    if "--cases" in prefix:
        at = prefix.index("--cases")
        words += list(prefix[at : at + 2])
    return shlex.join([*words, name])


def smallest_rerun(header: RunHeader | None, cause: Cause, results: Iterable[CaseResult]) -> str | None:
    """The command that reruns the cause's smallest case, if its result is among `results`."""
    if header is None:
        return None
    found = next((result for result in results if result.item.name == cause.case), None)
    return None if found is None else rerun_command(header, found)


def ranked_line(rules: Sequence[RankedRule]) -> str | None:
    """`peg.runs 0.93 (81% of the failures), peg.go 0.40 (21%), ...`, the most suspicious first."""
    if not rules:
        return None
    shown = [f"{rule.rule} {rule.score:.2f} ({rule.share:.0%})" for rule in rules[:RANKED_SHOWN]]
    more = f", and {len(rules) - RANKED_SHOWN} more" if len(rules) > RANKED_SHOWN else ""
    return ", ".join(shown) + more


def groups(results: Iterable[CaseResult], diagnosis: Diagnosis | None, limit: int | None = None) -> list[Group]:
    """The results that fail the run, cause by cause (in the causes' order, each smallest first),
    then those no cause holds, in the run's order; without a diagnosis, one group in the run's
    order. Gone through once, as a stream: of the results no cause holds, the first `limit` are
    kept and the others counted (the last group's `more`); a cause holds a bounded number (a
    diagnosis names at most harness/diagnosis's MAX_DIAGNOSED)."""
    causes = diagnosis.causes if diagnosis is not None else ()
    owner: dict[str, int] = {}
    for number, cause in enumerate(causes, start=1):
        for name in cause.results:
            owner.setdefault(name, number)
    held: dict[int, dict[str, CaseResult]] = {}
    rest: list[CaseResult] = []
    more = 0
    for result in results:
        if not needs_detail(result):
            continue
        number = owner.get(result.item.name)
        if number is not None:
            held.setdefault(number, {})[result.item.name] = result
        elif limit is None or len(rest) < limit:
            rest.append(result)
        else:
            more += 1
    out = []
    for number, cause in enumerate(causes, start=1):
        found = held.get(number, {})
        members = tuple(found[name] for name in cause.results if name in found and owner[name] == number)
        if members:
            out.append(Group(number, cause, members))
    if rest or more:
        out.append(Group(0, None, tuple(rest), more))
    return out


def cause_lines(
    diagnosis: Diagnosis,
    header: RunHeader | None,
    results: Sequence[CaseResult],
    shown: int = CAUSES_SHOWN,
) -> list[str]:
    """The likely causes as a terminal prints them: each with its rules, what it explains, the
    smallest case and the commands that explain and rerun it; then the rules ranked."""
    total = failing_total(diagnosis)
    lines = [f"likely causes of the {total} failing result{'s' if total != 1 else ''}:"]
    for number, cause in enumerate(diagnosis.causes[:shown], start=1):
        lines += [
            f"  {number}. {heading(cause)}",
            f"     {detail(cause, total)}",
            f"     look first at {cause.case}:",
        ]
        commands = (explain_command(header, cause.case), smallest_rerun(header, cause, results))
        lines += [f"       {command}" for command in commands if command]
    if len(diagnosis.causes) > shown:
        lines.append(f"  ... and {len(diagnosis.causes) - shown} more causes (their failures are below)")
    ranked = ranked_line(diagnosis.rules)
    if ranked:
        lines.append(f"rules the failures point at (Ochiai score, share of the failures): {ranked}")
    return lines
