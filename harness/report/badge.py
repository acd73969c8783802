"""--badge FILE.json: the run's compliance as a shields.io endpoint document
(schema/report/badge.schema.json): `{"schemaVersion": 1, "label": "cribcheck", "message":
"98.5% (1,315/1,335)", "color": "green"}`, the colour by threshold. A run that could not start is
an error badge that says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cribcheck.harness.report.common import CollectingReporter
from cribcheck.harness.report.tally import compliance_message
from cribcheck.harness.results.results import RunFooter, applicable, passed

LABEL = "cribcheck"
# (lowest share of applicable results passed, colour), best first; below the last: red.
THRESHOLDS: tuple[tuple[float, str], ...] = (
    (1.0, "brightgreen"),
    (0.95, "green"),
    (0.90, "yellowgreen"),
    (0.75, "yellow"),
    (0.50, "orange"),
)


def colour(share: float) -> str:
    return next((name for lowest, name in THRESHOLDS if share >= lowest), "red")


def badge(footer: RunFooter, label: str = LABEL) -> dict[str, Any]:
    counts = footer.summary.counts
    if footer.aborted and not applicable(counts):
        return {"schemaVersion": 1, "label": label, "message": "did not run", "color": "lightgrey", "isError": True}
    total = applicable(counts)
    if not total:
        return {"schemaVersion": 1, "label": label, "message": "nothing applicable", "color": "lightgrey"}
    return {
        "schemaVersion": 1,
        "label": label,
        "message": compliance_message(counts),
        "color": colour(passed(counts) / total),
    }


def write_badge(path: Path, document: dict[str, Any]) -> None:
    path.write_text(json.dumps(document, ensure_ascii=False) + "\n", encoding="utf-8")


class BadgeReporter(CollectingReporter):
    def finish(self, footer: RunFooter) -> None:
        write_badge(self.path, badge(footer))
