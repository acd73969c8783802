"""Issue 26: the configuration file, `[tool.cribcheck]` in pyproject.toml or `cribcheck.toml`,
keys named as the long options, the command line winning, `--show-config` saying what came from
where (harness/config.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cribcheck.harness.cli import main

from .reports import read_report


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder (its own repository's top: the search stops there), the current folder."""
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write_pyproject(folder: Path, table: str) -> None:
    (folder / "pyproject.toml").write_text(f'[project]\nname = "my-engine"\n\n[tool.cribcheck]\n{table}', "utf-8")


def profiles_run(report: Path) -> set[str]:
    return {line["profile"] for line in read_report(report) if line["type"] == "case"}


def test_pyproject_table_gives_the_options(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_pyproject(project, 'tag = ["show"]\nprofile = ["six-card"]\nreport = "out.jsonl"\njunit = "out.xml"\n')
    assert main(["run", "--no-progress"]) == 0
    assert profiles_run(project / "out.jsonl") == {"six-card"}
    assert (project / "out.xml").is_file()


def test_paths_are_relative_to_the_files_folder(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_pyproject(project, 'tag = ["show"]\nprofile = ["five-card"]\nreport = "out.jsonl"\n')
    below = project / "src" / "engine"
    below.mkdir(parents=True)
    monkeypatch.chdir(below)  # the file is found in a folder above, its paths stay its own
    assert main(["run", "--no-progress"]) == 0
    assert profiles_run(project / "out.jsonl") == {"five-card"}
    assert not (below / "out.jsonl").exists()


def test_the_command_line_wins_a_repeatable_option_too(project: Path) -> None:
    write_pyproject(project, 'tag = ["show"]\nprofile = ["six-card"]\nreport = "file.jsonl"\n')
    assert main(["run", "--no-progress", "--profile", "five-card", "--report", "line.jsonl"]) == 0
    assert profiles_run(project / "line.jsonl") == {"five-card"}  # not five-card added to six-card
    assert not (project / "file.jsonl").exists()


def test_cribcheck_toml_for_a_project_without_pyproject(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "cribcheck.toml").write_text('case = ["s5-pair-in-hand"]\nverbose = true\n', encoding="utf-8")
    assert main(["run", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "PASS" in out and "s5-pair-in-hand[five-card]" in out  # verbose: a line per result


def test_cribcheck_toml_is_read_before_pyproject(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_pyproject(project, 'junit = "from-pyproject.xml"\n')
    (project / "cribcheck.toml").write_text('junit = "from-cribcheck-toml.xml"\n', encoding="utf-8")
    assert main(["run", "--show-config"]) == 0
    out = capsys.readouterr().out
    assert f"configuration: {project / 'cribcheck.toml'}" in out
    assert 'junit = "from-cribcheck-toml.xml"' in out


def test_show_config_says_what_came_from_where(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_pyproject(project, 'engine = "python3 adapter.py"\nexpectations = "known.yaml"\nmax-fail = 3\n')
    assert main(["run", "--show-config", "--max-fail", "5", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    source = f"({project / 'pyproject.toml'} [tool.cribcheck])"
    assert lines[0] == f"configuration: {project / 'pyproject.toml'} [tool.cribcheck]"
    shown = {line.split("(")[0].strip(): line[line.index("(") :] for line in lines[1:]}
    assert shown == {
        'engine = "python3 adapter.py"': source,
        'expectations = "known.yaml"': source,
        "max-fail = 5": "(the command line)",
        "quiet = true": "(the command line)",
    }


def test_show_config_without_a_file_says_where_it_looked(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--show-config"]) == 0
    out = capsys.readouterr().out
    assert f"no configuration file: no cribcheck.toml, nor pyproject.toml with [tool.cribcheck], in {project}\n" in out
    assert "every option of `cribcheck run` at its default" in out


def test_a_pyproject_without_the_table_is_none(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert main(["run", "--show-config"]) == 0
    assert "no configuration file" in capsys.readouterr().out


def test_config_names_a_file_and_no_config_reads_none(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_pyproject(project, 'junit = "a.xml"\n')
    other = project / "ci.toml"
    other.write_text('junit = "b.xml"\n', encoding="utf-8")
    assert main(["run", "--show-config", "--config", str(other)]) == 0
    assert 'junit = "b.xml"' in capsys.readouterr().out
    assert main(["run", "--show-config", "--no-config"]) == 0
    assert "no configuration file read (--no-config)" in capsys.readouterr().out


def test_a_table_per_command_and_the_top_keys_another_command_has(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_pyproject(project, 'engine = "python3 adapter.py"\njunit = "a.xml"\n\n[tool.cribcheck.lint]\njson = true\n')
    assert main(["lint", "--show-config"]) == 0
    out = capsys.readouterr().out
    assert f"json = true  ({project / 'pyproject.toml'} [tool.cribcheck] [lint])" in out
    assert "junit" not in out and "engine" not in out  # lint has neither option
    assert main(["smoke", "--show-config"]) == 0  # --engine, required by smoke, comes from the file
    assert 'engine = "python3 adapter.py"' in capsys.readouterr().out


def test_a_mistyped_key_is_a_setup_error_with_its_reports(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_pyproject(project, 'junti = "a.xml"\n')
    assert main(["run", "--no-progress", "--junit", "j.xml"]) == 2
    err = capsys.readouterr().err
    assert f"{project / 'pyproject.toml'} [tool.cribcheck]: junti: not an option of `cribcheck run`" in err
    assert "(did you mean junit?)" in err
    assert "junti" in (project / "j.xml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ('max-fail = "many"', "max-fail: invalid int value: 'many'"),
        ('quiet = "yes"', "quiet: a flag takes true or false, not 'yes'"),
        ("timeout = [1, 2]", "timeout: takes one value, not a list"),
        ('color = "sometimes"', "color: invalid choice: 'sometimes'"),
        ("[tool.cribcheck.lnt]\njson = true", "[lnt]: no command of that name (did you mean lint?)"),
        ("[tool.cribcheck.lint]\njsn = true", "[lint]: jsn: not an option of `cribcheck lint` (did you mean json?)"),
    ],
)
def test_a_bad_value_names_the_key(project: Path, capsys: pytest.CaptureFixture[str], table: str, words: str) -> None:
    write_pyproject(project, table + "\n")
    command = "lint" if "lint" in table or "lnt" in table else "run"
    assert main([command, "--no-progress"] if command == "run" else [command]) == 2
    assert words in capsys.readouterr().err


def test_not_toml_is_an_error_naming_the_file(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "cribcheck.toml").write_text("engine = \n", encoding="utf-8")
    assert main(["lint"]) == 2
    assert f"{project / 'cribcheck.toml'}: not TOML" in capsys.readouterr().err


def test_mutually_exclusive_options_the_command_line_wins(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_pyproject(project, 'quiet = true\ncase = ["s5-pair-in-hand"]\n')
    assert main(["run", "--no-progress", "-v"]) == 0  # -v given: the file's quiet is left out, not an error
    out = capsys.readouterr().out
    assert "PASS" in out and "planned" in out


def test_several_engines_from_the_file(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_pyproject(project, 'engine = ["reference", "reference"]\ncase = ["s5-pair-in-hand"]\nreport = "r.jsonl"\n')
    assert main(["run", "--no-progress"]) == 0
    lines = [json.loads(line) for line in (project / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [line["type"] for line in lines] == ["header", "case", "footer"] * 2  # a run per engine


def test_the_docs_example_prints_what_the_docs_say(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    import re

    from cribcheck.harness.contract.files import REPO_ROOT

    text = (REPO_ROOT / "docs" / "checking-your-engine.md").read_text(encoding="utf-8")
    section = text[text.index("## 6. The configuration file") :]
    toml = re.search(r"```toml\n(.*?)```", section, re.S)
    shown = re.search(r"```console\n\$ cribcheck (.*?)\n(.*?)```", section, re.S)
    assert toml and shown
    project = tmp_path / "home" / "me" / "mycrib"
    (project / ".git").mkdir(parents=True)
    (project / "pyproject.toml").write_text(toml.group(1), encoding="utf-8")
    monkeypatch.chdir(project)
    assert main(shown.group(1).split()) == 0
    assert capsys.readouterr().out.replace(str(tmp_path), "") == shown.group(2)


def test_a_missing_expectations_file_the_configuration_names_is_no_error(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new project's first run, with the README's table: the file it names does not exist yet.
    Every failure counts, a note says so, and --write-expectations (the command that makes it) runs."""
    write_pyproject(project, 'expectations = "cribcheck-expectations.yaml"\ncase = ["s5-pair-in-hand"]\n')
    assert main(["run", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert "no expectations file cribcheck-expectations.yaml yet" in err
    assert "every failure counts" in err
    assert main(["run", "--no-progress", "--write-expectations", "cribcheck-expectations.yaml"]) == 0
    assert (project / "cribcheck-expectations.yaml").is_file()
    capsys.readouterr()
    assert main(["run", "--no-progress"]) == 0  # now read: no note
    assert "no expectations file" not in capsys.readouterr().err


def test_a_missing_expectations_file_named_on_the_command_line_stays_an_error(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "--no-progress", "--case", "s5-pair-in-hand", "--expectations", "nowhere.yaml"]) == 2
    assert "nowhere.yaml" in capsys.readouterr().err


def test_a_top_level_list_is_left_to_run_by_a_command_taking_one_value(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The guide's table has `profile = ["six-card", "six-card-61"]`: `cribcheck count`, whose
    --profile takes one, counts under its default (a four-card hand: six-card) instead of stopping."""
    write_pyproject(project, 'profile = ["five-card", "six-card-61"]\n')
    assert main(["count", "4C", "5D", "5H", "6S", "--starter", "KC"]) == 0
    out = capsys.readouterr().out
    assert "total: 16" in out and "(six-card)" in out  # source 004's hand: fifteens 8, pair 2, runs 6
    (project / "cribcheck.toml").write_text('[count]\nprofile = ["six-card"]\n', encoding="utf-8")
    assert main(["count", "4C", "5D", "5H", "6S", "--starter", "KC"]) == 2  # its own table: still an error
    assert "takes one value" in capsys.readouterr().err
