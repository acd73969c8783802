"""Engines the runner can talk to: the reference in-process, or an external adapter over the
protocol, persistent and pipelined (or one process per request, `once`).

Whatever an external engine does, `answer` yields exactly one Outcome per request, in order, and
returns: a crash, a hang or garbled output becomes an `error` outcome for the request it hit,
the engine is restarted (hello replayed) and the other requests are sent again. After too many
failures in a row, or when a restart fails, the remaining requests are errors without being sent.
`answer_batches` does the same with batch requests (feature `batch`), one BatchOutcome each.
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

from cribcheck.harness.engine.adapter import Adapter
from cribcheck.harness.engine.known_answers import KnownAnswers
from cribcheck.harness.engine.protocol import (
    OUTCOME_KINDS,
    BatchOutcome,
    BatchRequest,
    EngineInfo,
    HandshakeRefused,
    Outcome,
    ProtocolViolation,
    Request,
    VersionMismatch,
    bye_message,
    hello_message,
    parse_batch_response,
    parse_hello_response,
    parse_response,
    quote,
)
from cribcheck.harness.engine.reaper import end_marked, new_mark
from cribcheck.harness.engine.transport import MAX_LINE, Command, EngineProcess, Received, StderrSink

Sent = TypeVar("Sent", Request, BatchRequest)
Got = TypeVar("Got", Outcome, BatchOutcome)


class EngineSetupError(Exception):
    """The engine could not be started or the handshake failed."""

    def __init__(self, message: str, stderr: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.stderr = stderr or []


class HelloChanged(EngineSetupError):
    """A later hello of the engine says otherwise than the first: after a restart, or from another
    `--jobs` copy. The run stops (a setup error): what is sent and how each answer is judged
    follow the claims, so a run whose claims change has no single meaning (docs/PROTOCOL.md)."""


def hello_changed(
    first: EngineInfo, later: EngineInfo, when: str, stderr: list[str] | None = None
) -> HelloChanged | None:
    """HelloChanged saying how `later` differs from `first` (`when`: after a restart, say), or None."""
    changes = first.changes(later)
    if not changes:
        return None
    return HelloChanged(
        f"the engine's hello changed {when}: {'; '.join(changes)}. The run stops here: the requests sent and "
        "the answers judged follow the first hello, and an engine must claim the same every time it starts",
        stderr,
    )


class Engine(Protocol):
    """What the runner needs of an engine. `answer` yields one Outcome per request, in order."""

    @property
    def info(self) -> EngineInfo: ...

    @property
    def mode(self) -> str: ...  # "in-process", "persistent" or "once"

    @property
    def command(self) -> str | None: ...

    @property
    def restarts(self) -> int: ...  # after crashes, hangs or garbled output

    def answer(self, requests: Iterable[Request]) -> Generator[Outcome, None, None]: ...

    def stderr_tail(self) -> list[str]: ...

    def close(self) -> None: ...


class BatchEngine(Engine, Protocol):
    """An engine that can also send batch requests (to an engine that claims `batch`)."""

    def answer_batches(self, batches: Iterable[BatchRequest]) -> Generator[BatchOutcome, None, None]: ...


@dataclass(frozen=True)
class EngineOptions:
    command: str
    shell: bool = False
    once: bool = False
    timeout: float = 5.0  # seconds for one request
    startup_timeout: float = 20.0  # seconds for the answer to hello
    window: int = 16  # requests in flight at once
    max_failures: int = 5  # crashes, hangs or garbled lines in a row before giving up
    max_line: int = MAX_LINE
    stderr_log: Path | None = None
    cwd: Path | None = None


class InProcessEngine:
    """An Adapter called directly: the reference engine by default, with no process between."""

    mode = "in-process"
    command: str | None = None
    restarts = 0

    def __init__(self, adapter: Adapter) -> None:
        self._adapter = adapter
        self.info = EngineInfo.from_hello(adapter.hello())

    def answer(self, requests: Iterable[Request]) -> Generator[Outcome, None, None]:
        for request in requests:
            start = time.monotonic()
            response = self._adapter.respond(request.message()) or {}
            kind = next((kind for kind in OUTCOME_KINDS if kind in response), None)
            if kind is None:
                yield Outcome.error(request.seq, f"no answer from the adapter: {response!r}")
                continue
            yield Outcome(request.seq, kind, response[kind], seconds=time.monotonic() - start)

    def answer_batches(self, batches: Iterable[BatchRequest]) -> Generator[BatchOutcome, None, None]:
        for batch in batches:
            start = time.monotonic()
            response = self._adapter.respond(batch.message()) or {}
            seconds = time.monotonic() - start
            if isinstance(response.get("batch"), list) and len(response["batch"]) == len(batch.inputs):
                yield BatchOutcome(batch.seq, tuple(response["batch"]), seconds=seconds)
            else:
                message = response.get("error", {}).get("message") or f"no batch from the adapter: {response!r}"
                yield BatchOutcome.failed(batch.seq, message, seconds=seconds)

    def stderr_tail(self) -> list[str]:
        return []

    def close(self) -> None:
        pass


def reference_engine() -> InProcessEngine:
    from cribcheck.harness.engine.serve import reference_adapter

    return InProcessEngine(reference_adapter())


def handshake(process: EngineProcess, timeout: float, stderr: StderrSink) -> EngineInfo:
    """Send hello and read the answer; raises EngineSetupError saying what went wrong."""
    process.send(hello_message())
    received = process.receive(time.monotonic() + timeout)
    if received.kind == "eof":
        code = process.settle()
        raise EngineSetupError(f"the engine {_ended(code, hello=True)}", stderr.tail())
    if received.kind == "timeout":
        raise EngineSetupError(f"the engine did not answer hello within {timeout:g} s", stderr.tail())
    if received.kind == "too_long":
        raise EngineSetupError(
            f"the answer to hello is a line of {received.size} bytes, over the limit: {quote(received.text)}",
            stderr.tail(),
        )
    try:
        return parse_hello_response(received.text, invalid_utf8_at=received.invalid_utf8_at)
    except ProtocolViolation as violation:
        raise EngineSetupError(violation.message, stderr.tail()) from None
    except HandshakeRefused as refused:
        raise EngineSetupError(f"the engine refused hello: {refused}", stderr.tail()) from None
    except VersionMismatch as mismatch:
        raise EngineSetupError(str(mismatch), stderr.tail()) from None


def _ended(code: int | None, *, hello: bool = False) -> str:
    """How an engine whose stdout ended was found: exited (with its code), or still running (it
    closed its stdout, or handed it to a child that closed it; the harness then ends it)."""
    if code is None:
        return f"closed its stdout before answering{' hello' * hello}, still running"
    if hello:
        return f"exited before answering hello{_exit_text(code)}"
    return f"exited{_exit_text(code)} before answering"


def _stderr_hint(stderr: StderrSink) -> str:
    tail = stderr.tail(5)
    return "; its stderr ended with: " + " | ".join(line[:200] for line in tail) if tail else ""


def _exit_text(code: int | None) -> str:
    if code is None:
        return ""
    if code < 0:
        return f" (killed by signal {-code})"
    return f" (exit code {code})"


def spawn(options: EngineOptions, stderr: StderrSink, mark: str) -> EngineProcess:
    """Start the engine's command, every process of it carrying `mark`; raises EngineSetupError
    when it cannot be started."""
    process = EngineProcess(
        Command(options.command, options.shell), stderr=stderr, max_line=options.max_line, cwd=options.cwd, mark=mark
    )
    try:
        process.start()
    except OSError as error:
        raise EngineSetupError(f"cannot start the engine {options.command!r}: {error}") from None
    return process


class _Failure(Exception):
    """A request the engine failed so badly that it must be restarted (the message says how)."""

    def __init__(self, message: str, line: str | None = None) -> None:
        super().__init__(message)
        self.line = line


def _timed_batch(line: str, request: BatchRequest, *, invalid_utf8_at: int | None, seconds: float) -> BatchOutcome:
    return parse_batch_response(line, request, invalid_utf8_at=invalid_utf8_at).timed(seconds)


class AdapterEngine:
    """An external adapter: started once, pipelined, restarted after a crash, hang or garbled line."""

    mode = "persistent"

    def __init__(self, options: EngineOptions, mark: str | None = None) -> None:
        self.options = options
        self.command = options.command
        self.restarts = 0
        self._stderr = StderrSink(log=options.stderr_log)
        self._mark = mark or new_mark()  # every process of this engine, across restarts
        self._process: EngineProcess | None = None
        self._failures = 0  # in a row
        self._dead: str | None = None  # why no more requests are sent
        self._stale = False  # answers may still be on their way from an abandoned call
        self._answers = KnownAnswers()  # the verdicts on valid answers, by their text
        try:
            self.info = self._start()
        except BaseException:  # a failed handshake, or Ctrl-C in the middle of it
            end_marked(self._mark)
            raise

    def _start(self) -> EngineInfo:
        process = spawn(self.options, self._stderr, self._mark)
        try:
            info = handshake(process, self.options.startup_timeout, self._stderr)
        except BaseException:
            process.kill()
            raise
        self._process = process
        return info

    def _restart(self, why: str) -> None:
        if self._process is not None:
            self._process.kill()
            self._process = None
        if self._failures >= self.options.max_failures:
            self._dead = f"the engine failed {self._failures} times in a row (last: {why})"
            return
        self.restarts += 1
        try:
            info = self._start()
        except EngineSetupError as error:
            self._dead = f"the engine could not be restarted after a failure: {error.message}"
            return
        changed = hello_changed(self.info, info, f"after restart {self.restarts}", self._stderr.tail())
        if changed is not None:
            self._dead = changed.message
            raise changed

    def answer(self, requests: Iterable[Request]) -> Generator[Outcome, None, None]:
        return self._exchange(requests, self._answers.parse, Outcome.error)

    def answer_batches(self, batches: Iterable[BatchRequest]) -> Generator[BatchOutcome, None, None]:
        """Batch requests, pipelined like single ones; a batch the engine fails as a whole (a crash,
        a hang, garbled output) is one failed BatchOutcome, and the rest are sent again."""
        return self._exchange(batches, _timed_batch, BatchOutcome.failed)

    def _exchange(
        self,
        requests: Iterable[Sent],
        parse: Callable[..., Got],
        failed: Callable[..., Got],
    ) -> Generator[Got, None, None]:
        if self._stale and self._dead is None:
            self._restart("abandoned requests")
            self._stale = False
        resend: deque[Sent] = deque()
        source = iter(requests)
        in_flight: deque[tuple[Sent, float]] = deque()
        last = time.monotonic()
        try:
            while True:
                if self._dead is None and self._process is not None:
                    self._send_more(in_flight, resend, source)
                elif not in_flight:
                    request = resend.popleft() if resend else next(source, None)
                    if request is None:
                        return
                    yield failed(request.seq, f"not run: {self._dead}")
                    continue
                if not in_flight:
                    return
                request, sent = in_flight[0]
                start = max(sent, last)
                assert self._process is not None
                received = self._process.receive(start + self.options.timeout)
                last = time.monotonic()
                in_flight.popleft()
                if received.kind == "line":
                    # The window is full again before this answer is read: one request at a time
                    # (--window 1), the engine answers the next while the harness reads this one.
                    self._send_more(in_flight, resend, source)
                try:
                    outcome = self._read(received, request, parse, last - start)
                except _Failure as failure:
                    self._failures += 1
                    yield failed(request.seq, str(failure), received.text or None, seconds=last - start)
                    resend.extendleft(reversed([waiting for waiting, _ in in_flight]))
                    in_flight.clear()
                    self._restart(str(failure))
                    last = time.monotonic()
                    continue
                self._failures = 0
                yield outcome
        finally:
            if in_flight:
                self._stale = True

    def _send_more(self, in_flight: deque[tuple[Sent, float]], resend: deque[Sent], source: Iterator[Sent]) -> None:
        """Send requests (those to send again first) until the window is full or none is left."""
        assert self._process is not None
        while len(in_flight) < self.options.window:
            request = resend.popleft() if resend else next(source, None)
            if request is None:
                return
            self._process.send_line(request.line())
            in_flight.append((request, time.monotonic()))

    def _read(self, received: Received, request: Sent, parse: Callable[..., Got], seconds: float) -> Got:
        """The outcome of one request from what the engine wrote, taking `seconds`; _Failure when
        the engine must restart."""
        try:
            return parse(self._line(received), request, invalid_utf8_at=received.invalid_utf8_at, seconds=seconds)
        except ProtocolViolation as violation:
            raise _Failure(violation.message) from None

    def _line(self, received: Received) -> str:
        """The line the engine wrote; _Failure when it wrote none (or too long a one)."""
        assert self._process is not None
        if received.kind == "timeout":
            raise _Failure(f"the engine gave no answer within {self.options.timeout:g} s (timeout)")
        if received.kind == "eof":
            raise _Failure(f"the engine {_ended(self._process.settle())}{_stderr_hint(self._stderr)}")
        if received.kind == "too_long":
            raise _Failure(
                f"the engine wrote a line of {received.size} bytes, over the limit of {self.options.max_line}: "
                f"{quote(received.text)}"
            )
        return received.text

    def stderr_tail(self) -> list[str]:
        return self._stderr.tail()

    def close(self) -> None:
        """Say bye, then end the engine and all it started, whatever happens meanwhile."""
        try:
            if self._process is not None:
                self._process.send(bye_message())
                self._process.stop(grace=1.0)
                self._process = None
        finally:
            end_marked(self._mark)  # also what an interrupted start or restart left behind
            self._stderr.close()


class OnceEngine:
    """An external adapter started anew for every request: hello, the request, bye."""

    mode = "once"

    def __init__(self, options: EngineOptions, mark: str | None = None) -> None:
        self.options = options
        self.command = options.command
        self.restarts = 0
        self._stderr = StderrSink(log=options.stderr_log)
        self._mark = mark or new_mark()  # every process of this engine, one per request
        self._failures = 0  # in a row
        self._dead: str | None = None
        try:
            process = spawn(options, self._stderr, self._mark)
            try:
                self.info = handshake(process, options.startup_timeout, self._stderr)
                process.send(bye_message())
            finally:
                process.stop(grace=1.0)
        except BaseException:
            end_marked(self._mark)
            raise

    def answer(self, requests: Iterable[Request]) -> Generator[Outcome, None, None]:
        for request in requests:
            if self._dead is not None:
                yield Outcome.error(request.seq, f"not run: {self._dead}")
                continue
            start = time.monotonic()
            try:
                outcome = self._one(request)
                self._failures = 0
            except _Failure as failure:
                self._failures += 1
                outcome = Outcome.error(request.seq, str(failure), failure.line)
                if self._failures >= self.options.max_failures:
                    self._dead = f"the engine failed {self._failures} times in a row (last: {failure})"
            yield replace(outcome, seconds=time.monotonic() - start)

    def _one(self, request: Request) -> Outcome:
        try:
            process = spawn(self.options, self._stderr, self._mark)
        except EngineSetupError as error:
            raise _Failure(error.message) from None
        try:
            info = handshake(process, self.options.startup_timeout, self._stderr)
            changed = hello_changed(self.info, info, f"in the process started for request {request.seq}")
            if changed is not None:
                self._dead = changed.message
                raise changed
            process.send(request.message())
            process.send(bye_message())
            process.close_stdin()
            received = process.receive(time.monotonic() + self.options.timeout)
            if received.kind == "timeout":
                raise _Failure(f"the engine gave no answer within {self.options.timeout:g} s (timeout)")
            if received.kind == "eof":
                raise _Failure(f"the engine {_ended(process.settle())}{_stderr_hint(self._stderr)}")
            if received.kind == "too_long":
                raise _Failure(f"the engine wrote a line of {received.size} bytes, over the limit", received.text)
            try:
                return parse_response(received.text, request, invalid_utf8_at=received.invalid_utf8_at)
            except ProtocolViolation as violation:
                raise _Failure(violation.message, violation.line) from None
        except HelloChanged:
            raise
        except EngineSetupError as error:
            raise _Failure(error.message) from None
        finally:
            process.stop(grace=0.5)

    def stderr_tail(self) -> list[str]:
        return self._stderr.tail()

    def close(self) -> None:
        try:
            end_marked(self._mark)  # what an interrupted request left behind
        finally:
            self._stderr.close()


def open_engine(options: EngineOptions | None, mark: str | None = None) -> Engine:
    """The reference in-process when `options` is None, else the adapter it describes, every
    process of it carrying `mark` (harness.engine.reaper; a new one when not given)."""
    if options is None:
        return reference_engine()
    return OnceEngine(options, mark) if options.once else AdapterEngine(options, mark)


REFERENCE = "reference"  # `--engine reference`: the reference engine, in-process, in every command


def engine_command(text: str) -> str | None:
    """An `--engine` value of a command that checks one engine: `reference` is the in-process
    reference engine (None, as when no engine is given), anything else an adapter's command line."""
    return None if text == REFERENCE else text


class _EveryEngine(argparse.Action):
    """`--engine` given again and again: `engines` keeps every one in order, and `engine` the first
    (what a command that runs one engine reads)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        namespace.engines = [*getattr(namespace, "engines", ()), values]
        if getattr(namespace, self.dest, None) is None:
            setattr(namespace, self.dest, values)


def add_engine_arguments(
    group: argparse._ActionsContainer,
    *,
    default: str | None = "the reference engine in-process",
    once: bool = True,
    repeatable: bool = False,
) -> None:
    """The options that name the engine under test, the same in every command: `--engine`, `--shell`
    and (where the command can restart the adapter per request) `--once`. `default=None` makes
    `--engine` required; `repeatable` lets `--engine` be given for several engines (`engines`)."""
    if default is None:
        group.add_argument(
            "--engine",
            metavar="CMD",
            required=True,
            type=engine_command,
            help=f"the adapter's command line (`{REFERENCE}`: the reference engine in-process)",
        )
    elif repeatable:
        group.add_argument(
            "--engine",
            metavar="CMD",
            action=_EveryEngine,
            help=f"the adapter's command line (default: {default}); again for several engines side by side, "
            "`reference` naming the reference engine",
        )
        group.set_defaults(engines=())
    else:
        group.add_argument(
            "--engine",
            metavar="CMD",
            type=engine_command,
            help=f"the adapter's command line (default, or `{REFERENCE}`: {default})",
        )
    group.add_argument("--shell", action="store_true", help="run --engine through the shell")
    if once:
        group.add_argument("--once", action="store_true", help="start the adapter anew for every request")


def engine_words(args: argparse.Namespace) -> list[str]:
    """The engine options of `args` as command-line words, for a command that reruns a case."""
    if not args.engine:
        return []
    return ["--engine", args.engine] + ["--shell"] * args.shell + ["--once"] * getattr(args, "once", False)


def engine_options(args: argparse.Namespace, **fixed: object) -> EngineOptions | None:
    """The EngineOptions the command line names (None without `--engine`). Each command defines
    the options it needs; those it leaves out keep EngineOptions' defaults, and `fixed` sets
    values the command decides itself."""
    if not args.engine:
        return None
    given: dict[str, object] = {"command": args.engine}
    for name in ("shell", "once", "timeout", "startup_timeout", "stderr_log"):
        if getattr(args, name, None) is not None:
            given[name] = getattr(args, name)
    if getattr(args, "window", None) is not None:
        given["window"] = max(1, args.window)
    return EngineOptions(**{**given, **fixed})  # type: ignore[arg-type]
