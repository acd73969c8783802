"""The suite's version: pyproject.toml's when run from a checkout, else the installed package's."""

from __future__ import annotations

import tomllib
from functools import cache

from cribcheck.harness.contract.files import REPO_ROOT


@cache
def suite_version() -> str:
    pyproject = REPO_ROOT / "pyproject.toml"
    if pyproject.is_file():
        return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
    from importlib import metadata  # an installed package: 40 ms of imports, paid only here

    try:
        return metadata.version("cribcheck")
    except metadata.PackageNotFoundError:
        return "unknown"
