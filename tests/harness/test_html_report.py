"""The HTML report as a file: self-contained (nothing it loads comes from anywhere else, and its
Content-Security-Policy allows only its own inline style and script, by hash), every result shown
without script, rules linked to the rules book, the matrix and the failure entries there.
tests/harness/test_browser.py loads it in a real browser."""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cribcheck.harness.cli import main

from .buggy import BUGGY, write_buggy_cases


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text of <script> and <style>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline: dict[str, list[str]] = {"script": [], "style": []}
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in = tag if tag in self.inline else None

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in:
            self.inline[self._in].append(data)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, Elements]:
    folder = tmp_path_factory.mktemp("html")
    cases = write_buggy_cases(folder / "cases")
    path = folder / "out" / "r.html"
    path.parent.mkdir()
    main(["run", "--cases", str(cases), "--engine", BUGGY, "--no-progress", "--html", str(path)])
    text = path.read_text(encoding="utf-8")
    parsed = Elements()
    parsed.feed(text)
    return path, text, parsed


def test_nothing_is_loaded_from_elsewhere(page: tuple[Path, str, Elements]) -> None:
    _, text, parsed = page
    assert not [attrs for _, attrs in parsed.tags if "src" in attrs]  # no script, image or frame source
    assert not [tag for tag, _ in parsed.tags if tag in ("link", "img", "iframe", "object", "embed", "base")]
    assert "@import" not in text and "url(" not in text and "@font-face" not in text
    hrefs = [attrs["href"] or "" for _, attrs in parsed.tags if "href" in attrs]
    assert hrefs and not [href for href in hrefs if re.match(r"[a-z]+:", href)]  # relative links only


def test_the_policy_allows_only_the_page_s_own_style_and_script(page: tuple[Path, str, Elements]) -> None:
    _, _, parsed = page
    policy = next(
        attrs["content"] for tag, attrs in parsed.tags if attrs.get("http-equiv") == "Content-Security-Policy"
    )
    assert policy is not None
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'none'"
    for kind in ("script", "style"):
        (body,) = parsed.inline[kind]
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        assert directives[f"{kind}-src"] == f"'sha256-{digest}'"


def test_without_script_everything_is_shown(page: tuple[Path, str, Elements]) -> None:
    _, _, parsed = page
    hidden = [(tag, attrs.get("id")) for tag, attrs in parsed.tags if "hidden" in attrs]
    assert hidden == [("form", "filters")]  # only the filters, which need script, start hidden


def test_rules_link_to_their_statements_carried_in_the_page(page: tuple[Path, str, Elements]) -> None:
    """Every rule cited links to its statement at the end of the page (the rules catalogue's text),
    never into the file system: the page read from a CI artifact or a wheel install still has them."""
    _, text, parsed = page
    links = {attrs["href"] for _, attrs in parsed.tags if (attrs.get("href") or "").startswith("#rule-")}
    # the buggy engine's four-card crib flush is D5's other reading in five-card: its cause cites the dispute too
    assert links == {"#rule-show-crib-flush", "#rule-show-nobs", "#rule-show-runs", "#rule-dispute-d5-short-flush"}
    ids = {attrs.get("id") for _, attrs in parsed.tags}
    assert {link[1:] for link in links} <= ids
    statement = text[text.index('id="rule-show-nobs"') :].split("</dd>")[0]
    # cases/rules.yaml, show.nobs: "A jack in the hand or in the crib of the starter's suit scores 1 (nobs)..."
    assert "A jack in the hand or in the crib of the starter&#39;s suit scores 1 (nobs)." in statement
    assert "rules.md" not in text and "site-packages" not in text


def test_a_published_rules_book_is_linked_only_when_one_is_given(tmp_path: Path) -> None:
    cases = write_buggy_cases(tmp_path / "cases")
    plain, linked = tmp_path / "plain.html", tmp_path / "linked.html"
    run = ["run", "--engine", BUGGY, "--cases", str(cases), "--no-progress"]
    main([*run, "--html", str(plain)])
    book = "https://example.org/cribbage/rules.html"
    main([*run, "--html", str(linked), "--rules-book", book])
    assert "example.org" not in plain.read_text(encoding="utf-8")
    assert f'<a href="{book}#show.nobs">in the rules book</a>' in linked.read_text(encoding="utf-8")
    with pytest.raises(SystemExit):  # a file of this machine is refused: no page could follow it
        main([*run, "--html", str(linked), "--rules-book", "docs/rules.md"])
    for elsewhere in ("../rules.html", "/tmp/rules.html", "rules.md", ".html"):
        with pytest.raises(SystemExit):
            main([*run, "--html", str(linked), "--rules-book", elsewhere])
    # a page beside the report (the Action writes `cribcheck rules --html` into the reports' folder)
    main([*run, "--html", str(linked), "--rules-book", "rules.html"])
    assert '<a href="rules.html#show.nobs">in the rules book</a>' in linked.read_text(encoding="utf-8")


def cells(text: str, rule: str) -> list[str]:
    row = re.search(rf'<tr data-rule="{re.escape(rule)}">(.*?)</tr>', text)
    assert row, rule
    return re.findall(r'<td class="c (\w+)"[^>]*>(?:<a [^>]*>)?([^<]*)', row[1])


def test_the_matrix_reads_without_colour(page: tuple[Path, str, Elements]) -> None:
    _, text, _ = page
    # tests/harness/buggy.py: each rule has one case under six-card; two of them fail.
    assert cells(text, "show.crib-flush") == [("fail", "✗ 0/1"), ("fail", "✗ 0/1")]  # all profiles, six-card
    assert cells(text, "show.nobs") == [("fail", "✗ 0/1"), ("fail", "✗ 0/1")]
    assert cells(text, "show.runs") == [("pass", "✓ 1/1"), ("pass", "✓ 1/1")]
    # a failing cell links to its first failing case
    assert 'href="#e0-buggy-crib-four-hearts.six-card">✗ 0/1</a>' in text


def test_each_failure_has_its_title_rules_explanation_expected_actual_and_rerun(
    page: tuple[Path, str, Elements],
) -> None:
    _, text, parsed = page
    entries = [attrs["id"] for tag, attrs in parsed.tags if tag == "article"]
    assert entries == ["e0-buggy-crib-four-hearts.six-card", "e0-buggy-starter-jack.six-card"]
    entry = text[text.index('id="e0-buggy-crib-four-hearts.six-card"') :].split("</article>")[0]
    assert "✗ FAIL" in entry and "buggy crib four hearts" in entry
    assert "Worked by hand in tests/harness/buggy.py." in entry
    # the line that differs marked on each side; the explanation in plain text
    assert '<h5>expected</h5><pre>{\n<span class="was">  &#34;total&#34;: 4</span>\n}\n</pre>' in entry
    assert "<h5>actual</h5><pre>{\n<mark>  &#34;total&#34;: 8</mark>\n}\n</pre>" in entry
    assert '<li><code>total</code>: expected <span class="want">4</span>, got <mark>8</mark></li>' in entry
    assert '<p class="explain">Worked by hand in tests/harness/buggy.py.</p>' in entry
    assert (
        "rerun: <code>cribcheck run --engine " in entry and "--case &#39;buggy-crib-four-hearts[six-card]&#39;" in entry
    )


def test_a_run_without_html_does_not_load_the_templates(tmp_path: Path) -> None:
    """Jinja2 is imported on the first page written (harness/report/html.py's environment), so a run
    without --html pays nothing for it; with --html it is loaded."""
    import subprocess
    import sys

    from .conftest import write_cases

    cases = write_cases(tmp_path / "cases")
    script = (
        "import sys; from cribcheck.harness.cli import main; "
        f"main(['run', '--cases', {str(cases)!r}, '--no-progress', *sys.argv[1:]]); "
        "print('jinja2' in sys.modules)"
    )
    for extra, loaded in (([], "False"), (["--html", str(tmp_path / "r.html")], "True")):
        done = subprocess.run([sys.executable, "-c", script, *extra], capture_output=True, text=True, check=False)
        assert done.stdout.splitlines()[-1] == loaded, done.stdout + done.stderr
