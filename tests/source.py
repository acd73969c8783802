"""A copy of this checkout's files, for the tests that build or install it with pip: pip builds in
the folder it is given (`build/`, `*.egg-info`), so two builds of the checkout itself at once (two
pytest-xdist workers) spoil each other; each builds its own copy instead."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEFT_OUT = shutil.ignore_patterns(".git", ".venv", ".engines", "build", "*.egg-info", "__pycache__", ".pytest_cache")


def checkout_copy(copy: Path) -> Path:
    """The checkout's files copied into `copy` (made once), what is built or cached left out."""
    if not copy.exists():
        shutil.copytree(ROOT, copy, ignore=LEFT_OUT)
    return copy
