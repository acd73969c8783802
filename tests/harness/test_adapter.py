"""The adapter helper stands alone (one file, standard library only) and never dies on its input."""

from __future__ import annotations

import ast
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.engine import adapter as helper
from cribcheck.harness.engine.adapter import Adapter, parse_line
from cribcheck.harness.engine.protocol import PROTOCOL_VERSION

HELPER = Path(helper.__file__)
EXAMPLE = REPO_ROOT / "examples" / "python-show-only" / "engine.py"
CRIBCHECK = [sys.executable, "-m", "cribcheck.harness.cli"]
BARE = "python3 -S -I"  # no site packages, no PYTHONPATH, no user site: only the standard library


def test_the_helper_imports_only_the_standard_library() -> None:
    tree = ast.parse(HELPER.read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    }
    imported |= {
        node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imported and imported <= set(sys.stdlib_module_names) | {"__future__"}, imported
    assert helper.PROTOCOL_VERSION == PROTOCOL_VERSION == 1


def _copied(tmp_path: Path) -> str:
    """The helper copied next to the example engine, outside the repository: the engine's command."""
    shutil.copy(HELPER, tmp_path / "cribcheck_adapter.py")
    shutil.copy(EXAMPLE, tmp_path / "engine.py")
    return f"{BARE} {tmp_path / 'engine.py'}"


def _cribcheck(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CRIBCHECK, *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False, env=_env()
    )


def _env() -> dict[str, str]:
    import os

    return {**os.environ, "PYTHONPATH": str(REPO_ROOT)}


def test_a_copy_of_the_helper_passes_smoke_and_the_corpus_under_a_bare_interpreter(tmp_path: Path) -> None:
    engine = _copied(tmp_path)
    # the copy, not the repository's helper, is what the engine uses: the bare interpreter cannot
    # import cribcheck's dependencies
    bare = subprocess.run([*BARE.split(), "-c", "import yaml"], capture_output=True, text=True, check=False)
    assert bare.returncode != 0 and "No module named 'yaml'" in bare.stderr
    smoke = _cribcheck("smoke", "--engine", engine, cwd=tmp_path)
    assert smoke.returncode == 0 and "the wiring works" in smoke.stdout, smoke.stdout + smoke.stderr
    run = _cribcheck("run", "--engine", engine, "--report", str(tmp_path / "r.jsonl"), "--report-full", cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    statuses = {line["status"] for line in lines if line.get("type") == "case"}
    applicable = [line for line in lines if line.get("type") == "case" and line["status"] != "not_applicable"]
    assert statuses == {"pass", "not_applicable"}
    # every show case of the three main profiles applies: far more than smoke's handful
    assert len(applicable) > 300 and all(line["op"] == "show" for line in applicable)


def _adapter() -> Adapter:
    return Adapter("t", "1", "Python", ["six-card"], {"show": lambda data, profile: {"total": 0}})


def test_unknown_profiles_are_rejected_without_calling_the_handler() -> None:
    def never(data: object, profile: str) -> dict[str, int]:
        raise AssertionError("the handler was called")

    adapter = Adapter("t", "1", "Python", ["six-card"], {"show": never})
    answer = adapter.respond({"seq": "4", "op": "show", "profile": "seven-card", "input": {}})
    assert answer is not None and answer["rejected"]["code"] == "unknown_profile"
    batch = adapter.respond({"seq": "5", "op": "show", "profile": "x", "batch": [{}, {}]})
    assert batch is not None and [item["rejected"]["code"] for item in batch["batch"]] == ["unknown_profile"] * 2


def test_parse_line_attributes_what_it_can() -> None:
    assert parse_line(b"\n") == (None, "a blank line")
    assert parse_line(b"[1, 2]\n")[0] is None
    assert parse_line(b'{"op": "show", "seq": "1"\n')[0] is None
    for line, problem in (
        (b'{"seq": "1", "op": "show", "input": {"x": NaN}}', "NaN is not JSON"),
        (b'{"seq": "1", "op": "show", "input": {"x": ' + b"9" * 5000 + b"}}", "an integer of 5000 digits"),
        (b'{"seq": "1", "op": "show", "input": "\\ud800"}', "lone surrogate"),
        (b'{"seq": "1", "op": "show", "input": {"x": "\xff"}}', "not valid UTF-8"),
        (b'{"seq": "1", "x": ' + b"[" * 100 + b"]" * 100 + b"}", "nested deeper than 64"),
    ):
        message, found = parse_line(line)
        assert message is not None and message["seq"] == "1" and problem in found, (line[:60], found)


ATTRIBUTABLE = (
    lambda seq, rng: {"seq": seq, "op": ["show"], "profile": "six-card", "input": {}},
    lambda seq, rng: {"seq": seq, "op": "show", "profile": "six-card", "input": ["2C"]},
    lambda seq, rng: {"seq": seq, "op": "show", "profile": 6, "input": {}},
    lambda seq, rng: {"seq": seq, "op": "nope", "profile": "six-card", "input": {}},
    lambda seq, rng: {"seq": seq, "op": "show", "profile": "six-card", "batch": {"x": 1}},
)


def _malformed(rng: random.Random, number: int) -> tuple[bytes, str | None]:
    """A seeded malformed request line and the seq it must be answered under (None: stderr only)."""
    seq = f"s{number}"
    kind = rng.randrange(12)
    good = json.dumps({"seq": seq, "op": "show", "profile": "six-card", "input": {"cards": ["2C"], "starter": "KC"}})
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).replace(b"\n", b" "), None
    if kind == 1:  # cut short: answerable once the cut keeps the whole leading seq
        cut = rng.randrange(1, len(good) - 1)
        return good.encode()[:cut], seq if cut >= len(f'{{"seq": "{seq}"') else None
    if kind == 2:
        return json.dumps(rng.choice([[1, 2], "text", 3, None, True, []])).encode(), None
    if kind == 3:
        return json.dumps({"op": "show", "input": {}}).encode(), None
    if kind == 4:
        return json.dumps({"seq": rng.choice([1, 2.5, ["1"], {"a": 1}, None, True])}).encode(), None
    if kind == 5:
        return b" " * rng.randrange(4), None
    if kind == 6:
        return good.replace('"2C"', "NaN" if rng.random() < 0.5 else "Infinity").encode(), seq
    if kind == 7:
        return good.replace('"2C"', "7" * rng.randrange(200, 6000)).encode(), seq
    if kind == 8:
        depth = rng.randrange(70, 3000)
        return good.replace('"2C"', "[" * depth + "]" * depth).encode(), seq
    if kind == 9:
        return good.replace("2C", "\\udc00" if rng.random() < 0.5 else "\\ud83d").encode(), seq
    if kind == 10:
        return good.encode().replace(b"2C", b"2\xc3\x28"), seq
    return json.dumps(rng.choice(ATTRIBUTABLE)(seq, rng)).encode(), seq


def malformed_lines() -> tuple[list[bytes], list[str | None]]:
    """10,000 seeded malformed request lines, and for each the seq it must be answered under (None:
    a line on stderr only). Both helpers get the same lines (tests/harness/test_node_helper.py)."""
    rng = random.Random(20261203)
    lines, expected = [], []
    for number in range(10_000):
        line, seq = _malformed(rng, number)
        lines.append(line)
        expected.append(seq)
    return lines, expected


def assert_every_line_answered_or_complained_of(
    answers: list[dict[str, Any]], stderr: str, expected: list[str | None]
) -> None:
    """After hello and the malformed lines (`expected`: as malformed_lines gives), a 29 hand as
    `last`: each attributable line has its error answer, in order, each other its line on stderr,
    and the hand after them is answered as ever (5-5-5-J with the 5 of the jack's suit: 29)."""
    assert "hello" in answers[0]
    wanted = [seq for seq in expected if seq is not None]
    assert [answer["seq"] for answer in answers[1:-1]] == wanted and all("error" in a for a in answers[1:-1])
    assert answers[-1] == {"seq": "last", "ok": answers[-1]["ok"]} and answers[-1]["ok"]["total"] == 29
    complaints = [line for line in stderr.splitlines() if " not answered: " in line]
    unattributed = [number + 2 for number, seq in enumerate(expected) if seq is None]
    assert [int(line.split("line ")[1].split(" ")[0]) for line in complaints] == unattributed
    assert len(wanted) > 3000 and len(unattributed) > 3000


def test_serve_answers_every_malformed_line_and_never_dies(tmp_path: Path) -> None:
    lines, expected = malformed_lines()
    hello = json.dumps({"hello": {"protocol": 1, "suite": "test"}}).encode()
    last = json.dumps(
        {
            "seq": "last",
            "op": "show",
            "profile": "six-card",
            "input": {"cards": ["5C", "5D", "5S", "JH"], "starter": "5H"},
        }
    )
    feed = b"\n".join([hello, *lines, last.encode(), b'{"bye": {}}']) + b"\n"
    done = subprocess.run(
        [*CRIBCHECK, "serve"], input=feed, capture_output=True, timeout=120, check=False, env=_env(), cwd=tmp_path
    )
    assert done.returncode == 0
    stderr = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert_every_line_answered_or_complained_of(answers, stderr, expected)
