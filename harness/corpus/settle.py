"""What `cribcheck count` and `cribcheck peg` share: the reference's answer to a user's input under
a profile, the same input under every other reading of a dispute that profile has, and the run of
the command (text or the protocol's JSON, and its exit status).

The other readings of a profile come from the catalogue's disputes and the profiles' own
`variant_of` and `dispute`: under `six-card`, each variant of six-card that plays a dispute's other
reading (six-card--no-crib-nobs for D4, six-card--thirty-one-plus-last for D2, ...); under such a
variant, the profile it varies, which plays the ruling. A reading is shown only where its answer
differs; the readings that give the same answer are named in one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.contract.files import CATALOGUE_FILE
from cribcheck.harness.corpus.explain import rules_by_id
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.operations.rule_ids import FIVE_CARD_KEPT
from cribcheck.reference import CribbageError, Profile, load_profile, profile_names

Json = Mapping[str, Any]
DEFAULT_PROFILE = "six-card"
FIVE_CARD = "five-card"
ANSWERED, REJECTED = 0, 1  # the exit statuses: the reference counted it, or rejected the input


@dataclass(frozen=True)
class Reading:
    """One reading of a dispute, as a profile plays it: `side` is "ruling" or "other"."""

    dispute: str
    side: str
    profile: str
    text: str

    @property
    def head(self) -> str:
        """`D4's other reading (six-card--no-crib-nobs)`."""
        return f"{self.dispute}'s {'ruling' if self.side == 'ruling' else 'other reading'} ({self.profile})"


@dataclass(frozen=True)
class Beside:
    """The same input answered under another reading."""

    reading: Reading
    answer: Json


def known_profile(name: str) -> Profile | None:
    try:
        return load_profile(name)
    except CribbageError:
        return None


def readings_beside(name: str, rules: Mapping[str, Mapping[str, Any]]) -> list[Reading]:
    """The other readings of the disputes that `name` plays one reading of (see the module's note),
    in the order of the disputes' numbers."""
    profile = known_profile(name)
    if profile is None:
        return []
    disputes = {str(rule["dispute"]): rule for rule in rules.values() if rule.get("dispute")}
    found = []
    if profile.dispute is not None and profile.variant_of is not None and profile.dispute in disputes:
        ruling = disputes[profile.dispute]["ruling"]["reading"]
        found.append(Reading(profile.dispute, "ruling", profile.variant_of, str(ruling)))
    for other_name in profile_names():
        other = known_profile(other_name)
        if other is None or other.variant_of != name or other.dispute not in disputes:
            continue
        found.append(Reading(other.dispute, "other", other_name, str(disputes[other.dispute]["other"]["reading"])))
    return sorted(found, key=lambda reading: (int(reading.dispute.lstrip("D") or 0), reading.profile))


def answers_beside(
    op: str, data: Json, profile: str, answer: Json, rules: Mapping[str, Mapping[str, Any]]
) -> tuple[list[Beside], list[Reading]]:
    """The other readings whose answer to `data` differs from `answer` (with that answer), and those
    whose answer is the same."""
    differ, same = [], []
    for reading in readings_beside(profile, rules):
        theirs = run_reference(op, data, reading.profile)
        if same_answer(theirs, answer):
            same.append(reading)
        else:
            differ.append(Beside(reading, theirs))
    return differ, same


def same_answer(one: Json, other: Json) -> bool:
    """Two answers alike: the same result, or the same rejection (its message, which may name the
    profile, is for people and not compared, as in the protocol)."""
    if "rejected" in one and "rejected" in other:
        keys = ("code", "index", "hand", "game")
        return all(one["rejected"].get(key) == other["rejected"].get(key) for key in keys)
    return one == other


def profile_by_cards(held: int) -> str:
    """The profile a hand of `held` cards is played under when none is named: three kept cards are
    five-card's, else six-card's."""
    return FIVE_CARD if held == FIVE_CARD_KEPT else DEFAULT_PROFILE


def same_line(profile: str, differ: Sequence[Beside], same: Sequence[Reading]) -> list[str]:
    """The readings that give the same answer, in one line; or that no other reading is played."""
    if not same:
        return (
            []
            if differ or known_profile(profile) is None
            else [f"no other reading of a dispute is played beside {profile}"]
        )
    sides = [("other", "the other readings of"), ("ruling", "the ruling of")]
    named = [
        f"{words} {', '.join(reading.dispute for reading in same if reading.side == side)}"
        for side, words in sides
        if any(reading.side == side for reading in same)
    ]
    return [f"the same under {' and '.join(named)}"]


def add_common_arguments(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument(
        "--profile",
        metavar="NAME",
        help=f"the profile to count under (default: {default}); an unknown one is rejected as the protocol rejects it",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='print the protocol\'s answer on one line, {"ok": RESULT} or {"rejected": {...}}, and nothing more',
    )


Layout = Callable[[Json, list[Beside]], list[str]]


def answer_and_print(op: str, data: Json, profile: str, as_json: bool, layout: Layout) -> int:
    """Answer `data` as the reference does under `profile`; print it (the protocol's JSON, or the
    layout with the other readings beside it). Exit status 0 when counted, 1 when rejected."""
    answer = run_reference(op, data, profile)
    if as_json:
        print(json.dumps(answer, ensure_ascii=False))
    else:
        differ, same = answers_beside(op, data, profile, answer, rules_by_id(CATALOGUE_FILE))
        tail = same_line(profile, differ, same)
        print("\n".join([*layout(answer, differ), *([""] if tail else []), *tail]))
    return ANSWERED if "ok" in answer else REJECTED


def shown(value: Any) -> Any:
    """The user's input made safe to print: a text with a control character (an escape sequence
    typed or pasted) is shown as its Python literal, as the protocol's messages show it."""
    if isinstance(value, str):
        return value if value.isprintable() else repr(value)
    if isinstance(value, Mapping):
        return {shown(key): shown(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [shown(item) for item in value]
    return value


def usage_error(command: str, message: str) -> int:
    print(f"cribcheck {command}: {message}", file=sys.stderr)
    return 2
