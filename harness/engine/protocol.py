"""The adapter protocol, version 1: the messages, and reading the engine's answers.

Every message is one JSON object on one line. The harness sends `hello`, then requests
(`{"seq", "op", "profile", "input"}`), then `bye`; the engine answers hello with what it supports
and each request with a response echoing its seq. An engine that claims the `batch` feature also
answers the batch form (`"batch": [input, ...]` in place of `input`) with `"batch": [answer, ...]`.
The schemas in schema/protocol/ are the contract: this module builds messages that match them and
checks what comes back against them.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from cribcheck.harness.contract.version import suite_version
from cribcheck.harness.engine.adapter import PROTOCOL_VERSION  # written once, in the standalone helper
from cribcheck.harness.engine.strict_json import MAX_DEPTH, JsonLine, NotJson, nested_deeper, read_json
from cribcheck.harness.engine.transport import message_line, request_line
from cribcheck.harness.operations.capabilities import Capabilities

QUOTE_LIMIT = 300  # characters of an offending line quoted in a message
CACHED_KEY_LIMIT = 2000  # characters of a batch answer's repr, above which its check is not cached
BATCH_ANSWER_DEPTH = MAX_DEPTH - 2  # an answer of a batch sits in the response object and its list
TOO_DEEP_ANSWER = f"(top): nested more than {BATCH_ANSWER_DEPTH} levels deep (the line: more than {MAX_DEPTH})"

OutcomeKind = Literal["ok", "rejected", "skipped", "error"]
OUTCOME_KINDS: tuple[OutcomeKind, ...] = ("ok", "rejected", "skipped", "error")


@dataclass(frozen=True)
class EngineInfo:
    """An engine's answer to hello: who it is and what it claims (harness.operations.capabilities:
    the profiles, and per operation the features and whether it judges illegal input)."""

    name: str
    version: str
    language: str
    protocol: int
    capabilities: Capabilities
    raw: Mapping[str, Any]  # the hello object as the engine sent it

    @property
    def profiles(self) -> frozenset[str]:
        return self.capabilities.profiles

    @property
    def operations(self) -> frozenset[str]:
        return frozenset(self.capabilities.operations)

    def claims(self, op: str, profile: str) -> bool:
        return self.capabilities.claims(op, profile)

    def features_for(self, op: str) -> frozenset[str]:
        """The features claimed for operation `op`."""
        return self.capabilities.features_for(op)

    def judges(self, op: str, code: str) -> bool:
        """Whether the engine judges the illegal input of `op` that the rejection `code` answers."""
        return self.capabilities.judges(op, code)

    @property
    def stops_at_target(self) -> bool:
        """The engine stops the winner's score at the target (hello `stops_at_target`)."""
        return self.capabilities.stops_at_target

    def why_not(self, op: str, profile: str, *, rejection: str | None = None) -> str | None:
        """Why a case x profile expecting `rejection` (a code, or None for a result) is not
        applicable to this engine, or None when it is."""
        return self.capabilities.why_not(op, profile, rejection=rejection)

    @property
    def label(self) -> str:
        """`name version (language)`, each part bounded so that a report cutting a name at its
        limit (300 characters) still shows all three, however long the hello's strings are."""
        name, version, language = (bounded_part(getattr(self, part), LABEL_PARTS[part]) for part in LABEL_PARTS)
        return f"{name} {version} ({language})"

    def changes(self, later: EngineInfo) -> list[str]:
        """How a later hello of the same engine (after a restart, or another copy's) differs from
        this one in what decides the run: who it is and what it claims. Empty when it does not
        (the free-text `homepage` and `notes` may differ)."""
        found = [
            f"{what} {getattr(self, what)!r} -> {getattr(later, what)!r}"
            for what in ("name", "version", "language", "protocol")
            if getattr(self, what) != getattr(later, what)
        ]
        return found + self.capabilities.differences(later.capabilities)

    @classmethod
    def from_hello(cls, hello: Mapping[str, Any]) -> EngineInfo:
        engine = hello["engine"]
        return cls(
            name=engine["name"],
            version=engine["version"],
            language=engine["language"],
            protocol=hello["protocol"],
            capabilities=Capabilities.from_hello(hello),
            raw=hello,
        )


@dataclass(frozen=True)
class Request:
    """One operation of one case under one profile."""

    seq: str
    op: str
    profile: str
    input: Mapping[str, Any]

    def message(self) -> dict[str, Any]:
        return {"seq": self.seq, "op": self.op, "profile": self.profile, "input": self.input}

    def line(self) -> bytes:
        """The message as sent: one line of compact JSON, UTF-8 (transport.message_line's)."""
        return request_line(self.seq, self.op, self.profile, self.input)


@dataclass(frozen=True)
class Outcome:
    """What became of one request: the engine's answer (`ok`, `rejected`, `skipped`), or an
    `error`, which is also what the harness records when the engine crashed, hung or broke the
    protocol (then `line` quotes what it wrote, if anything)."""

    seq: str
    kind: OutcomeKind
    body: Mapping[str, Any]
    line: str | None = None
    seconds: float = 0.0  # how long the engine took over it

    @classmethod
    def error(cls, seq: str, message: str, line: str | None = None, seconds: float = 0.0) -> Outcome:
        return cls(seq, "error", {"message": message}, line, seconds)

    def timed(self, seconds: float) -> Outcome:
        return Outcome(self.seq, self.kind, self.body, self.line, seconds)

    @property
    def message(self) -> str:
        """The error message or the skip reason."""
        return str(self.body.get("message") or self.body.get("reason") or "")


@dataclass(frozen=True)
class BatchRequest:
    """Several inputs of one operation under one profile in one message: the batch form of a
    request, sent only to an engine that claims the `batch` feature."""

    seq: str
    op: str
    profile: str
    inputs: tuple[Mapping[str, Any], ...]

    def message(self) -> dict[str, Any]:
        return {"seq": self.seq, "op": self.op, "profile": self.profile, "batch": list(self.inputs)}

    def line(self) -> bytes:
        return message_line(self.message())


@dataclass(frozen=True)
class BatchOutcome:
    """What became of a batch request: one answer per input, in order, each `{kind: body}` with
    one of the outcome kinds and checked against the schema (an answer that breaks it is replaced
    by an `error` answer saying so); or, when the batch failed as a whole (the engine answered it
    with one error, crashed, hung or broke the protocol), no answers and `error`, the message."""

    seq: str
    answers: tuple[Mapping[str, Any], ...]
    error: str | None = None
    line: str | None = None
    seconds: float = 0.0

    @classmethod
    def failed(cls, seq: str, message: str, line: str | None = None, seconds: float = 0.0) -> BatchOutcome:
        return cls(seq, (), message, line, seconds)

    def timed(self, seconds: float) -> BatchOutcome:
        return BatchOutcome(self.seq, self.answers, self.error, self.line, seconds)

    def outcomes(self, size: int) -> list[Outcome]:
        """The answers as Outcomes (seq `<batch seq>/<index>`); `size` of them, all errors when
        the batch failed as a whole."""
        if self.error is not None:
            return [Outcome.error(f"{self.seq}/{index}", self.error, self.line) for index in range(size)]
        outcomes = []
        for index, answer in enumerate(self.answers):
            kind = next(kind for kind in OUTCOME_KINDS if kind in answer)
            outcomes.append(Outcome(f"{self.seq}/{index}", kind, answer[kind]))
        return outcomes


class ProtocolViolation(Exception):
    """A line from the engine that breaks the protocol. `resync` says the stream can no longer be
    trusted (not JSON, or another request's seq): the engine must be restarted."""

    def __init__(self, message: str, line: str, *, resync: bool) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.resync = resync


def hello_message() -> dict[str, Any]:
    return {"hello": {"protocol": PROTOCOL_VERSION, "suite": suite_version()}}


def bye_message() -> dict[str, Any]:
    return {"bye": {}}


def encode(message: Mapping[str, Any]) -> str:
    """One message as one line (JSON escapes newlines; ASCII only, whatever the locale)."""
    return json.dumps(message, separators=(",", ":")) + "\n"


def cut(text: str) -> str:
    """A text cut short when long, saying how long it was."""
    return text[:QUOTE_LIMIT] + f"... ({len(text)} characters)" if len(text) > QUOTE_LIMIT else text


def quote(line: str) -> str:
    """A line as quoted in a message, cut short when long (a Python literal: control characters
    and lone surrogates escaped, so that the quote prints anywhere)."""
    return repr(cut(line.rstrip("\r\n")))


def _decode(line: str, *, what: str, invalid_utf8_at: int | None = None, check_depth: bool = True) -> JsonLine:
    """The line read as strict JSON (harness.engine.strict_json); raises ProtocolViolation (the
    stream is out of step) when it is not JSON at all."""
    try:
        return read_json(line, invalid_utf8_at=invalid_utf8_at, check_depth=check_depth)
    except NotJson as error:
        advice = ". Stdout is for protocol messages only; write logs and banners to stderr" if error.garbled else ""
        message = f"{what} is not JSON ({error.reason}): {quote(line)}{advice}"
        raise ProtocolViolation(message, line, resync=True) from None


def _not_strict(what: str, problem: str, line: str) -> str:
    return f"{what} is not strict JSON ({problem}): {quote(line)}"


def parse_hello_response(line: str, *, invalid_utf8_at: int | None = None) -> EngineInfo:
    """Read the engine's answer to hello; raises ProtocolViolation (or HandshakeRefused)."""
    from cribcheck.harness.contract.schemas import problems  # import here: schemas pull in jsonschema

    what = "the answer to hello"
    read = _decode(line, what=what, invalid_utf8_at=invalid_utf8_at)
    if read.problem:
        raise ProtocolViolation(_not_strict(what, read.problem, line), line, resync=True)
    message = read.value
    found = problems("protocol/hello-response.schema.json", message)
    if found:
        raise ProtocolViolation(
            f"the answer to hello does not match schema/protocol/hello-response.schema.json "
            f"({'; '.join(found[:3])}): {quote(line)}",
            line,
            resync=True,
        )
    if "error" in message:
        raise HandshakeRefused(message["error"]["message"])
    info = EngineInfo.from_hello(message["hello"])
    if info.protocol != PROTOCOL_VERSION:
        raise VersionMismatch(
            f"protocol version mismatch: the engine speaks protocol {info.protocol}, this cribcheck "
            f"speaks protocol {PROTOCOL_VERSION}"
        )
    return info


class HandshakeRefused(Exception):
    """The engine answered hello with an error."""


class VersionMismatch(Exception):
    """The engine speaks another protocol version."""


def parse_response(line: str, request: Request, *, invalid_utf8_at: int | None = None) -> Outcome:
    """Read the engine's answer to `request`; raises ProtocolViolation when the line is not one.

    A response with the right seq whose content is malformed (not strict JSON, or against the
    schema) gives an `error` outcome instead: the stream is still in step, so the engine need not
    be restarted."""
    from cribcheck.harness.contract.schemas import problems

    message, problem = _response_in_step(line, request.seq, invalid_utf8_at)
    if problem:
        return Outcome.error(request.seq, _not_strict("the response", problem, line), line)
    kinds = [kind for kind in OUTCOME_KINDS if kind in message]
    if len(kinds) != 1:
        given = ", ".join(kinds) if kinds else "none"
        return Outcome.error(
            request.seq,
            f"a response has exactly one of ok, rejected, skipped, error (this one has {given}): {quote(line)}",
            line,
        )
    found = problems("protocol/response.schema.json", message)
    if not found and kinds[0] == "ok":
        found = problems("protocol/result.schema.json", message["ok"], f"/$defs/{request.op}", at="ok")
    if found:
        return Outcome.error(
            request.seq,
            f"the response does not match the protocol schema ({'; '.join(found[:3])}): {quote(line)}",
            line,
        )
    return Outcome(request.seq, kinds[0], message[kinds[0]], line)


def _response_in_step(
    line: str, seq: str, invalid_utf8_at: int | None, *, check_depth: bool = True
) -> tuple[dict[str, Any], str | None]:
    """The response as a JSON object answering `seq`, and what makes it not strict JSON if
    anything; raises ProtocolViolation (the stream is out of step, so the engine must be
    restarted) when it is not JSON, not an object, or answers another seq. A batch response's
    depth is checked answer by answer (`_answer_problems`), where the check is cached."""
    read = _decode(line, what="the response", invalid_utf8_at=invalid_utf8_at, check_depth=check_depth)
    message = read.value
    if not isinstance(message, dict):
        raise ProtocolViolation(f"the response is not a JSON object: {quote(line)}", line, resync=True)
    if message.get("seq") != seq:
        got = f"seq {cut(repr(message['seq']))}" if "seq" in message else "no seq"
        if read.problem:
            got += f" (the line is not strict JSON: {read.problem})"
        raise ProtocolViolation(
            f"wrong seq: expected {seq!r} (responses come in the order of the requests), got {got}: {quote(line)}",
            line,
            resync=True,
        )
    return message, read.problem


def parse_batch_response(line: str, request: BatchRequest, *, invalid_utf8_at: int | None = None) -> BatchOutcome:
    """Read the engine's answer to a batch request; raises ProtocolViolation when the line is not
    one (not JSON, another seq). An answer of the wrong shape or length, or not strict JSON, fails
    the whole batch; an answer to one input that breaks the schema becomes an error answer for
    that input alone."""
    message, problem = _response_in_step(line, request.seq, invalid_utf8_at, check_depth=False)
    if problem:
        return BatchOutcome.failed(request.seq, _not_strict("the answer to a batch request", problem, line), line)
    answers = message.get("batch")
    if "error" in message and answers is None and not _answer_problems(request.op, message):
        failure = f"the engine failed the whole batch: {message['error']['message']}"
        return BatchOutcome.failed(request.seq, failure, line)
    if set(message) != {"seq", "batch"} or not isinstance(answers, list):
        return BatchOutcome.failed(
            request.seq,
            f"the answer to a batch request has `batch`, a list of answers, and nothing else: {quote(line)}",
            line,
        )
    if len(answers) != len(request.inputs):
        return BatchOutcome.failed(
            request.seq, f"{len(answers)} answers to a batch of {len(request.inputs)} inputs: {quote(line)}", line
        )
    return BatchOutcome(request.seq, tuple(_checked_answer(answer, request.op) for answer in answers))


def _checked_answer(answer: Any, op: str) -> Mapping[str, Any]:
    """The answer to one input of a batch if it matches the schema, else an error answer."""
    found = _answer_problems(op, answer) if isinstance(answer, dict) else ("(top): not an object",)
    if not found:
        return answer
    problem = f"the answer does not match the protocol schema ({'; '.join(found[:3])}): {quote(_dumped(answer))}"
    return {"error": {"message": problem}}


def _dumped(answer: Any) -> str:
    try:
        return json.dumps(answer)
    except (RecursionError, ValueError):
        return "(an answer too deep to show)"


def _answer_problems(op: str, answer: Mapping[str, Any]) -> tuple[str, ...]:
    """The schema's problems with one answer (or a whole-batch error, which has a seq), its depth
    first. Cached by the answer's repr: a sweep's millions of answers are a few hundred distinct
    ones, each checked against the schema once, and a repr is the cheapest key there is."""
    try:
        key = repr(answer)
    except RecursionError:
        return (TOO_DEEP_ANSWER,)
    if key.count("[") + key.count("{") > BATCH_ANSWER_DEPTH and nested_deeper(answer, BATCH_ANSWER_DEPTH):
        return (TOO_DEEP_ANSWER,)
    return _cached_problems(op, key) if len(key) <= CACHED_KEY_LIMIT else _schema_problems(op, answer)


@lru_cache(maxsize=4096)
def _cached_problems(op: str, key: str) -> tuple[str, ...]:
    """Decoded JSON is made of dicts, lists, strings, numbers, booleans and None, so its repr is a
    Python literal that gives it back (but for infinities, which no schema here accepts)."""
    try:
        answer = ast.literal_eval(key)
    except (ValueError, SyntaxError, RecursionError):
        return ("(top): a number out of range",)
    return _schema_problems(op, answer)


def _schema_problems(op: str, answer: Mapping[str, Any]) -> tuple[str, ...]:
    from cribcheck.harness.contract.schemas import problems

    if "seq" in answer:  # a whole-batch error: a response
        return tuple(problems("protocol/response.schema.json", answer))
    found = problems("protocol/response.schema.json", answer, "/$defs/answer")
    if not found and "ok" in answer:
        found = problems("protocol/result.schema.json", answer["ok"], f"/$defs/{op}", at="ok")
    return tuple(found)


LABEL_PARTS = {"name": 120, "version": 60, "language": 60}  # characters of each in a label


def bounded_part(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, the last an ellipsis when it is cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
