"""Reporters: each is fed the same stream, `start(header)`, `case(result)` per result, then
`finish(footer)` (always called, also after Ctrl-C or a failed start)."""

from __future__ import annotations

from typing import Protocol

from cribcheck.harness.results.results import CaseResult, RunFooter, RunHeader


class Reporter(Protocol):
    def start(self, header: RunHeader) -> None: ...

    def case(self, result: CaseResult) -> None: ...

    def finish(self, footer: RunFooter) -> None: ...
