"""How a cause is worded in every report (harness/report/causes.py): a named cause counts only the
results whose whole answer its known bug reproduces, the ones it holds alone."""

from __future__ import annotations

from cribcheck.harness.report.causes import counted, detail
from cribcheck.harness.results.diagnosis import Cause

NAMES = tuple(f"c{n}[six-card]" for n in range(5))


def test_a_named_cause_counts_the_results_it_holds_alone_and_says_how_many_more_show_another() -> None:
    # five results, two of which show another cause too: the bug gives the whole answer of three
    cause = Cause(("show.fifteens",), 5, "fifteens-of-two-cards-only", "only two cards", NAMES[0], NAMES, shared=2)
    assert counted(cause) == 3
    assert detail(cause, 9) == (
        "rule show.fifteens; a known bug (mutant fifteens-of-two-cards-only) reproduces the whole answer of 3 of "
        "the 9 failing results; and 2 more that show another cause too (one answer, two differences)"
    )


def test_a_cause_named_by_no_bug_counts_all_its_results() -> None:
    cause = Cause(("peg.go",), 5, None, "the point for a go", NAMES[0], NAMES, shared=2)
    assert counted(cause) == 5
    assert detail(cause, 9) == (
        "rule peg.go; 5 of the 9 failing results; 2 of them show another cause too (one answer, two differences)"
    )
