"""The command line imports a command's module only when that command is parsed: `cribcheck --help`
loads none of them, and `cribcheck serve` (started by every engine test and by users as a model
adapter) neither the fuzzer nor the linter nor the report writers. Each check runs in a fresh
interpreter, where nothing was imported before."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = (
    "hypothesis",
    "cribcheck.harness.fuzz.fuzz",
    "cribcheck.harness.corpus.lint",
    "cribcheck.harness.corpus.explain",
    "cribcheck.harness.report.summary",
)

PROBE = """
import contextlib, io, json, sys
from cribcheck.harness.cli import build_parser
argv = json.loads(sys.argv[1])
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    build_parser().parse_args(argv)
print(json.dumps(sorted(name for name in sys.modules if name.startswith(("cribcheck.harness", "hypothesis")))))
"""


def loaded_after(argv: list[str]) -> set[str]:
    """The harness and Hypothesis modules loaded once `argv` is parsed, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(argv)], capture_output=True, text=True, check=True, timeout=60
    )
    return set(json.loads(done.stdout))


@pytest.mark.parametrize("argv", [["--help"], ["serve"], ["serve", "--help"], ["smoke", "--engine", "x"]])
def test_a_command_loads_none_of_the_heavy_rooms_it_does_not_use(argv: list[str]) -> None:
    assert loaded_after(argv).isdisjoint(HEAVY), argv


def test_a_command_s_own_module_is_loaded_when_it_is_parsed() -> None:
    assert {"cribcheck.harness.fuzz.fuzz", "hypothesis"} <= loaded_after(["fuzz", "--seconds", "1"])
    assert "cribcheck.harness.corpus.lint" in loaded_after(["lint"])
    run = loaded_after(["run"])
    assert "cribcheck.harness.run.multi" in run and "cribcheck.harness.fuzz.fuzz" not in run
