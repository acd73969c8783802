"""The examples as their readers meet them: examples/python-show-only reads exactly the four card
spellings of the checklist; examples/c-show-only, a C scorer built into a shared library with the
machine's C compiler and wrapped by a copy of the Python helper through ctypes, passes smoke and
every show case it is sent, under a bare interpreter; examples/java-jpype, a Java engine compiled
with the machine's javac and driven in-process through JPype, passes every show and play case it
is sent, the over-31 rejections included and no other; and every adapter of examples/ is at most
40 code lines."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.corpus.cases import load_cases

from .reports import read_report
from .tools import in_ci, need

PYTHON_EXAMPLE = REPO_ROOT / "examples" / "python-show-only" / "engine.py"
C_EXAMPLE = REPO_ROOT / "examples" / "c-show-only"
JAVA_EXAMPLE = REPO_ROOT / "examples" / "java-jpype"
MAIN_PROFILES = {"five-card", "six-card", "six-card-61"}  # the profiles the C and Java examples claim
BARE = [sys.executable, "-S", "-I"]  # no site packages: the standard library and the copied helper only


def _answers(command: list[str], inputs: list[dict[str, object]]) -> list[dict[str, object]]:
    lines = [json.dumps({"hello": {"protocol": 1, "suite": "test"}})]
    lines += [
        json.dumps({"seq": str(n), "op": "show", "profile": "six-card", "input": data}) for n, data in enumerate(inputs)
    ]
    done = subprocess.run(
        command, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60, check=True
    )
    return [json.loads(line) for line in done.stdout.splitlines()[1:]]


@pytest.mark.parametrize(
    ("card", "total"),
    [
        ("5H", 29),  # the 29 hand: its starter, spelled each way the checklist allows
        ("5\u2665", 29),
        ("5h", None),  # lowercase: not a documented spelling
        (" 5H", None),
        ("5H ", None),
        ("5 H", None),
        ("05H", None),
        ("5Hearts", None),
    ],
)
def test_the_python_example_reads_the_documented_spellings_only(card: str, total: int | None) -> None:
    (answer,) = _answers([*BARE, str(PYTHON_EXAMPLE)], [{"cards": ["5C", "5D", "5S", "JH"], "starter": card}])
    if total is None:
        assert answer.get("rejected") == {"code": "invalid_card", "message": f"invalid card {card!r}"}, answer
    else:
        assert answer["ok"]["total"] == total, answer  # type: ignore[index]


def test_the_python_example_reads_a_ten_either_way() -> None:
    # 5C 5D TS JH + 5H: the ten and the jack each with each of three fives (12), 5+5+5 (2), three
    # pairs of fives (6), nobs (the jack of hearts, the starter's suit: 1) = 21
    tens = ("TS", "10S", "10\u2660", "ts", "10s")
    hands = [{"cards": ["5C", "5D", ten, "JH"], "starter": "5H"} for ten in tens]
    answers = _answers([*BARE, str(PYTHON_EXAMPLE)], hands)
    assert [answer["ok"]["total"] for answer in answers[:3]] == [21, 21, 21]  # type: ignore[index]
    assert [answer["rejected"]["code"] for answer in answers[3:]] == ["invalid_card"] * 2  # type: ignore[index]


@pytest.fixture(scope="module")
def c_example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The C example built as its README says, with a copy of the Python helper beside it."""
    compiler = need("cc", "gcc")
    folder = tmp_path_factory.mktemp("c-show-only")
    for name in ("scorer.c", "scorer.h", "adapter.py"):
        shutil.copy(C_EXAMPLE / name, folder / name)
    flags = ["-O2", "-Wall", "-Wextra", "-Werror", "-std=c99", "-shared", "-fPIC"]
    subprocess.run([compiler, *flags, "-o", "libscorer.so", "scorer.c"], cwd=folder, check=True, timeout=120)
    assert main(["helpers", "--copy", str(folder)]) == 0
    return folder


def test_the_c_example_passes_smoke(c_example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = " ".join([*BARE, str(c_example / "adapter.py")])
    assert main(["smoke", "--engine", engine]) == 0
    out = capsys.readouterr().out
    assert "smoke: requests sent: show 2" in out and '"total":29' in out


def test_the_c_example_passes_every_show_case_it_is_sent(c_example: Path, tmp_path: Path) -> None:
    engine = " ".join([*BARE, str(c_example / "adapter.py")])
    report = tmp_path / "r.jsonl"
    assert main(["run", "--engine", engine, "--no-progress", "-q", "--report", str(report)]) == 0
    lines = read_report(report)
    sent = [line for line in lines if line.get("status") not in (None, "not_applicable")]
    # every legal show case under the three profiles it claims, counted from the corpus
    assert sorted((line["id"], line["profile"]) for line in sent) == sorted(_cases_of("show", {None}))
    assert {line["status"] for line in sent} == {"pass"}
    assert lines[0]["engine"]["info"]["operations"] == {"show": {"judges_input": False}}


def _cases_of(op: str, rejections: set[str | None]) -> list[tuple[str, str]]:
    """The corpus's cases of `op` under the main profiles that expect one of `rejections` (None: a result)."""
    return [
        (case.id, profile)
        for case in load_cases()
        if case.op == op
        for profile in case.profiles
        if profile in MAIN_PROFILES and case.expected(profile).get("rejected") in rejections
    ]


@pytest.fixture(scope="module")
def java_example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Java example compiled as its README says, with a copy of the Python helper beside it."""
    javac = need("javac")
    if importlib.util.find_spec("jpype") is None:
        message = "JPype1 is not installed (it comes with the test extra: pip install -e '.[test]')"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    folder = tmp_path_factory.mktemp("java-jpype")
    for name in ("Crib.java", "adapter.py"):
        shutil.copy(JAVA_EXAMPLE / name, folder / name)
    subprocess.run([javac, "-Xlint:all", "-Werror", "-d", ".", "Crib.java"], cwd=folder, check=True, timeout=300)
    assert main(["helpers", "--copy", str(folder)]) == 0
    return folder


def test_the_java_example_passes_every_case_it_is_sent(java_example: Path, tmp_path: Path) -> None:
    """It claims show (breakdown, judging nothing) and play (judging over_31 only): it is sent the
    legal show and play cases and the play cases expecting over_31, and passes every one."""
    engine = " ".join([sys.executable, str(java_example / "adapter.py")])
    report = tmp_path / "r.jsonl"
    assert main(["run", "--engine", engine, "--no-progress", "-q", "--report", str(report)]) == 0
    lines = read_report(report)
    sent = [line for line in lines if line.get("status") not in (None, "not_applicable")]
    expected = _cases_of("show", {None}) + _cases_of("play", {None, "over_31"})
    assert len(_cases_of("play", {"over_31"})) >= 5
    assert sorted((line["id"], line["profile"]) for line in sent) == sorted(expected)
    assert {line["status"] for line in sent} == {"pass"}
    assert lines[0]["engine"]["info"]["operations"] == {
        "show": {"features": ["breakdown"], "judges_input": False},
        "play": {"judges_input": ["over_31"]},
    }


def test_every_adapter_of_the_examples_is_at_most_40_code_lines() -> None:
    """What an author writes to connect an engine: each example's adapter lines as
    benchmarks/adapter_lines.py counts them, and each adapter file of its own."""
    module = _adapter_lines()
    sizes = {name: module.measure(versions["after"])[1] for name, versions in module.EXAMPLES.items()}
    for path in sorted((REPO_ROOT / "examples").glob("*/adapter*.*")):
        source = module.Source(path.relative_to(REPO_ROOT).as_posix())
        sizes[source.path] = module.measure((source,))[1]
    assert "java-jpype" in sizes and "examples/buggy-show/adapter.py" in sizes
    assert {name: size for name, size in sizes.items() if size > 40} == {}


def _adapter_lines():  # benchmarks/ is not a package: the script loaded from its file
    spec = importlib.util.spec_from_file_location("adapter_lines", REPO_ROOT / "benchmarks" / "adapter_lines.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look their module up
    spec.loader.exec_module(sys.modules[spec.name])
    return sys.modules[spec.name]


def test_the_guide_gives_the_adapter_sizes_measured() -> None:
    """docs/checking-your-engine.md's table of adapter sizes is what benchmarks/adapter_lines.py
    measures: now always; before when git has the revision (a shallow clone may not)."""
    module = _adapter_lines()
    guide = (REPO_ROOT / "docs" / "checking-your-engine.md").read_text(encoding="utf-8")
    table = guide.split("### How big an adapter is", 1)[1].split("\n\n")[2]
    rows = {
        cells[0]: cells[1:4]
        for cells in ([c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()[2:])
    }
    assert set(rows) == set(module.EXAMPLES)
    has_git = (
        subprocess.run(
            ["git", "cat-file", "-e", f"{module.BEFORE_REVISION}^{{commit}}"],
            cwd=REPO_ROOT,
            capture_output=True,
            check=False,
        ).returncode
        == 0
    )
    for name, versions in module.EXAMPLES.items():
        engine, adapter = module.measure(versions["after"])
        assert rows[name][0].split(" ")[0] == str(engine) and rows[name][2] == str(adapter), name
        if "before" in versions and has_git:
            assert rows[name][1] == str(module.measure(versions["before"])[1]), name
