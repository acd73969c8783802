"""A helper that turns any engine callable from Python into a cribcheck adapter.

    from harness.engine.adapter import Adapter, Rejected

    def show(input, profile):
        return {"total": my_engine.count(input["cards"], input["starter"], input.get("crib", False))}

    Adapter(name="my-engine", version="1.0", language="Python", profiles=["six-card"],
            handlers={"show": show}).serve()

A handler takes the request's `input` and `profile` and returns the result (a dict, shaped as in
schema/protocol/result.schema.json). It raises `Rejected(code, index=...)` for illegal input and
`Skip(reason)` to decline a case; any other exception becomes an `error` response carrying the
traceback. The helper answers hello (with the profiles, operations and features given here),
checks the protocol version, and exits on bye or at the end of its input.

Batches: claim the `batch` feature (`features=["batch"]`) and the helper answers the batch form
of a request (`"batch": [input, ...]`) by calling the handler once per input. To do better (read
the profile once per batch, say), give `batch_handlers={op: handler}`: a batch handler takes the
list of inputs and the profile and returns one answer per input, in order, each `{"ok": result}`,
`{"rejected": {"code": ...}}`, `{"skipped": {"reason": ...}}` or `{"error": {"message": ...}}`.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from harness.engine.protocol import PROTOCOL_VERSION, encode

Handler = Callable[[Mapping[str, Any], str], Mapping[str, Any]]
BatchHandler = Callable[[Sequence[Mapping[str, Any]], str], Sequence[Mapping[str, Any]]]


class Rejected(Exception):
    """The input breaks a rule: answered as `rejected` with a code from the closed set."""

    def __init__(
        self,
        code: str,
        message: str = "",
        *,
        index: int | None = None,
        hand: int | None = None,
        game: int | None = None,
    ) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message
        self.index = index
        self.hand = hand
        self.game = game  # in a match: the offending game, from 0

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code}
        if self.index is not None:
            out["index"] = self.index
        if self.hand is not None:
            out["hand"] = self.hand
        if self.game is not None:
            out["game"] = self.game
        if self.message:
            out["message"] = self.message
        return out


class Skip(Exception):
    """The engine declines this case: answered as `skipped` with the reason."""


@dataclass(frozen=True)
class Adapter:
    """An engine's handlers, by operation, and what it claims in its hello response."""

    name: str
    version: str
    language: str
    profiles: Sequence[str]
    handlers: Mapping[str, Handler]
    features: Sequence[str] = ()
    extra: Mapping[str, str] = field(default_factory=dict)  # homepage, notes
    batch_handlers: Mapping[str, BatchHandler] = field(default_factory=dict)

    def hello(self) -> dict[str, Any]:
        return {
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": self.name, "version": self.version, "language": self.language, **self.extra},
            "profiles": list(self.profiles),
            "operations": list(self.handlers),
            "features": list(self.features),
        }

    def respond(self, message: Mapping[str, Any]) -> dict[str, Any] | None:
        """The answer to one message; None for bye (and for anything that is not a message)."""
        if "hello" in message:
            asked = message["hello"].get("protocol") if isinstance(message["hello"], Mapping) else None
            if asked != PROTOCOL_VERSION:
                return {"error": {"message": f"this adapter speaks protocol {PROTOCOL_VERSION}, not {asked}"}}
            return {"hello": self.hello()}
        if "bye" in message or "seq" not in message:
            return None
        if "batch" in message:
            return {"seq": message["seq"], **self.answer_batch(message.get("op", ""), message["batch"], message)}
        return {"seq": message["seq"], **self.answer(message.get("op", ""), message.get("input", {}), message)}

    def answer(self, op: str, data: Mapping[str, Any], message: Mapping[str, Any]) -> dict[str, Any]:
        handler = self.handlers.get(op)
        if handler is None:
            return {"error": {"message": f"operation {op!r} not supported"}}
        try:
            return {"ok": dict(handler(data, str(message.get("profile", ""))))}
        except Rejected as rejected:
            return {"rejected": rejected.body()}
        except Skip as skip:
            return {"skipped": {"reason": str(skip) or "skipped"}}
        except Exception as error:  # the engine failed: tell the harness, stay up
            return {"error": {"message": f"{type(error).__name__}: {error}", "details": traceback.format_exc()}}

    def answer_batch(self, op: str, inputs: Any, message: Mapping[str, Any]) -> dict[str, Any]:
        """The answer to a batch request: `{"batch": [answer, ...]}`, or one error for all."""
        if op not in self.handlers:
            return {"error": {"message": f"operation {op!r} not supported"}}
        if not isinstance(inputs, list):
            return {"error": {"message": f"the batch is not a list of inputs: {type(inputs).__name__}"}}
        handler = self.batch_handlers.get(op)
        if handler is None:
            return {"batch": [self.answer(op, data, message) for data in inputs]}
        try:
            return {"batch": [dict(answer) for answer in handler(inputs, str(message.get("profile", "")))]}
        except Exception as error:  # the engine failed the whole batch: say so, stay up
            return {"error": {"message": f"{type(error).__name__}: {error}", "details": traceback.format_exc()}}

    def serve(self, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
        """Answer messages from stdin on stdout until bye or the end of input."""
        stdin = stdin or sys.stdin
        stdout = stdout or sys.stdout
        for line in stdin:
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except json.JSONDecodeError as error:
                print(f"{self.name}: ignoring a line that is not JSON ({error})", file=sys.stderr)
                continue
            if not isinstance(message, dict):
                continue
            if "bye" in message:
                return 0
            response = self.respond(message)
            if response is not None:
                stdout.write(encode(response))
                stdout.flush()
        return 0
