"""The nearest of some names to a mistyped one, for "did you mean ...?" messages."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

# How alike (difflib's ratio) a word must be to a name to be suggested for it. Measured on the
# real option names of every command (tests/harness/test_cli_habits.py does it again): of the
# 48,108 misspellings at one edit (a letter dropped, doubled, swapped or changed), 99.4% are at
# least 0.75 from the name they spoil; of 506 other commands' options and common guesses typed
# to a command that lacks them, the nearest name is at 0.75 or more for 7 only, each a fair hint
# (`--profiles` -> `--profile`, `--case` -> `--cases`), against 34 at 0.6, difflib's default,
# which offered `--lf` -> `--rule` and `--json` -> `--once`. The closest unrelated pair is
# `operations` and `expectations`, at 0.727.
SIMILAR = 0.75


def nearest(word: str, names: Iterable[str], limit: int = 3, *, strip: str = "") -> list[str]:
    """The names most like `word`: close spellings first (difflib, at least SIMILAR alike), then
    the names that begin with it, shortest first (`six` -> `six-card`, `six-card-61`, ...).
    `strip`: characters left out of both before they are compared (`-` for options)."""
    known = sorted(set(names))
    bare = {name.lstrip(strip): name for name in known}
    close = [bare[found] for found in difflib.get_close_matches(word.lstrip(strip), bare, n=limit, cutoff=SIMILAR)]
    prefixed = sorted((name for name in known if word and name.startswith(word)), key=lambda name: (len(name), name))
    found: list[str] = []
    for name in [*close, *prefixed]:
        if name not in found and name != word:
            found.append(name)
    return found[:limit]


def did_you_mean(word: str, names: Iterable[str]) -> str:
    """` (did you mean X?)`, or nothing when no name is near."""
    found = nearest(word, names, limit=1)
    return f" (did you mean {found[0]}?)" if found else ""
