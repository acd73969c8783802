"""cribcheck as a user installs it: a wheel built from this checkout, installed into a fresh virtual
environment outside the checkout, run from an empty folder. The corpus, the catalogue, the schemas
and the profiles must come with it as package data."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from cribcheck.harness.cli import version_text
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.run.selection import Selection

from .source import checkout_copy

ROOT = Path(__file__).resolve().parents[1]


def test_the_listed_packages_are_the_folders() -> None:
    """pyproject.toml lists the packages (the data packages need it): a new room must be added there."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {
        "cribcheck." + init.parent.relative_to(ROOT).as_posix().replace("/", ".")
        for top in ("harness", "reference")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert listed == folders | {"cribcheck", "cribcheck.harness._cases", "cribcheck.harness._schema"}


def test_version_names_the_suite_the_protocol_and_the_case_count() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert version_text() == f"cribcheck {version} (protocol version 1, {len(load_cases())} cases in the corpus)"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from this checkout (from a copy of its files: each xdist worker builds its own)."""
    build = tmp_path_factory.mktemp("wheel")
    source = checkout_copy(tmp_path_factory.mktemp("source") / "cribcheck")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    done = subprocess.run([*pip, "wheel", "--no-deps", str(source), "-w", str(build)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = build.glob("cribcheck-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The `bin` folder of a fresh venv holding the wheel built from this checkout (and pytest)."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    bindir = venv / "bin"
    install = [str(bindir / "python"), "-m", "pip", "--disable-pip-version-check", "-q", "install"]
    subprocess.run([*install, str(wheel), "pytest"], check=True, capture_output=True)
    return bindir


def test_the_wheel_holds_one_top_level_package(wheel: Path) -> None:
    """`harness` and `reference` are other projects' names on PyPI, and common folder names in an
    engine's repository: the wheel installs `cribcheck` and nothing else at the top."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
        top_level = next(name for name in archive.namelist() if name.endswith(".dist-info/top_level.txt"))
        declared = archive.read(top_level).decode().split()
    assert {top for top in tops if not top.endswith(".dist-info")} == {"cribcheck"}
    assert declared == ["cribcheck"]


def test_the_wheel_carries_the_license(wheel: Path) -> None:
    """pyproject.toml says MIT: the wheel carries the LICENSE file itself, whole, and says MIT."""
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n") and "Copyright (c) 2026 the cribcheck authors" in license_text
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        carried = [name for name in names if ".dist-info/" in name and name.rsplit("/", 1)[-1] == "LICENSE"]
        metadata = archive.read(next(name for name in names if name.endswith(".dist-info/METADATA"))).decode()
        assert len(carried) == 1, names
        assert archive.read(carried[0]).decode("utf-8") == license_text
    assert "License: MIT" in metadata or "License-Expression: MIT" in metadata


def _in_empty_folder(bindir: Path, tmp_path: Path, *command: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    environment["PATH"] = f"{bindir}{os.pathsep}{environment.get('PATH', '')}"
    return subprocess.run(
        list(command), cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300, check=False
    )


def test_the_wheel_carries_the_corpus_and_runs_from_anywhere(installed: Path, tmp_path: Path) -> None:
    # the installed package is the wheel's, not this checkout's
    where = _in_empty_folder(
        installed, tmp_path, "python", "-c", "import cribcheck.harness; print(cribcheck.harness.__file__)"
    )
    assert "site-packages" in where.stdout and str(ROOT) not in where.stdout
    # an engine's repository with folders of the old names, where the pytest plugin runs: neither
    # shadows cribcheck (each would fail loudly if imported)
    (tmp_path / "reference").mkdir()
    (tmp_path / "reference" / "__init__.py").write_text("raise ImportError('the user reference package')\n")
    (tmp_path / "harness.py").write_text("raise ImportError('the user harness module')\n")

    run = _in_empty_folder(installed, tmp_path, "cribcheck", "run", "--html", "r.html")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "<h1>cribcheck conformance report</h1>" in (tmp_path / "r.html").read_text(encoding="utf-8")  # templates
    applicable = len(Selection().items(load_cases()))
    assert f"{applicable} results" in run.stdout and f"({applicable}/{applicable} applicable passed)" in run.stdout

    lint = _in_empty_folder(installed, tmp_path, "cribcheck", "lint")
    assert lint.returncode == 0 and "clean" in lint.stdout, lint.stdout + lint.stderr

    # 8C 8D 2H with KS: the pair of eights is the only score (8+8, 8+2, 8+K, 2+K and the triples
    # 18, 20, 26 and all four 28 make no fifteen), 2 points
    explain = _in_empty_folder(installed, tmp_path, "cribcheck", "explain", "s5-pair-in-hand")
    assert explain.returncode == 0, explain.stderr
    assert "cases/show-five/pairs.yaml" in explain.stdout and re.search(r"total: 2\n", explain.stdout)
    assert "source 000" in explain.stdout

    smoke = _in_empty_folder(installed, tmp_path, "cribcheck", "smoke", "--engine", "cribcheck serve")
    assert smoke.returncode == 0 and "the wiring works" in smoke.stdout, smoke.stdout + smoke.stderr

    # a failing run: the likely causes come from the diagnosis room and the mutants, in the wheel too
    engine = "cribcheck serve --mutant peg-run-in-order-only"
    failing = _in_empty_folder(
        installed, tmp_path, "cribcheck", "run", "--engine", engine, "--case", "p-play-run-three-any-order"
    )
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "likely causes of the 3 failing results:" in failing.stdout, failing.stdout + failing.stderr
    assert "a known bug (mutant peg-run-in-order-only) reproduces the whole answer of 3 of the 3" in failing.stdout

    version = _in_empty_folder(installed, tmp_path, "cribcheck", "--version")
    assert version.stdout.strip() == version_text()

    plugin = _in_empty_folder(
        installed, tmp_path, "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--cribcheck-reference",
        "-k", "s5-pair-in-hand",
    )  # fmt: skip
    assert plugin.returncode == 0 and "1 passed" in plugin.stdout, plugin.stdout + plugin.stderr


def test_the_wheel_carries_the_helpers_an_author_copies(installed: Path, tmp_path: Path) -> None:
    """`cribcheck helpers` names the helpers in the installed package and copies them under the
    names the docs use; the Node helper's copy runs the node example from there."""
    listed = _in_empty_folder(installed, tmp_path, "cribcheck", "helpers")
    paths = [Path(line) for line in listed.stdout.split("\n") if line]
    assert [path.name for path in paths] == ["adapter.py", "adapter.js", "adapter.d.ts", "cribcheck-protocol.d.ts"]
    assert all("site-packages" in str(path) and path.is_file() for path in paths), listed.stdout
    copied = _in_empty_folder(installed, tmp_path, "cribcheck", "helpers", "--copy", "mine")
    assert copied.returncode == 0, copied.stderr
    names = {path.name for path in (tmp_path / "mine").iterdir()}
    assert names == {f"cribcheck_adapter.{end}" for end in ("py", "js", "d.ts")} | {"cribcheck-protocol.d.ts"}
    node = shutil.which("node")
    if node is None:
        return  # the copies are there; tests/harness/test_node_helper.py runs them where node is
    for name in ("adapter.js", "engine.js"):
        shutil.copy(ROOT / "examples" / "node-show-only" / name, tmp_path / "mine" / name)
    smoke = _in_empty_folder(installed, tmp_path, "cribcheck", "smoke", "--engine", f"{node} mine/adapter.js")
    assert smoke.returncode == 0 and "requests sent: show 2" in smoke.stdout, smoke.stdout + smoke.stderr
