"""Each report read as its user's reader reads it: the HTML page by an HTML5 parser building the DOM
(html5lib, strict: a parse error is an exception), the Markdown by a CommonMark parser with raw HTML
and tables enabled (markdown-it-py) whose HTML is then parsed the same way, JUnit by a strict XML
parser (expat), the terminal as the bytes a terminal receives."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import html5lib
from markdown_it import MarkdownIt


def html_dom(text: str, *, strict: bool = True) -> ET.Element:
    """The page as a browser builds it; in strict mode (the default) any parse error raises."""
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), strict=strict, namespaceHTMLElements=False)
    return parser.parse(text)


def markdown_html(text: str) -> str:
    """The Markdown as HTML, by CommonMark with raw HTML passed through and GFM tables."""
    return MarkdownIt("commonmark", {"html": True}).enable("table").render(text)


def markdown_dom(text: str) -> ET.Element:
    """The Markdown's HTML as a browser builds it (not strict: raw HTML of ours opens <details>
    in one HTML block and closes it in another, which CommonMark allows and browsers mend)."""
    return html_dom(markdown_html(text), strict=False)


def plain_text(root: ET.Element) -> str:
    """What a reader sees of the document as one string: every text node in order, nothing between."""
    return "".join(root.itertext())


def markdown_plain(text: str) -> str:
    """The Markdown as its reader sees it rendered: its text, without the markup."""
    return plain_text(markdown_dom(text))


def elements(root: ET.Element) -> Iterator[ET.Element]:
    yield from root.iter()


def tags(root: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in root.iter() if element.tag == name]


def text_of(root: ET.Element) -> str:
    """Every text node, each on its own line (so that text from two elements never reads as one)."""
    parts: list[str] = []
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag not in ("script", "style"):
            parts.append(element.text or "")
        parts.append(element.tail or "")
    return "\n".join(parts)


def texts_and_values(root: ET.Element) -> list[str]:
    """Every text node and every attribute value, apart."""
    found: list[str] = []
    for element in root.iter():
        found += [element.text or "", element.tail or "", *element.attrib.values()]
    return found


# What a terminal acts on: C0 controls (ESC, CR, BEL, NUL, ...) and DEL, the C1 controls (CSI is
# U+009B), and the bidirectional formatting characters that reorder what is shown.
TERMINAL_CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
