"""Headless Chromium driven over the DevTools protocol on a pipe, with the standard library only.

Why this and not Playwright or Selenium: Debian's `chromium` is the one thing to install (`.ci/run`
does it), nothing else is fetched, and no Python package joins the project's dependencies. Chromium
started with `--remote-debugging-pipe` reads DevTools commands on its file descriptor 3 and writes
answers and events on 4, each a JSON message ended by a NUL byte.

    with Browser.start() as browser:
        page = browser.open("file:///tmp/r.html")
        page.evaluate("document.title")
        page.screenshot()  # PNG bytes

Every console message, uncaught exception, log entry and network request of the page is kept
(`page.console`, `page.exceptions`, `page.log`, `page.requests`) for the test to check.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-pipe",
)
CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser")
TIMEOUT = 30.0
# Two animation frames (the page is painted as it now is), then where it is scrolled to.
PAINTED = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done([scrollX, scrollY]))))"
# Put the two pipe ends on descriptors 3 and 4 (by way of free descriptors, in case one of them is
# already 3 or 4), then become Chromium.
WIRE = (
    "import fcntl, os, sys\n"
    "ends = [fcntl.fcntl(int(fd), fcntl.F_DUPFD, 10) for fd in sys.argv[1:3]]\n"
    "os.dup2(ends[0], 3); os.dup2(ends[1], 4)\n"
    "os.execv(sys.argv[3], sys.argv[3:])\n"
)


def chromium() -> str | None:
    """The Chromium executable, or None when none is installed."""
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, process: subprocess.Popen[bytes], to_browser: int, from_browser: int) -> None:
        self.process = process
        self._out = to_browser
        self._in = from_browser
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    @classmethod
    @contextmanager
    def start(cls, executable: str | None = None) -> Iterator[Browser]:
        executable = executable or chromium()
        if executable is None:
            raise BrowserError("no chromium executable")
        with tempfile.TemporaryDirectory(prefix="cribcheck-chromium-") as profile:
            commands_read, commands_write = os.pipe()
            answers_read, answers_write = os.pipe()

            process = subprocess.Popen(
                [sys.executable, "-c", WIRE, str(commands_read), str(answers_write),
                 executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(commands_read, answers_write),
            )  # fmt: skip
            os.close(commands_read)
            os.close(answers_write)
            browser = cls(process, commands_write, answers_read)
            try:
                yield browser
            finally:
                browser.close()

    def close(self) -> None:
        with suppress(BrowserError, OSError):
            self.send("Browser.close", timeout=5)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for descriptor in (self._out, self._in):
            with suppress(OSError):
                os.close(descriptor)

    def send(self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None,
             timeout: float = TIMEOUT) -> dict[str, Any]:  # fmt: skip
        """Send one command and wait for its answer; events that arrive meanwhile are kept."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            received = self._receive(deadline)
            if received.get("id") == self._next_id:
                if "error" in received:
                    raise BrowserError(f"{method}: {received['error']}")
                return dict(received.get("result", {}))
            self.events.append(received)

    def wait_for(self, method: str, *, session: str | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The first event `method` not yet seen (kept in `events` too)."""
        deadline = time.monotonic() + timeout
        for event in self.events:
            if event.get("method") == method and event.get("sessionId") == session and not event.get("_seen"):
                event["_seen"] = True
                return event
        while True:
            event = self._receive(deadline)
            self.events.append(event)
            if event.get("method") == method and event.get("sessionId") == session:
                event["_seen"] = True
                return event

    def _receive(self, deadline: float) -> dict[str, Any]:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("no answer from chromium in time")
            ready, _, _ = select.select([self._in], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise BrowserError(f"chromium closed the pipe (exit code {self.process.poll()})")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return dict(json.loads(message))

    def open(self, url: str, *, width: int = 1280, height: int = 900, script: bool = True) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session, width, height)
        for domain in ("Page", "Runtime", "Log", "Network"):
            page.send(f"{domain}.enable")
        page.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                         "deviceScaleFactor": 1, "mobile": False})  # fmt: skip
        if not script:
            page.send("Emulation.setScriptExecutionDisabled", {"value": True})
        page.send("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired", session=session)
        return page


@dataclass
class Page:
    browser: Browser
    session: str
    width: int = 1280
    height: int = 900

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.browser.send(method, params, session=self.session)

    def evaluate(self, expression: str) -> Any:
        answer = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in answer:
            raise BrowserError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def type(self, text: str) -> None:
        """Type into the focused element as a user would (an input event per insertion)."""
        self.send("Input.insertText", {"text": text})

    def screenshot(self, scale: float = 1.0) -> bytes:
        """The viewport as PNG, scaled down by `scale` (a small picture is quick to check), where the
        page is scrolled to (the clip is in the document's coordinates), once painted."""
        x, y = self.send("Runtime.evaluate", {"expression": PAINTED, "awaitPromise": True, "returnByValue": True})[
            "result"
        ]["value"]
        clip = {"x": x, "y": y, "width": self.width, "height": self.height, "scale": scale}
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png", "clip": clip})["data"])

    def _events(self, method: str) -> list[dict[str, Any]]:
        self.evaluate("0")  # let pending events arrive
        return [
            event["params"]
            for event in self.browser.events
            if event.get("sessionId") == self.session and event.get("method") == method
        ]

    @property
    def console(self) -> list[dict[str, Any]]:
        return self._events("Runtime.consoleAPICalled")

    @property
    def exceptions(self) -> list[dict[str, Any]]:
        return self._events("Runtime.exceptionThrown")

    @property
    def log(self) -> list[dict[str, Any]]:
        return self._events("Log.entryAdded")

    @property
    def requests(self) -> list[str]:
        return [event["request"]["url"] for event in self._events("Network.requestWillBeSent")]


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of pixels (RGB or RGBA bytes) of an 8-bit, non-interlaced PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, chunks, header = 8, [], b""
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    size = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * size
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - size] if x >= size else 0
            up = previous[x]
            corner = previous[x - size] if x >= size else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                far = [abs(guess - left), abs(guess - up), abs(guess - corner)]
                line[x] = (line[x] + (left, up, corner)[far.index(min(far))]) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


@dataclass(frozen=True)
class Ink:
    """How much of a picture is not its background colour, and how many colours it has."""

    share: float
    colours: int


def ink(data: bytes) -> Ink:
    width, _height, rows = png_pixels(data)
    size = len(rows[0]) // width
    counts: dict[bytes, int] = {}
    for row in rows[::2]:
        for x in range(0, len(row), size * 2):
            pixel = row[x : x + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
    total = sum(counts.values())
    background = max(counts.values())
    return Ink(share=(total - background) / total, colours=len(counts))


def docs_screenshot(page: Page, path: Path) -> None:
    """A screenshot of `page` as it is, which must not be blank; saved as the docs' picture `path`
    when CRIBCHECK_UPDATE_DOCS=1."""
    picture = page.screenshot()
    seen = ink(page.screenshot(scale=0.25))
    assert seen.share > 0.05 and seen.colours > 20, seen
    if os.environ.get("CRIBCHECK_UPDATE_DOCS") == "1":
        save(path, picture)


def save(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
