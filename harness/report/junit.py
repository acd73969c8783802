"""--junit FILE.xml: JUnit XML for CI. A test suite per profile; a test case per result, named
`<case id>[<profile>]` as failures print it, its class `cribcheck.<profile>.<area>`. fail and
xpass are <failure>, error is <error>, skip, not_applicable and xfail are <skipped> (with the
reason). The engine's stderr tail is the suites' <system-err>.

A test case's `file=` is its case file as a path from the current folder, given only when the file
is there: a CI reporter turns `file=` into a link or an annotation on the user's repository, where
the suite's own case files (`cases/flow/cut.yaml`, installed with cribcheck) are not. Those are
named in a failure's text instead (`case file: cribcheck's cases/flow/cut.yaml`); a user's own
`--cases` folder in the repository keeps its `file=`.

A run that did not go to the end has a last suite `cribcheck.run` whose one test case says why:
a run that could not be set up (a missing expectations file, a case file with problems, a
selection that matches nothing) is `<testcase name="setup">` with an <error type="setup">; an engine
that could not start (or had nothing applicable) is `<testcase name="engine">`, likewise; a run
interrupted (Ctrl-C, SIGTERM) is `<testcase name="run">` with
`<error message="run interrupted" type="interrupted">`; a run stopped by -x or --max-fail is
`<testcase name="run">` with `<skipped message="stopped early: ...">`. That suite's property
`complete` is false whenever results are missing.

The file is written as a stream: each test case, as its result comes, into its suite's temporary
file, then the suites one after the other, so a run (or a saved report) of any size is written
holding one result at a time. Every text and attribute, whoever wrote it, goes through one XML
cleaning as it is written (harness/report/escaping.py's clean_xml and visible), the several
engines' file included."""

from __future__ import annotations

import shutil
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from xml.sax.saxutils import escape, quoteattr

from cribcheck.harness.report.common import CollectingReporter, diff_lines, rerun_command, shown_seconds
from cribcheck.harness.report.escaping import clean_xml, visible
from cribcheck.harness.results.results import SETUP_ERROR, CaseResult, RunFooter, RunHeader, area_of
from cribcheck.harness.results.status import Status


@dataclass(frozen=True)
class Part:
    """One engine's run in a JUnit file: with several engines, `letter` names its suites
    (`cribcheck.<letter>.<profile>`) and `engine` is each suite's property `engine`."""

    header: RunHeader | None
    results: Iterable[CaseResult]
    footer: RunFooter
    letter: str | None = None
    engine: str | None = None


class _Suite:
    """A suite being written: its counts, and its test cases in a temporary file, so that a run of
    any size is written without holding its test cases in memory."""

    def __init__(self, name: str, engine: str | None) -> None:
        self.name = name
        self.engine = engine
        self.counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        self.seconds = 0.0
        self.cases: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed in write_junit)
        self.complete: bool | None = None  # the run suite's property

    def add(self, element: ET.Element, kind: str | None) -> None:
        self.counts["tests"] += 1
        if kind:
            self.counts[kind] += 1
        clean_xml(element)
        ET.indent(element, space="  ", level=2)
        self.cases.write("    " + ET.tostring(element, encoding="unicode").rstrip() + "\n")

    def write(self, out: IO[str]) -> None:
        attributes = {"name": self.name, **{key: str(value) for key, value in self.counts.items()}}
        if self.complete is None:
            attributes["time"] = f"{self.seconds:.3f}"
        out.write(f"  <testsuite{_attributes(attributes)}>\n")
        properties = [("complete", str(self.complete).lower())] if self.complete is not None else []
        properties += [("engine", self.engine)] if self.engine is not None else []
        if properties:
            out.write("    <properties>\n")
            for name, value in properties:
                out.write(f"      <property{_attributes({'name': name, 'value': value})} />\n")
            out.write("    </properties>\n")
        self.cases.seek(0)
        shutil.copyfileobj(self.cases, out)
        out.write("  </testsuite>\n")


def _attributes(values: dict[str, str]) -> str:
    return "".join(f" {name}={quoteattr(visible(value))}" for name, value in values.items())


def _run_case_name(footer: RunFooter, any_result: bool) -> str:
    """`setup` (the run could not be set up), `engine` (it could not start, or nothing was
    applicable to it), else `run`."""
    if footer.aborted and footer.aborted.startswith(SETUP_ERROR):
        return "setup"
    return "engine" if footer.aborted or not any_result else "run"


class JUnitReporter(CollectingReporter):
    def finish(self, footer: RunFooter) -> None:
        write_junit(self.path, [Part(self._header, self._results, footer)], footer.seconds)

    def build(self, footer: RunFooter) -> ET.Element:
        """The document as an element tree (what finish writes, for a caller that reads it)."""
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "junit.xml"
            write_junit(path, [Part(self._header, self._results, footer)], footer.seconds)
            return ET.parse(path).getroot()


def write_junit(path: Path, parts: Sequence[Part], seconds: float) -> None:
    """The JUnit file of one or several runs, each result's test case written as it comes (to its
    suite's temporary file), then the suites one after the other: memory holds a result at a time."""
    suites: list[_Suite] = []
    try:
        for part in parts:
            suites += _suites(part)
        totals = {key: sum(suite.counts[key] for suite in suites) for key in ("tests", "failures", "errors", "skipped")}
        with path.open("w", encoding="utf-8") as out:
            out.write("<?xml version='1.0' encoding='utf-8'?>\n")
            root = {"name": "cribcheck", "time": f"{seconds:.3f}", **{key: str(value) for key, value in totals.items()}}
            out.write(f"<testsuites{_attributes(root)}>\n")
            for suite in suites:
                suite.write(out)
            tails = parts[0].footer.stderr_tail if len(parts) == 1 else ()  # side by side: in each engine's report
            if tails:
                text = escape(visible("\n".join(tails)))
                out.write(f"  <system-err>{text}</system-err>\n")
            out.write("</testsuites>\n")
    finally:
        for suite in suites:
            suite.cases.close()


def _suites(part: Part) -> list[_Suite]:
    """One run's suites: one per profile, in the order the profiles come, then `cribcheck.run` if
    the run did not go to the end."""
    prefix = f"cribcheck.{part.letter}." if part.letter else "cribcheck."
    by_profile: dict[str, _Suite] = {}
    here: dict[str, bool] = {}  # case file -> whether it is in the current folder (_in_this_folder)
    seen = 0
    for result in part.results:
        seen += 1
        suite = by_profile.get(result.profile)
        if suite is None:
            suite = by_profile[result.profile] = _Suite(f"{prefix}{result.profile}", part.engine)
        element, kind = _testcase(part.header, result, prefix, here)
        suite.add(element, kind)
        suite.seconds += shown_seconds(result.seconds)
    suites = list(by_profile.values())
    footer = part.footer
    if footer.aborted or not seen or footer.interrupted or footer.stopped_early:
        suites.append(_run_suite(footer, seen, prefix, part.engine))
    return suites


def _run_suite(footer: RunFooter, seen: int, prefix: str, engine: str | None) -> _Suite:
    """The suite `cribcheck.run`: why the run did not go to the end (or had no result)."""
    suite = _Suite(f"{prefix}run", engine)
    suite.complete = footer.complete
    case = ET.Element("testcase", name=_run_case_name(footer, bool(seen)), classname=f"{prefix}run")
    kind = None
    if footer.aborted or footer.interrupted:
        text = footer.aborted or "run interrupted"
        error_kind = "setup" if footer.aborted and not footer.interrupted else "interrupted"
        message = "run interrupted" if footer.interrupted else text
        ET.SubElement(case, "error", message=message[:500], type=error_kind).text = text
        kind = "errors"
    elif footer.stopped_early:
        ET.SubElement(case, "skipped", message=f"stopped early: {footer.stopped_early}")
        kind = "skipped"
    suite.add(case, kind)
    return suite


def _in_this_folder(file: str, here: dict[str, bool]) -> bool:
    """Whether a case file is in the user's current folder: JUnit's `file=` names it only then (a
    CI shows `file` as a path of the user's repository, and cribcheck's own cases are not there)."""
    if file not in here:
        try:
            here[file] = not Path(file).is_absolute() and Path(file).is_file()
        except (OSError, ValueError):  # a report's text, no file name: too long, or holding NUL
            here[file] = False
    return here[file]


def _testcase(
    header: RunHeader | None, result: CaseResult, prefix: str, here: dict[str, bool]
) -> tuple[ET.Element, str | None]:
    case = result.case
    local = _in_this_folder(case.file, here)
    element = ET.Element(
        "testcase",
        name=result.item.name,
        classname=f"{prefix}{result.profile}.{area_of(case)}",
        time=f"{shown_seconds(result.seconds):.3f}",
    )
    if local:
        element.set("file", case.file)
    message = (result.message or result.status.value)[:500]
    if result.status in (Status.FAIL, Status.XPASS):
        failure = ET.SubElement(element, "failure", message=message, type=result.status.value)
        failure.text = _body(header, result, local)
        return element, "failures"
    if result.status is Status.ERROR:
        ET.SubElement(element, "error", message=message, type="error").text = _body(header, result, local)
        return element, "errors"
    if result.status in (Status.SKIP, Status.NOT_APPLICABLE, Status.XFAIL):
        ET.SubElement(element, "skipped", message=f"{result.status.value}: {message}")
        return element, "skipped"
    return element, None


def _body(header: RunHeader | None, result: CaseResult, local: bool) -> str:
    case = result.case
    where = case.file if local else f"cribcheck's {case.file}"
    lines = [f"{case.title}", f"rules: {', '.join(case.rules)}", f"case file: {where}", *result.mismatches]
    if result.message and result.status is not Status.FAIL:
        lines.append(result.message)
    if case.explain:
        lines.append("explain: " + " ".join(case.explain.split()))
    lines.extend(diff_lines(result))
    if header:
        lines.append("rerun: " + rerun_command(header, result))
    return "\n".join(lines)
