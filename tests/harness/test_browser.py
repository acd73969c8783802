"""The HTML report in a real headless browser (Debian's chromium, driven over the DevTools protocol
by tests/harness/browser.py): two pages, as a user writes them.

- The broken example alone (`cribcheck run --engine "python3 examples/buggy-show/adapter.py" --html
  r.html`): the page opens with the likely causes (two known bugs: a turned jack scored as nobs, a
  crib flush of four), each cause's smallest case links to its card, the failures follow cause by
  cause; one card per case with its profiles merged when they fail the same way; the explanation
  in normal weight and the engine's value marked; the profiles with nothing applicable hidden until
  asked for; every rule cited links to its statement, carried in the page; the filters (the cause
  among them) are kept in the page's address and read back from it; an anchor's target is not
  under the sticky filter bar. Its screenshot is docs/reports.md's picture (saved with
  CRIBCHECK_UPDATE_DOCS=1 as docs/img/report-html.png).
- The reference and the broken example side by side, on the whole corpus: the comparison, each
  engine's first cause, the matrix cells, each filter and the search box.

Both load with no console message, no uncaught exception, no error logged (a refused inline script
or a blocked load would be) and no request but the page itself; with script off everything is
shown; a screenshot is taken and is not blank.

Without chromium the test is skipped, except in CI (CI set), where it fails: `.ci/run` installs it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import REPO_ROOT

from .browser import Browser, Page, chromium, docs_screenshot, ink

SCREENSHOT = REPO_ROOT / "docs" / "img" / "report-html.png"
VISIBLE = "(el) => el.getClientRects().length > 0"
EXAMPLE = "python3 examples/buggy-show/adapter.py"


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="module")
def browser_path() -> str:
    found = chromium()
    if found is None:
        if in_ci():
            pytest.fail("CI is set and chromium is absent: .ci/run installs Debian's chromium")
        pytest.skip("chromium is not installed (apt-get install chromium); in CI this fails")
    return found


def written(folder: Path, *engines: str) -> dict[str, Any]:
    """The page and the report lines of a run of `engines`, run from the repository (the broken
    example named as a reader would type it: the screenshot shows it)."""
    page, jsonl = folder / "r.html", folder / "r.jsonl"
    here = Path.cwd()
    os.chdir(REPO_ROOT)
    try:
        chosen = [word for engine in engines for word in ("--engine", engine)]
        main(["run", *chosen, "--no-progress", "--html", str(page), "--report", str(jsonl), "--report-full"])
    finally:
        os.chdir(here)
    lines = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    runs: list[list[dict[str, Any]]] = []
    footers: list[dict[str, Any]] = []
    for line in lines:
        if line["type"] == "header":
            runs.append([])
        elif line["type"] == "case":
            runs[-1].append(line)
        else:
            footers.append(line)
    return {"page": page, "runs": runs, "footers": footers}


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return written(tmp_path_factory.mktemp("alone"), EXAMPLE)


@pytest.fixture(scope="module")
def side_by_side(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return written(tmp_path_factory.mktemp("browser"), "reference", EXAMPLE)


def count(page: Page, selector: str, *, visible: bool = False) -> int:
    test = f".filter({VISIBLE})" if visible else ""
    return int(page.evaluate(f"Array.from(document.querySelectorAll({json.dumps(selector)})){test}.length"))


def shown_ids(page: Page, selector: str = "article[data-entry]") -> list[str]:
    return page.evaluate(
        f"Array.from(document.querySelectorAll({json.dumps(selector)})).filter({VISIBLE}).map(a => a.id)"
    )


def choose(page: Page, name: str, value: str) -> None:
    page.evaluate(
        f"(() => {{ const s = document.forms.filters.elements[{json.dumps(name)}]; s.value = {json.dumps(value)};"
        " s.dispatchEvent(new Event('change', {bubbles: true})); })()"
    )


def loads_cleanly(page: Page, url: str) -> None:
    assert page.console == []
    assert page.exceptions == []
    assert [entry for entry in page.log if entry["entry"]["level"] == "error"] == []
    assert page.requests == [url]


def cards_expected(lines: list[dict[str, Any]], footer: dict[str, Any], engine: int = 0) -> dict[str, set[str]]:
    """One card per case, cause and failure (the same status and mismatches): its first profile's
    entry id -> the profiles it holds, from the report's lines and its footer's diagnosis."""
    cause_of = {name: rank for rank, cause in enumerate(footer["diagnosis"], 1) for name in cause["results"]}
    cards: dict[tuple[Any, ...], list[str]] = {}
    for line in lines:
        if line["status"] in ("pass", "not_applicable"):
            continue
        name = f"{line['id']}[{line['profile']}]"
        key = (line["id"], cause_of.get(name), line["status"], tuple(line["mismatches"]), line["message"])
        cards.setdefault(key, []).append(line["profile"])
    return {f"e{engine}-{key[0]}.{min(profiles)}": set(profiles) for key, profiles in cards.items()}


def test_the_page_opens_with_the_likely_causes(browser_path: str, alone: dict[str, Any]) -> None:
    url = Path(alone["page"]).resolve().as_uri()
    (lines,), (footer,) = alone["runs"], alone["footers"]
    with Browser.start(browser_path) as browser:
        page = browser.open(url, width=1280, height=1000)
        loads_cleanly(page, url)

        # the causes come first, in the diagnosis's order, before any card
        causes = page.evaluate("Array.from(document.querySelectorAll('li.cause h4')).map(h => h.textContent)")
        assert causes == [f"{rank}.{cause['description']}" for rank, cause in enumerate(footer["diagnosis"], 1)]
        assert causes[0] == "1.a jack turned as starter scores nobs in every set it is shown with"
        order = page.evaluate(
            "document.querySelector('#causes-0').compareDocumentPosition(document.querySelector('article'))"
        )
        assert order & 4  # DOCUMENT_POSITION_FOLLOWING: the first card comes after the causes
        smallest = page.evaluate("document.querySelector('#cause-0-1 a[href^=\"#e0-\"]').getAttribute('href')")
        assert smallest == f"#e0-{footer['diagnosis'][0]['case'].replace('[', '.').rstrip(']')}"

        # one card per case and failure, its profiles merged
        expected = cards_expected(lines, footer)
        cards = page.evaluate(
            "Object.fromEntries(Array.from(document.querySelectorAll('article[data-entry]'))"
            ".map(a => [a.id, a.dataset.profile]))"
        )
        assert {card: set(profiles.split()) for card, profiles in cards.items()} == expected
        assert any(len(profiles) > 1 for profiles in expected.values())
        # each card under its cause, the cause's cards first in the page
        first_group = page.evaluate("Array.from(document.querySelectorAll('#group-0-1 article')).map(a => a.id)")
        assert first_group and all(cards[card] for card in first_group)

        # the explanation in normal weight, the engine's value marked
        weight = page.evaluate("getComputedStyle(document.querySelector('article .explain')).fontWeight")
        assert weight == "400"
        marked = page.evaluate("getComputedStyle(document.querySelector('ul.mismatches mark')).backgroundColor")
        assert marked not in ("rgba(0, 0, 0, 0)", "transparent")

        # the profiles with nothing applicable hidden until asked for
        idle = count(page, "table.profiles tr[data-na]")
        assert idle > 0 and count(page, "table.profiles tr[data-na]", visible=True) == 0
        page.evaluate("document.forms.filters.elements.na.click()")
        assert count(page, "table.profiles tr[data-na]", visible=True) == idle
        assert "na=1" in page.evaluate("location.search")
        page.evaluate("document.forms.filters.elements.na.click()")

        # every rule cited links to its statement in the page, nothing into the file system
        targets = page.evaluate(
            "Array.from(document.querySelectorAll('a[href^=\"#rule-\"]')).map(a => a.getAttribute('href').slice(1))"
        )
        assert targets and all(page.evaluate(f"Boolean(document.getElementById({json.dumps(t)}))") for t in targets)
        statement = page.evaluate("document.getElementById('rule-show-nobs').nextElementSibling.textContent")
        assert statement.startswith("A jack in the hand or in the crib of the starter's suit scores 1 (nobs).")
        hrefs = page.evaluate("Array.from(document.querySelectorAll('a')).map(a => a.getAttribute('href'))")
        assert all(href.startswith("#") for href in hrefs), hrefs

        # the filters are kept in the address
        choose(page, "cause", "0-2")
        assert "cause=0-2" in page.evaluate("location.search")
        assert set(shown_ids(page)) == set(
            page.evaluate("Array.from(document.querySelectorAll('#group-0-2 article')).map(a => a.id)")
        )
        choose(page, "cause", "")
        choose(page, "status", "fail")
        choose(page, "rule", "show.nobs")
        query = page.evaluate("location.search")
        assert query == "?status=fail&rule=show.nobs"

        # an anchor's target is not under the sticky bar: a cause's smallest case, followed
        page.evaluate("document.querySelector('#cause-0-1 a[href^=\"#e0-\"]').click()")
        top = page.evaluate(f"document.getElementById({json.dumps(smallest[1:])}).getBoundingClientRect().top")
        bar = page.evaluate("document.forms.filters.getBoundingClientRect().bottom")
        assert page.evaluate("window.scrollY") > 0 and top >= bar, (top, bar)

        # the same address opens the same view
        again = browser.open(f"{url}{query}", width=1280, height=1000)
        assert again.evaluate("document.forms.filters.status.value") == "fail"
        assert again.evaluate("document.forms.filters.rule.value") == "show.nobs"
        citing = {card for card in cards if "show.nobs" in again.evaluate(
            f"document.getElementById({json.dumps(card)}).dataset.rules").split()}  # fmt: skip
        assert set(shown_ids(again)) == citing and citing

        # without script, everything is shown
        quiet = browser.open(url, width=1280, height=1000, script=False)
        assert count(quiet, "article[data-entry]", visible=True) == len(cards)
        assert count(quiet, "table.profiles tr[data-na]", visible=True) == idle
        assert count(quiet, "#filters", visible=True) == 0

        docs_screenshot(browser.open(url, width=1280, height=1000), SCREENSHOT)


def test_two_engines_side_by_side_in_a_real_browser(browser_path: str, side_by_side: dict[str, Any]) -> None:
    page_url = Path(side_by_side["page"]).resolve().as_uri()
    reference, buggy = side_by_side["runs"]
    listed = [line for line in buggy if line["status"] not in ("pass", "not_applicable")]
    failing = set(cards_expected(listed, side_by_side["footers"][1], 1))
    assert failing and all(line["status"] == "pass" for line in reference)
    with Browser.start(browser_path) as browser:
        page = browser.open(page_url, width=1280, height=1000)
        loads_cleanly(page, page_url)

        # each engine's first cause in the comparison; the matrix cells and the cards in the DOM
        first = page.evaluate(
            "Array.from(document.querySelectorAll('table.engines tr td:last-child')).map(t => t.textContent)"
        )
        assert first == ["none", "a jack turned as starter scores nobs in every set it is shown with"]
        rules_in_report = {rule for line in buggy for rule in line["rules"]}
        assert count(page, "#comparison table.compare tr[data-rule]", visible=True) == len(rules_in_report)
        assert count(page, "#engine-1 table.matrix td.c.fail", visible=True) > 0
        assert count(page, "#engine-0 table.matrix td.c.fail") == 0  # the reference fails nothing
        assert (
            set(page.evaluate("Array.from(document.querySelectorAll('#engine-1 article[data-entry]')).map(a => a.id)"))
            == failing
        )
        crib = page.evaluate(
            "document.querySelector('#engine-1 tr[data-rule=\"show.crib-flush\"] td.c.fail').textContent"
        )
        assert crib.startswith("✗ ")  # a symbol besides the colour
        heads = page.evaluate("Array.from(document.querySelectorAll('#engine-1 th[data-col]')).map(t => t.dataset.col)")
        assert heads == ["five-card", "six-card", "six-card-61"]
        assert "six-card--skunk-by-margin" in page.evaluate("document.querySelector('#engine-1').textContent")
        rows = {(line["id"], line["profile"]) for line in reference + buggy}
        ran = {(line["id"], line["profile"]) for line in reference + buggy if line["status"] != "not_applicable"}
        total = count(page, "[data-entry]", visible=True)
        assert total == len(failing) + len(ran)  # the cases no engine ran are hidden until asked for
        assert count(page, "[data-entry]") == len(failing) + len(rows)

        # the filters change what is shown
        assert page.evaluate("document.forms.filters.hidden") is False
        choose(page, "status", "fail")
        assert count(page, "article[data-entry]", visible=True) == len(failing)
        choose(page, "status", "")
        choose(page, "profile", "five-card")
        shown = page.evaluate(
            f"Array.from(document.querySelectorAll('article[data-entry]')).filter({VISIBLE})"
            ".map(a => a.dataset.profile)"
        )
        assert shown and all("five-card" in profiles.split() for profiles in shown)
        assert count(page, "#engine-1 th[data-col]", visible=True) == 1  # the other profiles' columns hidden
        choose(page, "profile", "")
        choose(page, "rule", "show.nobs")
        citing = {f"e1-{line['id']}.{line['profile']}" for line in listed if "show.nobs" in line["rules"]}
        assert set(shown_ids(page)) == citing & failing and citing & failing
        assert count(page, "#engine-1 table.matrix tr[data-rule]", visible=True) == 1
        choose(page, "rule", "")
        page.evaluate("document.forms.filters.elements.search.focus()")
        page.type("starter jack")  # typed as a user types: an input event
        shown_now = shown_ids(page)
        assert shown_now and len(shown_now) < len(failing)
        assert all("starter" in page.evaluate(f"document.getElementById('{one}').textContent") for one in shown_now)
        assert page.evaluate("document.querySelector('form output').value").endswith("results shown")
        assert "search=starter+jack" in page.evaluate("location.search")

        # without script, everything is shown and the filters stay hidden
        quiet = browser.open(page_url, width=1280, height=1000, script=False)
        assert count(quiet, "[data-entry]", visible=True) == len(failing) + len(rows)
        assert count(quiet, "#filters", visible=True) == 0
        assert quiet.requests == [page_url]

        shot = browser.open(page_url, width=1280, height=1000)
        small = shot.screenshot(scale=0.25)
    seen = ink(small)
    assert seen.share > 0.05 and seen.colours > 20, seen


def test_the_docs_screenshot_is_there_and_not_blank() -> None:
    assert "](img/report-html.png)" in (REPO_ROOT / "docs" / "reports.md").read_text(encoding="utf-8")
    seen = ink(SCREENSHOT.read_bytes())
    assert seen.share > 0.05 and seen.colours > 20, seen
