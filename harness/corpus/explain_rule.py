"""`cribcheck explain RULE` and `cribcheck explain DISPUTE`: a rule or a dispute of the catalogue,
laid out for a person, with the few cases that show it best.

A rule (`peg.thirty-one`): its statement, its sources, the profiles it applies to, the disputes
that touch it (named in its statement, or cited beside it by a case), and the cases that show it
best, each with its one-line answer; then how to run every case that cites it. A dispute (`D4`,
`d4`, or its rule id `dispute.d4-crib-nobs`): the question, both readings with their sources,
the profiles that play each (the ruling's profile and its variants for other disputes; the other
reading's variants), and a case under each reading with its answer there.

"Shows it best": of the cases citing the rule, those that cite it first (the rule is what they
are about), then those citing the fewest rules, then the smallest input; one a case, the first
of its profiles the rule applies to. For a dispute, a case whose answer differs between a profile
of each reading comes first, shown under both: the dispute in one case. The answer line is the
case's expectation as a person reads it: a total or points and their parts, a rejection code, a
winner and the final scores, or the expectation's first keys.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.corpus.lint import ruling_family
from cribcheck.harness.operations.compare import WHERE
from cribcheck.reference import load_profile
from cribcheck.reference.profiles import profile_names

SHOWN = 3  # cases shown for a rule
WIDTH = 100
ANSWER_WIDTH = 110
DISPUTE_NUMBER = re.compile(r"\bD(\d+)\b")
Rule = Mapping[str, Any]
SHOWN_ALWAYS = ("winner", "scores")  # keys every answer line shows
READINGS = (("ruling", "Ruling (what the main profiles play)"), ("other", "Other reading"))


@dataclass(frozen=True)
class Found:
    """What an `explain` word names in the catalogue: a rule, or a dispute (its rule)."""

    rule: Rule
    dispute: bool


def find(word: str, rules: Mapping[str, Rule]) -> Found | None:
    """The rule or dispute `word` names: a rule id; `D4`, `d4` or a dispute's rule id."""
    rule = rules.get(word)
    if rule is not None:
        return Found(rule, rule.get("area") == "dispute")
    by_number = {str(rule["dispute"]).upper(): rule for rule in rules.values() if rule.get("dispute")}
    if word.upper() in by_number:
        return Found(by_number[word.upper()], True)
    return None


def answer_line(case: Case, profile: str, focus: Sequence[str] = ()) -> str:
    """The case's expectation under `profile`, on one line; the keys of `focus` first (where two
    readings differ)."""
    expected = case.expected(profile)
    if "rejected" in expected:
        text = f"rejected: {expected['rejected']}"
        where = [f"{key} {_compact(expected[key])}" for key in WHERE if key in expected]
        return _cut(text + (f" ({', '.join(where)})" if where else ""))
    keys = [key for key in focus if key in expected and key != "breakdown"]
    keys += [key for key in ("total", "points", "winner", "scores") if key in expected and key not in keys]
    parts = [(key, _part(expected, key)) for key in keys]
    if not parts:  # nothing of the usual: the expectation's first keys
        parts = [(key, f"{key} {_compact(value)}") for key, value in list(expected.items())[:3]]
    return _cut("; ".join(text for _, text in parts))


def _part(expected: Mapping[str, Any], key: str) -> str:
    """One key of an expectation as the answer line shows it: a total or points with the parts that
    scored (`total 1 (nobs 1)`), anything else as compact JSON."""
    text = f"{key} {_compact(expected[key])}"
    breakdown = expected.get("breakdown")
    if key in ("total", "points") and isinstance(breakdown, Mapping):
        scored = [f"{name.replace('_', ' ')} {points}" for name, points in breakdown.items() if points]
        text += f" ({', '.join(scored) or 'nothing'})"
    return text


def best_cases(cases: Sequence[Case], rule_id: str, profiles: Sequence[str] | None = None) -> list[tuple[Case, str]]:
    """The cases citing `rule_id` that show it best (see the module's note), each with the profile
    to show it under (one of `profiles`, when given)."""
    chosen: list[tuple[Case, str]] = []
    citing = [case for case in cases if rule_id in case.rules]
    order = sorted(
        citing, key=lambda case: (case.rules[0] != rule_id, len(case.rules), len(json.dumps(case.input)), case.id)
    )
    for case in order:
        usable = [name for name in case.profiles if profiles is None or name in profiles]
        if usable:
            chosen.append((case, usable[0]))
    return chosen


def explain_rule(rule: Rule, rules: Mapping[str, Rule], cases: Sequence[Case]) -> str:
    lines = [f"{rule['id']} ({rule['area']})", *_wrap(rule["statement"], "  ")]
    lines.append(f"  profiles: {', '.join(rule['profiles']) or 'none yet (a variant not played)'}")
    lines.append(f"  sources: {'; '.join(rule['sources']) or 'none'}")
    touching = disputes_of(rule, rules, cases)
    lines += ["", "Disputes" if touching else "Disputes: none touch it"]
    for dispute in touching:
        lines += _wrap(f"{dispute['dispute']} ({dispute['id']}): {dispute['statement']}", "  ", "    ")
        lines.append(f"    both readings: cribcheck explain {dispute['dispute']}")
    shown = best_cases(cases, rule["id"], rule["profiles"] or None)
    citing = sum(rule["id"] in case.rules for case in cases)
    lines += ["", f"Cases that show it ({min(SHOWN, len(shown))} of the {citing} that cite it)"]
    lines += [line for case, profile in shown[:SHOWN] for line in _case_lines(case, profile)]
    if citing:
        lines += [
            "",
            f"every case citing it: cribcheck run --rule {rule['id']}; a case in full: cribcheck explain ID",
        ]
    return "\n".join(lines)


@dataclass(frozen=True)
class DisputeCases:
    """What shows a dispute: the profiles that play each reading, a case under each (side -> the
    case and the profile it is shown under; None when no case is under that reading yet), and the
    keys of the answer where the two readings differ (shown first)."""

    players: Mapping[str, Sequence[str]]
    shown: Mapping[str, tuple[Case, str] | None]
    focus: Sequence[str]


def dispute_cases(rule: Rule, cases: Sequence[Case], profiles: Mapping[str, Any]) -> DisputeCases:
    """The cases that show a dispute best: one case whose answer differs between a profile of
    each reading, shown under both (the dispute in one case); else the best case under each."""
    number = rule["dispute"]
    players = {
        "ruling": sorted(ruling_family(rule["ruling"]["profile"], number, profiles)),
        "other": [rule["other"]["profile"], *rule["other"].get("also", [])],
    }
    both = one_case_both_ways(cases, rule, profiles)
    focus: list[str] = []
    if both:  # the keys where the two readings' answers differ, shown first
        (case, mine), (_, theirs) = both["ruling"], both["other"]
        ours, other = case.expected(mine), case.expected(theirs)
        changed = [key for key in {**ours, **other} if ours.get(key) != other.get(key) and key not in SHOWN_ALWAYS]
        # shared keys first, each short enough for one line (a key one answer lacks shows on the other)
        changed.sort(key=lambda key: key not in differing_keys(ours, other))
        focus = [key for key in changed if len(_compact(ours.get(key, other.get(key)))) <= 60][:2]
    shown = {
        side: both[side] if both else next(iter(best_cases(cases, rule["id"], players[side])), None)
        for side in ("ruling", "other")
    }
    return DisputeCases(players, shown, focus)


def explain_dispute(rule: Rule, cases: Sequence[Case]) -> str:
    profiles = {name: load_profile(name) for name in profile_names()}
    number = rule["dispute"]
    chosen = dispute_cases(rule, cases, profiles)
    lines = [f"{number} ({rule['id']})", *_wrap(rule["statement"], "  ")]
    lines.append(f"  sources: {'; '.join(rule['sources']) or 'none'}")
    for side, label in READINGS:
        reading = rule[side]
        lines += ["", label, *_wrap(reading["reading"], "  ")]
        lines.append(f"  sources: {'; '.join(reading['sources']) or 'none'}")
        lines += _wrap(f"played by: {', '.join(chosen.players[side])}", "  ", "    ")
        shown = chosen.shown[side]
        lines += (
            ["  a case under it:", *("  " + line for line in _case_lines(*shown, chosen.focus))]
            if shown
            else ["  no case under it yet"]
        )
    lines += ["", f"every case of the dispute: cribcheck run --rule {rule['id']}"]
    return "\n".join(lines)


def one_case_both_ways(cases: Sequence[Case], rule: Rule, profiles: Mapping[str, Any]) -> dict[str, tuple[Case, str]]:
    """A case of the dispute whose answer under a profile of the ruling differs from its answer
    under a profile of the other reading: side -> (the case, that profile); none when no case does.
    A case whose two answers differ in a value both give comes first (the one-line answers then
    show the difference; not a key one answer lacks)."""
    ruling = ruling_family(rule["ruling"]["profile"], rule["dispute"], profiles)
    other = [rule["other"]["profile"], *rule["other"].get("also", [])]
    found: dict[str, tuple[Case, str]] = {}
    for case, _ in best_cases(cases, rule["id"]):
        for mine in (name for name in case.profiles if name in ruling):
            for theirs in (name for name in case.profiles if name in other):
                ours, their = case.expected(mine), case.expected(theirs)
                if ours == their:
                    continue
                if differing_keys(ours, their):
                    return {"ruling": (case, mine), "other": (case, theirs)}
                found = found or {"ruling": (case, mine), "other": (case, theirs)}
    return found


def differing_keys(ours: Mapping[str, Any], theirs: Mapping[str, Any]) -> list[str]:
    """The keys of two expectations whose values differ, both giving one (the winner and the scores
    aside: every answer line shows them)."""
    return [key for key in ours if key in theirs and ours[key] != theirs[key] and key not in SHOWN_ALWAYS]


def disputes_of(rule: Rule, rules: Mapping[str, Rule], cases: Sequence[Case]) -> list[Rule]:
    """The disputes that touch a rule: named in its statement (`dispute D2`), or cited beside it."""
    if rule.get("area") == "dispute":
        return []
    by_number = {str(other["dispute"]): other for other in rules.values() if other.get("dispute")}
    named = {f"D{number}" for number in DISPUTE_NUMBER.findall(str(rule["statement"]))}
    cited = {
        str(rules[other]["dispute"])
        for case in cases
        if rule["id"] in case.rules
        for other in case.rules
        if other in rules and rules[other].get("dispute")
    }
    return [by_number[number] for number in sorted(named | cited, key=_number) if number in by_number]


def _number(name: str) -> int:
    return int(name[1:]) if name[1:].isdigit() else 0


def _case_lines(case: Case, profile: str, focus: Sequence[str] = ()) -> list[str]:
    return [f"  {case.id}[{profile}]: {case.title}", f"    -> {answer_line(case, profile, focus)}"]


def _wrap(text: str, indent: str, later: str | None = None) -> list[str]:
    return textwrap.wrap(
        " ".join(str(text).split()),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent if later is None else later,
        break_on_hyphens=False,
    ) or [indent]


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)


def _cut(text: str) -> str:
    return text if len(text) <= ANSWER_WIDTH else text[: ANSWER_WIDTH - 3] + "..."
