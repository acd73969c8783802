"""--html FILE.html: one self-contained page, usable offline from a CI artifact.

The page asks for nothing over the network: no external script, style, font or image, and a
Content-Security-Policy that allows only its own inline style and script (by their hashes). It
shows, for each engine: who it is and what it claims, the suite and the date; the compliance per
profile (passed / applicable, with skips, errors, not applicable and expected failures apart); a
matrix of rule areas and rules down and profiles across whose cells read without colour too (a
symbol and a figure: `✓ 12/12`, `✗ 3/15`); and every result that did not pass, grouped by its
case's first rule, with its title, its rules linked to the rules book (docs/rules.md#RULE-ID), its
explanation, expected against actual, and the command that reruns it. With several engines, a
comparison comes first: each rule's figure per engine, and every case x profile with which
engines pass it, the disagreements first.

A few lines of plain script filter by status, profile and rule and search the text; with script
off the filters stay hidden and everything is shown.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.operations.capabilities import Capabilities
from cribcheck.harness.report.common import (
    CollectingReporter,
    actual_shown,
    json_safe,
    needs_detail,
    not_checked_lines,
    not_checked_title,
    rejection_message,
    rerun_command,
    visible,
)
from cribcheck.harness.report.compare import SYMBOLS, Comparison, mark
from cribcheck.harness.report.tally import VERDICTS, Matrix, compliance_message, figure, percent, verdict
from cribcheck.harness.results.results import CaseResult, RunFooter, applicable, rule_area
from cribcheck.harness.results.saved import Run
from cribcheck.harness.results.status import Status

RULES_BOOK = REPO_ROOT / "docs" / "rules.md"
LISTED = (Status.FAIL, Status.ERROR, Status.XPASS, Status.XFAIL, Status.SKIP)  # results shown one by one

STYLE = """
:root{--pass:#1a7f37;--fail:#cf222e;--error:#8250df;--partial:#9a6700;--na:#6e7781;--line:#d0d7de}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;padding:1rem 1.5rem;max-width:1500px;color:#1f2328}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.25rem;margin:1.6rem 0 .5rem;border-bottom:2px solid var(--line)}
h3{font-size:1.05rem;margin:1.2rem 0 .4rem}h4{font-size:.95rem;margin:.2rem 0}
code,pre{font:12px/1.4 ui-monospace,monospace}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;margin:.2rem 0;white-space:pre-wrap}
table{border-collapse:collapse;margin:.4rem 0}
th,td{border:1px solid var(--line);padding:.15rem .45rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}
.wide{overflow-x:auto}
.c{white-space:nowrap;text-align:center;font-variant-numeric:tabular-nums}
.c a{color:inherit;text-decoration:none;display:block}
.pass{background:#dafbe1;color:var(--pass)}.fail{background:#ffebe9;color:var(--fail);font-weight:600}
.error{background:#fbefff;color:var(--error);font-weight:600}.partial{background:#fff8c5;color:var(--partial)}
.na{background:#f6f8fa;color:var(--na)}.none{background:#fff}
tr.area th{background:#eaeef2}tr.area th,tr.area td{border-top:2px solid #8c959f}
th.rule{font-weight:normal;padding-left:1.2rem}
.big{font-size:1.6rem;font-weight:700}
.state{padding:.1rem .4rem;border-radius:3px}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:.1rem 1rem;margin:.4rem 0}
dl.facts dt{font-weight:600}dl.facts dd{margin:0}
.entry{border:1px solid var(--line);border-left:6px solid var(--na);padding:.4rem .7rem;margin:.5rem 0}
.entry.fail{background:#fff;border-left-color:var(--fail)}.entry.error{background:#fff;border-left-color:var(--error)}
.entry.partial{background:#fff;border-left-color:var(--partial)}
.entry .meta{color:#57606a;margin:.1rem 0}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:.6rem}
.sides h5{margin:.3rem 0 0;font-size:.85rem}
.note{border-left:4px solid var(--partial);background:#fff8c5;padding:.3rem .6rem;margin:.4rem 0}
.stop{border-left-color:var(--fail);background:#ffebe9}
form{position:sticky;top:0;background:#fff;border-bottom:1px solid var(--line);padding:.5rem 0;z-index:1}
form label{margin-right:1rem}
[hidden]{display:none!important}
"""

SCRIPT = """
const form = document.getElementById("filters");
form.hidden = false;
const all = (selector) => Array.from(document.querySelectorAll(selector));
function apply() {
  const status = form.status.value, profile = form.profile.value, rule = form.rule.value;
  const text = form.search.value.trim().toLowerCase();
  let shown = 0, total = 0;
  for (const item of all("[data-entry]")) {
    const keep = (!status || item.dataset.status.split(" ").includes(status))
      && (!profile || item.dataset.profile === profile)
      && (!rule || item.dataset.rules.split(" ").includes(rule))
      && (!text || item.textContent.toLowerCase().includes(text));
    item.hidden = !keep;
    total += 1;
    shown += keep;
  }
  for (const cell of all("[data-col]")) cell.hidden = Boolean(profile) && cell.dataset.col !== profile;
  for (const row of all("tr[data-rule]")) row.hidden = Boolean(rule) && row.dataset.rule !== rule;
  const area = rule ? form.rule.selectedOptions[0].dataset.area : "";
  for (const row of all("tr[data-area]")) row.hidden = Boolean(area) && row.dataset.area !== area;
  for (const group of all("[data-group]")) group.hidden = !group.querySelector("[data-entry]:not([hidden])");
  form.querySelector("output").value = `${shown} of ${total} results shown`;
}
form.addEventListener("input", apply);
form.addEventListener("change", apply);
apply();
"""


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


POLICY = (
    f"default-src 'none'; style-src '{_hash(STYLE)}'; script-src '{_hash(SCRIPT)}'; "
    "img-src 'none'; base-uri 'none'; form-action 'none'"
)


def e(value: object) -> str:
    """A value as HTML text: control characters and lone surrogates made visible, then escaped."""
    return escape(visible(str(value)), quote=True)


def rules_book_for(path: Path) -> str:
    """The rules book as a link relative to the folder the page is written in."""
    return Path(os.path.relpath(RULES_BOOK, path.resolve().parent)).as_posix()


def render(runs: Sequence[Run], *, rules_book: str = "docs/rules.md") -> str:
    page = _Page(runs, rules_book)
    return page.html()


class HtmlReporter(CollectingReporter):
    def finish(self, footer: RunFooter) -> None:
        assert self._header is not None
        run = Run(self._header, tuple(self._results), footer)
        write_html(self.path, [run])


def write_html(path: Path, runs: Sequence[Run]) -> None:
    path.write_text(render(runs, rules_book=rules_book_for(path)), encoding="utf-8")


class _Page:
    def __init__(self, runs: Sequence[Run], rules_book: str) -> None:
        self.runs = runs
        self.book = rules_book
        self.listed = [[result for result in run.results if result.status in LISTED] for run in runs]
        self.letters = [column.letter for column in Comparison.of(runs).columns] if len(runs) > 1 else []

    def html(self) -> str:
        first = self.runs[0].header
        names = ", ".join(run.label for run in self.runs)
        figures = " · ".join(compliance_message(run.footer.summary.counts) for run in self.runs)
        parts = [
            "<!doctype html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="{e(POLICY)}">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>cribcheck {e(first.suite_version)}: {e(names)} — {e(figures)}</title>",
            f"<style>{STYLE}</style></head><body>",
            "<header><h1>cribcheck conformance report</h1>",
            f"<p>suite <b>cribcheck {e(first.suite_version)}</b>, protocol {e(first.protocol)}, cases from "
            f"<code>{e(first.cases_dir)}</code>, run {e(first.started)}; {len(self.runs)} "
            f"engine{'s' if len(self.runs) > 1 else ''}: {e(names)}</p></header>",
            self._filters(),
        ]
        if len(self.runs) > 1:
            parts.append(self._comparison(Comparison.of(self.runs)))
        for number, run in enumerate(self.runs):
            parts.append(self._engine(number, run))
        parts += [self._legend(), f"<script>{SCRIPT}</script>", "</body></html>"]
        return "\n".join(parts) + "\n"

    # --- filters -------------------------------------------------------------------------------

    def _filters(self) -> str:
        results = [result for run in self.runs for result in run.results]
        present = [status for status in Status if any(result.status is status for result in results)]
        profiles = sorted({result.profile for result in results})
        rules = sorted({rule for result in results for rule in result.case.rules}, key=lambda r: (rule_area(r), r))
        areas: dict[str, list[str]] = {}
        for rule in rules:
            areas.setdefault(rule_area(rule), []).append(rule)
        status_options = "".join(f'<option value="{e(s.value)}">{e(mark(s))}</option>' for s in present)
        profile_options = "".join(f'<option value="{e(p)}">{e(p)}</option>' for p in profiles)
        rule_options = "".join(
            f'<optgroup label="{e(area)}">'
            + "".join(f'<option value="{e(rule)}" data-area="{e(area)}">{e(rule)}</option>' for rule in members)
            + "</optgroup>"
            for area, members in areas.items()
        )
        return (
            '<form id="filters" hidden role="search">'
            f'<label>status <select name="status"><option value="">any</option>{status_options}</select></label>'
            f'<label>profile <select name="profile"><option value="">any</option>{profile_options}</select></label>'
            f'<label>rule <select name="rule"><option value="">any</option>{rule_options}</select></label>'
            '<label>search <input type="search" name="search" placeholder="case id, title, message..."></label>'
            '<output name="shown" aria-live="polite"></output></form>'
        )

    # --- several engines -----------------------------------------------------------------------

    def _comparison(self, comparison: Comparison) -> str:
        columns = comparison.columns
        heads = "".join(f"<th>{e(column.letter)}</th>" for column in columns)
        engines = "".join(
            f"<tr><th>{e(column.letter)}</th><td>{e(column.run.label)}</td><td><code>{e(column.command)}</code></td>"
            f'<td class="{self._state_class(column.run)}">{e(column.state)}</td>'
            f'<td><a href="#engine-{number}">its report</a></td></tr>'
            for number, column in enumerate(columns)
        )
        disagree_by_rule = comparison.disagree_by_rule()
        split_areas = comparison.disagree_by_area()
        areas = [Matrix.of(column.run.results) for column in columns]
        # the areas with the most disagreements first, then the rest by name
        ordered = sorted(comparison.rules, key=lambda rule: (-split_areas.get(rule_area(rule), 0), *_by_area(rule)))
        rule_rows = []
        area = None
        for rule in ordered:
            counts = comparison.rules[rule]
            if rule_area(rule) != area:
                area = rule_area(rule)
                totals = "".join(self._cell(matrix.total(matrix.areas.get(area, {})), None) for matrix in areas)
                split = split_areas.get(area, 0)
                mark_area = f'<td class="c fail">✗ {split} disagree</td>' if split else '<td class="c">agree</td>'
                rule_rows.append(f'<tr class="area" data-area="{e(area)}"><th>{e(area)}</th>{totals}{mark_area}</tr>')
            cells = "".join(self._cell(count, None) for count in counts)
            split = disagree_by_rule.get(rule, 0)
            differs = f'<td class="c fail">✗ {split} disagree</td>' if split else '<td class="c">agree</td>'
            rule_rows.append(
                f'<tr data-rule="{e(rule)}"><th class="rule">{self._rule_link(rule)}</th>{cells}{differs}</tr>'
            )
        split_rules = ", ".join(self._rule_link(rule) for rule in sorted(disagree_by_rule, key=_by_area)) or "none"
        case_rows = []
        for row in comparison.rows:
            result = row.first
            statuses = " ".join(sorted({status.value for status in row.statuses if status is not None}))
            cells = "".join(
                f'<td class="c {self._status_class(status)}">{e(mark(status))}</td>' for status in row.statuses
            )
            case_rows.append(
                f'<tr data-entry data-status="{e(statuses)}" data-profile="{e(result.profile)}" '
                f'data-rules="{e(" ".join(result.case.rules))}"><td>{"disagree" if row.disagree else ""}</td>'
                f"<td><code>{e(row.name)}</code><br>{e(result.case.title)}</td>{cells}</tr>"
            )
        disagreements = len(comparison.disagreements)
        return (
            '<section id="comparison"><h2>Engines side by side</h2>'
            '<table class="engines"><tr><th></th><th>engine</th><th>command</th><th>compliance</th><th></th></tr>'
            f"{engines}</table>"
            f"<p><b>{disagreements} case x profile result{'s' if disagreements != 1 else ''}</b> where the engines "
            f"disagree (one passes, another does not), under the rules: {split_rules}.</p>"
            "<h3>Each rule, each engine</h3><p>passed / applicable (not applicable results left out); a case "
            "counts under every rule it cites; the last column counts the cases where the engines disagree, and "
            "the areas with the most disagreements come first.</p>"
            f'<div class="wide"><table class="matrix compare"><tr><th>rule</th>{heads}<th>engines</th></tr>'
            f"{''.join(rule_rows)}</table></div>"
            f"<h3>Every case, which engines pass ({disagreements} disagreement{'s' if disagreements != 1 else ''}"
            " first)</h3>"
            f'<div class="wide"><table class="cases"><tr><th></th><th>case [profile]</th>{heads}</tr>'
            f"{''.join(case_rows)}</table></div></section>"
        )

    # --- one engine ----------------------------------------------------------------------------

    def _engine(self, number: int, run: Run) -> str:
        label = f"{self.letters[number]}: {run.label}" if self.letters else run.label
        return (
            f'<section class="engine" id="engine-{number}"><h2>{e(label)}</h2>'
            + self._facts(run)
            + self._notes(run)
            + self._profiles(run)
            + self._matrix(number, run)
            + self._entries(number, run)
            + "</section>"
        )

    def _facts(self, run: Run) -> str:
        header, footer = run.header, run.footer
        info = header.engine
        facts: list[tuple[str, str]] = []
        if info is not None:
            facts += [("engine", f"{info.name} {info.version}"), ("language", info.language)]
        facts.append(("command", header.engine_command or "the reference engine, in-process"))
        facts.append(("mode", header.engine_mode))
        if info is not None:
            facts.append(("claims", _claims(info.capabilities)))
        facts += [
            ("suite", f"cribcheck {header.suite_version}, protocol {header.protocol}, cases {header.cases_dir}"),
            ("run", f"started {header.started}" + (f", finished {footer.finished}" if footer.finished else "")),
            # the duration as the JSON Lines report keeps it (to the ms), so a re-rendered page is the same
            ("results", f"{footer.summary.total:,} of {header.planned:,} planned, in {round(footer.seconds, 3):.2f} s"),
        ]
        selection = [f"{key} {_words(value)}" for key, value in header.selection.items() if value]
        if selection:
            facts.append(("selection", "; ".join(selection)))
        overall = compliance_message(footer.summary.counts)
        body = "".join(f"<dt>{e(name)}</dt><dd>{e(value)}</dd>" for name, value in facts)
        return (
            f'<p><span class="big state {self._state_class(run)}">{e(verdict(footer.summary.counts).symbol)} '
            f'{e(overall)}</span> of the applicable results passed</p><dl class="facts">{body}</dl>'
        )

    def _notes(self, run: Run) -> str:
        footer = run.footer
        notes = [f'<p class="note stop">stopped: {e(footer.aborted)}</p>'] if footer.aborted else []
        if footer.interrupted:
            notes.append('<p class="note">interrupted: what ran is below</p>')
        if footer.stopped_early:
            notes.append(f'<p class="note">{e(footer.stopped_early)}</p>')
        notes += [f'<p class="note">warning: {e(note)}</p>' for note in (*footer.notes, *run.warnings)]
        title = not_checked_title(footer)
        if title:
            items = "".join(f"<li>{e(line)}</li>" for line in not_checked_lines(footer))
            notes.append(f'<div class="note not-checked"><p>{e(title)}:</p><ul>{items}</ul></div>')
        if footer.stderr_tail and (footer.aborted or footer.summary.counts[Status.ERROR.value]):
            notes.append(
                "<details open><summary>the engine's stderr (last lines)</summary><pre>"
                + e("\n".join(line[:300] for line in footer.stderr_tail))
                + "</pre></details>"
            )
        return "".join(notes)

    def _profiles(self, run: Run) -> str:
        rows = run.footer.summary.by_profile
        if not rows:
            return ""
        statuses = "".join(f"<th>{e(status.value)}</th>" for status in Status)
        body = "".join(
            f'<tr data-col="{e(name)}"><th>{e(name)}</th>{self._cell(counts, None)}'
            f'<td class="n">{e(percent(counts))}</td>'
            + "".join(f'<td class="n">{counts[status.value] or ""}</td>' for status in Status)
            + "</tr>"
            for name, counts in rows.items()
        )
        return (
            "<h3>Compliance per profile</h3><p>passed / applicable: not applicable results are left out, skips "
            "count as applicable, expected failures (xfail) are not passes.</p>"
            f'<div class="wide"><table class="profiles"><tr><th>profile</th><th>passed / applicable</th>'
            f"<th>%</th>{statuses}</tr>{body}</table></div>"
        )

    def _matrix(self, number: int, run: Run) -> str:
        if not run.results:
            return ""
        matrix = Matrix.of(run.results)
        firsts = self._first_entries(number)
        columns = run.footer.summary.by_profile
        shown = [profile for profile in matrix.profiles if applicable(columns.get(profile, {}))]
        left_out = [profile for profile in matrix.profiles if profile not in shown]
        heads = "".join(f'<th data-col="{e(profile)}">{_profile_head(profile)}</th>' for profile in shown)
        rows = []
        for area, by_profile in matrix.areas.items():
            cells = "".join(self._cell(by_profile.get(profile, {}), profile) for profile in shown)
            rows.append(
                f'<tr class="area" data-area="{e(area)}"><th>{e(area)}</th>'
                f"{self._cell(matrix.total(by_profile), None)}{cells}</tr>"
            )
            for rule, rule_row in matrix.rules[area].items():
                cells = "".join(
                    self._cell(rule_row.get(profile, {}), profile, firsts.get((rule, profile))) for profile in shown
                )
                rows.append(
                    f'<tr data-rule="{e(rule)}"><th class="rule">{self._rule_link(rule)}</th>'
                    f"{self._cell(matrix.total(rule_row), None)}{cells}</tr>"
                )
        note = f"<p>Not applicable under every case, so not drawn: {e(', '.join(left_out))}.</p>" if left_out else ""
        return (
            "<h3>Rule areas and rules by profile</h3><p>Each cell: passed / applicable (not applicable results "
            "left out; the cell's tooltip gives every count). A cell with a failure links to its first failing "
            f"case below.</p>{note}"
            f'<div class="wide"><table class="matrix"><tr><th>area / rule</th><th>all profiles</th>{heads}</tr>'
            f"{''.join(rows)}</table></div>"
        )

    def _first_entries(self, number: int) -> dict[tuple[str, str], str]:
        found: dict[tuple[str, str], str] = {}
        for result in self.listed[number]:
            for rule in result.case.rules:
                found.setdefault((rule, result.profile), _entry_id(number, result))
        return found

    def _entries(self, number: int, run: Run) -> str:
        listed = self.listed[number]
        bad = sum(needs_detail(result) for result in listed)
        if not listed:
            return "<h3>Results that did not pass</h3><p>None: every applicable result passed.</p>"
        groups: dict[str, list[CaseResult]] = {}
        for result in listed:
            groups.setdefault(result.case.rules[0] if result.case.rules else "(no rule)", []).append(result)
        sections = []
        for rule in sorted(groups, key=lambda r: (rule_area(r), r)):
            entries = "".join(self._entry(number, run, result) for result in groups[rule])
            sections.append(
                f"<section data-group><h4>{self._rule_link(rule)} ({len(groups[rule])})</h4>{entries}</section>"
            )
        return (
            f"<h3>Results that did not pass ({len(listed)}: {bad} failing the run), by their case's first rule</h3>"
            + "".join(sections)
        )

    def _entry(self, number: int, run: Run, result: CaseResult) -> str:
        case = result.case
        css = self._status_class(result.status)
        rules = ", ".join(self._rule_link(rule) for rule in case.rules)
        parts = [
            f'<article class="entry {css}" id="{_entry_id(number, result)}" data-entry '
            f'data-status="{e(result.status.value)}" data-profile="{e(result.profile)}" '
            f'data-rules="{e(" ".join(case.rules))}">',
            f'<h4><span class="state {css}">{e(mark(result.status).upper())}</span> '
            f"<code>{e(result.item.name)}</code>: {e(case.title)}</h4>",
            f'<p class="meta">rules {rules} · file <code>{e(case.file)}</code> · operation {e(case.op or "none")}'
            f"{' · ' + e(run.label) if len(self.runs) > 1 else ''}</p>",
        ]
        if case.explain:
            parts.append(f'<p class="explain">{e(" ".join(case.explain.split()))}</p>')
        if result.mismatches:
            parts.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in result.mismatches) + "</ul>")
        if result.message and result.status is not Status.FAIL:
            parts.append(f"<p>{e(result.message)}</p>")
        message = rejection_message(result)
        if message:
            parts.append(f"<p>the engine's rejection message: {e(message)}</p>")
        if result.expected is not None or result.actual is not None:
            expected = _json(result.expected)
            actual = _json(actual_shown(result.expected, result.actual))
            parts.append(
                f'<div class="sides"><div><h5>expected</h5><pre>{e(expected)}</pre></div>'
                f"<div><h5>actual</h5><pre>{e(actual)}</pre></div></div>"
            )
        if run.header.rerun_prefix:
            parts.append(f"<p>rerun: <code>{e(rerun_command(run.header, result))}</code></p>")
        return "".join(parts) + "</article>"

    # --- pieces --------------------------------------------------------------------------------

    def _cell(self, counts: Mapping[str, int], profile: str | None, link: str | None = None) -> str:
        shown = verdict(counts)
        text = f"{shown.symbol} {figure(counts)}".strip()
        title = ", ".join(f"{count} {name}" for name, count in counts.items() if count) or "no cases"
        title = f"{profile}: {title}" if profile else title
        body = f'<a href="#{e(link)}">{e(text)}</a>' if link and shown.css in ("fail", "error") else e(text)
        column = f' data-col="{e(profile)}"' if profile else ""
        return f'<td class="c {shown.css}"{column} title="{e(title + " — " + shown.word)}">{body}</td>'

    def _rule_link(self, rule: str) -> str:
        return f'<a href="{e(self.book)}#{e(rule.lower())}"><code>{e(rule)}</code></a>'

    @staticmethod
    def _status_class(status: Status | None) -> str:
        if status is None:
            return "none"
        return verdict({status.value: 1}).css

    @staticmethod
    def _state_class(run: Run) -> str:
        if run.footer.aborted and not run.results:
            return "fail"
        return verdict(run.footer.summary.counts).css

    def _legend(self) -> str:
        items = "".join(f'<li><span class="state {v.css}">{e(v.symbol)}</span> {e(v.word)}</li>' for v in VERDICTS)
        symbols = ", ".join(f"{symbol} {status.value}" for status, symbol in SYMBOLS.items())
        return (
            f'<footer><h2>Reading this page</h2><ul class="legend">{items}</ul><p>Per result: {e(symbols)}; '
            "· not run (the engine did not start, or the run stopped before it). Each rule links to its entry "
            "in the rules book. Filters and search need script; without it everything is shown.</p></footer>"
        )


def _by_area(rule: str) -> tuple[str, str]:
    return (rule_area(rule), rule)


def _profile_head(profile: str) -> str:
    """A variant's heading on two lines: its main profile, then what it changes."""
    main, _, variant = profile.partition("--")
    return f"{e(main)}<br><small>{e(variant)}</small>" if variant else e(main)


def _entry_id(number: int, result: CaseResult) -> str:
    return f"e{number}-{result.case.id}-{result.profile}"


def _json(value: Any) -> str:
    return json.dumps(json_safe(value), indent=2, sort_keys=True, ensure_ascii=False)


def _claims(claimed: Capabilities) -> str:
    profiles = sorted(claimed.profiles)
    return f"{len(profiles)} profiles ({', '.join(profiles)}); {claimed.describe()}"


def _words(value: object) -> str:
    if isinstance(value, Iterable) and not isinstance(value, str):
        return " ".join(map(str, value))
    return str(value)
