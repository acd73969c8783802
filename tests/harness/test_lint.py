"""The linter, on deliberately broken case files written to a temporary corpus: each mistake is
reported once, clearly, naming the file, the case id and the field."""

from __future__ import annotations

import argparse
import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from cribcheck.harness.contract.files import display_path
from cribcheck.harness.corpus import lint as lint_module
from cribcheck.harness.corpus.cases import CaseError
from cribcheck.harness.corpus.lint import LintReport, lint
from cribcheck.harness.operations.compare import mismatches
from tests.harness.worked_hands import FIRST_FIVE_CARD_HAND_INPUT, FIRST_FIVE_CARD_HAND_RESULT

# A small catalogue of its own, so that these tests do not move with the real one.
CATALOGUE = {
    "main_profiles": ["five-card", "six-card", "six-card-61"],
    "sources": [
        {"id": "source 000", "document": "A rules sheet.", "language": "Portuguese", "covers": "Five-card."},
        {"id": "source 002", "document": "A rules page.", "language": "Portuguese", "covers": "Six-card."},
        {"id": "cribcheck ruling", "document": "This project.", "language": "English", "covers": "The rest."},
    ],
    "rules": [
        {
            "id": "show.fifteens",
            "area": "show",
            "profiles": ["five-card", "six-card"],
            "statement": "Each subset summing to 15 scores 2.",
            "sources": ["source 000 section 04"],
        },
        {
            "id": "input.cards",
            "area": "input",
            "profiles": ["five-card"],
            "statement": "Every card is a real card, once per deal.",
            "sources": ["cribcheck ruling"],
        },
        {
            "id": "dispute.d4-crib-nobs",
            "area": "dispute",
            "dispute": "D4",
            "profiles": ["six-card"],
            "statement": "Whether nobs counts in the crib.",
            "ruling": {"reading": "it counts", "sources": ["source 002"], "profile": "six-card"},
            "other": {"reading": "it does not", "sources": ["source 000"], "profile": "six-card--no-crib-nobs"},
            "sources": ["cribcheck ruling"],
        },
        {
            "id": "input.rejection-order",
            "area": "input",
            "profiles": [],
            "statement": "Of several faults, the first in the order decides the code.",
            "sources": ["cribcheck ruling"],
        },
    ],
}

SEED_000 = {
    "id": "show-seed-000",
    "title": "Source 000's worked example",
    "rules": ["show.fifteens"],
    "tags": ["show", "seed-example"],
    "profiles": ["five-card"],
    "op": "show",
    "input": {"cards": ["4C", "5D", "6H"], "starter": "5S"},
    "explain": "pair 2, two runs 6, two fifteens 4 = 12",
    "expect": {"default": {"total": 12, "breakdown": {"fifteens": 4, "pairs": 2, "runs": 6}}},
}

SIX_CARD_HAND = {
    "id": "show-six-card-hand",
    "title": "A six-card hand of 4 with the starter",
    "rules": ["show.fifteens"],
    "profiles": ["six-card"],
    "op": "show",
    "input": {"cards": ["TC", "5D", "2H", "8S"], "starter": "3C"},
    "explain": "T+5, 2+5+8, 2+3+T: 6",
    "expect": {"default": {"total": 6}},
}

CRIB_NOBS = {
    "id": "dispute-crib-nobs",
    "title": "A jack of the starter's suit in the crib",
    "rules": ["dispute.d4-crib-nobs"],
    "tags": ["crib", "nobs", "dispute"],
    "profiles": ["six-card", "six-card--no-crib-nobs"],
    "op": "show",
    "input": {"cards": ["JH", "2C", "4D", "8S"], "starter": "KH", "crib": True},
    "explain": "ruling (source 002): nobs counts in the crib, 1; other reading (source 000): 0",
    "expect": {"default": {"total": 1}, "six-card--no-crib-nobs": {"total": 0}},
}

HAND = {
    "id": "hand-first",
    "title": "A first five-card hand",
    "rules": ["input.cards"],
    "profiles": ["five-card"],
    "op": "hand",
    "input": copy.deepcopy(FIRST_FIVE_CARD_HAND_INPUT),
    "expect": {"default": copy.deepcopy(FIRST_FIVE_CARD_HAND_RESULT)},
}


class Corpus:
    """A temporary corpus: cases/ with retired.txt, and a catalogue beside it."""

    def __init__(self, root: Path) -> None:
        self.cases = root / "cases"
        self.cases.mkdir()
        self.catalogue = root / "rules.yaml"
        self.catalogue.write_text(yaml.safe_dump(CATALOGUE, sort_keys=False), encoding="utf-8")
        (self.cases / "retired.txt").write_text("# retired ids\nshow-old-id  # replaced\n\n", encoding="utf-8")

    def write(self, name: str, *cases: dict[str, Any], topic: str = "Test cases") -> Path:
        path = self.cases / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump({"topic": topic, "cases": list(cases)}, sort_keys=False), encoding="utf-8")
        return path

    def write_text(self, name: str, text: str) -> Path:
        path = self.cases / name
        path.write_text(text, encoding="utf-8")
        return path

    def lint(self, *paths: Path) -> LintReport:
        return lint(list(paths), cases_root=self.cases, catalogue_path=self.catalogue)


@pytest.fixture
def corpus(tmp_path: Path) -> Corpus:
    return Corpus(tmp_path)


def case(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    changed = copy.deepcopy(base)
    changed.update(changes)
    return changed


def only_error(report: LintReport) -> CaseError:
    assert len(report.errors) == 1, "\n".join(map(str, report.errors))
    return report.errors[0]


def assert_names(error: CaseError, path: Path, case_id: str | None, field: str) -> None:
    """The error names the file, the case and the field, as data and in its text."""
    assert (error.file, error.case_id, error.path) == (display_path(path), case_id, field)
    text = str(error)
    assert display_path(path) in text
    assert field in text
    if case_id:
        assert f"[{case_id}]" in text


# --- clean files ---------------------------------------------------------------------------


def test_good_cases_are_clean(corpus: Corpus) -> None:
    path = corpus.write("show/good.yaml", SEED_000, SIX_CARD_HAND, CRIB_NOBS, HAND)
    report = corpus.lint(path)
    assert report.errors == ()
    assert report.summary.files == 1
    assert report.summary.cases == 4
    assert report.summary.per_profile == {"five-card": 2, "six-card": 2, "six-card--no-crib-nobs": 1}
    assert report.summary.per_area == {"dispute": 1, "input": 1, "show": 2}
    assert not report.summary.coverage_checked


def test_the_whole_corpus_is_covered(corpus: Corpus) -> None:
    corpus.write("show/good.yaml", SEED_000, SIX_CARD_HAND, CRIB_NOBS, HAND)
    report = corpus.lint()
    assert report.errors == ()
    assert report.summary.coverage_checked


# --- the schema, through harness.corpus.cases -----------------------------------------------------


def test_bad_yaml_names_the_file_and_the_line(corpus: Corpus) -> None:
    path = corpus.write_text("broken.yaml", "topic: Broken\ncases:\n  - id: show-x\n    title: [unclosed\n")
    error = only_error(corpus.lint(path))
    assert error.file == display_path(path)
    assert error.message.startswith("invalid YAML: line ")


def test_an_unknown_key_is_named(corpus: Corpus) -> None:
    path = corpus.write("show/typo.yaml", case(SEED_000, explian="typo"))
    error = only_error(corpus.lint(path))
    assert (error.file, error.case_id) == (display_path(path), "show-seed-000")
    assert "'explian' was unexpected" in error.message


def test_an_unknown_result_key_is_named(corpus: Corpus) -> None:
    path = corpus.write("show/typo.yaml", case(SEED_000, expect={"default": {"total": 12, "totl": 12}}))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "expect.default")
    assert "'totl' was unexpected" in error.message


def test_one_bad_case_does_not_hide_the_others_of_its_file(corpus: Corpus) -> None:
    wrong = case(SIX_CARD_HAND, expect={"default": {"total": 7}})
    path = corpus.write("show/mixed.yaml", case(SEED_000, explian="typo"), wrong)
    report = corpus.lint(path)
    assert [(e.case_id, e.path) for e in report.errors] == [
        ("show-seed-000", ""),
        ("show-six-card-hand", "expect.default"),
    ]
    assert report.summary.cases == 1


def test_a_bad_card_is_named(corpus: Corpus) -> None:
    path = corpus.write("show/card.yaml", case(SEED_000, input={"cards": ["4C", "5X", "6H"], "starter": "5S"}))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "input.cards[1]")
    assert "'5X'" in error.message


def test_a_bad_card_is_fine_in_an_invalid_card_case(corpus: Corpus) -> None:
    bad = case(
        SEED_000,
        rules=["input.cards"],
        input={"cards": ["4C", "5X", "6H"], "starter": 5},
        expect={"default": {"rejected": "invalid_card"}},
    )
    assert corpus.lint(corpus.write("rejections/card.yaml", bad)).errors == ()


def test_later_faults_are_fine_only_in_a_case_citing_the_rejection_order(corpus: Corpus) -> None:
    # 5X cannot be read, 4C is given twice and four cards are one too many for a five-card hand:
    # in the order of input.rejection-order invalid_card comes first, then duplicate_card, then
    # wrong_card_count.
    faults = {"cards": ["4C", "4C", "5X", "6H"], "starter": "5S"}
    plain = case(SEED_000, rules=["input.cards"], input=faults, expect={"default": {"rejected": "invalid_card"}})
    errors = corpus.lint(corpus.write("rejections/order.yaml", plain)).errors
    assert [(e.path, e.message) for e in errors] == [
        ("input.cards[1]", "4C appears twice in one deal (first at input.cards[0])"),
        ("input.cards", "has 4 cards; a hand holds 3 (under five-card)"),
    ]
    ordered = case(plain, rules=["input.cards", "input.rejection-order"])
    assert corpus.lint(corpus.write("rejections/order.yaml", ordered)).errors == ()
    # A fault before the expected one is still named: the 5X would decide, not the duplicate.
    wrong = case(ordered, expect={"default": {"rejected": "duplicate_card"}})
    errors = corpus.lint(corpus.write("rejections/order.yaml", wrong)).errors
    assert errors[0].path == "input.cards[2]"
    assert "'5X'" in errors[0].message


# --- ids -----------------------------------------------------------------------------------


def test_a_duplicate_id_names_both_files(corpus: Corpus) -> None:
    first = corpus.write("show/a.yaml", SEED_000)
    second = corpus.write("show/b.yaml", case(SIX_CARD_HAND, id="show-seed-000"))
    error = only_error(corpus.lint(first, second))
    assert_names(error, second, "show-seed-000", "id")
    assert f"already used in {display_path(first)}" in error.message


def test_a_duplicate_id_within_a_file(corpus: Corpus) -> None:
    path = corpus.write("show/a.yaml", SEED_000, case(SIX_CARD_HAND, id="show-seed-000"))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "id")
    assert "earlier in this file" in error.message


def test_a_duplicate_id_in_a_file_not_linted_is_found(corpus: Corpus) -> None:
    other = corpus.write("show/a.yaml", SEED_000)
    path = corpus.write("show/b.yaml", case(SIX_CARD_HAND, id="show-seed-000"))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "id")
    assert display_path(other) in error.message


def test_a_retired_id_is_refused(corpus: Corpus) -> None:
    path = corpus.write("show/a.yaml", case(SEED_000, id="show-old-id"))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-old-id", "id")
    assert "retired" in error.message
    assert "retired.txt" in error.message


def test_the_retired_file_ignores_comments_and_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "retired.txt"
    path.write_text("# header\n\nshow-a\n  show-b   # why\n#show-c\n", encoding="utf-8")
    assert lint_module.read_retired(path) == {"show-a", "show-b"}
    assert lint_module.read_retired(tmp_path / "missing.txt") == frozenset()


# --- rules and profiles --------------------------------------------------------------------


def test_a_missing_rule_is_named_with_a_suggestion(corpus: Corpus) -> None:
    path = corpus.write("show/a.yaml", case(SEED_000, rules=["show.fifteen"]))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "rules[0]")
    assert "'show.fifteen' is not in the catalogue" in error.message
    assert "did you mean show.fifteens" in error.message


def test_an_unknown_profile_is_named(corpus: Corpus) -> None:
    path = corpus.write("show/a.yaml", case(SEED_000, profiles=["five-card", "five-cards"]))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "profiles[1]")
    assert "unknown profile 'five-cards'" in error.message
    assert "did you mean five-card" in error.message


def test_a_profile_without_an_expectation(corpus: Corpus) -> None:
    path = corpus.write("show/a.yaml", case(SEED_000, expect={"five-card--loose-flush": {"total": 12}}))
    errors = corpus.lint(path).errors
    assert [(e.path, e.case_id) for e in errors] == [
        ("expect", "show-seed-000"),
        ("expect.five-card--loose-flush", "show-seed-000"),
    ]
    assert "five-card has no expectation" in errors[0].message
    assert "not among the case's profiles" in errors[1].message


def test_a_dispute_case_is_tagged_dispute(corpus: Corpus) -> None:
    path = corpus.write("dispute/a.yaml", case(CRIB_NOBS, tags=["crib", "nobs"]))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "dispute-crib-nobs", "tags")
    assert "not tagged dispute" in error.message
    path = corpus.write("dispute/b.yaml", case(SEED_000, tags=["show", "dispute"]))
    error = only_error(corpus.lint(path))
    assert "cites no dispute entry" in error.message


def test_request_profile_is_only_for_unknown_profile_cases(corpus: Corpus) -> None:
    good = case(
        SEED_000,
        rules=["input.cards"],
        request_profile="seven-card",
        expect={"default": {"rejected": "unknown_profile"}},
    )
    assert corpus.lint(corpus.write("rejections/a.yaml", good)).errors == ()
    path = corpus.write("rejections/b.yaml", case(SEED_000, id="show-b", request_profile="six-card"))
    messages = [e.message for e in corpus.lint(path).errors if e.path == "request_profile"]
    assert messages[0] == "six-card is a known profile"
    assert messages[1].startswith("request_profile is only for cases expecting unknown_profile")


def test_request_profile_for_a_fault_before_an_unknown_profile(corpus: Corpus) -> None:
    # input.rejection-order: a discard not from the hand comes before an unknown profile, so a case
    # citing the order may send seven-card and expect discard_not_held; a bad cut comes after it.
    hand = {
        "dealer": "A",
        "scores": {"A": 0, "B": 0},
        "dealt": {"A": ["AC", "4C", "5D", "6H", "KS"], "B": ["7C", "8D", "9H", "2S", "3S"]},
        "starter": "TC",
        "discards": {"A": ["KS", "QS"], "B": ["2S", "3S"]},
        "plays": [],
    }
    before = case(
        SEED_000,
        op="hand",
        input=hand,
        rules=["input.rejection-order"],
        request_profile="seven-card",
        expect={"default": {"rejected": "discard_not_held"}},
    )
    assert corpus.lint(corpus.write("rejections/a.yaml", before)).errors == ()
    uncited = case(
        SEED_000,
        id="show-b",
        op="hand",
        input=hand,
        rules=["input.cards"],
        request_profile="seven-card",
        expect={"default": {"rejected": "discard_not_held"}},
    )
    messages = [e.message for e in corpus.lint(corpus.write("rejections/b.yaml", uncited)).errors]
    assert any(m.startswith("request_profile is only for") for m in messages), messages


# --- expectations against the reference engine ---------------------------------------------


def test_a_wrong_expectation_shows_both_values(corpus: Corpus) -> None:
    path = corpus.write("show/a.yaml", case(SEED_000, expect={"default": {"total": 13, "breakdown": {"runs": 6}}}))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "expect.default")
    assert "under five-card" in error.message
    assert "total: expected 13, got 12" in error.message


def test_a_wrong_override_names_its_profile(corpus: Corpus) -> None:
    wrong = case(CRIB_NOBS, expect={"default": {"total": 1}, "six-card--no-crib-nobs": {"total": 1}})
    error = only_error(corpus.lint(corpus.write("dispute/a.yaml", wrong)))
    assert error.path == "expect.six-card--no-crib-nobs"
    assert "under six-card--no-crib-nobs" in error.message
    assert "total: expected 1, got 0" in error.message


def test_a_result_expected_where_the_engine_rejects(corpus: Corpus) -> None:
    wrong = case(HAND, input={**HAND["input"], "plays": ["5C", "5H"]})
    error = only_error(corpus.lint(corpus.write("hand/a.yaml", wrong)))
    assert error.path == "expect.default"
    assert "expected a result, got rejection pegging_incomplete index 2" in error.message


def test_a_wrong_rejection_code_or_index(corpus: Corpus) -> None:
    plays = ["5C", "5H", "5D"]  # 5D is the dealer A's card, played on the pone B's turn
    wrong_code = case(HAND, input={**HAND["input"], "plays": plays}, expect={"default": {"rejected": "over_31"}})
    error = only_error(corpus.lint(corpus.write("hand/a.yaml", wrong_code)))
    assert "rejected: expected over_31, got rejection not_your_turn index 2" in error.message
    wrong_index = case(wrong_code, expect={"default": {"rejected": "not_your_turn", "index": 1}})
    error = only_error(corpus.lint(corpus.write("hand/a.yaml", wrong_index)))
    assert "index: expected 1, got 2" in error.message
    right = case(wrong_code, expect={"default": {"rejected": "not_your_turn", "index": 2}})
    assert corpus.lint(corpus.write("hand/a.yaml", right)).errors == ()


# --- cards in a deal -----------------------------------------------------------------------


def test_a_duplicate_card_in_a_deal_is_named(corpus: Corpus) -> None:
    duplicate = case(SEED_000, input={"cards": ["4C", "5D", "6H"], "starter": "5D"})
    errors = corpus.lint(corpus.write("show/a.yaml", duplicate)).errors
    assert errors[0].path == "input.starter"
    assert errors[0].message == "5D appears twice in one deal (first at input.cards[1])"
    assert all(e.case_id == "show-seed-000" for e in errors)
    assert [e.path for e in errors[1:]] == ["expect.default"]  # and the engine rejects it


def test_a_card_discarded_twice_by_one_player_is_named(corpus: Corpus) -> None:
    twice = case(HAND, input={**HAND["input"], "discards": {"A": ["2S", "2S"], "B": ["KH", "6D"]}})
    errors = corpus.lint(corpus.write("hand/a.yaml", twice)).errors
    assert (errors[0].path, errors[0].message) == (
        "input.discards.A[1]",
        "2S appears twice in one deal (first at input.discards.A[0])",
    )


def test_a_card_dealt_to_both_players_is_named(corpus: Corpus) -> None:
    dealt = {"A": ["5H", "5D", "JC", "2S", "9H"], "B": ["5C", "5S", "4D", "6D", "5H"]}
    duplicate = case(HAND, input={**HAND["input"], "dealt": dealt}, expect={"default": {"rejected": "duplicate_card"}})
    path = corpus.write("hand/a.yaml", duplicate)
    assert corpus.lint(path).errors == ()  # a duplicate_card case may carry a duplicate
    wrong = case(duplicate, expect={"default": {"rejected": "wrong_card_count"}})
    errors = corpus.lint(corpus.write("hand/a.yaml", wrong)).errors
    assert errors[0].path == "input.dealt.B[4]"
    assert errors[0].message == "5H appears twice in one deal (first at input.dealt.A[0])"


def test_cards_may_repeat_across_cut_rounds_but_not_within_one(corpus: Corpus) -> None:
    base = {
        "id": "cut-again",
        "title": "Equal ranks cut again",
        "rules": ["input.cards"],
        "profiles": ["five-card"],
        "op": "cut",
        "input": {"cuts": [["5H", "5S"], ["5H", "KD"]]},
        "expect": {"default": {"dealer": "A", "rounds": 2}},
    }
    assert corpus.lint(corpus.write("cut/a.yaml", base)).errors == ()
    same = case(base, input={"cuts": [["5H", "5H"]]}, expect={"default": {"rejected": "bad_cut"}})
    errors = corpus.lint(corpus.write("cut/a.yaml", same)).errors
    assert errors[0].path == "input.cuts[0][1]"
    assert "5H appears twice" in errors[0].message


# --- card counts ---------------------------------------------------------------------------


def test_a_wrong_card_count_is_named_with_its_profiles(corpus: Corpus) -> None:
    four = case(SEED_000, input={"cards": ["4C", "5D", "6H", "8C"], "starter": "5S"})
    errors = corpus.lint(corpus.write("show/a.yaml", four)).errors
    assert_names(errors[0], corpus.cases / "show/a.yaml", "show-seed-000", "input.cards")
    assert errors[0].message == "has 4 cards; a hand holds 3 (under five-card)"
    assert [e.path for e in errors[1:]] == ["expect.default"]


def test_a_card_count_checked_per_profile(corpus: Corpus) -> None:
    both = case(
        SIX_CARD_HAND,
        profiles=["five-card", "six-card"],
        expect={"default": {"total": 6}, "five-card": {"rejected": "wrong_card_count"}},
    )
    assert corpus.lint(corpus.write("show/a.yaml", both)).errors == ()
    crib = case(SIX_CARD_HAND, profiles=["five-card"], input={**SIX_CARD_HAND["input"], "crib": True})
    assert corpus.lint(corpus.write("show/a.yaml", crib)).errors == ()  # a five-card crib holds 4


def test_a_wrong_discard_count_in_a_game_hand(corpus: Corpus) -> None:
    game = {
        "id": "game-short",
        "title": "One hand",
        "rules": ["input.cards"],
        "profiles": ["five-card"],
        "op": "game",
        "input": {
            "cuts": [["AH", "KD"]],
            "hands": [{k: v for k, v in HAND["input"].items() if k not in ("dealer", "first_hand")}],
        },
        "expect": {"default": {"scores": {"A": 30, "B": 18}, "winner": None, "hands_played": 1}},
    }
    assert corpus.lint(corpus.write("game/a.yaml", game)).errors == ()
    hand = {**game["input"]["hands"][0], "discards": {"A": ["2S"], "B": ["KH", "6D"]}}
    wrong = case(
        game,
        input={"cuts": [["AH", "KD"]], "hands": [hand]},
        expect={"default": {"rejected": "wrong_card_count", "hand": 0}},
    )
    assert corpus.lint(corpus.write("game/a.yaml", wrong)).errors == ()
    unexpected = case(wrong, expect=game["expect"])
    errors = corpus.lint(corpus.write("game/a.yaml", unexpected)).errors
    assert errors[0].path == "input.hands[0].discards.A"
    assert errors[0].message == "has 1 card; a discard holds 2 (under five-card)"


# --- coverage and the catalogue ------------------------------------------------------------


def test_coverage_names_each_rule_and_profile_missing(corpus: Corpus) -> None:
    corpus.write("show/a.yaml", SEED_000, HAND)
    errors = corpus.lint().errors
    catalogue = display_path(corpus.catalogue)
    assert all(e.file == catalogue for e in errors)
    assert [(e.case_id, e.path, e.message) for e in errors] == [
        ("show.fifteens", "profiles[1]", "no case cites show.fifteens under six-card"),
        ("dispute.d4-crib-nobs", "profiles[0]", "no case cites dispute.d4-crib-nobs under six-card"),
        (
            "dispute.d4-crib-nobs",
            "ruling.profile",
            "no case cites dispute.d4-crib-nobs under its ruling's profile six-card "
            "(or one of its variants for another dispute)",
        ),
        (
            "dispute.d4-crib-nobs",
            "other.profile",
            "no case cites dispute.d4-crib-nobs under its other reading, six-card--no-crib-nobs",
        ),
    ]


def test_a_dispute_needs_its_other_reading(corpus: Corpus) -> None:
    only_ruling = case(CRIB_NOBS, profiles=["six-card"], expect={"default": {"total": 1}})
    corpus.write("show/a.yaml", SEED_000, SIX_CARD_HAND, HAND, only_ruling)
    error = only_error(corpus.lint())
    assert (error.case_id, error.path) == ("dispute.d4-crib-nobs", "other.profile")


def test_a_variant_counts_only_for_itself(corpus: Corpus) -> None:
    variant_only = case(SIX_CARD_HAND, profiles=["six-card--loose-flush"])
    corpus.write("show/a.yaml", SEED_000, HAND, CRIB_NOBS, variant_only)
    error = only_error(corpus.lint())
    assert (error.case_id, error.path) == ("show.fifteens", "profiles[1]")


def test_a_broken_catalogue_is_named(corpus: Corpus) -> None:
    broken = copy.deepcopy(CATALOGUE)
    broken["rules"][0]["profile"] = ["six-card"]
    broken["rules"][1]["profiles"] = ["six-cards"]
    corpus.catalogue.write_text(yaml.safe_dump(broken), encoding="utf-8")
    error = only_error(corpus.lint(corpus.write("show/a.yaml", SEED_000)))
    assert (error.file, error.case_id, error.path) == (display_path(corpus.catalogue), "show.fifteens", "rules[0]")
    assert "'profile' was unexpected" in error.message


def test_catalogue_profiles_must_exist_and_match_their_dispute(corpus: Corpus) -> None:
    broken = copy.deepcopy(CATALOGUE)
    broken["rules"][1]["profiles"] = ["six-cards"]
    broken["rules"][2]["other"]["profile"] = "six-card--loose-flush"
    corpus.catalogue.write_text(yaml.safe_dump(broken), encoding="utf-8")
    errors = corpus.lint(corpus.write("show/a.yaml", SEED_000)).errors
    assert [(e.case_id, e.path) for e in errors] == [
        ("input.cards", "profiles[0]"),
        ("dispute.d4-crib-nobs", "other.profile"),
    ]
    assert "unknown profile 'six-cards'" in errors[0].message
    assert errors[1].message == "profile six-card--loose-flush plays dispute D5, not D4"


# --- the command ---------------------------------------------------------------------------


def run_main(corpus: Corpus, *argv: str) -> int:
    parser = argparse.ArgumentParser()
    lint_module.add_arguments(parser)
    args = parser.parse_args([*argv, "--cases", str(corpus.cases), "--catalogue", str(corpus.catalogue)])
    return lint_module.main(args)


def test_main_prints_errors_and_a_summary(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    path = corpus.write("show/a.yaml", case(SEED_000, expect={"default": {"total": 13}}))
    assert run_main(corpus, str(path)) == 1
    out = capsys.readouterr().out
    assert f"{display_path(path)} [show-seed-000] at expect.default: under five-card" in out
    assert "1 files, 1 cases" in out
    assert "cases per profile: five-card 1" in out
    assert "cases per rule area: show 1" in out
    assert out.rstrip().endswith("1 error")


def test_main_json(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    path = corpus.write("show/a.yaml", SEED_000)
    assert run_main(corpus, "--json", str(path)) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["clean"] is True
    assert report["errors"] == []
    assert report["summary"]["cases"] == 1
    assert report["summary"]["per_profile"] == {"five-card": 1}


def test_main_json_errors_carry_file_case_and_path(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    path = corpus.write("show/a.yaml", case(SEED_000, rules=["show.nope"]))
    assert run_main(corpus, "--json", str(path)) == 1
    (error,) = json.loads(capsys.readouterr().out)["errors"]
    assert error["file"] == display_path(path)
    assert error["case_id"] == "show-seed-000"
    assert error["path"] == "rules[0]"


def test_main_refuses_a_missing_path(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(corpus, str(corpus.cases / "nope.yaml")) == 2
    assert "no such file or folder" in capsys.readouterr().err


# --- the comparison lint relies on (harness.operations.compare) ---------------------------------------


def test_compare_only_the_keys_expected() -> None:
    answer = {"ok": {"total": 12, "breakdown": {"fifteens": 4, "pairs": 2, "runs": 6}, "combinations": {}}}
    assert mismatches({"breakdown": {"runs": 6}}, answer) == []
    assert mismatches({"total": 12, "breakdown": {"runs": 3, "nobs": 0}}, answer) == [
        "breakdown.runs: expected 3, got 6",
        "breakdown.nobs: expected 0, got nothing (no such key)",
    ]


def test_compare_lists_item_by_item() -> None:
    answer = {"ok": {"events": [{"type": "go", "player": "A"}, {"type": "win", "player": "B"}]}}
    assert mismatches({"events": [{"type": "go"}, {"player": "B"}]}, answer) == []
    assert mismatches({"events": [{"type": "go"}, {"player": "A"}]}, answer) == [
        'events[1].player: expected "A", got "B"'
    ]
    assert mismatches({"events": [{"type": "go"}]}, answer) == [
        "events: expected 1 items, got 2",
        'events[1]: first unmatched item (got only): {"type": "win", "player": "B"}',
    ]


def test_compare_booleans_are_not_numbers() -> None:
    assert mismatches({"wins_match": True}, {"ok": {"wins_match": 1}}) == ["wins_match: expected true, got 1"]
    assert mismatches({"winner": None}, {"ok": {"winner": None}}) == []


def test_compare_s_quick_test_decides_nothing_the_rules_would_not() -> None:
    # Python's == takes True for 1 and 1.0 for 1, in a list of events as at the top: the quick test
    # (compare._plainly_the_same) must leave booleans to the rules, deep down too.
    events = [{"type": "play", "points": 1, "scores": {"A": 3, "B": 0}}]
    assert mismatches({"events": events}, {"ok": {"events": events}}) == []
    deep = [{"type": "play", "points": True, "scores": {"A": 3, "B": 0}}]
    assert mismatches({"events": events}, {"ok": {"events": deep}}) == ["events[0].points: expected 1, got true"]
    assert mismatches({"events": deep}, {"ok": {"events": events}}) == ["events[0].points: expected true, got 1"]
    assert mismatches({"wins_match": False}, {"ok": {"wins_match": 0}}) == ["wins_match: expected false, got 0"]
    assert mismatches({"points": 2}, {"ok": {"points": 2.0}}) == []  # a number is a number (the rules agree)
    # What the quick test does not pass is compared by the rules: extra keys, a card set in another order.
    assert mismatches({"events": [{"type": "go"}]}, {"ok": {"events": [{"type": "go", "player": "A"}]}}) == []
    show = {"type": "show", "cards": ["5C", "5D", "KH", "QS"]}
    assert mismatches({"events": [show]}, {"ok": {"events": [{**show, "cards": ["QS", "KH", "5D", "5C"]}]}}) == []
    assert mismatches({"winner": "A"}, {"ok": {"winner": "A", "note": "true"}}) == []  # the word, not a boolean


def test_compare_rejections() -> None:
    rejected = {"rejected": {"code": "over_31", "message": "32", "index": 3}}
    assert mismatches({"rejected": "over_31"}, rejected) == []
    assert mismatches({"rejected": "over_31", "index": 3}, rejected) == []
    assert mismatches({"rejected": "over_31", "index": 2}, rejected) == ["index: expected 2, got 3"]
    assert mismatches({"rejected": "over_31", "hand": 0}, rejected) == ["hand: expected 0, got null"]
    assert mismatches({"rejected": "bad_cut"}, rejected) == [
        "rejected: expected bad_cut, got rejection over_31 index 3 (32)"
    ]
    assert mismatches({"rejected": "over_31"}, {"ok": {"points": 2}}) == [
        "rejected: expected rejection over_31, got a result"
    ]
    assert mismatches({"points": 2}, rejected) == ["expected a result, got rejection over_31 index 3 (32)"]


def test_a_match_rejection_s_game_is_compared() -> None:
    # A two-game match's third game, after the match was won in game 2: game index 2 (0-based).
    expected = {"rejected": "game_over", "game": 2}
    assert mismatches(expected, {"rejected": {"code": "game_over", "game": 2}}) == []
    assert mismatches(expected, {"rejected": {"code": "game_over", "game": 1}}) == ["game: expected 2, got 1"]
    assert mismatches(expected, {"rejected": {"code": "game_over"}}) == ["game: expected 2, got null"]
    hand_after = {"rejected": "game_over", "game": 1, "hand": 3}
    assert mismatches(hand_after, {"rejected": {"code": "game_over", "game": 0, "hand": 3}}) == [
        "game: expected 1, got 0"
    ]


def test_card_sets_compare_in_any_order_and_other_lists_in_order():
    from cribcheck.harness.operations.compare import mismatches

    expected = {"events": [{"type": "show", "cards": ["4C", "5D", "6H"]}], "unplayed": {"pone": ["8C", "2D"]}}
    answer = {"ok": {"events": [{"type": "show", "cards": ["6H", "4C", "5D"]}], "unplayed": {"pone": ["2D", "8C"]}}}
    assert mismatches(expected, answer) == []
    # A different card is still a mismatch, and ordinary lists (the events) keep their order.
    wrong = {"ok": {"events": [{"type": "show", "cards": ["6H", "4C", "5S"]}], "unplayed": {"pone": ["2D", "8C"]}}}
    assert mismatches(expected, wrong)
    assert mismatches({"plays": ["4C", "5D"]}, {"ok": {"plays": ["5D", "4C"]}})


def test_every_citation_names_a_document_of_the_source_table(corpus: Corpus) -> None:
    broken = copy.deepcopy(CATALOGUE)
    broken["rules"][0]["sources"] = ["source 009 section 1"]  # no such document in the table
    broken["rules"][2]["other"]["sources"] = ["notes.md"]  # not a citation at all: the schema says so
    corpus.catalogue.write_text(yaml.safe_dump(broken), encoding="utf-8")
    errors = corpus.lint(corpus.write("show/a.yaml", SEED_000)).errors
    assert [(e.case_id, e.path) for e in errors] == [("dispute.d4-crib-nobs", "rules[2].other.sources[0]")]
    del broken["rules"][2]["other"]["sources"][0]
    corpus.catalogue.write_text(yaml.safe_dump(broken), encoding="utf-8")
    errors = corpus.lint(corpus.write("show/a.yaml", SEED_000)).errors
    assert [(e.case_id, e.path) for e in errors] == [("show.fifteens", "rules[0].sources[0]")]
    assert "'source 009 section 1', whose document is not in the sources table" in errors[0].message
