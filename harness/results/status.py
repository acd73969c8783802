"""The closed set of statuses a case x profile can end in, defined once.

The report schema (schema/report/report-line.schema.json, `$defs/status`) lists the same values;
a test keeps the two equal.
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"  # a wrong answer
    ERROR = "error"  # the engine failed, hung, crashed or broke the protocol
    SKIP = "skip"  # the engine declined the case, with a reason
    NOT_APPLICABLE = "not_applicable"  # the engine did not claim the case's profile or operation
    XFAIL = "xfail"  # failed (or errored) as the expectations file said
    XPASS = "xpass"  # passed though the expectations file said it fails: a stale entry

    @property
    def applicable(self) -> bool:
        """Counts towards compliance's denominator (skips included: the engine claimed the case)."""
        return self is not Status.NOT_APPLICABLE

    @property
    def passed(self) -> bool:
        return self in (Status.PASS, Status.XPASS)

    @property
    def fails_run(self) -> bool:
        """Makes `cribcheck run` exit 1."""
        return self in (Status.FAIL, Status.ERROR, Status.XPASS)


BAD_STATUSES = frozenset(status for status in Status if status.fails_run)
