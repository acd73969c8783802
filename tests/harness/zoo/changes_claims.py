"""An engine whose hello changes. The folder CRIBCHECK_ZOO_STATE holds what it remembers between
processes: the first process to start claims `show` and `pegging`, every later one `show` only.
So a restarted engine (it crashes on the trigger request, the first time only), each process of a
`--once` run after the first, and the second of two `--jobs` copies all claim otherwise than the
first hello. Otherwise it answers right."""

import json
import os
import sys
from pathlib import Path

from _common import ADAPTER, is_trigger, right, send

STATE = Path(os.environ["CRIBCHECK_ZOO_STATE"])


def first_to_start() -> bool:
    try:
        os.close(os.open(STATE / "started", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


FIRST = first_to_start()

for line in sys.stdin:
    message = json.loads(line)
    if "bye" in message:
        break
    if "hello" in message:
        hello = ADAPTER.hello()
        hello["operations"] = ["show", "pegging"] if FIRST else ["show"]
        send({"hello": hello})
        continue
    if FIRST and is_trigger(message):  # a crash, so that the engine is restarted
        os._exit(70)
    send(right(message))
