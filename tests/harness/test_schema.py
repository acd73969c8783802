"""The case and catalogue schemas: valid 2020-12, accepting a good case of every op, refusing the
mistakes they exist to catch."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
import yaml

from cribcheck.harness.contract.files import CATALOGUE_FILE, SCHEMA_DIR
from cribcheck.harness.operations.answers import OPERATIONS
from tests.harness.worked_hands import FIRST_FIVE_CARD_HAND_INPUT, FIRST_FIVE_CARD_HAND_RESULT

DECK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]

GOOD_CASES: dict[str, dict[str, Any]] = {
    "show": {
        "id": "show-seed-example",
        "title": "Source 000's hand",
        "rules": ["show.fifteens"],
        "profiles": ["five-card"],
        "op": "show",
        "input": {"cards": ["4C", "5D", "6H"], "starter": "5S", "crib": False},
        "explain": "pair 2, two runs 6, two fifteens 4 = 12",
        "expect": {
            "default": {"total": 12, "breakdown": {"fifteens": 4, "pairs": 2, "runs": 6, "flush": 0, "nobs": 0}}
        },
    },
    "play": {
        "id": "play-fifteen",
        "title": "A card making 15",
        "rules": ["peg.fifteen"],
        "profiles": ["six-card", "six-card-61"],
        "op": "play",
        "input": {"count": ["7S", "8H"]},
        "explain": "7 + 8 = 15: 2",
        "expect": {"default": {"points": 2, "breakdown": {"fifteen": 2, "thirty_one": 0, "pairs": 0, "run": 0}}},
    },
    "pegging": {
        "id": "pegging-go",
        "title": "A go and a reset",
        "rules": ["peg.go"],
        "profiles": ["six-card"],
        "op": "pegging",
        "input": {
            "pone": ["5H", "TC", "9S", "8D"],
            "dealer": ["KD", "5C", "4S", "7H"],
            "plays": ["5H", "KD", "TC", "5C", "go", "9S", "4S", "8D", "7H"],
        },
        "explain": "KD makes 15 (2); the pone cannot play on 30: 1 for last; 7H is the last card: 1",
        "expect": {
            "default": {
                "points": {"pone": 0, "dealer": 4},
                "events": [
                    {"type": "play", "player": "pone", "card": "5H", "count": 5, "points": 0, "scoring": {}},
                    {"type": "play", "player": "dealer", "card": "KD", "count": 15, "points": 2},
                    {"type": "play", "player": "pone", "card": "TC", "count": 25},
                    {"type": "play", "player": "dealer", "card": "5C", "count": 30},
                    {"type": "go", "player": "pone"},
                    {"type": "last_card", "player": "dealer", "points": 1},
                    {"type": "reset", "leader": "pone"},
                    {"type": "play", "player": "pone", "card": "9S", "count": 9},
                    {"type": "play", "player": "dealer", "card": "4S", "count": 13},
                    {"type": "play", "player": "pone", "card": "8D", "count": 21},
                    {"type": "play", "player": "dealer", "card": "7H", "count": 28, "scoring": {}},
                    {"type": "last_card", "player": "dealer", "points": 1},
                ],
                "unplayed": {"pone": [], "dealer": []},
            }
        },
    },
    "deal": {
        "id": "deal-alternate",
        "title": "Dealing alternately",
        "rules": ["deal.dealing"],
        "profiles": ["five-card"],
        "op": "deal",
        "input": {"deck": DECK, "cut": 4},
        "expect": {
            "default": {
                "pone": ["AC", "3C", "5C", "7C", "9C"],
                "dealer": ["2C", "4C", "6C", "8C", "TC"],
                "starter": "2D",
            }
        },
    },
    "cut": {
        "id": "cut-lower-rank",
        "title": "The lower rank deals",
        "rules": ["deal.cut-for-deal"],
        "profiles": ["six-card"],
        "op": "cut",
        "input": {"cuts": [["TH", "KD"]]},
        "expect": {"default": {"dealer": "A", "rounds": 1}},
    },
    "hand": {
        "id": "hand-three-for-last",
        "title": "A first hand",
        "rules": ["game.three-for-last"],
        "profiles": ["five-card"],
        "op": "hand",
        "input": {**copy.deepcopy(FIRST_FIVE_CARD_HAND_INPUT), "scores": {"A": 0, "B": 0}},
        "expect": {"default": copy.deepcopy(FIRST_FIVE_CARD_HAND_RESULT)},
    },
    "game": {
        "id": "game-one-hand",
        "title": "A game of one hand",
        "rules": ["game.win"],
        "profiles": ["six-card"],
        "op": "game",
        "input": {
            "cuts": [["AH", "KD"]],
            "hands": [
                {
                    "dealt": {"A": ["5H", "5D", "JC", "2S", "9H", "3C"], "B": ["5C", "5S", "4D", "6D", "KH", "8C"]},
                    "starter": "JS",
                    "discards": {"A": ["2S", "9H"], "B": ["KH", "6D"]},
                    "plays": ["5C", "5H", "5S", "5D", "4D", "3C", "go", "8C", "JC"],
                }
            ],
        },
        "expect": {"default": {"scores": {"A": 35, "B": 14}, "winner": None, "hands_played": 1, "first_dealer": "A"}},
    },
}
GOOD_CASES["match"] = {
    "id": "match-one-game-unfinished",
    "title": "A match of one unfinished game",
    "rules": ["match.target"],
    "profiles": ["six-card-match"],
    "op": "match",
    "input": {"cuts": [["AH", "KD"]], "games": [{"hands": copy.deepcopy(GOOD_CASES["game"]["input"]["hands"])}]},
    "expect": {
        "default": {
            "winner": None,
            "decided_by": None,
            "totals": {"A": 0, "B": 0},
            "games": [
                {
                    "first_dealer": "A",
                    "winner": None,
                    "scores": {"A": 35, "B": 14},
                    "hands_played": 1,
                    "skunk": None,
                    "game_points": 0,
                    "wins_match_outright": False,
                    "totals": {"A": 0, "B": 0},
                }
            ],
        }
    },
}

# The shapes of three and four seats and of muggins claims (docs/case-format.md).
VARIANT_CASES: dict[str, dict[str, Any]] = {
    "three-player-pegging": {
        "id": "three-pegging",
        "title": "Three seats",
        "rules": ["peg.order-seats"],
        "profiles": ["three-player"],
        "op": "pegging",
        "input": {
            "dealer": "C",
            "hands": {"A": ["9S", "8H", "KD", "6C"], "B": ["8D", "2S", "AC", "7H"], "C": ["TH", "9C", "4S", "5D"]},
            "plays": ["9S"],
            "claims": [{"play": 0, "points": 0}],
        },
        "explain": "x",
        "expect": {
            "default": {
                "points": {"A": 1, "B": 4, "C": 6},
                "unplayed": {"A": [], "B": [], "C": []},
                "events": [
                    {"type": "play", "player": "A", "card": "9S", "count": 9, "points": 0, "scoring": {}},
                    {"type": "muggins", "player": "B", "points": 2},
                ],
            }
        },
    },
    "four-player-hand": {
        "id": "four-hand",
        "title": "Four seats",
        "rules": ["game.sides"],
        "profiles": ["four-player"],
        "op": "hand",
        "input": {
            "dealer": "D",
            "scores": {"AC": 100, "BD": 104},
            "dealt": {"A": ["TS"], "B": ["KH"], "C": ["4H"], "D": ["AD"]},
            "starter": "6H",
            "discards": {"A": ["TS"], "B": ["KH"], "C": ["4H"], "D": ["AD"]},
            "plays": [],
            "claims": [{"show": "C", "points": 5}, {"heels": True, "points": 0}, {"last_card": 3, "points": 1}],
        },
        "expect": {
            "default": {
                "scores": {"AC": 124, "BD": 113},
                "winner": "AC",
                "events": [
                    {"type": "show", "set": "hand", "player": "C", "cards": ["4H"], "points": 5, "claimed": 5},
                    {"type": "muggins", "player": "BD", "points": 4, "scores": {"AC": 1, "BD": 2}},
                    {"type": "win", "player": "AC", "scores": {"AC": 124, "BD": 113}},
                ],
            }
        },
    },
    "three-player-cut": {
        "id": "three-cut",
        "title": "Three seats cut",
        "rules": ["deal.cut-for-deal-seats"],
        "profiles": ["three-player"],
        "op": "cut",
        "input": {"cuts": [{"A": "3H", "B": "3S", "C": "9D"}, {"A": "KC", "B": "5D"}]},
        "expect": {"default": {"dealer": "B", "rounds": 2}},
    },
    "three-player-deal": {
        "id": "three-deal",
        "title": "Three seats deal",
        "rules": ["deal.dealing-seats"],
        "profiles": ["three-player"],
        "op": "deal",
        "input": {"dealer": "B", "deck": ["AC"], "cut": 4},
        "expect": {"default": {"hands": {"A": ["2C"], "B": ["3C"], "C": ["AC"]}, "crib_card": "3D", "starter": "8D"}},
    },
}

EVENTS = {
    "pegging": GOOD_CASES["pegging"]["expect"]["default"]["events"],
    "hand": [
        {"type": "three_for_last", "player": "B", "points": 3, "scores": {"A": 0, "B": 3}},
        {"type": "heels", "player": "A", "card": "JS", "points": 2, "scores": {"A": 2, "B": 3}},
        {"type": "play", "player": "B", "card": "5S", "count": 15, "points": 8, "scoring": {"fifteen": 2, "pairs": 6}},
        {"type": "go", "player": "A", "scores": {"A": 16, "B": 11}},
        {"type": "last_card", "player": "B", "points": 1},
        {"type": "reset", "leader": "A"},
        {"type": "show", "set": "crib", "player": "A", "cards": ["6D", "KH", "2S", "9H"], "points": 2},
        {"type": "win", "player": "A", "scores": {"A": 61, "B": 18}},
    ],
}
EVENTS["game"] = [{"type": "deal", "hand": 1, "dealer": "A"}, *EVENTS["hand"]]


@pytest.fixture(scope="module")
def case_schema() -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / "case.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def validator(case_schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(case_schema)


def errors_of(validator: jsonschema.Draft202012Validator, *cases: dict[str, Any]) -> list[tuple[str, str]]:
    """(field path, message) of each schema error of a file holding `cases`."""
    document = {"topic": "Test cases", "cases": list(cases)}
    found = []
    for error in validator.iter_errors(document):
        path = "/".join(str(part) for part in error.absolute_path)
        found.append((path, error.message))
    return found


def changed(which: str, **fields: Any) -> dict[str, Any]:
    case = copy.deepcopy(GOOD_CASES[which])
    case.update(fields)
    return case


# --- the schemas themselves ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["case.schema.json", "catalogue.schema.json"])
def test_schema_is_valid_2020_12_with_an_id(name: str) -> None:
    schema = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith("/" + name)
    jsonschema.Draft202012Validator.check_schema(schema)


def object_paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every mapping inside `node`, itself included."""
    found = [path] if isinstance(node, dict) else []
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, child in children:
        found += object_paths(child, (*path, key))
    return found


def stray_keys_accepted(validator: jsonschema.Draft202012Validator, case: Any) -> list[Any]:
    """The paths of the objects in `case` that accept a stray key (additionalProperties missing)."""
    accepted = []
    for path in object_paths(case):
        broken = copy.deepcopy(case)
        target = broken
        for key in path:
            target = target[key]
        target["stray_key"] = 1
        if not errors_of(validator, broken):
            accepted.append(path)
    return accepted


@pytest.mark.parametrize("op", OPERATIONS)
def test_no_object_takes_an_unknown_key(validator: jsonschema.Draft202012Validator, op: str) -> None:
    """additionalProperties: false everywhere: a stray key anywhere in a good case is refused."""
    case = copy.deepcopy(GOOD_CASES[op])
    if op in EVENTS:
        case["expect"]["default"]["events"] = EVENTS[op]
    assert stray_keys_accepted(validator, case) == []


@pytest.mark.parametrize("name", sorted(VARIANT_CASES))
def test_the_shapes_of_three_and_four_seats_and_claims_validate_and_take_no_unknown_key(
    validator: jsonschema.Draft202012Validator, name: str
) -> None:
    case = VARIANT_CASES[name]
    assert errors_of(validator, case) == []
    assert stray_keys_accepted(validator, case) == []


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("input", "dealer"), "E"),
        (("input", "scores"), {"A": 1, "C": 2}),
        (("input", "scores"), {"AC": 1, "BD": 2, "A": 3}),
        (("input", "dealt"), {"A": ["TS"], "B": ["KH"], "D": ["AD"]}),
        (("input", "claims"), [{"play": 1, "show": "A", "points": 1}]),
        (("input", "claims"), [{"points": 1}]),
        (("input", "claims"), [{"show": "crib"}]),
        (("input", "claims"), [{"heels": False, "points": 0}]),
        (("expect", "default", "winner"), "AB"),
    ],
)
def test_a_wrong_seat_side_or_claim_shape_is_refused(
    validator: jsonschema.Draft202012Validator, where: tuple[str, ...], value: Any
) -> None:
    case = copy.deepcopy(VARIANT_CASES["four-player-hand"])
    target = case
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    assert errors_of(validator, case) != []


def test_the_ops_are_the_engines_ops(case_schema: dict[str, Any]) -> None:
    assert tuple(case_schema["$defs"]["case"]["properties"]["op"]["enum"]) == OPERATIONS


def test_the_real_catalogue_validates() -> None:
    schema = json.loads((SCHEMA_DIR / "catalogue.schema.json").read_text(encoding="utf-8"))
    catalogue = yaml.safe_load(CATALOGUE_FILE.read_text(encoding="utf-8"))
    errors = [
        f"{list(e.absolute_path)}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(catalogue)
    ]
    assert errors == []


def test_the_catalogue_schema_keeps_dispute_keys_for_disputes() -> None:
    schema = json.loads((SCHEMA_DIR / "catalogue.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    rule = {"id": "show.x", "area": "show", "profiles": [], "statement": "s", "sources": ["a"], "dispute": "D1"}
    assert not validator.is_valid({"main_profiles": ["six-card"], "rules": [rule]})
    dispute = {"id": "dispute.x", "area": "dispute", "profiles": [], "statement": "s", "sources": ["a"]}
    assert not validator.is_valid({"main_profiles": ["six-card"], "rules": [dispute]})


# --- good cases ----------------------------------------------------------------------------


@pytest.mark.parametrize("op", OPERATIONS)
def test_a_good_case_of_every_op_validates(validator: jsonschema.Draft202012Validator, op: str) -> None:
    assert errors_of(validator, GOOD_CASES[op]) == []


@pytest.mark.parametrize("op", OPERATIONS)
def test_a_rejection_of_every_op_validates(validator: jsonschema.Draft202012Validator, op: str) -> None:
    case = changed(
        op, expect={"default": {"rejected": "wrong_card_count"}, "five-card": {"rejected": "over_31", "index": 3}}
    )
    assert errors_of(validator, case) == []


def test_an_invalid_card_case_may_carry_any_scalar_where_a_card_goes(
    validator: jsonschema.Draft202012Validator,
) -> None:
    case = changed(
        "show", input={"cards": ["1H", 10, None], "starter": "5♥"}, expect={"default": {"rejected": "invalid_card"}}
    )
    assert errors_of(validator, case) == []
    hand = copy.deepcopy(GOOD_CASES["hand"])
    hand["input"]["plays"] = ["ZZ", "go"]
    hand["expect"] = {"default": {"rejected": "invalid_card", "index": 0}}
    assert errors_of(validator, hand) == []


# --- mistakes the schema catches -----------------------------------------------------------


def test_a_bad_card_is_refused_outside_invalid_card_cases(validator: jsonschema.Draft202012Validator) -> None:
    case = changed("show", input={"cards": ["4C", "1D", "6H"], "starter": "5S"})
    assert errors_of(validator, case) == [("cases/0/input/cards/1", "'1D' does not match '^[A2-9TJQK][CDHS]$'")]
    rejected = changed(
        "show", input={"cards": ["4C", "5d", "6H"], "starter": "5S"}, expect={"default": {"rejected": "over_31"}}
    )
    assert [path for path, _ in errors_of(validator, rejected)] == ["cases/0/input/cards/1"]


def test_cards_in_results_must_be_canonical(validator: jsonschema.Draft202012Validator) -> None:
    case = changed("deal", expect={"default": {"pone": ["AC"], "dealer": ["2C"], "starter": "10D"}})
    assert [path for path, _ in errors_of(validator, case)] == ["cases/0/expect/default/starter"]


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("id", "Show_Seed", "cases/0/id"),
        ("id", "show--seed", "cases/0/id"),
        ("rules", [], "cases/0/rules"),
        ("rules", ["show"], "cases/0/rules/0"),
        ("tags", ["shows"], "cases/0/tags/0"),
        ("profiles", [], "cases/0/profiles"),
        ("profiles", ["five-card", "five-card"], "cases/0/profiles"),
        ("op", "score", "cases/0/op"),
        ("expect", {}, "cases/0/expect"),
        ("expect", {"Default": {"total": 12}}, "cases/0/expect"),
        ("explain", " ", "cases/0/explain"),
        ("titel", "typo", "cases/0"),
    ],
)
def test_a_bad_field_is_refused(validator: jsonschema.Draft202012Validator, field: str, value: Any, path: str) -> None:
    assert path in [where for where, _ in errors_of(validator, changed("show", **{field: value}))]


@pytest.mark.parametrize(
    ("expectation", "path"),
    [
        ({"total": 12, "points": 12}, "cases/0/expect/default"),  # a key of another op
        ({"breakdown": {"fifteens": 4}}, "cases/0/expect/default"),  # total is always compared
        ({"total": 12, "breakdown": {"fifteen": 4}}, "cases/0/expect/default/breakdown"),
        ({"total": -1}, "cases/0/expect/default/total"),
        ({"rejected": "no_such_code"}, "cases/0/expect/default/rejected"),
        ({"rejected": "over_31", "message": "x"}, "cases/0/expect/default"),
    ],
)
def test_a_bad_expectation_is_refused(
    validator: jsonschema.Draft202012Validator, expectation: dict[str, Any], path: str
) -> None:
    found = errors_of(validator, changed("show", expect={"default": expectation}))
    assert path in [where for where, _ in found], found


@pytest.mark.parametrize("op", ["pegging", "hand", "game"])
def test_every_event_type_of_an_op_validates(validator: jsonschema.Draft202012Validator, op: str) -> None:
    case = copy.deepcopy(GOOD_CASES[op])
    case["expect"]["default"]["events"] = EVENTS[op]
    assert errors_of(validator, case) == []


def test_a_game_event_list_is_not_a_pegging_event_list(validator: jsonschema.Draft202012Validator) -> None:
    case = copy.deepcopy(GOOD_CASES["hand"])
    case["expect"]["default"]["events"] = [{"type": "deal", "hand": 1, "dealer": "A"}, {"type": "go", "player": "pone"}]
    paths = [path for path, _ in errors_of(validator, case)]
    assert paths == ["cases/0/expect/default/events/0/type", "cases/0/expect/default/events/1/player"]


def test_unknown_event_keys_and_types_are_refused(validator: jsonschema.Draft202012Validator) -> None:
    case = copy.deepcopy(GOOD_CASES["pegging"])
    case["expect"]["default"]["events"] = [{"type": "go", "player": "pone", "points": 1}, {"type": "nap"}]
    paths = [path for path, _ in errors_of(validator, case)]
    assert "cases/0/expect/default/events/0" in paths
    assert "cases/0/expect/default/events/1/type" in paths


@pytest.mark.parametrize("op", ["show", "play", "pegging"])
def test_explain_is_required_for_show_play_and_pegging(validator: jsonschema.Draft202012Validator, op: str) -> None:
    case = changed(op)
    del case["explain"]
    assert errors_of(validator, case) == [("cases/0", "'explain' is a required property")]


def test_explain_is_required_for_dispute_cases(validator: jsonschema.Draft202012Validator) -> None:
    case = changed("cut", tags=["cut", "dispute"])
    assert errors_of(validator, case) == [("cases/0", "'explain' is a required property")]
    assert errors_of(validator, changed("cut", tags=["cut"])) == []


def test_input_follows_the_op(validator: jsonschema.Draft202012Validator) -> None:
    case = changed("show", input={"count": ["7S", "8H"]})
    paths = [path for path, _ in errors_of(validator, case)]
    assert "cases/0/input" in paths  # unknown key count, missing cards and starter


def test_a_hand_is_dealt_or_comes_from_a_deck_not_both(validator: jsonschema.Draft202012Validator) -> None:
    both = copy.deepcopy(GOOD_CASES["hand"])
    both["input"].update({"deck": DECK, "cut": 4})
    assert [path for path, _ in errors_of(validator, both)] == ["cases/0/input"]
    neither = copy.deepcopy(GOOD_CASES["hand"])
    del neither["input"]["dealt"], neither["input"]["starter"]
    assert errors_of(validator, neither) == [("cases/0/input", "'dealt' is a required property")]
    no_starter = copy.deepcopy(GOOD_CASES["hand"])
    del no_starter["input"]["starter"]
    assert errors_of(validator, no_starter) == [("cases/0/input", "'starter' is a dependency of 'dealt'")]


def test_a_file_needs_a_topic_and_cases(validator: jsonschema.Draft202012Validator) -> None:
    assert not validator.is_valid({"cases": [GOOD_CASES["show"]]})
    assert not validator.is_valid({"topic": "x", "cases": []})
    assert not validator.is_valid({"topic": "x", "cases": [GOOD_CASES["show"]], "extra": 1})
