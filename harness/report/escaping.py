"""How a text from outside enters each report: one rule per kind of output, applied where the text
enters that output, so that no field can be forgotten. Outside is anything an engine says (its
hello, answers, messages, stderr), a case file, and a JSON Lines report read back by `cribcheck
summary` (which may come from someone else's CI): every such text is hostile, and every size unbounded.

- every report, `visible`: control characters but tab and newline, the bidirectional controls, lone
  surrogates, the non-characters and the line and paragraph separators, written as their escapes (`\\x1b`, `\\u202e`,
  `\\ud800`); the rules below apply it first.
- terminal, `on_terminal`: as `visible`, and tab and carriage return too: every control character
  but newline. `SafeStream.write` applies it to everything printed; the reporters' own colours and
  line clears are written apart (`SafeStream.paint`, `SafeStream.control`), the only way a control
  sequence reaches the terminal.
- Markdown: `md_text`, literal text (each punctuation character that could open or close markup
  backslash-escaped, so no HTML, image, link, emphasis or table cell comes from it; whitespace runs
  one space; never at the start of a line); `md_code`, a
  code span fenced longer than any backtick run inside; `md_fence`, a fenced block likewise;
  `md_html`, HTML-escaped, inside the report's own `<summary>`; `md_cell` adds `\\|` for a table.
- HTML: Jinja2 templates with autoescaping, every value made visible and clipped on its way in (the
  environment's `finalize`, harness/report/html.py).
- JUnit: `clean_xml`, every text, tail and attribute through `visible`, as the file is written.

`clip` bounds a text at a number of characters, saying how many more the JSON Lines report holds;
the HTML and Markdown reports clip every text they show.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from typing import IO

# What no report may hold as it is (tab and newline aside): the C0 and C1 control characters and
# DEL (an engine's message could clear a terminal or break XML), the bidirectional formatting
# characters (U+202E turns the rest of a line around: `exe.txt` shown as `txt.exe`), lone
# surrogates (no UTF-8 writer encodes them), the 66 non-characters (XML refuses U+FFFE and
# U+FFFF, an HTML parser reports every one as an error), and the line and paragraph separators
# U+2028 and U+2029, which some readers take for the end of a line (markdown-it-py, Python's
# splitlines: a code span or a table row cut in two).
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(
    f"{chr(plane + 0xFFFE)}{chr(plane + 0xFFFF)}" for plane in range(0, 0x110000, 0x10000)
)
_UNSHOWABLE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}\ud800-\udfff{_NONCHARACTERS}]")
# On a terminal, tab too: every control character but the newline.
_UNSHOWABLE_ON_TERMINAL = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{_BIDI}\ud800-\udfff{_NONCHARACTERS}]")
# The sequences a reporter may write to a terminal itself: a colour (SGR), a carriage return and
# the erase-line that redraw a progress bar.
_OWN_CONTROLS = re.compile("\x1b\\[[0-9;]*m|\r|\x1b\\[K")
# The ASCII punctuation that opens or closes something in CommonMark's inline text (escapes, entity
# references, code spans, emphasis, links and images, autolinks and raw HTML), GFM's (tables,
# strikethrough, autolinks of `https:` and `a@b`), GitHub's (`$` math) or closes a heading (`#`).
# The rest (`-`, `.`, `/`, `,`...) opens something only at the start of a line, where md_text never
# is (it writes one line, after the report's own `- `, `| ` or `> `), so paths and ids stay readable.
_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_{}\[\]()<>!|&~:@$#])")
# What opens a block at the start of a list item's text (`- - x` a list in a list, `- ---` a rule,
# `- 1. x` a numbered list): escaped there.
_BLOCK_START = re.compile(r"^([-+=])|^(\d+)([.)])")
_BACKTICKS = re.compile("`+")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str) -> str:
    """`text` as any report may write it (see _UNSHOWABLE)."""
    return _UNSHOWABLE.sub(_escape, text)


def on_terminal(text: str) -> str:
    """`text` as a terminal may be sent it: every control character but newline made visible."""
    return _UNSHOWABLE_ON_TERMINAL.sub(_escape, text)


def clip(text: str, limit: int) -> str:
    """`text` cut at `limit` characters, saying how many more the JSON Lines report holds."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters in the JSON Lines report)"


# --- Markdown -------------------------------------------------------------------------------------

TEXT_LIMIT = 2_000  # characters of one text in a Markdown report (a title, a message, a note)
NAME_LIMIT = 300  # characters of a name (a case id, a rule id, a profile, a file, a command)


def _one_line(text: str, limit: int) -> str:
    return " ".join(visible(clip(text, limit)).split())


def md_text(text: str, limit: int = TEXT_LIMIT) -> str:
    """`text` as literal Markdown text: on one line, and each punctuation character that could
    open or close markup backslash-escaped (CommonMark renders `\\<` as `<` and nothing else), so
    that no raw HTML, image, link, autolink, emphasis or table cell can come from it; what would
    open a list or a rule at its start is escaped too (it follows a list item's `- `). It is
    never put at the start of a line."""
    escaped = _MARKDOWN_PUNCTUATION.sub(r"\\\1", _one_line(text, limit))
    return _BLOCK_START.sub(lambda found: f"\\{found[1]}" if found[1] else f"{found[2]}\\{found[3]}", escaped)


def md_code(text: str, limit: int = NAME_LIMIT) -> str:
    """`text` as an inline code span, its fence one backtick longer than the longest run of
    backticks inside (and padded with a space where it starts or ends with one)."""
    shown = visible(clip(text, limit)).replace("\n", " ").replace("\t", " ")
    if not shown:
        return "` `"
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(shown)), default=0) + 1)
    pad = " " if shown[0] in "` " or shown[-1] in "` " else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


def md_cell(markdown: str) -> str:
    """A piece of Markdown (md_text, md_code) as a table cell: `|` escaped, which a GFM table
    reads as a `|` of the cell's text, code spans included."""
    return markdown.replace("|", "\\|")


def md_fence(lines: list[str], info: str = "") -> list[str]:
    """`lines` as a fenced code block whose fence is longer than any run of backticks inside, so
    no line of theirs can close it."""
    shown = [visible(line) for line in lines]
    longest = max((len(run) for line in shown for run in _BACKTICKS.findall(line)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}{info}", *shown, fence]


def md_html(text: str, limit: int = TEXT_LIMIT) -> str:
    """`text` inside the report's own HTML in Markdown (a `<summary>`): HTML-escaped on one line,
    since CommonMark passes an HTML block to the page as it is."""
    return html.escape(_one_line(text, limit), quote=True)


# --- XML ------------------------------------------------------------------------------------------


def clean_xml(root: ET.Element) -> ET.Element:
    """Every text, tail and attribute of the tree as XML 1.0 can hold it (visible), in place."""
    for element in root.iter():
        if element.text is not None:
            element.text = visible(element.text)
        if element.tail is not None:
            element.tail = visible(element.tail)
        for key, value in element.attrib.items():
            element.set(key, visible(value))
    return root


# --- the terminal ---------------------------------------------------------------------------------


class SafeStream:
    """A text stream for a terminal or a pipe that never acts on, nor fails on, what it is given:
    every control character but newline made visible (on_terminal), characters the stream's
    encoding lacks written as escapes, and a closed pipe (`cribcheck run | head`) ends the
    writing, not the run. The reporter's own colours and line clears go through `paint` and
    `control`, the only ways a control sequence reaches the stream."""

    def __init__(self, stream: IO[str] | SafeStream) -> None:
        if isinstance(stream, SafeStream):  # wrapped once: its own sequences must reach the terminal
            stream = stream.stream
        self.stream: IO[str] = stream
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        self._gone = False

    def isatty(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def write(self, text: str) -> int:
        self._put(on_terminal(text))
        return len(text)

    def paint(self, text: str, sgr: str) -> None:
        """`text` (made visible) in the colour `sgr` (such as `31`), then the colour reset."""
        self.control(f"\x1b[{sgr}m")
        self.write(text)
        self.control("\x1b[0m")

    def control(self, sequence: str) -> None:
        """One of the reporter's own sequences: a colour, a carriage return, an erase-line."""
        if not _OWN_CONTROLS.fullmatch(sequence):
            raise ValueError(f"not a sequence a reporter writes: {sequence!r}")
        self._put(sequence)

    def _put(self, text: str) -> None:
        if self._gone:
            return
        try:
            try:
                self.stream.write(text)
            except UnicodeEncodeError:
                self.stream.write(text.encode(self.encoding, "backslashreplace").decode(self.encoding))
        except (BrokenPipeError, ValueError):  # a closed pipe, a closed file
            self._gone = True

    def flush(self) -> None:
        if not self._gone:
            try:
                self.stream.flush()
            except (BrokenPipeError, ValueError):
                self._gone = True
