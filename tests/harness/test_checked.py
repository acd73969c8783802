"""A case file is checked once per content (harness/corpus/checked.py): the cache returns only
what a fresh check accepted, for the same bytes and the same schema, and never a file's problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from cribcheck.harness.corpus import cases
from cribcheck.harness.corpus.checked import CheckedFiles, cache_folder

GOOD = """topic: one show
cases:
  - id: cache-nineteen
    title: a hand of nothing
    rules: [show.fifteens]
    profiles: [six-card]
    op: show
    input: {cards: [2C, 4D, 6H, 8S], starter: KC}
    expect:
      default: {total: 0}
    explain: 2, 4, 6, 8 and a king make no fifteen, pair, run, flush or nobs.
"""


def never_called() -> None:
    raise AssertionError("the file was checked again")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CRIBCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CRIBCHECK_NO_CACHE", raising=False)
    return tmp_path


def test_a_valid_content_is_checked_once(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = folder / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    first, problems = cases.read_case_file(path)
    assert problems == [] and first is not None
    monkeypatch.setattr(cases, "case_validator", never_called)
    again, problems = cases.read_case_file(path)
    assert problems == []
    assert again == first
    assert again["cases"][0]["input"]["starter"] == "KC"
    assert len(list((folder / "cache" / "case-files").glob("*.json"))) == 1


def test_a_changed_byte_is_checked_afresh(folder: Path) -> None:
    path = folder / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert cases.read_case_file(path)[1] == []
    path.write_text(GOOD.replace("op: show", "op: shove"), encoding="utf-8")
    document, problems = cases.read_case_file(path)
    assert document is None
    assert any(problem.case_id == "cache-nineteen" and problem.path == "op" for problem in problems)


def test_problems_are_never_stored(folder: Path) -> None:
    path = folder / "bad.yaml"
    path.write_text(GOOD.replace("    title: a hand of nothing\n", ""), encoding="utf-8")
    for _ in range(2):
        document, problems = cases.read_case_file(path)
        assert document is None and "'title' is a required property" in str(problems[0])
    assert not (folder / "cache" / "case-files").exists()


def test_another_schema_is_another_key() -> None:
    content = GOOD.encode()
    assert CheckedFiles(None, b"{}").key(content) != CheckedFiles(None, b"{ }").key(content)
    assert CheckedFiles(None, b"{}").key(content) != CheckedFiles(None, b"{}").key(content + b"\n")


def test_keys_that_json_would_change_are_never_stored(tmp_path: Path) -> None:
    store = CheckedFiles(tmp_path, b"{}")
    store.put(b"x", {1: "one"})
    store.put(b"y", {"n": float("nan")})
    assert store.get(b"x") is None and store.get(b"y") is None
    store.put(b"z", {"one": [1, 2.5, True, None]})
    assert store.get(b"z") == {"one": [1, 2.5, True, None]}


def test_turned_off_or_unwritable_the_check_still_runs(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = folder / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    monkeypatch.setenv("CRIBCHECK_NO_CACHE", "1")
    assert cache_folder() is None
    assert cases.read_case_file(path)[1] == []
    assert not (folder / "cache").exists()
    monkeypatch.delenv("CRIBCHECK_NO_CACHE")
    blocker = folder / "file-not-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("CRIBCHECK_CACHE_DIR", str(blocker))
    assert cases.read_case_file(path)[1] == []


def test_a_damaged_entry_is_a_miss(folder: Path) -> None:
    path = folder / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    cases.read_case_file(path)
    for entry in (folder / "cache" / "case-files").glob("*.json"):
        entry.write_text("{not json", encoding="utf-8")
    document, problems = cases.read_case_file(path)
    assert problems == [] and document is not None and document["topic"] == "one show"


def test_the_default_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CRIBCHECK_CACHE_DIR", raising=False)
    monkeypatch.delenv("CRIBCHECK_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() == tmp_path / "cribcheck"
