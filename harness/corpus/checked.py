"""Case files checked once per content: a file whose exact bytes were read and found valid
against the case schema before is not parsed and checked again.

The cache is a folder of small JSON files, one per valid content, named by a SHA-256 of
everything that decides the verdict: this cache's format, the jsonschema version, the case
schema's bytes and the file's bytes. Change any of them and the file is checked afresh, so the
cache never lets through what a fresh check would refuse; files with problems are never stored,
so their messages are always computed. The folder is `$CRIBCHECK_CACHE_DIR`, else
`$XDG_CACHE_HOME/cribcheck`, else `~/.cache/cribcheck`; `CRIBCHECK_NO_CACHE=1` turns it off. A
folder that cannot be written, or an entry that cannot be read, only costs the time of a check.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import Any

FORMAT = "cribcheck-checked-case-file-1"


@cache
def _jsonschema_version() -> str:
    return version("jsonschema")  # reading the installed metadata takes milliseconds: once


def cache_folder() -> Path | None:
    """Where checked contents are kept, or None when the cache is turned off."""
    if os.environ.get("CRIBCHECK_NO_CACHE", "") not in ("", "0"):
        return None
    if os.environ.get("CRIBCHECK_CACHE_DIR"):
        return Path(os.environ["CRIBCHECK_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cribcheck"


@dataclass(frozen=True)
class CheckedFiles:
    """The cache for one case schema (its bytes are part of every key)."""

    folder: Path | None
    schema_bytes: bytes

    def key(self, content: bytes) -> str:
        digest = hashlib.sha256()
        for part in (FORMAT.encode(), _jsonschema_version().encode(), self.schema_bytes, content):
            digest.update(len(part).to_bytes(8, "big"))
            digest.update(part)
        return digest.hexdigest()

    def _entry(self, content: bytes) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / "case-files" / f"{self.key(content)}.json"

    def get(self, content: bytes) -> dict[str, Any] | None:
        """The document of a content found valid before, or None."""
        entry = self._entry(content)
        if entry is None:
            return None
        try:
            document = json.loads(entry.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return document if isinstance(document, dict) else None

    def put(self, content: bytes, document: dict[str, Any]) -> None:
        """Remember that `content` is valid and reads as `document` (written whole or not at all)."""
        entry = self._entry(content)
        if entry is None:
            return
        try:
            text = json.dumps(document, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError):
            return  # not plain JSON data: never stored
        if json.loads(text) != document:
            return  # JSON would read it back otherwise (a key that is not a string): never stored
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
        except OSError:
            return
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, entry)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
