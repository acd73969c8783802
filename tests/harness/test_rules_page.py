"""Issue 35: the rules book as one HTML page (`cribcheck rules --html FILE`), in a real headless
browser (Debian's chromium, driven by tests/harness/browser.py), as test_browser.py checks the HTML
report.

The page loads with no console message, no uncaught exception, no error logged (a refused inline
script or style would be) and no request but the page itself; every rule of the catalogue has its
anchor (its id; a dispute's number too), its statement and its worked examples (two or three a
rule, one under each reading of a dispute), its list of cases folded; typing in the search box
filters the rules, and the words are kept in the page's address; a rule's anchor followed puts it
below the sticky search bar; the HTML report's `--rules-book` links land on a rule of the page;
with script off every rule is shown. Its screenshot is the picture of docs/rules.md (saved with
CRIBCHECK_UPDATE_DOCS=1 as docs/img/rules-html.png).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import CATALOGUE_FILE, REPO_ROOT
from cribcheck.harness.corpus.rules_book import AREAS

from .browser import Browser, Page, docs_screenshot, ink
from .test_browser import browser_path, count, loads_cleanly  # noqa: F401 (a fixture)

SCREENSHOT = REPO_ROOT / "docs" / "img" / "rules-html.png"
RULES = yaml.safe_load(CATALOGUE_FILE.read_text(encoding="utf-8"))["rules"]
SHOWN = "Array.from(document.querySelectorAll('article[data-rule]')).filter((a) => !a.hidden).map((a) => a.id)"


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "rules.html"
    assert main(["rules", "--html", str(path)]) == 0
    return path


def shown(page: Page) -> list[str]:
    return list(page.evaluate(SHOWN))


def test_every_rule_has_its_anchor_statement_and_examples(browser_path: str, page_file: Path) -> None:  # noqa: F811
    url = page_file.resolve().as_uri()
    with Browser.start(browser_path) as browser:
        page = browser.open(url, width=1280, height=1000)
        loads_cleanly(page, url)
        articles: dict[str, Any] = page.evaluate(
            "Object.fromEntries(Array.from(document.querySelectorAll('article[data-rule]')).map((a) => [a.id, {"
            "statement: a.querySelector('.statement').textContent, examples: a.querySelectorAll('.example').length,"
            "answers: Array.from(a.querySelectorAll('.example .answer code.got')).map((c) => c.textContent),"
            "folded: a.querySelectorAll('details:not([open]) li').length,"
            "open: a.querySelectorAll('details[open]').length"
            "}]))"
        )
        assert list(articles) == [rule["id"] for area in AREAS for rule in RULES if rule["area"] == area]
        for rule in RULES:
            article = articles[rule["id"]]
            assert article["statement"] == " ".join(rule["statement"].split()), rule["id"]
            wanted = (2,) if rule["area"] == "dispute" else (1, 2, 3)
            assert article["examples"] in wanted and all(article["answers"]), rule["id"]
            assert article["folded"] > 0 and article["open"] == 0, rule["id"]  # the cases, folded
            if rule["area"] == "dispute":
                number = json.dumps(rule["dispute"].lower())
                assert page.evaluate(f"document.getElementById({number}).closest('article').id") == rule["id"]
        # D4 worked by hand: JH in the crib with KH turned is nobs under the ruling, nothing under the other
        assert articles["dispute.d4-crib-nobs"]["answers"] == ["total 1 (nobs 1)", "total 0 (nothing)"]
        # show.pairs: 8C 8D 2H with KS is one pair, 2
        assert articles["show.pairs"]["answers"][0] == "total 2 (pairs 2)"
        assert "8C 8D 2H" in page.evaluate("document.getElementById('show.pairs').querySelector('pre').textContent")


def test_the_search_box_filters_the_rules_and_keeps_its_words_in_the_address(
    browser_path: str,  # noqa: F811
    page_file: Path,
) -> None:
    url = page_file.resolve().as_uri()
    with Browser.start(browser_path) as browser:
        page = browser.open(url, width=1280, height=1000)
        everything = shown(page)
        assert len(everything) == len(RULES)
        assert count(page, "#search", visible=True) == 1
        page.evaluate("document.forms.search.elements.q.focus()")
        page.type("crib nobs")  # typed as a user types: an input event per insertion
        found = shown(page)
        assert "show.nobs" in found and "dispute.d4-crib-nobs" in found
        assert "cards.deck" not in found and "peg.thirty-one" not in found
        assert 2 <= len(found) < len(RULES) // 3
        for rule in found:  # each rule shown holds both words outside its folded cases and worked lines
            text = page.evaluate(
                f"(() => {{ const a = document.getElementById({json.dumps(rule)}).cloneNode(true);"
                " a.querySelectorAll('details, pre').forEach((p) => p.remove()); return a.textContent; })()"
            ).lower()
            assert "crib" in text and "nobs" in text, rule
        output = page.evaluate("document.querySelector('#search output').value")
        assert output == f"{len(found)} of {len(RULES)} rules shown"
        assert page.evaluate("location.search") == "?q=crib%20nobs"
        assert count(page, "#profiles", visible=True) == 0  # what is not a rule steps aside
        chapters = page.evaluate(
            "Array.from(document.querySelectorAll('section[data-chapter]')).filter((s) => !s.hidden).map((s) => s.id)"
        )
        assert set(chapters) == {rule["area"] for rule in RULES if rule["id"] in found}

        # the same address opens the same view; emptied, everything is back
        again = browser.open(f"{url}?q=crib%20nobs", width=1280, height=1000)
        assert shown(again) == found
        again.evaluate("document.forms.search.elements.q.select()")
        again.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": "Backspace", "windowsVirtualKeyCode": 8})
        again.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Backspace", "windowsVirtualKeyCode": 8})
        assert shown(again) == everything and count(again, "#profiles", visible=True) == 1

        # a dispute's number finds it
        page.evaluate("document.forms.search.elements.q.select()")
        page.type("D4")
        assert "dispute.d4-crib-nobs" in shown(page)

        # without script, every rule is shown and the search box stays hidden
        quiet = browser.open(url, width=1280, height=1000, script=False)
        assert count(quiet, "article[data-rule]", visible=True) == len(RULES)
        assert count(quiet, "#search", visible=True) == 0


def test_an_anchor_lands_below_the_search_bar_and_the_reports_links_land_on_rules(
    browser_path: str,  # noqa: F811
    page_file: Path,
    tmp_path: Path,
) -> None:
    report = tmp_path / "r.html"
    book = page_file.resolve().as_uri()
    here = Path.cwd()
    os.chdir(REPO_ROOT)
    try:
        main(["run", "--engine", "python3 examples/buggy-show/adapter.py", "--no-progress", "--html", str(report),
              "--rules-book", "rules.html"])  # fmt: skip
    finally:
        os.chdir(here)
    links = re.findall(r'href="rules\.html#([^"]+)"', report.read_text(encoding="utf-8"))
    assert links and "show.nobs" in links
    with Browser.start(browser_path) as browser:
        page = browser.open(f"{book}#dispute.d4-crib-nobs", width=1280, height=1000)
        top = page.evaluate("document.getElementById('dispute.d4-crib-nobs').getBoundingClientRect().top")
        bar = page.evaluate("document.forms.search.getBoundingClientRect().bottom")
        assert page.evaluate("window.scrollY") > 0 and top >= bar, (top, bar)
        for anchor in links:  # each link of the report names a rule of the page
            assert page.evaluate(f"document.getElementById({json.dumps(anchor)})?.tagName") == "ARTICLE", anchor

        docs_screenshot(browser.open(f"{book}?q=crib%20nobs", width=1280, height=1000), SCREENSHOT)


def test_the_docs_screenshot_is_there_and_not_blank() -> None:
    assert "](img/rules-html.png)" in (REPO_ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    seen = ink(SCREENSHOT.read_bytes())
    assert seen.share > 0.05 and seen.colours > 20, seen
