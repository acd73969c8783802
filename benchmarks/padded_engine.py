"""The reference engine (cribcheck serve) with every answer padded to one long line: 8,000,000
bytes by default (`python3 padded_engine.py BYTES`), under the harness's limit of 8 MiB a line.

Where the padding goes depends on the answer, so that each kind of answer is as large as it can
be where a report would show it: a result gets a key of its own (`padding`, a string: results may
carry keys the suite does not compare) and its `events`, if any, a long tail of events; a
rejection, its message; a skip, its reason; an error, its message. The padding key and messages
are never compared, so those answers stay right; a case that expects the events fails, with a
huge list in its answer (what a report shows of a failure). Needs cribcheck installed; the engine
of benchmarks/memory.py."""

from __future__ import annotations

import json
import sys
from typing import Any

from cribcheck.harness.engine.serve import reference_adapter

DEFAULT_BYTES = 8_000_000
EVENT = {"type": "padding", "text": "x" * 40}


def padded(answer: dict[str, Any], size: int) -> dict[str, Any]:
    """`answer` with padding added until its line is about `size` bytes (never above it)."""
    room = size - len(json.dumps(answer)) - 64
    if room <= 0:
        return answer
    if "ok" in answer:
        result = dict(answer["ok"])
        if isinstance(result.get("events"), list):
            count = room // 2 // (len(json.dumps(EVENT)) + 1)
            result["events"] = [*result["events"], *[EVENT] * count]
            room -= count * (len(json.dumps(EVENT)) + 1)
        result["padding"] = "x" * max(0, room)
        return {**answer, "ok": result}
    for kind, key in (("rejected", "message"), ("skipped", "reason"), ("error", "message")):
        if kind in answer:
            body = dict(answer[kind])
            body[key] = str(body.get(key, "")) + " " + "x" * room
            return {**answer, kind: body}
    return answer


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_BYTES
    adapter = reference_adapter(features=("breakdown", "events", "unplayed", "rounds", "first_dealer", "skunk"))
    out = sys.stdout
    for line in sys.stdin:
        message = json.loads(line)
        answer = adapter.respond(message)
        if answer is None:
            if "bye" in message:
                return
            continue
        if "seq" in answer:
            answer = padded(answer, size)
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
