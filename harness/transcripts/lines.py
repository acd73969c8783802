"""A transcript read as a stream: each line, strictly, as an engine's answer is read.

A transcript is hostile input, like every engine's output: each line is read as strict JSON
(harness/engine/strict_json.py: valid UTF-8, no NaN, numbers and nesting within the protocol's
limits), at most MAX_LINE bytes (a longer line is refused and skipped to its end without being
held), and checked against schema/protocol/transcript-line.schema.json. A line that fails any of
this is a `BadLine` naming its number and the field; the lines after it are read all the same. The
file is read a line at a time, so memory does not grow with its length.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cribcheck.harness.contract.schemas import problems
from cribcheck.harness.engine.protocol import EngineInfo, quote
from cribcheck.harness.engine.strict_json import NotJson, read_json
from cribcheck.harness.engine.transport import MAX_LINE
from cribcheck.harness.operations.answers import OPERATIONS

SCHEMA = "protocol/transcript-line.schema.json"
RESULT_SCHEMA = "protocol/result.schema.json"
CHUNK = 1 << 16  # bytes read at a time while skipping a line over the limit
Kind = Literal["ok", "rejected"]


@dataclass(frozen=True)
class Hello:
    """The first line: the engine's answer to hello."""

    number: int
    info: EngineInfo


@dataclass(frozen=True)
class Begin:
    """A game or a hand begins (a recorder writes it as it begins): not judged, but a game or
    hand begun and never ended is an error of its own (harness/transcripts/unfinished.py)."""

    number: int
    what: Literal["game", "hand"]
    profile: str


@dataclass(frozen=True)
class Entry:
    """A line to judge: the request's operation, profile and input, and the engine's answer."""

    number: int
    op: str
    profile: str
    input: Mapping[str, Any]
    kind: Kind
    body: Mapping[str, Any]


@dataclass(frozen=True)
class BadLine:
    """A line that is not a transcript line: where, what is wrong (naming the field), and the
    operation and profile it names, when it names them readably."""

    number: int
    problem: str
    op: str | None = None
    profile: str | None = None


Line = Hello | Begin | Entry | BadLine


def raw_lines(path: Path) -> Iterator[tuple[int, bytes | None]]:
    """Every line of the file that is not blank, with its number from 1, without its end; None
    for a line over MAX_LINE bytes (read to its end in chunks, never held whole)."""
    with path.open("rb") as stream:
        number = 0
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                return
            number += 1
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                _skip_to_end_of_line(stream)
                yield number, None
                continue
            if line.strip():
                yield number, line.rstrip(b"\r\n")


def _skip_to_end_of_line(stream: Any) -> None:
    while True:
        chunk = stream.readline(CHUNK)
        if not chunk or chunk.endswith(b"\n"):
            return


BEGIN_PREFIX = b'{"begin":'  # a begin line as the recorders write it (compact JSON, `begin` first)


def count_lines(path: Path) -> tuple[int, int]:
    """How many lines `raw_lines` gives (the blank ones left out), and how many of them are begin
    lines as the recorders write them (those are not judged), in one quick pass."""
    lines = begins = 0
    for _, raw in raw_lines(path):
        lines += 1
        begins += raw is not None and raw.startswith(BEGIN_PREFIX)
    return lines, begins


def read_transcript(path: Path) -> Iterator[Line]:
    """The lines of a transcript, in order, each a Hello (only the first), an Entry or a BadLine."""
    first = True
    for number, raw in raw_lines(path):
        yield read_line(number, raw, first=first)
        first = False


def read_line(number: int, raw: bytes | None, *, first: bool = False) -> Line:
    """One line read: strict JSON, an object, valid against the transcript-line schema."""
    if raw is None:
        return BadLine(number, f"the line is over the limit of {MAX_LINE} bytes")
    try:
        text, bad_byte = raw.decode("utf-8"), None
    except UnicodeDecodeError as error:
        text, bad_byte = raw.decode("utf-8", "replace"), error.start
    try:
        read = read_json(text, invalid_utf8_at=bad_byte)
    except NotJson as error:
        return BadLine(number, f"the line is {error.reason}: {quote(text)}")
    value = read.value
    if read.problem:
        return BadLine(number, f"the line is not strict JSON ({read.problem}): {quote(text)}", *_names(value))
    if not isinstance(value, dict):
        return BadLine(number, f"the line is not a JSON object: {quote(text)}")
    if "hello" in value:
        return _hello(number, value, first)
    if "begin" in value:
        found = problems(SCHEMA, value, "/$defs/begin")
        if found:
            return BadLine(number, "; ".join(found[:3]))
        return Begin(number, value["begin"], value["profile"])
    return _entry(number, value)


def _hello(number: int, value: dict[str, Any], first: bool) -> Line:
    if not first:
        return BadLine(number, "hello: a hello line may only be the first line of a transcript")
    found = problems(SCHEMA, value, "/$defs/hello")
    if found:
        return BadLine(number, "; ".join(found[:3]))
    return Hello(number, EngineInfo.from_hello(value["hello"]))


def _entry(number: int, value: dict[str, Any]) -> Line:
    answers = [kind for kind in ("ok", "rejected") if kind in value]
    if len(answers) != 1:
        given = "both" if answers else "neither"
        return BadLine(number, f"(top): a line has exactly one of ok, rejected (this one has {given})", *_names(value))
    found = problems(SCHEMA, value, "/$defs/answerFields")  # `answer` is these fields and the result's shape
    if not found and "ok" in value:
        found = problems(RESULT_SCHEMA, value["ok"], f"/$defs/{value['op']}", at="ok")
    if found:
        return BadLine(number, "; ".join(found[:3]), *_names(value))
    kind: Kind = "ok" if answers[0] == "ok" else "rejected"
    return Entry(number, value["op"], value["profile"], value["input"], kind, value[kind])


def _names(value: Any) -> tuple[str | None, str | None]:
    """The operation and profile a line names, when they can be shown as such."""
    if not isinstance(value, dict):
        return None, None
    op, profile = value.get("op"), value.get("profile")
    return (op if op in OPERATIONS else None), (profile if isinstance(profile, str) and profile else None)
