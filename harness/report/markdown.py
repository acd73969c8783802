"""--markdown FILE.md: a summary for a CI step (GitHub's $GITHUB_STEP_SUMMARY, say): compliance,
the likely causes of the failures (the run's diagnosis: each with its rules, what it explains and
its smallest case, with the commands that explain and rerun it), counts by profile, by rule area
and by rule, and every failure under its likely cause, the smallest first, each folded under
<details>.

At most MAX_BYTES (GitHub cuts a step summary at 1 MiB), whatever the run or a report read back
holds: every text is clipped (harness/report/escaping.py), the tables stop at their share of the
size and count the rows left out, and past the size the remaining failures are each named on a
line without their details, then, if even their names do not fit, counted; the summary says where
the rest is (the JSON Lines report). Past MAX_NAMED failures the rest are counted, not named, so
that what the reporter keeps is bounded whatever the number of results.

Every text of an engine, a case file or a report enters through one of escaping.py's Markdown
rules: md_text (literal text), md_code (a code span), md_fence (a code block), md_html (inside the
report's own <summary>); never as Markdown."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice

from cribcheck.harness.report.causes import (
    counted,
    explain_command,
    extras,
    failing_total,
    heading,
    ranked_line,
    smallest_rerun,
)
from cribcheck.harness.report.causes import groups as cause_groups
from cribcheck.harness.report.common import (
    CollectingReporter,
    byte_size,
    checked_text,
    compliance_text,
    diff_lines,
    not_checked_lines,
    rejection_message,
    rerun_command,
    rows_within,
)
from cribcheck.harness.report.escaping import NAME_LIMIT, md_cell, md_code, md_fence, md_html, md_text
from cribcheck.harness.report.tally import by_rule, figure, verdict
from cribcheck.harness.results.results import CaseResult, RunFooter
from cribcheck.harness.results.status import Status

MAX_BYTES = 1_000_000  # the most text written; GitHub cuts a step summary at 1 MiB (1,048,576 bytes)
MAX_NAMED = 5_000  # failures named (a line each, at least); the others counted, so that what is kept is bounded
STDERR_LINES = 50  # the last lines of the engine's stderr shown
NOTES = 20  # warnings shown; the JSON Lines report holds every one
CAUSES = 10  # likely causes listed; every failure is listed under its cause all the same
MORE = "in the JSON Lines report (`--report FILE.jsonl`); `cribcheck summary FILE.jsonl --html FILE.html` shows it"


_size = byte_size


class MarkdownReporter(CollectingReporter):
    max_bytes = MAX_BYTES
    level = 2  # the heading level of the report's title (3 when it is one engine of several)
    letter = ""  # the engine's letter among several (`A: `), put before the title

    def finish(self, footer: RunFooter) -> None:
        self.path.write_text(self.render(footer), encoding="utf-8")

    def render(self, footer: RunFooter) -> str:
        header = self._header
        lines: list[str] = []
        engine = header.engine.label if header and header.engine else (header.engine_command if header else None)
        title = f"{self.letter}: " if self.letter else ""
        title += f"cribcheck {md_text(header.suite_version, NAME_LIMIT) if header else ''}: "
        lines.append(f"{'#' * self.level} {title}{md_text(engine or 'no engine', NAME_LIMIT)}")
        lines.append("")
        verdict = "passed" if footer.exit_status == 0 else "FAILED"
        lines.append(f"**{verdict}**, {compliance_text(footer)}")
        lines.append("")
        checked = checked_text(footer)
        if checked:  # beside the figure, the breakdown one click away
            lines += [f"<details><summary>{md_text(checked)}: why not the rest</summary>", ""]
            lines += [f"- {md_text(line)}" for line in not_checked_lines(footer.not_checked)]
            lines += ["", "</details>", ""]
        lines += self._causes(footer)
        if footer.aborted:
            lines += [f"> **Stopped:** {md_text(footer.aborted)}", ""]
        if footer.stopped_early:
            lines += [f"> {md_text(footer.stopped_early)}", ""]
        if footer.interrupted:
            lines += ["> Interrupted: what ran is below.", ""]
        for note in footer.notes[:NOTES]:
            lines += [f"> **Warning:** {md_text(note)}", ""]
        if len(footer.notes) > NOTES:
            lines += [f"> {len(footer.notes) - NOTES:,} more warnings {MORE}.", ""]
        stderr: list[str] = []
        if footer.stderr_tail and (footer.aborted or footer.summary.counts[Status.ERROR.value]):
            tail = [line[:300] for line in footer.stderr_tail[-STDERR_LINES:]]
            stderr = ["<details><summary>The engine's stderr (last lines)</summary>", "", *md_fence(tail)]
            stderr += ["", "</details>", ""]
        if self._results:
            tables = self.max_bytes // 4  # the three tables' share, each counting the rows it leaves out
            lines += self._table("Profile", footer.summary.by_profile, tables // 3)
            lines += self._table("Rule area", footer.summary.by_area, tables // 3)
            lines += self._rule_table(tables // 3)
        lines += self._failures(_size(lines) + _size(stderr), footer)
        return "\n".join([*lines, *stderr]) + "\n"

    def _table(self, title: str, rows: Mapping[str, Mapping[str, int]], budget: int) -> list[str]:
        shown = [status for status in Status if any(row[status.value] for row in rows.values())]
        lines = [
            f"| {title} | " + " | ".join(status.value for status in shown) + " |",
            "|---|" + "---:|" * len(shown),
        ]
        body = (
            f"| {md_cell(md_text(name, NAME_LIMIT))} | " + " | ".join(str(row[status.value]) for status in shown) + " |"
            for name, row in rows.items()
        )
        return [*lines, *rows_within(body, len(rows), budget - _size(lines), f"rows {MORE}"), ""]

    def _rule_table(self, budget: int) -> list[str]:
        """One row per rule: its verdict in a symbol and a word, passed/applicable, the counts."""
        rows = by_rule(self._results)
        shown = [status for status in Status if any(row[status.value] for row in rows.values())]
        lines = [
            "A case counts under every rule it cites.",
            "",
            "| Rule | | passed/applicable | " + " | ".join(status.value for status in shown) + " |",
            "|---|---|---:|" + "---:|" * len(shown),
        ]
        body = (
            "| "
            + " | ".join(
                [md_cell(md_code(rule)), f"{verdict(row).symbol} {verdict(row).word}", figure(row)]
                + [str(row[s.value]) for s in shown]
            )
            + " |"
            for rule, row in rows.items()
        )
        return [*lines, *rows_within(body, len(rows), budget - _size(lines), f"rules {MORE}"), ""]

    def _causes(self, footer: RunFooter) -> list[str]:
        """The likely causes (the run's diagnosis), the most failures first: each in a numbered
        item with its rules, what it explains, and the smallest case with the commands that
        explain and rerun it; then the rules the failures point at."""
        diagnosis = footer.diagnosis
        if diagnosis is None or not diagnosis.causes:
            return []
        total = failing_total(diagnosis)
        level = "#" * (self.level + 1)
        lines = [f"{level} Likely causes of the {total:,} failing result{'s' if total != 1 else ''}", ""]
        for number, cause in enumerate(diagnosis.causes[:CAUSES], start=1):
            rules = ", ".join(md_code(rule) for rule in cause.rules) or "no rule"
            known = ""
            if cause.mutant:
                known = f"a known bug (mutant {md_code(cause.mutant)}) reproduces the whole answer of "
            elif cause.reading:
                known = f"the profile {md_code(cause.reading)} answers as the engine does in "
            more = "".join(f"; {md_text(extra)}" for extra in extras(cause))
            lines.append(
                f"{number}. {md_text(heading(cause))}. Rule{'s' if len(cause.rules) > 1 else ''} {rules}; "
                f"{known}{counted(cause):,} of the {total:,} failing results{more}."
            )
            found = (explain_command(self._header, cause.case), smallest_rerun(self._header, cause, self._results))
            commands = [md_code(command) for command in found if command]
            lines.append(f"   Look first at {md_code(cause.case)}: {', then '.join(commands)}")
        if len(diagnosis.causes) > CAUSES:
            lines.append(f"{CAUSES + 1}. and {len(diagnosis.causes) - CAUSES:,} more causes, their failures below.")
        lines.append("")
        ranked = ranked_line(diagnosis.rules)
        if ranked:
            lines += [f"The rules the failures point at (Ochiai score, share of the failures): {md_text(ranked)}.", ""]
        return lines

    def _failures(self, used: int, footer: RunFooter) -> list[str]:
        """Every result that fails the run, cause by cause (the likely causes' order, the
        smallest case first); each in full while the whole text (`used` bytes before this part)
        stays under max_bytes, else named on one line, else (when even the names do not fit)
        counted. Past MAX_NAMED failures (in the causes' order) the rest are only counted."""
        by_cause = cause_groups(self._results, footer.diagnosis, MAX_NAMED)
        detailed = list(islice((result for group in by_cause for result in group.results), MAX_NAMED))
        past = sum(len(group.results) + group.more for group in by_cause) - len(detailed)
        if not detailed:
            return []
        named = {result.item.key for result in detailed}
        groups: dict[str, list[CaseResult]] = {}
        titles: dict[str, str] = {}
        counts: dict[str, int] = {}
        for group in by_cause:
            members = [result for result in group.results if result.item.key in named]
            if not members:
                continue
            key = f"{group.number or 999_999:06d}"  # the undiagnosed last
            groups[key], counts[key] = members, len(group.results) + group.more
            if group.cause is None:
                titles[key] = "Other results that fail the run" if footer.diagnosis and footer.diagnosis.causes else ""
            else:
                titles[key] = f"Cause {group.number}: {md_text(heading(group.cause))}"
        heads = {
            key: f"{'#' * (self.level + 2)} {titles[key] or 'Results that fail the run'} ({counts[key]:,})"
            for key in groups
        }
        budget = self.max_bytes - used - 2_000  # room for the closing notes
        shorts = {result.item.key: self._short(result) for result in detailed}
        needed = _size([*heads.values(), *shorts.values()]) + 2 * len(heads)
        named_all = needed <= budget
        budget -= needed if named_all else 0
        lines = [f"{'#' * (self.level + 1)} Failures ({len(detailed) + past:,}), by likely cause", ""]
        short, unnamed = 0, past
        for rule in sorted(groups):
            if not named_all:
                if _size([heads[rule]]) + 1 > budget:
                    unnamed += len(groups[rule])
                    continue
                budget -= _size([heads[rule], ""])
            lines += [heads[rule], ""]
            for result in groups[rule]:
                line = shorts[result.item.key]
                if not named_all:
                    if _size([line]) > budget:
                        unnamed += 1
                        continue
                    budget -= _size([line])
                    short += 1
                    lines.append(line)
                    continue
                detail = self._detail(result)
                extra = _size(detail) - _size([line])
                if extra <= budget:
                    budget -= extra
                    lines += detail
                else:
                    short += 1
                    lines.append(line)
            if lines[-1] != "":
                lines.append("")
        if short:
            lines += [
                f"> {short} of the failures are named above without their details, to keep this summary under "
                f"{self.max_bytes:,} bytes: every detail is in the JSON Lines report (`--report FILE.jsonl`), and "
                "`cribcheck summary FILE.jsonl --html FILE.html` shows them all.",
                "",
            ]
        if unnamed:
            lines += [f"> {unnamed:,} more failures, not named here to keep this summary under its size: {MORE}.", ""]
        return lines

    def _short(self, result: CaseResult) -> str:
        return f"- **{result.status.value.upper()}** {md_code(result.item.name)}: {md_text(result.case.title)}"

    def _detail(self, result: CaseResult) -> list[str]:
        case = result.case
        lines = [
            f"<details><summary><b>{result.status.value.upper()}</b> <code>{md_html(result.item.name, NAME_LIMIT)}"
            f"</code>: {md_html(case.title)}</summary>",
            "",
            f"- file {md_code(case.file)}, rules {', '.join(md_code(rule) for rule in case.rules)}",
        ]
        if case.explain:
            lines.append(f"- explanation: {md_text(case.explain)}")
        lines += [f"- {md_text(mismatch)}" for mismatch in result.mismatches]
        if result.message and result.status is not Status.FAIL:
            lines.append(f"- {md_text(result.message)}")
        message = rejection_message(result)
        if message:
            lines.append(f"- the engine's rejection message: {md_text(message)}")
        diff = diff_lines(result)
        if diff:
            lines += ["", *md_fence([line[:1_000] for line in diff], "diff")]
        if self._header:
            lines += ["", f"Rerun: {md_code(rerun_command(self._header, result), 1_000)}"]
        return [*lines, "", "</details>", ""]
