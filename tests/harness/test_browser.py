"""The HTML report in a real headless browser (Debian's chromium, driven over the DevTools protocol
by tests/harness/browser.py): the page of the reference and the broken example side by side, on
the whole corpus, as `cribcheck run --engine reference --engine "python3 examples/buggy-show/
adapter.py" --html r.html` writes it.

It loads with no console message, no uncaught exception, no error logged (a refused inline script
or a blocked load would be) and no request but the page itself; the matrix cells and the failure
entries are in the rendered DOM, one per failing result of the report; each filter and the search
box change what is shown; with script off everything is shown; a screenshot is taken and is not
blank. With CRIBCHECK_UPDATE_DOCS=1 the screenshot is saved as docs/img/report-html.png, the
picture in docs/reports.md.

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

from .browser import Browser, Page, chromium, ink

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


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("browser")
    page, jsonl = folder / "r.html", folder / "r.jsonl"
    here = Path.cwd()
    os.chdir(REPO_ROOT)  # the broken example named as a reader would type it (the screenshot shows it)
    try:
        main(["run", "--engine", "reference", "--engine", EXAMPLE, "--html", str(page), "--report", str(jsonl)])
    finally:
        os.chdir(here)
    lines = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    runs: list[list[dict[str, Any]]] = []
    for line in lines:
        if line["type"] == "header":
            runs.append([])
        elif line["type"] == "case":
            runs[-1].append(line)
    return {"page": page, "runs": runs}


def count(page: Page, selector: str, *, visible: bool = False) -> int:
    test = f".filter({VISIBLE})" if visible else ""
    return int(page.evaluate(f"Array.from(document.querySelectorAll({json.dumps(selector)})){test}.length"))


def choose(page: Page, name: str, value: str) -> None:
    page.evaluate(
        f"(() => {{ const s = document.forms.filters.elements[{json.dumps(name)}]; s.value = {json.dumps(value)};"
        " s.dispatchEvent(new Event('change', {bubbles: true})); })()"
    )


def test_the_report_in_a_real_browser(browser_path: str, report: dict[str, Any]) -> None:
    page_url = Path(report["page"]).resolve().as_uri()
    reference, buggy = report["runs"]
    listed = [line for line in buggy if line["status"] not in ("pass", "not_applicable")]
    failing = {f"e1-{line['id']}.{line['profile']}" for line in listed}
    assert failing and all(line["status"] == "pass" for line in reference)
    with Browser.start(browser_path) as browser:
        page = browser.open(page_url, width=1280, height=1000)

        # loads cleanly, and asks for nothing but itself
        assert page.console == []
        assert page.exceptions == []
        assert [entry for entry in page.log if entry["entry"]["level"] == "error"] == []
        assert page.requests == [page_url]

        # the matrix cells and the failure entries are in the rendered DOM
        rules_in_report = {rule for line in buggy for rule in line["rules"]}
        assert count(page, "#comparison table.compare tr[data-rule]", visible=True) == len(rules_in_report)
        assert count(page, "#engine-1 table.matrix td.c.fail", visible=True) > 0
        assert count(page, "#engine-0 table.matrix td.c.fail") == 0  # the reference fails nothing
        ids = page.evaluate("Array.from(document.querySelectorAll('#engine-1 article[data-entry]')).map(a => a.id)")
        assert set(ids) == failing
        crib = page.evaluate(
            "document.querySelector('#engine-1 tr[data-rule=\"show.crib-flush\"] td.c.fail').textContent"
        )
        assert crib.startswith("✗ ")  # a symbol besides the colour
        # the example claims three profiles: only those are drawn, the others named above the matrix
        heads = page.evaluate("Array.from(document.querySelectorAll('#engine-1 th[data-col]')).map(t => t.dataset.col)")
        assert heads == ["five-card", "six-card", "six-card-61"]
        assert "six-card--skunk-by-margin" in page.evaluate("document.querySelector('#engine-1').textContent")
        total = count(page, "[data-entry]", visible=True)
        assert total == len(listed) + len({(line["id"], line["profile"]) for line in reference + buggy})

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
        assert shown and set(shown) == {"five-card"}
        assert count(page, "#engine-1 th[data-col]", visible=True) == 1  # the other profiles' columns hidden
        choose(page, "profile", "")
        choose(page, "rule", "show.nobs")
        citing = {f"e1-{line['id']}.{line['profile']}" for line in listed if "show.nobs" in line["rules"]}
        shown = page.evaluate(
            f"Array.from(document.querySelectorAll('article[data-entry]')).filter({VISIBLE}).map(a => a.id)"
        )
        assert set(shown) == citing and citing
        assert count(page, "#engine-1 table.matrix tr[data-rule]", visible=True) == 1
        choose(page, "rule", "")
        page.evaluate("document.forms.filters.elements.search.focus()")
        page.type("starter jack")  # typed as a user types: an input event
        shown = page.evaluate(
            f"Array.from(document.querySelectorAll('article[data-entry]')).filter({VISIBLE}).map(a => a.id)"
        )
        assert shown and len(shown) < len(failing)
        assert all("starter" in page.evaluate(f"document.getElementById('{one}').textContent") for one in shown)
        assert page.evaluate("document.querySelector('form output').value").endswith("results shown")
        page.evaluate("document.forms.filters.elements.search.value = ''")

        # without script, everything is shown and the filters stay hidden
        quiet = browser.open(page_url, width=1280, height=1000, script=False)
        assert count(quiet, "[data-entry]", visible=True) == total
        assert count(quiet, "#filters", visible=True) == 0
        assert quiet.requests == [page_url]

        # the screenshot has something on it
        shot = browser.open(page_url, width=1280, height=1000)
        picture = shot.screenshot()
        small = shot.screenshot(scale=0.25)
    seen = ink(small)
    assert seen.share > 0.05 and seen.colours > 20, seen
    if os.environ.get("CRIBCHECK_UPDATE_DOCS") == "1":
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        SCREENSHOT.write_bytes(picture)


def test_the_docs_screenshot_is_there_and_not_blank() -> None:
    assert "](img/report-html.png)" in (REPO_ROOT / "docs" / "reports.md").read_text(encoding="utf-8")
    seen = ink(SCREENSHOT.read_bytes())
    assert seen.share > 0.05 and seen.colours > 20, seen
