"""The reference engine (cribcheck serve) behind a 20 ms wait per request: a real engine behind a
slow interpreter, or a network service. Needs cribcheck installed."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from cribcheck.harness.engine.serve import reference_adapter

DELAY = 0.020

Handler = Callable[[Mapping[str, Any], str], Mapping[str, Any]]


def slowly(handler: Handler, data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
    time.sleep(DELAY)
    return handler(data, profile)


def main() -> None:
    base = reference_adapter(features=())
    slow = {op: partial(slowly, handler) for op, handler in base.handlers.items()}
    dataclasses.replace(base, handlers=slow, batch_handlers={}).serve()


if __name__ == "__main__":
    main()
