"""The nearest of some names to a mistyped one, for "did you mean ...?" messages."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def nearest(word: str, names: Iterable[str], limit: int = 3) -> list[str]:
    """The names most like `word`: close spellings first (difflib), then the names that begin with
    it, shortest first (`six` -> `six-card`, `six-card-61`, ...)."""
    known = sorted(set(names))
    close = difflib.get_close_matches(word, known, n=limit, cutoff=0.6)
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
