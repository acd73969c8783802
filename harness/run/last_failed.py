"""`cribcheck run --last-failed` (`--lf`): run again what failed last time.

Every run records, for its engine, its corpus and the folder it ran in, the case x profile
results that failed, erred or passed unexpectedly, in a small JSON file of the user's cache
(harness/corpus/checked.py's folder, `last-failed/`). A later run updates the record for what it
ran and keeps the rest, as pytest's cache does: a rerun of one case that now passes removes it,
and leaves the other failures recorded. `--lf` narrows the selection to the recorded failures;
with none recorded, or none of them in the selection, it runs the whole selection and says so.
`CRIBCHECK_NO_CACHE=1` records nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from cribcheck.harness.corpus.checked import cache_folder
from cribcheck.harness.results.results import CaseResult, Item
from cribcheck.harness.results.status import Status

FORMAT = "cribcheck-last-failed-1"


def record_path(engine: str, cases: Path, folder: Path | None = None) -> Path | None:
    """The record of one engine's runs of one corpus from one folder (None: the cache is off)."""
    base = cache_folder()
    if base is None:
        return None
    where = (folder or Path.cwd()).resolve()
    digest = hashlib.sha256(json.dumps([FORMAT, engine, str(cases.resolve()), str(where)]).encode()).hexdigest()
    return base / "last-failed" / f"{digest[:32]}.json"


def load(path: Path | None) -> set[tuple[str, str]]:
    """The recorded failures, (case id, profile); none when there is no record or it cannot be read."""
    if path is None:
        return set()
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return set()
    return {(str(entry[0]), str(entry[1])) for entry in document.get("failed", []) if len(entry) == 2}


def save(path: Path | None, results: Iterable[CaseResult]) -> None:
    """The record, updated with what this run ran: its failures in, its other results out. A
    folder that cannot be written costs nothing but the record."""
    if path is None:
        return
    failed = load(path)
    for result in results:
        if result.status in (Status.FAIL, Status.ERROR, Status.XPASS):
            failed.add(result.item.key)
        else:
            failed.discard(result.item.key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, suffix=".tmp", encoding="utf-8") as out:
            json.dump({"format": FORMAT, "failed": sorted(failed)}, out)
        os.replace(out.name, path)
    except OSError:
        return


def narrowed(items: list[Item], failed: set[tuple[str, str]]) -> tuple[list[Item], str | None]:
    """The items of the selection that failed last time, and a note when that is all of them
    because none was recorded (or none of the recorded is selected)."""
    if not failed:
        return items, "--last-failed: no failure recorded for this engine here: running the whole selection"
    chosen = [item for item in items if item.key in failed]
    if not chosen:
        return items, (
            f"--last-failed: none of the {len(failed)} recorded failures is in the selection: running all of it"
        )
    return chosen, None
