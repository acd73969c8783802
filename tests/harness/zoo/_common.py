"""What the broken fake adapters share: the reference's right answers, and the trigger.

Each adapter in this folder misbehaves in one way only, mostly on the one request whose starter
is TRIGGER (the test cases put it in exactly one case), and answers everything else right.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository, when not installed

from cribcheck.harness.engine.serve import reference_adapter

TRIGGER = "7C"
ADAPTER = reference_adapter()
PIDS_VARIABLE = "CRIBCHECK_ZOO_PIDS"  # a file the tests give: every zoo process writes its pid there


def record_pid(pid: int) -> None:
    """Note a process of this adapter, for the tests to check it is gone after the run."""
    path = os.environ.get(PIDS_VARIABLE)
    if path:
        with open(path, "a", encoding="ascii") as file:
            file.write(f"{pid}\n")


def start_helper(**popen: Any) -> int:
    """Start a helper process that sleeps for a minute (its pid recorded); its pid."""
    helper = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"],
        stdin=subprocess.DEVNULL,
        stdout=popen.pop("stdout", subprocess.DEVNULL),
        stderr=subprocess.DEVNULL,
        **popen,
    )
    record_pid(helper.pid)
    return helper.pid


record_pid(os.getpid())


def is_trigger(message: dict[str, Any]) -> bool:
    data = message.get("input")
    return isinstance(data, dict) and data.get("starter") == TRIGGER


def write(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()


def send(message: dict[str, Any]) -> None:
    write(json.dumps(message))


def right(message: dict[str, Any]) -> dict[str, Any] | None:
    """The correct answer to a message (None for bye)."""
    return ADAPTER.respond(message)


def serve(misbehave: Callable[[dict[str, Any]], bool] | None = None) -> None:
    """Answer right, except that `misbehave(request)` may answer a request itself (returning True)."""
    for line in sys.stdin:
        message = json.loads(line)
        if "bye" in message:
            return
        if "seq" in message and misbehave is not None and misbehave(message):
            continue
        answer = right(message)
        if answer is not None:
            send(answer)
