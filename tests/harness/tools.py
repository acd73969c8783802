"""The machine's tools a test needs (node, a C compiler): found on PATH, else the test is skipped;
with CI set (as .ci/run sets it) a missing tool fails the test instead, since CI has them."""

from __future__ import annotations

import os
import shutil

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def need(*names: str) -> str:
    """The path of the first of `names` on PATH; skips the test without one (fails it in CI)."""
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    wanted = " or ".join(names)
    if in_ci():
        pytest.fail(f"CI is set and {wanted} is not installed: CI has it, and this test must run there")
    pytest.skip(f"{wanted} is not installed (in CI this fails)")
