"""--html FILE.html: one self-contained page, usable offline from a CI artifact, that answers
"what do I fix first".

The page asks for nothing over the network: no external script, style, font or image, and a
Content-Security-Policy that allows only its own inline style and script (by their hashes). For
each engine it opens with the likely causes of the failures (the run's diagnosis: each cause with
its rules, what it explains, the known bug that reproduces it if any, and its smallest case with
the commands that explain and rerun it), then every result that did not pass, cause by cause and
the smallest first: one card per case, its profiles merged when they fail the same way, with its
title, its rules, its explanation in plain text, each mismatch with the engine's value marked,
expected against actual with the lines that differ marked, and the commands. Then who the engine
is and what it claims, the compliance per profile (the profiles with nothing applicable hidden
until asked for), and a matrix of rule areas and rules down and profiles across whose cells read
without colour too (`✓ 12/12`, `✗ 3/15`). With several engines, a comparison comes first: each
engine's figure and first cause, each rule's figure per engine, and every case x profile with
which engines pass it, the disagreements first. The page ends with the statement of every rule it
cites (from the rules catalogue, so a page read anywhere carries them); a rule links there, and to
a published rules book only when one is given (`--rules-book URL`), never into the file system.

A few lines of plain script filter by status, profile, cause and rule and search the text, keep
the filters in the page's address (`?status=fail&rule=peg.runs`, so a link shares the view), show
the not-applicable rows on request, and keep an anchor's target clear of the sticky filter bar;
with script off the filters stay hidden and everything is shown. The page's one compliance figure
comes from results.compliance_percent, as in every report.

The page is made by Jinja2 templates (harness/report/templates/) with autoescaping on, and every
value on its way in is made visible and clipped (the environment's `finalize`: escaping.py's
`visible`, `clip`): no text of an engine, a case file or a report read back can add an element or
an attribute, and an `id` is made from a safe alphabet (`entry_id`, `rule_anchor`). A well-kept
library does the escaping, and a template that forgets nothing is easier to keep than strings that
must each remember `escape`: a page redesigned keeps both for free.

The page has a size: at most MAX_PAGE_BYTES. Each text is clipped (TEXT_LIMIT characters, a name
NAME_LIMIT), expected and actual at PRE_LINES lines; the matrix draws at most MAX_COLUMNS profiles
and MAX_RULES rules; the results that did not pass are shown in full while the page has room, then
named, then counted, each cut saying what is left out and that the JSON Lines report holds it.
"""

from __future__ import annotations

import base64
import difflib
import hashlib
import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cribcheck.harness.operations.capabilities import Capabilities
from cribcheck.harness.report.causes import counted, detail, explain_command, extras, failing_total
from cribcheck.harness.report.causes import groups as cause_groups
from cribcheck.harness.report.common import (
    CollectingReporter,
    actual_shown,
    checked_text,
    json_safe,
    needs_detail,
    not_checked_lines,
    rejection_message,
    rerun_command,
)
from cribcheck.harness.report.compare import SYMBOLS, Column, Comparison, Row, mark
from cribcheck.harness.report.escaping import clip, visible
from cribcheck.harness.report.tally import VERDICTS, Matrix, compliance_message, figure, percent, verdict
from cribcheck.harness.report.terminal import same_failures
from cribcheck.harness.results.diagnosis import Cause, Diagnosis
from cribcheck.harness.results.results import CaseResult, RunFooter, applicable, rule_area, rule_text
from cribcheck.harness.results.saved import Run
from cribcheck.harness.results.status import Status

if TYPE_CHECKING:
    import jinja2

TEMPLATES = Path(__file__).resolve().parent / "templates"
MAX_PAGE_BYTES = 10_000_000  # the most the page holds (a page of 20,000-item answers was 85 MB)
TEXT_LIMIT = 2_000  # characters of one text shown (a title, a message, an explanation)
NAME_LIMIT = 120  # characters of a name shown (a profile, a rule, a case id, a file)
PRE_LINES, PRE_CHARS = 200, 20_000  # of expected and of actual, each
MAX_COLUMNS = 30  # profiles drawn in the matrix and listed in the profile table
MAX_RULES = 300  # rules drawn in a matrix
MAX_WARNINGS = 20
MAX_CAUSES = 20  # likely causes listed per engine (every failure is still shown under its cause)
RANKED_RULES = 8  # rules in the table of the rules the failures point at
STDERR_LINES = 50
LISTED = (Status.FAIL, Status.ERROR, Status.XPASS, Status.XFAIL, Status.SKIP)  # results shown one by one
MAX_LISTED = 2_000  # results kept to be shown one by one, per engine; the others counted (bounded memory)

STYLE = """
:root{--pass:#1a7f37;--fail:#cf222e;--error:#8250df;--partial:#9a6700;--na:#6e7781;--line:#d0d7de;--ink:#1f2328}
*{box-sizing:border-box}
html{scroll-padding-top:var(--bar,5.5rem)}
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;padding:1rem 1.5rem;max-width:1500px;color:var(--ink)}
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
ol.causes{padding-left:0;list-style:none;margin:.4rem 0}
.cause{border:1px solid var(--line);border-left:6px solid var(--fail);border-radius:4px;padding:.5rem .8rem}
.cause{margin:.5rem 0}
.cause.unknown{border-left-color:var(--partial)}
.cause h4{font-size:1.05rem;margin:0 0 .2rem}.cause .rank{color:var(--na);margin-right:.4rem}
.cause p{margin:.2rem 0}.cause code{background:#f6f8fa;padding:0 .2rem}
.entry{border:1px solid var(--line);border-left:6px solid var(--na);padding:.4rem .7rem;margin:.5rem 0}
.entry{background:#fff;color:var(--ink);font-weight:normal}
.entry.st-fail{border-left-color:var(--fail)}.entry.st-error{border-left-color:var(--error)}
.entry.st-partial{border-left-color:var(--partial)}
.entry .meta{color:#57606a;margin:.1rem 0}
.entry .explain{margin:.3rem 0;max-width:60rem}
ul.mismatches{margin:.3rem 0;padding-left:1.2rem}
.want{color:var(--pass)}mark{background:#ffd8d3;color:var(--ink);padding:0 .15rem;border-radius:2px}
pre mark,pre .was{display:inline-block;min-width:100%;padding:0;border-radius:0}pre .was{background:#d7f5dd}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:.6rem}
.sides h5{margin:.3rem 0 0;font-size:.85rem}
.note{border-left:4px solid var(--partial);background:#fff8c5;padding:.3rem .6rem;margin:.4rem 0}
.stop{border-left-color:var(--fail);background:#ffebe9}
dl.rules dt{font-weight:600;margin-top:.5rem}dl.rules dd{margin:.1rem 0 0 1.2rem;max-width:60rem}
form{position:sticky;top:0;background:#fff;border-bottom:1px solid var(--line);padding:.5rem 0;z-index:1}
form label{margin-right:1rem;white-space:nowrap}
form select{max-width:22rem}
html:not(.js) .js-only{display:none}
html.js:not(.show-na) [data-na]{display:none}
[hidden]{display:none!important}
"""

SCRIPT = """
const root = document.documentElement;
root.classList.add("js");
const form = document.getElementById("filters");
form.hidden = false;
const all = (selector) => Array.from(document.querySelectorAll(selector));
const FIELDS = ["status", "profile", "cause", "rule", "search"];
const given = new URLSearchParams(location.search);
for (const name of FIELDS) {
  const value = given.get(name);
  if (value !== null) form.elements[name].value = value;
}
form.elements.na.checked = given.get("na") === "1";
function clearance() {
  root.style.setProperty("--bar", `${Math.ceil(form.getBoundingClientRect().height) + 12}px`);
}
function remember() {
  const params = new URLSearchParams();
  for (const name of FIELDS) {
    const value = form.elements[name].value.trim();
    if (value) params.set(name, value);
  }
  if (form.elements.na.checked) params.set("na", "1");
  const query = params.toString();
  try {
    history.replaceState(null, "", `${query ? `?${query}` : location.pathname}${location.hash}`);
  } catch (error) {
    // an address the browser will not rewrite: the filters still apply
  }
}
function apply() {
  const status = form.status.value, profile = form.profile.value, cause = form.cause.value;
  const rule = form.rule.value, text = form.search.value.trim().toLowerCase();
  root.classList.toggle("show-na", form.elements.na.checked);
  let shown = 0, total = 0;
  for (const item of all("[data-entry]")) {
    const keep = (!status || item.dataset.status.split(" ").includes(status))
      && (!profile || item.dataset.profile.split(" ").includes(profile))
      && (!cause || item.dataset.cause === cause)
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
  remember();
  clearance();
}
form.addEventListener("input", apply);
form.addEventListener("change", apply);
window.addEventListener("resize", clearance);
apply();
if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
"""


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


POLICY = (
    f"default-src 'none'; style-src '{_hash(STYLE)}'; script-src '{_hash(SCRIPT)}'; "
    "img-src 'none'; base-uri 'none'; form-action 'none'"
)


class Block(str):
    """A text shown whole in a <pre> (already cut to PRE_LINES and PRE_CHARS): made visible and
    escaped, not clipped at TEXT_LIMIT."""


def _shown(value: object) -> object:
    """Every value a template writes, on its way in (the environment's `finalize`, before the
    autoescaping): markup made by these templates passes; a text is clipped and made visible."""
    if isinstance(value, _markup()):
        return value
    if value is None:
        return ""
    if isinstance(value, Block):
        return visible(value)
    return visible(clip(str(value), TEXT_LIMIT))


def _name(value: object) -> str:
    """The filter `name`: a name clipped at NAME_LIMIT."""
    return clip(str(value), NAME_LIMIT)


@cache
def _markup() -> type:
    from markupsafe import Markup

    return Markup


@cache
def environment() -> jinja2.Environment:
    """The templates' environment: autoescaping on for every template, `finalize` on every value,
    an undefined name an error. Made once, on the first page (a run without --html never loads
    Jinja2)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        finalize=_shown,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["name"] = _name
    env.filters["whole"] = Block  # a text of the suite's own shown whole (the rules book's statements)
    env.globals["split_profile"] = _split_profile
    env.globals["anchor"] = rule_anchor
    env.globals["newline"] = "\n"  # a line's end inside <pre> (trim_blocks takes the template's own)
    return env


def render(runs: Sequence[Run], *, rules_book: str | None = None, max_bytes: int = MAX_PAGE_BYTES) -> str:
    """The page of `runs`; `rules_book`: the address of a published rules book (each rule's
    statement then links to `ADDRESS#rule-id`), or None."""
    return _Page(runs, rules_book, max_bytes).html()


class HtmlReporter(CollectingReporter):
    def __init__(self, path: Path, rules_book: str | None = None) -> None:
        super().__init__(path)
        self.rules_book = rules_book

    def finish(self, footer: RunFooter) -> None:
        assert self._header is not None
        run = Run(self._header, self._results, footer)
        write_html(self.path, [run], self.rules_book)


def write_html(path: Path, runs: Sequence[Run], rules_book: str | None = None) -> None:
    path.write_text(render(runs, rules_book=rules_book), encoding="utf-8")


def entry_id(number: int, case_id: str, profile: str) -> str:
    """The `id` of a result's entry, from a safe alphabet: letters, digits and `-` kept, any other
    character written `_hex_`, the case id and the profile joined by `.` (which neither can then
    hold): `e0-show-runs-001.six-card`. Two results never share one. A card of several profiles
    takes the id of its first."""
    return f"e{number}-{_safe(case_id)}.{_safe(profile)}"


def rule_anchor(rule: str) -> str:
    """The `id` of a rule's statement on the page: `rule-peg.runs` (the rule id in the safe alphabet)."""
    return f"rule-{_safe(rule.replace('.', '-'))}"


def _safe(text: str) -> str:
    return "".join(char if char.isascii() and (char.isalnum() or char == "-") else f"_{ord(char):x}_" for char in text)


class _Page:
    def __init__(self, runs: Sequence[Run], rules_book: str | None, max_bytes: int) -> None:
        self.runs = runs
        self.book = rules_book
        self.max_bytes = max_bytes
        self.listed: list[list[CaseResult]] = []  # the first MAX_LISTED of each run (a bounded number)
        self.unlisted: list[int] = []  # those past them, counted
        for run in runs:
            listing = (result for result in run.results if result.status in LISTED)
            self.listed.append(list(islice(listing, MAX_LISTED)))
            self.unlisted.append(sum(1 for _ in listing))
        self.comparison = Comparison.of(runs) if len(runs) > 1 else None
        self.letters = [column.letter for column in self.comparison.columns] if self.comparison else []
        self.parts = environment().get_template("parts.html.j2").module

    def html(self) -> str:
        """The page: first without the lists that grow with the results (to measure the rest),
        then with as much of them as the page's size leaves room for."""
        empty = self._page(0)
        return self._page(self.max_bytes - len(empty.encode("utf-8")) - 4_000)

    def _page(self, budget: int) -> str:
        first = self.runs[0].header
        names = ", ".join(run.label for run in self.runs)
        shares = len(self.runs) + (1 if self.comparison else 0)
        share = max(budget, 0) // shares
        return (
            environment()
            .get_template("page.html.j2")
            .render(
                policy=POLICY,
                style=_markup()(STYLE),
                script=_markup()(SCRIPT),
                first=first,
                names=names,
                figures=" · ".join(compliance_message(run.footer.summary.counts) for run in self.runs),
                runs=self.runs,
                filters=self._filters(),
                comparison=self._comparison(self.comparison, share) if self.comparison else None,
                engines=[self._engine(number, run, share) for number, run in enumerate(self.runs)],
                rules=self._rules(),
                book=self.book,
                statuses=[status.value for status in Status],
                verdicts=VERDICTS,
                symbols=", ".join(f"{symbol} {status.value}" for status, symbol in SYMBOLS.items()),
                max_bytes=f"{self.max_bytes:,}",
            )
        )

    # --- filters -------------------------------------------------------------------------------

    def _filters(self) -> dict[str, Any]:
        seen: set[Status] = set()
        profile_names: set[str] = set()
        rule_names: set[str] = set()
        for run in self.runs:  # a stream: only the sets are kept
            for result in run.results:
                seen.add(result.status)
                profile_names.add(result.profile)
                rule_names.update(result.case.rules)
        present = [status for status in Status if status in seen]
        profiles = sorted(profile_names)[:MAX_COLUMNS]
        rules = sorted(rule_names, key=_by_area)[:MAX_RULES]
        areas: dict[str, list[str]] = {}
        for rule in rules:
            areas.setdefault(rule_area(rule), []).append(rule)
        causes = []
        for number, run in enumerate(self.runs):
            prefix = f"{self.letters[number]}: " if self.letters else ""
            for rank, cause in enumerate(_causes_of(run)[:MAX_CAUSES], start=1):
                causes.append((_cause_key(number, rank), f"{prefix}{rank}. {clip(cause.description, 60)}"))
        statuses = [(status.value, mark(status)) for status in present]
        return {"statuses": statuses, "profiles": profiles, "areas": areas, "causes": causes}

    # --- the rules cited -------------------------------------------------------------------------

    def _rules(self) -> list[dict[str, Any]]:
        """The statement of every rule the page cites, by area, from the rules catalogue."""
        cited = {rule for run in self.runs for result in run.results for rule in result.case.rules}
        cited |= {rule for run in self.runs for cause in _causes_of(run) for rule in cause.rules}
        shown = []
        for rule in sorted(cited, key=_by_area)[:MAX_RULES]:
            text = rule_text(rule)
            shown.append(
                {
                    "rule": rule,
                    "anchor": rule_anchor(rule),
                    "area": rule_area(rule),
                    "statement": text.statement if text else "not a rule of this suite's rules catalogue",
                    "sources": ", ".join(text.sources) if text else "",
                }
            )
        return shown

    # --- several engines -----------------------------------------------------------------------

    def _comparison(self, comparison: Comparison, budget: int) -> dict[str, Any]:
        disagree_by_rule = comparison.disagree_by_rule()
        split_areas = comparison.disagree_by_area()
        areas = [Matrix.of(column.run.results) for column in comparison.columns]
        # the areas with the most disagreements first, then the rest by name
        ordered = sorted(comparison.rules, key=lambda rule: (-split_areas.get(rule_area(rule), 0), *_by_area(rule)))
        rule_rows: list[dict[str, Any]] = []
        area = None
        for rule in ordered[:MAX_RULES]:
            if rule_area(rule) != area:
                area = rule_area(rule)
                totals = [_cell(matrix.total(matrix.areas.get(area, {})), None) for matrix in areas]
                rule_rows.append({"area": area, "cells": totals, "split": split_areas.get(area, 0)})
            cells = [_cell(count, None) for count in comparison.rules[rule]]
            rule_rows.append({"area": None, "rule": rule, "cells": cells, "split": disagree_by_rule.get(rule, 0)})
        rows, left = self._within(budget, (self.parts.case_row(_case_row(row)) for row in comparison.rows))
        hidden = sum(_all_not_applicable(row) for row in comparison.rows)
        return {
            "columns": [
                _column(column, self._state_class(column.run), number)
                for number, column in enumerate(comparison.columns)
            ],
            "disagreements": comparison.disagreeing,
            "split_rules": sorted(disagree_by_rule, key=_by_area)[:MAX_RULES],
            "rule_rows": rule_rows,
            "rules_left": max(len(ordered) - MAX_RULES, 0),
            "case_rows": _markup()("\n".join(rows)),
            "rows_left": comparison.total_rows - len(rows) if left or comparison.total_rows > len(rows) else 0,
            "hidden": hidden,
        }

    @staticmethod
    def _within(budget: int, pieces: Iterable[str]) -> tuple[list[str], bool]:
        """The pieces that fit in `budget` bytes, and whether any was left out."""
        kept: list[str] = []
        for piece in pieces:
            budget -= len(piece.encode("utf-8")) + 1
            if budget < 0:
                return kept, True
            kept.append(piece)
        return kept, False

    # --- one engine ----------------------------------------------------------------------------

    def _engine(self, number: int, run: Run, budget: int) -> dict[str, Any]:
        footer = run.footer
        label = f"{self.letters[number]}: {run.label}" if self.letters else run.label
        warnings = [*footer.notes, *run.warnings]
        stderr = None
        if footer.stderr_tail and (footer.aborted or footer.summary.counts[Status.ERROR.value]):
            stderr = Block("\n".join(line[:300] for line in footer.stderr_tail[-STDERR_LINES:]))
        profiles = list(footer.summary.by_profile.items())
        engine: dict[str, Any] = {
            "number": number,
            "label": label,
            "css": self._state_class(run),
            "symbol": verdict(footer.summary.counts).symbol,
            "overall": compliance_message(footer.summary.counts),
            "facts": _facts(run),
            "aborted": footer.aborted,
            "interrupted": footer.interrupted,
            "stopped_early": footer.stopped_early,
            "warnings": warnings[:MAX_WARNINGS],
            "checked": checked_text(footer),
            "not_checked_lines": not_checked_lines(footer.not_checked),
            "warnings_left": max(len(warnings) - MAX_WARNINGS, 0),
            "stderr": stderr,
            "profiles": [
                {
                    "name": name,
                    "cell": _cell(counts, None),
                    "percent": percent(counts),
                    "counts": [counts[status.value] for status in Status],
                    "idle": not applicable(counts),
                }
                for name, counts in profiles[:MAX_COLUMNS]
            ],
            "idle_profiles": sum(not applicable(counts) for _, counts in profiles[:MAX_COLUMNS]),
            "profiles_left": max(len(profiles) - MAX_COLUMNS, 0),
            "listed": len(self.listed[number]) + self.unlisted[number],
            "bad": sum(needs_detail(result) for result in self.listed[number]),
        }
        engine.update(self._entries(number, run, budget))
        engine["causes"] = self._causes(number, run, engine["cards_of"])
        engine["ranked"] = _ranked(footer.diagnosis)
        engine["matrix"] = self._matrix(number, run, engine["linked"]) if run.results else None
        return engine

    def _causes(self, number: int, run: Run, cards_of: Mapping[str, str]) -> list[dict[str, Any]]:
        """The likely causes, each with what it explains and its smallest case to look at first."""
        diagnosis = run.footer.diagnosis
        if diagnosis is None:
            return []
        total = failing_total(diagnosis)
        wanted = {cause.case for cause in diagnosis.causes[:MAX_CAUSES]}
        by_name = {result.item.name: result for result in run.results if result.item.name in wanted}
        shown = []
        for rank, cause in enumerate(diagnosis.causes[:MAX_CAUSES], start=1):
            smallest = by_name.get(cause.case)
            shown.append(
                {
                    "rank": rank,
                    "anchor": f"cause-{_cause_key(number, rank)}",
                    "group": f"group-{_cause_key(number, rank)}",
                    "description": cause.description,
                    "known": cause.mutant is not None,
                    "mutant": cause.mutant,
                    "rules": [(rule, rule_anchor(rule)) for rule in cause.rules],
                    "detail": detail(cause, total),
                    "reading": cause.reading,
                    "extras": extras(cause),
                    "explains": counted(cause),
                    "total": total,
                    "case": cause.case,
                    "case_link": cards_of.get(cause.case),
                    "explain": explain_command(run.header, cause.case),
                    "rerun": rerun_command(run.header, smallest) if smallest and run.header.rerun_prefix else None,
                }
            )
        return shown

    def _matrix(self, number: int, run: Run, linked: Mapping[tuple[str, str], str]) -> dict[str, Any]:
        matrix = Matrix.of(run.results)
        columns = run.footer.summary.by_profile
        shown = [profile for profile in matrix.profiles if applicable(columns.get(profile, {}))]
        left_out = [profile for profile in matrix.profiles if profile not in shown]
        drawn = shown[:MAX_COLUMNS]
        rows: list[dict[str, Any]] = []
        rules = 0
        for area, by_profile in matrix.areas.items():
            if rules >= MAX_RULES:
                break
            cells = [_cell(matrix.total(by_profile), None)]
            cells += [_cell(by_profile.get(profile, {}), profile) for profile in drawn]
            rows.append({"area": area, "cells": cells})
            for rule, rule_row in matrix.rules[area].items():
                rules += 1
                if rules > MAX_RULES:
                    break
                cells = [_cell(matrix.total(rule_row), None)]
                cells += [_cell(rule_row.get(profile, {}), profile, linked.get((rule, profile))) for profile in drawn]
                rows.append({"area": None, "rule": rule, "cells": cells})
        all_rules = sum(len(found) for found in matrix.rules.values())
        cut = []
        if len(shown) > MAX_COLUMNS:
            cut.append(f"{len(shown) - MAX_COLUMNS} more profiles")
        if all_rules > MAX_RULES:
            cut.append(f"{all_rules - MAX_RULES} more rules")
        return {
            "profiles": drawn,
            "left_out": [_name(profile) for profile in left_out[:MAX_COLUMNS]]
            + ([f"and {len(left_out) - MAX_COLUMNS} more"] if len(left_out) > MAX_COLUMNS else []),
            "rows": rows,
            "cut": f"{' and '.join(cut)} are not drawn: every result is in the JSON Lines report." if cut else "",
        }

    def _entries(self, number: int, run: Run, budget: int) -> dict[str, Any]:
        """The results that did not pass, cause by cause (the likely causes' order, the smallest
        case first), one card per case and failure: each in full while `budget` bytes allow, then
        named on a line (`short`), then counted (`unnamed`). Also where each case's card is
        (`cards_of`, by `ID[profile]`) and the first card of each rule under each profile
        (`linked`, for the matrix)."""
        shown_groups: list[dict[str, Any]] = []
        linked: dict[tuple[str, str], str] = {}
        cards_of: dict[str, str] = {}
        kept, past = self._groups(number, run)
        short, unnamed = 0, past  # past MAX_LISTED: counted, not kept
        in_full = budget > 0  # until the first card that does not fit: the rest are named only
        for key, title, results in kept:
            pieces: list[str] = []
            for card in same_failures(results):
                view = self._card_view(number, run, card, key, in_full)
                full = self.parts.entry(view) if in_full else ""
                if full and len(full.encode("utf-8")) <= budget:
                    piece = full
                else:
                    in_full = False
                    piece = self.parts.short_entry(view)
                    if len(piece.encode("utf-8")) > budget:
                        unnamed += len(card)
                        continue
                    short += len(card)
                budget -= len(piece.encode("utf-8")) + 1
                for result in card:
                    cards_of[result.item.name] = view["id"]
                    for rule in result.case.rules:
                        linked.setdefault((rule, result.profile), view["id"])
                pieces.append(piece)
            if pieces:
                budget -= 300
                shown_groups.append(
                    {"key": key, "title": title, "count": len(results), "entries": _markup()("".join(pieces))}
                )
        return {"groups": shown_groups, "short": short, "unnamed": unnamed, "linked": linked, "cards_of": cards_of}

    def _groups(self, number: int, run: Run) -> tuple[list[tuple[str, str, list[CaseResult]]], int]:
        """(the cause's key, its title, its results) for each likely cause, then the results that
        did not pass and no cause holds (skips, expected failures, unexpected passes): MAX_LISTED
        results at most, in that order; and how many more there are (counted, not kept)."""
        diagnosis = run.footer.diagnosis
        found = []
        placed: set[str] = set()
        room = MAX_LISTED
        for group in cause_groups(run.results, diagnosis, MAX_LISTED):
            if group.cause is None or group.number > MAX_CAUSES:
                continue
            placed.update(result.item.name for result in group.results)
            if room > 0:
                title = f"Cause {group.number}: {group.cause.description}"
                found.append((_cause_key(number, group.number), title, list(group.results[:room])))
                room -= len(found[-1][2])
        others = [result for result in self.listed[number] if result.item.name not in placed][: max(room, 0)]
        if others:
            title = "Other results that did not pass" if found else "Results that did not pass"
            found.append((_cause_key(number, 0), title, others))
        listed = len(self.listed[number]) + self.unlisted[number]
        return found, max(listed - sum(len(results) for _, _, results in found), 0)

    def _card_view(
        self, number: int, run: Run, card: Sequence[CaseResult], cause: str, in_full: bool = True
    ) -> dict[str, Any]:
        """What a card shows: one case that failed the same way under each of its profiles; its
        expected and actual only when `in_full` (they cost the most)."""
        result = card[0]
        case = result.case
        profiles = [each.profile for each in card]
        message = rejection_message(result)
        sides = in_full and (result.expected is not None or result.actual is not None)
        expected, actual = _sides(result) if sides else ([], [])
        return {
            "id": entry_id(number, case.id, result.profile),
            "css": self._status_class(result.status),
            "status": result.status.value,
            "mark": mark(result.status),
            "profiles": " ".join(_name(profile) for profile in profiles),
            "cause": cause,
            "rules": " ".join(_name(rule) for rule in case.rules),
            "rule_list": [(rule, rule_anchor(rule)) for rule in case.rules[:20]],
            "name": f"{case.id}[{', '.join(profiles)}]",
            "title": case.title,
            "file": case.file,
            "op": case.op or "none",  # a transcript's line that names no operation (cribcheck check)
            "engine": run.label if len(self.runs) > 1 else "",
            "explain": " ".join(case.explain[: TEXT_LIMIT * 2].split()) if case.explain else "",
            "mismatches": [_mismatch(line) for line in result.mismatches[:20]],
            "more_mismatches": max(len(result.mismatches) - 20, 0),
            "message": result.message if result.message and result.status is not Status.FAIL else None,
            "rejection": message,
            "sides": sides,
            "expected": expected,
            "actual": actual,
            "explain_command": explain_command(run.header, result.item.name),
            "rerun": rerun_command(run.header, result, profiles) if run.header.rerun_prefix else None,
        }

    # --- pieces --------------------------------------------------------------------------------

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


def _causes_of(run: Run) -> tuple[Cause, ...]:
    return run.footer.diagnosis.causes if run.footer.diagnosis is not None else ()


def _cause_key(number: int, rank: int) -> str:
    """A cause's key among the page's engines: `0-1`, the first cause of the first engine (`0-0`:
    the results no cause holds)."""
    return f"{number}-{rank}"


def _ranked(diagnosis: Diagnosis | None) -> list[dict[str, Any]]:
    """The rules the failures point at, the most suspicious first (Ochiai)."""
    if diagnosis is None:
        return []
    return [
        {
            "rule": rule.rule,
            "anchor": rule_anchor(rule.rule),
            "score": f"{rule.score:.2f}",
            "failing": rule.failing,
            "passing": rule.passing,
            "share": f"{rule.share:.0%}",
        }
        for rule in diagnosis.rules[:RANKED_RULES]
    ]


_MISMATCH = re.compile(r"(?P<path>[^:]*): expected (?P<want>.*), got (?P<got>.*)", re.DOTALL)


def _mismatch(line: str) -> dict[str, str]:
    """A mismatch line in its parts, so the page can mark the engine's value: `path`, `want`,
    `got`; or the whole `line` when it is not of that form."""
    found = _MISMATCH.fullmatch(line)
    if found is None:
        return {"line": line}
    return {"path": found["path"], "want": found["want"], "got": found["got"]}


def _sides(result: CaseResult) -> tuple[list[tuple[Block, bool]], list[tuple[Block, bool]]]:
    """Expected and actual as pretty JSON lines, each with whether it differs from the other side
    (difflib's matching lines), so the page can mark what differs."""
    expected = _pre(result.expected).split("\n")
    actual = _pre(actual_shown(result.expected, result.actual)).split("\n")
    left = [False] * len(expected)
    right = [False] * len(actual)
    for tag, first, last, start, end in difflib.SequenceMatcher(None, expected, actual, autojunk=False).get_opcodes():
        if tag != "equal":
            left[first:last] = [True] * (last - first)
            right[start:end] = [True] * (end - start)
    return (
        [(Block(line), changed) for line, changed in zip(expected, left, strict=True)],
        [(Block(line), changed) for line, changed in zip(actual, right, strict=True)],
    )


def _all_not_applicable(row: Row) -> bool:
    return all(status in (None, Status.NOT_APPLICABLE) for status in row.statuses)


def _cell(counts: Mapping[str, int], profile: str | None, link: str | None = None) -> dict[str, Any]:
    shown = verdict(counts)
    title = ", ".join(f"{count} {name}" for name, count in counts.items() if count) or "no cases"
    title = f"{_name(profile)}: {title}" if profile else title
    return {
        "css": shown.css,
        "text": f"{shown.symbol} {figure(counts)}".strip(),
        "title": f"{title} — {shown.word}",
        "link": link if link and shown.css in ("fail", "error") else None,
        "col": profile,
    }


def _column(column: Column, css: str, number: int) -> dict[str, str]:
    causes = _causes_of(column.run)
    first = causes[0] if causes else None
    return {
        "letter": column.letter,
        "label": column.run.label,
        "command": column.command,
        "state": column.state,
        "css": css,
        "cause": first.description if first else "",
        "cause_link": f"cause-{_cause_key(number, 1)}" if first else "",
    }


def _case_row(row: Row) -> dict[str, Any]:
    return {
        "statuses": " ".join(sorted({status.value for status in row.statuses if status is not None})),
        "profile": row.profile,
        "rules": " ".join(_name(rule) for rule in row.rules),
        "disagree": row.disagree,
        "idle": _all_not_applicable(row),
        "name": row.name,
        "title": row.title,
        "cells": [{"css": _Page._status_class(status), "mark": mark(status)} for status in row.statuses],
    }


def _facts(run: Run) -> list[tuple[str, str]]:
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
    return facts


def _by_area(rule: str) -> tuple[str, str]:
    return (rule_area(rule), rule)


def _split_profile(profile: str) -> tuple[str, str]:
    """A variant's heading on two lines: its main profile, then what it changes."""
    main, _, variant = profile.partition("--")
    return main, variant


def _pre(value: Any) -> Block:
    """A value as pretty JSON, cut at PRE_LINES lines and PRE_CHARS characters, saying how much
    more the JSON Lines report holds. Each list and object is cut to PRE_LINES members before the
    dump (each takes a line at least), so a 20,000-item list costs no more than a 200-item one."""
    trimmed, dropped = _trim(value)
    trimmed = json_safe(trimmed)
    text = json.dumps(trimmed, indent=2, sort_keys=True, ensure_ascii=False)
    lines = text.split("\n")
    shown = "\n".join(lines[:PRE_LINES])[:PRE_CHARS]
    if len(shown) == len(text) and not dropped:
        return Block(text)
    more = len(lines) - shown.count("\n") - 1
    cut = [f"{more:,} more lines" if more else "", f"{dropped:,} more items" if dropped else ""]
    if len(shown) < len(text) and not more:
        cut[0] = f"{len(text) - len(shown):,} more characters"
    return Block(f"{shown}\n… {' and '.join(part for part in cut if part)} in the JSON Lines report")


def _trim(value: Any) -> tuple[Any, int]:
    """`value` with every list and object cut to its first PRE_LINES members, and how many were cut."""
    if isinstance(value, (list, tuple)):
        parts = [_trim(item) for item in value[:PRE_LINES]]
        return [part for part, _ in parts], len(value) - len(parts) + sum(cut for _, cut in parts)
    if isinstance(value, Mapping):
        keys = list(itertools.islice(value, PRE_LINES))
        parts = [_trim(value[key]) for key in keys]
        kept = {key: part for key, (part, _) in zip(keys, parts, strict=True)}
        return kept, len(value) - len(keys) + sum(cut for _, cut in parts)
    return value, 0


def _claims(claimed: Capabilities) -> str:
    profiles = sorted(claimed.profiles)
    return f"{len(profiles)} profiles ({', '.join(profiles)}); {claimed.describe()}"


def _words(value: object) -> str:
    if isinstance(value, Iterable) and not isinstance(value, str):
        return " ".join(map(str, value))
    return str(value)
