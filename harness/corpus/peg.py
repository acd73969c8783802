"""`cribcheck peg`: replay any pegging as the reference does, event by event, for a person settling
a dispute at the table.

Two players: `--pone CARD... --dealer CARD... --plays PLAY...` (the protocol's `pone`, `dealer`
and `plays`). Three or four: `--a CARD... --b CARD... --c CARD... [--d CARD...] --dealer SEAT`
(the protocol's `hands` by seat and the dealer's seat); the profile is then three-player or
four-player unless `--profile` says otherwise. A play is a card or `go`.

Each event with the count, its points and reasons and the rule ids; the go and last-card points and
the resets; the points; the cards nobody could play. An illegal play gets the protocol's
rejection, its code and the index of the play. Then the same plays under every other reading of a
dispute that changes them (harness/corpus/settle.py): the points, and the events that differ.
"""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Sequence

from cribcheck.harness.corpus.explain import (
    event_text,
    held_at_start,
    input_lines,
    pegging_lines,
    rejection_lines,
    scores_text,
)
from cribcheck.harness.corpus.settle import (
    Beside,
    Json,
    add_common_arguments,
    answer_and_print,
    known_profile,
    profile_by_cards,
    shown,
    usage_error,
)
from cribcheck.harness.operations.rule_ids import pegging_event_rules

SEATS = ("a", "b", "c", "d")
PROFILE_OF_SEATS = {3: "three-player", 4: "four-player"}


def peg_lines(data: Json, profile: str, answer: Json, differ: Sequence[Beside]) -> list[str]:
    """The page: who holds what, then the events (or the rejection), then the other readings."""
    lines = [f"under {profile}", *input_lines("pegging", shown(data))]
    lines += ["", *answer_lines(data, profile, answer)]
    for beside in differ:
        lines += ["", *reading_lines(data, answer, beside)]
    return lines


def answer_lines(data: Json, profile_name: str, answer: Json) -> list[str]:
    """The events with their rules, the points and the cards left; or the rejection and its play."""
    if "rejected" in answer:
        return [*rejection_lines(answer["rejected"]), *rejected_play_lines(data["plays"], answer["rejected"])]
    profile = known_profile(profile_name)
    cited = (lambda event: pegging_event_rules(event, profile)) if profile else None
    lines = pegging_lines(answer["ok"], held_at_start("pegging", data), cited)
    if profile and profile.count == "single" and any(answer["ok"]["unplayed"].values()):
        lines.append("one count per hand: the pegging ends when nobody can play    [peg.single-count]")
    return lines


def rejected_play_lines(plays: Sequence[str], rejection: Json) -> list[str]:
    """The plays with the rejected one in brackets (or a bracket where they stop too early)."""
    index = rejection.get("index")
    if not isinstance(index, int) or not 0 <= index <= len(plays):
        return []
    words = [str(play) for play in shown(list(plays))]
    marked = [*words[:index], f"[{words[index]}]" if index < len(words) else "[...]", *words[index + 1 :]]
    where = f"play {index} ({words[index]})" if index < len(words) else f"after the last play (index {index})"
    return [f"the play rejected: {where}: {' '.join(marked)}"]


def reading_lines(data: Json, answer: Json, beside: Beside) -> list[str]:
    """`under D2's other reading (...): pone 3, dealer 1`, the reading, and the events that differ
    (`-` ours, `+` theirs); or a rejection on either side."""
    theirs = beside.answer
    head = f"under {beside.reading.head}: "
    text = f"  {beside.reading.text}"
    if "rejected" in theirs:
        found = rejection_lines(theirs["rejected"])
        return [head + found[0], text, *("  " + line for line in found[1:])]
    other = theirs["ok"]
    lines = [head + scores_text(other["points"]), text]
    if "rejected" in answer:
        return [*lines, *("  " + line for line in pegging_lines(other, held_at_start("pegging", data)))]
    ours = [event_text(event) for event in answer["ok"]["events"]]
    them = [event_text(event) for event in other["events"]]
    matcher = difflib.SequenceMatcher(a=ours, b=them, autojunk=False)
    for tag, start, end, their_start, their_end in matcher.get_opcodes():
        if tag != "equal":
            lines += [f"  - {number + 1}. {ours[number]}" for number in range(start, end)]
            lines += [f"  + {number + 1}. {them[number]}" for number in range(their_start, their_end)]
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        "examples: cribcheck peg --pone 7C 8D KS --dealer 8H 6S AC --plays 7C 8H 8D 6S go AC; "
        "cribcheck peg --a 5H TC 9S 8D --b KD 5C 4S 7H --c 2C 3D 6C AH --dealer C "
        "--plays 5H KD 2C TC 4S 3D 9S 5C 6C 8D 7H AH"
    )
    two = parser.add_argument_group("two players")
    two.add_argument("--pone", nargs="+", metavar="CARD", help="the cards the pone holds when the pegging starts")
    two.add_argument(
        "--dealer",
        nargs="+",
        metavar="CARD",
        help="the cards the dealer holds; with --a --b --c (--d), the dealer's seat (A, B, C or D)",
    )
    seats = parser.add_argument_group("three or four players (seats A, B, C, D clockwise; the dealer's left leads)")
    for seat in SEATS:
        seats.add_argument(f"--{seat}", nargs="+", metavar="CARD", help=f"the cards seat {seat.upper()} holds")
    parser.add_argument(
        "--plays", nargs="*", required=True, metavar="PLAY", help="the cards in the order played, and `go` where said"
    )
    add_common_arguments(
        parser, "five-card when the pone holds 3 cards, else six-card; three-player or four-player by the seats"
    )


def peg_input(args: argparse.Namespace) -> Json | str:
    """The protocol's pegging input from the command line, or what is wrong with the command line."""
    hands = {seat.upper(): list(getattr(args, seat)) for seat in SEATS if getattr(args, seat) is not None}
    if hands:
        if args.pone is not None:
            return "give the two players' --pone and --dealer, or the seats' --a --b --c (--d), not both"
        if args.dealer is None or len(args.dealer) != 1:
            return "with the seats --a --b --c (--d), --dealer names the dealer's seat: --dealer C"
        return {"hands": hands, "dealer": args.dealer[0], "plays": list(args.plays)}
    if args.pone is None or args.dealer is None:
        return "give --pone and --dealer (two players), or --a --b --c (--d) and --dealer SEAT"
    return {"pone": list(args.pone), "dealer": list(args.dealer), "plays": list(args.plays)}


def main(args: argparse.Namespace) -> int:
    data = peg_input(args)
    if isinstance(data, str):
        return usage_error("peg", data)
    seats = len(data.get("hands", {}))
    profile = args.profile or PROFILE_OF_SEATS.get(seats) or profile_by_cards(len(data.get("pone", ())))

    def layout(answer: Json, differ: list[Beside]) -> list[str]:
        return peg_lines(data, profile, answer, differ)

    return answer_and_print("pegging", data, profile, args.json, layout)
