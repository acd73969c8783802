"""--junit FILE.xml: JUnit XML for CI. A test suite per profile; a test case per result, named
`<case id>[<profile>]` as failures print it, its class `cribcheck.<profile>.<area>`. fail and
xpass are <failure>, error is <error>, skip, not_applicable and xfail are <skipped> (with the
reason). The engine's stderr tail is the suites' <system-err>.

A run that did not go to the end has a last suite `cribcheck.run` whose one test case says why:
an engine that could not start (or had nothing applicable) is `<testcase name="engine">` with an
<error type="setup">; a run interrupted (Ctrl-C, SIGTERM) is `<testcase name="run">` with
`<error message="run interrupted" type="interrupted">`; a run stopped by -x or --max-fail is
`<testcase name="run">` with `<skipped message="stopped early: ...">`. That suite's property
`complete` is false whenever results are missing.

Every text and attribute, whoever wrote it, goes through one XML cleaning as the file is written
(write_junit: harness/report/escaping.py's clean_xml), the several engines' file included."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

from cribcheck.harness.report.common import CollectingReporter, diff_lines, rerun_command, shown_seconds
from cribcheck.harness.report.escaping import clean_xml
from cribcheck.harness.results.results import CaseResult, RunFooter, area_of
from cribcheck.harness.results.status import Status


def write_junit(root: ET.Element, path: Path) -> None:
    """The one way a JUnit file is written: every text, tail and attribute made XML (clean_xml)."""
    tree = ET.ElementTree(clean_xml(root))
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)


class JUnitReporter(CollectingReporter):
    def finish(self, footer: RunFooter) -> None:
        write_junit(self.build(footer), self.path)

    def build(self, footer: RunFooter) -> ET.Element:
        root = ET.Element("testsuites", name="cribcheck", time=f"{footer.seconds:.3f}")
        by_profile: dict[str, list[CaseResult]] = defaultdict(list)
        for result in self._results:
            by_profile[result.profile].append(result)
        totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        for profile, results in by_profile.items():
            suite = ET.SubElement(root, "testsuite", name=f"cribcheck.{profile}")
            counts = {"tests": len(results), "failures": 0, "errors": 0, "skipped": 0}
            for result in results:
                kind = self._testcase(suite, result)
                if kind:
                    counts[kind] += 1
            for key, value in counts.items():
                suite.set(key, str(value))
                totals[key] += value
            suite.set("time", f"{sum(shown_seconds(result.seconds) for result in results):.3f}")
        if footer.aborted or not self._results or footer.interrupted or footer.stopped_early:
            self._run_suite(root, footer, totals)
        for key, value in totals.items():
            root.set(key, str(value))
        if footer.stderr_tail:
            ET.SubElement(root, "system-err").text = "\n".join(footer.stderr_tail)
        return root

    def _run_suite(self, root: ET.Element, footer: RunFooter, totals: dict[str, int]) -> None:
        """The suite `cribcheck.run`: why the run did not go to the end (or had no result)."""
        suite = ET.SubElement(root, "testsuite", name="cribcheck.run", tests="1", failures="0", errors="0", skipped="0")
        properties = ET.SubElement(suite, "properties")
        ET.SubElement(properties, "property", name="complete", value=str(footer.complete).lower())
        case = ET.SubElement(
            suite,
            "testcase",
            name="engine" if footer.aborted or not self._results else "run",
            classname="cribcheck.run",
        )
        totals["tests"] += 1
        if footer.aborted or footer.interrupted:
            text = footer.aborted or "run interrupted"
            kind = "setup" if footer.aborted and not footer.interrupted else "interrupted"
            message = "run interrupted" if footer.interrupted else text
            ET.SubElement(case, "error", message=message[:500], type=kind).text = text
            suite.set("errors", "1")
            totals["errors"] += 1
        elif footer.stopped_early:
            ET.SubElement(case, "skipped", message=f"stopped early: {footer.stopped_early}")
            suite.set("skipped", "1")
            totals["skipped"] += 1

    def _testcase(self, suite: ET.Element, result: CaseResult) -> str | None:
        case = result.case
        element = ET.SubElement(
            suite,
            "testcase",
            name=result.item.name,
            classname=f"cribcheck.{result.profile}.{area_of(case)}",
            file=case.file,
            time=f"{shown_seconds(result.seconds):.3f}",
        )
        message = (result.message or result.status.value)[:500]
        if result.status in (Status.FAIL, Status.XPASS):
            failure = ET.SubElement(element, "failure", message=message, type=result.status.value)
            failure.text = self._body(result)
            return "failures"
        if result.status is Status.ERROR:
            ET.SubElement(element, "error", message=message, type="error").text = self._body(result)
            return "errors"
        if result.status in (Status.SKIP, Status.NOT_APPLICABLE, Status.XFAIL):
            ET.SubElement(element, "skipped", message=f"{result.status.value}: {message}")
            return "skipped"
        return None

    def _body(self, result: CaseResult) -> str:
        case = result.case
        lines = [f"{case.title}", f"rules: {', '.join(case.rules)}", *result.mismatches]
        if result.message and result.status is not Status.FAIL:
            lines.append(result.message)
        if case.explain:
            lines.append("explain: " + " ".join(case.explain.split()))
        lines.extend(diff_lines(result))
        if self._header:
            lines.append("rerun: " + rerun_command(self._header, result))
        return "\n".join(lines)
