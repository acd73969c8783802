"""The mutant engines (harness/mutants/catalogue.py): each one really is a different engine, the case corpus
catches every one of them, and none leaves its patch behind.

Each witness below is an input worked by hand, with the reference's answer and the mutant's.
A path such as `points.pone` is read in the answer's result; a rejection reads as
`rejected:<code>`.
"""

from __future__ import annotations

import pkgutil
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.corpus.cases import Case, catalogue, load_cases
from cribcheck.harness.fuzz.findings import case_expectation
from cribcheck.harness.mutants.catalogue import MUTANTS, get_mutant, mutant_names, run_mutant
from cribcheck.harness.mutants.kill_table import (
    applicable,
    distinct_cases,
    kill_table,
    kill_tables,
    kills,
    survivors,
    thinly_killed,
)
from cribcheck.harness.mutants.mutation import FunctionPatch
from cribcheck.harness.operations.answers import PROFILE_LOADER, run_reference
from cribcheck.harness.operations.features import FEATURES


@dataclass(frozen=True)
class Witness:
    mutant: str
    op: str
    profile: str
    input: Mapping[str, Any]
    path: str
    reference: Any  # the reference engine's value at `path`
    mutated: Any  # the mutant's


def outcome(answer: Mapping[str, Any], path: str) -> Any:
    """The value at `path` of a result; of a rejection its code, or at `rejected.KEY` that key."""
    if "rejected" in answer:
        if path.startswith("rejected."):
            return answer["rejected"].get(path.removeprefix("rejected."))
        return f"rejected:{answer['rejected']['code']}"
    value: Any = answer["ok"]
    for part in path.split("."):
        if isinstance(value, dict) and part not in value:
            return "absent"
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def cards(text: str) -> list[str]:
    return text.split()


def game_hand(a: str, b: str, starter: str, a_away: str, b_away: str, plays: str) -> dict[str, Any]:
    return {
        "dealt": {"A": cards(a), "B": cards(b)},
        "starter": starter,
        "discards": {"A": cards(a_away), "B": cards(b_away)},
        "plays": cards(plays),
    }


def show(hand: str, starter: str, crib: bool = False) -> dict[str, Any]:
    return {"cards": cards(hand), "starter": starter, "crib": crib}


def corpus_input(case_id: str) -> Mapping[str, Any]:
    """The input of a corpus case, whose explanation works the values below by hand."""
    (case,) = [case for case in load_cases() if case.id == case_id]
    return case.input


# Pegging P5 (five-card): pone KC 9H TD, dealer 4S 9D QH; plays KC (10), 4S (14), 9H (23). The
# dealer holds 9D (32) and QH (33): go; the pone holds TD (33): cannot. No fifteen, pair or run
# (K 4 9). Last card 1 to the pone; the count never restarts: pone 1, dealer 0, 9D QH TD unplayed.
P5 = {"pone": cards("KC 9H TD"), "dealer": cards("4S 9D QH"), "plays": cards("KC 4S 9H")}

# Pegging P6 (six-card): pone KC 9H TD TH, dealer 4S 9D QH QS.
#   KC (10), 4S (14), 9H (23); the dealer holds 9D 32, QH 33, QS 33: go; the pone holds TD TH
#   (33): cannot. Last card 1 to the pone. Reset: the dealer (who did not play last) leads.
#   9D (9), TD (19), QH (29; 9 T Q has a gap: no run); the pone's TH would be 39: go; the
#   dealer's QS 39: cannot. Last card 1 to the dealer. Reset: the pone leads TH (10), QS (20):
#   the last card of all, 1 to the dealer. Pone 1, dealer 2.
P6 = {"pone": cards("KC 9H TD TH"), "dealer": cards("4S 9D QH QS"), "plays": cards("KC 4S 9H 9D TD QH TH QS")}


def hand_h5(**changes: Any) -> dict[str, Any]:
    """Hand H5 (five-card, A deals, B is the pone, starter JH):
    B dealt KC 9H TD 6D 7D, lays away 6D 7D, keeps KC 9H TD. A dealt 4S 9D QH 2C 3C, lays away
    2C 3C, keeps 4S 9D QH. Crib 6D 7D 2C 3C.
    Heels: the jack turned gives the dealer A 2. Pegging as P5: B 1 (the go point).
    Show: B KC 9H TD + JH: no fifteen (10 9 10 10), run 9-T-J 3: 3. A 4S 9D QH + JH: no fifteen
    (4+9 = 13, 4+10 = 14), no run (9 J Q: gap at 10): 0. Crib 6D 7D 2C 3C + JH: 6+7+2 and J+2+3
    (4), no run, no flush, no jack in the crib: 4.
    From 0-0: A 2 + 0 + 4 = 6, B 1 + 3 = 4. Events: heels, KC, 4S, 9H, go, last card, then the
    show from event 6."""
    data: dict[str, Any] = {
        "dealer": "A",
        "scores": {"A": 0, "B": 0},
        "first_hand": False,
        "dealt": {"A": cards("4S 9D QH 2C 3C"), "B": cards("KC 9H TD 6D 7D")},
        "starter": "JH",
        "discards": {"A": cards("2C 3C"), "B": cards("6D 7D")},
        "plays": cards("KC 4S 9H"),
    }
    data.update(changes)
    return data


# Hand H5 from A 50, B 58: heels A 52; pegging B 59; B's hand 3: B 62, past 61: B wins at once,
# the dealer's hand and crib are not counted: A 52, B 62.
H5_NEAR_61 = hand_h5(scores={"A": 50, "B": 58})

# Pegging PEG_GO (five-card): pone 7C 8D KS, dealer 8H 6S AC (the go is followed by a play on).
PEG_GO = {"pone": cards("7C 8D KS"), "dealer": cards("8H 6S AC"), "plays": cards("7C 8H 8D 6S AC")}
# Pegging PEG_31 (five-card): pone KC 4C 4H, dealer 9D 4D 2S; 31 with a pair royal ends it.
PEG_31 = {"pone": cards("KC 4C 4H"), "dealer": cards("9D 4D 2S"), "plays": cards("KC 9D 4C 4D 4H")}

# Game G91 (six-card, cut AD against KS: A deals first; dealers A B A B A B). Per hand, pegging
# then shows (pone's hand, dealer's hand, dealer's crib), scores after it:
#   1 (A deals): pegging A 3; B 16, A 12, crib 0             -> A 15,  B 16
#   2 (B deals): pegging A 6, B 1; A 13, B 14, crib 6        -> A 34,  B 37
#   3 (A deals): pegging A 6, B 1; B 12, A 24, crib 2        -> A 66,  B 50
#   4 (B deals): pegging B 3; A 24, B 16, crib 8             -> A 90,  B 77
#   5 (A deals): pegging A 3, B 1; B 12, A 14, crib 10       -> A 117, B 90
#   6 (B deals): pegging A 1, B 1 (A 118, B 91); A's hand 9  -> A 127 wins, B 91
G91 = {
    "cuts": [["AD", "KS"]],
    "hands": [
        game_hand("JC QS 8S AH 9H 8D", "6S 7S JH 6H 5H 3S", "7D", "QS AH", "JH 3S", "6S JC 7S 8D 6H 8S 5H 9H"),
        game_hand("AD 5D 6C JH TC 7S", "3S 3H 9D QC 4C 8H", "5H", "AD TC", "9D QC", "7S 4C 6C 8H 5D 3H JH 3S"),
        game_hand("6D 4D 9C 5H 6C QD", "KD 3D 2H 9S 7S 3H", "4H", "9C QD", "9S 7S", "3D 5H 2H 6D 3H 4D 6C KD"),
        game_hand("QD 6S 4C 4H 2D 5D", "JH QH KD 3H 3S KH", "5C", "QD 2D", "3H 3S", "4C KH 4H JH 6S QH 5D KD"),
        game_hand("7C 7D 5S 6H QH 5H", "3S 3H AH 2H 3C 5D", "8H", "QH 5H", "2H 5D", "AH 6H 3S 5S 3C 7C 3H 7D"),
        game_hand("7H AS QH 8H 9S 6C", "3H 2S QS 4D 4C 3C", "5S", "AS QH", "2S QS", "9S 4D 6C 3C 8H 3H 7H 4C"),
    ],
}

# Game G61 (six-card, A deals first):
#   1 (A deals): pegging A 3, B 4; B 12, A 16, crib 2        -> A 21, B 16
#   2 (B deals): pegging B 2; A 12, B 15, crib 3             -> A 33, B 36
#   3 (A deals): pegging A 3, B 11; B 23, A 7, crib 4        -> A 47, B 70
#   4 (B deals): pegging A 1, B 5; A 12, B 16, crib 2        -> A 60, B 93
#   5 (A deals): pegging A 1, B 7 (A 61, B 100); B's hand 21 -> B 121 wins, A 61
G61 = {
    "cuts": [["AD", "KS"]],
    "hands": [
        game_hand("5C 6H TC QH 4S 9H", "5S 7D 2D 3C 9S 5D", "6D", "TC QH", "2D 9S", "7D 9H 5S 4S 3C 6H 5D 5C"),
        game_hand("8H KS 8S 9H 7S QD", "AS 2D JC 4C JH 2S", "3H", "KS QD", "JC 4C", "8S 2S 8H 2D 7S AS 9H JH"),
        game_hand("KC 4H TD 5C 9S JD", "KS 3D 6C 5S 5H 5D", "4S", "KC 4H", "KS 3D", "5H 5C 5D JD 5S 9S 6C TD"),
        game_hand("9H TC KH 4S TD 5S", "9D 7S 2H 4H 6D 9C", "8C", "KH 4S", "2H 4H", "5S 9C TC 7S 9H 9D TD 6D"),
        game_hand("AH KC 8H 6H 5S 3H", "6S 5D 4C KD 4H 2D", "4S", "8H 3H", "KD 2D", "6S AH 4H 5S 5D 6H 4C KC"),
    ],
}

# A deck listed top first in the order of reference.full_deck: AC 2C ... KC, AD ... KD, AH ..., AS ...
# Five-card deal: the pone takes the 1st, 3rd... card (AC 3C 5C 7C 9C), the dealer 2C 4C 6C 8C TC;
# the stock starts at JC: JC QC KC AD 2D ...; a cut of depth 4 turns stock[4] = 2D.
DECK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]

# Hand H6 (six-card, A deals, B the pone, starter 5S; the deal of several muggins cases): A dealt
# 4C 5D 6H 6S QH 7D lays away QH 7D; B dealt KD 9C 3H 2H AC 8S lays away AC 8S. Pegging: B KD 10;
# A 5D 15 fifteen 2; B 9C 24; A 6H 30; B go (33, 32), A cannot: go point A 1; B 3H 3; A 4C 7; B 2H
# 9 run 2-3-4 3; A 6S 15 fifteen 2, last card 1: A 6, B 3. Show: B KD 9C 3H 2H + 5S: K+5, K+3+2 = 4;
# A 4C 5D 6H 6S + 5S: fifteens 4+5+6 four ways 8, two pairs 4, four runs of 3 12 = 24; crib QH 7D
# AC 8S + 5S: Q+5, 7+8 = 4. From 0-0: A 34, B 7.
HAND_H6 = {
    "dealer": "A",
    "scores": {"A": 0, "B": 0},
    "dealt": {"A": cards("4C 5D 6H 6S QH 7D"), "B": cards("KD 9C 3H 2H AC 8S")},
    "starter": "5S",
    "discards": {"A": cards("QH 7D"), "B": cards("AC 8S")},
    "plays": cards("KD 5D 9C 6H 3H 4C 2H 6S"),
}

# Three players (the hand of v3-hand-crib-card-off-suit-breaks-crib-flush), C deals, from 50 each:
# the pegging gives A 4, B 5, C 20 (A 54, B 55, C 70 after it); the show A 5, B 8, C 10 and the
# crib 4: A 59, B 63, C 84, nobody at 121.
THREE_FROM_50 = {
    "dealer": "C",
    "scores": {"A": 50, "B": 50, "C": 50},
    "dealt": {"A": cards("4S 3D KC 9H KH"), "B": cards("6H 7C QD 8S 3H"), "C": cards("5C 2H JS TD 7H")},
    "crib_card": "AS",
    "starter": "5H",
    "discards": {"A": ["KH"], "B": ["3H"], "C": ["7H"]},
    "plays": cards("4S 6H 5C 3D 7C 2H KC QD JS 9H 8S TD"),
}

# Four players (the deal of four-hand-side-wins-on-partner-count), D deals, from 50 a side: the
# pegging gives AC 9, BD 7 (AC 59, BD 57); the show from D's left A 6 (AC 65), B 2, C 9, D 2 and
# D's crib 4: AC 74, BD 65, nobody at 121.
FOUR_FROM_50 = {
    "dealer": "D",
    "scores": {"AC": 50, "BD": 50},
    "dealt": {
        "A": cards("TS 3C 6C 5C 9H"),
        "B": cards("KH QD 9S 7D 2S"),
        "C": cards("4H 3D 5S JH QC"),
        "D": cards("AD 2D 8C KS 4S"),
    },
    "starter": "6H",
    "discards": {"A": ["9H"], "B": ["2S"], "C": ["QC"], "D": ["4S"]},
    "plays": cards("TS KH 4H AD 3C 3D 8C 6C 7D 5S 2D 5C QD JH KS 9S"),
}

WITNESSES = (
    # --- the show ---
    # Crib 2H 4H 6H 8H + QS: all values even, so no fifteen; no pair; no run: 0. A four-card flush
    # without the starter scores 4 under the bug.
    Witness("crib-four-card-flush", "show", "six-card", show("2H 4H 6H 8H", "QS", crib=True), "total", 0, 4),
    Witness("five-card-crib-four-card-flush", "show", "five-card", show("2H 4H 6H 8H", "QS", True), "total", 0, 4),
    # Six-card hand 2H 4H 6H 8S + QH: even values, nothing; three hearts + the heart starter: 0,
    # but 4 under the bug.
    Witness("six-card-three-plus-starter-flush", "show", "six-card", show("2H 4H 6H 8S", "QH"), "total", 0, 4),
    # Five-card hand 2H 4H 6H + QS: even values, no run (2 4 6 Q); the three hearts score 3.
    Witness("five-card-flush-of-three-ignored", "show", "five-card", show("2H 4H 6H", "QS"), "total", 3, 0),
    # Five-card hand 2H 4H 6H + QH: the three hearts and the heart starter score 4 (3 under the bug).
    Witness("hand-flush-without-starter", "show", "five-card", show("2H 4H 6H", "QH"), "total", 4, 3),
    # Five-card hand 2C 4H 6S + JD: values 2 4 6 10, all even: no fifteen, nothing: 0. The turned
    # jack is heels, not nobs; the bug scores it as nobs: 1.
    Witness("nobs-for-starter-jack", "show", "five-card", show("2C 4H 6S", "JD"), "total", 0, 1),
    # Five-card hand JH 2C 4S + 6D: values 10 2 4 6, all even: 0; the jack of hearts is not of the
    # starter's suit (diamonds): no nobs. The bug gives 1.
    Witness("nobs-any-suit", "show", "five-card", show("JH 2C 4S", "6D"), "total", 0, 1),
    # Six-card crib JH 2C 4S 8D + 6H: values 10 2 4 8 6, all even: no fifteen; no pair; no run;
    # the jack of the starter's suit in the crib: nobs 1 (0 under the bug).
    Witness("no-nobs-in-crib", "show", "six-card", show("JH 2C 4S 8D", "6H", crib=True), "total", 1, 0),
    # Five-card hand JH 2C 4S + 6H: even values, nothing but nobs: 1 (2 under the bug).
    Witness("nobs-worth-2", "show", "five-card", show("JH 2C 4S", "6H"), "total", 1, 2),
    # Source 004: 4C 5D 5H 6S + KC = 16: fifteens 5+K twice and 4+5+6 twice (8), pair of fives (2),
    # double run 4-5-6 (6). Counting the run once: 13.
    Witness("runs-without-multiplicity", "show", "six-card", show("4C 5D 5H 6S", "KC"), "total", 16, 13),
    # Five-card hand AC 2D 3H + 4S: run A-2-3-4 (4), sum 10: no fifteen: 4. With the runs inside
    # it (A-2-3, 2-3-4): 4 + 3 + 3 = 10.
    Witness("contained-runs-counted", "show", "five-card", show("AC 2D 3H", "4S"), "total", 4, 10),
    # Five-card hand QC KD AH + 7S: values 10 10 1 7: no subset makes 15 (11, 17, 18, 20...), no
    # pair; Q-K-A is no run: 0. Ace high: a run of 3.
    Witness("ace-high-show-runs", "show", "five-card", show("QC KD AH", "7S"), "total", 0, 3),
    # Five-card hand TC QD 2H + 4S: values 10 10 2 4: no 15 (12, 14, 16, 26); ten and queen are no
    # pair: 0. By counting value they pair: 2.
    Witness("show-pairs-by-value", "show", "five-card", show("TC QD 2H", "4S"), "total", 0, 2),
    # Source 000: 4C 5D 6H + 5S = pair 2 + two runs 6 + two fifteens 4+5+6 (4) = 12. No two cards
    # make 15 (9, 10, 11), so two-card fifteens only: 8.
    Witness("fifteens-of-two-cards-only", "show", "five-card", show("4C 5D 6H", "5S"), "total", 12, 8),
    # --- the pegging: the points of a card ---
    # Five-card pegging: pone TC JD AC, dealer KH 9S 2D. TC (10), KH (20), JD (30); the dealer's
    # 9S (39) and 2D (32) do not fit: go; AC makes 31: 2. No pair (T K J A), no run (10 13 11 1).
    # Thirty-one is the last card's award too: pone 2. With 1 more for last card: 3.
    Witness(
        "thirty-one-plus-last",
        "pegging",
        "five-card",
        {"pone": cards("TC JD AC"), "dealer": cards("KH 9S 2D"), "plays": cards("TC KH JD AC")},
        "points.pone",
        2,
        3,
    ),
    # 4C 5D 5H 6S: count 20; the last three 5 5 6 hold a duplicate, the last four too: no run, no
    # pair (5 then 6): 0. Through the duplicate, 4-5-6: 3.
    Witness("peg-run-through-duplicate", "play", "five-card", {"count": cards("4C 5D 5H 6S")}, "points", 0, 3),
    # 5C 7D 6H: count 18, the last three are 5 6 7 in any order: run 3. In play order only: 0.
    Witness("peg-run-in-order-only", "play", "five-card", {"count": cards("5C 7D 6H")}, "points", 3, 0),
    # QC KD AH: count 21; Q-K-A is no run, the ace is low: 0 (3 under the bug).
    Witness("peg-ace-high-runs", "play", "six-card", {"count": cards("QC KD AH")}, "points", 0, 3),
    # 5C 6D 5H: count 16; the 6 between the fives breaks the pair: 0 (2 under the bug).
    Witness("peg-pairs-non-adjacent", "play", "five-card", {"count": cards("5C 6D 5H")}, "points", 0, 2),
    # TC QD: count 20; ten and queen are no pair: 0 (2 under the bug).
    Witness("peg-pairs-by-value", "play", "six-card", {"count": cards("TC QD")}, "points", 0, 2),
    # 4C 4D 4H: count 12, pair royal 6 (4 under the bug).
    Witness("peg-pair-royal-4", "play", "five-card", {"count": cards("4C 4D 4H")}, "points", 6, 4),
    # AC 7D 7H: count 15: fifteen 2 + pair 2 = 4 ("fifteen for 4"); the largest reason only: 2.
    Witness("peg-reasons-do-not-add", "play", "six-card", {"count": cards("AC 7D 7H")}, "points", 4, 2),
    # P6: after the first reset the dealer leads 9D, the same rank as the pone's 9H just before the
    # reset: no pair across a reset, dealer 2. Reaching back, 9H 9D pair: dealer 4.
    Witness("peg-across-reset", "pegging", "six-card", P6, "points.dealer", 2, 4),
    # --- the pegging: the course of play ---
    # P5 ends after 9H in five-card. With a restarting count the dealer would lead again after the
    # go, so the plays end too early.
    Witness("five-card-count-restarts", "pegging", "five-card", P5, "points.pone", 1, "rejected:pegging_incomplete"),
    # P6 without the reset: the pegging ends after 9H, and the fourth play (9D) comes after it.
    Witness(
        "six-card-count-never-restarts",
        "pegging",
        "six-card",
        P6,
        "points.dealer",
        2,
        "rejected:play_after_pegging_over",
    ),
    # P6: the pone played last before the first reset, so the dealer leads 9D. Under the bug the
    # pone would lead, and the dealer's 9D is out of turn.
    Witness("last-player-leads-after-go", "pegging", "six-card", P6, "points.dealer", 2, "rejected:not_your_turn"),
    Witness("pone-leads-after-go", "pegging", "six-card", P6, "points.dealer", 2, "rejected:not_your_turn"),
    # P6: the dealer's 2 are the go point after QH and the last card QS: without the last card, 1.
    Witness("no-point-for-last-card", "pegging", "six-card", P6, "points.dealer", 2, 1),
    # P5: the pone's only point is the go point after 9H: 1 (0 under the bug).
    Witness("no-point-for-go", "pegging", "five-card", P5, "points.pone", 1, 0),
    # P5: the dealer said go, the pone played the last card and pegs the point: pone 1, dealer 0.
    # To the player who said go: pone 0.
    Witness("go-point-to-go-sayer", "pegging", "five-card", P5, "points.pone", 1, 0),
    # P5 with "go" from the dealer at count 10, who holds 4S 9D QH, all fitting: rejected. Under
    # the bug the turn passes, and then the plays end too early.
    Witness(
        "go-allowed-while-a-card-fits",
        "pegging",
        "five-card",
        {**P5, "plays": ["KC", "go"]},
        "points.pone",
        "rejected:go_with_playable_card",
        "rejected:pegging_incomplete",
    ),
    # Five-card: pone KC 4H 2C, dealer QH 7D 8S. KC (10), QH (20), 4H (24); the dealer holds 7D
    # (31, fits) and plays 8S (32): rejected. Under the bug it is played; nobody can play at 32:
    # last card 1 to the dealer.
    Witness(
        "play-past-31",
        "pegging",
        "five-card",
        {"pone": cards("KC 4H 2C"), "dealer": cards("QH 7D 8S"), "plays": cards("KC QH 4H 8S")},
        "points.dealer",
        "rejected:over_31",
        1,
    ),
    # Five-card: pone TH 2C AS, dealer KS QD JC. TH 10, KS 20, 2C 22; the dealer's QD JC make 32:
    # go. The dealer's QD at play 3 is out of turn and past 31: not_your_turn first in the
    # rejection order; the bug says over_31.
    Witness(
        "over-31-before-not-your-turn",
        "pegging",
        "five-card",
        {"pone": cards("TH 2C AS"), "dealer": cards("KS QD JC"), "plays": cards("TH KS 2C QD")},
        "points.pone",
        "rejected:not_your_turn",
        "rejected:over_31",
    ),
    # The same hands played out: AS 23, last card pone 1, the pegging is over. Play 4 is 9H, which
    # nobody holds: card_not_held before play_after_pegging_over; the bug says the latter.
    Witness(
        "after-the-end-before-the-card",
        "pegging",
        "five-card",
        {"pone": cards("TH 2C AS"), "dealer": cards("KS QD JC"), "plays": cards("TH KS 2C AS 9H")},
        "points.pone",
        "rejected:card_not_held",
        "rejected:play_after_pegging_over",
    ),
    # --- the hand ---
    # H5: A 6 (with heels 2), B 4. Heels to the pone: A 4, B 6.
    Witness("heels-to-pone", "hand", "five-card", hand_h5(), "scores.A", 6, 4),
    # H5 with heels worth 1: A 5.
    Witness("heels-worth-1", "hand", "five-card", hand_h5(), "scores.A", 6, 5),
    # H5: the first show event (event 6) is the pone's hand; under the bug the dealer's.
    Witness("dealer-shows-first", "hand", "five-card", hand_h5(), "events.6.set", "pone_hand", "dealer_hand"),
    # H5 from A 50, B 58: B wins on his hand, A stays on 52. Noticed at the end of the hand only,
    # A's hand (0) and crib (4) are counted too: A 56.
    Witness("win-at-end-of-hand", "hand", "five-card", H5_NEAR_61, "scores.A", 52, 56),
    # H5 from A 50, B 58: B's hand takes him from 59 to 62, past 61: he wins. Needing 61 exactly,
    # the 3 are not pegged and nobody wins in this hand.
    Witness("win-needs-exact-target", "hand", "five-card", H5_NEAR_61, "winner", "B", None),
    # H5 as the first hand: the pone B scores 3 for last first: B 4 + 3 = 7 (4 under the bug).
    Witness("three-for-last-missing", "hand", "five-card", hand_h5(first_hand=True), "scores.B", 7, 4),
    # H5 as the first hand, three for last to the dealer: A 6 + 3 = 9.
    Witness("three-for-last-to-dealer", "hand", "five-card", hand_h5(first_hand=True), "scores.A", 6, 9),
    # H5 not the first hand: no three for last, B 4 (7 under the bug).
    Witness("three-for-last-every-hand", "hand", "five-card", hand_h5(), "scores.B", 4, 7),
    # H5 from A 50, B 58: B reaches 62 >= 61 and wins; to 121 nobody wins yet.
    Witness("five-card-target-121", "hand", "five-card", H5_NEAR_61, "winner", "B", None),
    # --- timing: the right points at the wrong moment ---
    # PEG_GO (five-card): B 7C (7); A 8H (15) 2; B 8D (23) pair 2; A 6S (29); B holds KS (39):
    # go; A plays on AC (30); neither can play: last card A 1. Events 0-3 plays, 4 go, 5 AC, 6
    # last card. Paid at the go, the point comes at 5, before AC.
    Witness("go-point-at-the-go", "pegging", "five-card", PEG_GO, "events.5.type", "play", "last_card"),
    # H5's events: 0 heels, 1 KC, 2 4S, 3 9H, 4 go (A), 5 last card B, 6 pone's hand, 7 dealer's
    # hand, 8 crib. The last-card point before 9H's points: event 3 is the point.
    Witness("last-card-before-last-play", "hand", "five-card", hand_h5(), "events.3.type", "play", "last_card"),
    # PEG_31 (five-card): KC 10, 9D 19, 4C 23, 4D 27 pair 2, 4H 31: pair royal 6 + 31 2 = 8 in one
    # step (event 4); apart, 4H pegs 6 and the 2 for 31 follows.
    Witness("thirty-one-after-the-card", "pegging", "five-card", PEG_31, "events.4.points", 8, 6),
    # H5: event 5 is B's last-card point; after the pone's hand it is event 6 and 5 is the show.
    Witness("last-card-after-pone-hand", "hand", "five-card", hand_h5(), "events.5.type", "last_card", "show"),
    # H5: heels is event 0; after the pegging, event 0 is B's KC.
    Witness("heels-after-pegging", "hand", "five-card", hand_h5(), "events.0.type", "heels", "play"),
    # H5 as a first hand: three for last (B) is event 0, then heels (A); after heels, heels first.
    # The same at the end of the hand: event 0 is heels and three for last comes after the crib.
    *(
        Witness(name, "hand", "five-card", hand_h5(first_hand=True), "events.0.type", "three_for_last", "heels")
        for name in ("three-for-last-after-heels", "three-for-last-at-end-of-hand")
    ),
    # H5: event 7 is the dealer's hand (0), event 8 the crib (4); crib first, event 7 is the crib.
    Witness("crib-before-dealer-hand", "hand", "five-card", hand_h5(), "events.7.set", "dealer_hand", "crib"),
    # H5: the dealer's hand (event 7) scores 0; credited with the crib, 0 + 4 = 4.
    Witness("dealer-hand-and-crib-together", "hand", "five-card", hand_h5(), "events.7.points", 0, 4),
    # --- the game ---
    # G91: A 127, B 91. B is not below 91: no skunk. By margin: 127 - 91 = 36 > 30: a skunk.
    Witness("skunk-by-margin", "game", "six-card", G91, "skunk", "none", "skunk"),
    # G91: B on 91 is not below 91: no skunk; below 92: a skunk.
    Witness("skunk-off-by-one", "game", "six-card", G91, "skunk", "none", "skunk"),
    # G61: A on 61 is below 91 but not below 61: a skunk; below 62: a double skunk.
    Witness("double-skunk-off-by-one", "game", "six-card", G61, "skunk", "skunk", "double_skunk"),
    # --- the deal ---
    # Cut AD against KS: the lower rank, A's ace, deals. The higher card: B.
    Witness("higher-card-deals", "cut", "six-card", {"cuts": [["AD", "KS"]]}, "dealer", "A", "B"),
    # Cut TC against KD: ten is lower than king: A deals. By counting value they tie (10 = 10), and
    # with no further round the cuts end in a tie.
    Witness("cut-ties-by-value", "cut", "five-card", {"cuts": [["TC", "KD"]]}, "dealer", "A", "rejected:bad_cut"),
    # DECK: the pone's first card is AC; dealt dealer first, 2C.
    Witness("dealing-starts-with-dealer", "deal", "five-card", {"deck": DECK, "cut": 4}, "pone.0", "AC", "2C"),
    # DECK: stock JC QC KC AD 2D...; cut 4 turns stock[4] = 2D; one card up, stock[3] = AD.
    Witness("starter-off-by-one", "deal", "five-card", {"deck": DECK, "cut": 4}, "starter", "2D", "AD"),
    # --- three and four seats, muggins, matches (inputs of corpus cases, worked there) ---
    # Four players, B deals: series 3 (D JC, A 6S, B QS: 26) ends on B's last card; B's left, C,
    # has no cards, so D leads 8S (plays[13]). Series points: C 1 + 2, B 1 + 1: AC 3, BD 2. Under
    # the bug B, the last card's player, leads again and D's 8S is not_your_turn.
    Witness(
        "reset-back-to-last-player",
        "pegging",
        "four-player",
        corpus_input("four-peg-go-round-table-reset-skips-empty-seat"),
        "points.AC",
        3,
        "rejected:not_your_turn",
    ),
    # Three players, C deals from a deck of the clubs then diamonds: 15 cards dealt (A 2C..., B
    # 3C..., C AC...), the 16th, 3D, to the crib; the stock starts at 4D, and a cut of depth 4
    # turns 8D. Forgetting the crib card, the stock starts at 3D and the cut turns 7D.
    Witness(
        "crib-card-forgotten",
        "deal",
        "three-player",
        corpus_input("three-deal-round-table-crib-card"),
        "starter",
        "8D",
        "7D",
    ),
    # Four players: AC wins on the partner's count before the dealer counts, AC ending on 124 (the
    # case's explanation). Each seat on its own score, scores given by side are bad_seat.
    Witness(
        "partners-not-pooled",
        "hand",
        "four-player",
        corpus_input("four-hand-side-wins-on-partner-count"),
        "scores.AC",
        124,
        "rejected:bad_seat",
    ),
    # Four players, a whole game: BD wins 123 to 89; AC below 91: a skunk (D10), 2 game points.
    Witness(
        "partnership-no-skunk",
        "game",
        "four-player",
        corpus_input("four-game-losing-side-on-89-skunk-d10"),
        "skunk",
        "skunk",
        "absent",
    ),
    # Muggins, A 100, B 119: A plays 5D to 15 and claims 0; B pegs the 2 overlooked: 121, wins.
    # Under the bug A pegs them himself (102) and B has not won yet.
    Witness(
        "muggins-to-the-owner",
        "hand",
        "six-card--muggins",
        corpus_input("mug-hand-overlooked-fifteen-gives-opponent-the-win"),
        "events.2.player",
        "B",
        "A",
    ),
    # A match: B wins game 1 (124 to 116); the loser A deals game 2's first hand, whose plays start
    # with B's card (B, the pone, leads). With B dealing, A leads: not_your_turn.
    Witness(
        "winner-deals-next-game",
        "match",
        "six-card-match",
        corpus_input("match-decided-by-double-skunk-in-game-two"),
        "games.1.first_dealer",
        "A",
        "rejected:not_your_turn",
    ),
    # Triple-skunk variant: B wins game 1 122 to 28; A below 31: the match ends at once.
    Witness(
        "triple-skunk-not-final",
        "match",
        "six-card-match--triple-skunk",
        corpus_input("match-triple-skunk-in-game-one"),
        "games.0.wins_match_outright",
        True,
        False,
    ),
    # --- three and four seats: the deal ---
    # Three players cut 3C, 3D, 9H: A and B tie for the lowest, and only they cut again: KS against
    # 2C, B deals. Every seat cutting again, C is missing from round 2: bad_cut.
    Witness(
        "every-seat-recuts",
        "cut",
        "three-player",
        {"cuts": [{"A": "3C", "B": "3D", "C": "9H"}, {"A": "KS", "B": "2C"}]},
        "dealer",
        "B",
        "rejected:bad_cut",
    ),
    # DECK, C deals: A (C's left) takes the 1st card, AC, B the 2nd, C the 3rd. Anticlockwise, B
    # (C's right) takes the AC and A the 2C.
    Witness(
        "dealing-anticlockwise",
        "deal",
        "three-player",
        {"dealer": "C", "deck": DECK, "cut": 4},
        "hands.A.0",
        "AC",
        "2C",
    ),
    # A lays away the AS, the crib's card from the deck: not one of A's five, discard_not_held.
    # Ignored, A keeps five cards and the pegging finds a hand of 5: wrong_card_count.
    Witness(
        "foreign-discard-ignored",
        "hand",
        "three-player",
        corpus_input("v3-rej-discard-of-the-crib-card"),
        "scores.A",
        "rejected:discard_not_held",
        "rejected:wrong_card_count",
    ),
    # DECK, C deals: 15 cards round the table (the clubs, AD, 2D), the 16th, 3D, to the crib; the
    # stock starts at 4D and depth 4 turns 8D. Counted from the crib card, the stock starts at 3D: 7D.
    Witness(
        "stock-from-the-crib-card",
        "deal",
        "three-player",
        {"dealer": "C", "deck": DECK, "cut": 4},
        "starter",
        "8D",
        "7D",
    ),
    # The case's game: C deals hand 1, A (C's left) hand 2: A 11, B 21, C 31. Passed to the right,
    # B deals hand 2 from the deck and C (B's left) is dealt AC 4C 7C TC KC, without the JC it lays
    # away: discard_not_held.
    Witness(
        "deal-passes-right",
        "game",
        "three-player",
        corpus_input("three-game-deal-passes-left"),
        "scores.A",
        11,
        "rejected:discard_not_held",
    ),
    # --- three and four seats: the pegging and the show ---
    # The case's pegging (C deals, A leads and turns go clockwise, C 6 points in all): A 9S, B 8D,
    # C TH (27); A says go and B, A's left, plays 2S. Passing right, C plays after A and B's 8D
    # (plays[1]) is not_your_turn; with only the last card's player playing on after a go, the turn
    # goes back from A to C (who could play 4S) and B's 2S (plays[3]) is not_your_turn.
    *(
        Witness(
            name,
            "pegging",
            "three-player",
            corpus_input("three-peg-go-round-twice-reset-left-of-last"),
            "points.C",
            6,
            "rejected:not_your_turn",
        )
        for name in ("play-passes-right", "only-last-player-plays-on")
    ),
    # The case's pegging (the rules book's example of who says go, peg.go-seats): in series 2, C plays 9H at 26; A (9D,
    # 35) says go, then B (JH TD, 36) says go, and C (KS, 36) scores 1: events 10, 11, 12. Ending
    # the series as soon as nobody can play, B says nothing and event 11 is C's last card.
    Witness(
        "go-stops-when-nobody-can-play",
        "pegging",
        "three-player",
        corpus_input("three-peg-reset-skips-empty-next-seat"),
        "events.11.type",
        "go",
        "last_card",
    ),
    # The case's pegging: after A's 2H and B's go, C's 2S pairs its partner's 2H: 2 to C, AC 10 in
    # all. Without the pair on the partner's card: AC 8.
    Witness(
        "no-pair-with-partner",
        "pegging",
        "four-player",
        corpus_input("v4-peg-partner-pair-after-go-then-pair-royal"),
        "points.AC",
        10,
        8,
    ),
    # The case: after the pegging A 104, B 115, C 120; the show from C's left, A's hand 5 (A 109),
    # then B's 8: B 123 wins. From C's right, B counts first and wins before A's hand: A 104.
    Witness(
        "show-from-dealer-right",
        "hand",
        "three-player",
        corpus_input("v3-hand-second-seat-wins-before-dealer-on-120"),
        "scores.A",
        109,
        104,
    ),
    # THREE_FROM_50: nobody reaches 121. To 61, C's 20 in the pegging take it from 50 past 61 (A and B
    # end the pegging on 54 and 55): C wins.
    Witness("three-player-target-61", "hand", "three-player", THREE_FROM_50, "winner", None, "C"),
    # DECK, C deals five each: 15 cards, and the 16th, 3D, goes to the crib. Six each, 18 cards
    # (the clubs and AD to 5D), and the crib's card is the 19th, 6D.
    Witness(
        "three-player-dealt-six",
        "deal",
        "three-player",
        {"dealer": "C", "deck": DECK, "cut": 4},
        "crib_card",
        "3D",
        "6D",
    ),
    # FOUR_FROM_50: nobody reaches 121. To 61, A's hand takes A+C from 59 to 65: A+C win.
    Witness("four-player-target-61", "hand", "four-player", FOUR_FROM_50, "winner", None, "AC"),
    # The case: a score for C at a table of two: bad_seat. Ignored, the hand of H6 is played: A 34.
    Witness(
        "extra-seat-ignored",
        "hand",
        "six-card",
        corpus_input("v3-rej-six-card-hand-with-three-scores"),
        "scores.A",
        "rejected:bad_seat",
        34,
    ),
    # --- muggins and claims ---
    # H6 under muggins with no claim: every count claimed in full, A 34, B 7. Taken as claimed 0,
    # each play's and show's points go to the other player: A keeps its go and last-card points (2)
    # and pegs B's run 3 and hand 4: A 9 (B 2 + 2 + 24 + 4 = 32).
    Witness("unclaimed-count-claimed-zero", "hand", "six-card--muggins", HAND_H6, "scores.A", 34, 9),
    # The case: A on 116 claims 10 for a crib worth 4, corrected to 4: 120, nobody wins. Pegged as
    # claimed: 126, A wins.
    Witness(
        "overclaim-pegged",
        "hand",
        "six-card--muggins",
        corpus_input("vmug-crib-overclaimed-cannot-win"),
        "winner",
        None,
        "A",
    ),
    # The case: the claim of 0 on the last-card point after A's 6S is ignored, nobody wins (A 114,
    # B 119). Read as a claim on the 6S, B pegs its fifteen's 2 (117) and wins with its hand.
    Witness(
        "last-card-claim-on-the-card",
        "hand",
        "six-card--muggins",
        corpus_input("vmug-last-card-claim-zero-leaves-the-fifteen-pegged"),
        "winner",
        None,
        "B",
    ),
    # The case under six-card (the claims sent, as to an engine claiming the feature `claims`): A's
    # claim of 0 for its 29 changes nothing, nobody wins (A 97, B 98). With muggins everywhere, B
    # pegs the 29 and wins.
    Witness(
        "muggins-by-default",
        "hand",
        "six-card",
        corpus_input("vmug-29-hand-claimed-zero-pone-wins"),
        "winner",
        None,
        "B",
    ),
    # The same case under muggins: B pegs the 29 A overlooked and wins. Without muggins, nobody wins.
    Witness(
        "muggins-profiles-without-muggins",
        "hand",
        "six-card--muggins",
        corpus_input("vmug-29-hand-claimed-zero-pone-wins"),
        "winner",
        "B",
        None,
    ),
    # The case: A's hand claimed twice in hand 0: bad_claim. The later claim (10) standing, the hand
    # is played and the game goes on unwon.
    Witness(
        "claimed-twice-later-stands",
        "game",
        "six-card--muggins",
        corpus_input("vmug-rej-game-hand-claimed-twice"),
        "winner",
        "rejected:bad_claim",
        None,
    ),
    # The case: A 100, B 119; A claims 0 for its fifteen and B pegs the 2 at once: 121, B wins. Held
    # to the end of the hand, the muggins waits; A pegs the go (101) and B wins with its run of 3:
    # 122.
    Witness(
        "muggins-at-end-of-hand",
        "hand",
        "six-card--muggins",
        corpus_input("mug-hand-overlooked-fifteen-gives-opponent-the-win"),
        "scores.B",
        121,
        122,
    ),
    # The case: both on 120, A claims 1 of its fifteen and pegs it first: A 121 wins. B's point
    # pegged first, B reaches 121 and wins.
    Witness(
        "muggins-before-the-claim",
        "hand",
        "six-card--muggins",
        corpus_input("vmug-short-claim-reaches-121-before-the-muggins"),
        "winner",
        "A",
        "B",
    ),
    # --- matches ---
    # The case: B wins game 1 (1 game point), A game 2 by a double skunk (3): A 3, B 1, A wins the
    # match. Games counted, each worth 1: A 1, B 1.
    Witness(
        "match-counts-games",
        "match",
        "six-card-match",
        corpus_input("match-decided-by-double-skunk-in-game-two"),
        "totals.A",
        3,
        1,
    ),
    # The same match: A reaches 3 and wins it. Needing 4, nobody has won yet.
    Witness(
        "match-target-off-by-one",
        "match",
        "six-card-match",
        corpus_input("match-decided-by-double-skunk-in-game-two"),
        "winner",
        "A",
        None,
    ),
    # The same match with a third game: game_over. Played on, the match stays A's (decided in game 2).
    Witness(
        "match-played-past-the-win",
        "match",
        "six-card-match",
        corpus_input("vmatch-third-game-after-match-won-in-game-two"),
        "winner",
        "rejected:game_over",
        "A",
    ),
    # A third and a fourth game after A won the match in game 2 (the third a legal deal for B):
    # game_over at the first of them, index 2; the mutant names the last, index 3.
    Witness(
        "game-over-names-the-last-game",
        "match",
        "six-card-match",
        corpus_input("match-two-more-games-after-match-won-in-game-two"),
        "rejected.game",
        2,
        3,
    ),
)

WITNESS_IDS = [witness.mutant for witness in WITNESSES]


def test_at_least_forty_mutants_with_unique_kebab_case_names():
    names = mutant_names()
    assert len(names) >= 40
    assert len(set(names)) == len(names)
    for name in names:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name


def test_every_mutant_names_a_catalogued_rule_and_describes_itself_in_one_line():
    rules = catalogue()
    for mutant in MUTANTS:
        assert mutant.rule in rules, f"{mutant.name}: unknown rule {mutant.rule}"
        assert mutant.description and "\n" not in mutant.description, mutant.name


def test_every_mutant_has_a_witness():
    assert sorted(set(WITNESS_IDS)) == sorted(mutant_names())


@pytest.mark.parametrize("witness", WITNESSES, ids=WITNESS_IDS)
def test_mutant_changes_behaviour(witness: Witness):
    reference = outcome(run_reference(witness.op, witness.input, witness.profile), witness.path)
    mutated = outcome(run_mutant(witness.mutant, witness.op, witness.input, witness.profile), witness.path)
    assert reference == witness.reference, "the reference's answer is not the one worked by hand"
    assert mutated == witness.mutated, "the mutant does not answer as its bug says"
    assert mutated != reference


def witness_case(witness: Witness) -> Case:
    answer = run_reference(witness.op, witness.input, witness.profile)
    expected = case_expectation(witness.op, answer) if "rejected" in answer else answer["ok"]
    return Case(
        id=f"witness-{witness.mutant}",
        title=witness.mutant,
        rules=(get_mutant(witness.mutant).rule,),
        tags=(),
        profiles=(witness.profile,),
        op=witness.op,
        input=witness.input,
        expect={"default": expected},
        explain="",
        file="tests/harness/test_mutants.py",
        topic="witnesses",
    )


def test_kill_table_on_the_witnesses_kills_each_mutant_by_its_own_witness():
    table = kill_table([witness_case(witness) for witness in WITNESSES])
    assert set(table) == set(mutant_names())
    for mutant in MUTANTS:
        assert f"witness-{mutant.name}[{WITNESSES[WITNESS_IDS.index(mutant.name)].profile}]" in table[mutant.name]


def test_the_reference_itself_agrees_with_every_witness_case():
    # A kill is a disagreement with the expectation, not noise: unmutated, nothing is killed.
    for witness in WITNESSES:
        assert not kills(witness_case(witness), witness.profile), witness.mutant


LEAST_DISTINCT_CASES = 3  # a mutant one edited case away from surviving is not caught for good


def test_the_corpus_kills_every_mutant_with_every_feature_and_with_none():
    """The kill table at 100% twice: for an engine claiming every optional feature and for one
    claiming none (`cribcheck mutants --features none`; a mutant only a feature can show is not
    counted there), each mutant killed by at least LEAST_DISTINCT_CASES distinct cases. docs/detection.md's
    table says the same, mutant by mutant."""
    full, none = kill_tables(load_cases(), MUTANTS, (FEATURES, ()), enough=LEAST_DISTINCT_CASES)
    for table, claim, what in ((full, FEATURES, "every feature"), (none, (), "no optional feature")):
        alive = survivors(table, claim)
        assert not alive, f"mutants the corpus does not catch ({what}): " + ", ".join(
            f"{name} ({get_mutant(name).rule}: {get_mutant(name).description})" for name in alive
        )
        thin = thinly_killed(table, LEAST_DISTINCT_CASES, claim)
        assert not thin, f"killed by fewer than {LEAST_DISTINCT_CASES} distinct cases ({what}): " + ", ".join(
            f"{name} ({distinct_cases(table[name])})" for name in thin
        )
    assert readme_no_feature_column() == {name: "yes" if applicable(name, ()) else "n/a" for name in mutant_names()}, (
        "docs/detection.md's column 'killed with no optional feature' is out of date "
        "(benchmarks/fuzz_detect.py --with-corpus)"
    )


def test_enough_stops_a_mutant_s_runs_at_that_many_distinct_killing_cases():
    """`enough` keeps the first killers only: a prefix of the full list holding exactly that many
    distinct cases (the whole test above relies on it)."""
    cases = load_cases()
    mutant = [get_mutant("nobs-worth-2")]
    (whole,) = kill_tables(cases, mutant)
    (first,) = kill_tables(cases, mutant, enough=2)
    killers, found = whole["nobs-worth-2"], first["nobs-worth-2"]
    assert distinct_cases(killers) > 2 and distinct_cases(found) == 2
    assert found == killers[: len(found)] and len(found) < len(killers)


def readme_no_feature_column() -> dict[str, str]:
    """docs/detection.md's kill table's "killed with no optional feature" column: mutant -> yes, n/a or NO."""
    readme = (REPO_ROOT / "docs" / "detection.md").read_text(encoding="utf-8")  # the kill table, since issue 26
    section = readme.split("## How we know the suite catches bugs", 1)[1].split("\n## ", 1)[0]
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")] for line in section.splitlines() if line.startswith("|")
    ]
    column = rows[0].index("killed with no optional feature")
    return {row[0]: row[column].split()[0] for row in rows[2:]}


def patched_names() -> dict[str, Any]:
    targets = {mutant.patch.target for mutant in MUTANTS if isinstance(mutant.patch, FunctionPatch)}
    return {target: pkgutil.resolve_name(target) for target in (*sorted(targets), PROFILE_LOADER)}


def reference_fixed_points() -> tuple[int, int]:
    seed_000 = run_reference("show", show("4C 5D 6H", "5S"), "five-card")["ok"]["total"]
    hand_29 = run_reference("show", show("5C 5D 5H JS", "5S"), "six-card")["ok"]["total"]
    return seed_000, hand_29


def test_no_mutant_leaks_its_patch():
    before = patched_names()
    assert reference_fixed_points() == (12, 29)
    for witness in WITNESSES:
        run_mutant(witness.mutant, witness.op, witness.input, witness.profile)
    kill_table([witness_case(witness) for witness in WITNESSES])
    for mutant in MUTANTS:  # a block left by an exception undoes the patch too
        with pytest.raises(RuntimeError), mutant.applied():
            raise RuntimeError("leaving the block early")
    assert reference_fixed_points() == (12, 29)
    after = patched_names()
    assert all(after[name] is before[name] for name in before), [n for n in before if after[n] is not before[n]]


def test_a_mutant_engine_answers_what_comes_before_an_unknown_profile_as_the_reference():
    """Rule input.rejection-order: a fault in the input comes before an unknown profile. A mutant
    whose bug is elsewhere (the show's nobs) answers those cases as the reference does; before the
    mutant engine had the hook, it answered unknown_profile and failed all nine."""
    from cribcheck.harness.engine.protocol import Request
    from cribcheck.harness.mutants.engine import mutant_engine
    from cribcheck.harness.operations.compare import mismatches

    cases = [case for case in load_cases(REPO_ROOT / "cases") if case.id.endswith("-before-unknown-profile")]
    runs = [(case, profile) for case in cases for profile in case.profiles]
    assert len(runs) >= 9
    engine = mutant_engine("nobs-any-suit")
    requests = [Request(str(n), c.op, c.profile_sent(p), c.input) for n, (c, p) in enumerate(runs)]
    for (case, profile), outcome in zip(runs, engine.answer(requests), strict=True):
        answer = {outcome.kind: dict(outcome.body)}
        assert mismatches(case.expected(profile), answer) == [], case.id


def test_a_mutant_engine_names_the_game_of_a_match_rejection() -> None:
    """A mutant served as an engine answers a rejection with every place it names, the game of a
    match included (the comparison holds index, hand and game): the mutant of another rule passes
    a case where only the game tells the answers apart, as the reference does."""
    import argparse

    from cribcheck.harness.mutants.engine import mutant_engine
    from cribcheck.harness.results.status import Status
    from cribcheck.harness.run import runner

    parser = argparse.ArgumentParser()
    runner.add_arguments(parser)
    case = "match-two-games-after-the-match-is-won"
    plan = runner.plan_from_args(parser.parse_args(["--no-progress", "--case", case]))
    results = runner.execute(plan, [], lambda: mutant_engine("heels-worth-1")).results
    assert results and {result.status for result in results} == {Status.PASS}
