"""json.dumps with the options the harness writes with, its encoder made once.

`json.dumps(value, **options)` makes a JSONEncoder, and the encoder a C encoder, on every call:
most of the cost of dumping a small object (a request's input, a report line's result), which
the harness does for every request. Here each is made once, from the very arguments
`JSONEncoder.iterencode` gives `json.encoder.c_make_encoder`, so that the text is json.dumps's
own (tests/harness/test_dumps.py). One difference: no circular check (json.dumps's default),
so a value that holds itself raises RecursionError instead of ValueError; nothing the harness
sends holds itself (inputs are read from JSON and YAML without aliases), and the reports' writer
catches both (harness.report.common.json_text). Where Python has no C encoder, JSONEncoder.encode.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable
from typing import Any


def _encoder(encoder: json.JSONEncoder) -> Callable[[Any], str]:
    """`encoder.encode`, with its C encoder made once (and no circular check)."""
    make = json.encoder.c_make_encoder
    if make is None or encoder.indent is not None or encoder.ensure_ascii:
        return encoder.encode
    # JSONEncoder.iterencode(value, _one_shot=True), markers None: what json.dumps runs, made once.
    encode = make(
        None,
        encoder.default,
        json.encoder.encode_basestring,
        encoder.indent,
        encoder.key_separator,
        encoder.item_separator,
        encoder.sort_keys,
        encoder.skipkeys,
        encoder.allow_nan,
    )

    def dumps(value: Any) -> str:
        if isinstance(value, str):  # as JSONEncoder.encode does: the C encoder takes containers
            return json.encoder.encode_basestring(value)
        return "".join(encode(value, 0))

    return dumps


# json.dumps(value, separators=(",", ":"), ensure_ascii=False): a message to an engine.
compact = _encoder(json.JSONEncoder(separators=(",", ":"), ensure_ascii=False))
# json.dumps(value, ensure_ascii=False, allow_nan=False): a report's JSON (harness.report.common.json_text).
plain = _encoder(json.JSONEncoder(ensure_ascii=False, allow_nan=False))
# json.dumps of a string, ensure_ascii=False.
string = json.encoder.encode_basestring
