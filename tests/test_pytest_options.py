"""Issue 26: the project's own tests run with pytest-xdist turned off (`-p no:xdist`) as well as
on every core (`-n auto`, in addopts) or in one process (`-n 0`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("words", [["-p", "no:xdist"], ["-n", "0"]])
def test_the_suite_runs_in_one_process(words: list[str]) -> None:
    environment = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    finished = subprocess.run(
        [sys.executable, "-m", "pytest", *words, "-q", "-p", "no:cacheprovider", "tests/harness/test_cli.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=environment,
    )
    assert finished.returncode == 0, finished.stdout[-2000:] + finished.stderr[-2000:]
    assert "5 passed" in finished.stdout
    assert "created:" not in finished.stdout  # no xdist workers
