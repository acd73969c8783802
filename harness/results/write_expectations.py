"""Writing an expectations file from a run (`cribcheck run --write-expectations FILE`): every
result that failed, errored or was an expected failure, in the format that
harness/results/expectations.py reads back."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from cribcheck.harness.contract.files import NoAliasDumper
from cribcheck.harness.results.expectations import Expectation
from cribcheck.harness.results.results import CaseResult
from cribcheck.harness.results.status import Status


def expectations_document(results: Iterable[CaseResult], engine: str | None) -> dict[str, Any]:
    """An expectations file listing every result that failed, errored or was an expected failure
    (keeping that entry's reason and link)."""
    entries = []
    for result in results:
        if result.status is Status.XFAIL and result.expectation is not None:
            kept = result.expectation
            entries.append(Expectation(result.case.id, kept.reason, result.profile, kept.link).as_json())
        elif result.status in (Status.FAIL, Status.ERROR):
            reason = f"{result.status.value}: {result.message or 'no message'}"
            entries.append(Expectation(result.case.id, reason[:500], result.profile).as_json())
    entries.sort(key=lambda entry: (entry["id"], entry.get("profile", "")))
    document: dict[str, Any] = {"format": 1}
    if engine:
        document["engine"] = engine
    document["expected_failures"] = entries
    return document


def write_expectations(path: Path, document: Mapping[str, Any]) -> None:
    """Write JSON for a .json path, YAML otherwise."""
    if path.suffix == ".json":
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    else:
        text = (
            "# cribcheck expectations: the cases this engine is known to fail\n"
            "# (schema/report/expectations.schema.json)\n"
            + yaml.dump(dict(document), Dumper=NoAliasDumper, sort_keys=False, allow_unicode=True, width=120)
        )
    path.write_text(text, encoding="utf-8")
