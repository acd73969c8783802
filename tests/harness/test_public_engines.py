"""The public PyPI engines side by side (examples/pypi-engines/compare.py), run as a user runs it:
every engine installed from PyPI, its adapter run, the games of cribbage 1.3.2 and pycribbage
1.0.0 recorded and checked. Marked `engines` (left out of the default run: it needs the registry
and takes minutes): `pytest -m engines`.

The game-loop bugs of issue 30 are each found, as a case written from a transcript line:
cribbage 1.3.2 pegs a 31 as 1 point, gives no go point, no last-card point, no heels, lets the pone
lead every new count and the other player lay only one card after a go; pycribbage 1.0.0 gives the
go point at the moment go is said."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from cribcheck.harness.contract.files import REPO_ROOT

pytestmark = pytest.mark.engines
COMPARE = REPO_ROOT / "examples" / "pypi-engines" / "compare.py"
ENGINES = ("cribbage", "cribbage-scorer", "pycribbage", "cribbagesim", "magmacrunch-cribbage")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("engines")
    words = ["--out", str(out / "docs"), "--cases", str(out / "findings")]
    subprocess.run([sys.executable, str(COMPARE), *words, "--engines", str(REPO_ROOT / ".engines")], check=True)
    return out


def findings(made: Path, stem: str) -> list[dict]:
    return [yaml.safe_load(path.read_text())["cases"][0] for path in sorted((made / "findings" / stem).glob("*.yaml"))]


def differed(case: dict) -> str:
    return case["explain"].split("What differed:", 1)[1]


def test_the_page_shows_every_engine_s_row(made: Path) -> None:
    page = (made / "docs" / "engines.md").read_text(encoding="utf-8")
    for engine in ENGINES:
        assert f"\n| {engine} | " in page
    assert (made / "docs" / "engines.html").stat().st_size > 0


def test_cribbage_s_game_loop_bugs_are_each_a_case(made: Path) -> None:
    games, pegging = findings(made, "cribbage"), findings(made, "cribbage-events")
    plays = [case for case in games if case["op"] == "play"]
    assert any(case["rules"][0] == "peg.thirty-one" and "expected 2, got 1" in differed(case) for case in plays)
    assert any('expected "last_card", got "reset"' in differed(case) for case in pegging)  # no go point
    assert any('(expected only): {"type": "last_card"' in differed(case) for case in pegging)  # no last card
    assert any('events[0].type: expected "heels"' in differed(case) for case in pegging)  # no heels
    refused = [case for case in pegging if case["expect"]["default"].get("rejected") == "not_your_turn"]
    assert any(case["rules"][0] == "peg.restart" for case in refused)  # the pone leads every new count
    assert any(case["rules"][0] == "peg.go" for case in refused)  # one card only after a go


def test_pycribbage_gives_the_go_point_when_go_is_said(made: Path) -> None:
    pegging = findings(made, "pycribbage-events")
    assert any('expected "play", got "last_card"' in differed(case) for case in pegging)
