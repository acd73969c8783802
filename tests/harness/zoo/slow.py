"""Answers right, after 20 ms for each request (a slow interpreter, a network service). With
CRIBCHECK_ZOO_PIDS set, it appends its process id to that file, so a test can count its copies."""

import os
import time

from _common import serve

if os.environ.get("CRIBCHECK_ZOO_PIDS"):
    with open(os.environ["CRIBCHECK_ZOO_PIDS"], "a", encoding="utf-8") as pids:
        pids.write(f"{os.getpid()}\n")


def wait(message: dict) -> bool:
    time.sleep(0.02)
    return False


serve(wait)
