"""`--rules-book URL`: the published rules book the HTML page links each rule to. Its own small
module, so that a plain run (a rerun) reads its options without importing every writer."""

from __future__ import annotations

import argparse
import re

BESIDE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\.html")  # a page's name, in the report's own folder


def rules_book_address(text: str) -> str:
    """An argparse type: `--rules-book URL`, an http or https address, or the name of a page beside
    the report (`rules.html`, as `cribcheck rules --html` writes it into the same folder: the
    Action publishes both); never a path into this machine's files, which a page read elsewhere
    could not follow."""
    if BESIDE.fullmatch(text):
        return text
    if not text.startswith(("https://", "http://")) or any(char.isspace() for char in text):
        raise argparse.ArgumentTypeError(
            f"not an http(s) address nor a page's name beside the report: {text!r} "
            "(give the published rules book's URL, or rules.html written by cribcheck rules --html)"
        )
    return text


def add_rules_book_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    parser.add_argument(
        "--rules-book",
        type=rules_book_address,
        metavar="URL",
        help="the HTML report links each rule's statement to URL#RULE-ID: a published rules book, or "
        "rules.html beside the report (`cribcheck rules --html`) (default: no link; the page carries every "
        "statement it cites)",
    )
