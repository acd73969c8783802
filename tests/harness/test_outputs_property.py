"""One property per kind of output: whatever an engine or a crafted report puts into any of its
texts (tests/harness/hostile.py's FIELDS: the engine's name, version and language, its messages,
rejection messages and stderr, case ids, titles, rules, profiles and files read from a report, the
diagnosis's texts...), the report, read by the reader its user has, holds no element, attribute,
image, link, escape sequence or parse error that came from that text, and shows the text as text.

Hypothesis draws each field from pieces chosen to break each output (markup, fences, pipes,
escape and control sequences, lone surrogates, bidirectional overrides, template syntax) mixed
with any text. The readers (tests/harness/readers.py): html5lib building the DOM in strict mode,
markdown-it-py (CommonMark with raw HTML, tables and strikethrough on) then html5lib, expat, and
the terminal's bytes.

The diagnosis's texts (a cause's description, rules, known bug and smallest case: a crafted
report's footer sets them all) are looked for in every report that leads with the causes. A rule's
statement comes from the suite's own rules catalogue, never from an engine or a report: only the
rule id, which a case file or a report sets, is drawn."""

from __future__ import annotations

import base64
import hashlib
import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from cribcheck.harness.engine.protocol import LABEL_PARTS
from cribcheck.harness.report.compare import Comparison
from cribcheck.harness.report.escaping import on_terminal, visible
from cribcheck.harness.report.html import render
from cribcheck.harness.report.junit import JUnitReporter
from cribcheck.harness.report.markdown import MarkdownReporter
from cribcheck.harness.report.outputs import Outputs, print_terminal, replay_into, side_by_side_markdown, write
from cribcheck.harness.report.terminal import TerminalReporter
from cribcheck.harness.results.saved import Run
from cribcheck.harness.results.status import Status

from .hostile import FIELDS, Texts, feed, run_of
from .readers import TERMINAL_CONTROLS, html_dom, markdown_dom, tags, texts_and_values

EVIL = "https://example.invalid"
PIECES = (
    "<", ">", "&", '"', "'", "`", "``", "```", "````", "~~~", "|", "\\", "*", "**", "_", "#", "## ", "[", "]",
    "(", ")", "!", ":", "@", "$", "-", "- ", "1. ", "+ ", "---", "===", "\n", "\n\n", "\r", "\r\n", "\t", "    ",
    "<script>alert(1)</script>", f'<img src="{EVIL}/i.png">', f'<meta http-equiv="refresh" content="0;url={EVIL}/">',
    '"><b>', "'><i>", "</code>", "</pre>", "</textarea>", "</summary></details>", "<details open>", "<!--", "-->",
    "<![CDATA[", "]]>", "&lt;", "&amp;", "&#60;", "&#x3c;", "{{ 7 * 7 }}", "{% raw %}", "{#",
    f"![i]({EVIL}/i.png)", f"[l]({EVIL}/)", f"<{EVIL}/>", f"{EVIL}/", "www.example.invalid", "a@example.invalid",
    "[r]: https://example.invalid/", "| a | b |", "|---|---|", "~~s~~", "$x$", "javascript:alert(1)",
    "\x1b[31m", "\x1b[8m", "\x1b[2J", "\x1b[2K", "\x1b[H", "\x1b]0;title\x07", "\x1bc", "\x9b2J", "\x00", "\x07",
    "\x08", "\x7f", "\x85", "\x0b", "\x0c", "\ud800", "\udfff", "\udcff", "\ufffe", "\uffff", "\u202e", "\u2066",
    "\u200f", "\u2028", "\u2029", "é", "🂡", "--",
    "n" * 300, "é" * 200, "/" * 50, "../" * 20,  # long names (a file name made of one is bounded)
)  # fmt: skip
HOSTILE = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=3)), min_size=1, max_size=5).map("".join)
TEXTS = st.fixed_dictionaries({name: HOSTILE for name in FIELDS}).map(lambda values: Texts(values))
# Each example writes whole reports and parses them: shrinking a draw of 35 fields would take
# minutes, so a failure is reported as drawn (every field printed).
SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
SHOWN = 100  # characters of each field looked for in what the reader parsed (a report may clip past this)

# The fields each report shows as text (looked for); every field is drawn into every report.
IN_HTML = (
    "engine_name", "engine_version", "engine_language", "command", "cases_dir", "suite_version", "started",
    "finished", "case_id", "title", "rule", "file", "profile", "message", "mismatch", "rejection_message",
    "aborted", "stopped_early", "note", "warning", "stderr_line", "selection", "claimed",
    "cause_description", "cause_rule", "cause_case", "cause_mutant",
)  # fmt: skip
IN_MARKDOWN = (
    "engine_name", "engine_version", "engine_language", "suite_version", "aborted", "stopped_early", "note",
    "stderr_line", "profile", "rule", "case_id", "title", "file", "explain", "mismatch", "message",
    "rejection_message", "claimed",
    "cause_description", "cause_rule", "cause_case", "cause_mutant",
)  # fmt: skip
IN_JUNIT = ("case_id", "profile", "title", "rule", "file", "mismatch", "message", "aborted", "stderr_line")
IN_TERMINAL = (
    "engine_name", "engine_version", "engine_language", "command", "profile", "case_id", "title", "file", "rule",
    "mismatch", "message", "rejection_message", "aborted", "stopped_early", "note", "stderr_line", "claimed",
    "cause_description", "cause_rule", "cause_case", "cause_mutant",
)  # fmt: skip
IN_SIDE_BY_SIDE = (
    "engine_name", "engine_version", "command", "rule", "case_id", "profile", "cause_description", "cause_rule",
    "cause_case", "cause_mutant",
)  # fmt: skip

UNSHOWABLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]"
)


def two_runs(texts: Texts) -> list[Run]:
    """The drawn run, and a second engine that disagrees on every result (same drawn texts)."""
    return [run_of(texts), run_of(texts, statuses=(Status.PASS, Status.FAIL))]


def looked_for(texts: Texts, fields: Iterable[str], shown: Callable[[str], str]) -> dict[str, str]:
    """Each field's first SHOWN characters as the report shows its text, where that is not blank."""
    found = {name: shown(as_labelled(name, texts[name]))[:SHOWN] for name in fields}
    return {name: text for name, text in found.items() if text.strip()}


def as_labelled(field: str, text: str) -> str:
    """Of an engine's name, version or language, what every report shows: the part its label holds
    (each part bounded, so that a report cutting the label at a name's limit still shows all three),
    the ellipsis left out, as a report showing the whole text has none."""
    part = field.removeprefix("engine_")
    return text[: LABEL_PARTS[part] - 1] if field.startswith("engine_") and part in LABEL_PARTS else text


def squeeze(text: str) -> str:
    return " ".join(text.split())


def all_there(wanted: dict[str, str], pieces: list[str]) -> None:
    for name, text in wanted.items():
        assert any(text in piece for piece in pieces), (name, text)


# --- HTML ---------------------------------------------------------------------------------------

HTML_TAGS = {
    "html", "head", "body", "meta", "title", "style", "script", "header", "h1", "h2", "h3", "h4", "h5", "p", "b",
    "code", "form", "label", "select", "option", "optgroup", "input", "output", "section", "table", "tbody", "tr",
    "th", "td", "a", "div", "dl", "dt", "dd", "span", "details", "summary", "pre", "ul", "li", "article", "br",
    "small", "footer", "ol", "i", "mark",
}  # fmt: skip


def check_page(text: str, texts: Texts, book: str) -> None:
    text.encode("utf-8")  # no lone surrogate: the file can be written
    dom = html_dom(text)  # strict: a parse error raises
    assert {element.tag for element in dom.iter()} <= HTML_TAGS
    metas = [meta.attrib for meta in tags(dom, "meta")]
    assert len(metas) == 3 and metas[1].get("http-equiv") == "Content-Security-Policy"
    (script,) = tags(dom, "script")
    (style,) = tags(dom, "style")
    policy = metas[1]["content"]
    for kind, element in (("script", script), ("style", style)):
        digest = base64.b64encode(hashlib.sha256((element.text or "").encode("utf-8")).digest()).decode()
        assert f"{kind}-src 'sha256-{digest}'" in policy
    assert not [name for element in dom.iter() for name in element.attrib if name.startswith("on")]
    assert all(a.get("href", "").startswith(("#", book + "#")) for a in tags(dom, "a"))
    pieces = texts_and_values(dom)
    assert not [piece for piece in pieces if UNSHOWABLE.search(piece)]
    all_there(looked_for(texts, IN_HTML, visible), pieces)


@SETTINGS
@given(TEXTS)
def test_html_shows_any_text_as_text(texts: Texts) -> None:
    check_page(render([run_of(texts)], rules_book="rules.md"), texts, "rules.md")


@SETTINGS
@given(TEXTS)
def test_html_of_several_engines_shows_any_text_as_text(texts: Texts) -> None:
    check_page(render(two_runs(texts), rules_book="rules.md"), texts, "rules.md")


@SETTINGS
@given(TEXTS)
def test_html_of_an_engine_that_did_not_start_shows_any_text_as_text(texts: Texts) -> None:
    page = render([run_of(texts, started=False), run_of(texts)], rules_book="rules.md")
    check_page(page, texts, "rules.md")


# --- Markdown -----------------------------------------------------------------------------------

STRONG = {"passed", "FAILED", "Stopped:", "Warning:", "A", "B",
          *(status.value.upper() for status in Status)}  # fmt: skip
MARKDOWN = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


def check_markdown(text: str, texts: Texts, fields: Iterable[str]) -> None:
    text.encode("utf-8")
    tokens = [token for block in MARKDOWN.parse(text) for token in [block, *(block.children or [])]]
    kinds = {token.type for token in tokens}
    assert not kinds & {"image", "link_open", "html_inline", "em_open", "s_open", "hr"}
    for token in tokens:
        if token.type == "html_block":  # only the report's own <details>, <summary>, <b>, <code>
            fragment = html_dom(token.content, strict=False)  # a <details> opens here and closes in a later block
            assert {element.tag for element in fragment.iter()} <= {"html", "head", "body", "details", "summary",
                                                                    "b", "code"}, token.content  # fmt: skip
            assert not [element.attrib for element in fragment.iter() if element.attrib]
        if token.type == "heading_open":
            assert token.tag in ("h2", "h3", "h4", "h5"), token
    strong = [tokens[i + 1].content for i, token in enumerate(tokens) if token.type == "strong_open"]
    assert set(strong) <= STRONG, strong
    dom = markdown_dom(text)
    pieces = [squeeze(piece) for piece in texts_and_values(dom)]
    assert not [piece for piece in pieces if UNSHOWABLE.search(piece)]
    all_there(looked_for(texts, fields, lambda value: squeeze(visible(value))), pieces)


@SETTINGS
@given(TEXTS)
def test_markdown_shows_any_text_as_text(texts: Texts) -> None:
    reporter = MarkdownReporter(Path("unused.md"))
    run = run_of(texts)
    replay_into(run, reporter)
    check_markdown(reporter.render(run.footer), texts, IN_MARKDOWN)


@SETTINGS
@given(TEXTS)
def test_markdown_of_several_engines_shows_any_text_as_text(texts: Texts) -> None:
    check_markdown(side_by_side_markdown(Comparison.of(two_runs(texts))), texts, (*IN_MARKDOWN, "command"))


# --- JUnit --------------------------------------------------------------------------------------

JUNIT_TAGS = {"testsuites", "testsuite", "testcase", "failure", "error", "skipped", "properties", "property",
              "system-err"}  # fmt: skip
JUNIT_ATTRIBUTES = {"name", "tests", "failures", "errors", "skipped", "time", "classname", "file", "message", "type",
                    "value"}  # fmt: skip


def check_junit(data: bytes, texts: Texts, fields: Iterable[str]) -> None:
    root = ET.fromstring(data)  # expat: not well-formed raises
    assert {element.tag for element in root.iter()} <= JUNIT_TAGS
    assert {name for element in root.iter() for name in element.attrib} <= JUNIT_ATTRIBUTES
    pieces = texts_and_values(root)
    all_there(looked_for(texts, fields, visible), pieces)


@SETTINGS
@given(TEXTS)
def test_junit_is_well_formed_whatever_the_texts(tmp_path_factory: pytest.TempPathFactory, texts: Texts) -> None:
    folder = tmp_path_factory.mktemp("junit")
    feed(run_of(texts), JUnitReporter(folder / "one.xml"))
    check_junit((folder / "one.xml").read_bytes(), texts, IN_JUNIT)
    write(two_runs(texts), Outputs(junit=folder / "two.xml"))
    side_by_side = [name for name in IN_JUNIT if name != "stderr_line"]  # its suites only: no system-err
    check_junit((folder / "two.xml").read_bytes(), texts, (*side_by_side, "engine_name", "command"))


# --- badges: files named after each engine ----------------------------------------------------


@SETTINGS
@given(TEXTS)
def test_a_badge_per_engine_is_written_whatever_the_engine_s_name(
    tmp_path_factory: pytest.TempPathFactory, texts: Texts
) -> None:
    """Each engine's badge is named after the engine: the name is bounded and the two stay apart,
    whatever the engine calls itself (a 300-character name once crashed run and summary)."""
    folder = tmp_path_factory.mktemp("badges")
    write(two_runs(texts), Outputs(badge=folder / "b.json"))
    badges = sorted(path.name for path in folder.iterdir())
    assert len(badges) == 2 and badges[0].startswith("b.A-") and badges[1].startswith("b.B-"), badges
    assert all(len(name.encode("utf-8")) <= 80 and re.fullmatch(r"b\.[AB]-[a-z0-9-]+\.json", name) for name in badges)


# --- terminal -----------------------------------------------------------------------------------

OWN_COLOURS = re.compile(r"\x1b\[(?:3[1-6]|2|0)m")


def check_terminal(text: str, texts: Texts, fields: Iterable[str]) -> None:
    assert not TERMINAL_CONTROLS.search(OWN_COLOURS.sub("", text).replace("\n", ""))
    assert not re.search("[\ud800-\udfff]", text)
    all_there(looked_for(texts, fields, on_terminal), [text])


@SETTINGS
@given(TEXTS)
def test_the_terminal_gets_no_control_sequence_from_any_text(texts: Texts) -> None:
    out = io.StringIO()
    feed(run_of(texts), TerminalReporter(out, io.StringIO(), progress=False, verbose=True, color=True))
    check_terminal(out.getvalue(), texts, IN_TERMINAL)


@SETTINGS
@given(TEXTS)
def test_the_side_by_side_terminal_gets_no_control_sequence_from_any_text(texts: Texts) -> None:
    out = io.StringIO()
    print_terminal(two_runs(texts), out)
    check_terminal(out.getvalue(), texts, IN_SIDE_BY_SIDE)
