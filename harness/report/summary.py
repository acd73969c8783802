"""`cribcheck summary REPORT.jsonl [...]`: re-render saved JSON Lines reports, one engine or
several side by side, as Markdown, JUnit, HTML or badges, without running anything.

Only what the report-line schema allows is read (harness.results.saved); a malformed line stops
the command with the file and line named. A report is read as a stream, whatever its size: what
stays in memory are the counts and a bounded number of results (docs/reports.md, "Large answers,
large reports"). Without an output option the terminal report is
printed. Exit 0 when the reports were written, 2 when a report cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from cribcheck.harness.diagnosis.diagnose import diagnosed
from cribcheck.harness.report.escaping import SafeStream
from cribcheck.harness.report.outputs import Outputs, print_terminal, write
from cribcheck.harness.report.rules_book import add_rules_book_argument
from cribcheck.harness.results.saved import ReportFileError, read_reports

EXIT_OK, EXIT_UNREADABLE = 0, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reports", type=Path, nargs="+", metavar="REPORT.jsonl", help="saved `--report` files")
    add_output_arguments(parser)
    parser.add_argument("--details", type=int, default=50, metavar="N", help="failures shown in full (default 50)")
    parser.add_argument("-q", "--quiet", action="store_true", help="only the failures and the summary, as `run -q`")


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--markdown", type=Path, metavar="FILE.md", help="write a Markdown summary")
    parser.add_argument("--junit", type=Path, metavar="FILE.xml", help="write JUnit XML")
    parser.add_argument("--html", type=Path, metavar="FILE.html", help="write a self-contained HTML report")
    parser.add_argument("--badge", type=Path, metavar="FILE.json", help="write a shields.io compliance badge")
    add_rules_book_argument(parser)


def outputs_of(args: argparse.Namespace) -> Outputs:
    return Outputs(
        markdown=args.markdown,
        junit=args.junit,
        html=args.html,
        badge=args.badge,
        rules_book=getattr(args, "rules_book", None),
    )


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = SafeStream(out or sys.stdout)  # a report's words are shown, never acted on by the terminal
    err = SafeStream(sys.stderr)
    try:
        runs = read_reports(list(args.reports))
    except ReportFileError as error:
        print(f"cribcheck summary: {error}", file=err)
        return EXIT_UNREADABLE
    for run in runs:
        for warning in run.warnings:
            print(f"cribcheck summary: warning: {warning}", file=err)
    runs = [diagnosed(run) for run in runs]  # a saved report alone gives the same diagnosis
    outputs = outputs_of(args)
    written = write(runs, outputs)
    if written:
        for path in written:
            print(f"wrote {path}", file=out)
    else:
        report = str(args.reports[0]) if len(args.reports) == 1 else None
        print_terminal(runs, out, details=args.details, report=report, quiet=args.quiet)
    return EXIT_OK
