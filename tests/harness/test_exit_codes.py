"""Issue 26: every exit code of every command is in one table, docs/reports.md "Exit codes", and
each code the table gives is one the command really exits with: a case of each is run here. A
command or a code added to the table without a case here fails; so does a case whose code the
table does not give."""

from __future__ import annotations

import io
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cribcheck.harness.cli import COMMANDS, main
from cribcheck.harness.contract.files import CASES_DIR, REPO_ROOT

from .conftest import zoo

TABLE = (REPO_ROOT / "docs" / "reports.md").read_text(encoding="utf-8").split("## Exit codes", 1)[1]
SERVE = shlex.join([sys.executable, "-m", "cribcheck.harness.cli", "serve"])


def documented() -> dict[str, set[int]]:
    rows: dict[str, set[int]] = {}
    lines = [line for line in TABLE.splitlines() if line.startswith("| `")]
    for line in lines:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = {code for code, text in zip((0, 1, 2, 130), cells[1:], strict=True) if text}
    return rows


def exits(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stopped:  # argparse's usage errors
        return int(stopped.code or 0)


def report_file(tmp_path: Path) -> Path:
    report = tmp_path / "r.jsonl"
    assert main(["run", "--no-progress", "--case", "s5-pair-in-hand", "--report", str(report)]) == 0
    return report


def serve_with(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))


# (command, exit code) -> what makes it: a function of (tmp_path, monkeypatch) giving the argv
Witness = Callable[[Path, pytest.MonkeyPatch], list[str]]
WITNESSES: dict[tuple[str, int], Witness] = {
    ("run", 0): lambda tmp, mp: ["run", "--no-progress", "--case", "s5-pair-in-hand"],
    # forgets_heart_nobs scores no nobs for a jack of hearts with a heart starter: this case has one
    ("run", 1): lambda tmp, mp: [
        "run",
        "--no-progress",
        "--engine",
        zoo("forgets_heart_nobs"),
        "--case",
        "s6-seed-002-nob-example",
    ],
    ("run", 2): lambda tmp, mp: ["run", "--no-progress", "--expectations", str(tmp / "missing.yaml")],
    ("lint", 0): lambda tmp, mp: ["lint"],
    ("lint", 1): lambda tmp, mp: ["lint", "--cases", str(CASES_DIR / "show-five" / "pairs.yaml")],  # coverage
    ("lint", 2): lambda tmp, mp: ["lint", str(tmp / "missing.yaml")],
    ("explain", 0): lambda tmp, mp: ["explain", "D4"],
    ("explain", 2): lambda tmp, mp: ["explain", "no-such-thing"],
    ("count", 0): lambda tmp, mp: ["count", "5H", "5C", "5S", "JD", "--starter", "5D"],
    ("count", 1): lambda tmp, mp: ["count", "5H", "5C", "5S", "5D", "--starter", "5D"],  # the starter in the hand
    ("count", 2): lambda tmp, mp: ["count", "5H", "5C", "5S", "JD"],  # no --starter
    ("peg", 0): lambda tmp, mp: shlex.split("peg --pone 7C 8D KS --dealer 8H 6S AC --plays 7C 8H 8D 6S go AC"),
    ("peg", 1): lambda tmp, mp: ["peg", "--pone", "7C", "--dealer", "8H", "--plays", "8H"],  # not the pone's turn
    ("peg", 2): lambda tmp, mp: ["peg", "--a", "7C", "--b", "8H", "--c", "9D", "--dealer", "8H", "6S", "--plays"],
    ("rules", 0): lambda tmp, mp: ["rules", "--markdown", str(tmp / "rules.md")],
    ("rules", 2): lambda tmp, mp: ["rules", "--html", str(tmp / "no-such-folder" / "rules.html")],
    ("smoke", 0): lambda tmp, mp: ["smoke", "--engine", SERVE],
    ("smoke", 1): lambda tmp, mp: ["smoke", "--engine", zoo("all_wrong")],
    ("smoke", 2): lambda tmp, mp: ["smoke", "--engine", "false"],
    ("helpers", 0): lambda tmp, mp: ["helpers", "--copy", str(tmp / "helpers")],
    ("helpers", 2): lambda tmp, mp: ["helpers", "--copy", "/dev/null/helpers"],
    ("serve", 0): lambda tmp, mp: (serve_with(mp, '{"hello": {"protocol": 1}}\n{"bye": {}}\n'), ["serve"])[1],
    ("serve", 2): lambda tmp, mp: ["serve", "--operations", "no-such-operation"],
    ("sweep", 0): lambda tmp, mp: [
        "sweep",
        "--profile",
        "six-card",
        "--set",
        "crib",
        "--shard",
        "1/4000",
        "--no-progress",
    ],
    ("sweep", 1): lambda tmp, mp: [
        "sweep",
        "--profile",
        "six-card",
        "--set",
        "crib",
        "--shard",
        "1/400",
        "--engine",
        zoo("forgets_heart_nobs"),
        "--no-progress",
    ],
    ("sweep", 2): lambda tmp, mp: ["sweep", "--profile", "no-such-profile", "--set", "hand"],
    ("fuzz", 0): lambda tmp, mp: [
        "fuzz",
        "--engine",
        SERVE,
        "--max-examples",
        "5",
        "--seed",
        "0",
        "--no-progress",
        "--out",
        str(tmp / "found"),
    ],
    ("fuzz", 1): lambda tmp, mp: [
        "fuzz",
        "--engine",
        f"{SERVE} --mutant nobs-worth-2",
        "--op",
        "show",
        "--max-examples",
        "300",
        "--seed",
        "0",
        "--no-progress",
        "--max-findings",
        "1",
        "--shrink-seconds",
        "1",
        "--simplify-seconds",
        "0",
        "--out",
        str(tmp / "found"),
    ],
    ("fuzz", 2): lambda tmp, mp: ["fuzz", "--engine", "false", "--max-examples", "5", "--no-progress"],
    ("check", 0): lambda tmp, mp: ["check", str(transcript(tmp)), "--no-progress"],
    ("check", 1): lambda tmp, mp: ["check", str(transcript(tmp, wrong=True)), "--no-progress"],
    ("check", 2): lambda tmp, mp: ["check", str(tmp / "missing.jsonl")],
    ("summary", 0): lambda tmp, mp: ["summary", str(report_file(tmp)), "--markdown", str(tmp / "s.md")],
    ("summary", 2): lambda tmp, mp: ["summary", str(tmp / "missing.jsonl")],
    ("mutants", 0): lambda tmp, mp: ["mutants", "--mutant", "nobs-worth-2"],
    # one case file of pairs cannot catch a bug of nobs
    ("mutants", 1): lambda tmp, mp: [
        "mutants",
        "--mutant",
        "nobs-worth-2",
        "--cases",
        str(CASES_DIR / "show-five" / "pairs.yaml"),
    ],
    ("mutants", 2): lambda tmp, mp: ["mutants", "--cases", str(broken_cases(tmp))],
}


def transcript(tmp: Path, *, wrong: bool = False) -> Path:
    """The reference's own game as a transcript (every line agrees); `wrong`: one show answer's
    total made one more (that line disagrees)."""
    import json

    from cribcheck.harness.transcripts.generate import reference_transcript

    lines = list(reference_transcript(1, 0, "six-card"))
    if wrong:
        show = next(line for line in lines if line.get("op") == "show" and "ok" in line)
        show["ok"]["total"] += 1
    path = tmp / ("wrong.jsonl" if wrong else "games.jsonl")
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def broken_cases(tmp: Path) -> Path:
    folder = tmp / "broken"
    folder.mkdir(exist_ok=True)
    (folder / "bad.yaml").write_text("cases: [{id: x}]\n", encoding="utf-8")
    return folder


def test_the_table_has_a_row_for_every_command_and_a_case_here_for_every_code() -> None:
    table = documented()
    assert list(table) == [command.name for command in COMMANDS]
    witnessed: dict[str, set[int]] = {}
    for command, code in WITNESSES:
        witnessed.setdefault(command, set()).add(code)
    for command, codes in table.items():
        assert codes - {130} == witnessed.get(command, set()), command
        assert 130 in codes, command  # every command: interrupted


@pytest.mark.parametrize(("command", "code"), sorted(WITNESSES))
def test_each_code_is_what_the_command_exits_with(
    command: str, code: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = WITNESSES[(command, code)](tmp_path, monkeypatch)
    assert exits(argv) == code, capsys.readouterr()


@pytest.mark.parametrize("command", [command.name for command in COMMANDS])
def test_every_command_exits_130_when_interrupted(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cribcheck.harness import cli

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    real = cli.Command.attach

    def attach(self: cli.Command, parser: object) -> None:
        real(self, parser)  # type: ignore[arg-type]
        parser.set_defaults(handler=interrupted)  # type: ignore[attr-defined]

    monkeypatch.setattr(cli.Command, "attach", attach)
    needs = {"explain": ["D4"], "count": ["5H", "--starter", "5D"], "peg": ["--plays"],
             "smoke": ["--engine", "x"], "sweep": ["--profile", "six-card", "--set", "hand"],
             "summary": ["r.jsonl"], "check": ["t.jsonl"]}  # fmt: skip
    assert main([command, *needs.get(command, [])]) == 130


def test_the_table_is_one_table() -> None:
    assert len(re.findall(r"^\| command \| 0 \| 1 \| 2 \| 130 \|$", TABLE, re.M)) == 1


def test_a_command_whose_reader_stops_exits_141_quietly() -> None:
    # it prints more than a pipe holds (64 kB): the names collected are 84 kB
    import subprocess

    command = [sys.executable, "-m", "cribcheck.harness.cli", "run", "--collect-only"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(10)  # the reader takes a line's worth, then stops reading
    process.stdout.close()
    error = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141, error
    assert "Traceback" not in error and "Exception ignored" not in error, error


def test_a_run_whose_reader_stops_goes_on_and_writes_its_reports(tmp_path: Path) -> None:
    import subprocess

    report = tmp_path / "r.jsonl"
    # every answer wrong: the failures printed are far more than a pipe holds (64 kB)
    command = [sys.executable, "-m", "cribcheck.harness.cli", "run", "--no-progress", "--rule", "show.fifteens",
               "--engine", zoo("all_wrong"), "--report", str(report)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(10)
    process.stdout.close()
    assert process.wait(timeout=300) == 1, process.stderr.read().decode()
    assert report.read_text(encoding="utf-8").splitlines()[-1].startswith('{"type": "footer"')
