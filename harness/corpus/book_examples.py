"""The worked examples of the rules book (docs/rules.md and `cribcheck rules --html`).

A rule's examples are the cases `cribcheck explain RULE` shows (explain_rule.best_cases: those
about the rule first, then the fewest rules, then the smallest input; SHOWN of them); a
dispute's, a case under each reading (explain_rule.dispute_cases: one case under both when one
tells the readings apart). Each example is what `cribcheck explain ID[PROFILE]` prints of it, the
input and the reference engine's derivation (explain.input_lines, derivation_lines), cut to a few
lines when long, with the one-line answer of `cribcheck explain RULE` (explain_rule.answer_line).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.corpus import explain, explain_rule
from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.operations.answers import run_reference

INPUT_LINES = 8  # lines of input shown (a game's decks are long)
HEAD, TAIL = 10, 6  # of a long derivation, the first and last lines shown (the result is at its end)


@dataclass(frozen=True)
class Example:
    """One case worked under one profile: its lines (the input, then the derivation) and its answer."""

    case: Case
    profile: str
    lines: tuple[str, ...]
    answer: str

    @property
    def command(self) -> str:
        """The command that prints the whole of it."""
        return f"cribcheck explain {self.case.id}[{self.profile}]"


def worked(case: Case, profile: str, focus: Sequence[str] = ()) -> Example:
    """`case` under `profile`, worked out by the reference engine."""
    try:
        answer = run_reference(case.op, case.input, case.profile_sent(profile))
        derivation = explain.derivation_lines(case.op, case.input, answer)
    except Exception as error:  # a crash of the reference is shown, not raised (as explain does)
        derivation = [f"the reference engine crashed: {error!r}"]
    lines = [
        "Input",
        *_indent(_cut(explain.input_lines(case.op, case.input), INPUT_LINES - 1, 0, "lines of input")),
        f"Under {profile}",
        *_indent(_cut(derivation, HEAD, TAIL, "lines")),
    ]
    return Example(case, profile, tuple(lines), explain_rule.answer_line(case, profile, focus))


def rule_examples(rule: Mapping[str, Any], cases: Sequence[Case]) -> tuple[Example, ...]:
    """The examples under a rule: the cases `cribcheck explain RULE` shows, in its order."""
    shown = explain_rule.best_cases(cases, rule["id"], rule["profiles"] or None)[: explain_rule.SHOWN]
    return tuple(worked(case, profile) for case, profile in shown)


def dispute_examples(
    rule: Mapping[str, Any], cases: Sequence[Case], profiles: Mapping[str, Any]
) -> tuple[explain_rule.DisputeCases, dict[str, Example | None]]:
    """What shows a dispute (the profiles of each reading, its cases) and the example under each
    reading (None where no case is under it yet)."""
    chosen = explain_rule.dispute_cases(rule, cases, profiles)
    examples = {
        side: worked(*shown, chosen.focus) if shown is not None else None for side, shown in chosen.shown.items()
    }
    return chosen, examples


def _cut(lines: Sequence[str], head: int, tail: int, what: str) -> list[str]:
    """`lines`, or its first `head` and last `tail` lines when longer, saying how many are left out."""
    if len(lines) <= head + tail + 1:
        return list(lines)
    left = len(lines) - head - tail
    return [*lines[:head], f"... {left} more {what} ...", *(lines[len(lines) - tail :] if tail else [])]


def _indent(lines: Sequence[str]) -> list[str]:
    return [f"  {line}" for line in lines]
