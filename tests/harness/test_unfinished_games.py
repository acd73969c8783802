"""A game that crashed or hung before it ended is a failure of its own in `cribcheck check`.

The recorders (the Python and Node helpers) write a begin line as a game or hand begins; a game
begun and never ended is an error named by its begin line, with the last line written in it. The
recording loops of tests/harness/hangs/ guard each game with a timeout, as the docs show; their
games are three the reference played (seed 0), the second falling into an endless go loop in its
hand 1 (or, in Python, the last one crashing there). The line numbers expected are counted here
from the games' own lines: the hello, then per game its begin line, per hand a begin line and its
lines, then the game line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import build_parser
from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.transcripts import check as check_module
from cribcheck.harness.transcripts.generate import reference_transcript

from .reports import read_report

NODE = shutil.which("node")
HANGS = Path(__file__).parent / "hangs"
HELPER = REPO_ROOT / "harness" / "engine"


def games_played() -> list[dict[str, Any]]:
    """Three games of the reference, each as its hands' lines and its game line."""
    games: list[dict[str, Any]] = []
    hands: list[list[dict[str, Any]]] = [[]]
    for line in list(reference_transcript(3, seed=0))[1:]:
        if line["op"] == "game":
            games.append({"profile": "six-card", "hands": hands[:-1], "game": line})
            hands = [[]]
            continue
        hands[-1].append(line)
        if line["op"] == "hand":
            hands.append([])
    return games


def stopped_at(games: list[dict[str, Any]], number: int) -> tuple[int, int, int]:
    """For game `number` stopped before the pegging line of its hand 1: the line numbers of its
    begin line, of its hand 1's begin line, and of the last line written (a play line)."""
    line = 1 + sum(2 + sum(1 + len(hand) for hand in game["hands"]) for game in games[:number])  # the hello, then
    game_begun = line + 1
    hand_begun = game_begun + 1 + len(games[number]["hands"][0]) + 1
    plays = [line["op"] for line in games[number]["hands"][1]].index("pegging")
    return game_begun, hand_begun, hand_begun + plays


def checked(path: Path, tmp_path: Path) -> tuple[int, list[dict[str, Any]]]:
    report = tmp_path / "report.jsonl"
    args = build_parser().parse_args(["check", str(path), "--report", str(report), "-q", "--no-progress"])
    code = check_module.main(args)
    return code, [line for line in read_report(report) if line["type"] == "case"]


def assert_only_the_game_failed(cases: list[dict[str, Any]], begun: int, message: str) -> None:
    errors = [line for line in cases if line["status"] != "pass"]
    assert [(line["id"], line["status"], line["op"]) for line in errors] == [(f"line-{begun}", "error", "game")]
    assert errors[0]["message"] == message


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    played = games_played()
    path = tmp_path_factory.mktemp("games") / "games.json"
    path.write_text(json.dumps(played), encoding="utf-8")
    return path, played


def recorded(command: list[str]) -> subprocess.CompletedProcess[str]:
    """A recording loop of tests/harness/hangs/ run to its end (its exit status is the caller's to judge)."""
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def python_loop(path: Path, given: Path, *flags: str) -> list[str]:
    return [sys.executable, "-S", "-I", str(HANGS / "record.py"), str(path), str(given), str(HELPER), *flags]


def hung_message(begun: int, hand: int, last: int) -> str:
    return (
        f"line {begun}: a game under six-card began here and never ended: its last line is line {last} (play); "
        f"the hand begun at line {hand} never ended either; another game began after it: "
        "the engine crashed or hung in it"
    )


@pytest.mark.parametrize("language", ["Python", "Node"])
def test_a_game_that_hangs_under_the_recorder_s_timeout_is_reported(
    language: str, games: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    given, played = games
    path = tmp_path / "games.jsonl"
    if language == "Node":
        if NODE is None:
            pytest.skip("node is not installed")
        done = recorded([NODE, str(HANGS / "record.js"), str(path), str(given), str(HELPER / "adapter.js"), "1"])
        said = "game 1 did not end: ETIMEDOUT"
    else:
        done = recorded(python_loop(path, given, "--hang", "1"))
        said = "game 1 hung"
    assert done.returncode == 0 and said in done.stderr, done.stderr
    code, cases = checked(path, tmp_path)
    assert code == 1
    assert_only_the_game_failed(cases, stopped_at(played, 1)[0], hung_message(*stopped_at(played, 1)))


def test_a_transcript_cut_short_by_a_crash_fails_and_says_where(
    games: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    given, played = games
    path = tmp_path / "games.jsonl"
    done = recorded(python_loop(path, given, "--crash", "2"))
    assert done.returncode == 1 and "the engine crashed in its pegging" in done.stderr
    begun, hand, last = stopped_at(played, 2)
    code, cases = checked(path, tmp_path)
    assert code == 1
    message = (
        f"line {begun}: a game under six-card began here and never ended: its last line is line {last} (play); "
        f"the hand begun at line {hand} never ended either; the transcript ends inside it, after line {last}: "
        "the engine crashed or hung in it"
    )
    assert_only_the_game_failed(cases, begun, message)
    assert len(path.read_text(encoding="utf-8").splitlines()) == last  # nothing after it


def test_a_transcript_without_begin_lines_reads_as_before_and_every_game_that_ended_passes(
    games: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    given, _ = games
    path = tmp_path / "games.jsonl"
    assert recorded(python_loop(path, given)).returncode == 0
    with_begins = path.read_text(encoding="utf-8").splitlines()
    code, cases = checked(path, tmp_path)
    assert code == 0 and {line["status"] for line in cases} == {"pass"}
    assert len(cases) == len(with_begins) - 1 - sum('"begin"' in line for line in with_begins)
    without = tmp_path / "old.jsonl"
    without.write_text("".join(line + "\n" for line in with_begins if '"begin"' not in line), encoding="utf-8")
    code, old = checked(without, tmp_path)
    assert code == 0 and len(old) == len(cases)
