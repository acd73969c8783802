"""Talking to an engine process: newline-delimited JSON over its stdin and stdout.

Three daemon threads per process keep the harness from ever blocking on the engine: a writer
(a full stdin pipe cannot stall the harness), a stdout reader (lines go to a queue; the caller
waits on it with a deadline) and a stderr drain (a flood of stderr cannot stall the engine; the
last lines are kept for the report, all of them go to a log file if one is given). The engine
runs in a session of its own, so Ctrl-C reaches the harness only; however its run ends (a clean
`bye`, a crash, a hang, Ctrl-C), its process group is killed, and on Linux every process it
started that left the group too (harness.engine.reaper).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

from harness.engine import reaper
from harness.engine.reaper import marked_environment, new_mark

MAX_LINE = 8 * 1024 * 1024  # bytes in one line from the engine; longer lines are refused
STDERR_KEPT = 40  # last stderr lines kept for the report
STDERR_CHUNK = 4096  # a stderr "line" longer than this is cut into pieces
QUOTE_BYTES = 400

ReceivedKind = Literal["line", "eof", "timeout", "too_long"]


@dataclass(frozen=True)
class Command:
    """How to start the engine: an argument vector, or (with `shell`) a line for the shell."""

    text: str
    shell: bool = False

    def argv(self) -> list[str] | str:
        return self.text if self.shell else shlex.split(self.text)

    @classmethod
    def of(cls, command: str | Sequence[str], *, shell: bool = False) -> Command:
        return cls(command if isinstance(command, str) else shlex.join(command), shell)


@dataclass(frozen=True)
class Received:
    """What the stdout reader saw: a line, the end of output, nothing in time, or a line too long
    (`text` then holds its start and `size` its length). A line that is not UTF-8 is decoded with
    U+FFFD in place of the bad bytes, and `invalid_utf8_at` is the offset of the first of them."""

    kind: ReceivedKind
    text: str = ""
    size: int = 0
    invalid_utf8_at: int | None = None


def _decoded(line: bytes) -> Received:
    try:
        return Received("line", line.decode("utf-8"), len(line))
    except UnicodeDecodeError as error:
        return Received("line", line.decode("utf-8", "replace"), len(line), error.start)


class StderrSink:
    """Where an engine's stderr goes, across restarts: the last lines, and an optional log file."""

    def __init__(self, keep: int = STDERR_KEPT, log: Path | None = None) -> None:
        self._tail: deque[str] = deque(maxlen=keep)
        self._lock = threading.Lock()
        self._log: IO[str] | None = log.open("a", encoding="utf-8") if log else None
        self.lines = 0

    def add(self, text: str) -> None:
        with self._lock:
            self.lines += 1
            self._tail.append(text.rstrip("\r\n"))
            if self._log:
                self._log.write(text if text.endswith("\n") else text + "\n")

    def tail(self, count: int | None = None) -> list[str]:
        with self._lock:
            lines = list(self._tail)
        return lines if count is None else lines[-count:]

    def close(self) -> None:
        with self._lock:
            if self._log:
                self._log.close()
                self._log = None


class EngineProcess:
    """One run of the engine's command. `start` raises OSError when it cannot be started."""

    def __init__(
        self,
        command: Command,
        *,
        stderr: StderrSink,
        max_line: int = MAX_LINE,
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
        mark: str | None = None,
    ) -> None:
        self.command = command
        self.mark = mark or new_mark()  # in the environment of everything the engine starts
        self._stderr = stderr
        self._max_line = max_line
        self._cwd = cwd
        self._env = dict(env) if env is not None else None
        self._lines: queue.Queue[Received] = queue.Queue()
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._threads: list[threading.Thread] = []
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self._proc = subprocess.Popen(
            self.command.argv(),
            shell=self.command.shell,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=self._cwd,
            env=marked_environment(self._env, self.mark),
            start_new_session=os.name == "posix",
        )
        assert self._proc.stdin and self._proc.stdout and self._proc.stderr
        for target, stream in (
            (self._write, self._proc.stdin),
            (self._read_stdout, self._proc.stdout),
            (self._drain_stderr, self._proc.stderr),
        ):
            thread = threading.Thread(target=target, args=(stream,), daemon=True, name=f"engine-{target.__name__}")
            thread.start()
            self._threads.append(thread)

    # --- the three threads ------------------------------------------------------------------

    def _write(self, stream: IO[bytes]) -> None:
        try:
            while (data := self._outbox.get()) is not None:
                stream.write(data)
                stream.flush()
        except (OSError, ValueError):
            pass  # the engine is gone or stopped reading: the stdout reader will see the end
        finally:
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    def _read_stdout(self, stream: IO[bytes]) -> None:
        try:
            while line := stream.readline(self._max_line + 1):
                if len(line) > self._max_line and not line.endswith(b"\n"):
                    size = len(line)
                    while (more := stream.readline(1 << 16)) and not more.endswith(b"\n"):
                        size += len(more)
                    size += len(more)
                    head = line[:QUOTE_BYTES].decode("utf-8", "replace")
                    self._lines.put(Received("too_long", head, size))
                    continue
                self._lines.put(_decoded(line))
        except (OSError, ValueError):
            pass
        self._lines.put(Received("eof"))

    def _drain_stderr(self, stream: IO[bytes]) -> None:
        try:
            while chunk := stream.readline(STDERR_CHUNK):
                self._stderr.add(chunk.decode("utf-8", "replace"))
        except (OSError, ValueError):
            pass

    # --- the caller's side ------------------------------------------------------------------

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue one message (never blocks)."""
        self._outbox.put(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n")

    def receive(self, deadline: float) -> Received:
        """The next thing on stdout, waiting until `deadline` (time.monotonic()) at most."""
        try:
            return self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return Received("timeout")

    def exit_code(self, wait: float = 0.0) -> int | None:
        """The exit code, waiting up to `wait` seconds for the process to end; None if it runs."""
        if self._proc is None:
            return None
        try:
            return self._proc.wait(timeout=wait) if wait else self._proc.poll()
        except subprocess.TimeoutExpired:
            return None

    def settle(self, wait: float = 0.5) -> int | None:
        """After the end of stdout: the exit code, once stderr has been read to the end."""
        code = self.exit_code(wait)
        for thread in self._threads[2:]:
            thread.join(timeout=wait)
        return code

    def close_stdin(self) -> None:
        self._outbox.put(None)

    def stop(self, grace: float = 1.0) -> int | None:
        """Close stdin, give the engine `grace` seconds to exit, then kill what is left of it: its
        process group and what left the group, always, even after a clean exit (a helper it
        started, a child holding its stdout)."""
        code = None
        try:
            self.close_stdin()
            code = self.exit_code(grace)
        finally:
            self.kill()
        return code if code is not None else self.exit_code()

    def kill(self) -> None:
        """Kill the engine, its process group and (on Linux) every process carrying its mark."""
        proc = self._proc
        try:
            if proc is not None:
                reaper.kill_group(proc.pid)  # the group outlives its leader while members live
                if proc.poll() is None:
                    proc.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=2.0)
        finally:
            reaper.end_marked(self.mark)
            self._outbox.put(None)
