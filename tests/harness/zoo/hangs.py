"""Hangs (forever) on the trigger request."""

import time

from _common import is_trigger, serve


def misbehave(request):
    if is_trigger(request):
        while True:
            time.sleep(60)
    return False


serve(misbehave)
