"""The winner's score stopped at the target (hello `stops_at_target`, harness/operations/at_target.py):
both readings are conformant; an engine that claims the board's reading has its winner's score
compared with the target wherever the points reached pass it, and nothing else changes but a skunk
measured by the margin, which it measures from the target. The values below are worked by hand
from the cases' explanations (cases/flow/winner-score.yaml, cases/flow/skunks.yaml)."""

from __future__ import annotations

import copy
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.schemas import problems
from cribcheck.harness.corpus.cases import Case, load_cases
from cribcheck.harness.engine.adapter import Adapter, Recorder
from cribcheck.harness.operations.at_target import at_target
from cribcheck.harness.operations.capabilities import Capabilities
from cribcheck.reference import load_profile
from cribcheck.reference.profiles import profile_names

from .reports import not_passed, read_report

BOARD_ENGINE = Path(__file__).with_name("board_engine.py")
HELLO = {
    "protocol": 1,
    "engine": {"name": "board", "version": "1", "language": "Java"},
    "profiles": ["six-card"],
    "operations": ["hand", "game"],
}


def case(case_id: str) -> Case:
    (found,) = [one for one in load_cases() if one.id == case_id]
    return found


# --- the expectation an engine stopping at the target is held to ---------------------------------


def test_a_crib_that_passes_121_is_121_on_a_board_in_the_result_and_the_events() -> None:
    # A 119 before the crib, the crib 6: points reached 125; on a board 121, the crib's event still
    # worth 6 and B's 80 unchanged; every earlier event (at most 119) unchanged.
    expected = case("f-winner-score-crib-passes-121").expected("six-card")
    board = at_target("hand", expected, "six-card")
    assert board["scores"] == {"A": 121, "B": 80} and board["winner"] == "A"
    crib, win = board["events"][-2:]
    assert crib["set"] == "crib" and crib["points"] == 6 and crib["scores"] == {"A": 121, "B": 80}
    assert win == {"type": "win", "player": "A", "scores": {"A": 121, "B": 80}}
    assert board["events"][:-2] == expected["events"][:-2]
    assert expected["scores"] == {"A": 125, "B": 80}  # the case itself is not changed


@pytest.mark.parametrize(
    ("case_id", "scores"),
    [
        ("f-winner-score-crib-makes-121-exactly", {"A": 121, "B": 80}),
        ("f-winner-score-crib-stops-on-120", {"A": 120, "B": 80}),
    ],
)
def test_nothing_changes_where_the_points_reached_do_not_pass_the_target(case_id: str, scores: dict[str, int]) -> None:
    expected = case(case_id).expected("six-card")
    assert at_target("hand", expected, "six-card") == expected and expected["scores"] == scores


@pytest.mark.parametrize(
    ("case_id", "profile", "skunk", "game_points"),
    [
        # 124-92: by the loser's score no skunk either way; by the margin 32 (a skunk, 2) becomes
        # 121 - 92 = 29 on a board: none, 1.
        ("f-skunk-winner-passes-124-92", "six-card", "none", 1),
        ("f-skunk-winner-passes-124-92", "six-card--skunk-by-margin", "none", 1),
        # 125-91: by the margin 34 becomes 30, not more than 30: none, 1.
        ("f-skunk-loser-on-91-after-nobs", "six-card--skunk-by-margin", "none", 1),
        # 123-90: by the loser's score a skunk either way; by the margin 33 becomes 31, still more
        # than 30: a skunk, 2.
        ("f-skunk-loser-on-90", "six-card", "skunk", 2),
        ("f-skunk-loser-on-90", "six-card--skunk-by-margin", "skunk", 2),
    ],
)
def test_a_skunk_by_the_margin_is_measured_from_the_target(
    case_id: str, profile: str, skunk: str, game_points: int
) -> None:
    expected = case(case_id).expected(profile)
    board = at_target("game", expected, profile)
    assert (board["skunk"], board["game_points"]) == (skunk, game_points)
    assert max(board["scores"].values()) == 121 and min(board["scores"].values()) == min(expected["scores"].values())
    assert board["winner"] == expected["winner"] and board["hands_played"] == expected["hands_played"]


def test_a_match_stops_each_game_s_winner_at_121_and_keeps_its_game_points() -> None:
    # B wins game 1 124-116 (a plain win, 1), A game 2 121-60 (a double skunk, 3): on a board
    # game 1 is 121-116; the totals, winners and game points are the same.
    expected = case("match-decided-by-double-skunk-in-game-two").expected("six-card-match")
    board = at_target("match", expected, "six-card-match")
    assert [game["scores"] for game in board["games"]] == [{"A": 116, "B": 121}, {"A": 121, "B": 60}]
    unchanged = ("winner", "game_points", "skunk", "totals")
    for mine, theirs in zip(board["games"], expected["games"], strict=True):
        assert {key: mine[key] for key in unchanged} == {key: theirs[key] for key in unchanged}
    assert (board["winner"], board["totals"]) == (expected["winner"], expected["totals"])


def test_no_match_profile_measures_skunks_by_the_margin() -> None:
    """at_target works a game's skunk again under a margin reading, never a match's (whose totals
    and winner would follow): it relies on this."""
    for name in profile_names():
        profile = load_profile(name)
        if profile.match_target is not None and profile.skunk is not None:
            assert profile.skunk.measure == "loser_below", name


def test_rejections_other_operations_and_unknown_profiles_are_left_alone() -> None:
    rejected = {"rejected": "game_over", "hand": 3}
    assert at_target("game", rejected, "six-card") is rejected
    pegging = {"points": {"pone": 125, "dealer": 0}}
    assert at_target("pegging", pegging, "six-card") is pegging
    assert at_target("hand", {"scores": {"A": 125, "B": 80}}, "no-such-profile") == {"scores": {"A": 125, "B": 80}}
    # 61 is the target of the short game: 65 stops at 61 there, and stays under six-card.
    assert at_target("hand", {"scores": {"A": 65, "B": 40}}, "six-card-61") == {"scores": {"A": 61, "B": 40}}
    assert at_target("hand", {"scores": {"A": 65, "B": 40}}, "six-card") == {"scores": {"A": 65, "B": 40}}


# --- the hello --------------------------------------------------------------------------------------


def test_the_hello_says_it_and_every_reading_of_the_claims_keeps_it() -> None:
    assert problems("protocol/hello-response.schema.json", {"hello": {**HELLO, "stops_at_target": True}}) == []
    assert problems("protocol/hello-response.schema.json", {"hello": {**HELLO, "stops_at_target": "yes"}})
    board = Capabilities.from_hello({**HELLO, "stops_at_target": True})
    plain = Capabilities.from_hello(HELLO)
    assert board.stops_at_target and not plain.stops_at_target
    assert board.describe().endswith("; the winner's score stops at the target")
    assert plain.differences(board) == ["stops_at_target false -> true"]


def test_the_python_helper_says_it_in_its_hello_and_its_transcripts(tmp_path: Path) -> None:
    adapter = Adapter(
        name="b", version="1", language="Python", profiles=["six-card"], handlers={}, stops_at_target=True
    )
    assert adapter.hello()["stops_at_target"] is True
    assert "stops_at_target" not in Adapter(name="b", version="1", language="Python", profiles=[], handlers={}).hello()
    path = tmp_path / "games.jsonl"
    with path.open("w", encoding="utf-8") as out:
        Recorder(
            out,
            name="b",
            version="1",
            language="Python",
            profiles=["six-card"],
            operations=["hand"],
            stops_at_target=True,
        )
    assert json.loads(path.read_text(encoding="utf-8"))["hello"]["stops_at_target"] is True


def test_the_node_helper_says_it_in_its_hello(tmp_path: Path) -> None:
    node = pytest.importorskip("shutil").which("node")
    if node is None:
        pytest.skip("node is not installed")
    helper = Path(__file__).parents[2] / "harness" / "engine" / "adapter.js"
    path = tmp_path / "games.jsonl"
    options = "name: 'b', version: '1', language: 'JS', profiles: [], handlers: {}"
    recorder = "name: 'b', version: '1', profiles: [], operations: [], stopsAtTarget: true"
    script = (
        f"const {{ Adapter, Recorder }} = require({json.dumps(str(helper))});"
        f"const a = new Adapter({{ {options}, stopsAtTarget: true }});"
        f"const p = new Adapter({{ {options} }});"
        f"const r = new Recorder({json.dumps(str(path))}, {{ {recorder} }}); r.close();"
        "console.log(JSON.stringify([a.hello().stops_at_target, 'stops_at_target' in p.hello()]));"
    )
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [True, False]
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["hello"]["stops_at_target"] is True


# --- end to end: a board engine, with and without the claim ----------------------------------------

AT_THE_LINE = [
    "f-winner-score-*",
    "f-skunk-winner-passes-124-92",
    "f-skunk-loser-on-91-after-nobs",
    "f-skunk-loser-on-90",
]
# The runs whose winner passes the target (worked above): the crib's 125, 124-92 and 125-91 under
# both profiles, 123-90 under both.
PASSING_THE_TARGET = {
    ("f-winner-score-crib-passes-121", "six-card"),
    ("f-skunk-winner-passes-124-92", "six-card"),
    ("f-skunk-winner-passes-124-92", "six-card--skunk-by-margin"),
    ("f-skunk-loser-on-91-after-nobs", "six-card"),
    ("f-skunk-loser-on-91-after-nobs", "six-card--skunk-by-margin"),
    ("f-skunk-loser-on-90", "six-card"),
    ("f-skunk-loser-on-90", "six-card--skunk-by-margin"),
}


@pytest.mark.parametrize("claim", [False, True], ids=["without-the-claim", "with-the-claim"])
def test_a_board_engine_passes_with_the_claim_and_fails_where_it_passes_121_without(
    tmp_path: Path, claim: bool
) -> None:
    engine = shlex.join([sys.executable, str(BOARD_ENGINE), *(["--claim"] if claim else [])])
    report = tmp_path / "report.jsonl"
    selection = [word for pattern in AT_THE_LINE for word in ("--case", pattern)]
    code = main(["run", "--engine", engine, *selection, "--no-progress", "-q", "--report", str(report)])
    failed = {(one, profile) for one, profile, status in not_passed(read_report(report)) if status == "fail"}
    assert (code, failed) == ((0, set()) if claim else (1, PASSING_THE_TARGET))


def test_check_reads_the_claim_from_a_transcript_s_hello(tmp_path: Path) -> None:
    worked = case("f-winner-score-crib-passes-121")
    board = copy.deepcopy(dict(worked.expected("six-card")))
    board["scores"] = {"A": 121, "B": 80}
    for event in board["events"][-2:]:
        event["scores"] = {"A": 121, "B": 80}
    line = {"op": "hand", "profile": "six-card", "input": worked.input, "ok": {**board, "starter": "9C"}}
    for claim, code in ((True, 0), (False, 1)):
        path = tmp_path / f"claim-{claim}.jsonl"
        hello = {**HELLO, "features": ["events"], **({"stops_at_target": True} if claim else {})}
        path.write_text(json.dumps({"hello": hello}) + "\n" + json.dumps(line) + "\n", encoding="utf-8")
        assert main(["check", str(path), "--no-progress", "-q"]) == code, claim


def test_the_board_engine_is_the_reference_with_the_score_stopped() -> None:
    """The engine of the tests above really stops the score (not the harness's reading of it)."""
    worked = case("f-winner-score-crib-passes-121")
    request = {"seq": "1", "op": "hand", "profile": "six-card", "input": worked.input}
    lines = [json.dumps({"hello": {"protocol": 1}}), json.dumps(request), json.dumps({"bye": {}})]
    done = subprocess.run(
        [sys.executable, str(BOARD_ENGINE)], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True
    )
    hello, answer = (json.loads(line) for line in done.stdout.splitlines()[:2])
    assert "stops_at_target" not in hello["hello"]
    result: dict[str, Any] = answer["ok"]
    assert result["scores"] == {"A": 121, "B": 80} and result["events"][-2]["points"] == 6
