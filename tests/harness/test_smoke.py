"""`cribcheck smoke`: one small request for every operation claimed, and every message, to check an
adapter's wiring."""

from __future__ import annotations

import json
import shlex
import sys

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.engine.serve import reference_adapter
from cribcheck.harness.operations.answers import OPERATIONS, run_reference
from cribcheck.harness.run.smoke import SMOKE_CASES, corpus_stand_in, smoke_items

from .conftest import zoo

SERVE = shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve"])


def test_the_smoke_cases_agree_with_the_reference() -> None:
    from cribcheck.harness.operations.compare import mismatches

    for case in SMOKE_CASES:
        for profile in case.profiles:
            assert mismatches(case.expected(profile), run_reference(case.op, case.input, profile)) == []


def test_smoke_passes_against_serve_and_shows_the_messages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", SERVE]) == 0
    out = capsys.readouterr().out
    assert '-> {"hello": {"protocol": 1' in out
    assert '<- {"seq":"1","ok":{"total":29' in out
    assert '"rejected":{"code":"over_31","index":4' in out
    assert "smoke: the wiring works" in out


def test_smoke_shows_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", zoo("all_wrong")]) == 1
    out = capsys.readouterr().out
    assert "FAIL: total: expected 0, got 99" in out
    assert "smoke: 10 of 10 went wrong" in out


def test_smoke_on_an_engine_that_will_not_start(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", zoo("exits_at_start"), "--startup-timeout", "5"]) == 2
    out = capsys.readouterr().out
    assert "FAILED: the engine exited before answering hello (exit code 3)" in out
    assert "stderr | fatal: cannot find the engine's configuration file" in out


def test_smoke_sends_every_operation_claimed_once_at_least(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", SERVE]) == 0
    out = capsys.readouterr().out
    # two shows, the pegging and its rejection, one of each other operation
    assert "smoke: requests sent: show 2, play 1, pegging 2, deal 1, cut 1, hand 1, game 1, match 1" in out
    assert "not sent" not in out
    sent = [line for line in out.splitlines() if line.startswith('-> {"seq"')]
    assert {json.loads(line[3:])["op"] for line in sent} == set(OPERATIONS)
    assert '"op": "match", "profile": "six-card-match"' in out


def test_smoke_says_what_it_did_not_send_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    engine = shlex.join([*SERVE.split(), "--operations", "show,play,pegging", "--trusting", "pegging"])
    assert main(["smoke", "--engine", engine]) == 0
    out = capsys.readouterr().out
    assert "smoke: requests sent: show 2, play 1, pegging 1" in out
    assert "smoke: not sent: deal, cut, hand, game, match (the engine does not claim them)" in out
    assert (
        "smoke: not sent: smoke-over-31 (the engine does not judge illegal input of operation 'pegging' "
        "(judges_input: false), and this case expects a rejection)"
    ) in out
    assert '"rejected"' not in out  # the rejection was not asked for


def test_smoke_takes_a_corpus_case_for_an_operation_under_other_profiles(capsys: pytest.CaptureFixture[str]) -> None:
    # five-card only: none of smoke's own cases fits, so each operation is smoked by the corpus's
    # smallest legal five-card case of it (a match is never played under five-card)
    assert main(["smoke", "--engine", shlex.join([*SERVE.split(), "--profiles", "five-card"])]) == 0
    out = capsys.readouterr().out
    assert "smoke: requests sent: show 1, play 1, pegging 1, deal 1, cut 1, hand 1, game 1" in out
    assert "smoke: not sent: match (claimed, but no smoke or corpus case of it is legal under its profiles)" in out
    assert "p-play-single-card-scores-nothing [five-card]: A lone ten scores nothing" in out


def test_a_corpus_stand_in_is_the_smallest_legal_case_claimed() -> None:
    cases = load_cases()
    info = EngineInfo.from_hello(reference_adapter(profiles=["five-card"]).hello())
    stand_in = corpus_stand_in(info, "play", cases)
    assert stand_in is not None and stand_in.name == "p-play-single-card-scores-nothing[five-card]"
    assert stand_in.case.input == {"count": ["TH"]}  # one card: no smaller play exists
    trusting = EngineInfo.from_hello(reference_adapter(profiles=["six-card"], judges_input=False).hello())
    items = smoke_items(trusting)
    assert [item.why_not(trusting) is None for item in items if item.case.id == "smoke-over-31"] == [False]
