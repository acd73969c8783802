"""Divergence signatures (harness/operations/divergence.py): where an engine's answer leaves the
reference's, each independent part once, in words made from the signature."""

from __future__ import annotations

import copy
from typing import Any

from cribcheck.harness.operations.divergence import (
    ANOTHER_PLAYER,
    CONVENTION,
    PAST_TARGET,
    PAST_THE_CUT,
    Signature,
    describe,
    rules_of,
    signatures,
)

# Six-card pegging, worked by hand: TH 10, KC 20, 5C 25, 6H 31 (dealer 2 for the 31); reset, the
# pone leads 6S 6 (no pair: the 6H was the last series'), 8S 14, 9D 23, 7D 30 (run 6-7-8-9: dealer
# 4), and the dealer's 7D is the last card of all (1). Pone 0, dealer 2 + 4 + 1 = 7.
PEGGING_INPUT = {
    "pone": ["TH", "5C", "9D", "6S"],
    "dealer": ["KC", "6H", "8S", "7D"],
    "plays": ["TH", "KC", "5C", "6H", "6S", "8S", "9D", "7D"],
}
EVENTS: list[dict[str, Any]] = [
    {"type": "play", "player": "pone", "card": "TH", "count": 10, "points": 0, "scoring": {}},
    {"type": "play", "player": "dealer", "card": "KC", "count": 20, "points": 0, "scoring": {}},
    {"type": "play", "player": "pone", "card": "5C", "count": 25, "points": 0, "scoring": {}},
    {"type": "play", "player": "dealer", "card": "6H", "count": 31, "points": 2, "scoring": {"thirty_one": 2}},
    {"type": "reset", "leader": "pone"},
    {"type": "play", "player": "pone", "card": "6S", "count": 6, "points": 0, "scoring": {}},
    {"type": "play", "player": "dealer", "card": "8S", "count": 14, "points": 0, "scoring": {}},
    {"type": "play", "player": "pone", "card": "9D", "count": 23, "points": 0, "scoring": {}},
    {"type": "play", "player": "dealer", "card": "7D", "count": 30, "points": 4, "scoring": {"run": 4}},
    {"type": "last_card", "player": "dealer", "points": 1},
]
EXPECTED = {"points": {"pone": 0, "dealer": 7}, "events": EVENTS}

LAST_CARD_ONE_MORE = Signature("pegging", "events[*].points", "last_card", ("last card",), "one more")
LEAD_PAIRS = Signature("pegging", "events[*].points", "play", ("lead",), "some where the reference gives 0, for pair")


def engine_answer(last_card: bool, pair_back: bool) -> dict[str, Any]:
    """The answer of an engine whose last card of all scores one more (`last_card`) and whose
    pairs reach one card back across a reset (`pair_back`: the pone's 6S leads and pairs the 6H)."""
    events = copy.deepcopy(EVENTS)
    points = {"pone": 0, "dealer": 7}
    if last_card:
        events[9]["points"] = 2
        points["dealer"] = 8
    if pair_back:
        events[5].update(points=2, scoring={"pairs": 2})
        points["pone"] = 2
    return {"ok": {"points": points, "events": events, "unplayed": {"pone": [], "dealer": []}}}


def test_an_answer_that_agrees_has_no_signature() -> None:
    assert signatures("pegging", PEGGING_INPUT, EXPECTED, engine_answer(False, False), "six-card") == ()


def test_two_bugs_in_one_answer_are_two_signatures() -> None:
    found = signatures("pegging", PEGGING_INPUT, EXPECTED, engine_answer(True, True), "six-card")
    assert found == (LEAD_PAIRS, LAST_CARD_ONE_MORE)  # in the order of the events; the points follow from them


def test_each_bug_alone_is_its_own_signature() -> None:
    assert signatures("pegging", PEGGING_INPUT, EXPECTED, engine_answer(True, False), "six-card") == (
        LAST_CARD_ONE_MORE,
    )
    assert signatures("pegging", PEGGING_INPUT, EXPECTED, engine_answer(False, True), "six-card") == (LEAD_PAIRS,)


def test_the_words_come_from_the_signature() -> None:
    (found,) = signatures("pegging", PEGGING_INPUT, EXPECTED, engine_answer(True, False), "six-card")
    assert describe(found) == (
        "the point for the last card of all: the engine gives one more than the reference (2 where it gives 1)"
    )
    (pair,) = signatures("pegging", PEGGING_INPUT, EXPECTED, engine_answer(False, True), "six-card")
    assert describe(pair) == (
        "a card that leads a new count: the engine scores pair where the reference gives 0 (2 where it gives 0)"
    )


def test_without_events_the_points_diverge() -> None:
    expected = {"points": {"pone": 0, "dealer": 7}}
    (found,) = signatures("pegging", PEGGING_INPUT, expected, engine_answer(True, False), "six-card")
    assert found == Signature("pegging", "points.dealer", "", (), "one more")
    assert (
        describe(found)
        == "the dealer's pegging points: the engine gives one more than the reference (8 where it gives 7)"
    )


def test_an_event_the_reference_does_not_give() -> None:
    """D2's other reading: the 31 that ends the pegging also takes 1 for the last card."""
    expected = {"events": EVENTS[:4]}  # a pegging that ends on the 31 (the count's cards as above)
    answer = {"ok": {"events": [*EVENTS[:4], {"type": "last_card", "player": "dealer", "points": 1}]}}
    (found,) = signatures("pegging", {}, expected, answer)
    assert (found.field, found.event, found.reasons) == ("events", "last_card", ("last card", "31"))
    assert describe(found).startswith("the point for the last card of all at 31: the engine gives one where")


def test_a_shows_total_follows_from_its_breakdown() -> None:
    # 3H 4H 4C 5S, starter KD: fifteens 5+K, 4+4... no: 4+K? no. 5+K = 15 (2); 3+4+4+4? Two runs
    # of 3-4-5 (6), a pair of 4s (2): total 10. An engine counting the double run once: runs 3, total 7.
    expected = {"total": 10, "breakdown": {"fifteens": 2, "pairs": 2, "runs": 6, "flush": 0, "nobs": 0}}
    answer = {"ok": {"total": 7, "breakdown": {"fifteens": 2, "pairs": 2, "runs": 3, "flush": 0, "nobs": 0}}}
    (found,) = signatures("show", {"cards": ["3H", "4H", "4C", "5S"], "starter": "KD"}, expected, answer)
    assert found == Signature("show", "breakdown.runs", "", (), "half")
    assert (
        describe(found)
        == "the runs of a hand or crib in the show: the engine gives half the reference's (3 where it gives 6)"
    )


def test_rejections() -> None:
    expected = {"rejected": "not_your_turn", "index": 3}
    result = signatures("pegging", {}, expected, {"ok": {"points": {}}})
    assert result == (
        Signature(
            "pegging", "rejection.code", "", ("not_your_turn",), "a result where rejection not_your_turn was expected"
        ),
    )
    other = signatures("pegging", {}, expected, {"rejected": {"code": "over_31", "message": "x", "index": 3}})
    assert other[0].relation == "rejection over_31 where rejection not_your_turn was expected"
    later = signatures("pegging", {}, expected, {"rejected": {"code": "not_your_turn", "message": "x", "index": 4}})
    assert later == (
        Signature("pegging", "rejection.index", "", ("not_your_turn",), "rejection not_your_turn: one more"),
    )
    hostile = signatures("pegging", {}, expected, {"rejected": {"code": "<script>", "message": "x"}})
    assert hostile[0].relation == "rejection an unknown code where rejection not_your_turn was expected"


def test_the_winners_score_stopped_at_the_target_is_a_convention() -> None:
    # A game won with 3 points from 120: the reference's winner ends on 123, the engine's on 121.
    expected = {"scores": {"A": 123, "B": 100}, "winner": "A"}
    answer = {"ok": {"scores": {"A": 121, "B": 100}, "winner": "A"}}
    (found,) = signatures("game", {}, expected, answer, "six-card")
    assert found == Signature("game", "scores.<winner>", "", (), CONVENTION)
    assert found.convention
    # On 61 points (six-card-61) a score of 121 is no target: only less.
    (other,) = signatures("game", {}, {"scores": {"A": 123, "B": 100}, "winner": "A"}, answer, "six-card-61")
    assert other.relation == "less"


def test_points_given_to_the_winner_past_the_target_say_so() -> None:
    # A hand won by the 31 that takes A from 119 to 121: the reference ends A's score there, an
    # engine that pegs the last card's point after the winning card gives A 122.
    expected = {"scores": {"A": 121, "B": 90}, "winner": "A"}
    (found,) = signatures("hand", {}, expected, {"ok": {"scores": {"A": 122, "B": 90}, "winner": "A"}}, "six-card")
    assert found == Signature("hand", "scores.<winner>", "", (), PAST_TARGET)
    assert describe(found) == (
        "the winner's score: the engine gives the winner more than the reference, past the target "
        "(122 where it gives 121)"
    )
    # a winner's 61 where the reference gives 60, on six-card (target 121): one more, nothing past the target
    (short,) = signatures(
        "hand",
        {},
        {"scores": {"A": 60, "B": 90}, "winner": "A"},
        {"ok": {"scores": {"A": 61, "B": 90}, "winner": "A"}},
        "six-card",
    )
    assert short.relation == "one more" and short.field == "scores.<player>"


def test_an_event_credited_to_another_player() -> None:
    # B deals: A (the pone) shows its hand for 6 (A 6), then B its hand for 4 (B 4) and the crib
    # for 5 (B 9). An engine that pegs the crib to A whoever deals gives A 11 and B 4.
    def show(player: str, shown: str, points: int, a: int, b: int) -> dict[str, Any]:
        return {"type": "show", "player": player, "set": shown, "points": points, "scores": {"A": a, "B": b}}

    expected = {
        "events": [show("A", "pone_hand", 6, 6, 0), show("B", "dealer_hand", 4, 6, 4), show("B", "crib", 5, 6, 9)]
    }
    engine = [show("A", "pone_hand", 6, 6, 0), show("B", "dealer_hand", 4, 6, 4), show("A", "crib", 5, 11, 4)]
    (found,) = signatures("hand", {}, expected, {"ok": {"events": engine}}, "six-card")
    assert found == Signature("hand", "events[*].player", "show", ("crib",), ANOTHER_PLAYER)
    assert describe(found) == "the crib in the show: the engine credits it to another player than the reference does"
    assert rules_of(found) == ("game.show-order",)


def test_an_answer_held_cut_differs_past_the_part_kept() -> None:
    # a match whose second game differs, held cut after the first (harness.results.kept): what
    # differs is not known, and no signature guesses it
    first = {"winner": "A", "scores": {"A": 121, "B": 90}}
    expected = {"games": [first, {"winner": "B", "scores": {"A": 100, "B": 121}}]}
    held = {"ok": {"games": [first, "... (1 more items)"]}}
    (found,) = signatures("match", {}, expected, held, "six-card-match")
    assert found == Signature("match", "games", "", (), PAST_THE_CUT)
    assert describe(found) == "the games: the engine's answer differs past the part of it the report keeps"
    # the pegging's events likewise: the same up to the cut
    answer = {"ok": {"points": {"pone": 0, "dealer": 7}, "events": [*EVENTS[:4], "... (6 more items)"]}}
    assert [one.relation for one in signatures("pegging", PEGGING_INPUT, EXPECTED, answer, "six-card")] == [
        PAST_THE_CUT
    ]


def test_the_convention_at_an_event() -> None:
    # A hand won in the pegging: A on 120 plays the 5H to 15, fifteen 2, 122 where the engine stops at 121.
    play = {"type": "play", "player": "A", "card": "5H", "count": 15, "points": 2, "scoring": {"fifteen": 2}}
    expected = {
        "scores": {"A": 122, "B": 90},
        "winner": "A",
        "events": [
            {**play, "scores": {"A": 122, "B": 90}},
            {"type": "win", "player": "A", "scores": {"A": 122, "B": 90}},
        ],
    }
    stopped = {"A": 121, "B": 90}
    answer = {
        "ok": {
            "scores": stopped,
            "winner": "A",
            "events": [{**play, "scores": stopped}, {"type": "win", "player": "A", "scores": stopped}],
        }
    }
    assert signatures("hand", {}, expected, answer, "six-card") == (
        Signature("hand", "scores.<winner>", "", (), CONVENTION),
    )
    # With another difference in the same answer, it is no convention.
    other = copy.deepcopy(answer)
    other["ok"]["events"][1]["type"] = "go"
    assert not any(one.convention for one in signatures("hand", {}, expected, other, "six-card"))


def test_the_rules_come_from_the_event() -> None:
    assert rules_of(LAST_CARD_ONE_MORE, "six-card") == ("peg.last-card",)
    assert rules_of(LEAD_PAIRS, "six-card") == ("peg.pairs", "peg.restart")  # the pair the engine said, the new count
    runs = Signature("show", "breakdown.runs", "", (), "half")
    assert rules_of(runs) == ("show.runs",)
    crib_flush = Signature("hand", "events[*].breakdown.flush", "show", ("crib",), "more")
    assert rules_of(crib_flush, "five-card") == ("show.crib-flush",)
    hand_flush = Signature("hand", "events[*].breakdown.flush", "show", ("hand",), "more")
    assert rules_of(hand_flush, "five-card") == ("show.hand-flush-five-card",)
    stopped = Signature("game", "scores.<winner>", "", (), CONVENTION)
    assert rules_of(stopped, "six-card") == ("game.win",)
    refused = Signature(
        "pegging", "rejection.code", "", ("not_your_turn",), "a result where rejection not_your_turn was expected"
    )
    assert rules_of(refused) == ("input.legal-play", "peg.order")


def test_a_hands_show_event_names_its_set_as_the_rules_tell_them_apart() -> None:
    """The reference names a two-player hand's show `pone_hand` or `dealer_hand`: its flush is a
    hand's flush (the signature's reason `hand`), so the rule cited is the hand flush's, not none.
    The pone's 4H 5H 6H 9H with the starter KC: flush 4 (of the hand, without the starter)."""
    show = {"type": "show", "player": "pone", "set": "pone_hand", "points": 4, "breakdown": {"flush": 4}}
    expected = {"scores": {"pone": 4, "dealer": 0}, "events": [show]}
    answer = {"ok": {"scores": {"pone": 5, "dealer": 0}, "events": [{**show, "points": 5, "breakdown": {"flush": 5}}]}}
    (found,) = [one for one in signatures("hand", {}, expected, answer, "six-card") if "flush" in one.field]
    assert found.reasons == ("hand",)
    assert rules_of(found, "six-card") == ("show.hand-flush-six-card",)


def test_a_partnerships_skunk_cites_the_partnership_rule_first() -> None:
    skunk = Signature("game", "skunk", "", (), "another value")
    assert rules_of(skunk, "six-card") == ("game.skunk",)
    assert rules_of(skunk, "four-player") == ("game.partnership-skunk", "game.skunk")


def test_another_rejection_code_cites_the_order_of_the_checks() -> None:
    other = Signature(
        "pegging",
        "rejection.code",
        "",
        ("not_your_turn",),
        "rejection over_31 where rejection not_your_turn was expected",
    )
    assert rules_of(other, "six-card") == ("input.rejection-order", "input.legal-play", "peg.order")
    result = Signature("pegging", "rejection.code", "", ("over_31",), "a result where rejection over_31 was expected")
    assert rules_of(result, "six-card") == ("input.legal-play", "peg.go")


def test_a_bad_cut_cites_the_rule_of_the_cut_it_refuses() -> None:
    """bad_cut is a tie left unbroken in the cut for deal (operation cut, or a game's first cut),
    or a starter cut out of the stock (operation deal): the cut's own rule first, then the input's."""
    refused = Signature("cut", "rejection.code", "", ("bad_cut",), "rejection bad_cut where a result was expected")
    assert rules_of(refused, "six-card") == ("deal.cut-for-deal", "input.cards")
    assert rules_of(refused, "three-player") == ("deal.cut-for-deal-seats", "input.cards")
    in_a_game = Signature("game", "rejection.code", "", ("bad_cut",), "rejection bad_cut where a result was expected")
    assert rules_of(in_a_game, "six-card")[0] == "deal.cut-for-deal"
    starter = Signature("deal", "rejection.code", "", ("bad_cut",), "a result where rejection bad_cut was expected")
    assert rules_of(starter, "six-card") == ("deal.starter", "input.cards")


def test_a_win_cites_the_statement_of_the_profiles_table() -> None:
    """The win of a game over: game.win for two players; three players have their own statement
    (game.three-player-win), and four play it "otherwise as six-card" (variant.four-players)."""
    over = Signature("hand", "rejection.code", "", ("game_over",), "rejection game_over where a result was expected")
    assert rules_of(over, "six-card") == ("game.win", "input.cards")
    assert rules_of(over, "three-player") == ("game.three-player-win", "input.cards")
    assert rules_of(over, "four-player") == ("variant.four-players", "game.win", "input.cards")


def test_a_game_that_ends_where_the_other_plays_on_parts_at_the_win() -> None:
    """A on 118: B leads 8H (8), A plays 7S (15: fifteen 2, A on 120), B plays 5C (20). An engine
    whose target is one short (120) ends the game at A's fifteen: its events part from the
    reference's at its win, not at B's 5C. The other way round, an engine that plays on past a win
    the reference gives parts at the reference's win."""
    plays = [
        {"type": "play", "player": "B", "card": "8H", "count": 8, "points": 0, "scoring": {}},
        {"type": "play", "player": "A", "card": "7S", "count": 15, "points": 2, "scoring": {"fifteen": 2}},
        {"type": "play", "player": "B", "card": "5C", "count": 20, "points": 0, "scoring": {}},
    ]
    win = {"type": "win", "player": "A", "scores": {"A": 120, "B": 100}}
    early = {"ok": {"events": [*plays[:2], win]}}
    (found,) = signatures("hand", {}, {"events": plays}, early, "six-card")
    assert (found.field, found.event, found.relation) == ("events", "win", "a win where the reference plays on")
    assert describe(found) == "the win: the engine ends the game where the reference plays on"
    assert rules_of(found, "six-card") == ("game.win",)
    late = signatures("hand", {}, {"events": [*plays[:2], win]}, {"ok": {"events": plays}}, "six-card")
    assert [(one.event, one.relation) for one in late] == [("win", "play on where the reference wins")]
