"""Every test run keeps its checked-case-file cache (harness/corpus/checked.py) in a folder of
its own, never in the user's cache, shared by the run's xdist workers (the folder above each
worker's own); subprocesses inherit it through the environment."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def own_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    before = os.environ.get("CRIBCHECK_CACHE_DIR")
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    os.environ["CRIBCHECK_CACHE_DIR"] = str(shared / "cribcheck-cache")
    yield
    if before is None:
        del os.environ["CRIBCHECK_CACHE_DIR"]
    else:
        os.environ["CRIBCHECK_CACHE_DIR"] = before


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """`-n auto` is in addopts (pyproject.toml): with pytest-xdist turned off (`-p no:xdist`) or
    missing, `-n` is accepted and ignored, and the suite runs in one process."""
    if not pluginmanager.has_plugin("xdist"):  # a short option, as pytest-xdist adds it (addoption refuses those)
        parser.getgroup("xdist")._addoption(
            "-n", "--numprocesses", dest="numprocesses", default=None, help="ignored: pytest-xdist is not in use"
        )
