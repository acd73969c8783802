"""Case, catalogue and expectations files are read strictly (harness/corpus/strict_yaml.py): what a
safe loader lets through silently, or chokes on, is a lint error naming the file, the case and
the field; `cribcheck run` refuses such a corpus (exit 2) without sending anything; nothing hangs."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import yaml

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import display_path
from cribcheck.harness.contract.limits import MAX_DEPTH, MAX_INTEGER
from cribcheck.harness.corpus.explain import find_case
from cribcheck.harness.corpus.strict_yaml import field_path, load_yaml, read_yaml

from .conftest import case_file_text, zoo
from .reports import read_report
from .test_lint import SEED_000, Corpus, assert_names, only_error

# A billion laughs: nine levels of ten aliases each, 10^9 strings once expanded, in 700 bytes.
BOMB = "lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"lol{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 10)}]\n" for n in range(1, 10)
)


def seed_text(**replaced: str) -> str:
    """SEED_000 as a case file, with some of its lines (`key: value`, two spaces in) replaced."""
    text = yaml.safe_dump({"topic": "T", "cases": [SEED_000]}, sort_keys=False)
    for old, new in replaced.items():
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


@pytest.fixture
def corpus(tmp_path: Path) -> Corpus:
    return Corpus(tmp_path)


# --- the loader on its own ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "message"),
    [
        ("a: 1\nb: 2\na: 3\n", "a", "line 3, column 1: the key 'a' is given twice (first on line 1)"),
        ("x: {k: 1, k: 2}\n", "x.k", "the key 'k' is given twice"),
        ("base: &b {k: 1}\nuse: *b\n", "use", "an alias (*name) of the value on line 1: aliases are not allowed"),
        ("k: &k key\n*k : 1\n", "", "an alias (*name) of the value on line 1"),  # as a key
        ("base: &b {k: 1}\nuse: {<<: *b}\n", "use", "a merge key (<<): write the keys out"),
        ("r: &r [*r]\n", "r[0]", "an alias"),  # a list that holds itself
        ("n: .nan\n", "n", ".nan is not a finite number"),
        ("n: -.inf\n", "n", "-.inf is not a finite number"),
        ("n: 1.0e+999\n", "n", "1.0e+999 is not a finite number"),
        ("n: " + "7" * 5000 + "\n", "n", "the integer '7777777777777777777777777777777777777777'... (5000 characters)"),
        (f"n: {MAX_INTEGER + 1}\n", "n", "the integer '9007199254740992' is beyond the limit of ±9007199254740991"),
        ("n: 0x" + "f" * 20 + "\n", "n", "is beyond the limit"),
        ("d: 2024-01-31\n", "d", "'2024-01-31' is read as a timestamp: only what JSON holds is allowed (quote it)"),
        ("b: !!binary aGk=\n", "b", "is read as a binary"),
        ("s: !!set {a, b}\n", "s", "a value tagged tag:yaml.org,2002:set"),
        ("1: one\n", "", "the key '1' is not a string (quote it)"),
        ('s: "\\ud800"\n', "", "invalid YAML: line 1, column 7: found invalid Unicode character escape code"),
        ("d: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n", "d" + "[0]" * (MAX_DEPTH - 1), "nested more"),
    ],
)
def test_each_problem_is_named_with_its_field_and_line(text: str, field: str, message: str) -> None:
    read = load_yaml(text)
    assert read.value is None
    texts = [(field_path(problem.path), problem.text) for problem in read.problems]
    assert any(found_field == field and message in found for found_field, found in texts), texts


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("a: 1\nb: [x, 'y', 2.5, true, null]\n", {"a": 1, "b": ["x", "y", 2.5, True, None]}),
        (f"n: [{MAX_INTEGER}, -{MAX_INTEGER}]\n", {"n": [MAX_INTEGER, -MAX_INTEGER]}),
        ("anchor: &a 5\n", {"anchor": 5}),  # an anchor no alias uses changes nothing
        ('s: "\\U0001F0A1 ok"\n', {"s": "\U0001f0a1 ok"}),
        ("d: '2024-01-31'\n", {"d": "2024-01-31"}),
        # The document's mapping is a level, then 63 lists: 64 levels, at the limit.
        ("d: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n", {"d": yaml.safe_load("[" * 63 + "]" * 63)}),
    ],
)
def test_plain_yaml_reads_as_before(text: str, value: object) -> None:
    read = load_yaml(text)
    assert read.problems == ()
    assert read.value == value


def test_the_corpus_reads_as_the_safe_loader_reads_it() -> None:
    from cribcheck.harness.contract.files import CASES_DIR, SAFE_LOADER

    for path in sorted(CASES_DIR.rglob("*.yaml")):
        read = read_yaml(path)
        assert read.problems == (), (path, read.problems)
        assert read.value == yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)


def test_a_billion_laughs_is_refused_at_once() -> None:
    started = time.monotonic()
    read = load_yaml(BOMB)
    assert time.monotonic() - started < 2
    assert read.value is None
    assert read.problems[0].text.startswith("an alias (*name) of the value on line 1")
    assert field_path(read.problems[0].path) == "lol1[0]"
    assert len(read.problems) == 90  # nine levels of ten aliases, each named once


# --- lint ----------------------------------------------------------------------------------------


def test_a_duplicate_key_in_a_case_names_the_case_and_the_field(corpus: Corpus) -> None:
    path = corpus.write_text("dup.yaml", seed_text(**{"  op: show\n": "  op: show\n  op: play\n"}))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "op")
    # topic, cases, id, title, rules and its item, tags and two, profiles and one: op is line 12
    assert "line 13, column 3: the key 'op' is given twice (first on line 12); YAML would keep only" in error.message


def test_a_second_cases_key_is_an_error_not_a_lost_block(corpus: Corpus) -> None:
    text = seed_text() + "cases:\n- id: show-other\n"
    path = corpus.write_text("two-blocks.yaml", text)
    error = only_error(corpus.lint(path))
    assert_names(error, path, None, "cases")
    assert "the key 'cases' is given twice (first on line 2)" in error.message


def test_nan_in_a_case_is_an_error(corpus: Corpus) -> None:
    path = corpus.write_text("nan.yaml", seed_text(**{"total: 12": "total: .nan"}))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "expect.default.total")
    assert ".nan is not a finite number" in error.message


def test_a_huge_integer_in_a_case_is_an_error(corpus: Corpus) -> None:
    path = corpus.write_text("huge.yaml", seed_text(**{"total: 12": "total: " + "1" * 5000}))
    error = only_error(corpus.lint(path))
    assert_names(error, path, "show-seed-000", "expect.default.total")
    assert "is beyond the limit of ±9007199254740991" in error.message


def test_an_alias_bomb_in_a_case_file_is_refused_quickly(corpus: Corpus) -> None:
    path = corpus.write_text("bomb.yaml", BOMB + seed_text(**{"  op: show\n": "  op: show\n  bomb: *l9\n"}))
    started = time.monotonic()
    report = corpus.lint(path)
    assert time.monotonic() - started < 5
    assert len(report.errors) == 91  # 90 aliases in the bomb, and the case's own
    in_case = [error for error in report.errors if error.case_id == "show-seed-000"]
    assert [(error.path, error.message) for error in in_case] == [
        ("bomb", "an alias (*name) of the value on line 10: aliases are not allowed; write the value out")
    ]


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("links", [{"self.yaml": "self.yaml"}, {"a.yaml": "b.yaml", "b.yaml": "a.yaml"}])
def test_a_symbolic_link_loop_is_an_error(links: dict[str, str], corpus: Corpus) -> None:
    corpus.write("good.yaml", SEED_000)
    for name, target in links.items():
        (corpus.cases / name).symlink_to(target)
    report = corpus.lint()
    loops = [error for error in report.errors if "symbolic link loop" in error.message]
    assert sorted(Path(error.file).name for error in loops) == sorted(links)
    assert all(error.case_id is None and error.path == "" for error in loops)


def test_explain_is_not_held_up_by_a_bomb(corpus: Corpus) -> None:
    corpus.write("good.yaml", SEED_000)
    corpus.write_text("bomb.yaml", BOMB)
    started = time.monotonic()
    assert find_case("show-seed-000", corpus.cases, corpus.catalogue).id == "show-seed-000"
    assert time.monotonic() - started < 5


# --- run -----------------------------------------------------------------------------------------


def run(cases: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    started = time.monotonic()
    code = main(["run", "--cases", str(cases), "--no-progress", *args])
    assert time.monotonic() - started < 20
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_run_refuses_duplicate_ids_across_files(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (small_cases / "again.yaml").write_text(case_file_text(), encoding="utf-8")
    code, output = run(small_cases, capsys)
    assert code == 2
    first = display_path(small_cases / "again.yaml")  # the files are read in name order
    assert f"small.yaml [zoo-zero-hand] at id: id zoo-zero-hand is already used in {first}" in output


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("starter: KC", "starter: KC\n    starter: QC", "the key 'starter' is given twice"),
        ("total: 29", "total: .nan", ".nan is not a finite number"),
        ("total: 29", "total: " + "2" * 5000, "is beyond the limit"),
    ],
)
def test_run_refuses_a_case_file_that_lint_rejects(
    old: str, new: str, message: str, small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = small_cases / "small.yaml"
    path.write_text(path.read_text().replace(old, new, 1), encoding="utf-8")
    report = tmp_path / "r.jsonl"
    code, output = run(small_cases, capsys, "--engine", zoo("all_wrong"), "--report", str(report))
    assert code == 2
    assert "the case files have problems" in output
    assert message in output
    lines = read_report(report)  # refused before any engine was started: no case line, the error said
    assert [line["type"] for line in lines] == ["header", "footer"]
    assert lines[-1]["aborted"].startswith("setup error: the case files have problems")


def test_run_refuses_an_alias_bomb_quickly(small_cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (small_cases / "bomb.yaml").write_text(BOMB, encoding="utf-8")
    code, output = run(small_cases, capsys)
    assert code == 2
    assert "aliases are not allowed" in output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "format: 1\nexpected_failures:\n  - {id: zoo-zero-hand, reason: a, reason: b}\n",
            "expected_failures[0] (zoo-zero-hand) at reason: line 3, column 36: the key 'reason' is given twice",
        ),
        ("format: 1\n" + BOMB + "expected_failures: []\n", "aliases are not allowed"),
        ("format: 1\nformat: 1\nexpected_failures: []\n", "format: line 2, column 1: the key 'format' is given twice"),
    ],
)
def test_run_refuses_a_bad_expectations_file(
    text: str, message: str, small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expectations = tmp_path / "x.yaml"
    expectations.write_text(text, encoding="utf-8")
    code, output = run(small_cases, capsys, "--expectations", str(expectations))
    assert code == 2
    assert message in output


def test_what_the_suite_writes_holds_no_alias(tmp_path: Path) -> None:
    from cribcheck.harness.contract.files import NoAliasDumper
    from cribcheck.harness.fuzz.findings import dump_case
    from cribcheck.harness.results.write_expectations import write_expectations

    shared = ["show.fifteens"]
    document = {"topic": "T", "cases": [{"rules": shared}, {"rules": shared}]}
    assert "*id" in yaml.safe_dump(document)  # the plain dumper writes an alias for a shared list
    assert load_yaml(yaml.dump(document, Dumper=NoAliasDumper)).problems == ()
    assert load_yaml(dump_case(document)).problems == ()
    entry = {"id": "zoo-zero-hand", "reason": "known"}
    path = tmp_path / "x.yaml"
    write_expectations(path, {"format": 1, "expected_failures": [entry, entry]})
    assert read_yaml(path).problems == ()
