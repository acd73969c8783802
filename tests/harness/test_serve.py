"""`cribcheck serve` speaks the protocol on stdio, and the whole corpus passes through it."""

from __future__ import annotations

import io
import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cribcheck.harness.cli import build_parser
from cribcheck.harness.contract.files import CASES_DIR, REPO_ROOT
from cribcheck.harness.contract.schemas import problems
from cribcheck.harness.corpus.cases import CaseFileError, load_cases
from cribcheck.harness.engine import serve
from cribcheck.harness.engine.adapter import Adapter, Rejected
from cribcheck.harness.operations import answers
from cribcheck.harness.run.runner import main as run_main

from .reports import not_passed, read_report

SERVE = [sys.executable, "-m", "cribcheck.harness.cli", "serve"]


def converse(messages: list[dict], *args: str) -> tuple[list[dict], subprocess.CompletedProcess[str]]:
    text = "".join(json.dumps(message) + "\n" for message in messages)
    done = subprocess.run([*SERVE, *args], input=text, capture_output=True, text=True, timeout=60, cwd=REPO_ROOT)
    return [json.loads(line) for line in done.stdout.splitlines()], done


def test_a_session_hello_requests_bye() -> None:
    answers, done = converse(
        [
            {"hello": {"protocol": 1, "suite": "0.2.0"}},
            {
                "seq": "a",
                "op": "show",
                "profile": "six-card",
                "input": {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"},
            },
            {
                "seq": "b",
                "op": "show",
                "profile": "six-card",
                "input": {"cards": ["5C", "5C", "5S", "JH"], "starter": "5H"},
            },
            {"seq": "c", "op": "show", "profile": "seven-card", "input": {"cards": [], "starter": "5H"}},
            {"bye": {}},
            {"seq": "never", "op": "show", "profile": "six-card", "input": {}},
        ]
    )
    assert done.returncode == 0
    assert [answer.get("seq") for answer in answers] == [None, "a", "b", "c"]
    assert problems("protocol/hello-response.schema.json", answers[0]) == []
    for answer in answers[1:]:
        assert problems("protocol/response.schema.json", answer) == []
    assert answers[1]["ok"]["total"] == 29
    assert answers[2]["rejected"]["code"] == "duplicate_card"
    assert answers[3]["rejected"]["code"] == "unknown_profile"


def test_serve_can_claim_less() -> None:
    answers, _ = converse([{"hello": {"protocol": 1, "suite": "x"}}], "--operations", "show,play", "--features", "")
    hello = answers[0]["hello"]
    assert hello["operations"] == ["show", "play"]
    assert hello["features"] == []


def test_serve_refuses_an_unknown_operation_name() -> None:
    _, done = converse([], "--operations", "shuffle")
    assert done.returncode == 2
    assert "unknown operation or feature: shuffle" in done.stderr
    assert done.stdout == ""


def test_the_helper_answers_errors_and_rejections_without_dying() -> None:
    def show(data, profile):
        if data.get("boom"):
            raise RuntimeError("kaboom")
        raise Rejected("invalid_card", "no such card", index=2)

    adapter = Adapter("t", "1", "Python", ["six-card"], {"show": show})
    stdin = io.StringIO(
        "not json\n"
        + json.dumps({"seq": "1", "op": "show", "profile": "six-card", "input": {"boom": True}}) + "\n"
        + json.dumps({"seq": "2", "op": "show", "profile": "six-card", "input": {}}) + "\n"
        + json.dumps({"seq": "3", "op": "deal", "profile": "six-card", "input": {}}) + "\n"
    )  # fmt: skip
    stdout = io.StringIO()
    assert adapter.serve(stdin, stdout) == 0
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert answers[0]["error"]["message"] == "RuntimeError: kaboom"
    assert "Traceback" in answers[0]["error"]["details"]
    assert answers[1] == {"seq": "2", "rejected": {"code": "invalid_card", "index": 2, "message": "no such card"}}
    assert answers[2]["error"]["message"] == "operation 'deal' not supported"


def test_the_whole_corpus_passes_through_serve_in_a_subprocess(tmp_path: Path) -> None:
    try:
        if not load_cases(CASES_DIR):
            pytest.skip("no cases in the corpus yet")
    except CaseFileError as error:
        pytest.fail(f"the corpus does not load:\n{error}")
    report = tmp_path / "serve.jsonl"
    out = io.StringIO()
    engine = shlex.join(SERVE)
    code = run_main(
        build_parser().parse_args(["run", "--engine", engine, "--no-progress", "--report", str(report)]), out
    )
    lines = read_report(report)
    failed = not_passed(lines)
    assert failed == [], out.getvalue()[-5000:]
    assert code == 0
    assert lines[-1]["restarts"] == 0
    assert lines[0]["engine"]["mode"] == "persistent"


def test_serve_reads_each_profile_once(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    read: list[str] = []
    load = answers.load_profile

    def counted(name: str):  # type: ignore[no-untyped-def]
        read.append(name)
        return load(name)

    monkeypatch.setattr(answers, "load_profile", counted)
    show = {"op": "show", "profile": "six-card", "input": {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"}}
    lines = [{"hello": {"protocol": 1}}, *({"seq": str(n), **show} for n in range(1, 4)), {"bye": {}}]
    stdin = io.TextIOWrapper(io.BytesIO("".join(json.dumps(line) + "\n" for line in lines).encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert serve.main(build_parser().parse_args(["serve"])) == 0
    answers_given = [json.loads(line) for line in capsys.readouterr().out.splitlines()][1:]
    assert [answer["ok"]["total"] for answer in answers_given] == [29, 29, 29]  # the 29 hand, three times
    assert read == ["six-card"]  # read once for the three requests
