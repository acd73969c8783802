"""The fuzzer's draws lean toward the lines the rules draw (harness/fuzz/strategies.py): counts of
15 and 31, both sides of a skunk line, the packets' edges, a card too many or too few, and the
claims that are never made, drawn where each would change the score. Each is checked on drawn
inputs against the reference's own answer, not the strategies' bookkeeping."""

from __future__ import annotations

import random
from collections import Counter

from cribcheck.harness.fuzz.strategies import (
    RandomPicker,
    deal_input,
    hand_body,
    on_count_lines,
    pick_steering,
    reference_profile,
    show_input,
)
from cribcheck.harness.operations.answers import cached_profiles, run_reference
from cribcheck.reference import parse_cards


class Always:
    """A picker whose every choice is the last: one_in(n) is always true."""

    def index(self, size: int) -> int:
        return size - 1


def test_a_card_that_makes_15_or_31_is_preferred_when_the_draw_says_so() -> None:
    fits = list(parse_cards(["5H", "6S", "TD", "AC"]))
    assert on_count_lines(Always())(fits, 21) == list(parse_cards(["TD"]))  # 21 + 10 = 31
    assert on_count_lines(Always())(fits, 9) == list(parse_cards(["6S"]))  # 9 + 6 = 15
    assert on_count_lines(Always())(fits, 2) == []  # nothing makes 15 or 31: any card


def test_the_triple_skunk_line_is_aimed_at_from_both_sides() -> None:
    """Under the triple skunk, games are steered to 30 (a triple skunk) and 31 (none) alike."""
    profile = reference_profile("six-card-match--triple-skunk")
    pick = RandomPicker(random.Random(1))
    goals = Counter(steering.goal for _ in range(600) if (steering := pick_steering(pick, profile)) is not None)
    assert goals[30] >= 40 and goals[31] >= 40 and 0.5 < goals[30] / goals[31] < 2


def test_cuts_fall_on_the_packets_edges() -> None:
    """A stock of 40 (six-card): depths 3 and 37 are bad cuts, 4 and 36 the deepest legal ones."""
    profile = reference_profile("six-card")
    pick = RandomPicker(random.Random(2))
    codes = Counter()
    depths = Counter()
    with cached_profiles():
        for _ in range(200):
            data = deal_input(pick, profile)
            depths[data["cut"]] += 1
            codes[run_reference("deal", data, "six-card").get("rejected", {}).get("code")] += 1
    assert all(depths[depth] >= 5 for depth in (3, 4, 36, 37))
    assert codes["bad_cut"] >= 10


def test_a_show_now_and_then_holds_a_card_too_many_or_too_few() -> None:
    profile = reference_profile("five-card")
    pick = RandomPicker(random.Random(3))
    with cached_profiles():
        answers = [run_reference("show", show_input(pick, profile), "five-card") for _ in range(400)]
    wrong = [answer for answer in answers if answer.get("rejected", {}).get("code") == "wrong_card_count"]
    assert 5 <= len(wrong) <= 60  # about 1 in 16


def test_claims_that_are_never_made_are_drawn_where_they_score_and_mostly_short() -> None:
    """Muggins hands: a heels claim comes with most jacks turned, a last-card claim mostly on a
    card after which the reference pegs a go or last-card point or resets the count (or the
    pegging ends), and more than one claim in three is short."""
    profile = reference_profile("six-card--muggins")
    pick = RandomPicker(random.Random(4))
    jacks = heels_claims = short_heels = 0
    last_card_claims = on_an_end = short_last = 0
    with cached_profiles():
        for number in range(300):
            dealer = "AB"[number % 2]
            body = hand_body(pick, profile, dealer)
            data = {"dealer": dealer, "scores": {"A": 0, "B": 0}, "first_hand": False, **body}
            answer = run_reference("hand", data, profile.name)
            if "ok" not in answer:
                continue
            events = answer["ok"]["events"]
            claims = body.get("claims", [])
            if events[0]["type"] == "heels":
                jacks += 1
                heels = [claim for claim in claims if "heels" in claim]
                heels_claims += bool(heels)
                short_heels += sum(claim["points"] < 2 for claim in heels)
            for claim in claims:
                if "last_card" in claim:
                    last_card_claims += 1
                    short_last += claim["points"] == 0
                    on_an_end += ends_a_count(body["plays"], claim["last_card"], events)
    assert jacks >= 40 and heels_claims >= jacks / 3 and short_heels >= heels_claims / 2
    assert last_card_claims >= 50 and on_an_end >= 0.7 * last_card_claims and short_last > last_card_claims / 3


def ends_a_count(plays: list[str], index: int, events: list[dict]) -> bool:
    """Is plays[index] a card after which the reference's events give no further play of its
    count: a go or last-card point, a reset, or the end of the pegging?"""
    played = [event for event in events if event["type"] == "play"]
    card_number = sum(1 for token in plays[:index] if token != "go")
    if plays[index] == "go" or card_number >= len(played):
        return False
    at = events.index(played[card_number])
    following = next((event for event in events[at + 1 :] if event["type"] != "go"), None)
    return following is None or following["type"] != "play"
