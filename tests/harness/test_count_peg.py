"""Issue 35: `cribcheck count` and `cribcheck peg` settle a dispute about this hand or this
pegging, with no case id. Every figure below is worked by hand in the comment beside it."""

from __future__ import annotations

import json
import shlex

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.schemas import validator
from cribcheck.harness.operations.answers import run_reference

Ran = tuple[int, str, str]


def run(capsys: pytest.CaptureFixture[str], command: str) -> Ran:
    try:
        code = main(shlex.split(command))
    except SystemExit as stopped:  # argparse's usage errors
        code = int(stopped.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def block(out: str, head: str) -> list[str]:
    """The lines of one part of a count: its head line and the indented lines under it."""
    lines = out.splitlines()
    start = lines.index(head)
    end = next((at for at in range(start + 1, len(lines)) if not lines[at].startswith("  ")), len(lines))
    return lines[start:end]


# --- count -----------------------------------------------------------------------------------


def test_the_five_card_seed_hand_is_12(capsys: pytest.CaptureFixture[str]) -> None:
    # source 000's worked example: 4C 5D 6H with 5S. 4+5+6 = 15 with either five (2 + 2); the two
    # fives pair (2); 4-5-6 runs once with each five (3 + 3): 12. Three cards: five-card's hand.
    code, out, _ = run(capsys, "count 4C 5D 6H --starter 5S")
    assert code == 0
    assert out.splitlines()[0] == "hand: 4C 5D 6H    starter: 5S    (five-card)"
    assert block(out, "fifteens (show.fifteens): 4") == [
        "fifteens (show.fifteens): 4",
        "  4C 5D 6H: 2",
        "  4C 6H 5S: 2",
    ]
    assert block(out, "pairs (show.pairs): 2") == ["pairs (show.pairs): 2", "  5D 5S: 2"]
    assert block(out, "runs (show.runs): 6") == ["runs (show.runs): 6", "  4C 5D 6H: 3", "  4C 6H 5S: 3"]
    assert "flush (show.hand-flush-five-card): 0" in out.splitlines()
    assert "nobs (show.nobs): 0" in out.splitlines()
    assert "total: 12" in out.splitlines()
    # no reading of a dispute changes a hand with no flush and no jack
    assert out.splitlines()[-1] == "the same under the other readings of D2, D3, D4, D5, D6"


def test_the_six_card_seed_hand_is_16(capsys: pytest.CaptureFixture[str]) -> None:
    # source 004's worked example: 4C 5D 5H 6S with KC. Fifteens: 5D+KC, 5H+KC, 4C+5D+6S,
    # 4C+5H+6S (8); the fives pair (2); 4-5-6 with each five (3 + 3): 16.
    code, out, _ = run(capsys, "count 4C 5D 5H 6S --starter KC")
    assert code == 0
    assert out.splitlines()[0].endswith("(six-card)")
    lines = out.splitlines()
    assert lines[lines.index("fifteens (show.fifteens): 8") + 1 :][:4] == [
        "  5D KC: 2",
        "  5H KC: 2",
        "  4C 5D 6S: 2",
        "  4C 5H 6S: 2",
    ]
    assert "pairs (show.pairs): 2" in lines and "runs (show.runs): 6" in lines
    assert "flush (show.hand-flush-six-card): 0" in lines
    assert "total: 16" in lines


def test_29_in_the_crib_is_28_under_d4s_other_reading(capsys: pytest.CaptureFixture[str]) -> None:
    # 5-5-5-J with the fourth five turned, of the jack's suit: the jack with each five (4 x 2) and
    # each three of the four fives (4 x 2) are 16; six pairs of fives 12; the jack of the
    # starter's suit 1: 29. In the crib, the reading that counts no nobs there gives 28.
    code, out, _ = run(capsys, "count 5H 5C 5S JD --starter 5D --crib")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "crib: 5H 5C 5S JD    starter: 5D    (six-card)"
    assert len(block(out, "fifteens (show.fifteens): 16")) == 1 + 8
    assert len(block(out, "pairs (show.pairs): 12")) == 1 + 6
    assert "flush (show.crib-flush): 0" in lines
    assert block(out, "nobs (show.nobs): 1") == ["nobs (show.nobs): 1", "  JD, the jack of the starter's suit: 1"]
    assert "total: 29" in lines
    beside = lines.index("under D4's other reading (six-card--no-crib-nobs): 28 (nobs 0, not 1)")
    assert lines[beside + 1] == "  only a jack of the hand (source 000 read literally)"
    assert sum(line.startswith("under ") for line in lines) == 1  # no other reading changes it
    assert lines[-1] == "the same under the other readings of D1, D2, D5, D6, D7, D8, D9"


def test_29_in_the_hand_is_29_under_every_reading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count 5H 5C 5S JD --starter 5D")
    assert code == 0 and "total: 29" in out.splitlines()
    assert not any(line.startswith("under ") for line in out.splitlines())
    assert out.splitlines()[-1] == "the same under the other readings of D1, D2, D4, D5, D6, D7, D8, D9"


def test_under_a_disputes_other_reading_the_ruling_is_beside_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count 5H 5C 5S JD --starter 5D --crib --profile six-card--no-crib-nobs")
    assert code == 0
    lines = out.splitlines()
    assert "total: 28" in lines
    assert "under D4's ruling (six-card): 29 (nobs 1, not 0)" in lines


def test_a_five_card_short_flush_under_d5(capsys: pytest.CaptureFixture[str]) -> None:
    # five-card: 2H 7H KS with 9H. Two hearts of the hand and the starter are no flush (ruling);
    # the loose reading counts them: 3. No two or more of 2, 7, K (10), 9 sum to 15, no pair, no run: 0.
    code, out, _ = run(capsys, "count 2H 7H KS --starter 9H")
    assert code == 0
    lines = out.splitlines()
    assert "total: 0" in lines
    assert "under D5's other reading (five-card--loose-flush): 3 (flush 3, not 0)" in lines


@pytest.mark.parametrize(
    ("profile", "last"),
    [
        ("three-player", "no other reading of a dispute is played beside three-player"),
        ("four-player", "the same under the other readings of D10"),
    ],
)
def test_a_hand_at_a_table_of_three_or_four(capsys: pytest.CaptureFixture[str], profile: str, last: str) -> None:
    # four cards kept at both tables: 5-5-5-J with the 5 of the jack's suit is 29 there too
    code, out, _ = run(capsys, f"count 5H 5C 5S JD --starter 5D --profile {profile}")
    assert code == 0
    assert out.splitlines()[0].endswith(f"({profile})")
    assert "total: 29" in out.splitlines()
    assert out.splitlines()[-1] == last


@pytest.mark.parametrize(
    ("command", "data", "code"),
    [
        ("count 5H 5C 5X JD --starter 5D", {"cards": ["5H", "5C", "5X", "JD"], "starter": "5D"}, "invalid_card"),
        ("count 5H 5C 5H JD --starter 5D", {"cards": ["5H", "5C", "5H", "JD"], "starter": "5D"}, "duplicate_card"),
        ("count 5H 5C 5S JD --starter 5S", {"cards": ["5H", "5C", "5S", "JD"], "starter": "5S"}, "duplicate_card"),
        ("count 5H 5C 5S JD 2C --starter 5D", {"cards": ["5H", "5C", "5S", "JD", "2C"], "starter": "5D"},
         "wrong_card_count"),
        ("count 5H 5C --starter 5D --crib", {"cards": ["5H", "5C"], "starter": "5D", "crib": True},
         "wrong_card_count"),
    ],
)  # fmt: skip
def test_bad_hands_get_the_protocols_rejection(
    capsys: pytest.CaptureFixture[str], command: str, data: dict[str, object], code: str
) -> None:
    status, out, err = run(capsys, command)
    protocol = run_reference("show", data, "six-card")["rejected"]  # the protocol's own words, for the same input
    assert status == 1 and err == ""
    assert protocol["code"] == code
    assert f"rejected: {code}" in out.splitlines()
    assert " ".join(protocol["message"].split()) in " ".join(line.strip() for line in out.splitlines())
    status, out, _ = run(capsys, command + " --json")
    assert status == 1 and json.loads(out) == {"rejected": protocol}


def test_count_json_is_the_protocols_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count 5H 5C 5S JD --starter 5D --crib --json")
    assert code == 0 and len(out.splitlines()) == 1
    answer = json.loads(out)
    validator("protocol/response.schema.json").validate({"seq": "1", **answer})
    assert answer["ok"]["total"] == 29
    assert answer["ok"]["breakdown"] == {"fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}
    assert answer["ok"]["combinations"]["nobs"] == "JD"


def test_an_escape_in_a_card_is_not_printed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "count '5H\x1b[2J' 5C 5S JD --starter 5D")
    assert code == 1 and "\x1b" not in out + err
    assert "rejected: invalid_card" in out


# --- peg -------------------------------------------------------------------------------------

THIRTY_ONE_AFTER_A_GO = "peg --pone KC 9S 2D AS --dealer QD 5H 6S 7C --plays KC QD 9S go 2D 5H AS 6S 7C"


def test_thirty_one_after_a_go_is_2_under_the_ruling_and_3_beside_it(capsys: pytest.CaptureFixture[str]) -> None:
    # KC 10, QD 20, 9S 29; the dealer's 5H 6S 7C would make 34 35 36: go; the pone's 2D makes 31,
    # 2 and no more (ruling). Reset, the dealer leads: 5H 5, AS 6, 6S 12, 7C 19 (no run: A 6 7),
    # the last card 1. Pone 2, dealer 1. The other reading of D2 adds 1 for the last card at 31.
    code, out, _ = run(capsys, THIRTY_ONE_AFTER_A_GO)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "under six-card"
    assert " 4. dealer says go (5H 34, 6S 35, 7C 36: none fits)    [peg.go]" in lines
    assert " 5. pone plays 2D, count 31: thirty-one 2 -> 2    [peg.thirty-one]" in lines
    assert " 6. count back to 0; dealer leads    [peg.restart]" in lines
    assert "11. dealer: last card, 1    [peg.last-card]" in lines
    assert "points: pone 2, dealer 1" in lines
    beside = lines.index("under D2's other reading (six-card--thirty-one-plus-last): pone 3, dealer 1")
    assert lines[beside + 2 :][:1] == ["  + 6. pone: last card, 1"]
    assert "D2" not in lines[-1]


def test_thirty_one_after_a_go_under_d2s_other_reading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, THIRTY_ONE_AFTER_A_GO + " --profile six-card--thirty-one-plus-last")
    assert code == 0
    lines = out.splitlines()
    assert " 6. pone: last card, 1    [peg.last-card]" in lines
    assert "points: pone 3, dealer 1" in lines
    beside = lines.index("under D2's ruling (six-card): pone 2, dealer 1")
    assert lines[beside + 2] == "  - 6. pone: last card, 1"


def test_a_three_player_pegging(capsys: pytest.CaptureFixture[str]) -> None:
    # dealer C, so A leads. A 5H 5; B KD 15 (2); C 2C 17; A TC 27; B 4S 31 (2). The series ends at
    # 31; left of B, C leads: 3D 3, A 9S 12, B 5C 17, C 6C 23, A 8D 31 (2). Left of A, B leads:
    # 7H 7, C AH 8, and AH is the last card (1). A 2, B 4, C 1.
    command = "peg --a 5H TC 9S 8D --b KD 5C 4S 7H --c 2C 3D 6C AH --dealer C"
    code, out, _ = run(capsys, command + " --plays 5H KD 2C TC 4S 3D 9S 5C 6C 8D 7H AH")
    assert code == 0
    lines = out.splitlines()
    assert lines[:2] == ["under three-player", "dealer: C (the seat at its left leads)"]
    assert " 2. B plays KD, count 15: fifteen 2 -> 2    [peg.fifteen]" in lines
    assert " 6. count back to 0; C leads    [peg.restart-seats]" in lines
    assert "11. A plays 8D, count 31: thirty-one 2 -> 2    [peg.thirty-one]" in lines
    assert "12. count back to 0; B leads    [peg.restart-seats]" in lines
    assert "15. C: last card, 1    [peg.last-card]" in lines
    assert "points: A 2, B 4, C 1" in lines
    assert lines[-1] == "no other reading of a dispute is played beside three-player"


def test_an_illegal_play_is_rejected_with_its_index(capsys: pytest.CaptureFixture[str]) -> None:
    # 7C 8H 8D: count 23 and the dealer to play; the pone's KS is not the dealer's card
    command = "peg --pone 7C 8D KS --dealer 8H 6S AC --plays 7C 8H 8D KS"
    code, out, err = run(capsys, command)
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert "rejected: not_your_turn at play index 3" in lines
    assert "the play rejected: play 3 (KS): 7C 8H 8D [KS]" in lines
    code, out, _ = run(capsys, command + " --json")
    rejected = json.loads(out)["rejected"]
    assert code == 1 and (rejected["code"], rejected["index"]) == ("not_your_turn", 3)


FIVE_CARD = "peg --pone 7C 8D KS --dealer 8H 6S AC --plays 7C 8H 8D 6S go AC"


def test_the_single_count_and_d3s_other_reading(capsys: pytest.CaptureFixture[str]) -> None:
    # five-card (three cards each): 7C 7, 8H 15 (2), 8D 23 (pair, 2), 6S 29; the pone's KS would
    # make 39: go; AC 30 and the dealer's last card (1). One count a hand: KS is never played.
    # Pone 2, dealer 3. Under the restarting count the pone would lead KS next: these plays stop
    # too early, at index 6.
    code, out, _ = run(capsys, FIVE_CARD)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "under five-card"
    assert "3. pone plays 8D, count 23: pairs 2 -> 2    [peg.pairs]" in lines
    assert "7. dealer: last card, 1    [peg.last-card]" in lines
    assert "points: pone 2, dealer 3" in lines
    assert "unplayed: pone KS; dealer -" in lines
    assert "one count per hand: the pegging ends when nobody can play    [peg.single-count]" in lines
    assert (
        "under D3's other reading (five-card--restarting-count): rejected: pegging_incomplete at play index 6"
    ) in lines


def test_the_restarting_count_beside_the_single_count(capsys: pytest.CaptureFixture[str]) -> None:
    # after AC's last card the count restarts and the pone leads KS: 10, and its last card (1).
    # Pone 3, dealer 3. Under the single count, KS comes after the pegging is over (index 6).
    code, out, _ = run(capsys, FIVE_CARD + " KS --profile five-card--restarting-count")
    assert code == 0
    lines = out.splitlines()
    assert "points: pone 3, dealer 3" in lines
    assert "under D3's ruling (five-card): rejected: play_after_pegging_over at play index 6" in lines


def test_peg_json_is_the_protocols_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, THIRTY_ONE_AFTER_A_GO + " --json")
    assert code == 0 and len(out.splitlines()) == 1
    answer = json.loads(out)
    validator("protocol/response.schema.json").validate({"seq": "1", **answer})
    assert answer["ok"]["points"] == {"pone": 2, "dealer": 1}
    kinds = [event["type"] for event in answer["ok"]["events"]]
    assert kinds == ["play", "play", "play", "go", "play", "reset", "play", "play", "play", "play", "last_card"]


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("peg --pone 7C --a 8H --plays", "not both"),
        ("peg --a 7C --b 8H --c 9D --plays", "--dealer names the dealer's seat"),
        ("peg --a 7C --b 8H --c 9D --dealer 8H 6S --plays", "--dealer names the dealer's seat"),
        ("peg --pone 7C 8D KS --plays 7C", "give --pone and --dealer"),
    ],
)
def test_a_command_line_that_cannot_be_read_is_a_clean_usage_error(
    capsys: pytest.CaptureFixture[str], command: str, message: str
) -> None:
    code, out, err = run(capsys, command)
    assert code == 2 and out == ""
    assert err.startswith("cribcheck peg: ") and message in err and "Traceback" not in err


def test_four_seats_play_four_player_and_the_dealers_left_leads(capsys: pytest.CaptureFixture[str]) -> None:
    # dealer D: A, at its left, leads; B's KD first is not B's turn (play 0)
    command = "peg --a 5H TC 9S 8D --b KD 5C 4S 7H --c 2C 3D 6C AH --d 2S 3S 4H 6D --dealer D --plays KD"
    code, out, _ = run(capsys, command)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "under four-player"
    assert "rejected: not_your_turn at play index 0" in lines
    assert "the play rejected: play 0 (KD): [KD]" in lines


@pytest.mark.parametrize("command", ["count", "peg"])
def test_the_examples_of_the_help_answer(capsys: pytest.CaptureFixture[str], command: str) -> None:
    import argparse
    import importlib

    parser = argparse.ArgumentParser()
    importlib.import_module(f"cribcheck.harness.corpus.{command}").add_arguments(parser)
    examples = (parser.epilog or "").removeprefix("examples: ").split("; ")
    assert len(examples) == 2
    for example in examples:
        assert example.startswith(f"cribcheck {command} ")
        assert run(capsys, example.removeprefix("cribcheck "))[0] == 0, example
