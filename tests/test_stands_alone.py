"""The repository stands alone: no file points at documents a user who clones it does not have
(the project's working notes beside the checkout, or the source texts by their file names)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"\.\./shared|RULINGS\.md|seeds/\d{3}_")


def tracked_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in listed.decode().split("\0") if name]


def test_no_file_refers_outside_the_repository() -> None:
    here = Path(__file__).resolve()
    found = []
    for path in tracked_files():
        if path.resolve() == here or not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", "replace")
        found += [
            f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}: {match.group()}"
            for match in OUTSIDE.finditer(text)
        ]
    assert not found, "files that point outside the repository:\n" + "\n".join(found)


def test_the_check_sees_a_reference() -> None:
    assert OUTSIDE.search("see ../shared/RULINGS.md") and OUTSIDE.search("seeds/000_5d320e76de9413b2.txt")
