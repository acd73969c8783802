"""The real corpus lints clean: every case file valid, ids unique and never retired, rules and
profiles known, cards and counts right, the catalogue covered, and the reference engine agreeing
with every expectation under every listed profile."""

from __future__ import annotations

from cribcheck.harness.corpus.lint import lint


def test_the_corpus_lints_clean() -> None:
    report = lint()
    assert report.summary.coverage_checked
    assert report.summary.cases > 0
    assert report.errors == (), f"{len(report.errors)} lint errors:\n" + "\n".join(map(str, report.errors))
