"""Talking to an engine process: newline-delimited JSON over its stdin and stdout.

The harness never blocks on the engine. Its stdin and stdout are non-blocking pipes, served in
the calling thread: `send` writes what the pipe takes at once and keeps the rest, which every
later `send` and `receive` goes on writing (a full stdin pipe cannot stall the harness);
`receive` waits on both pipes with `poll` until the request's deadline, reads stdout with
`os.read` and splits its lines itself, refusing a line over the limit without holding more than
the limit in memory. A request is one `os.write`, and its answer one `os.read` (and a `poll`
when it has not come yet), when the pipes allow (a line the pipe takes whole, an answer read
whole: the common case). No thread stands between the engine's answer and the caller, so none
has to wake up for it. One daemon thread drains stderr (a flood of stderr cannot stall the
engine; the last lines are kept for the report, all of them go to a log file if one is given).
The engine runs in a session of its own, so Ctrl-C reaches the harness only; however its run
ends (a clean `bye`, a crash, a hang, Ctrl-C), its process group is killed, and on Linux every
process it started that left the group too (harness.engine.reaper). POSIX only (pipes in `poll`).
"""

from __future__ import annotations

import contextlib
import os
import select
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

from cribcheck.harness.contract.dumps import compact, string
from cribcheck.harness.engine import reaper
from cribcheck.harness.engine.reaper import marked_environment, new_mark

MAX_LINE = 8 * 1024 * 1024  # bytes in one line from the engine; longer lines are refused
STDERR_KEPT = 40  # last stderr lines kept for the report
STDERR_CHUNK = 4096  # a stderr "line" longer than this is cut into pieces
QUOTE_BYTES = 400
READ_CHUNK = 1 << 16  # bytes asked of the stdout pipe at a time

ReceivedKind = Literal["line", "eof", "timeout", "too_long"]


def message_line(message: Mapping[str, Any]) -> bytes:
    """One message as the line written to the engine's stdin: compact JSON, UTF-8, a newline."""
    return compact(message).encode() + b"\n"


def request_line(seq: str, op: str, profile: str, data: Mapping[str, Any]) -> bytes:
    """message_line of a request `{"seq", "op", "profile", "input": data}`, written without
    building the message: its three strings as json.dumps writes a string, and one dump of `data`."""
    head = f'{{"seq":{string(seq)},"op":{string(op)},"profile":{string(profile)},"input":'
    return f"{head}{compact(data)}}}\n".encode()


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
    """One run of the engine's command. `start` raises OSError when it cannot be started. One
    thread at a time uses it (its stdin and stdout are served by the caller of send and receive)."""

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
        self._threads: list[threading.Thread] = []
        self._proc: subprocess.Popen[bytes] | None = None
        self._poll: select.poll | None = None  # stdout while open, stdin while something waits to be written
        self._stdin_polled = False
        self._stdin: int | None = None  # the fd, while open
        self._stdout: int | None = None  # the fd, until the end of output
        self._outgoing = bytearray()  # written by send, not yet taken by the pipe
        self._closing = False  # close stdin once _outgoing is written
        self._incoming = bytearray()  # read from stdout, not yet a whole line
        self._scanned = 0  # bytes of _incoming known to hold no newline
        self._dropping: tuple[str, int] | None = None  # a line over the limit: its start, its size so far
        self._ready: Received | None = None  # a line over the limit, read to its end

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
        self._stdin = self._proc.stdin.fileno()
        self._stdout = self._proc.stdout.fileno()
        os.set_blocking(self._stdin, False)
        os.set_blocking(self._stdout, False)
        self._poll = select.poll()
        self._poll.register(self._stdout, select.POLLIN)
        thread = threading.Thread(
            target=self._drain_stderr, args=(self._proc.stderr,), daemon=True, name="engine-drain-stderr"
        )
        thread.start()
        self._threads.append(thread)

    def _drain_stderr(self, stream: IO[bytes]) -> None:
        try:
            while chunk := stream.readline(STDERR_CHUNK):
                self._stderr.add(chunk.decode("utf-8", "replace"))
        except (OSError, ValueError):
            pass

    # --- stdin ------------------------------------------------------------------------------

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one message, or what of it the pipe takes now (never blocks); the rest is written
        by the next calls of send and receive."""
        self.send_line(message_line(message))

    def send_line(self, line: bytes) -> None:
        """send for a message already encoded: one line of JSON and its newline."""
        if self._stdin is None or self._closing:
            return  # the engine is gone or stopped reading: receive will see the end
        if self._outgoing:  # the pipe has not taken what came before: this waits behind it
            self._outgoing += line
            self._write()
            return
        try:
            written = os.write(self._stdin, line)
        except BlockingIOError:
            written = 0
        except OSError:  # the engine is gone or closed its stdin
            self._close_stdin_now()
            return
        if written < len(line):
            self._outgoing += line[written:]
            self._watch_stdin()

    def _write(self) -> None:
        """Write what the stdin pipe takes without blocking; close it when asked and all is written."""
        if self._stdin is None:
            return
        try:
            while self._outgoing:
                written = os.write(self._stdin, self._outgoing)
                del self._outgoing[:written]
        except BlockingIOError:
            pass
        except OSError:  # the engine is gone or closed its stdin: what it did not read is dropped
            self._outgoing.clear()
            self._close_stdin_now()
            return
        self._watch_stdin()
        if self._closing and not self._outgoing:
            self._close_stdin_now()

    def _watch_stdin(self) -> None:
        """Wait for stdin to take more only while something is left to write."""
        assert self._poll is not None and self._stdin is not None
        if self._outgoing and not self._stdin_polled:
            self._poll.register(self._stdin, select.POLLOUT)
            self._stdin_polled = True
        elif self._stdin_polled and not self._outgoing:
            self._poll.unregister(self._stdin)
            self._stdin_polled = False

    def _close_stdin_now(self) -> None:
        if self._stdin is None:
            return
        if self._stdin_polled:
            assert self._poll is not None
            self._poll.unregister(self._stdin)
            self._stdin_polled = False
        self._stdin = None
        assert self._proc is not None and self._proc.stdin is not None
        with contextlib.suppress(OSError, ValueError):
            self._proc.stdin.close()

    def close_stdin(self) -> None:
        """Close the engine's stdin once what was sent is written."""
        self._closing = True
        self._write()

    # --- stdout -----------------------------------------------------------------------------

    def receive(self, deadline: float) -> Received:
        """The next thing on stdout, waiting until `deadline` (time.monotonic()) at most. What
        stdout holds already is read before waiting: an answer that came while the harness was busy
        (the next request's, one request at a time) costs no poll."""
        first = True
        while True:
            if self._incoming or self._ready is not None:
                found = self._next_line()
                if found is not None:
                    return found
            if self._stdout is None:
                return self._at_end()
            if first:
                first = False
                whole = self._serve_stdout()
            else:
                left = deadline - time.monotonic()
                if left <= 0:
                    return Received("timeout")
                whole = self._wait(left)
            if whole is not None:
                return whole

    def _wait(self, left: float) -> Received | None:
        """Wait up to `left` seconds for a pipe, and serve it (see _serve_stdout)."""
        assert self._poll is not None
        for fd, _ in self._poll.poll(left * 1000):  # any event on stdout (data, its end, an error) is read
            if fd != self._stdout:
                self._write()
                continue
            whole = self._serve_stdout()
            if whole is not None:
                return whole
        return None

    def _serve_stdout(self) -> Received | None:
        """Read what stdout has now. An answer read whole in one chunk (nothing held before it, one
        newline, at its end, within the limit) is returned as it is; anything else is kept."""
        chunk = self._read_chunk()
        if chunk is None:
            return None
        if (
            not self._incoming
            and self._dropping is None
            and chunk.find(b"\n") == len(chunk) - 1
            and len(chunk) <= self._max_line + 1
        ):
            return _decoded(chunk)
        self._take(chunk)
        return None

    def _read_chunk(self) -> bytes | None:
        """What stdout has now (None when nothing, after the end of output too)."""
        assert self._stdout is not None
        try:
            chunk = os.read(self._stdout, READ_CHUNK)
        except BlockingIOError:
            return None
        except OSError:
            chunk = b""
        if not chunk:
            self._end_of_output()
            return None
        return chunk

    def _take(self, chunk: bytes) -> None:
        if self._dropping is not None:
            self._drop(chunk)
        else:
            self._incoming += chunk

    def _read(self) -> None:
        chunk = self._read_chunk()
        if chunk is not None:
            self._take(chunk)

    def _end_of_output(self) -> None:
        assert self._poll is not None and self._stdout is not None
        self._poll.unregister(self._stdout)
        self._stdout = None

    def _next_line(self) -> Received | None:
        """A whole line (or a line over the limit, read to its end) from what was read, if any."""
        if self._ready is not None:
            ready, self._ready = self._ready, None
            return ready
        if self._dropping is not None:
            return None
        end = self._incoming.find(b"\n", self._scanned)
        limit = self._max_line + 1  # bytes of a line with its newline
        if end == -1:
            self._scanned = len(self._incoming)
            if len(self._incoming) > self._max_line:  # no newline in time: too long, whatever follows
                head = bytes(self._incoming[:QUOTE_BYTES]).decode("utf-8", "replace")
                rest = bytes(self._incoming)
                self._incoming.clear()
                self._scanned = 0
                self._dropping = (head, 0)
                self._drop(rest)
                return self._next_line()
            return None
        size = end + 1
        line = bytes(self._incoming[:size])
        del self._incoming[:size]
        self._scanned = 0
        if size > limit:
            return Received("too_long", line[:QUOTE_BYTES].decode("utf-8", "replace"), size)
        return _decoded(line)

    def _drop(self, chunk: bytes) -> None:
        """Part of a line over the limit: counted, not kept; what follows its end is kept."""
        assert self._dropping is not None
        head, size = self._dropping
        end = chunk.find(b"\n")
        if end == -1:
            self._dropping = (head, size + len(chunk))
            return
        self._dropping = None
        self._incoming += chunk[end + 1 :]
        self._ready = Received("too_long", head, size + end + 1)

    def _at_end(self) -> Received:
        """After the end of output: a line over the limit cut by it, a last line without its
        newline, then the end."""
        if self._dropping is not None:
            head, size = self._dropping
            self._dropping = None
            return Received("too_long", head, size)
        if self._incoming:
            line = bytes(self._incoming)
            self._incoming.clear()
            self._scanned = 0
            if len(line) > self._max_line:
                return Received("too_long", line[:QUOTE_BYTES].decode("utf-8", "replace"), len(line))
            return _decoded(line)
        return Received("eof")

    # --- the process ------------------------------------------------------------------------

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
        for thread in self._threads:
            thread.join(timeout=wait)
        return code

    def stop(self, grace: float = 1.0) -> int | None:
        """Close stdin once what was sent is written, give the engine `grace` seconds (in all) to
        exit, then kill what is left of it: its process group and what left the group, always,
        even after a clean exit (a helper it started, a child holding its stdout). Then stderr is
        read to its end (for `grace` seconds at most), so that its last lines are the engine's."""
        code = None
        deadline = time.monotonic() + grace
        try:
            self.close_stdin()
            self._write_until(deadline)
            code = self.exit_code(max(0.0, deadline - time.monotonic()) or 0.001)
        finally:
            self.kill()
        for thread in self._threads:
            thread.join(timeout=grace)
        return code if code is not None else self.exit_code()

    def _write_until(self, deadline: float) -> None:
        """Go on writing stdin (and reading stdout, so that the engine is not stuck writing) until
        all is written or `deadline`."""
        while self._stdin is not None and self._outgoing and (left := deadline - time.monotonic()) > 0:
            assert self._poll is not None
            for fd, _ in self._poll.poll(left * 1000):
                if fd == self._stdout:
                    self._read()
                    self._incoming.clear()  # nobody waits for an answer any more
                    self._scanned = 0
                else:
                    self._write()

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
            self._outgoing.clear()
            self._close_stdin_now()
        # Stdout stays open and polled: a receive waiting in another thread (a pool's copy being
        # closed) wakes at the end of output the kill brings, as with a reader thread; it is
        # closed when the process object goes (CPython closes it on release).
