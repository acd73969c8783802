"""The code base is ruff clean (rules in pyproject.toml)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_clean() -> None:
    # ruff is run by this test's own interpreter (`python -m ruff`), so the README's test command
    # finds it without the venv on PATH; it comes with the test extra, and in CI it must be there
    if importlib.util.find_spec("ruff") is None:
        if os.environ.get("CI"):
            pytest.fail("ruff is not installed in CI (it comes with the test extra: pip install -e '.[test]')")
        pytest.skip("ruff is not installed (it comes with the test extra: pip install -e '.[test]')")
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
