"""Who says go round a table of three or four (rule peg.go-seats): every seat that holds a card it
cannot play says go, once a series, in turn; a seat with no cards, or that already said go, is
passed in silence; back at the last card's player, who cannot play, the point is scored. Every
expected value below is worked by hand in its comment."""

from __future__ import annotations

from cribcheck.reference import Code, CribbageError, load_profile, play_pegging, play_round
from cribcheck.reference.pegging import Go, LastCard, Play, Reset

THREE = load_profile("three-player")
FOUR = load_profile("four-player")
SIX = load_profile("six-card")

# C deals, A leads (the hands of the case three-peg-reset-skips-empty-next-seat).
THREE_HANDS = {"A": ["4D", "9D", "8D", "QC"], "B": ["JH", "9S", "7S", "TD"], "C": ["9H", "5H", "KS", "5C"]}


def said(events) -> list[str]:
    """The events as words: "A 9D" for a card, "A go", "C last 1", "reset A"."""
    words = []
    for event in events:
        if isinstance(event, Play):
            words.append(f"{event.player} {event.card}")
        elif isinstance(event, Go):
            words.append(f"{event.player} go")
        elif isinstance(event, LastCard):
            words.append(f"{event.player} last {event.points}")
        elif isinstance(event, Reset):
            words.append(f"reset {event.leader}")
    return words


def test_the_rulings_example_a_go_b_go_c_scores() -> None:
    # Series 1: A 4D (4), B 7S (11), C 5H (16), A QC (26), B go (JH 36, 9S 35, TD 36), C 5C (31):
    # at 31 nobody says go. Series 2, A leading: A 8D (8), B 9S (17), C 9H (26). Now C played
    # last at 26, A holds 9D, B holds JH TD, C holds KS: A says go (35), B says go (36, 36), and
    # back at C, whose KS makes 36, C scores 1; the next series is led by A, left of C.
    plays = ["4D", "7S", "5H", "QC", "5C", "8D", "9S", "9H"]
    result = play_round(THREE_HANDS, "C", plays, THREE, require_complete=False)
    assert said(result.events) == [
        "A 4D", "B 7S", "C 5H", "A QC", "B go", "C 5C", "reset A",
        "A 8D", "B 9S", "C 9H", "A go", "B go", "C last 1", "reset A",
    ]  # fmt: skip


def test_a_seat_with_no_cards_is_passed_in_silence() -> None:
    # Series 3 of the same pegging: A 9D (9), B TD (19), C KS (29), C's last card. A has no
    # cards: silent; B's JH makes 39: go; back at C, who holds nothing: C scores 1. A (left of C)
    # holds nothing, so B leads: B JH (10), the last card of all: 1.
    plays = ["4D", "7S", "5H", "QC", "5C", "8D", "9S", "9H", "9D", "TD", "KS", "JH"]
    result = play_round(THREE_HANDS, "C", plays, THREE)
    assert said(result.events)[14:] == ["A 9D", "B TD", "C KS", "B go", "C last 1", "reset B", "B JH", "B last 1"]


def test_the_last_cards_player_plays_on_and_those_who_said_go_are_passed() -> None:
    # Four seats, D deals, A leads. A 4C (4), B 5D (9), C 6S (15), D AH (16), A 9H (25), B 2H
    # (27), C go (7H 34, TS 37, 7S 34), D 4D (31). Reset, A leads: A 9S (9), B 5C (14), C TS
    # (24), D 3S (27); A go (5H 32), B go (8H 35), C go (7H 34, 7S 34); D still can: 3H (30), a
    # pair 2; A, B and C said go: passed in silence; back at D, who holds nothing: D 1.
    hands = {
        "A": ["9H", "4C", "9S", "5H"], "B": ["2H", "8H", "5C", "5D"],
        "C": ["6S", "7H", "TS", "7S"], "D": ["3S", "3H", "4D", "AH"],
    }  # fmt: skip
    plays = ["4C", "5D", "6S", "AH", "9H", "2H", "4D", "9S", "5C", "TS", "3S", "3H"]
    result = play_round(hands, "D", plays, FOUR, require_complete=False)
    assert said(result.events)[9:] == [
        "A 9S",
        "B 5C",
        "C TS",
        "D 3S",
        "A go",
        "B go",
        "C go",
        "D 3H",
        "D last 1",
        "reset A",
    ]


def test_as_many_written_gos_as_were_said_and_not_one_more() -> None:
    # Three seats, C deals: after A KC (10), B QH (20), C 6S (26), A (7C 33, 9D 35, 8C 34) and B
    # (8S 34, JH 36, TD 36) say go and C scores 1. Series 2: A 7C (7), B 8S (15), C 9C (24), A
    # and B say go, and C, who still holds 7S (31), plays on. Two written go's stand for A's and
    # B's; a third (index 10, after the two written in series 1 at 3 and 4) would be C's, who holds
    # a card that fits: go_with_playable_card.
    hands = {"A": ["KC", "7C", "9D", "8C"], "B": ["QH", "8S", "JH", "TD"], "C": ["6S", "9C", "7S", "KS"]}
    start = ["KC", "QH", "6S", "go", "go", "7C", "8S", "9C"]
    written = play_round(hands, "C", [*start, "go", "go", "7S"], THREE, require_complete=False)
    inferred = play_round(hands, "C", ["KC", "QH", "6S", "7C", "8S", "9C", "7S"], THREE, require_complete=False)
    assert written.events == inferred.events
    try:
        play_round(hands, "C", [*start, "go", "go", "go", "7S"], THREE, require_complete=False)
    except CribbageError as error:
        assert (error.code, error.index) == (Code.GO_WITH_PLAYABLE_CARD, 10)
    else:
        raise AssertionError("a third go was accepted")


def test_two_players_keep_the_two_player_events() -> None:
    # Six-card: pone KD (10), dealer 5D (15) fifteen 2, pone 9C (24), dealer 6H (30); the pone
    # says go (3H 33, 2H 32); the dealer, the last card's player, cannot play (4C 34, 6S 36):
    # last card 1, and the pone leads the next series. One go only, as the two-player rule says.
    result = play_pegging(
        ["KD", "9C", "3H", "2H"], ["4C", "5D", "6H", "6S"], ["KD", "5D", "9C", "6H", "3H", "4C", "2H", "6S"], SIX
    )
    assert said(result.events)[:7] == [
        "pone KD",
        "dealer 5D",
        "pone 9C",
        "dealer 6H",
        "pone go",
        "dealer last 1",
        "reset pone",
    ]
