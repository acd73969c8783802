"""A pytest plugin: `pytest --cribcheck-engine "CMD"` makes every case x profile a test item named
`<case id>[<profile>]`, so `-k`, `--junitxml`, `-x` and pytest-xdist work as usual.

Registered through the `pytest11` entry point; without --cribcheck-engine (or
--cribcheck-reference) it adds nothing. The engine is started (hello included) once per pytest
process at collection, so not-applicable items are skipped with the reason; when nothing at all
is applicable (a hello that misspells every profile) no item is collected, pytest exits 5 and the
reason is printed. Entries of --cribcheck-expectations become strict xfail marks. The items' node
ids are `cribcheck::<case id>[<profile>]`, so --lf and --ff rerun the last failures.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.contract.files import CASES_DIR, REPO_ROOT
from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.contract.words import did_you_mean
from cribcheck.harness.corpus.cases import CaseFileError, load_cases
from cribcheck.harness.engine.engines import Engine, EngineOptions, EngineSetupError, open_engine
from cribcheck.harness.engine.protocol import PROTOCOL_VERSION, EngineInfo
from cribcheck.harness.report.causes import cause_lines
from cribcheck.harness.report.common import case_line, diff_lines, rejection_message
from cribcheck.harness.report.escaping import on_terminal
from cribcheck.harness.results.expectations import Expectation, Expectations, ExpectationsError, load_expectations
from cribcheck.harness.results.results import CaseResult, Item, RunHeader
from cribcheck.harness.results.saved import case_result
from cribcheck.harness.results.status import Status
from cribcheck.harness.results.verdict import apply_expectation, judge
from cribcheck.harness.run.applicable import nothing_applicable
from cribcheck.harness.run.selection import Selection

ENGINE_KEY = pytest.StashKey["Engine"]()
RESULT_KEY = pytest.StashKey[dict[str, Any]]()
HEADER_KEY = pytest.StashKey[RunHeader]()
DIAGNOSED = (Status.FAIL, Status.ERROR)
NOTHING_KEY = pytest.StashKey[str]()
COLLECTOR_NAME = "cribcheck"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("cribcheck", "cribcheck: run the cribbage conformance cases against an engine")
    group.addoption("--cribcheck-engine", metavar="CMD", help="the adapter's command line")
    group.addoption("--cribcheck-reference", action="store_true", help="use the reference engine in-process")
    group.addoption("--cribcheck-shell", action="store_true", help="run the command through the shell")
    group.addoption("--cribcheck-once", action="store_true", help="start the adapter anew for every request")
    group.addoption("--cribcheck-timeout", type=float, default=5.0, metavar="S", help="seconds for one request")
    group.addoption("--cribcheck-profile", action="append", default=[], help="only this profile (repeatable)")
    group.addoption("--cribcheck-cases", type=Path, default=None, metavar="PATH", help="case folder or file")
    group.addoption("--cribcheck-expectations", type=Path, default=None, metavar="FILE", help="known failures")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cribcheck: a cribcheck case x profile (added by --cribcheck-engine)")
    if _wanted(config):
        config.pluginmanager.register(CausesSummary(config), "cribcheck-causes")


def _wanted(config: pytest.Config) -> bool:
    return bool(config.getoption("cribcheck_engine") or config.getoption("cribcheck_reference"))


@pytest.hookimpl(tryfirst=True)  # before -k and -m deselect
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    if not _wanted(config):
        return
    collector = CribcheckCollector.from_parent(session, name=COLLECTOR_NAME, nodeid=COLLECTOR_NAME)
    found: list[pytest.Item | pytest.Collector] = list(collector.collect())
    # report the collection as pytest does for its own collectors (so counts and -q show them)
    session.ihook.pytest_collectreport(report=pytest.CollectReport(collector.nodeid, "passed", None, found))
    items.extend(item for item in found if isinstance(item, pytest.Item))


def pytest_report_collectionfinish(config: pytest.Config) -> list[str]:
    nothing = config.stash.get(NOTHING_KEY, None)
    return [f"cribcheck: {nothing}"] if nothing else []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    """The result of a case x profile rides on its report (as plain JSON, so that pytest-xdist
    carries it from a worker to the terminal summary)."""
    report: pytest.TestReport = yield
    if call.when == "call" and RESULT_KEY in item.stash:
        report.cribcheck = item.stash[RESULT_KEY]  # type: ignore[attr-defined]
    return report


class CausesSummary:
    """Keeps the result of every case x profile as its report comes in (from this process or a
    pytest-xdist worker) and ends the terminal summary with the likely causes of the failures
    (harness/diagnosis/), as `cribcheck run` prints them."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.found: list[dict[str, Any]] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        found = getattr(report, "cribcheck", None)
        if report.when == "call" and isinstance(found, dict):
            self.found.append(found)

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        results = [case_result(entry["line"]) for entry in self.found]
        if not any(result.status in DIAGNOSED for result in results):
            return
        from cribcheck.harness.diagnosis.diagnose import diagnose  # a session without failures never loads it

        diagnosis = diagnose(results, EngineInfo.from_hello(self.found[0]["hello"]))
        terminalreporter.section("cribcheck: likely causes")
        for line in cause_lines(diagnosis, _header(self.config, None), results):
            terminalreporter.write_line(on_terminal(line))  # a case id from a case file, made harmless


def pytest_unconfigure(config: pytest.Config) -> None:
    engine = config.stash.get(ENGINE_KEY, None)
    if engine is not None:
        engine.close()
        del config.stash[ENGINE_KEY]


def _engine(config: pytest.Config) -> Engine:
    if ENGINE_KEY not in config.stash:
        command = config.getoption("cribcheck_engine")
        options = None
        if command and not config.getoption("cribcheck_reference"):
            options = EngineOptions(
                command=command,
                shell=config.getoption("cribcheck_shell"),
                once=config.getoption("cribcheck_once"),
                timeout=config.getoption("cribcheck_timeout"),
                window=1,
            )
        try:
            config.stash[ENGINE_KEY] = open_engine(options)
        except EngineSetupError as error:
            tail = "".join(f"\n  stderr | {line}" for line in error.stderr[-10:])
            raise pytest.UsageError(f"cribcheck: the engine could not be started: {error.message}{tail}") from None
    return config.stash[ENGINE_KEY]


def _header(config: pytest.Config, engine: Engine | None) -> RunHeader:
    """What a case line needs of a run's header: the engine (its features) and the rerun command."""
    if HEADER_KEY in config.stash and engine is not None:
        return config.stash[HEADER_KEY]
    command = config.getoption("cribcheck_engine")
    reference = config.getoption("cribcheck_reference") or not command
    cases = config.getoption("cribcheck_cases")
    header = RunHeader(
        suite_version=suite_version(),
        cases_dir=str(cases or CASES_DIR),
        protocol=PROTOCOL_VERSION,
        engine_command=None if reference else command,
        engine_mode="in-process" if reference else "persistent",
        engine=None if engine is None else engine.info,
        started="",
        selection={},
        planned=0,
        rerun_prefix=(
            "cribcheck",
            "run",
            *(() if reference else ("--engine", command)),
            *(("--cases", str(cases)) if cases else ()),
        ),
    )
    if engine is not None:
        config.stash[HEADER_KEY] = header
    return header


class CaseFailed(Exception):
    """A case x profile that failed or errored; carries its result for the report."""

    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.message)
        self.result = result


class CribcheckCollector(pytest.Collector):
    def collect(self) -> Iterator[CribcheckItem]:  # type: ignore[override]
        config = self.config
        cases_dir = config.getoption("cribcheck_cases") or CASES_DIR
        if not Path(cases_dir).exists():
            raise pytest.UsageError(f"cribcheck: --cribcheck-cases: no such file or folder: {cases_dir}")
        try:
            cases = load_cases(cases_dir)
        except CaseFileError as error:
            raise pytest.UsageError(f"cribcheck: the case files have problems:\n{error}") from None
        expectations = Expectations()
        path = config.getoption("cribcheck_expectations")
        if path:
            try:
                expectations = load_expectations(path, cases)
            except ExpectationsError as error:
                raise pytest.UsageError(f"cribcheck: {error}") from None
        known = {profile for case in cases for profile in case.profiles}
        for name in config.getoption("cribcheck_profile"):
            if name not in known:
                raise pytest.UsageError(
                    f"cribcheck: --cribcheck-profile {name}: no case runs under it{did_you_mean(name, known)}; "
                    f"the profiles: {', '.join(sorted(known))}"
                )
        info = _engine(config).info
        entries = Selection(profiles=tuple(config.getoption("cribcheck_profile"))).items(cases)
        nothing = nothing_applicable(info, entries)
        if nothing:  # no item at all, so that pytest exits 5 (no tests collected), saying why
            config.stash[NOTHING_KEY] = nothing
            return
        for entry in entries:
            # the node id given whole, so that pytest reads `[profile]` as its params (as --lf does)
            expectation = expectations.for_item(*entry.key)
            item = CribcheckItem.from_parent(
                self, name=entry.name, nodeid=f"{COLLECTOR_NAME}::{entry.name}", entry=entry, expectation=expectation
            )
            why = entry.why_not(info)
            if why:
                item.add_marker(pytest.mark.skip(reason=f"not applicable: {why}"))
            if expectation:
                reason = expectation.reason + (f" ({expectation.link})" if expectation.link else "")
                item.add_marker(pytest.mark.xfail(reason=reason, strict=True, raises=CaseFailed))
            item.add_marker(pytest.mark.cribcheck)
            yield item


class CribcheckItem(pytest.Item):
    def __init__(self, *, entry: Item, expectation: Expectation | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entry = entry
        self.expectation = expectation

    def runtest(self) -> None:
        engine = _engine(self.config)
        features = engine.info.features_for(self.entry.case.op)
        (outcome,) = list(engine.answer([self.entry.request("1", features)]))
        result = judge(self.entry, outcome, features, stops_at_target=engine.info.stops_at_target)
        recorded = apply_expectation(result, self.expectation)
        self.stash[RESULT_KEY] = {
            "line": case_line(_header(self.config, engine), recorded),
            "hello": dict(engine.info.raw),
        }
        if result.status is Status.SKIP:
            pytest.skip(f"the engine skipped it: {result.message}")
        if result.status is not Status.PASS:
            raise CaseFailed(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if not isinstance(excinfo.value, CaseFailed):
            return str(super().repr_failure(excinfo, style))
        result = excinfo.value.result
        case = result.case
        lines = [f"{result.status.value.upper()} {self.name}: {case.title}", f"rules: {', '.join(case.rules)}"]
        lines.append(f"file: {case.file}")
        if case.explain:
            lines.append("explain: " + " ".join(case.explain.split()))
        lines += [f"- {mismatch}" for mismatch in result.mismatches] or [result.message or ""]
        message = rejection_message(result)
        if message:
            lines.append(f"the engine's rejection message: {message}")
        lines += diff_lines(result)
        command = self.config.getoption("cribcheck_engine")
        rerun = ["cribcheck", "run", *(["--engine", command] if command else [])]
        lines.append("rerun: " + shlex.join([*rerun, "--case", f"{case.id}[{result.profile}]"]))
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int, str]:
        file = Path(self.entry.case.file)
        return (file if file.is_absolute() else REPO_ROOT / file), 0, f"cribcheck {self.name}"
