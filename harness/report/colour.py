"""Whether the terminal report is in colour: the one place that decides.

`--color always` and `--color never` settle it. `--color auto` (the default): no colour when
NO_COLOR is set and not empty (https://no-color.org); else colour when FORCE_COLOR is set and not
empty; else none for TERM=dumb; else colour when the output is a terminal.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TextIO

CHOICES = ("auto", "always", "never")


def use_colour(choice: str, stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    if choice not in CHOICES:
        raise ValueError(f"--color {choice!r}: one of {', '.join(CHOICES)}")
    if choice != "auto":
        return choice == "always"
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
