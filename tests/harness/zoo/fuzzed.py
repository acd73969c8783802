"""Answers hello right, then every request with a malformed or mutated line chosen from the
seed CRIBCHECK_ZOO_SEED and the request's seq (so that a request sent again after a restart gets
the same line): wrong types, huge integers, NaN and Infinity, lone surrogates, invalid UTF-8,
deep nesting, extra fields, unknown codes, non-objects, truncated lines, wrong seqs, blank
lines, and now and then silence. Standard library only (it runs under python -S -I)."""

from __future__ import annotations

import json
import os
import random
import sys

HELLO = {
    "hello": {
        "protocol": 1,
        "engine": {"name": "fuzzed", "version": "0", "language": "Python"},
        "profiles": ["six-card"],
        "operations": ["show"],
        "features": ["breakdown"],
    }
}
BREAKDOWN = json.dumps({"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0})


def fill(template: str, seq: str, extra: object = "") -> str:
    """`template` with @S as the seq (a JSON string) and @X as `extra`."""
    return template.replace("@S", json.dumps(seq)).replace("@X", str(extra))


# Answers that keep the stream in step (the right seq, a line that can be read as far as its seq):
# each request is an error, a fail or, rarely, a pass, and the run goes on without a restart.
IN_STEP = (
    lambda s, r: fill('{"seq": @S, "ok": {"total": "12"}}', s),
    lambda s, r: fill('{"seq": @S, "ok": {"total": true}}', s),
    lambda s, r: fill('{"seq": @S, "ok": []}', s),
    lambda s, r: fill('{"seq": @S, "ok": null}', s),
    lambda s, r: fill('{"seq": @S, "rejected": 5}', s),
    lambda s, r: fill('{"seq": @S}', s),
    lambda s, r: fill('{"seq": @S, "ok": {"total": 1}, "rejected": {"code": "x"}}', s),
    lambda s, r: fill('{"seq": @S, "ok": {"total": @X}}', s, "9" * r.randint(17, 6000)),
    lambda s, r: fill('{"seq": @S, "ok": {"total": -@X}}', s, "1" * r.randint(17, 6000)),
    lambda s, r: fill('{"seq": @S, "ok": {"total": @X}}', s, r.choice(["NaN", "Infinity", "-Infinity", "1e999"])),
    lambda s, r: fill('{"seq": @S, "ok": {"total": 0.@X}}', s, "5" * r.randint(90, 400)),
    lambda s, r: fill('{"seq": @S, "error": {"message": "lone \\ud800 @X"}}', s, r.random()),
    lambda s, r: fill('{"seq": @S, "ok": {"total": 0, "\\udfff": 1}}', s),
    lambda s, r: fill('{"seq": @S, "ok": {"total": 0, "breakdown": @X}}', s, "[" * r.randint(60, 3000)),
    lambda s, r: fill('{"seq": @S, "ok": {"total": @X}}', s, "[" * 70 + "0" + "]" * 70),
    lambda s, r: fill('{"seq": @S, "ok": {"total": 0, "breakdown": @X, "extra": {"a": [1]}}, "x": 1}', s, BREAKDOWN),
    lambda s, r: fill('{"seq": @S, "ok": {"total": @X, "breakdown": ' + BREAKDOWN + "}}", s, r.randint(-5, 40)),
    lambda s, r: fill('{"seq": @S, "rejected": {"code": "no_such_code_@X", "message": 7}}', s, r.randint(0, 9)),
    lambda s, r: fill('{"seq": @S, "skipped": {"reason": ""}}', s),
    lambda s, r: fill('{"seq": @S, "skipped": {"reason": "\\u001b[2J cleared"}}', s),
    lambda s, r: fill('{"seq": @S, "ok": {"total": 0}, "seq": @S}', s),
    lambda s, r: fill('{"seq": @S, "error": {"message": "@X"}}', s, "\x85\u2028\u2029 é" * r.randint(1, 50)),
    lambda s, r: fill('{"seq": @S, "error": {"message": "bad ', s).encode() + b'\xff\xfe\xc3 utf-8"}}',
    lambda s, r: fill('{"seq": @S, "ok": {"total": 0, "combinations": {"runs": [["AH", 5, null, {}]]}}}', s),
)

# Answers that put the stream out of step (the harness restarts the engine): kept rare, as each
# costs a restart.
OUT_OF_STEP = (
    lambda s, r: fill('{"seq": @S, "ok": {"tot', s),
    lambda s, r: fill('{"seq": @S, "ok": {"total": 0}}', s + "0"),
    lambda s, r: '{"seq": ' + s + ', "ok": {"total": 0}}',
    lambda s, r: '{"seq": null, "ok": {"total": 0}}',
    lambda s, r: "",
    lambda s, r: "[1, 2, 3]",
    lambda s, r: f"DEBUG: {r.random()}",
    lambda s, r: bytes(r.randrange(256) for _ in range(r.randint(1, 80))).replace(b"\n", b" "),
    lambda s, r: json.dumps(s),
)


def answer(seed: str, seq: str) -> str | bytes | None:
    """The line for request `seq` (None: no answer at all)."""
    r = random.Random(f"{seed}/{seq}")
    roll = r.random()
    if roll < 0.002:
        return None
    if roll < 0.015:
        return r.choice(OUT_OF_STEP)(seq, r)
    return r.choice(IN_STEP)(seq, r)


def main() -> None:
    path = os.environ.get("CRIBCHECK_ZOO_PIDS")
    if path:
        with open(path, "a", encoding="ascii") as file:
            file.write(f"{os.getpid()}\n")
    seed = os.environ.get("CRIBCHECK_ZOO_SEED", "0")
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        message = json.loads(raw)
        if "hello" in message:
            line: str | bytes | None = json.dumps(HELLO)
        elif "bye" in message:
            return
        else:
            line = answer(seed, message["seq"])
            if line is None:
                continue
        out.write((line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line) + b"\n")
        out.flush()


main()
