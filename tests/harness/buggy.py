"""The broken example engine (examples/buggy-show) and a small case file on which its two bugs
show, each on one case counted by hand."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import yaml

from cribcheck.harness.contract.files import REPO_ROOT

ADAPTER = REPO_ROOT / "examples" / "buggy-show" / "adapter.py"
BUGGY = shlex.join([sys.executable, str(ADAPTER)])

# (id, rule, input, the right total, the buggy total), each worked by hand:
BUGGY_CASES = (
    # 2+3+K and 5+K are the fifteens (4); no pair, no run; a crib flush needs the starter's suit
    # too, so none. The bug scores the four hearts as a flush of 4: 8.
    ("buggy-crib-four-hearts", "show.crib-flush",
     {"cards": ["2H", "5H", "9H", "KH"], "starter": "3C", "crib": True}, 4, 8),
    # Values 2 4 6 8 10 are all even: no fifteen; no pair, no run, no flush; no jack in the hand,
    # so no nobs: 0. The bug gives 1 for the starter jack.
    ("buggy-starter-jack", "show.nobs", {"cards": ["2C", "4D", "6H", "8S"], "starter": "JC"}, 0, 1),
    # 5+K twice (4), pair of fives (2), 3 4 5 twice (6): 12; no flush, no jack. No bug applies.
    ("buggy-clean-hand", "show.runs", {"cards": ["3C", "4D", "5H", "5S"], "starter": "KD"}, 12, 12),
)  # fmt: skip


def write_buggy_cases(folder: Path) -> Path:
    """The cases as a case file, with the hand-worked totals as expectations (six-card)."""
    document = {
        "topic": "Cases for the broken example engine",
        "cases": [
            {
                "id": case_id,
                "title": case_id.replace("-", " "),
                "rules": [rule],
                "tags": ["show"],
                "profiles": ["six-card"],
                "op": "show",
                "input": data,
                "explain": "Worked by hand in tests/harness/buggy.py.",
                "expect": {"default": {"total": right}},
            }
            for case_id, rule, data, right, _ in BUGGY_CASES
        ],
    }
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "buggy.yaml").write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return folder
