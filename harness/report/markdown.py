"""--markdown FILE.md: a summary for a CI step (GitHub's $GITHUB_STEP_SUMMARY, say): compliance,
counts by profile and by rule area, and each failure folded under <details>."""

from __future__ import annotations

from collections.abc import Mapping

from harness.report.common import (
    CollectingReporter,
    compliance_text,
    diff_lines,
    needs_detail,
    rejection_message,
    rerun_command,
    visible,
)
from harness.results.results import CaseResult, RunFooter
from harness.results.status import Status

MAX_DETAILED = 100  # failures shown in full; GitHub caps a step summary at 1 MiB


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


class MarkdownReporter(CollectingReporter):
    def finish(self, footer: RunFooter) -> None:
        header = self._header
        lines: list[str] = []
        engine = header.engine.label if header and header.engine else (header.engine_command if header else None)
        lines.append(f"## cribcheck {header.suite_version if header else ''}: {engine or 'no engine'}")
        lines.append("")
        verdict = "passed" if footer.exit_status == 0 else "FAILED"
        lines.append(f"**{verdict}**, {compliance_text(footer)}")
        lines.append("")
        if footer.aborted:
            lines += [f"> **Stopped:** {_cell(footer.aborted)}", ""]
        for state in (footer.stopped_early, "Interrupted: what ran is below." if footer.interrupted else None):
            if state:
                lines += [f"> {state}", ""]
        for note in footer.notes:
            lines += [f"> **Warning:** {_cell(note)}", ""]
        if self._results:
            lines += self._table("Profile", footer.summary.by_profile)
            lines += self._table("Rule area", footer.summary.by_area)
        detailed = [result for result in self._results if needs_detail(result)]
        if detailed:
            lines += [f"### Failures ({len(detailed)})", ""]
            for result in detailed[:MAX_DETAILED]:
                lines += self._detail(result)
            if len(detailed) > MAX_DETAILED:
                lines += [f"... and {len(detailed) - MAX_DETAILED} more.", ""]
        if footer.stderr_tail and (footer.aborted or footer.summary.counts[Status.ERROR.value]):
            lines += ["<details><summary>The engine's stderr (last lines)</summary>", "", "```"]
            lines += [line[:300] for line in footer.stderr_tail]
            lines += ["```", "</details>", ""]
        self.path.write_text(visible("\n".join(lines)) + "\n", encoding="utf-8")

    def _table(self, title: str, rows: Mapping[str, Mapping[str, int]]) -> list[str]:
        shown = [status for status in Status if any(row[status.value] for row in rows.values())]
        lines = [
            f"| {title} | " + " | ".join(status.value for status in shown) + " |",
            "|---|" + "---:|" * len(shown),
        ]
        for name, row in rows.items():
            lines.append(f"| {_cell(name)} | " + " | ".join(str(row[status.value]) for status in shown) + " |")
        return [*lines, ""]

    def _detail(self, result: CaseResult) -> list[str]:
        case = result.case
        lines = [
            f"<details><summary><b>{result.status.value.upper()}</b> <code>{result.item.name}</code>: "
            f"{_cell(case.title)}</summary>",
            "",
            f"- file `{case.file}`, rules {', '.join(f'`{rule}`' for rule in case.rules)}",
        ]
        if case.explain:
            lines.append(f"- explanation: {_cell(' '.join(case.explain.split()))}")
        lines += [f"- {_cell(mismatch)}" for mismatch in result.mismatches]
        if result.message and result.status is not Status.FAIL:
            lines.append(f"- {_cell(result.message)}")
        message = rejection_message(result)
        if message:
            lines.append(f"- the engine's rejection message: {_cell(message)}")
        diff = diff_lines(result)
        if diff:
            lines += ["", "```diff", *diff, "```"]
        if self._header:
            lines += ["", f"Rerun: `{rerun_command(self._header, result)}`"]
        return [*lines, "", "</details>", ""]
