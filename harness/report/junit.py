"""--junit FILE.xml: JUnit XML for CI. A test suite per profile; a test case per result, named by
the case id, its class `cribcheck.<profile>.<area>`. fail and xpass are <failure>, error is
<error>, skip, not_applicable and xfail are <skipped> (with the reason). The engine's stderr tail
is the suites' <system-err>."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict

from harness.report.common import CollectingReporter, diff_lines, rerun_command, shown_seconds
from harness.results.results import CaseResult, RunFooter, area_of
from harness.results.status import Status


def _clean(text: str) -> str:
    """XML 1.0 cannot hold most control characters: drop them."""
    return "".join(ch for ch in text if ch in "\t\n\r" or ord(ch) >= 0x20)


class JUnitReporter(CollectingReporter):
    def finish(self, footer: RunFooter) -> None:
        tree = ET.ElementTree(self.build(footer))
        ET.indent(tree)
        tree.write(self.path, encoding="utf-8", xml_declaration=True)

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
        if footer.aborted or not self._results:
            suite = ET.SubElement(root, "testsuite", name="cribcheck.run", tests="1", failures="0", skipped="0")
            case = ET.SubElement(suite, "testcase", name="engine", classname="cribcheck.run")
            if footer.aborted:
                suite.set("errors", "1")
                totals["errors"] += 1
                ET.SubElement(case, "error", message=_clean(footer.aborted[:500]), type="setup").text = _clean(
                    footer.aborted
                )
            else:
                suite.set("errors", "0")
            totals["tests"] += 1
        for key, value in totals.items():
            root.set(key, str(value))
        if footer.stderr_tail:
            ET.SubElement(root, "system-err").text = _clean("\n".join(footer.stderr_tail))
        return root

    def _testcase(self, suite: ET.Element, result: CaseResult) -> str | None:
        case = result.case
        element = ET.SubElement(
            suite,
            "testcase",
            name=case.id,
            classname=f"cribcheck.{result.profile}.{area_of(case)}",
            file=case.file,
            time=f"{shown_seconds(result.seconds):.3f}",
        )
        message = _clean((result.message or result.status.value)[:500])
        if result.status in (Status.FAIL, Status.XPASS):
            failure = ET.SubElement(element, "failure", message=message, type=result.status.value)
            failure.text = _clean(self._body(result))
            return "failures"
        if result.status is Status.ERROR:
            ET.SubElement(element, "error", message=message, type="error").text = _clean(self._body(result))
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
