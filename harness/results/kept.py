"""What a result keeps of what the engine sent: a bounded part, whatever its size.

The verdict reads the engine's whole answer (harness.results.verdict). What the result keeps
afterwards, for the reports, is the answer in the form the reports show it (the keys the
expectation gives, or the rejection's code, index, hand and message: report.common.actual_shown)
cut to at most KEPT_BYTES of JSON text and KEPT_ITEMS values, and every text (the message, each
mismatch, the line that broke the protocol) cut to KEPT_CHARACTERS: what the JSON Lines report
writes, at once. The reference's largest answer of the corpus as shown (a five-game match with
every event: 92 kB of JSON, 8,137 values) is kept whole with room to spare. Once reported, what a
run holds until its end (`held`: its own list, and the reporters' that write at the end) is cut
further, to HELD_BYTES and HELD_ITEMS, and a result that passed holds no answer at all (no report
shows it in detail: harness.results.results.held). So a run holds the same few kilobytes per
result whether an engine answers in 100 bytes or in 8 MB.

Where something is cut, the cut says so where it stands (a text ends `... (N more bytes)`, a list
ends with the item `... (N more items)`, an object with the member `"...": "(N more members)"`),
and the result's `left_out` counts what was left out: the bytes of text (UTF-8) and the list
items and object members (each counted once, whatever it held). The JSON Lines report writes it
on every case line (`left_out`, null when nothing was cut).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cribcheck.harness.operations.compare import WHERE

KEPT_BYTES = 128 * 1024  # JSON text of the answer a result keeps for the JSON Lines report
KEPT_ITEMS = 16 * 1024  # values (each string, number, list, object...) of it
HELD_BYTES = 8 * 1024  # JSON text of the answer a result keeps in memory once reported
HELD_ITEMS = 500  # values of it
KEPT_CHARACTERS = 2000  # characters of a message, a mismatch, a line
MORE = "..."  # the key of the member that says how many members were left out


@dataclass(frozen=True)
class LeftOut:
    """What was cut from a result: bytes of text, and list items and object members."""

    bytes: int = 0
    items: int = 0

    def __bool__(self) -> bool:
        return bool(self.bytes or self.items)

    def __add__(self, other: LeftOut) -> LeftOut:
        return LeftOut(self.bytes + other.bytes, self.items + other.items)

    def as_json(self) -> dict[str, int] | None:
        """The `left_out` of a case line: null when nothing was cut."""
        return {"bytes": self.bytes, "items": self.items} if self else None

    @classmethod
    def from_json(cls, value: Mapping[str, Any] | None) -> LeftOut:
        return cls(int(value.get("bytes", 0)), int(value.get("items", 0))) if value else cls()

    def text(self) -> str:
        """`7,999,712 bytes and 18,000 items` (what is not zero)."""
        parts = [f"{self.bytes:,} bytes"] * bool(self.bytes) + [f"{self.items:,} items"] * bool(self.items)
        return " and ".join(parts)


def kept_text(text: str | None, limit: int = KEPT_CHARACTERS) -> tuple[str | None, LeftOut]:
    """`text` cut to `limit` characters, and what was left out."""
    if text is None or len(text) <= limit:
        return text, LeftOut()
    rest = len(text[limit:].encode("utf-8", "surrogatepass"))
    return f"{text[:limit]}... ({rest:,} more bytes)", LeftOut(bytes=rest)


class _Budget:
    """What may still be kept of one value, and what was left out of it."""

    def __init__(self, size: int, items: int) -> None:
        self.size = size
        self.items = items
        self.left_bytes = 0
        self.left_items = 0

    def keep(self, value: Any) -> Any:
        self.items -= 1
        if isinstance(value, str):
            return self._text(value)
        if isinstance(value, Mapping):
            return self._members(value)
        if isinstance(value, (list, tuple)):
            return self._items(value)
        self.size -= len(repr(value))
        return value

    def _text(self, value: str) -> str:
        room = max(0, self.size - 2)
        if len(value) <= room:
            self.size -= len(value) + 2
            return value
        kept, left = kept_text(value, room)
        self.size = 0
        self.left_bytes += left.bytes
        return kept or ""

    def _members(self, value: Mapping[str, Any]) -> dict[str, Any]:
        kept: dict[str, Any] = {}
        for number, (key, item) in enumerate(value.items()):
            if self.items <= 0 or self.size <= len(key) + 4:
                left = len(value) - number
                self.left_items += left
                kept[MORE] = f"({left:,} more members)"
                break
            self.size -= len(key) + 4
            kept[key] = self.keep(item)
        return kept

    def _items(self, value: list[Any] | tuple[Any, ...]) -> list[Any]:
        kept: list[Any] = []
        for number, item in enumerate(value):
            if self.items <= 0 or self.size <= 1:
                left = len(value) - number
                self.left_items += left
                kept.append(f"{MORE} ({left:,} more items)")
                break
            self.size -= 1
            kept.append(self.keep(item))
        return kept


def kept_value(value: Any, size: int = KEPT_BYTES, items: int = KEPT_ITEMS) -> tuple[Any, LeftOut]:
    """`value` (JSON: dicts, lists, strings, numbers...) cut to about `size` bytes of JSON and
    `items` values, and what was left out."""
    budget = _Budget(size, items)
    kept = budget.keep(value)
    return kept, LeftOut(budget.left_bytes, budget.left_items)


def kept_answer(expected: Mapping[str, Any] | None, answer: Mapping[str, Any] | None) -> tuple[Any, LeftOut]:
    """The answer as a result keeps it: in the form the reports show (the expectation's keys of a
    result; a rejection's code, index, hand, game and message), then cut (kept_value)."""
    if answer is None:
        return None, LeftOut()
    if "rejected" in answer and isinstance(answer["rejected"], Mapping):
        rejection = answer["rejected"]
        shown = {key: rejection[key] for key in ("code", *WHERE, "message") if key in rejection}
        return _kept_as("rejected", shown)
    result = answer.get("ok")
    if isinstance(result, Mapping) and expected is not None and "rejected" not in expected:
        result = {key: result[key] for key in expected if key in result}
    return _kept_as("ok", result)


def _kept_as(kind: str, body: Any) -> tuple[Any, LeftOut]:
    kept, left = kept_value(body)
    return {kind: kept}, left
