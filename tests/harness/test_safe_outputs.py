"""Issue 28's failures, one test each: a text an engine or a crafted report controls never becomes
markup, an escape sequence or a crash in any report, and the HTML and Markdown reports keep to
their size. Each report is read by its user's reader (tests/harness/readers.py). The property tests
of tests/harness/test_outputs_property.py draw every field; these keep the cases the issue found."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import NAME_PART_MOST, name_part
from cribcheck.harness.fuzz.findings import write_case
from cribcheck.harness.report import html as html_report
from cribcheck.harness.report.html import HtmlReporter, render
from cribcheck.harness.report.jsonl import JsonLinesReporter
from cribcheck.harness.report.junit import JUnitReporter
from cribcheck.harness.report.markdown import MAX_BYTES, MarkdownReporter
from cribcheck.harness.report.terminal import TerminalReporter
from cribcheck.harness.results.saved import Corpora, Run
from cribcheck.harness.results.status import Status

from .conftest import zoo
from .hostile import Texts, feed, run_of
from .readers import TERMINAL_CONTROLS, html_dom, markdown_dom, tags, text_of

EVIL = "https://example.invalid"
REFRESH = f'"><meta http-equiv="refresh" content="0;url={EVIL}/">'


def crafted(tmp_path: Path, name: str, run: Run, swaps: dict[str, str] | None = None) -> Path:
    """A JSON Lines report of `run` as cribcheck writes it (any control character written as JSON's
    escape, read back as itself), then edited as an attacker would: each key of `swaps` (a plain
    marker in the run's texts) replaced by its value, raw JSON text (a lone surrogate's escape,
    which cribcheck never writes)."""
    path = tmp_path / name
    feed(run, JsonLinesReporter(path))
    text = path.read_text(encoding="utf-8")
    for marker, raw in (swaps or {}).items():
        assert marker in text
        text = text.replace(marker, raw)
    path.write_text(text, encoding="utf-8")
    return path


def rendered_markdown(run: Run, tmp_path: Path) -> str:
    path = tmp_path / "r.md"
    feed(run, MarkdownReporter(path))
    return path.read_text(encoding="utf-8")


# --- HTML ---------------------------------------------------------------------------------------


def test_html_a_crafted_case_id_or_profile_adds_no_element(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the case id and profile were written raw into the entries' `id` attribute, and an
    injected <meta http-equiv="refresh"> sent the browser elsewhere (the policy stops scripts only)."""
    report = crafted(tmp_path, "r.jsonl", run_of(Texts.of(case_id="c" + REFRESH, profile="p" + REFRESH)))
    page = tmp_path / "r.html"
    assert main(["summary", str(report), "--html", str(page)]) == 0
    capsys.readouterr()
    dom = html_dom(page.read_text(encoding="utf-8"))
    metas = [meta.attrib for meta in tags(dom, "meta")]
    assert [sorted(meta) for meta in metas] == [["charset"], ["content", "http-equiv"], ["content", "name"]]
    assert [meta.get("http-equiv") for meta in metas] == [None, "Content-Security-Policy", None]
    ids = [element.get("id") for element in dom.iter() if element.get("id")]
    assert ids and all(re.fullmatch(r"[A-Za-z0-9_.~-]+", found) for found in ids)
    assert len(ids) == len(set(ids))
    assert "c" + REFRESH in text_of(dom)  # shown, as text


def test_html_ids_of_two_items_never_collide() -> None:
    """`e0-a-b-c` was the id of both (`a-b`, `c`) and (`a`, `b-c`)."""
    run = run_of(Texts.of(case_id="a-b", profile="c"))
    other = run_of(Texts.of(case_id="a", profile="b-c"))
    page = render([Run(run.header, run.results + other.results, run.footer)])
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids))


# --- Markdown -----------------------------------------------------------------------------------

MARKDOWN_ATTACKS = Texts.of(
    engine_name=f'<img src="{EVIL}/name.png">',
    engine_version=f"![version]({EVIL}/version.png)",
    engine_language=f"[language]({EVIL}/language)",
    message=f'<a href="{EVIL}/message">message</a> <b>raw</b>',
    rejection_message=f"<{EVIL}/autolink> [rejection][r]\n\n[r]: {EVIL}/ref",
    mismatch=f'<img src=x onerror="alert(1)"> *emphasis* {EVIL}/bare',
    aborted=f"<script>alert(1)</script>![a]({EVIL}/aborted.png)",
    note=f"<iframe src={EVIL}></iframe>",
    title=f"<details open><summary>x</summary>![t]({EVIL}/title.png)",
)


def test_markdown_engine_text_is_literal_text(tmp_path: Path) -> None:
    """Before: the engine's name, version and language, its messages and rejection messages were
    copied raw: raw HTML elements, images that load from outside addresses, links."""
    dom = markdown_dom(rendered_markdown(run_of(MARKDOWN_ATTACKS), tmp_path))
    found = {element.tag for element in dom.iter() if isinstance(element.tag, str)}
    assert not found & {"img", "a", "script", "iframe", "em"}
    allowed = {("th", "style"), ("td", "style"), ("code", "class")}  # a column's alignment, a fence's language
    assert not [
        (element.tag, name) for element in dom.iter() for name in element.attrib if (element.tag, name) not in allowed
    ]
    text = text_of(dom)
    for name in ("engine_name", "engine_version", "engine_language", "mismatch", "note"):
        assert MARKDOWN_ATTACKS[name] in text, name


def test_markdown_a_fence_on_the_engine_s_stderr_does_not_close_the_code_block(tmp_path: Path) -> None:
    """Before: a line of three backticks on the engine's stderr closed the block, and what followed
    was Markdown."""
    attack = f"```\n# heading\n![s]({EVIL}/stderr.png)\n````"
    run = run_of(Texts.of(stderr_line=attack))
    dom = markdown_dom(rendered_markdown(run, tmp_path))
    assert not tags(dom, "h1") and not tags(dom, "img")
    blocks = [block for block in tags(dom, "pre") if "plain stderr" in text_of(block)]
    assert len(blocks) == 1
    assert text_of(blocks[0]).count("# heading") == 2  # both of the engine's lines, inside the block


def test_markdown_a_pipe_in_a_rule_or_case_id_stays_in_its_cell(tmp_path: Path) -> None:
    """Before: a `|` in a rule id or case id split the table cell."""
    run = run_of(Texts.of(rule="show.a|b`c", profile="p|q", case_id="id|x"))
    dom = markdown_dom(rendered_markdown(run, tmp_path))
    rows = [[text_of(cell).strip() for cell in row if cell.tag in ("td", "th")] for row in tags(dom, "tr")]
    assert [row[0] for row in rows if "a|b" in row[0]] == ["show.a|b`c"]
    assert [row[0] for row in rows if row[0] == "p|q"] == ["p|q"]
    widths = {len(row) for row in rows if row and row[0] in ("p|q", "show.a|b`c")}
    assert len(widths) <= 2  # the profile table's width and the rule table's, nothing shifted


def test_summary_markdown_of_two_runs_with_a_lone_surrogate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: `summary --markdown` of two runs crashed (UnicodeEncodeError, exit 1): the side-by-side
    Markdown did not pass its text through the cleaning of the single report."""
    first = crafted(tmp_path, "a.jsonl", run_of(Texts.of(engine_name="MARKNAME", title="MARKTITLE")),
                    {"MARKNAME": "lone \\ud800", "MARKTITLE": "title \\udfff"})  # fmt: skip
    second = crafted(tmp_path, "b.jsonl", run_of(Texts.of(), statuses=(Status.PASS,)))
    out = tmp_path / "r.md"
    assert main(["summary", str(first), str(second), "--markdown", str(out)]) == 0
    capsys.readouterr()
    text = out.read_bytes().decode("utf-8")  # strict
    assert "lone \\\\ud800" in text and "title \\\\udfff" in text  # the escape shown, backslash escaped


# --- JUnit --------------------------------------------------------------------------------------


def test_junit_of_two_engines_with_a_control_character_in_the_engine_s_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: the `engine` property of several engines was added after the cleaning, so a control
    character in an engine's name made the file not well-formed XML."""
    first = crafted(tmp_path, "a.jsonl", run_of(Texts.of(engine_name="bad\x01name", command="cmd \x1b[2J")))
    second = crafted(tmp_path, "b.jsonl", run_of(Texts.of(), statuses=(Status.PASS,)))
    out = tmp_path / "r.xml"
    assert main(["summary", str(first), str(second), "--junit", str(out)]) == 0
    capsys.readouterr()
    root = ET.parse(out).getroot()  # expat: well-formed or an exception
    engines = [prop.get("value") for prop in root.iter("property") if prop.get("name") == "engine"]
    assert any("bad\\x01name" in (value or "") and "cmd \\x1b[2J" in (value or "") for value in engines)


# --- terminal -----------------------------------------------------------------------------------

TERMINAL_ATTACKS = Texts.of(
    engine_name="hidden \x1b[8m rest",
    message="overwrite\r\x1b[2K line",
    mismatch="title \x1b]0;pwned\x07 bell",
    title="clear \x1b[2J\x1b[H screen \x00 nul",
    profile="p\x1b[31m",
    rule="show.\x1b[1m",
    note="\u202egnp.exe",
    stderr_line="\x9b2J c1",
)


def terminal_bytes(run: Run, *, color: bool) -> str:
    out = io.StringIO()
    feed(run, TerminalReporter(out, io.StringIO(), progress=False, verbose=True, color=color))
    return out.getvalue()


@pytest.mark.parametrize("color", [False, True])
def test_terminal_engine_text_carries_no_control_sequence(color: bool) -> None:
    """Before: SGR, erase-line and carriage return from an engine passed (`\\x1b[8m` hid the rest of
    the output, `\\r\\x1b[2K` overwrote a line)."""
    text = terminal_bytes(run_of(TERMINAL_ATTACKS), color=color)
    own = re.compile(r"\x1b\[(?:3[1-6]|2|0)m")  # the reporter's own colours
    assert not TERMINAL_CONTROLS.search(own.sub("", text).replace("\n", ""))
    assert bool(own.search(text)) is color
    assert "hidden \\x1b[8m rest" in text and "overwrite\\x0d\\x1b[2K line" in text
    assert "\\u202egnp.exe" in text


def test_badges_of_two_engines_with_300_character_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: `summary A B --badge b.json` (and `run --engine A --engine B --badge`) named each
    badge after its engine, whole: a 300-character name stopped both with OSError (Errno 36, file
    name too long). The names are bounded, and two names that differ only past the bound stay two
    files."""
    # The longest a hello allows: a name of 200 characters and a version of 100, 301 with the space.
    first = crafted(tmp_path, "a.jsonl", run_of(Texts.of(engine_name="n" * 199 + "1", engine_version="v" * 100)))
    other = Texts.of(engine_name="n" * 199 + "2", engine_version="v" * 100)
    second = crafted(tmp_path, "b.jsonl", run_of(other, statuses=(Status.PASS,)))
    badges = tmp_path / "badges"
    badges.mkdir()
    assert main(["summary", str(first), str(second), "--badge", str(badges / "b.json")]) == 0
    capsys.readouterr()
    names = sorted(path.name for path in badges.iterdir())
    assert len(names) == 2 and len({name.split("-", 1)[1] for name in names}) == 2, names
    assert all(len(name) <= 80 for name in names)
    assert all(json.loads((badges / name).read_text(encoding="utf-8"))["schemaVersion"] == 1 for name in names)


def test_a_file_name_made_of_text_is_bounded_and_stays_unique(tmp_path: Path) -> None:
    """files.name_part: short slugs as they are; long ones cut, with a digest of the whole text."""
    assert name_part("crib-rs 0.3.0 (Rust)") == "crib-rs-0-3-0-rust" and name_part("\x1b[2J") == "2j"
    assert name_part("") == "engine" and name_part("é") == "engine"
    long = [name_part("n" * 300 + end) for end in ("1", "2")]
    assert long[0] != long[1] and all(len(name) == NAME_PART_MOST for name in long)
    # A case file written by fuzz or check: its id, bounded the same way (120 characters).
    document = {"topic": "t", "cases": [{"id": "fuzz-" + "a" * 300}]}
    written = write_case(document, tmp_path)
    assert written.parent == tmp_path and len(written.name) == 125  # 120 and ".yaml"
    assert write_case({"topic": "t", "cases": [{"id": "fuzz-show-1"}]}, tmp_path).name == "fuzz-show-1.yaml"


def test_a_case_file_or_corpus_named_by_300_characters_is_no_path(tmp_path: Path) -> None:
    """Before: JUnit asked the file system whether a case's `file` (report text) is a file of this
    folder, and a name of 300 characters raised OSError (Errno 36); reading a report back asked
    whether its corpus folder exists, alike. Such a name is no file of this folder, and no corpus."""
    feed(run_of(Texts.of(file="f" * 300)), JUnitReporter(tmp_path / "j.xml"))
    assert 'file="' not in (tmp_path / "j.xml").read_text(encoding="utf-8")
    assert "cannot be read" in str(Corpora()._load("c" * 300, "c" * 300))


def test_summary_of_two_runs_prints_no_control_sequence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the side-by-side table of `summary A B` printed window-title, clear-screen, NUL and
    BEL sequences raw."""
    attack = Texts.of(engine_name="\x1b]0;title\x07", command="\x1b[2J\x1b[H", case_id="nul\x00", rule="show.bel\x07")
    first = crafted(tmp_path, "a.jsonl", run_of(attack))
    second = crafted(tmp_path, "b.jsonl", run_of(attack, statuses=(Status.PASS,)))
    assert main(["summary", str(first), str(second)]) == 0
    out = capsys.readouterr().out
    assert not TERMINAL_CONTROLS.search(out.replace("\n", ""))
    for shown in ("\\x1b]0;title\\x07", "\\x1b[2J\\x1b[H", "nul\\x00", "show.bel\\x07"):
        assert shown in out, shown


def test_summary_of_one_run_prints_no_control_sequence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = crafted(tmp_path, "a.jsonl", run_of(Texts.of(profile="p\x1b[2J", note="\r\x1b[2Kgone")))
    assert main(["summary", str(report)]) == 0
    captured = capsys.readouterr()
    assert not TERMINAL_CONTROLS.search((captured.out + captured.err).replace("\n", ""))
    assert "p\\x1b[2J" in captured.out


# --- size caps ----------------------------------------------------------------------------------


def huge_answers(items: int, count: int) -> Run:
    """`count` failing results whose expected and actual are `items`-item lists (a `match` answer's
    events, say), each of a case of its own (the page would show one case failing the same way
    under several profiles as one card)."""
    run = run_of(Texts.of())
    first = run.results[0]
    results = tuple(
        replace(
            first,
            item=replace(first.item, case=replace(first.item.case, id=f"{first.case.id}-{number}")),
            expected={"events": [{"who": "A", "points": n % 7} for n in range(items)]},
            actual={"ok": {"events": [{"who": "B", "points": n % 5} for n in range(items)]}},
        )
        for number in range(count)
    )
    return Run(run.header, results, run.footer)


def test_html_a_page_of_huge_answers_stays_under_its_cap(tmp_path: Path) -> None:
    """Before: `match` answers of 20,000-item lists gave an 85 MB page (and 383 MB at 60,000): the
    HTML had no cap. Here 60 results of 20,000 items each (about 2.4 MB of JSON apiece)."""
    run = huge_answers(20_000, 60)
    path = tmp_path / "r.html"
    feed(run, HtmlReporter(path))
    size = path.stat().st_size
    assert size <= html_report.MAX_PAGE_BYTES
    text = path.read_text(encoding="utf-8")
    assert "19,800 more items in the JSON Lines report" in text  # 20,000 items, 200 shown
    html_dom(text)  # still one well-formed page


def test_html_past_its_cap_results_are_in_full_then_named_then_counted() -> None:
    """The cap of a smaller page (200 kB) on 400 results of 300-item answers: some in full, then some
    named only, then the rest counted; the page says so."""
    cap = 200_000
    text = render([huge_answers(300, 400)], max_bytes=cap)
    assert len(text.encode("utf-8")) <= cap
    dom = html_dom(text)
    entries = tags(dom, "article")
    full = [entry for entry in entries if tags(entry, "pre")]
    assert 0 < len(full) < len(entries) < 400
    short = int(re.search(r"(\d+) of them are named without their details", text)[1])
    unnamed = int(re.search(r"(\d+) more results, not named here", text)[1])
    assert (len(full), short, unnamed) == (len(entries) - short, len(entries) - len(full), 400 - len(entries))
    assert "more items in the JSON Lines report" in text


def test_markdown_of_a_crafted_report_stays_under_its_cap(tmp_path: Path) -> None:
    """Before: the cap counted only the failures' details: the titles named past it, the tables and
    the engine's texts were written whatever their size (a crafted report's 1 MB titles)."""
    big = "t" * 1_000_000
    run = run_of(Texts.of(title=big, note=big, engine_name=big, rule="show." + big, stderr_line=big))
    many = tuple(
        replace(result, item=replace(result.item, profile=f"p{number}"))
        for number in range(300)
        for result in run.results[:2]
    )
    text = rendered_markdown(Run(run.header, many, run.footer), tmp_path)
    assert len(text.encode("utf-8")) <= MAX_BYTES
    assert "more characters in the JSON Lines report" in text


def test_a_result_s_answer_is_written_whole_in_the_json_lines_report(tmp_path: Path) -> None:
    """The caps are the HTML's and the Markdown's: the JSON Lines report keeps what they cut."""
    run = huge_answers(2_000, 1)
    path = tmp_path / "r.jsonl"
    feed(run, JsonLinesReporter(path))
    line = json.loads(path.read_text(encoding="utf-8").splitlines()[1])
    assert len(line["expected"]["events"]) == 2_000


# --- a live run of an engine whose every word is hostile ----------------------------------------


def test_a_live_run_of_an_engine_of_hostile_words(
    small_cases: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tests/harness/zoo/hostile_words.py, run as a user runs it, every report written: its name,
    version, language, rejection messages and stderr reach every report as text."""
    paths = {kind: tmp_path / f"r.{kind}" for kind in ("md", "html", "xml", "jsonl")}
    code = main(
        ["run", "--cases", str(small_cases), "--engine", zoo("hostile_words"), "--no-progress", "--color", "always",
         "--markdown", str(paths["md"]), "--html", str(paths["html"]), "--junit", str(paths["xml"]),
         "--report", str(paths["jsonl"])]
    )  # fmt: skip
    terminal = capsys.readouterr()
    assert code == 1
    own = re.compile(r"\x1b\[(?:3[1-6]|2|0)m")
    assert not TERMINAL_CONTROLS.search(own.sub("", terminal.out + terminal.err).replace("\n", ""))
    assert "\\x1b]0;pwned\\x07" in terminal.out and "\\x1b[8mhidden\\x0d\\x1b[2Koverwritten" in terminal.out
    page = html_dom(paths["html"].read_text(encoding="utf-8"))
    assert not tags(page, "img") and len(tags(page, "meta")) == 3 and len(tags(page, "script")) == 1
    assert "alert(1)" not in (tags(page, "script")[0].text or "")
    markdown = markdown_dom(paths["md"].read_text(encoding="utf-8"))
    assert not tags(markdown, "img") and not tags(markdown, "a") and not tags(markdown, "h1")
    assert not tags(markdown, "meta") and not tags(markdown, "script")
    stderr = [text_of(block) for block in tags(markdown, "pre") if "injected heading" in text_of(block)]
    assert len(stderr) == 1 and "```" in stderr[0]
    ET.parse(paths["xml"])
    assert main(["smoke", "--engine", zoo("hostile_words")]) == 1
    smoke = capsys.readouterr().out
    assert not TERMINAL_CONTROLS.search(smoke.replace("\n", "")) and "\\x1b]0;pwned\\x07" in smoke


def test_the_fuzzer_shows_an_engine_of_hostile_words_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """cribcheck fuzz prints the engine's name and its rejection message (every show is rejected:
    a disagreement at once) through the terminal's cleaning, as run and smoke do."""
    code = main(["fuzz", "--engine", zoo("hostile_words"), "--op", "show", "--seconds", "20", "--max-findings", "1",
                 "--out", str(tmp_path), "--no-progress"])  # fmt: skip
    terminal = capsys.readouterr()
    assert code == 1
    assert not TERMINAL_CONTROLS.search((terminal.out + terminal.err).replace("\n", ""))
    assert "\\x1b]0;pwned\\x07" in terminal.out  # the name, made visible
    assert "\\x1b[8mhidden\\x0d\\x1b[2Koverwritten" in terminal.out  # the rejection message, made visible
