"""`cribcheck explain`: the worked derivations, checked against values worked out by hand."""

from __future__ import annotations

import argparse
import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from cribcheck.harness.contract.files import CATALOGUE_FILE
from cribcheck.harness.corpus import explain as explain_module
from cribcheck.harness.corpus.explain import CaseNotFound, explain_case, find_case, rules_by_id
from tests.harness.worked_hands import FIRST_FIVE_CARD_HAND_INPUT, FIRST_FIVE_CARD_HAND_RESULT

SEED_000 = {
    "id": "show-seed-000",
    "title": "Source 000's worked example",
    "rules": ["show.fifteens", "show.pairs", "show.runs"],
    "tags": ["show", "seed-example"],
    "profiles": ["five-card"],
    "op": "show",
    "input": {"cards": ["4C", "5D", "6H"], "starter": "5S"},
    "explain": "pair 2, two runs 3 + 3, two fifteens 2 + 2 = 12",
    "expect": {"default": {"total": 12}},
}

PLAY = {
    "id": "play-fifteen-and-pair",
    "title": "Fifteen for four",
    "rules": ["peg.combined"],
    "profiles": ["six-card"],
    "op": "play",
    "input": {"count": ["AS", "7D", "7C"]},
    "explain": "1 + 7 + 7 = 15 (2) and a pair of sevens (2)",
    "expect": {"default": {"points": 4}},
}

PEGGING = {
    "id": "pegging-go-and-reset",
    "title": "A go, a reset and the last card",
    "rules": ["peg.go", "peg.restart"],
    "profiles": ["six-card"],
    "op": "pegging",
    "input": {"pone": ["5H", "TC", "9S", "8D"], "dealer": ["KD", "5C", "4S", "7H"], "plays": ["5H", "KD", "TC", "5C"]},
    "explain": "KD makes 15 (2); at 30 the pone says go and the dealer scores 1; 7H is the last card (1)",
    "expect": {"default": {"points": {"pone": 0, "dealer": 4}}},
}

HAND = {
    "id": "hand-first-five-card",
    "title": "The first hand of a five-card game",
    "rules": ["game.three-for-last", "deal.heels", "game.show-order"],
    "tags": ["three-for-last", "heels", "show-order"],
    "profiles": ["five-card"],
    "op": "hand",
    "input": copy.deepcopy(FIRST_FIVE_CARD_HAND_INPUT),
    "expect": {"default": copy.deepcopy(FIRST_FIVE_CARD_HAND_RESULT)},
}

GAME = {
    "id": "game-cut-by-value",
    "title": "Ten against king ties when values are compared",
    "rules": ["dispute.d6-cut-by-rank"],
    "tags": ["cut", "dispute"],
    "profiles": ["six-card--cut-by-value"],
    "op": "game",
    "input": {
        "cuts": [["TH", "KD"], ["5C", "5S"], ["9D", "2C"]],
        "hands": [
            {
                "dealt": {"A": ["5C", "5S", "4D", "6D", "KH", "8C"], "B": ["5H", "5D", "JC", "2S", "9H", "3C"]},
                "starter": "JS",
                "discards": {"A": ["KH", "6D"], "B": ["2S", "9H"]},
                "plays": ["5C", "5H", "5S", "5D", "4D", "3C", "8C", "JC"],
            }
        ],
    },
    "explain": "rank decides under the ruling; under the other reading T and K tie, 5 and 5 tie, 2 is lower: B deals",
    "expect": {"default": {"scores": {"A": 14, "B": 35}, "winner": None, "hands_played": 1, "first_dealer": "B"}},
}


@pytest.fixture
def cases_root(tmp_path: Path) -> Path:
    root = tmp_path / "cases"
    (root / "misc").mkdir(parents=True)
    document = {"topic": "Cases to explain", "cases": [SEED_000, PLAY, PEGGING, HAND, GAME]}
    (root / "misc" / "cases.yaml").write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return root


def page(case_id: str, cases_root: Path) -> str:
    return explain_case(find_case(case_id, cases_root), rules_by_id(CATALOGUE_FILE))


def lines_of(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()]


def test_seed_000_show(cases_root: Path) -> None:
    text = page("show-seed-000", cases_root)
    lines = lines_of(text)
    assert lines[0] == "show-seed-000: Source 000's worked example"
    assert "tags: show, seed-example" in lines
    assert "hand: 4C 5D 6H    starter: 5S" in lines
    assert "pair 2, two runs 3 + 3, two fifteens 2 + 2 = 12" in lines  # the case's own explain text
    # Worked by hand: 4+5+6 = 15 twice (with either five), the fives pair, two runs of 4-5-6.
    assert "fifteens (2 each): 4C 5D 6H; 4C 6H 5S = 4" in lines
    assert "pairs (2 each): 5D 5S = 2" in lines
    assert "runs (its length each): 4C 5D 6H; 4C 6H 5S = 6" in lines
    assert "flush: none = 0" in lines
    assert "nobs: none = 0" in lines
    assert "total: 12" in lines
    assert "the expectation agrees" in lines


def test_rules_show_statement_and_sources(cases_root: Path) -> None:
    lines = lines_of(page("show-seed-000", cases_root))
    assert "show.fifteens (show; five-card, six-card, six-card-61)" in lines
    assert "sources: source 000 section 04; source 002 Pontuação da Contagem" in lines


def test_dispute_rules_show_both_readings(cases_root: Path) -> None:
    text = " ".join(lines_of(page("game-cut-by-value", cases_root)))
    assert "dispute.d6-cut-by-rank (dispute, dispute D6)" in text
    assert "ruling (six-card): rank decides" in text
    assert "other (six-card--cut-by-value" in text


def test_play_reasons(cases_root: Path) -> None:
    lines = lines_of(page("play-fifteen-and-pair", cases_root))
    assert "the count so far, in play order (the last card is the one scored): AS 7D 7C" in lines
    assert "7C makes the count 15" in lines
    assert "reasons: fifteen 2, pairs 2" in lines
    assert "points for 7C: 4" in lines


def test_pegging_events_with_count_and_reasons(cases_root: Path) -> None:
    complete = copy.deepcopy(PEGGING)
    complete["input"]["plays"] += ["9S", "4S", "8D", "7H"]
    (cases_root / "misc" / "more.yaml").write_text(
        yaml.safe_dump({"topic": "More", "cases": [complete | {"id": "pegging-complete"}]}), encoding="utf-8"
    )
    lines = lines_of(page("pegging-complete", cases_root))
    events = [line for line in lines if re.match(r"\d+\. ", line)]
    assert events == [
        "1. pone plays 5H, count 5",
        "2. dealer plays KD, count 15: fifteen 2 -> 2",
        "3. pone plays TC, count 25",
        "4. dealer plays 5C, count 30",
        "5. pone says go (9S 39, 8D 38: none fits)",  # at 30 the pone holds 9S and 8D
        "6. dealer: last card, 1",
        "7. count back to 0; pone leads",
        "8. pone plays 9S, count 9",
        "9. dealer plays 4S, count 13",
        "10. pone plays 8D, count 21",
        "11. dealer plays 7H, count 28",
        "12. dealer: last card, 1",
    ]
    assert "points: pone 0, dealer 4" in lines
    assert "the expectation agrees" in lines


def test_an_incomplete_pegging_shows_the_rejection_and_the_disagreement(cases_root: Path) -> None:
    lines = lines_of(page("pegging-go-and-reset", cases_root))
    assert "rejected: pegging_incomplete at play index 4" in lines
    assert "the expectation DISAGREES:" in lines
    assert any(line.startswith("expected a result, got rejection pegging_incomplete index 4") for line in lines)


def test_hand_events_with_running_scores(cases_root: Path) -> None:
    lines = lines_of(page("hand-first-five-card", cases_root))
    # Worked by hand. B (pone) takes three for last; JS turned gives A 2. Pegging: 5C, 5H pair 2,
    # 5S fifteen 2 + pair royal 6, 5D double pair royal 12, 4D to 24; A's JC does not fit: go, B's
    # last card 1. Show: B 5C 5S 4D + JS = 5+J twice (4) and the fives (2) = 6; A 5H 5D JC + JS =
    # four fifteens (8), two pairs (4) = 12; crib 6D KH 2S 9H + JS = 6+9 (2).
    expected = [
        "1. B: three for last, 3    [A 0, B 3]",
        "2. A: his heels (JS turned), 2    [A 2, B 3]",
        "3. B plays 5C, count 5    [A 2, B 3]",
        "4. A plays 5H, count 10: pairs 2 -> 2    [A 4, B 3]",
        "5. B plays 5S, count 15: fifteen 2, pairs 6 -> 8    [A 4, B 11]",
        "6. A plays 5D, count 20: pairs 12 -> 12    [A 16, B 11]",
        "7. B plays 4D, count 24    [A 16, B 11]",
        "8. A says go (JC 34: none fits)    [A 16, B 11]",  # at 24 A holds only JC
        "9. B: last card, 1    [A 16, B 12]",
        "10. show pone_hand of B: 5C 5S 4D: fifteens 4, pairs 2 -> 6    [A 16, B 18]",
        "11. show dealer_hand of A: 5H 5D JC: fifteens 8, pairs 4 -> 12    [A 28, B 18]",
        "12. show crib of A: 6D KH 2S 9H: fifteens 2 -> 2    [A 30, B 18]",
    ]
    start = lines.index(expected[0])
    assert lines[start - 1] == "starter: JS"
    assert lines[start : start + len(expected)] == expected
    assert "final scores: A 30, B 18; no winner yet" in lines
    assert "the expectation agrees" in lines


def test_a_hand_won_stops_at_the_winner(tmp_path: Path) -> None:
    won = copy.deepcopy(HAND) | {"id": "hand-won"}
    won["input"]["first_hand"] = False
    won["input"]["scores"] = {"A": 50, "B": 40}
    won["expect"] = {"default": {"scores": {"A": 62, "B": 40}, "winner": "A"}}
    root = tmp_path / "cases"
    root.mkdir()
    (root / "won.yaml").write_text(yaml.safe_dump({"topic": "Won", "cases": [won]}), encoding="utf-8")
    lines = lines_of(page("hand-won", root))
    # A: heels 2 (52), 5H pair 2 (54); B: 5S fifteen and pair royal 8 (48); A: 5D double pair
    # royal 12 (66): A reaches 61 and wins there.
    assert "5. A plays 5D, count 20: pairs 12 -> 12    [A 66, B 48]" in lines
    assert "6. A WINS    [A 66, B 48]" in lines
    assert "final scores: A 66, B 48; A wins" in lines
    assert "the expectation DISAGREES:" in lines
    assert "scores.A: expected 62, got 66" in lines
    assert "scores.B: expected 40, got 48" in lines


def test_game_deals_and_summary(cases_root: Path) -> None:
    lines = lines_of(page("game-cut-by-value", cases_root))
    assert "cut round 1: A cuts TH, B cuts KD" in lines
    assert "B deals first" in lines
    assert "1. hand 1: B deals" in lines
    assert "2. B: his heels (JS turned), 2    [A 0, B 2]" in lines
    assert "8. B plays 3C, count 27: run 3 -> 3    [A 8, B 19]" in lines
    assert "11. count back to 0; A leads    [A 8, B 20]" in lines
    assert "final scores: A 14, B 35; no winner yet" in lines
    assert "hands played: 1" in lines
    assert "the expectation agrees" in lines


def test_a_rejection_shows_code_index_and_message(tmp_path: Path) -> None:
    bad = copy.deepcopy(PLAY) | {"id": "play-over-31", "input": {"count": ["KS", "KD", "KH", "2C"]}}
    bad["expect"] = {"default": {"rejected": "over_31", "index": 3}}
    root = tmp_path / "cases"
    root.mkdir()
    (root / "bad.yaml").write_text(yaml.safe_dump({"topic": "Bad", "cases": [bad]}), encoding="utf-8")
    lines = lines_of(page("play-over-31", root))
    assert "rejected: over_31 at play index 3" in lines
    assert "2C takes the count to 32, over 31" in lines
    assert "the expectation agrees" in lines


def test_an_unknown_id_suggests_the_nearest(cases_root: Path) -> None:
    with pytest.raises(CaseNotFound) as missing:
        find_case("show-seed-00", cases_root)
    assert missing.value.suggestions[0] == "show-seed-000"


def run_main(cases_root: Path, case_id: str) -> int:
    parser = argparse.ArgumentParser()
    explain_module.add_arguments(parser)
    return explain_module.main(parser.parse_args([case_id, "--cases", str(cases_root)]))


def test_main_prints_the_page(cases_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(cases_root, "show-seed-000") == 0
    out = capsys.readouterr().out
    assert "Under five-card" in out
    assert "total: 12" in out


def test_main_exits_2_on_an_unknown_id(cases_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(cases_root, "hand-first-five") == 2
    err = capsys.readouterr().err
    assert "no case, rule or dispute has the id 'hand-first-five'" in err
    assert "nearest ids: hand-first-five-card" in err


def test_main_names_a_file_failing_its_schema(cases_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken: dict[str, Any] = copy.deepcopy(SEED_000) | {"id": "show-broken", "extra": 1}
    (cases_root / "broken.yaml").write_text(yaml.safe_dump({"topic": "B", "cases": [broken]}), encoding="utf-8")
    assert run_main(cases_root, "show-broken") == 2
    assert "broken.yaml, which fails the schema" in capsys.readouterr().err
