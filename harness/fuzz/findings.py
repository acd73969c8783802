"""A disagreement the fuzzer found, and the ready-to-commit case that holds it.

The case (docs/case-format.md) has a fresh id `fuzz-<op>-<digest of the input>`, the rules it rests
on (picked from the operation and from what differed, by the small maps below), tags from the
closed vocabulary, the one profile it was found under, the input as shrunk, and the expectation
from the reference engine: the keys always compared, plus those of the features where the engine
differed (so that a whole game's events are kept only when the events are what differed). Its
`explain` says that the fuzzer found it, with which seed, and what the engine answered instead.
"""

from __future__ import annotations

import hashlib
import json
import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from cribcheck.harness.contract.files import NoAliasDumper, name_part
from cribcheck.harness.corpus.cases import case_schema, catalogue
from cribcheck.harness.fuzz.example import Example, reference_profile
from cribcheck.harness.operations.compare import WHERE, describe_answer, mismatches
from cribcheck.harness.operations.features import FEATURE_KEYS
from cribcheck.harness.operations.rule_ids import PLAY_PARTS, SHOW_PARTS, flush_rule
from cribcheck.harness.operations.rule_map import (
    COUNT_RULE,
    EVENT_RULES,
    KEY_RULES,
    OP_RULES,
    SEAT_RULES,
    rejection_rules,
)
from cribcheck.reference import Profile

Json = dict[str, Any]
ID_PREFIX = "fuzz-"
DIGEST_LENGTH = 10
SHOWN_MISMATCHES = 12
EXPLAIN_WIDTH = 100

# --- which rules a disagreement rests on -------------------------------------------------------

ROTATION_RULES: Mapping[str, str] = MappingProxyType(  # who leads a series, or deals a hand: by operation
    {"pegging": COUNT_RULE, "game": "deal.alternate", "match": "match.loser-deals"}
)
SIDE_KEYS = frozenset({"scores", "winner", "points", "totals"})  # keys that partners' pooled points decide
MATCH_END_KEYS = frozenset({"games", "winner", "decided_by"})  # keys that a triple skunk's end of match decides
SKUNK_KEYS = frozenset({"skunk", "game_points", "wins_match_outright", "wins_match"})  # a game's skunk decides them
OP_TAGS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "show": ("show",),
        "play": ("pegging",),
        "pegging": ("pegging",),
        "deal": ("deal",),
        "cut": ("cut",),
        "game": ("game",),
        "match": ("match",),
    }
)
RULE_TAGS: Mapping[str, str] = MappingProxyType(
    {
        "show.fifteens": "fifteens",
        "show.pairs": "pairs",
        "show.runs": "runs",
        "show.nobs": "nobs",
        "show.hand-flush-five-card": "hand-flush",
        "show.hand-flush-six-card": "hand-flush",
        "show.crib-flush": "crib-flush",
        "peg.fifteen": "fifteen",
        "peg.thirty-one": "thirty-one",
        "peg.pairs": "pairs",
        "peg.runs": "runs",
        "peg.combined": "combination",
        "peg.go": "go",
        "peg.last-card": "last-card",
        "peg.restart": "reset",
        "peg.single-count": "single-count",
        "deal.starter": "starter",
        "deal.heels": "heels",
        "deal.cut-for-deal": "cut",
        "deal.dealing": "deal",
        "game.three-for-last": "three-for-last",
        "game.show-order": "show-order",
        "game.win": "win",
        "game.skunk": "skunk",
        "game.double-skunk": "skunk",
    }
)
EVENT_INDEX = re.compile(r"^events\[(\d+)\]")


@cache
def result_keys(op: str) -> tuple[str, ...]:
    """The keys a case's expected result may give for `op`, from the case schema."""
    return tuple(case_schema()["$defs"]["result"][op]["properties"])


@cache
def tag_vocabulary() -> frozenset[str]:
    return frozenset(case_schema()["$defs"]["tag"]["enum"])


def case_expectation(op: str, answer: Mapping[str, Any]) -> Json:
    """A reference answer (`{"ok": ...}` or `{"rejected": ...}`) as a case expectation: every
    result key the case format has for `op`, or the rejection's code, index, hand and game."""
    if "rejected" in answer:
        rejected = answer["rejected"]
        return {"rejected": rejected["code"], **{key: rejected[key] for key in WHERE if key in rejected}}
    result = answer["ok"]
    kept = {key: result[key] for key in result_keys(op) if key in result}
    if op == "match":  # a match's games give what a case's matchGame has (no events)
        game_keys = case_schema()["$defs"]["matchGame"]["properties"]
        kept["games"] = [{key: game[key] for key in game_keys if key in game} for game in kept.get("games", [])]
    return kept


@dataclass(frozen=True)
class Finding:
    """An engine's answer that disagrees with the reference's on one example."""

    example: Example
    expected: Json  # the reference's answer as a case expectation, every key
    compared: Json  # what was compared: `expected` less the features the engine did not claim
    answer: Json | None  # the engine's answer, `{"ok": ...}` or `{"rejected": ...}`; None when it failed
    error: str | None  # the engine's error (a crash, a hang, a broken message), when it failed
    mismatches: tuple[str, ...]

    @property
    def engine_said(self) -> str:
        if self.answer is None:
            return f"an error: {self.error}"
        return describe_answer(self.answer)

    def differing_keys(self) -> list[str]:
        """The top-level keys of the expectation the engine got wrong (all of them, if it failed or
        answered a rejection for a result, or the reverse)."""
        if "rejected" in self.compared or self.answer is None or "ok" not in self.answer:
            return list(self.compared)
        return [key for key, value in self.compared.items() if mismatches({key: value}, self.answer)]


# --- the rules, the tags and the case ----------------------------------------------------------


def rules_of(finding: Finding) -> list[str]:
    """The catalogue rules a finding rests on, most specific first."""
    op, expected, answer = finding.example.op, finding.expected, finding.answer
    profile = reference_profile(finding.example.profile)
    count_rule = "peg.single-count" if profile.count == "single" else "peg.restart"
    if "rejected" in expected:
        found = rejection_rules(op, expected["rejected"], expected)
    elif answer is not None and isinstance(answer.get("rejected"), Mapping):
        found = rejection_rules(op, str(answer["rejected"].get("code")), answer["rejected"])
    else:
        found = _result_rules(finding, finding.differing_keys(), (answer or {}).get("ok", {}))
    found = [count_rule if rule == COUNT_RULE else rule for rule in _table_rules(finding, profile, found)]
    if profile.seats > 2:
        found = [SEAT_RULES.get(rule, rule) for rule in found]
    known = catalogue()
    chosen = list(dict.fromkeys(found))
    chosen = [rule for rule in chosen if rule in known]  # each rule once, and only the catalogue's
    return chosen or [count_rule if rule == COUNT_RULE else rule for rule in OP_RULES[op]]


def _table_rules(finding: Finding, profile: Profile, rules: Sequence[str]) -> list[str]:
    """`rules` and those the profile's table adds: who leads, where the engine refused a play the
    reference accepts; the sides' pooling where partners play and the scores differ; the triple
    skunk where it ends a match and the match's end differs."""
    rules = list(rules)
    answer = finding.answer or {}
    if "rejected" in answer:
        if "rejected" not in finding.expected and finding.example.op in ROTATION_RULES:
            rules.append(ROTATION_RULES[finding.example.op])  # a play refused: maybe the wrong seat led
        return rules
    keys = set(finding.differing_keys())
    if profile.sides is not None and keys & SIDE_KEYS:
        rules.append("game.sides")
    if profile.sides is not None and keys & SKUNK_KEYS:
        rules.append("game.partnership-skunk")  # the losing side's score decides the skunk
    if profile.triple_skunk_ends_match and keys & (MATCH_END_KEYS if finding.example.op == "match" else SKUNK_KEYS):
        rules.append("match.triple-skunk")
    if profile.crib_from_deck and finding.example.op == "deal" and "crib_card" in keys:
        rules.append("deal.crib-card")
    if has_claims(finding.example.input) and keys:
        rules.append(_claim_rule(finding, profile))
    return rules


def has_claims(data: Mapping[str, Any]) -> bool:
    """Whether an input carries muggins claims (a hand's, or one of a game's hands')."""
    hands = data.get("hands")
    return bool(data.get("claims")) or (
        isinstance(hands, list) and any(isinstance(hand, Mapping) and hand.get("claims") for hand in hands)
    )


def _claim_rule(finding: Finding, profile: Profile) -> str:
    """The rule of a line's claims: without muggins they change nothing (muggins.off); with it, the
    points pegged as they fall are never claimed (muggins.never-claimed), the rule a claim most
    easily breaks beside those of the muggins events."""
    return "muggins.never-claimed" if profile.muggins else "muggins.off"


def _result_rules(finding: Finding, keys: Sequence[str], got: Mapping[str, Any]) -> list[str]:
    """The rules of the result keys that differ. The events, where they differ, say more than the
    scores they add up to, so the scores then cite nothing."""
    op, expected = finding.example.op, finding.expected
    rules: list[str] = []
    if "events" in keys:
        rules += _event_rules(finding, expected.get("events", []), got.get("events", []))
    for key in keys:
        if key in ("breakdown", "total") or (key == "points" and op == "play"):
            rules += _parts_rules(finding, expected.get("breakdown", {}), got.get("breakdown"), finding.example.input)
        elif key == "scores" and rules:
            continue
        elif key != "events":
            rules += KEY_RULES.get(op, {}).get(key, ())
            if key in ("skunk", "game_points") and "double_skunk" in (expected.get("skunk"), got.get("skunk")):
                rules.append("game.double-skunk")
    if op == "pegging":
        rules.append(COUNT_RULE)
    return rules


def _parts_rules(finding: Finding, want: Mapping[str, Any], got: Any, data: Mapping[str, Any]) -> list[str]:
    """The rules of the parts of a show or play breakdown that differ (or, with no breakdown from
    the engine, of the parts that score)."""
    op = finding.example.op
    parts = SHOW_PARTS if op == "show" else PLAY_PARTS
    if isinstance(got, Mapping):
        names = [name for name in want if want.get(name) != got.get(name)]
    else:
        names = [name for name in want if want.get(name)]
    rules = [_flush_rule(finding, data) if name == "flush" else parts.get(name, "") for name in names]
    if op == "play" and sum(1 for value in want.values() if value) > 1:
        rules.append("peg.combined")
    return [rule for rule in rules if rule]


def _flush_rule(finding: Finding, data: Mapping[str, Any], crib: bool | None = None) -> str:
    """The flush rule of the set shown: the crib's, or the hand's of the profile's family."""
    return flush_rule(
        reference_profile(finding.example.profile), crib=(data.get("crib") if crib is None else crib) is True
    )


def _event_rules(finding: Finding, want: Sequence[Any], got: Any) -> list[str]:
    """The rules of the first event where the two lists part: its type's, or, for a play or a
    show counted differently, the rules of the parts that differ."""
    index = next((int(m.group(1)) for line in finding.mismatches if (m := EVENT_INDEX.match(line))), None)
    if index is None:
        return []
    got = got if isinstance(got, list) else []
    mine = want[index] if index < len(want) else {}
    theirs = got[index] if index < len(got) and isinstance(got[index], Mapping) else {}
    rules: list[str] = []
    for event in (mine, theirs):
        kind = event.get("type")
        if kind == "play" and mine.get("type") == theirs.get("type") and mine.get("scoring") != theirs.get("scoring"):
            keys = set(mine.get("scoring") or {}) | set(theirs.get("scoring") or {})
            rules += [PLAY_PARTS[key] for key in sorted(keys) if key in PLAY_PARTS]
        elif (
            kind == "show" and mine.get("set") == theirs.get("set") and mine.get("breakdown") != theirs.get("breakdown")
        ):
            rules += _show_event_rules(finding, mine, theirs)
        elif isinstance(kind, str):
            rules += EVENT_RULES.get(kind, ())
    return [rule for rule in rules if rule]


def _show_event_rules(finding: Finding, mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> list[str]:
    want, got = mine.get("breakdown") or {}, theirs.get("breakdown") or {}
    crib = mine.get("set") == "crib"
    return [
        _flush_rule(finding, {}, crib) if name == "flush" else SHOW_PARTS.get(name, "")
        for name in want
        if want.get(name) != got.get(name)
    ]


def tags_of(finding: Finding, rules: Iterable[str]) -> list[str]:
    op = finding.example.op
    tags = list(OP_TAGS.get(op, ()))
    if op == "show" and finding.example.input.get("crib"):
        tags.append("crib")
    tags += [RULE_TAGS[rule] for rule in rules if rule in RULE_TAGS]
    if "rejected" in finding.expected:
        tags.append("rejection")
    vocabulary = tag_vocabulary()
    return [tag for tag in dict.fromkeys(tags) if tag in vocabulary]


def case_id(example: Example, prefix: str = ID_PREFIX) -> str:
    """`fuzz-<op>-<digest>` (or another prefix): the same input under the same profile always gets
    the same id."""
    text = json.dumps([example.op, example.profile, example.input], sort_keys=True, separators=(",", ":"))
    return f"{prefix}{example.op}-{hashlib.sha256(text.encode()).hexdigest()[:DIGEST_LENGTH]}"


def kept_expectation(finding: Finding) -> Json:
    """The expectation the case keeps: a rejection whole; of a result, the keys always compared
    and the keys the engine got wrong."""
    expected = finding.expected
    if "rejected" in expected:
        return dict(expected)
    gated = FEATURE_KEYS.get(finding.example.op, {})
    wrong = set(finding.differing_keys())
    return {key: value for key, value in expected.items() if key not in gated or key in wrong}


def summary_of(finding: Finding) -> str:
    """One line: what was expected and how the engine went wrong."""
    answer = finding.answer
    rejection = answer.get("rejected") if answer is not None else None
    if answer is None:
        wrong = "the engine fails"
    elif isinstance(rejection, Mapping):
        where = "".join(f" {key} {rejection[key]}" for key in ("game", "hand", "index") if key in rejection)
        wrong = f"the engine rejects it ({rejection.get('code')}{where})"
    elif "rejected" in finding.expected:
        wrong = "the engine accepts it"
    else:
        wrong = f"the engine differs in {', '.join(finding.differing_keys())}"
    return f"{_expected_text(finding)} expected, {wrong}"


def explanation(finding: Finding, seed: int, engine: str, source: str | None = None) -> str:
    """The case's `explain`: where the case comes from (`source`, a sentence; by default the
    fuzzer with its seed), and what the engine answered instead."""
    if source is None:
        source = (
            f"Found by the differential fuzzer (cribcheck fuzz --seed {seed}) against {engine}, and shrunk by "
            "Hypothesis to this input."
        )
    prose = (
        f"{source} The expectation is the reference engine's answer under "
        f"{finding.example.profile}: {_expected_text(finding)}. The engine answered {finding.engine_said}. "
        "What differed:"
    )
    lines = [
        *textwrap.wrap(prose, EXPLAIN_WIDTH, break_on_hyphens=False),
        *(f"  {line}" for line in finding.mismatches[:SHOWN_MISMATCHES]),
    ]
    if len(finding.mismatches) > SHOWN_MISMATCHES:
        lines.append(f"  ... and {len(finding.mismatches) - SHOWN_MISMATCHES} more")
    return "\n".join(lines) + "\n"


def _expected_text(finding: Finding) -> str:
    expected = finding.expected
    if "rejected" in expected:
        where = "".join(f" {key} {expected[key]}" for key in ("game", "hand", "index") if key in expected)
        return f"the rejection {expected['rejected']}{where}"
    return "a result"


@dataclass(frozen=True)
class Origin:
    """Who found a finding, as its case says it: the id prefix, the title's first words, the
    command named in the topic, and the explanation's first sentence (None: the fuzzer's)."""

    prefix: str = ID_PREFIX
    title: str = "Fuzzer finding"
    command: str = "cribcheck fuzz"
    source: str | None = None


def case_document(finding: Finding, seed: int, engine: str, origin: Origin | None = None) -> Json:
    """The finding as a case file (one topic, one case)."""
    origin = origin or Origin()
    rules = rules_of(finding)
    example = finding.example
    identifier = case_id(example, origin.prefix)
    case = {
        "id": identifier,
        "title": f"{origin.title}: {example.op} under {example.profile}, {summary_of(finding)}",
        "rules": rules,
        "tags": tags_of(finding, rules),
        "profiles": [example.profile],
        "op": example.op,
        "input": example.input,
        "explain": explanation(finding, seed, engine, origin.source),
        "expect": {"default": kept_expectation(finding)},
    }
    return {"topic": f"A disagreement found by {origin.command} ({identifier})", "cases": [case]}


class _CaseDumper(NoAliasDumper):
    """Safe dumping, no aliases; text of several lines as a literal block, as the corpus writes `explain`."""


def _text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = "|" if "\n" in text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_CaseDumper.add_representer(str, _text)

CASE_FILE_NAME_MOST = 120  # characters of a case file's name: its id (a slug), bounded

HEADER = (
    "# Written by `cribcheck fuzz`: a disagreement with the reference engine, shrunk to one case.\n"
    "# Check it, then move it into the topic file under cases/ it belongs to (or commit it as is).\n"
)


def dump_case(document: Mapping[str, Any], header: str = HEADER) -> str:
    body = yaml.dump(
        document, Dumper=_CaseDumper, sort_keys=False, default_flow_style=None, width=120, allow_unicode=True
    )
    return header + body


def write_case(document: Mapping[str, Any], folder: Path, header: str = HEADER) -> Path:
    """Write the case file `<id>.yaml` in `folder` (made if need be), under the comment `header`;
    the path written. An id too long for a file name is bounded (files.name_part: a digest keeps
    two ids apart)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name_part(str(document['cases'][0]['id']), CASE_FILE_NAME_MOST)}.yaml"
    path.write_text(dump_case(document, header), encoding="utf-8")
    return path
