"""`cribcheck check` made fast: the reference's shared answers remembered (harness/transcripts/memo.py)
and the lines judged in several processes (`--jobs N`, harness/transcripts/jobs.py). Neither may
change a single result: the same lines, in the same order, with the same statuses, mismatches,
rules and cases written; errors are never remembered; the workers are gone when the check ends,
however it ends."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import build_parser
from cribcheck.harness.operations.answers import cached_profiles, run_reference
from cribcheck.harness.transcripts import check as check_module
from cribcheck.harness.transcripts import jobs as jobs_module
from cribcheck.harness.transcripts.generate import reference_transcript
from cribcheck.harness.transcripts.memo import remembered_answers
from cribcheck.reference import load_profile, score_show

from .processes import process_table
from .reports import read_report

Json = dict[str, Any]


def write(path: Path, entries: list[Any]) -> Path:
    with path.open("w", encoding="utf-8") as out:
        for entry in entries:
            out.write((entry if isinstance(entry, str) else json.dumps(entry)) + "\n")
    return path


def check(*words: str) -> int:
    args = build_parser().parse_args(["check", *words])
    return check_module.main(args, io.StringIO())


@pytest.fixture(scope="module")
def spoiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six games the reference played, every kind of line, with a score changed in a hand and in a
    play, a line that is not JSON and one that is not a transcript line."""
    entries: list[Any] = list(reference_transcript(6, seed=11))
    hands = [entry for entry in entries if entry.get("op") == "hand" and entry["ok"]["winner"] is None]
    hands[3]["ok"]["scores"]["A"] += 1
    plays = [entry for entry in entries if entry.get("op") == "play"]
    plays[40]["ok"]["points"] += 2
    entries.insert(200, "not json")
    entries.insert(300, {"op": "show", "profile": "six-card", "input": {}, "ok": {"totl": 1}})
    return write(tmp_path_factory.mktemp("spoiled") / "spoiled.jsonl", entries)


def outcome(lines: list[Json]) -> list[tuple[Any, ...]]:
    """What a report says of each line, without its timings."""
    return [
        (line["id"], line["status"], line["message"], tuple(line["mismatches"]), tuple(line["rules"]), line["expected"])
        for line in lines
        if line["type"] == "case"
    ]


def test_several_processes_judge_every_line_as_one_does(spoiled: Path, tmp_path: Path) -> None:
    reports = {jobs: tmp_path / f"jobs-{jobs}.jsonl" for jobs in (1, 3)}
    cases = {jobs: tmp_path / f"cases-{jobs}" for jobs in (1, 3)}
    for jobs in (1, 3):
        words = ["--jobs", str(jobs), "--report", str(reports[jobs]), "--write-cases", str(cases[jobs]), "-q"]
        assert check(str(spoiled), *words) == 1
    one, three = (outcome(read_report(reports[jobs])) for jobs in (1, 3))
    assert one == three
    assert [status for _, status, *_ in one].count("fail") == 2 and [s for _, s, *_ in one].count("error") == 2
    written = {jobs: sorted(path.name for path in cases[jobs].glob("*.yaml")) for jobs in (1, 3)}
    assert written[1] == written[3] and len(written[1]) == 2


def test_the_chunks_come_back_in_the_order_of_the_lines(spoiled: Path) -> None:
    total = len(spoiled.read_text(encoding="utf-8").splitlines())
    size = spoiled.stat().st_size // 9  # about nine chunks, on three processes
    chunks = list(jobs_module.chunks(spoiled, None, size))
    assert len(chunks) >= 8 and [number for chunk in chunks for number, _ in chunk.lines] == list(range(1, total + 1))
    assert chunks[0].first == 1 and all(chunk.first is None for chunk in chunks[1:])
    info = check_module.first_line(spoiled)
    assert info is not None
    here = [(number, judged.result.status) for number, judged in jobs_module.judged_lines(spoiled, info.info, 1)]
    there = [
        (number, judged.result.status)
        for number, judged in jobs_module.judged_lines(spoiled, info.info, 3, chunk_bytes=size)
    ]
    assert here == there and [number for number, _ in here] == list(range(2, total + 1))


def children() -> set[int]:
    """The processes this one started that are still there (zombies included)."""
    return {pid for pid, fields in process_table() if int(fields[1]) == os.getpid()}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_the_workers_are_gone_when_the_check_stops_early(spoiled: Path, tmp_path: Path) -> None:
    before = children()
    report = tmp_path / "report.jsonl"
    assert check(str(spoiled), "--jobs", "2", "--max-fail", "1", "--report", str(report), "-q") == 1
    lines = read_report(report)
    cases = [line for line in lines if line["type"] == "case"]
    assert cases[-1]["status"] == "fail" and len(cases) < len(spoiled.read_text().splitlines()) // 2
    assert "stopped after 1 lines" in json.dumps(lines[-1])
    deadline = time.monotonic() + 5
    while children() - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert children() - before == set()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_ctrl_c_ends_the_check_and_its_workers_quietly(tmp_path: Path) -> None:
    # Ctrl-C reaches the terminal's whole process group: the check, and its workers, which leave it
    # to the check (no traceback of theirs) and are ended by it; the check ends as interrupted.
    path = write(tmp_path / "games.jsonl", list(reference_transcript(30, seed=6)))
    report = tmp_path / "report.jsonl"
    command = [sys.executable, "-m", "cribcheck.harness.cli", "check", str(path), "--jobs", "2"]
    command += ["--report", str(report)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while not (report.exists() and report.stat().st_size > 2000) and time.monotonic() < deadline:
        time.sleep(0.05)  # the header and the first lines judged: the workers are at work
    group = members(process.pid)
    assert len(group) >= 3, group  # the check and its two workers
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode()
    assert members(process.pid) == set()
    assert '"interrupted": true' in report.read_text().splitlines()[-1]


def members(group: int) -> set[int]:
    """The processes of a process group, from /proc."""
    return {pid for pid, fields in process_table() if int(fields[2]) == group and fields[0] != "Z"}


def test_jobs_must_be_at_least_one(spoiled: Path) -> None:
    assert check(str(spoiled), "--jobs", "0") == 2


def test_a_large_transcript_is_judged_by_one_process_per_core_and_a_small_one_here(tmp_path: Path) -> None:
    small = write(tmp_path / "small.jsonl", list(reference_transcript(1, seed=2)))
    assert jobs_module.default_jobs(small) == 1
    large = tmp_path / "large.jsonl"
    with large.open("wb") as out:
        out.truncate(jobs_module.PARALLEL_FROM)
    assert jobs_module.default_jobs(large) == (os.cpu_count() or 1)


# --- the memory of shared answers -----------------------------------------------------------------------


def test_a_game_replays_the_hands_its_hand_lines_asked_and_gets_the_same_answer() -> None:
    entries = list(reference_transcript(2, seed=4))
    hands = [entry for entry in entries if entry.get("op") == "hand"]
    game = next(entry for entry in entries if entry.get("op") == "game")
    with cached_profiles():
        plain = run_reference("game", game["input"], "six-card")
        with remembered_answers() as memories:
            for hand in hands:
                run_reference("hand", hand["input"], "six-card")
            remembered = run_reference("game", game["input"], "six-card")
    assert remembered == plain == {"ok": game["ok"]}
    assert memories["play_hand"].hits >= len(game["input"]["hands"]) - 1  # its hands, as their lines asked


def test_a_refused_input_is_refused_again_and_never_remembered() -> None:
    hand = next(entry for entry in reference_transcript(1, seed=4) if entry.get("op") == "hand")
    data = {**hand["input"], "plays": [*hand["input"]["plays"][:2], "ZZ"]}  # a card that cannot be read
    with cached_profiles(), remembered_answers() as memories:
        first = run_reference("hand", data, "six-card")
        again = run_reference("hand", data, "six-card")
    assert first == again and first["rejected"]["code"] == "invalid_card" and "ZZ" in first["rejected"]["message"]
    assert memories["play_hand"].hits == 0 and not memories["play_hand"].kept


def test_a_set_counted_from_cards_or_from_any_text_of_them_is_one_answer() -> None:
    # 10H 5S 5C JD with the 5D: fifteens 10+5 three times, J+5 three times, 5+5+5 once = 14, three
    # fives 6, nobs (JD with the 5D) 1: 21.
    profile = load_profile("six-card")
    with remembered_answers() as memories:
        from cribcheck.reference import hand as hand_module

        counted = hand_module.score_show(["10H", "5S", "5C", "JD"], "5D", crib=False, profile=profile)
        again = hand_module.score_show(["TH", "5S", "5C", "JD"], "5D", crib=False, profile=profile)
    assert counted is again and counted.total == 21 == score_show(["TH", "5S", "5C", "JD"], "5D", crib=False,
                                                                    profile=profile).total  # fmt: skip
    assert memories["score_show"].hits == 1
