"""Rule input.rejection-order under an unknown profile (harness/operations/before_profile.py):
what needs no profile is answered before unknown_profile, through run_reference as every engine
path uses it. Each input below is worked by hand in its comment."""

from __future__ import annotations

from typing import Any

from cribcheck.harness.operations.answers import run_reference

UNKNOWN = "seven-card"
# A deals: A holds AC 4C 5D 6H KS, B holds 7C 8D 9H 2S 3S (five each, as five-card deals).
HAND: dict[str, Any] = {
    "dealer": "A",
    "scores": {"A": 0, "B": 0},
    "dealt": {"A": ["AC", "4C", "5D", "6H", "KS"], "B": ["7C", "8D", "9H", "2S", "3S"]},
    "starter": "TC",
    "discards": {"A": ["KS", "4C"], "B": ["2S", "3S"]},
    "plays": [],
}


def code(op: str, data: dict[str, Any], profile: str = UNKNOWN) -> str:
    return run_reference(op, data, profile)["rejected"]["code"]


def test_a_clean_input_is_only_an_unknown_profile() -> None:
    assert code("hand", HAND) == "unknown_profile"


def test_a_count_that_needs_the_profile_is_not_judged() -> None:
    # A given 4 cards: wrong under five-card, but seven-card's count is unknown.
    dealt = {"A": ["AC", "4C", "5D", "6H"], "B": HAND["dealt"]["B"]}
    assert code("hand", {**HAND, "dealt": dealt, "discards": {"A": ["4C", "5D"], "B": ["2S", "3S"]}}) == (
        "unknown_profile"
    )
    assert code("hand", {**HAND, "dealt": dealt}, "five-card") == "wrong_card_count"


def test_a_play_card_that_cannot_be_read_names_its_place() -> None:
    answer = run_reference("hand", {**HAND, "plays": ["7C", "1S"]}, UNKNOWN)["rejected"]
    assert answer["code"] == "invalid_card" and "input.plays[1]" in answer["message"]


def test_a_deck_of_51_cards_is_a_wrong_count_before_the_profile() -> None:
    deck = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"][:51]
    data = {"dealer": "A", "scores": {"A": 0, "B": 0}, "deck": deck, "cut": 10, "discards": {"A": [], "B": []}}
    assert code("hand", {**data, "plays": []}) == "wrong_card_count"


def test_a_deal_from_a_deck_of_51_cards_is_a_wrong_count_before_the_profile() -> None:
    """The same 51-card deck (no KS) sent to `deal`, in both forms (with and without a dealer
    seat): the deck's count needs no profile, so it comes first, as in `hand`; the full deck is
    only an unknown profile."""
    full = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
    for extra in ({}, {"dealer": "A"}):
        assert code("deal", {"deck": full[:51], "cut": 10, **extra}) == "wrong_card_count"
        assert code("deal", {"deck": full, "cut": 10, **extra}) == "unknown_profile"


def test_the_hands_of_a_game_and_a_match_are_looked_at() -> None:
    # The second hand's B discards QS, which B was not dealt.
    second = {**HAND, "discards": {"A": ["KS", "4C"], "B": ["QS", "3S"]}}
    game = {"cuts": [["QS", "8C"]], "hands": [HAND, second]}
    answer = run_reference("game", game, UNKNOWN)["rejected"]
    assert answer["code"] == "discard_not_held" and "input.hands[1].discards.B[0]" in answer["message"]
    match = {"cuts": [["QS", "8C"]], "games": [{"hands": [HAND]}, {"hands": [second]}]}
    assert code("match", match) == "discard_not_held"


def test_a_cut_round_with_a_card_twice() -> None:
    assert code("cut", {"cuts": [["5H", "5H"]]}) == "duplicate_card"
    assert code("cut", {"cuts": [["5H", "6H"]]}) == "unknown_profile"
