"""The lines of the rules (the catalogue's `lines`), and whether the corpus puts cases at each.

A line is a number where a rule changes its answer: the target (61, 121), the match target, the
skunk lines (91, 61), the triple skunk's 31, the margin of 30 under D1, the counts 15 and 31, the
longest count (8 cards), the packet sizes of a cut, the cards dealt per seat. A threshold is only
checked where a case puts a value AT the line, ONE BELOW and ONE ABOVE (an engine that reads
`<` for `<=` passes every case that keeps away from the line). Each line names the rules it
belongs to, the profiles it applies to, what a case is measured by (`measure`) and where it is
(`at`: one number, or one per profile).

`missing_cases` lists, for every line and every profile it applies to, the values among the three
that no case listing that profile reaches; `cribcheck lint` reports each as an error.

The measures, each read from a case's input and its expectation under the profile:

- `final-score`: every side's final score in a `hand` or `game` result, and in each game of a
  `match` result;
- `loser-score`: the loser's final score in a won `game`, or in each won game of a `match`
  (two sides only: a skunk is between two);
- `winning-margin`: the winner's final score less the loser's, in the same games;
- `match-game-points`: every player's game points in a `match` result (`totals`, and each game's);
- `play-count`: the count a `play` case's cards add up to (one past 31 is the over_31 case);
- `play-cards`: how many cards a `play` case's count holds;
- `cut-depth`: the `cut` of a `deal`, and of each hand given as a deck (`hand`, `game`, `match`);
- `cards-dealt`: how many cards each seat is dealt in a hand given as `dealt`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cribcheck.harness.corpus.cases import Case, CaseError
from cribcheck.reference import CribbageError, parse_card

Json = Mapping[str, Any]


@dataclass(frozen=True)
class Line:
    id: str
    what: str
    measure: str
    at: int | Mapping[str, int]
    rules: tuple[str, ...]
    profiles: tuple[str, ...]

    def value_under(self, profile: str) -> int:
        return self.at if isinstance(self.at, int) else self.at[profile]


@dataclass(frozen=True)
class Gap:
    """No case listing `profile` puts the line's measure at `value` (`where`: at, one below, one above)."""

    line: Line
    profile: str
    value: int
    where: str


def lines_of(catalogue: Any) -> tuple[Line, ...]:
    """The catalogue's lines (schema-checked with the catalogue; none when it has none)."""
    if not isinstance(catalogue, Mapping):
        return ()
    return tuple(
        Line(
            id=raw["id"],
            what=raw["what"],
            measure=raw["measure"],
            at=raw["at"] if isinstance(raw["at"], int) else MappingProxyType(dict(raw["at"])),
            rules=tuple(raw["rules"]),
            profiles=tuple(raw["profiles"]),
        )
        for raw in catalogue.get("lines", ())
    )


# --- the measures ----------------------------------------------------------------------------


def _results(case: Case, profile: str) -> Iterator[Json]:
    """The expected result under `profile`, or nothing for a rejection."""
    expected = case.expected(profile)
    if "rejected" not in expected:
        yield expected


def _games(case: Case, profile: str) -> Iterator[Json]:
    """The expected results of whole games: a `game` result, or each game of a `match`."""
    for result in _results(case, profile):
        if case.op == "game":
            yield result
        elif case.op == "match":
            yield from result.get("games", ())


def _won_two_sided(case: Case, profile: str) -> Iterator[tuple[int, int]]:
    """(the winner's score, the loser's score) of each won game between two sides."""
    for game in _games(case, profile):
        scores, winner = game.get("scores"), game.get("winner")
        if not isinstance(scores, Mapping) or winner is None or len(scores) != 2 or winner not in scores:
            continue
        (loser,) = [side for side in scores if side != winner]
        yield scores[winner], scores[loser]


def final_scores(case: Case, profile: str) -> Iterator[int]:
    if case.op in ("hand", "game"):
        for result in _results(case, profile):
            yield from result.get("scores", {}).values()
    elif case.op == "match":
        for game in _games(case, profile):
            yield from game.get("scores", {}).values()


def loser_scores(case: Case, profile: str) -> Iterator[int]:
    return (loser for _, loser in _won_two_sided(case, profile))


def winning_margins(case: Case, profile: str) -> Iterator[int]:
    return (winner - loser for winner, loser in _won_two_sided(case, profile))


def match_game_points(case: Case, profile: str) -> Iterator[int]:
    if case.op != "match":
        return
    for result in _results(case, profile):
        yield from result.get("totals", {}).values()
        for game in result.get("games", ()):
            yield from game.get("totals", {}).values()


def play_count(case: Case, profile: str) -> Iterator[int]:
    if case.op == "play":
        try:
            yield sum(parse_card(card).value for card in case.input["count"])
        except (CribbageError, TypeError, KeyError):
            return


def play_cards(case: Case, profile: str) -> Iterator[int]:
    if case.op == "play" and isinstance(case.input.get("count"), list):
        yield len(case.input["count"])


def _hands(case: Case) -> Iterator[Json]:
    """The hands an input gives: a hand's input, each hand of a game, each game's of a match."""
    if case.op == "hand":
        yield case.input
    elif case.op == "game":
        yield from case.input.get("hands", ())
    elif case.op == "match":
        for game in case.input.get("games", ()):
            yield from game.get("hands", ())


def cut_depths(case: Case, profile: str) -> Iterator[int]:
    if case.op == "deal" and isinstance(case.input.get("cut"), int):
        yield case.input["cut"]
    for hand in _hands(case):
        if "deck" in hand and isinstance(hand.get("cut"), int):
            yield hand["cut"]


def cards_dealt(case: Case, profile: str) -> Iterator[int]:
    for hand in _hands(case):
        dealt = hand.get("dealt")
        if isinstance(dealt, Mapping):
            yield from (len(cards) for cards in dealt.values() if isinstance(cards, list))


MEASURES: Mapping[str, Callable[[Case, str], Iterator[int]]] = MappingProxyType(
    {
        "final-score": final_scores,
        "loser-score": loser_scores,
        "winning-margin": winning_margins,
        "match-game-points": match_game_points,
        "play-count": play_count,
        "play-cards": play_cards,
        "cut-depth": cut_depths,
        "cards-dealt": cards_dealt,
    }
)
AROUND = (("one below", -1), ("at", 0), ("one above", 1))


# --- the check -------------------------------------------------------------------------------


def measured(cases: Sequence[Case], line: Line) -> dict[str, dict[int, list[str]]]:
    """profile -> value -> the ids of the cases that put the line's measure there."""
    found: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    measure = MEASURES[line.measure]
    for case in cases:
        for profile in case.profiles:
            if profile in line.profiles:
                for value in set(measure(case, profile)):
                    found[profile][value].append(case.id)
    return found


def missing_cases(cases: Sequence[Case], lines: Sequence[Line]) -> list[Gap]:
    """Each value (the line, one below, one above) no case reaches, under each of the line's profiles."""
    gaps = []
    for line in lines:
        found = measured(cases, line)
        for profile in line.profiles:
            at = line.value_under(profile)
            for where, offset in AROUND:
                if not found[profile][at + offset]:
                    gaps.append(Gap(line, profile, at + offset, where))
    return gaps


def check_line_definitions(
    lines: Sequence[Line], rules: Mapping[str, Any], profiles: Collection[str], catalogue_file: str
) -> list[CaseError]:
    """Each line's rules are in the catalogue, its profiles exist, its `at` names a place for
    each of its profiles (and for no other), and no id is given twice."""
    errors = []
    seen: set[str] = set()
    for index, line in enumerate(lines):
        where, owner = f"lines[{index}]", f"line {line.id}"
        if line.id in seen:
            errors.append(CaseError(catalogue_file, owner, f"{where}.id", "line id given twice in the catalogue"))
        seen.add(line.id)
        errors += [
            CaseError(catalogue_file, owner, f"{where}.rules", f"rule {rule} is not in the catalogue")
            for rule in line.rules
            if rule not in rules
        ]
        errors += [
            CaseError(catalogue_file, owner, f"{where}.profiles", f"unknown profile {name}")
            for name in line.profiles
            if name not in profiles
        ]
        if not isinstance(line.at, int) and set(line.at) != set(line.profiles):
            message = f"`at` names {sorted(line.at)}, the line's profiles are {sorted(line.profiles)}"
            errors.append(CaseError(catalogue_file, owner, f"{where}.at", message))
    return errors


def check_lines(cases: Sequence[Case], lines: Sequence[Line], catalogue_file: str) -> list[CaseError]:
    """The lint errors: one per value of a line no case reaches under a profile."""
    return [
        CaseError(
            catalogue_file,
            f"line {gap.line.id}",
            f"lines[{lines.index(gap.line)}]",
            f"no case under {gap.profile} puts {gap.line.measure} at {gap.value} ({gap.where} {gap.line.what}, "
            f"{gap.line.value_under(gap.profile)})",
        )
        for gap in missing_cases(cases, lines)
    ]
