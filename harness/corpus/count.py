"""`cribcheck count CARD... --starter CARD [--crib] [--profile NAME] [--json]`: count any show as the
reference does, for a person settling a dispute at the table.

Each fifteen, pair and run with its cards and points, the flush, the nobs jack, each part with its
rule id, and the total; then the same hand under every other reading of a dispute that changes it
(harness/corpus/settle.py). A hand the protocol would reject gets the protocol's code and message.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from cribcheck.harness.corpus.explain import cards_text, input_lines, rejection_lines
from cribcheck.harness.corpus.settle import (
    DEFAULT_PROFILE,
    Beside,
    Json,
    add_common_arguments,
    answer_and_print,
    known_profile,
    profile_by_cards,
    shown,
)
from cribcheck.harness.operations.rule_ids import show_part_rule

PARTS = ("fifteens", "pairs", "runs", "flush", "nobs")


def count_lines(data: Json, profile: str, answer: Json, differ: Sequence[Beside]) -> list[str]:
    """The page: the hand, each part of the count with its rule, the total, the other readings."""
    lines = [f"{line}    ({profile})" for line in input_lines("show", shown(data))]
    if "rejected" in answer:
        return [*lines, *rejection_lines(answer["rejected"])]
    result = answer["ok"]
    lines += part_lines(result, profile, crib=bool(data.get("crib")))
    lines.append(f"total: {result['total']}")
    for beside in differ:
        lines += ["", *reading_lines(result, beside)]
    return lines


def part_lines(result: Json, profile_name: str, *, crib: bool) -> list[str]:
    """Each part: its name, rule and points, then each of its combinations with its own points."""
    profile = known_profile(profile_name)
    combos, points = result["combinations"], result["breakdown"]
    lines = []
    for part in PARTS:
        rule = show_part_rule(part, profile, crib=crib) if profile else "?"
        lines.append(f"{part} ({rule}): {points[part]}")
        if part in ("fifteens", "pairs", "runs"):
            found = combos[part]
            each = [len(combo) if part == "runs" else points[part] // len(found) for combo in found]
            lines += [f"  {' '.join(combo)}: {worth}" for combo, worth in zip(found, each, strict=True)]
        elif part == "flush" and combos["flush"]:
            lines.append(f"  {cards_text(combos['flush'])}: {points['flush']}")
        elif part == "nobs" and combos["nobs"]:
            lines.append(f"  {combos['nobs']}, the jack of the starter's suit: {points['nobs']}")
    return lines


def reading_lines(result: Json, beside: Beside) -> list[str]:
    """`under D4's other reading (six-card--no-crib-nobs): 28 (nobs 0, not 1)` and the reading."""
    theirs = beside.answer
    if "rejected" in theirs:
        head = f"under {beside.reading.head}: rejected"
        return [head, *("  " + line for line in rejection_lines(theirs["rejected"])), f"  {beside.reading.text}"]
    other = theirs["ok"]
    changed = [
        f"{part} {other['breakdown'][part]}, not {result['breakdown'][part]}"
        for part in PARTS
        if other["breakdown"][part] != result["breakdown"][part]
    ]
    return [f"under {beside.reading.head}: {other['total']} ({'; '.join(changed)})", f"  {beside.reading.text}"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = "examples: cribcheck count 5H 5C 5S JD --starter 5D --crib; cribcheck count 4C 5D 6H --starter 5S"
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the hand's (or the crib's) cards: 5H 5C 5S JD")
    parser.add_argument("--starter", required=True, metavar="CARD", help="the starter (the turned card)")
    parser.add_argument("--crib", action="store_true", help="the cards are the crib")
    add_common_arguments(parser, "five-card for a hand of 3 cards, else six-card")


def main(args: argparse.Namespace) -> int:
    data: Json = {"cards": list(args.cards), "starter": args.starter, **({"crib": True} if args.crib else {})}

    profile = args.profile or (DEFAULT_PROFILE if args.crib else profile_by_cards(len(args.cards)))

    def layout(answer: Json, differ: list[Beside]) -> list[str]:
        return count_lines(data, profile, answer, differ)

    return answer_and_print("show", data, profile, args.json, layout)
