"""Reading an engine's answers, with the verdict on each valid answer kept by its text.

An engine gives the same answer text to many requests (a show answer is a total and five
counts: a corpus's hundreds of show cases have a few dozen distinct answers), and the verdict on a
line is a function of its text and the request's seq and op alone. So `KnownAnswers.parse` gives
exactly what `parse_response` gives, and checks each distinct answer once:

- a line is looked up when it starts `{"seq":"SEQ",` with the request's seq, and SEQ is 1 to 64
  ASCII letters and digits (every seq the harness makes): any such seq is valid under the schema's
  `seq`, whatever its value;
- what follows, the line's *rest*, holds no `"seq"` and no backslash (so no escape either): then no
  other member can be a seq, and the rest alone decides every other check (strict JSON, the
  response schema, the result schema for the request's op). A seq cannot change the verdict on
  a rest: the rest's numbers, escapes, depth and members are the same on every such line;
- only verdicts that accept the answer are kept (a refusal quotes the whole line, seq and all),
  up to `size` distinct rests of at most `KEY_LIMIT` characters; a line not looked up, or not
  found, is read by `parse_response` itself.

The outcome of a known answer shares its body with the first outcome of that text: bodies are
read-only (`Mapping`), and nothing in the harness changes one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cribcheck.harness.engine.protocol import Outcome, OutcomeKind, Request, parse_response

SIZE = 4096  # distinct answers kept
KEY_LIMIT = 2000  # characters of an answer kept (a longer one is checked each time)
SEQ_LIMIT = 64  # characters of a seq (schema/protocol/definitions.schema.json, $defs/seq)


class KnownAnswers:
    """`parse_response` for one engine's stream of answers (see the module's doc)."""

    def __init__(self, size: int = SIZE) -> None:
        self._size = size
        self._known: dict[tuple[str, str], tuple[OutcomeKind, Mapping[str, Any]]] = {}

    def parse(
        self, line: str, request: Request, *, invalid_utf8_at: int | None = None, seconds: float = 0.0
    ) -> Outcome:
        """parse_response's outcome, which took the engine `seconds`."""
        rest = None if invalid_utf8_at is not None else answer_rest(line, request.seq)
        if rest is None:
            return parse_response(line, request, invalid_utf8_at=invalid_utf8_at).timed(seconds)
        key = (request.op, rest)
        known = self._known.get(key)
        if known is not None:
            return Outcome(request.seq, known[0], known[1], line, seconds)
        outcome = parse_response(line, request)
        if outcome.kind != "error" and len(self._known) < self._size and len(rest) <= KEY_LIMIT:
            self._known[key] = (outcome.kind, outcome.body)
        return outcome.timed(seconds)


def answer_rest(line: str, seq: str) -> str | None:
    """What follows `{"seq":"SEQ",` in `line`, when the verdict on the line is the verdict on it
    (see the module's doc); None when it is not."""
    if not (seq.isascii() and seq.isalnum() and len(seq) <= SEQ_LIMIT):
        return None
    head = '{"seq":"' + seq + '",'
    if not line.startswith(head):
        return None
    rest = line[len(head) :]
    if '"seq"' in rest or "\\" in rest:
        return None
    return rest
