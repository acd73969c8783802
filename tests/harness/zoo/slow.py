"""Answers right, after 20 ms for each request (a slow interpreter, a network service): the
engine of the --jobs tests. Like every zoo engine it records its pid (see _common.py)."""

import time

from _common import serve


def wait(message: dict) -> bool:
    time.sleep(0.02)
    return False


serve(wait)
