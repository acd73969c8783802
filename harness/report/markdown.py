"""--markdown FILE.md: a summary for a CI step (GitHub's $GITHUB_STEP_SUMMARY, say): compliance,
counts by profile, by rule area and by rule, and every failure grouped under its case's first
rule, each folded under <details>. Past MAX_BYTES of text (GitHub cuts a step summary at 1 MiB)
the remaining failures are still each named on a line, and the summary says where their details
are; none is left out."""

from __future__ import annotations

from collections.abc import Mapping

from cribcheck.harness.report.common import (
    CollectingReporter,
    compliance_text,
    diff_lines,
    needs_detail,
    not_checked_lines,
    not_checked_title,
    rejection_message,
    rerun_command,
    visible,
)
from cribcheck.harness.report.tally import by_rule, figure, verdict
from cribcheck.harness.results.results import CaseResult, RunFooter
from cribcheck.harness.results.status import Status

MAX_BYTES = 1_000_000  # the most text written; GitHub cuts a step summary at 1 MiB (1,048,576 bytes)


def _size(lines: list[str]) -> int:
    return sum(len(line.encode("utf-8", "surrogatepass")) + 1 for line in lines)  # sized before escaping


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


class MarkdownReporter(CollectingReporter):
    max_bytes = MAX_BYTES

    def finish(self, footer: RunFooter) -> None:
        self.path.write_text(self.render(footer), encoding="utf-8")

    def render(self, footer: RunFooter) -> str:
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
        title = not_checked_title(footer)
        if title:
            lines += [f"**{title[0].upper()}{title[1:]}:**", ""]
            lines += [f"- {_cell(line)}" for line in not_checked_lines(footer)]
            lines.append("")
        if self._results:
            lines += self._table("Profile", footer.summary.by_profile)
            lines += self._table("Rule area", footer.summary.by_area)
            lines += self._rule_table()
        lines += self._failures(_size(lines))
        if footer.stderr_tail and (footer.aborted or footer.summary.counts[Status.ERROR.value]):
            lines += ["<details><summary>The engine's stderr (last lines)</summary>", "", "```"]
            lines += [line[:300] for line in footer.stderr_tail]
            lines += ["```", "</details>", ""]
        return visible("\n".join(lines)) + "\n"

    def _table(self, title: str, rows: Mapping[str, Mapping[str, int]]) -> list[str]:
        shown = [status for status in Status if any(row[status.value] for row in rows.values())]
        lines = [
            f"| {title} | " + " | ".join(status.value for status in shown) + " |",
            "|---|" + "---:|" * len(shown),
        ]
        for name, row in rows.items():
            lines.append(f"| {_cell(name)} | " + " | ".join(str(row[status.value]) for status in shown) + " |")
        return [*lines, ""]

    def _rule_table(self) -> list[str]:
        """One row per rule: its verdict in a symbol and a word, passed/applicable, the counts."""
        rows = by_rule(self._results)
        shown = [status for status in Status if any(row[status.value] for row in rows.values())]
        lines = [
            "| Rule | | passed/applicable | " + " | ".join(status.value for status in shown) + " |",
            "|---|---|---:|" + "---:|" * len(shown),
        ]
        for rule, row in rows.items():
            mark = verdict(row)
            cells = [f"`{rule}`", f"{mark.symbol} {mark.word}", figure(row), *(str(row[s.value]) for s in shown)]
            lines.append("| " + " | ".join(cells) + " |")
        return ["A case counts under every rule it cites.", "", *lines, ""]

    def _failures(self, used: int) -> list[str]:
        """Every failure, grouped by its case's first rule; each in full while the whole text
        (`used` bytes before this part) stays under MAX_BYTES, else named on one line."""
        detailed = [result for result in self._results if needs_detail(result)]
        if not detailed:
            return []
        groups: dict[str, list[CaseResult]] = {}
        for result in detailed:
            groups.setdefault(result.case.rules[0] if result.case.rules else "(no rule)", []).append(result)
        heads = {rule: f"#### `{rule}` ({len(results)})" for rule, results in groups.items()}
        shorts = {result.item.key: self._short(result) for result in detailed}
        budget = self.max_bytes - used - _size([*heads.values(), *shorts.values()]) - 1000 - 4 * len(heads)
        lines = [f"### Failures ({len(detailed)}), by rule", ""]
        short = 0
        for rule in sorted(groups):
            lines += [heads[rule], ""]
            for result in groups[rule]:
                detail = self._detail(result)
                extra = _size(detail) - _size([shorts[result.item.key]])
                if extra <= budget:
                    budget -= extra
                    lines += detail
                else:
                    short += 1
                    lines.append(shorts[result.item.key])
            if lines[-1] != "":
                lines.append("")
        if short:
            lines += [
                f"> {short} of the failures are named above without their details, to keep this summary under "
                f"{self.max_bytes:,} bytes: every detail is in the JSON Lines report (`--report FILE.jsonl`), and "
                "`cribcheck summary FILE.jsonl --html FILE.html` shows them all.",
                "",
            ]
        return lines

    def _short(self, result: CaseResult) -> str:
        return f"- **{result.status.value.upper()}** `{result.item.name}`: {_cell(result.case.title)}"

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
