"""`cribcheck explain ID`: one case, laid out for a person settling a dispute (a rule or a dispute
of the catalogue: harness/corpus/explain_rule.py).

It prints the case's title, file and tags; the statement and sources of each rule it cites (from
the catalogue); its input in readable form; its `explain` text; and, under each listed profile,
the reference engine's worked derivation (the fifteens, pairs and runs with their cards, the
flush and the nobs jack; the reasons for a play; each pegging event with the count; each event
of a hand or game with the running scores; or the rejection), and whether the expectation agrees.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.files import CASES_DIR, CATALOGUE_FILE, display_path, resolved
from cribcheck.harness.contract.words import did_you_mean, nearest
from cribcheck.harness.corpus import explain_rule
from cribcheck.harness.corpus.cases import Case, add_corpus_arguments, case_files, cases_of, load_cases, read_case_file
from cribcheck.harness.corpus.lint import read_catalogue
from cribcheck.harness.corpus.strict_yaml import read_yaml
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.operations.compare import mismatches, show
from cribcheck.reference import CribbageError, parse_card

WIDTH = 100
INDENT = "  "
Json = Mapping[str, Any]
Cited = Callable[[Json], Sequence[str]]  # the rule ids an event rests on


class CaseNotFound(LookupError):
    """No valid case has the id; `suggestions` are the nearest ids, `broken_in` a file that holds
    the id but fails its schema."""

    def __init__(self, case_id: str, suggestions: Sequence[str], broken_in: str | None = None) -> None:
        super().__init__(case_id)
        self.case_id = case_id
        self.suggestions = tuple(suggestions)
        self.broken_in = broken_in


def find_case(case_id: str, cases_root: Path = CASES_DIR, catalogue_path: Path = CATALOGUE_FILE) -> Case:
    """The case with this id among the schema-valid case files below `cases_root`."""
    ids: list[str] = []
    broken_in = None
    for path in case_files(cases_root):
        if resolved(path) == resolved(catalogue_path):
            continue
        document, _ = read_case_file(path)
        if document is None:
            if case_id in _raw_ids(path):
                broken_in = display_path(path)
            continue
        for case in cases_of(document, path):
            if case.id == case_id:
                return case
            ids.append(case.id)
    raise CaseNotFound(case_id, difflib.get_close_matches(case_id, ids, n=5, cutoff=0.5), broken_in)


def rules_by_id(catalogue_path: Path = CATALOGUE_FILE) -> dict[str, dict[str, Any]]:
    """The catalogue's rules by id, read leniently (lint checks the catalogue; explain only shows it)."""
    rules, _ = read_catalogue(catalogue_path)
    if rules is not None:
        return rules
    document = read_yaml(catalogue_path).built
    raw_rules = document.get("rules") if isinstance(document, dict) else None
    return {rule["id"]: rule for rule in raw_rules or [] if isinstance(rule, dict) and "id" in rule}


def _raw_ids(path: Path) -> set[str]:
    document = read_yaml(path).built
    raw_cases = document.get("cases") if isinstance(document, dict) else None
    return {raw.get("id") for raw in raw_cases or [] if isinstance(raw, dict)}


# --- the whole page ------------------------------------------------------------------------


ITEM_NAME = re.compile(r"(?:cribcheck::)?(?P<id>[^\[\]]+)\[(?P<profile>[^\[\]]+)\]")


def split_item_name(text: str) -> tuple[str, str | None]:
    """`ID`, or `ID[PROFILE]` as failure messages (and pytest's `cribcheck::ID[PROFILE]`) print it:
    the case id and the profile (None: every profile of the case)."""
    match = ITEM_NAME.fullmatch(text.strip())
    return (match["id"], match["profile"]) if match else (text.strip(), None)


def explain_case(case: Case, rules: Mapping[str, Mapping[str, Any]], profile: str | None = None) -> str:
    """The page for one case: header, rules, input, explain text, and the derivation per profile
    (under `profile` only, when given)."""
    lines = [f"{case.id}: {case.title}", f"file: {case.file} (topic: {case.topic})"]
    lines.append(f"op: {case.op}    profiles: {', '.join(case.profiles)}")
    lines.append(f"tags: {', '.join(case.tags) or '-'}")
    if case.request_profile:
        lines.append(f"profile sent to the engine: {case.request_profile}")
    lines += ["", "Rules"]
    for rule_id in case.rules:
        lines += _indent(rule_lines(rule_id, rules.get(rule_id)))
    lines += ["", "Input"]
    lines += _indent(input_lines(case.op, case.input))
    if case.explain:
        lines += ["", "Explanation (from the case)"]
        lines += _indent(_wrap(case.explain))
    for name in case.profiles if profile is None else (profile,):
        lines += ["", f"Under {name}"]
        lines += _indent(profile_lines(case, name))
    return "\n".join(lines)


def rule_lines(rule_id: str, rule: Mapping[str, Any] | None) -> list[str]:
    if rule is None:
        return [f"{rule_id}: NOT IN THE CATALOGUE"]
    head = f"{rule_id} ({rule['area']}"
    head += (
        f", dispute {rule['dispute']})"
        if rule.get("dispute")
        else f"; {', '.join(rule['profiles']) or 'no profile yet'})"
    )
    lines = [head, *_indent(_wrap(rule["statement"]))]
    for side in ("ruling", "other"):
        if side in rule:
            reading = rule[side]
            played = ", ".join([reading["profile"], *reading.get("also", [])])
            where = f"; sources: {'; '.join(reading['sources'])}" if reading["sources"] else ""
            lines += _indent(_wrap(f"{side} ({played}): {reading['reading']}{where}"))
    lines += _indent(_wrap(f"sources: {'; '.join(rule['sources'])}"))
    return lines


def profile_lines(case: Case, profile: str) -> list[str]:
    """The engine's derivation under one profile, then the expectation and whether it agrees."""
    try:
        answer = run_reference(case.op, case.input, case.profile_sent(profile))
    except Exception as error:  # a crash of the engine is shown, not raised
        return [f"the reference engine crashed: {error!r}"]
    lines = derivation_lines(case.op, case.input, answer)
    if profile not in case.expect and "default" not in case.expect:
        return [*lines, "expectation: none for this profile"]
    key = profile if profile in case.expect else "default"
    expected = case.expected(profile)
    lines.append(f"expectation (expect.{key}): {show(dict(expected))}")
    problems = mismatches(expected, answer)
    lines.append("the expectation agrees" if not problems else "the expectation DISAGREES:")
    lines += _indent(problems)
    return lines


# --- the input -----------------------------------------------------------------------------


def input_lines(op: str, data: Json) -> list[str]:
    if op == "show":
        what = "crib" if data.get("crib") else "hand"
        return [f"{what}: {cards_text(data['cards'])}    starter: {card_text(data['starter'])}"]
    if op == "play":
        return [f"the count so far, in play order (the last card is the one scored): {cards_text(data['count'])}"]
    if op == "pegging" and "hands" in data:
        return [
            f"dealer: {data['dealer']} (the seat at its left leads)",
            *(f"{seat} holds: {cards_text(cards)}" for seat, cards in data["hands"].items()),
            f"plays: {cards_text(data['plays'])}",
            *claims_lines(data.get("claims")),
        ]
    if op == "pegging":
        return [
            f"pone holds: {cards_text(data['pone'])}",
            f"dealer holds: {cards_text(data['dealer'])}",
            f"plays: {cards_text(data['plays'])}",
            *claims_lines(data.get("claims")),
        ]
    if op == "deal":
        dealer = [f"dealer: {data['dealer']} (dealing starts at its left)"] if "dealer" in data else []
        return [*dealer, *deck_lines(data["deck"]), f"cut depth: {data['cut']} (the starter is stock[{data['cut']}])"]
    if op == "cut":
        return cut_lines(data["cuts"])
    if op == "hand":
        scores = data.get("scores", {"A": 0, "B": 0})
        lines = [
            f"dealer: {data['dealer']}    scores before: {scores_text(scores)}"
            + ("    first hand of the game" if data.get("first_hand") else "")
        ]
        return lines + hand_input_lines(data)
    if op == "game":
        lines = cut_lines(data["cuts"])
        for number, hand in enumerate(data["hands"], start=1):
            lines += [f"hand {number}:", *_indent(hand_input_lines(hand))]
        return lines
    if op == "match":
        lines = cut_lines(data["cuts"])
        for number, game in enumerate(data["games"], start=1):
            lines.append(f"game {number}:")
            for hand_number, hand in enumerate(game["hands"], start=1):
                lines += _indent([f"hand {hand_number}:", *_indent(hand_input_lines(hand))])
        return lines
    return [show(dict(data))]


def side_text(side: str) -> str:
    """A side as people say it: a seat, or a partnership A+C / B+D."""
    return "+".join(side) if len(side) > 1 and side.isupper() else side


def scores_text(scores: Mapping[str, Any]) -> str:
    return ", ".join(f"{side_text(side)} {score}" for side, score in scores.items())


def claims_lines(claims: Sequence[Json] | None) -> list[str]:
    """The muggins claims of an input, one line each."""
    lines = []
    for claim in claims or ():
        what = next((key for key in claim if key != "points"), "?")
        where = "" if claim.get(what) is True else f" {claim.get(what)}"
        lines.append(f"claim: {what}{where} claimed as {claim.get('points')}")
    return lines


def hand_input_lines(hand: Json) -> list[str]:
    if "deck" in hand:
        lines = [*deck_lines(hand["deck"]), f"cut depth: {hand['cut']}"]
    else:
        lines = [f"{seat} is dealt: {cards_text(cards)}" for seat, cards in hand["dealt"].items()]
        if "crib_card" in hand:
            lines.append(f"dealt to the crib from the deck: {card_text(hand['crib_card'])}")
        lines.append(f"starter: {card_text(hand['starter'])}")
    discards = "; ".join(f"{seat} {cards_text(cards)}" for seat, cards in hand["discards"].items())
    lines.append(f"discards: {discards}")
    lines.append(f"plays: {cards_text(hand['plays'])}")
    return lines + claims_lines(hand.get("claims"))


def deck_lines(deck: Sequence[Any]) -> list[str]:
    rows = [cards_text(deck[start : start + 13]) for start in range(0, len(deck), 13)] or ["-"]
    return [f"deck ({len(deck)} cards, top first): {rows[0]}", *(f"{' ' * 30}{row}" for row in rows[1:])]


def cut_lines(rounds: Sequence[Sequence[Any] | Mapping[str, Any]]) -> list[str]:
    lines = []
    for number, cards in enumerate(rounds, start=1):
        if isinstance(cards, Mapping):
            cut = ", ".join(f"{seat} cuts {card_text(card)}" for seat, card in cards.items())
            lines.append(f"cut round {number}: {cut}")
        elif len(cards) == 2:
            lines.append(f"cut round {number}: A cuts {card_text(cards[0])}, B cuts {card_text(cards[1])}")
        else:
            lines.append(f"cut round {number}: {cards_text(cards)}")
    return lines or ["no cut rounds"]


def card_text(card: Any) -> str:
    return card if isinstance(card, str) else show(card)


def cards_text(cards: Iterable[Any]) -> str:
    return " ".join(card_text(card) for card in cards) or "-"


# --- the derivation ------------------------------------------------------------------------


def derivation_lines(op: str, data: Json, answer: Json) -> list[str]:
    """The engine's answer to `data`, worked out line by line."""
    if "rejected" in answer:
        return rejection_lines(answer["rejected"])
    result = answer["ok"]
    if op == "show":
        return show_lines(result)
    if op == "play":
        return play_lines(data["count"], result)
    if op == "pegging":
        return pegging_lines(result, held_at_start(op, data))
    if op == "deal" and "hands" in result:
        crib = [f"to the crib from the deck: {result['crib_card']}"] if "crib_card" in result else []
        return [
            *(f"{seat} is dealt: {cards_text(cards)}" for seat, cards in result["hands"].items()),
            *crib,
            f"starter: {result['starter']}",
        ]
    if op == "deal":
        return [
            f"pone is dealt: {cards_text(result['pone'])}",
            f"dealer is dealt: {cards_text(result['dealer'])}",
            f"starter: {result['starter']}",
        ]
    if op == "cut":
        return [f"{result['dealer']} deals first, after {result['rounds']} round(s)"]
    if op == "hand":
        notes = go_notes(result["events"], held_at_start(op, data))
        return [f"starter: {result['starter']}", *event_lines(result["events"], notes), final_line(result)]
    if op == "game":
        return game_lines(result)
    if op == "match":
        return match_lines(result)
    return [show(dict(result))]


def rejection_lines(rejection: Json) -> list[str]:
    head = f"rejected: {rejection['code']}"
    if rejection.get("index") is not None:
        head += f" at play index {rejection['index']}"
    if rejection.get("hand") is not None:
        head += f" in hand {rejection['hand']} (0-based)"
    if rejection.get("game") is not None:
        head += f" of game {rejection['game']} (0-based)"
    return [head, *_indent(_wrap(rejection.get("message", "")))]


def show_lines(result: Json) -> list[str]:
    combos = result["combinations"]
    points = result["breakdown"]
    lines = []
    for key, each in (("fifteens", "2 each"), ("pairs", "2 each"), ("runs", "its length each")):
        found = "; ".join(" ".join(combo) for combo in combos[key]) or "none"
        lines.append(f"{key} ({each}): {found} = {points[key]}")
    lines.append(f"flush: {' '.join(combos['flush']) or 'none'} = {points['flush']}")
    lines.append(f"nobs: {combos['nobs'] or 'none'} = {points['nobs']}")
    lines.append(f"total: {result['total']}")
    return lines


def play_lines(count: Sequence[str], result: Json) -> list[str]:
    return [
        f"{count[-1]} makes the count {count_of(count)}",
        f"reasons: {reasons_text(result['breakdown'])}",
        f"points for {count[-1]}: {result['points']}",
    ]


def count_of(cards: Iterable[str]) -> int:
    """The pegging count of some cards (rule cards.value)."""
    total = 0
    for card in cards:
        try:
            total += parse_card(card).value
        except CribbageError:
            continue
    return total


def reasons_text(scoring: Mapping[str, int]) -> str:
    names = {"fifteen": "fifteen", "thirty_one": "thirty-one", "pairs": "pairs", "run": "run"}
    parts = [f"{names.get(reason, reason)} {points}" for reason, points in scoring.items() if points]
    return ", ".join(parts) or "nothing"


def held_at_start(op: str, data: Json) -> dict[str, list[str]]:
    """The cards each player holds when the pegging starts, named as the events name the players
    (seats, or the roles pone and dealer): the pegging's hands, or a hand's cards dealt less its
    discards. Empty when the input does not give them plainly (a hand from a deck)."""
    if op == "pegging":
        hands = data["hands"] if "hands" in data else {"pone": data["pone"], "dealer": data["dealer"]}
        return {seat: [str(card) for card in cards] for seat, cards in hands.items()}
    if op == "hand" and "dealt" in data:
        thrown = data.get("discards", {})
        return {
            seat: [str(card) for card in cards if card not in thrown.get(seat, ())]
            for seat, cards in data["dealt"].items()
        }
    return {}


def go_notes(events: Sequence[Json], held: Mapping[str, list[str]]) -> dict[int, str]:
    """Why each go is said (rules peg.go, peg.go-seats): the cards its player holds, each with the
    count it would make, none at or below 31. Keyed by the event's place in `events`."""
    if not held:
        return {}
    holding = {player: list(cards) for player, cards in held.items()}
    notes: dict[int, str] = {}
    count = 0
    for place, event in enumerate(events):
        kind, player = event["type"], event.get("player")
        if kind == "play" and event["card"] in holding.get(player, []):
            holding[player].remove(event["card"])
            count = event["count"]
        elif kind == "reset":
            count = 0
        elif kind == "go" and holding.get(player):
            would = ", ".join(f"{card} {count + count_of([card])}" for card in holding[player])
            notes[place] = f"{would}: none fits"
    return notes


def pegging_lines(result: Json, held: Mapping[str, list[str]] | None = None, cited: Cited | None = None) -> list[str]:
    lines = event_lines(result["events"], go_notes(result["events"], held or {}), cited)
    lines.append(f"points: {scores_text(result['points'])}")
    unplayed = result["unplayed"]
    if any(unplayed.values()):
        lines.append("unplayed: " + "; ".join(f"{seat} {cards_text(cards)}" for seat, cards in unplayed.items()))
    return lines


def event_lines(
    events: Sequence[Json], notes: Mapping[int, str] | None = None, cited: Cited | None = None
) -> list[str]:
    """One line per event, numbered; with running scores where the events carry them, the
    `notes` (by the event's place) after the event, and the rules `cited` gives for it last."""
    width = len(str(len(events)))
    return [
        f"{number:>{width}}. {event_text(event, (notes or {}).get(number - 1))}"
        + (f"    [{', '.join(rules)}]" if cited and (rules := cited(event)) else "")
        for number, event in enumerate(events, start=1)
    ]


def event_text(event: Json, note: str | None = None) -> str:
    kind = event["type"]
    who = event.get("player", "")
    if kind == "play":
        text = f"{who} plays {event['card']}, count {event['count']}"
        if event["points"] or event["scoring"]:
            text += f": {reasons_text(event['scoring'])} -> {event['points']}"
        if "claimed" in event:
            text += f" (claimed {event['claimed']})"
    elif kind == "go":
        text = f"{who} says go" + (f" ({note})" if note else "")
    elif kind == "last_card":
        text = f"{who}: last card, {event['points']}"
    elif kind == "reset":
        text = f"count back to 0; {event['leader']} leads"
    elif kind == "three_for_last":
        text = f"{who}: three for last, {event['points']}"
    elif kind == "heels":
        text = f"{who}: his heels ({event['card']} turned), {event['points']}"
    elif kind == "show":
        breakdown = ", ".join(f"{key} {value}" for key, value in event["breakdown"].items() if value) or "nothing"
        text = f"show {event['set']} of {who}: {cards_text(event['cards'])}: {breakdown} -> {event['points']}"
        if "claimed" in event:
            text += f" (claimed {event['claimed']})"
    elif kind == "muggins":
        text = f"MUGGINS: {side_text(who)} calls it and pegs the {event['points']} overlooked"
    elif kind == "win":
        text = f"{side_text(who)} WINS"
    elif kind == "deal":
        return f"hand {event['hand']}: {event['dealer']} deals"
    else:
        text = show(dict(event))
    if "scores" in event:
        text += f"    [{scores_text(event['scores'])}]"
    return text


def final_line(result: Json) -> str:
    winner = result["winner"]
    return f"final scores: {scores_text(result['scores'])}; " + (
        f"{side_text(winner)} wins" if winner else "no winner yet"
    )


def match_lines(result: Json) -> list[str]:
    """Each game of a match: who dealt first, its events, its result and the running game points."""
    lines = []
    for number, game in enumerate(result["games"], start=1):
        lines.append(f"game {number}: {game['first_dealer']} deals the first hand")
        lines += _indent(event_lines(game.get("events", [])))
        outcome = f"{game['winner']} wins {scores_text(game['scores'])}" if game["winner"] else "not won"
        points = f"skunk: {game['skunk']}, {game['game_points']} game point(s)" if game["winner"] else "no game points"
        extra = "; a triple skunk wins the match at once" if game["wins_match_outright"] else ""
        lines += _indent(
            [
                f"{outcome} after {game['hands_played']} hand(s); {points}{extra}",
                f"game points: {scores_text(game['totals'])}",
            ]
        )
    decided = (
        f"{result['winner']} wins the match in game {result['decided_by']}" if result["winner"] else "no winner yet"
    )
    lines.append(f"match: {decided}; game points {scores_text(result['totals'])}")
    return lines


def game_lines(result: Json) -> list[str]:
    lines = [f"{result['first_dealer']} deals first", *event_lines(result["events"]), final_line(result)]
    lines.append(f"hands played: {result['hands_played']}")
    if "skunk" in result:
        text = f"skunk: {result['skunk']}; game points: {result['game_points']}"
        if result.get("wins_match_outright"):
            text += "; wins the match"
        lines.append(text)
    return lines


# --- helpers and the command ---------------------------------------------------------------


def _indent(lines: Iterable[str]) -> list[str]:
    return [INDENT + line for line in lines]


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(" ".join(text.split()), WIDTH, break_on_hyphens=False) or [""]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "case_id",
        metavar="ID",
        help="the id of a case, or ID[PROFILE] (as failures print it) for one profile; or a rule id "
        "(peg.thirty-one: its statement, sources, profiles, disputes and the cases that show it best), "
        "or a dispute (D4, or its rule id dispute.d4-crib-nobs: both readings and a case under each)",
    )
    add_corpus_arguments(parser)


def main(args: argparse.Namespace) -> int:
    case_id, profile = split_item_name(args.case_id)
    try:
        case = find_case(case_id, args.cases, args.catalogue)
    except CaseNotFound as missing:
        rules = rules_by_id(args.catalogue)
        found = explain_rule.find(case_id, rules) if profile is None else None
        if found is not None:
            cases = load_cases(args.cases)
            print(explain_rule.explain_dispute(found.rule, cases) if found.dispute else
                  explain_rule.explain_rule(found.rule, rules, cases))  # fmt: skip
            return 0
        print(f"cribcheck explain: no case, rule or dispute has the id {missing.case_id!r}", file=sys.stderr)
        near_rules = nearest(
            case_id, [*rules, *(str(rule["dispute"]) for rule in rules.values() if rule.get("dispute"))]
        )
        if near_rules:
            print(f"nearest rules: {', '.join(near_rules)}", file=sys.stderr)
        if missing.broken_in:
            print(f"it is in {missing.broken_in}, which fails the schema: run cribcheck lint on it", file=sys.stderr)
        if missing.suggestions:
            print(f"nearest ids: {', '.join(missing.suggestions)}", file=sys.stderr)
        return 2
    if profile is not None and profile not in case.profiles:
        print(
            f"cribcheck explain: the case {case.id!r} does not run under the profile {profile!r}"
            f"{did_you_mean(profile, case.profiles)}; its profiles: {', '.join(case.profiles)}",
            file=sys.stderr,
        )
        return 2
    print(explain_case(case, rules_by_id(args.catalogue), profile))
    return 0
