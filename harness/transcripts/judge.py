"""One line of a transcript judged: the reference answers the line's input, and the engine's
answer is judged as `cribcheck run` judges an answer (harness/results/verdict.py: the keys always
compared, the features the transcript's hello claims, not applicable what it does not claim).
Each line is a case named by its number, `line-12`; the rules of a disagreement are those the
fuzzer's findings name (harness/fuzz/findings.py), after the rule of the moment a refused play
came at, or of the one award a hand's scores lack. A line that is not a transcript line is an
`error` naming the line and the field. Used by `cribcheck check` in its own process and in each
of its --jobs processes (harness/transcripts/jobs.py).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.files import display_path
from cribcheck.harness.corpus.cases import Case
from cribcheck.harness.engine.protocol import EngineInfo, Outcome, cut
from cribcheck.harness.fuzz.example import Example
from cribcheck.harness.fuzz.findings import OP_RULES, Finding, case_expectation, rules_of
from cribcheck.harness.fuzz.strategies import other_player
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.operations.compare import mismatches
from cribcheck.harness.operations.features import compared_expectation, input_sent
from cribcheck.harness.results.results import CaseResult, Item
from cribcheck.harness.results.status import Status
from cribcheck.harness.results.verdict import answer_of, judge, not_applicable
from cribcheck.harness.transcripts.exercised import exercised_rules
from cribcheck.harness.transcripts.generate import kept_hands
from cribcheck.harness.transcripts.lines import BadLine, Entry, Line
from cribcheck.harness.transcripts.unfinished import Unfinished
from cribcheck.reference import CribbageError, load_profile, play_pegging
from cribcheck.reference.pegging import LastCard, Reset

SHOWN_INPUT = 600  # characters of a disagreeing line's input quoted in its explanation


@dataclass(frozen=True)
class Judged:
    """One line's result, and the finding it makes when it disagrees."""

    result: CaseResult
    finding: Finding | None = None


def finding_rules(finding: Finding) -> list[str]:
    """The rules a disagreement rests on: the fuzzer's (harness/fuzz/findings.py), after, for a
    play the reference refuses in a pegging, the rule of the moment it comes at."""
    try:
        rules = rules_of(finding)
    except CribbageError:  # a profile the reference does not know: the engine answered it
        return ["input.cards"]
    moment = refused_play_rule(finding) or missing_award_rule(finding)
    return list(dict.fromkeys([moment, *rules])) if moment else rules


AWARD_RULES: Mapping[str, str] = {
    "heels": "deal.heels",
    "three_for_last": "game.three-for-last",
    "last_card": "peg.last-card",
    "show": "game.show-order",
}


def missing_award_rule(finding: Finding) -> str | None:
    """For a hand whose scores alone are compared (no events claimed), not won: for each player
    whose score differs, the one kind of award (heels, three for last, the go or last-card points,
    the show) whose points, in the reference's events, are exactly that player's difference, when
    exactly one kind is: the award the engine left out (or gave twice). Heels first, then the
    rule if the players agree on one."""
    example, expected, answer = finding.example, finding.expected, finding.answer or {}
    result = answer.get("ok")
    if example.op != "hand" or "events" in finding.compared or not isinstance(result, Mapping):
        return None
    want, got = expected.get("scores", {}), result.get("scores")
    if not isinstance(got, Mapping) or expected.get("winner") is not None or result.get("winner") is not None:
        return None
    found: list[str] = []
    for side in want:
        if not isinstance(got.get(side), int) or want[side] == got[side]:
            continue
        totals: dict[str, int] = {}
        for event in expected.get("events", ()):
            if event.get("player") == side and event.get("type") in AWARD_RULES:
                totals[event["type"]] = totals.get(event["type"], 0) + int(event.get("points", 0))
        kinds = [kind for kind, total in totals.items() if total == abs(want[side] - got[side])]
        if len(kinds) == 1:
            found.append(AWARD_RULES[kinds[0]])
    if "deal.heels" in found:
        return "deal.heels"
    return found[0] if len(set(found)) == 1 else None


TURN_CODES = frozenset({"not_your_turn", "go_with_playable_card", "play_after_pegging_over"})


def refused_play_rule(finding: Finding) -> str | None:
    """For a pegging (or a two-player hand's, or a game's hand's) whose play at `index` the
    reference refuses as another's turn (or a go, or after the end) while the engine played it:
    `peg.restart` when the reference had just started a new count (the engine let the wrong player
    lead it), `peg.go` when the count was still open (the engine ended it, or passed the turn,
    while the player to play could still play)."""
    expected = finding.expected
    if expected.get("rejected") not in TURN_CODES or "index" not in expected:
        return None
    try:
        profile = load_profile(finding.example.profile)
        pegging = pegging_of(finding.example, expected) if profile.seats == 2 else None
        if pegging is None:
            return None
        pone, dealer, plays = pegging
        replay = play_pegging(pone, dealer, plays[: expected["index"]], profile, require_complete=False)
    except (CribbageError, KeyError, TypeError, IndexError, ValueError):
        return None
    last = replay.events[-1] if replay.events else None
    return "peg.restart" if isinstance(last, Reset | LastCard) else "peg.go"


def pegging_of(example: Example, expected: Mapping[str, Any]) -> tuple[list[str], list[str], list[str]] | None:
    """The pone's and the dealer's kept cards and the plays of the pegging a rejection points at:
    a pegging's own; a hand's; a game's hand `expected["hand"]`, its dealer from the cut for the
    deal, alternating. None for another operation."""
    data = example.input
    if example.op == "pegging":
        return list(data["pone"]), list(data["dealer"]), list(data["plays"])
    if example.op == "hand":
        hand, dealer = data, data["dealer"]
    elif example.op == "game" and "hand" in expected:
        number = expected["hand"]
        hand = data["hands"][number]
        first = run_reference("cut", {"cuts": data["cuts"]}, example.profile)["ok"]["dealer"]
        dealer = first if number % 2 == 0 else other_player(first)
    else:
        return None
    kept, _, _ = kept_hands(example.profile, {**hand, "dealer": dealer})
    return kept[other_player(dealer)], kept[dealer], list(hand["plays"])


def default_rules(op: str, profile: str) -> tuple[str, ...]:
    """The rules of a line that agrees (they sort it into a rule area): its operation's first."""
    rule = OP_RULES[op][0]
    if rule.startswith("<"):
        try:
            rule = "peg.single-count" if load_profile(profile).count == "single" else "peg.restart"
        except CribbageError:
            rule = "peg.restart"
    return (rule,)


class Judge:
    """Judges the lines of one transcript, with what its hello claims."""

    def __init__(self, path: Path, info: EngineInfo | None) -> None:
        self.source = display_path(path)
        self.info = info
        self.rule_sets: dict[tuple[str, ...], tuple[str, ...]] = {}  # each passing line's rules, held once

    def case(self, number: int, op: str, profile: str, data: Mapping[str, Any], **fields: Any) -> Case:
        return Case(
            id=f"line-{number}",
            title=fields.pop("title", f"line {number}: {op} under {profile}"),
            rules=fields.pop("rules", None) or default_rules(op, profile),
            tags=(),
            profiles=(profile,),
            op=op,
            input=data,
            expect=fields.pop("expect", {}),
            explain=fields.pop("explain", ""),
            file=self.source,
            topic="",
        )

    def line(self, line: Line) -> Judged | None:
        """A line's result (None for the hello and a begin line, which are not judged)."""
        if isinstance(line, Entry):
            return self.entry(line)
        if isinstance(line, BadLine):
            return self.bad(line)
        return None

    def entry(self, entry: Entry) -> Judged:
        why = self.info.why_not(entry.op, entry.profile) if self.info else None
        if why is not None:
            return Judged(
                not_applicable(Item(self.case(entry.number, entry.op, entry.profile, {}), entry.profile), why)
            )
        features = self.info.features_for(entry.op) if self.info else frozenset()  # claims are per operation
        data = input_sent(entry.input, entry.profile, features)
        try:
            answer = run_reference(entry.op, data, entry.profile)
        except Exception as error:  # the input is not one of the operation's: the line is bad
            problem = f"input: the reference cannot read it ({type(error).__name__}: {error})"
            return self.bad(BadLine(entry.number, problem, entry.op, entry.profile))
        expected = case_expectation(entry.op, answer)
        stops = self.info is not None and self.info.stops_at_target
        compared = compared_expectation(entry.op, expected, features, profile=entry.profile, stops_at_target=stops)
        outcome = Outcome(str(entry.number), entry.kind, entry.body)
        if not mismatches(compared, answer_of(outcome) or {}):  # as judge() finds it; the line passes
            exercised = exercised_rules(entry.op, data, answer, load_profile(entry.profile))
            return self.passed(entry.number, entry.op, entry.profile, exercised)
        case = self.case(entry.number, entry.op, entry.profile, data, expect={"default": expected})
        result = judge(Item(case, entry.profile), outcome, features, stops_at_target=stops)
        example = Example(entry.op, entry.profile, dict(data))
        finding = Finding(example, expected, compared, answer_of(outcome), None, result.mismatches)
        rules = tuple(finding_rules(finding))
        shown = cut(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        explain = f"Line {entry.number} of {self.source}. The input: {shown}"
        failing = replace(  # the expectation kept is what was compared (the reference's events may be large)
            case, rules=rules, explain=explain, title=f"{case.title}: {', '.join(rules)}", expect={"default": compared}
        )
        return Judged(replace(result, item=Item(failing, entry.profile)), finding)

    def passed(self, number: int, op: str, profile: str, rules: tuple[str, ...] = ()) -> Judged:
        """A line that agrees: kept as its name, status and the rules its answer exercised (the
        transcript holds the rest; lines that exercised the same rules share one tuple)."""
        rules = self.rule_sets.setdefault(rules, rules)
        return Judged(CaseResult(Item(self.case(number, op, profile, {}, rules=rules), profile), Status.PASS))

    def unfinished(self, unfinished: Unfinished) -> Judged:
        """A game or hand begun and never ended: an error named by its begin line."""
        begun = unfinished.begun
        problem = unfinished.problem()
        case = self.case(
            begun.number,
            begun.what,
            begun.profile,
            {},
            title=f"line {begun.number}: a {begun.what} that never ended",
            explain=f"Line {begun.number} of {self.source}: {problem}",
        )
        return Judged(CaseResult(Item(case, begun.profile), Status.ERROR, f"line {begun.number}: {problem}"))

    def bad(self, line: BadLine) -> Judged:
        op = line.op or ""  # a line that names no operation readably: the report says null
        profile = line.profile or "(none)"
        case = self.case(
            line.number,
            op,
            profile,
            {},
            title=f"line {line.number}: not a transcript line",
            rules=("input.cards",) if not line.op else default_rules(line.op, profile),
            explain=f"Line {line.number} of {self.source}: {line.problem}",
        )
        message = f"line {line.number}: {line.problem}"
        return Judged(CaseResult(Item(case, profile), Status.ERROR, message))
