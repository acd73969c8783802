"""The public PyPI cribbage engines side by side: one command installs each into a venv of its
own, runs the suite against each through its adapter (one side-by-side run, beside the
reference), records games of those with a game loop into transcripts, checks every transcript,
writes each distinct disagreement as a case, and writes docs/engines.md (and the side-by-side
HTML report, docs/engines.html, which is not committed).

    .venv/bin/python examples/pypi-engines/compare.py            # 200 games each; minutes
    .venv/bin/python examples/pypi-engines/compare.py --games 50 --out /tmp/engines   # quicker

Run it with the interpreter where cribcheck is installed. The engines' code is never committed:
each is installed from PyPI by name and version into `--engines` (default `.engines/`, ignored
by git). Cases go into `--cases` (default examples/pypi-engines/findings/).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import disputes
import yaml

from cribcheck.harness.contract.files import CATALOGUE_FILE
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.results.saved import Run, read_runs
from cribcheck.reference import load_profile
from cribcheck.reference.profiles import profile_names

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WORKED = HERE / "worked"  # what the transcripts found, worked by hand: <engine>.yaml, and the lines, <stem>.jsonl


@dataclass(frozen=True)
class Engine:
    """A public engine: its PyPI name and version, how pip installs it, its adapter, its recorder
    (for a game loop; None when it has none or none is written yet), and what needs care."""

    name: str
    version: str
    pip: tuple[str, ...]
    adapter: str
    recorder: str | None
    care: str

    @property
    def slug(self) -> str:
        return self.name.replace("-", "_")


ENGINES = (
    Engine(
        "cribbage",
        "1.3.2",
        ("cribbage==1.3.2",),
        "adapter_cribbage.py",
        "record_cribbage.py",
        "pulls numpy < 2 and pytest < 7 (its declared dependencies); a command-line game with random and "
        "expert players",
    ),
    Engine(
        "cribbage-scorer",
        "0.2.5",
        ("cribbage-scorer==0.2.5",),
        "adapter_cribbage_scorer.py",
        None,
        "scoring functions only: no game loop to record",
    ),
    Engine(
        "pycribbage",
        "1.0.0",
        ("pycribbage==1.0.0",),
        "adapter_pycribbage.py",
        "record_pycribbage.py",
        "its game writes a log and a state file into the current folder: recorded in a temporary folder",
    ),
    Engine(
        "cribbagesim",
        "1.0.2",
        ("--ignore-requires-python", "cribbagesim==1.0.2"),
        "adapter_cribbagesim.py",
        "record_cribbagesim.py",
        "declares Python 3.12 and runs on 3.11 (installed with --ignore-requires-python); a simulator of whole "
        "games with random and Hoyle-like players (recorded: CribbageGame with its random players, each seeded); "
        "player 1 always deals the first hand, with no cut for the deal (the game line's cut is written to give "
        "A the deal)",
    ),
    Engine(
        "magmacrunch-cribbage",
        "0.1.1",
        ("--no-deps", "magmacrunch-cribbage==0.1.1"),
        "adapter_magmacrunch_cribbage.py",
        "record_magmacrunch_cribbage.py",
        "its top-level package is also named `cribbage` (a venv of its own); installed without its "
        "dependencies (the `magmacrunch` terminal front end, which scoring and the game state do not use); "
        "its game is the human against the computer: recorded with the package's own computer player in the "
        "human's seat too, through the calls its screen makes (game.Game and step); the human always deals the "
        "first hand, with no cut for the deal (the game line's cut is written to give A the deal)",
    ),
)


def python_of(folder: Path, engine: Engine) -> Path:
    return folder / engine.name / "bin" / "python"


def install(folder: Path, engine: Engine, log: Any) -> None:
    """The engine in a venv of its own, from PyPI (again only if its version is not there)."""
    python = python_of(folder, engine)
    if python.exists():
        shown = subprocess.run(
            [str(python), "-m", "pip", "show", engine.name], capture_output=True, text=True, check=False
        )
        if f"Version: {engine.version}" in shown.stdout:
            return
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(folder / engine.name)], check=True)
    command = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *engine.pip]
    print(f"installing {engine.name} {engine.version}: {' '.join(engine.pip)}", file=log, flush=True)
    subprocess.run(command, check=True)


def cribcheck(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cribcheck.harness.cli", *words], capture_output=True, text=True, check=False
    )


@dataclass(frozen=True)
class Checked:
    """One transcript checked: its run (from the JSON Lines report) and the cases written."""

    name: str
    run: Run
    cases: tuple[Path, ...]


@dataclass(frozen=True)
class Worked:
    """A finding worked by hand (a case of worked/<engine>.yaml), the transcript whose line it is,
    and whether this run's transcript holds that line again, the same input and the same answer."""

    case: dict[str, Any]
    stem: str
    found: bool


def worked_findings(engine: Engine, work: Path) -> list[Worked]:
    """The engine's worked findings, each matched to its line in worked/<stem>.jsonl and looked for
    in this run's transcript of the same name."""
    path = WORKED / f"{engine.name}.yaml"
    if not path.is_file():
        return []
    cases = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
    found: list[Worked] = []
    for case in cases:
        for stem in (engine.name, f"{engine.name}-events"):
            line = next((entry for entry in entries(WORKED / f"{stem}.jsonl") if same_input(entry, case)), None)
            if line is not None:
                found.append(Worked(case, stem, line in entries(work / f"{stem}.jsonl")))
                break
        else:
            raise SystemExit(f"{path}: the case {case['id']} has no line in {WORKED}/{engine.name}*.jsonl")
    return found


def entries(path: Path) -> list[dict[str, Any]]:
    """A transcript's lines, read (none if there is no such file)."""
    if not path.is_file():
        return []
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def same_input(entry: dict[str, Any], case: dict[str, Any]) -> bool:
    return entry.get("op") == case["op"] and entry.get("input") == case["input"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games recorded per engine (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="the recorders' seed (default 0)")
    parser.add_argument("--engines", type=Path, default=ROOT / ".engines", help="where the venvs go")
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="where engines.md and engines.html go")
    parser.add_argument("--cases", type=Path, default=HERE / "findings", help="where the findings' cases go")
    args = parser.parse_args(argv)
    started = time.monotonic()
    work = args.engines / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for engine in ENGINES:
        install(args.engines, engine, sys.stdout)
    adapters = [f"{python_of(args.engines, engine)} {HERE / engine.adapter}" for engine in ENGINES]
    args.out.mkdir(parents=True, exist_ok=True)
    side = work / "side-by-side.jsonl"
    print("running the suite: the reference and each adapter", flush=True)
    ran = cribcheck(
        "run", "--engine", "reference", *(word for command in adapters for word in ("--engine", command)),
        "--report", str(side), "--html", str(args.out / "engines.html"), "--markdown", str(work / "side.md"),
        "--no-progress", "--details", "0", "--report-full",
    )  # fmt: skip
    if ran.returncode not in (0, 1):
        print(ran.stdout + ran.stderr, file=sys.stderr)
        return 2
    runs = read_runs(side)
    checked: dict[str, list[Checked]] = {}
    shutil.rmtree(args.cases, ignore_errors=True)
    for engine in ENGINES:
        if engine.recorder is None:
            continue
        print(f"recording {args.games} games of {engine.name}", flush=True)
        subprocess.run(
            [str(python_of(args.engines, engine)), str(HERE / engine.recorder), "--games", str(args.games),
             "--seed", str(args.seed), "--out", str(work)],
            check=True, cwd=str(HERE),
        )  # fmt: skip
        for stem in (engine.name, f"{engine.name}-events"):
            transcript, report, cases = work / f"{stem}.jsonl", work / f"{stem}.report.jsonl", args.cases / stem
            cribcheck("check", str(transcript), "--report", str(report), "--write-cases", str(cases), "-q",
                      "--no-progress", "--details", "0")  # fmt: skip
            written = tuple(sorted(cases.glob("*.yaml"))) if cases.is_dir() else ()
            earlier = [path for item in checked.get(engine.name, []) for path in item.cases]
            checked.setdefault(engine.name, []).append(Checked(stem, read_runs(report)[0], once(written, earlier)))
    worked = {engine.name: worked_findings(engine, work) for engine in ENGINES}
    page = engines_page(runs, checked, worked, args, time.monotonic() - started, dispute_lines(runs))
    (args.out / "engines.md").write_text(page, encoding="utf-8")
    print(f"wrote {args.out / 'engines.md'} and {args.out / 'engines.html'}")
    lost = [item.case["id"] for items in worked.values() for item in items if not item.found]
    if lost:
        print(f"not found again in this run's transcripts: {', '.join(lost)}", file=sys.stderr)
        return 1
    return 0


def once(written: Sequence[Path], earlier: Sequence[Path]) -> tuple[Path, ...]:
    """The cases a transcript found, each written once: a case another transcript of the engine
    found already (the same id: the same input and, its id naming them, the same optional parts
    compared, so the same case; a refused play, say, refused alike in both) is removed from this
    transcript's folder and named by the earlier file."""
    by_name = {path.name: path for path in earlier}
    kept = []
    for path in written:
        if path.name in by_name:
            path.unlink()
            kept.append(by_name[path.name])
        else:
            kept.append(path)
    return tuple(kept)


def compliance(run: Run) -> str:
    summary = run.footer.summary
    value = summary.compliance
    percent = "n/a" if value is None else f"{100 * value:.1f}%"
    return f"{percent} ({summary.passed}/{summary.applicable})"


def claims(run: Run) -> str:
    """What the engine's hello claims, as the reports say it (operations, then features)."""
    info = run.header.engine
    return "(no hello)" if info is None else info.capabilities.describe()


def causes(run: Run) -> list[str]:
    """The likely causes of a run's failures (its footer's diagnosis), when the run has one."""
    diagnosis = getattr(run.footer, "diagnosis", None)
    if diagnosis is None:
        return []
    return [
        f"{cause.explains} failing: {cause.description} (rules {', '.join(cause.rules)}; first look at `{cause.case}`)"
        for cause in diagnosis.causes
    ]


def finding_lines(paths: Sequence[Path]) -> list[str]:
    lines = []
    for path in paths:
        case = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"][0]
        differed = case["explain"].split("What differed:\n", 1)[-1].strip().splitlines()
        first = next((line.strip() for line in differed if line.strip().startswith("events[")), differed[0].strip())
        rules = ", ".join(f"`{rule}`" for rule in case["rules"][:3])
        lines.append(f"| `{case['id']}` | {case['op']} | {rules} | `{first.replace('|', '/')}` |")
    return lines


def worked_lines(engine: Engine, items: Sequence[Worked]) -> list[str]:
    if not items:
        return []
    out = [
        "",
        f"What its transcripts found, each worked by hand against the rules "
        f"([`examples/pypi-engines/worked/{engine.name}.yaml`](../examples/pypi-engines/worked/{engine.name}.yaml): "
        "the case says what the game did wrong; the line the game wrote is beside it):",
        "",
        "| case | rules | what the game did wrong | found again in this run |",
        "|---|---|---|---|",
    ]
    for item in items:
        rules = ", ".join(f"`{rule}`" for rule in item.case["rules"])
        title = item.case["title"].split(": ", 1)[-1].replace("|", "/")
        found = f"yes (`{item.stem}.jsonl`)" if item.found else f"**no** (not in this run's `{item.stem}.jsonl`)"
        out.append(f"| `{item.case['id']}` | {rules} | {title} | {found} |")
    return out


def dispute_lines(runs: Sequence[Run]) -> list[str]:
    """The disputes section: which reading each engine's answers show (disputes.py)."""
    catalogue = yaml.safe_load(CATALOGUE_FILE.read_text(encoding="utf-8"))
    rules = [rule for rule in catalogue["rules"] if rule["area"] == "dispute"]
    cases = {case.id: case for case in load_cases()}
    profiles = {name: load_profile(name) for name in profile_names()}
    labels = ["reference", *(run.label.rsplit(" ", 1)[0] for run in runs[1:])]
    return disputes.table(runs, labels, rules, cases, profiles)


def engines_page(
    runs: Sequence[Run],
    checked: dict[str, list[Checked]],
    worked: dict[str, list[Worked]],
    args: argparse.Namespace,
    took: float,
    dispute_table: Sequence[str] = (),
) -> str:
    by_label = {run.label: run for run in runs}
    out = [
        "# The public engines side by side",
        "",
        "Made by `examples/pypi-engines/compare.py` (do not edit by hand): the five cribbage engines on PyPI,",
        "each installed from PyPI into a venv of its own, checked through an adapter over its own scoring",
        "functions (`cribcheck run`, beside the reference), and, for those with a game loop, through",
        f"transcripts of {args.games} games of its own (its own players, seed {args.seed}; `cribcheck check`).",
        "The side-by-side HTML report of the adapters is `docs/engines.html`, written by the same command",
        "(not committed: it is large). Each distinct disagreement of a transcript is written as a case under",
        "`examples/pypi-engines/findings/`; what they found is worked by hand, a case per finding saying what",
        "the game did wrong, in `examples/pypi-engines/worked/` (each run says whether it found each again).",
        "How to run it:",
        "[checking-your-engine.md](checking-your-engine.md#the-public-engines).",
        "",
        "| engine | version | claims (adapter) | compliance through the adapter | compliance through its transcripts "
        "| what needs care |",
        "|---|---|---|---|---|---|",
    ]
    reference = by_label.get("cribcheck-reference " + runs[0].header.suite_version) or runs[0]
    version = runs[0].header.suite_version
    out.append(f"| reference | {version} | {claims(reference)} | {compliance(reference)} | | |")
    for engine in ENGINES:
        run = by_label.get(f"{engine.name} {engine.version}")
        adapter = compliance(run) if run else "did not run"
        transcripts = (
            "; ".join(f"{item.name}: {compliance(item.run)}" for item in checked.get(engine.name, []))
            or "no game loop recorded"
        )
        out.append(
            f"| {engine.name} | {engine.version} | {claims(run) if run else ''} | {adapter} | {transcripts} | "
            f"{engine.care} |"
        )
    out += ["", *dispute_table] if dispute_table else []
    for engine in ENGINES:
        run = by_label.get(f"{engine.name} {engine.version}")
        out += ["", f"## {engine.name} {engine.version}", ""]
        if run is not None:
            failing = [result for result in run.results if result.status.fails_run]
            rules: dict[str, int] = {}
            for result in failing:
                rules[result.case.rules[0]] = rules.get(result.case.rules[0], 0) + 1
            top = ", ".join(f"`{rule}` {count}" for rule, count in sorted(rules.items(), key=lambda kv: -kv[1])[:8])
            out.append(f"Through the adapter: {compliance(run)}; failing by first rule: {top or 'none'}.")
            out += [f"- likely cause: {cause}" for cause in causes(run)]
        for item in checked.get(engine.name, []):
            out += ["", f"Transcript `{item.name}.jsonl` ({claims(item.run)}): {compliance(item.run)}."]
            out += [f"- likely cause: {cause}" for cause in causes(item.run)]
            if item.cases:
                out += ["", "| case | op | rules | first difference |", "|---|---|---|---|", *finding_lines(item.cases)]
            elif item.run.footer.exit_status == 0:
                out += ["", "Every line agrees with the reference: no finding."]
        out += worked_lines(engine, worked.get(engine.name, []))
    out += ["", f"The whole run took {took:.0f} s."]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
