"""`--rules-book URL`: the published rules book the HTML page links each rule to. Its own small
module, so that a plain run (a rerun) reads its options without importing every writer."""

from __future__ import annotations

import argparse


def rules_book_address(text: str) -> str:
    """An argparse type: `--rules-book URL`, an http or https address (never a file of this
    machine: a page read elsewhere could not follow it)."""
    if not text.startswith(("https://", "http://")) or any(char.isspace() for char in text):
        raise argparse.ArgumentTypeError(f"not an http(s) address: {text!r} (give the published rules book's URL)")
    return text


def add_rules_book_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    parser.add_argument(
        "--rules-book",
        type=rules_book_address,
        metavar="URL",
        help="the HTML report links each rule's statement to URL#RULE-ID (default: no link; the page "
        "carries every statement it cites)",
    )
