"""Engines: the reference in-process, an adapter kept up and pipelined, one process per request."""

from __future__ import annotations

import shlex
import sys
from itertools import islice

import pytest

from cribcheck.harness.engine.engines import (
    AdapterEngine,
    EngineOptions,
    EngineSetupError,
    OnceEngine,
    reference_engine,
)
from cribcheck.harness.engine.protocol import Request

from .conftest import zoo

SERVE = shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve"])
HAND = {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"}


def requests(count: int) -> list[Request]:
    return [Request(str(number), "show", "six-card", HAND) for number in range(count)]


def test_the_reference_in_process_claims_everything() -> None:
    engine = reference_engine()
    assert engine.info.name == "cribcheck-reference"
    assert {"show", "game"} <= engine.info.operations
    assert {"six-card", "five-card--loose-flush"} <= engine.info.profiles
    (outcome,) = engine.answer(requests(1))
    assert outcome.kind == "ok"
    assert outcome.body["total"] == 29


def test_an_adapter_answers_pipelined_requests_in_order() -> None:
    engine = AdapterEngine(EngineOptions(SERVE, window=8))
    try:
        outcomes = list(engine.answer(requests(40)))
    finally:
        engine.close()
    assert [outcome.seq for outcome in outcomes] == [str(number) for number in range(40)]
    assert {outcome.body["total"] for outcome in outcomes} == {29}
    assert engine.restarts == 0


def test_an_abandoned_call_does_not_leave_stale_answers_for_the_next() -> None:
    engine = AdapterEngine(EngineOptions(SERVE, window=8))
    try:
        first = list(islice(engine.answer(requests(20)), 2))  # 6 more were in flight
        later = list(
            engine.answer([Request("x", "show", "six-card", {"cards": ["2C", "4D", "6H", "8S"], "starter": "KC"})])
        )
    finally:
        engine.close()
    assert [outcome.seq for outcome in first] == ["0", "1"]
    assert later[0].seq == "x"
    assert later[0].body["total"] == 0


def test_a_crash_is_an_error_for_one_request_and_the_rest_are_sent_again() -> None:
    trigger = Request("t", "show", "six-card", {"cards": ["AH", "2H", "3H", "4H"], "starter": "7C"})
    engine = AdapterEngine(EngineOptions(zoo("crashes"), window=16))
    try:
        outcomes = list(engine.answer([*requests(3), trigger, *requests(5)]))
    finally:
        engine.close()
    assert [outcome.kind for outcome in outcomes] == ["ok"] * 3 + ["error"] + ["ok"] * 5
    assert "exit code 70" in outcomes[3].message
    assert engine.restarts == 1


def test_once_starts_a_process_per_request() -> None:
    engine = OnceEngine(EngineOptions(zoo("dies_after_one"), once=True))
    try:
        outcomes = list(engine.answer(requests(3)))
    finally:
        engine.close()
    assert [outcome.kind for outcome in outcomes] == ["ok"] * 3


def test_a_command_that_does_not_exist_is_a_setup_error() -> None:
    with pytest.raises(EngineSetupError, match="cannot start the engine 'no-such-command-here'"):
        AdapterEngine(EngineOptions("no-such-command-here"))
