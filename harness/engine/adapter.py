"""The cribcheck adapter helper: turns any engine callable from Python into a cribcheck adapter.

This one file uses the standard library only (Python 3.9 or later), so it runs under any
interpreter an engine already has. Either copy it next to your engine (any name, for example
`cribcheck_adapter.py`) or, where cribcheck is installed, import `cribcheck.harness.engine.adapter`.

    from cribcheck_adapter import Adapter, Rejected

    def show(input, profile):
        return {"total": my_engine.count(input["cards"], input["starter"], input.get("crib", False))}

    Adapter(name="my-engine", version="1.0", language="Python", profiles=["six-card"],
            handlers={"show": show}).serve()

A handler takes the request's `input` (a dict) and `profile` (a string) and returns the result
(a dict, shaped as in the protocol's result schema). It raises `Rejected(code, index=...)` for
illegal input and `Skip(reason)` to decline a case; any other exception becomes an `error`
answer carrying the traceback. The helper:

- answers hello with the profiles, operations and features given here, and an error for another
  protocol version; features of one operation only go in `operation_features`
  (`{"show": ["breakdown"]}`), and an engine that trusts its callers says `judges_input=False`
  (or lists the operations where it does judge, or maps each of those to the rejection codes it
  judges there: `{"play": ["over_31"]}`): the harness then sends it no rejection case it does not
  judge (docs/PROTOCOL.md, "claims per operation"); an engine that stops the
  winner's score at the target (121, not 119 + 6 = 125) says `stops_at_target=True`;
- answers each request in the order received (requests may be pipelined), and `unknown_profile`
  for a profile it was not given, without calling the handler;
- answers the batch form (`"batch": [input, ...]`) when `batch` is among the features, calling
  the handler once per input, or a batch handler once for all (`batch_handlers={op: handler}`,
  taking the inputs and the profile and returning one answer per input, each `{"ok": result}`,
  `{"rejected": {"code": ...}}`, `{"skipped": {"reason": ...}}` or `{"error": {"message": ...}}`);
- stops on bye or at the end of its input;
- never dies on its input: a line it can attribute (a JSON object with a string `seq`) that is
  malformed gets an `error` answer for that seq; a line it cannot attribute (not JSON, not an
  object, no seq or a seq that is not a string, too long, a blank line) gets one line on stderr.
"""

from __future__ import annotations

import json
import re
import sys
import traceback
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Union

PROTOCOL_VERSION = 1
MAX_LINE_BYTES = 8 * 1024 * 1024  # the protocol's longest line
MAX_DEPTH = 64  # no request nests deeper than a few levels
MAX_DIGITS = 100  # no number of a request has more digits
UNKNOWN_PROFILE = "unknown_profile"
BYE = "bye"  # what answer_line returns for bye: the session is over
# A line that opens with its seq (as the harness writes every request) can be answered even when
# the rest cannot be read.
LEADING_SEQ = re.compile(r'\s*\{\s*"seq"\s*:\s*("(?:[^"\\\x00-\x1f]|\\.){0,200}")')

Handler = Callable[[Mapping[str, Any], str], Mapping[str, Any]]
BatchHandler = Callable[[Sequence[Mapping[str, Any]], str], Sequence[Mapping[str, Any]]]
# What an engine judges of illegal input (Adapter.judges_input): Union, as this file runs on Python 3.9
JudgesInput = Union[bool, Collection[str], Mapping[str, Union[bool, Collection[str]]]]  # noqa: UP007


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


class Malformed(ValueError):
    """A request line that breaks the protocol's limits or strict JSON."""


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
    # Called with (op, input) for a profile the engine does not play, before it answers
    # unknown_profile: it may raise Rejected for a fault that comes first in the rejection order
    # (a card that cannot be read, a card twice, a deck of other than 52, a discard not dealt).
    before_unknown_profile: Callable[[str, Mapping[str, Any]], None] | None = None

    # Features claimed for one operation only (added to `features`, which hold for every operation):
    # {"show": ["breakdown"]} for an engine with a show breakdown and no play breakdown.
    operation_features: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # Which illegal input the engine judges: True (all, of every operation), False (none: it trusts
    # its callers, so the harness sends it only legal input), the operations where it judges all,
    # or a mapping of the operations where it judges to True or the rejection codes it judges there
    # ({"play": ["over_31"]}); an operation left out judges none.
    judges_input: JudgesInput = True
    # The winner's score stopped at the target, as a board's game hole does (hello `stops_at_target`).
    stops_at_target: bool = False

    def judges(self, op: str) -> bool | list[str]:
        """What the engine claims to judge of the illegal input of `op`: all (True), none (False),
        or the rejection codes listed."""
        claim: Any = self.judges_input
        if isinstance(claim, Mapping):
            claim = claim.get(op, False)
        elif not isinstance(claim, bool):
            claim = op in claim
        if isinstance(claim, bool):
            return claim
        codes = [claim] if isinstance(claim, str) else list(claim)
        return codes or False

    def hello(self) -> dict[str, Any]:
        """The answer to hello: the claims as a list of operations when every operation judges all
        its input and has the same features, else per operation (docs/PROTOCOL.md)."""
        operations: list[str] | dict[str, dict[str, Any]] = list(self.handlers)
        if self.operation_features or not all(self.judges(op) is True for op in self.handlers):
            operations = {op: self._claims_of(op) for op in self.handlers}
        hello = {
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": self.name, "version": self.version, "language": self.language, **self.extra},
            "profiles": list(self.profiles),
            "operations": operations,
            "features": list(self.features),
        }
        return {**hello, "stops_at_target": True} if self.stops_at_target else hello

    def _claims_of(self, op: str) -> dict[str, Any]:
        claims: dict[str, Any] = {}
        own = [name for name in self.operation_features.get(op, ()) if name not in self.features]
        if own:
            claims["features"] = own
        judged = self.judges(op)
        if judged is not True:
            claims["judges_input"] = judged
        return claims

    def respond(self, message: Mapping[str, Any]) -> dict[str, Any] | None:
        """The answer to one message (a parsed JSON object); None for bye and for a message
        without a string seq (which cannot be answered)."""
        if "hello" in message:
            asked = message["hello"].get("protocol") if isinstance(message["hello"], Mapping) else None
            if asked != PROTOCOL_VERSION or isinstance(asked, bool):
                return {"error": {"message": f"this adapter speaks protocol {PROTOCOL_VERSION}, not {asked!r}"}}
            return {"hello": self.hello()}
        seq = message.get("seq")
        if "bye" in message or not isinstance(seq, str):
            return None
        problem = _request_problem(message)
        if problem:
            return {"seq": seq, "error": {"message": problem}}
        if "batch" in message:
            return {"seq": seq, **self.answer_batch(message["op"], message["batch"], message)}
        return {"seq": seq, **self.answer(message["op"], message.get("input", {}), message)}

    def answer(self, op: str, data: Mapping[str, Any], message: Mapping[str, Any]) -> dict[str, Any]:
        handler = self.handlers.get(op)
        if handler is None:
            return {"error": {"message": f"operation {op!r} not supported"}}
        profile = str(message.get("profile", ""))
        if profile not in self.profiles:
            return self._unknown_profile(op, data, profile)
        try:
            return {"ok": dict(handler(data, profile))}
        except Rejected as rejected:
            return {"rejected": rejected.body()}
        except Skip as skip:
            return {"skipped": {"reason": str(skip) or "skipped"}}
        except Exception as error:  # the engine failed: tell the harness, stay up
            return _failure(error)

    def _unknown_profile(self, op: str, data: Mapping[str, Any], profile: str) -> dict[str, Any]:
        try:
            if self.before_unknown_profile is not None:
                self.before_unknown_profile(op, data)
        except Rejected as rejected:
            return {"rejected": rejected.body()}
        except Exception as error:  # the engine failed: tell the harness, stay up
            return _failure(error)
        return {"rejected": {"code": UNKNOWN_PROFILE, "message": f"profile {profile!r} is not played here"}}

    def answer_batch(self, op: str, inputs: Any, message: Mapping[str, Any]) -> dict[str, Any]:
        """The answer to a batch request: `{"batch": [answer, ...]}`, or one error for all."""
        if op not in self.handlers:
            return {"error": {"message": f"operation {op!r} not supported"}}
        if not isinstance(inputs, list):
            return {"error": {"message": f"the batch is not a list of inputs: {type(inputs).__name__}"}}
        profile = str(message.get("profile", ""))
        handler = self.batch_handlers.get(op)
        if handler is None or profile not in self.profiles:
            return {"batch": [self.answer(op, data, message) for data in inputs]}
        try:
            return {"batch": [dict(answer) for answer in handler(inputs, profile)]}
        except Exception as error:  # the engine failed the whole batch: say so, stay up
            return _failure(error)

    def serve(self, stdin: IO[Any] | None = None, stdout: IO[str] | None = None) -> int:
        """Answer messages from stdin on stdout until bye or the end of input. Returns 0."""
        source = stdin if stdin is not None else getattr(sys.stdin, "buffer", sys.stdin)
        sink = stdout if stdout is not None else sys.stdout
        number = 0
        while True:
            line = source.readline(MAX_LINE_BYTES + 1)
            if not line:
                return 0
            number += 1
            raw = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                _skip_rest(source)
                self._complain(number, f"a line longer than {MAX_LINE_BYTES} bytes")
                continue
            answer = self.answer_line(raw, number)
            if answer == BYE:
                return 0
            if answer is None:
                continue
            try:
                sink.write(answer)
                sink.flush()
            except BrokenPipeError:  # the harness has gone: nothing more to say
                return 0

    def answer_line(self, raw: bytes, number: int) -> str | None:
        """The answer to one request line (the `number`th) as the line to write; None when there
        is none (a line that cannot be answered is said on stderr), BYE at the end of the session.
        The one place a line comes in and its answer goes out: wrap it to see every exchange."""
        message, problem = parse_line(raw)
        if message is None:
            self._complain(number, problem)
            return None
        if "bye" in message and "seq" not in message:
            return BYE
        seq = message.get("seq")
        if not isinstance(seq, str) and (problem or "hello" not in message):
            why = "no seq" if seq is None else f"a seq that is not a string ({_cut(json.dumps(seq))})"
            self._complain(number, f"{problem}, and {why} to answer it under" if problem else f"a request with {why}")
            return None
        response = self.respond(message) if not problem else {"seq": message["seq"], "error": {"message": problem}}
        return None if response is None else encode(response)

    def _complain(self, number: int, problem: str) -> None:
        """One line on stderr for a line that cannot be answered."""
        print(f"{self.name}: line {number} not answered: {problem}", file=sys.stderr, flush=True)


def parse_line(raw: bytes) -> tuple[dict[str, Any] | None, str]:
    """A request line as a message, and what is wrong with it ('' when nothing).

    (None, problem) when the line cannot be attributed to a request; (message, problem) when it
    is a JSON object (read leniently if need be) whose seq can be answered with the problem."""
    if not raw.strip():
        return None, "a blank line"
    try:
        text, problem = raw.decode("utf-8"), ""
    except UnicodeDecodeError as error:
        text, problem = raw.decode("utf-8", "replace"), f"the line is not valid UTF-8 ({error.reason})"
    try:
        message = _strict(text)
    except Malformed as error:
        problem = problem or str(error)
        message = _lenient(text)
        if message is None:
            message = _leading_seq(text)
    if not isinstance(message, dict):
        if message is None:
            return None, f"{problem}: {_cut(text)}"
        return None, f"not a JSON object: {_cut(text)}"
    return message, problem


def _strict(text: str) -> Any:
    def no_constant(name: str) -> Any:
        raise Malformed(f"{name} is not JSON")

    def bounded_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise Malformed(f"an integer of {len(digits.lstrip('-'))} digits (at most {MAX_DIGITS})")
        return int(digits)

    try:
        value = json.loads(text, parse_constant=no_constant, parse_int=bounded_int, parse_float=_bounded_float)
    except Malformed:
        raise
    except (ValueError, RecursionError) as error:
        raise Malformed(f"not JSON ({error})" if isinstance(error, ValueError) else "nested too deeply") from None
    problem = _shape_problem(value)
    if problem:
        raise Malformed(problem)
    return value


def _bounded_float(digits: str) -> float:
    if len(digits) > MAX_DIGITS:
        raise Malformed(f"a number of {len(digits)} characters (at most {MAX_DIGITS})")
    return float(digits)


def _lenient(text: str) -> Any:
    """The line read without the limits, only to find whom to answer; None when it is not JSON."""
    try:
        return json.loads(text, parse_constant=lambda _: None, parse_int=lambda _: 0, parse_float=lambda _: 0.0)
    except (ValueError, RecursionError):
        return None


def _leading_seq(text: str) -> dict[str, Any] | None:
    """`{"seq": ...}` when the line opens with a string seq, whatever follows; else None."""
    found = LEADING_SEQ.match(text)
    if not found:
        return None
    try:
        seq = json.loads(found.group(1))
    except ValueError:
        return None
    return {"seq": seq} if isinstance(seq, str) else None


def _shape_problem(value: Any) -> str:
    """Nesting beyond MAX_DEPTH, or a lone surrogate in a string: '' when neither."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"nested deeper than {MAX_DEPTH} levels"
        if isinstance(item, dict):
            stack.extend((part, depth + 1) for pair in item.items() for part in pair)
        elif isinstance(item, list):
            stack.extend((part, depth + 1) for part in item)
        elif isinstance(item, str) and any("\ud800" <= char <= "\udfff" for char in item):
            return f"a string holding a lone surrogate: {_cut(json.dumps(item))}"
    return ""


def _request_problem(message: Mapping[str, Any]) -> str:
    """What makes a request unanswerable by a handler: '' when it has the protocol's shape."""
    op = message.get("op")
    if not isinstance(op, str):
        return f"the request's op is not a string: {_cut(json.dumps(op))}"
    if not isinstance(message.get("profile", ""), str):
        return "the request's profile is not a string"
    if "batch" in message:
        return ""
    if not isinstance(message.get("input", {}), dict):
        return "the request's input is not an object"
    return ""


def _failure(error: BaseException) -> dict[str, Any]:
    text = str(error)
    text = text if len(text) <= 300 else text[:300] + f"... ({len(text)} characters)"
    return {"error": {"message": f"{type(error).__name__}: {text}", "details": traceback.format_exc()}}


def encode(message: Mapping[str, Any]) -> str:
    """One message as one line of strict JSON (ASCII, no NaN). An answer that cannot be written
    so (a handler returned NaN or an object JSON does not know) becomes an error for its seq."""
    try:
        return json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n"
    except (ValueError, TypeError, RecursionError) as error:
        fallback: dict[str, Any] = {"error": {"message": f"the answer cannot be written as JSON: {_cut(str(error))}"}}
        if isinstance(message.get("seq"), str):
            fallback = {"seq": message["seq"], **fallback}
        return json.dumps(fallback, separators=(",", ":")) + "\n"


def _skip_rest(source: IO[Any]) -> None:
    """Read and drop the rest of an over-long line."""
    while True:
        chunk = source.readline(MAX_LINE_BYTES)
        if not chunk or chunk.endswith(b"\n" if isinstance(chunk, bytes) else "\n"):
            return


def _cut(text: str | bytes, limit: int = 120) -> str:
    shown = repr(text[:limit])
    return shown + (f"... ({len(text)} characters)" if len(text) > limit else "")


# --- recording a transcript (`cribcheck check FILE.jsonl`) --------------------------------------


class HandLog:
    """One hand as a game loop plays it, for a transcript's `hand` line: call `dealt` (or `deck`),
    `discard`, `starter`, then `play` and `go` in the order they happen. Cards are strings as the
    protocol writes them (`5H`, `TS`); seats are `A` and `B` (or `A`..`D`)."""

    def __init__(self, dealer: str, scores: Mapping[str, int], first_hand: bool = False) -> None:
        self.dealer = dealer
        self.scores = dict(scores)  # before the hand
        self.first_hand = first_hand
        self.cards: dict[str, Any] = {}  # dealt + starter, or deck + cut
        self.discards: dict[str, list[str]] = {}
        self.plays: list[str] = []

    def dealt(self, seat: str, cards: Sequence[str]) -> None:
        self.cards.setdefault("dealt", {})[seat] = list(cards)

    def deck(self, cards: Sequence[str], cut: int) -> None:
        """The whole deck, top first, and the depth of the cut for the starter (instead of `dealt`
        and `starter`)."""
        self.cards.update(deck=list(cards), cut=cut)

    def starter(self, card: str) -> None:
        self.cards["starter"] = card

    def discard(self, seat: str, cards: Sequence[str]) -> None:
        self.discards.setdefault(seat, []).extend(cards)

    def play(self, card: str) -> None:
        self.plays.append(card)

    def go(self) -> None:
        """A player says go (once a series; a player with no cards left says nothing)."""
        self.plays.append("go")

    def input(self, *, in_game: bool = False) -> dict[str, Any]:
        """The hand's input; as one of a game's hands (`in_game`), without dealer and scores."""
        head: dict[str, Any] = (
            {} if in_game else {"dealer": self.dealer, "scores": dict(self.scores), "first_hand": self.first_hand}
        )
        return {**head, **self.cards, "discards": dict(self.discards), "plays": list(self.plays)}


class Recorder:
    """Writes a transcript: one line per operation an engine did, with its answer, for
    `cribcheck check FILE.jsonl`. The first line is the engine's hello (what it claims: only the
    optional parts listed in `features` are compared; `stops_at_target=True` for an engine whose
    winner's score stops at the target). Give `stream` a file opened for writing
    (text); each line is written and flushed at once, so a game that crashes leaves every line
    before it. `begin_game` and `begin_hand` write that a game or hand begins, so that one that
    crashes or hangs before its `game` (or `hand`) line is reported by `cribcheck check`.

        with open("games.jsonl", "w") as out:
            record = Recorder(out, name="mycrib", version="2.1", language="Python",
                              profiles=["six-card"], operations=["hand", "game"])
            record.begin_game("six-card")
            hand = record.begin_hand("six-card", dealer="A", scores={"A": 0, "B": 0}, first_hand=True)
            ...  # hand.dealt("A", [...]), hand.discard("A", [...]), hand.starter("6D"), hand.play("5H"), hand.go()
            record.hand("six-card", hand, scores={"A": 9, "B": 4}, winner=None)
    """

    def __init__(
        self,
        stream: IO[str],
        *,
        name: str,
        version: str,
        language: str,
        profiles: Sequence[str],
        operations: Sequence[str],
        features: Sequence[str] = (),
        stops_at_target: bool = False,
    ) -> None:
        self.stream = stream
        engine = {"name": name, "version": version, "language": language}
        hello: dict[str, Any] = {
            "protocol": PROTOCOL_VERSION,
            "engine": engine,
            "profiles": list(profiles),
            "operations": list(operations),
            "features": list(features),
        }
        if stops_at_target:
            hello["stops_at_target"] = True
        self._write({"hello": hello})

    @classmethod
    def continuing(cls, stream: IO[str]) -> Recorder:
        """A recorder that adds lines to a transcript whose hello is already written (by another
        process: a game played in a process of its own, that a timeout can end)."""
        recorder = cls.__new__(cls)
        recorder.stream = stream
        return recorder

    def begin_game(self, profile: str) -> None:
        """A game begins: written before its lines, so that a game that never ends (the engine
        crashed or hung) is reported, with its last line, rather than silently missing."""
        self._write({"begin": "game", "profile": profile})

    def begin_hand(self, profile: str, dealer: str, scores: Mapping[str, int], first_hand: bool = False) -> HandLog:
        """A hand begins: written, as `begin_game`, and the hand's log returned."""
        self._write({"begin": "hand", "profile": profile})
        return HandLog(dealer, scores, first_hand)

    def line(
        self,
        op: str,
        profile: str,
        input: Mapping[str, Any],
        ok: Mapping[str, Any] | None = None,
        rejected: Mapping[str, Any] | None = None,
    ) -> None:
        """Any operation: its input and the engine's answer, `ok` (the result) or `rejected`
        (`{"code": ..., "index": ...}`)."""
        if (ok is None) == (rejected is None):
            raise ValueError("a transcript line has exactly one of ok and rejected")
        answer = {"ok": dict(ok)} if ok is not None else {"rejected": dict(rejected or {})}
        self._write({"op": op, "profile": profile, "input": dict(input), **answer})

    def show(self, profile: str, cards: Sequence[str], starter: str, crib: bool, total: int, **extra: Any) -> None:
        """A hand or crib counted in the show, and the engine's total (`breakdown=` if claimed)."""
        data = {"cards": list(cards), "starter": starter, "crib": crib}
        self.line("show", profile, data, ok={"total": total, **extra})

    def play(self, profile: str, count: Sequence[str], points: int, **extra: Any) -> None:
        """A card pegged: the cards of its count so far, the card last, and the points it pegged."""
        self.line("play", profile, {"count": list(count)}, ok={"points": points, **extra})

    def pegging(
        self,
        profile: str,
        pone: Sequence[str],
        dealer: Sequence[str],
        plays: Sequence[str],
        points: Mapping[str, int],
        **extra: Any,
    ) -> None:
        """A whole pegging: the kept hands, the cards as played with the go's, and the points each
        role pegged in it (`{"pone": n, "dealer": n}`; `events=` if claimed)."""
        data = {"pone": list(pone), "dealer": list(dealer), "plays": list(plays)}
        self.line("pegging", profile, data, ok={"points": dict(points), **extra})

    def hand(self, profile: str, hand: HandLog, scores: Mapping[str, int], winner: str | None, **extra: Any) -> None:
        """A hand played, and the scores after it (at the win, if the game was won in it)."""
        self.line("hand", profile, hand.input(), ok={"scores": dict(scores), "winner": winner, **extra})

    def game(
        self,
        profile: str,
        cuts: Sequence[Any],
        hands: Sequence[HandLog],
        scores: Mapping[str, int],
        winner: str | None,
        **extra: Any,
    ) -> None:
        """A game from the cut for the deal: its hands, and the final scores and winner."""
        data = {
            "cuts": [list(cut) if isinstance(cut, (list, tuple)) else cut for cut in cuts],
            "hands": [hand.input(in_game=True) for hand in hands],
        }
        result = {"scores": dict(scores), "winner": winner, "hands_played": len(hands), **extra}
        self.line("game", profile, data, ok=result)

    def _write(self, message: Mapping[str, Any]) -> None:
        self.stream.write(json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n")
        self.stream.flush()
