"""A one-line progress bar with rate and ETA, redrawn in place on a terminal (stderr by default)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

BAR_WIDTH = 30
REDRAW_EVERY = 0.25  # seconds


def clock(seconds: float) -> str:
    """Seconds as h:mm:ss or m:ss."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class ProgressBar:
    """`update(done)` redraws at most every REDRAW_EVERY seconds; `close()` clears the line. When
    `enabled` is False (not a terminal, --no-progress) nothing is ever written."""

    def __init__(self, total: int, unit: str, *, out: TextIO | None = None, enabled: bool | None = None) -> None:
        self.out = out or sys.stderr
        self.enabled = self.out.isatty() if enabled is None else enabled
        self.total = max(total, 1)
        self.unit = unit
        self.started = time.monotonic()
        self._drawn = 0.0
        self._shown = False

    def line(self, done: int, now: float | None = None) -> str:
        elapsed = (time.monotonic() if now is None else now) - self.started
        share = min(done / self.total, 1.0)
        filled = int(share * BAR_WIDTH)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = clock((self.total - done) / rate) if rate > 0 else "?"
        return (
            f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {share:4.0%} {done:,}/{self.total:,} {self.unit} "
            f"{rate:,.0f}/s ETA {eta}"
        )

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._drawn < REDRAW_EVERY:
            return
        self._drawn = now
        self.out.write("\r" + self.line(done, now) + "\x1b[K")
        self.out.flush()
        self._shown = True

    def close(self) -> None:
        if self._shown:
            self.out.write("\r\x1b[K")
            self.out.flush()
            self._shown = False
