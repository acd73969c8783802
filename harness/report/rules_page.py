"""`cribcheck rules`: the rules book, as Markdown (docs/rules.md) or as one self-contained HTML page
(`--html FILE`) with a search box and an anchor per rule.

The page holds what the Markdown book holds but the lines chapter: the profiles, every rule with
its statement, profiles, sources and worked examples (harness/corpus/book_examples.py), every
dispute with an example under each reading and the profiles that play it, each list of cases
folded, and the sources. Each rule's anchor is its id (`rules.html#peg.thirty-one`; a dispute's
number too, `#d4`), so `--rules-book URL` of the HTML report points at it.

It is made as the HTML report is (html.py): Jinja2 templates with autoescaping, every value made
visible and clipped on its way in, no request over the network, a Content-Security-Policy that
allows only its own inline style and script; a few lines of script filter the rules by the words
typed in the search box (kept in the address, `?q=crib+nobs`); without script every rule is shown.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cribcheck.harness.corpus.cases import Case, add_corpus_arguments, load_cases
from cribcheck.harness.corpus.rules_book import (
    AREAS,
    PROFILE_COLUMNS,
    PROFILES_INTRO,
    book_chapters,
    playable_profiles,
    profile_rows,
    read_catalogue,
    render,
)
from cribcheck.harness.report.html import _hash, _markup, environment

STYLE = """
:root{--line:#d0d7de;--ink:#1f2328;--soft:#57606a;--tint:#f6f8fa;--accent:#0969da}
*{box-sizing:border-box}
html{scroll-padding-top:4.5rem}
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;padding:1rem 1.5rem;max-width:1100px;color:var(--ink)}
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.3rem;margin:2rem 0 .5rem;border-bottom:2px solid var(--line)}
h3{font-size:1.1rem;margin:0 0 .3rem}h4{font-size:1rem;margin:1rem 0 .3rem}
code,pre{font:13px/1.4 ui-monospace,monospace}
pre{background:var(--tint);padding:.5rem .7rem;overflow:auto;margin:.3rem 0;border-radius:4px}
a{color:var(--accent)}
table{border-collapse:collapse;margin:.4rem 0;font-size:13px}
th,td{border:1px solid var(--line);padding:.15rem .45rem;text-align:left;vertical-align:top}
th{background:var(--tint)}
.wide{overflow-x:auto}
nav ul{columns:3;padding-left:1.2rem}
article.rule{border:1px solid var(--line);border-left:6px solid var(--accent);border-radius:4px}
article.rule{padding:.6rem .9rem;margin:.8rem 0}
article.dispute{border-left-color:#9a6700}
h3 a.self{color:var(--soft);text-decoration:none;margin-left:.4rem;font-weight:normal}
.statement{margin:.2rem 0 .4rem;font-size:1.02rem}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:.1rem 1rem;margin:.3rem 0;color:var(--soft)}
dl.facts dt{font-weight:600}dl.facts dd{margin:0}
.example{margin:.6rem 0}
.example p{margin:.2rem 0}
.answer code.got{background:#dafbe1;padding:0 .25rem;border-radius:3px}
h3 code{font-size:1.05rem}
details{margin:.4rem 0}summary{cursor:pointer;color:var(--soft)}
details ul{margin:.3rem 0;font-size:13px}
form{position:sticky;top:0;background:#fff;border-bottom:1px solid var(--line);padding:.5rem 0;z-index:1}
form input{font:inherit;width:24rem;max-width:70%;padding:.2rem .4rem}
form output{margin-left:1rem;color:var(--soft)}
.searching .aside{display:none}
[hidden]{display:none!important}
"""

SCRIPT = """
const form = document.getElementById("search");
form.hidden = false;
const box = form.elements.q;
const rules = Array.from(document.querySelectorAll("article[data-rule]"));
// what a rule is searched by: its words and its examples' titles and answers, not their worked lines nor
// its folded list of cases (most rules would match "nobs" or a card there)
function searched(rule) {
  const copy = rule.cloneNode(true);
  for (const part of copy.querySelectorAll("details, pre")) part.remove();
  return copy.textContent.toLowerCase();
}
const texts = new Map(rules.map((rule) => [rule, searched(rule)]));
const given = new URLSearchParams(location.search).get("q");
if (given !== null) box.value = given;
function apply() {
  const words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
  let shown = 0;
  for (const rule of rules) {
    const keep = words.every((word) => texts.get(rule).includes(word));
    rule.hidden = !keep;
    shown += keep;
  }
  for (const chapter of document.querySelectorAll("section[data-chapter]")) {
    chapter.hidden = !chapter.querySelector("article[data-rule]:not([hidden])");
  }
  // while a search is on, what is not a rule (contents, profiles, sources) steps aside
  document.documentElement.classList.toggle("searching", words.length > 0);
  form.querySelector("output").value = `${shown} of ${rules.length} rules shown`;
  const query = box.value.trim();
  try {
    history.replaceState(null, "", `${query ? `?q=${encodeURIComponent(query)}` : location.pathname}${location.hash}`);
  } catch (error) {
    // an address the browser will not rewrite: the filter still applies
  }
}
box.addEventListener("input", apply);
form.addEventListener("submit", (event) => event.preventDefault());
apply();
if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
"""

POLICY = (
    f"default-src 'none'; style-src '{_hash(STYLE)}'; script-src '{_hash(SCRIPT)}'; "
    "img-src 'none'; base-uri 'none'; form-action 'none'"
)


def render_page(catalogue: Mapping[str, Any], cases: Sequence[Case]) -> str:
    """The rules book as one HTML page."""
    profiles = playable_profiles()
    chapters = book_chapters(catalogue, cases, profiles)
    return (
        environment()
        .get_template("rules.html.j2")
        .render(
            policy=POLICY,
            style=_markup()(STYLE),
            script=_markup()(SCRIPT),
            intro=code_spans(PROFILES_INTRO),
            columns=PROFILE_COLUMNS,
            profiles=[cells for _, cells in profile_rows(profiles)],
            chapters=chapters,
            rules=sum(len(chapter.entries) for chapter in chapters),
            sources=catalogue["sources"],
            areas=AREAS,
        )
    )


def code_spans(text: str) -> Any:
    """A text of the book's own (an intro) as markup: each `span` a <code>, every piece escaped."""
    from markupsafe import Markup, escape

    pieces = " ".join(text.split()).split("`")
    return Markup("").join(
        Markup("<code>%s</code>") % piece if number % 2 else escape(piece) for number, piece in enumerate(pieces)
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--html", type=Path, metavar="FILE", help="write the book as one self-contained HTML page")
    parser.add_argument(
        "--markdown",
        type=Path,
        metavar="FILE",
        help="write the book as Markdown (docs/rules.md is this); without --html or --markdown it is printed",
    )
    add_corpus_arguments(parser)


def main(args: argparse.Namespace) -> int:
    for path in (args.html, args.markdown):
        if path is not None and not path.parent.is_dir():
            print(f"cribcheck rules: cannot write {path}: the folder {path.parent} does not exist", file=sys.stderr)
            return 2
    catalogue = read_catalogue(args.catalogue)
    cases = load_cases(args.cases)
    try:
        if args.html is not None:
            args.html.write_text(render_page(catalogue, cases), encoding="utf-8")
        if args.markdown is not None:
            args.markdown.write_text(render(catalogue, cases), encoding="utf-8")
    except OSError as error:
        print(f"cribcheck rules: cannot write {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    if args.html is None and args.markdown is None:
        sys.stdout.write(render(catalogue, cases))
    return 0
