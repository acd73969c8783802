"""Every command a report prints works: each rerun, explain and look-first command of the
terminal, Markdown, HTML and JUnit reports, of `cribcheck run`, of `cribcheck check` and of
`cribcheck summary` reading their saved reports, is run from the fresh folder the run was made in
(relative paths as the user gave them), and selects exactly the result it names: a rerun runs that
one case under that one profile (or that one line of the transcript), an explain lays that case out.
"""

from __future__ import annotations

import html
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.transcripts.generate import reference_transcript

from .conftest import write_cases, zoo
from .reports import read_report

COMMAND = re.compile(r"cribcheck (?:run|check|explain) [^\n<`]*")
OUTPUTS = ("--report", "r.jsonl", "--markdown", "r.md", "--html", "r.html", "--junit", "r.xml")
SUMMARY_OUTPUTS = ("--markdown", "s.md", "--html", "s.html", "--junit", "s.xml")


def printed(folder: Path, terminal: str, *files: str) -> set[str]:
    """Every command printed in the terminal's text and in the report files (HTML unescaped)."""
    texts = [terminal, *(html.unescape((folder / name).read_text(encoding="utf-8")) for name in files)]
    return {match.group(0).strip() for text in texts for match in COMMAND.finditer(text)}


def ran(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def named(argv: list[str]) -> str:
    """The result a rerun names: its `--case` value, `ID[profile]`."""
    assert argv.count("--case") == 1 and "--profile" not in argv, argv
    return argv[argv.index("--case") + 1]


def each_command_selects_what_it_names(commands: set[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Runs each command; the names of the results the reruns selected."""
    selected = []
    for command in sorted(commands):
        argv = shlex.split(command)
        assert argv[0] == "cribcheck", command
        if argv[1] == "explain":
            code, out = ran(capsys, *argv[1:])
            case, profile = re.fullmatch(r"(.+)\[(.+)\]", argv[-1]).groups()  # type: ignore[union-attr]
            assert code == 0 and case in out and profile in out, command
            continue
        name = named(argv)
        code, _ = ran(capsys, *argv[1:], "--report", "again.jsonl", "-q", "--no-progress")
        results = [
            f"{line['id']}[{line['profile']}]" for line in read_report(Path("again.jsonl")) if line["type"] == "case"
        ]
        assert results == [name], command
        selected.append(name)
    return selected


def test_every_command_run_and_summary_print_selects_what_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write_cases(tmp_path / "cases")
    code, terminal = ran(capsys, "run", "--engine", zoo("all_wrong"), "--cases", "cases", "--no-progress", *OUTPUTS)
    assert code == 1
    commands = printed(tmp_path, terminal, "r.md", "r.html", "r.xml")
    code, again = ran(capsys, "summary", "r.jsonl", *SUMMARY_OUTPUTS)
    commands |= printed(tmp_path, again, "s.md", "s.html", "s.xml")
    failing = {
        f"{line['id']}[{line['profile']}]"
        for line in read_report(tmp_path / "r.jsonl")
        if line["type"] == "case" and line["status"] != "pass"
    }
    assert {"explain", "run"} <= {shlex.split(command)[1] for command in commands}
    assert set(each_command_selects_what_it_names(commands, capsys)) == failing  # a rerun for each failure


def test_every_command_check_and_summary_print_selects_the_line_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    lines: list[dict[str, Any]] = list(reference_transcript(2, seed=1))
    wrong = [number for number, line in enumerate(lines) if line.get("op") in ("show", "hand")][:2]
    for number in wrong:  # a show's total and a hand's scores one more than the reference's
        answer = lines[number]["ok"]
        if "total" in answer:
            answer["total"] += 1
        else:
            answer["scores"] = {seat: points + 1 for seat, points in answer["scores"].items()}
    Path("games.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code, terminal = ran(capsys, "check", "games.jsonl", "--no-progress", *OUTPUTS)
    assert code == 1
    commands = printed(tmp_path, terminal, "r.md", "r.html", "r.xml")
    code, again = ran(capsys, "summary", "r.jsonl", *SUMMARY_OUTPUTS)
    commands |= printed(tmp_path, again, "s.md", "s.html", "s.xml")
    assert {shlex.split(command)[1] for command in commands} == {"check"}  # a line is no case to explain
    assert set(each_command_selects_what_it_names(commands, capsys)) == {
        f"line-{number + 1}[six-card]" for number in wrong
    }
