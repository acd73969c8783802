"""A fingerprint of the part of a wrong answer that was compared, taken before the answer is cut.

A result keeps a bounded part of the engine's answer (harness/results/kept.py): a match with every
event is held cut at about 500 values. A known bug whose answer agrees with the engine's up to the
cut may differ after it, so the diagnosis never calls a cut answer reproduced by comparing the cut
parts. It compares digests instead: the SHA-256 of the compared part of the whole answer (the keys
the expectation gives, harness.operations.compare.compared_part; the whole result where a
rejection was due), as canonical JSON (keys sorted, a set of cards in sorted order). Two answers
with the same digest agree on everything compared.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

from cribcheck.harness.operations.compare import UNORDERED_KEYS, UNORDERED_UNDER, compared_part

_DIGEST = re.compile(r"[0-9a-f]{64}")


def answer_digest(expected: Mapping[str, Any] | None, answer: Mapping[str, Any] | None) -> str | None:
    """The digest of a result's compared part: the keys the expectation gives, or the whole result
    where a rejection was expected (None for a rejection, no answer, or a value nested past what
    JSON text can be made of)."""
    if expected is None or answer is None or not isinstance(answer.get("ok"), Mapping):
        return None
    part = answer["ok"] if "rejected" in expected else compared_part(expected, answer["ok"])
    try:
        text = json.dumps(_canonical(part), sort_keys=True, separators=(",", ":"))
    except (RecursionError, ValueError, TypeError):
        return None
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def read_digest(value: object) -> str | None:
    """A digest read from a report file (hostile input): itself when it is one, else None."""
    return value if isinstance(value, str) and _DIGEST.fullmatch(value) else None


def _canonical(value: Any, key: str = "", parent: str = "") -> Any:
    """`value` with each set of cards sorted: a list of texts under a key of UNORDERED_KEYS, or
    directly under a member of UNORDERED_UNDER (the lists compare.mismatches compares as sets)."""
    if isinstance(value, Mapping):
        return {name: _canonical(item, name, key) for name, item in value.items()}
    if isinstance(value, list | tuple):
        if (key in UNORDERED_KEYS or parent in UNORDERED_UNDER) and all(isinstance(item, str) for item in value):
            return sorted(value)
        return [_canonical(item, "", key) for item in value]
    return value
