"""The rules a line that agrees with the reference exercised, read from the reference's answer.

A passing line sorts into the rules its answer went through, not only its operation's first rule:
a hand that pegged a go, a last card and a run and showed a flush cites peg.go, peg.last-card,
peg.runs, game.show-order and the flush's rule, and game.win only if it was won. The diagnosis
ranks rules by how often they are cited by failing lines against passing ones (Ochiai), so a rule
that every passing line cited, or none, would rank wrongly.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cribcheck.harness.corpus.cases import catalogue
from cribcheck.harness.fuzz.findings import COUNT_RULE, EVENT_RULES, PLAY_PARTS, SEAT_RULES, SHOW_PARTS
from cribcheck.reference import Profile


def exercised_rules(op: str, data: Mapping[str, Any], answer: Mapping[str, Any], profile: Profile) -> tuple[str, ...]:
    """The catalogue's rules the reference's answer `{"ok": ...}` to the input `data` went through,
    each once, in the order met; empty when it scored nothing the tables name (the caller then
    cites its default)."""
    result = answer.get("ok")
    if not isinstance(result, Mapping):
        return ()
    count_rule = "peg.single-count" if profile.count == "single" else "peg.restart"
    crib = data.get("crib") is True
    found = [count_rule if rule == COUNT_RULE else rule for rule in _rules(op, result, profile, crib)]
    if profile.seats > 2:
        found = [SEAT_RULES.get(rule, rule) for rule in found]
    known = catalogue()
    return tuple(rule for rule in dict.fromkeys(found) if rule in known)


def _rules(op: str, result: Mapping[str, Any], profile: Profile, crib: bool) -> Iterator[str]:
    breakdown = result.get("breakdown")
    if op == "show" and isinstance(breakdown, Mapping):
        yield from _show_parts(breakdown, crib=crib, profile=profile)
    elif op == "play" and isinstance(breakdown, Mapping):
        yield from _play_parts({name for name, points in breakdown.items() if points})
    for event in result.get("events") or ():
        if isinstance(event, Mapping):
            yield from _event_rules(event, profile)
    skunk = result.get("skunk")
    if skunk:
        yield "game.double-skunk" if skunk == "double_skunk" else "game.skunk"
        if profile.sides is not None:
            yield "game.partnership-skunk"
        if profile.triple_skunk_ends_match:
            yield "match.triple-skunk"


def _event_rules(event: Mapping[str, Any], profile: Profile) -> Iterator[str]:
    kind = event.get("type")
    if kind == "play":
        scoring = event.get("scoring")
        yield from _play_parts(set(scoring) if isinstance(scoring, Mapping) else set())
    elif kind == "show":
        yield "game.show-order"
        breakdown = event.get("breakdown")
        if isinstance(breakdown, Mapping):
            yield from _show_parts(breakdown, crib=event.get("set") == "crib", profile=profile)
    elif isinstance(kind, str):
        yield from EVENT_RULES.get(kind, ())


def _play_parts(names: set[str]) -> Iterator[str]:
    yield from (PLAY_PARTS[name] for name in sorted(names) if name in PLAY_PARTS)
    if len(names) > 1:
        yield "peg.combined"


def _show_parts(breakdown: Mapping[str, Any], *, crib: bool, profile: Profile) -> Iterator[str]:
    for name, points in breakdown.items():
        if not points:
            continue
        if name == "flush":
            if crib:
                yield "show.crib-flush"
            else:
                yield "show.hand-flush-five-card" if profile.cards_kept == 3 else "show.hand-flush-six-card"
        elif name in SHOW_PARTS:
            yield SHOW_PARTS[name]
