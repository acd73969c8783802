"""Crashes on the trigger request, with a traceback-like message on stderr."""

import os
import sys

from _common import is_trigger, serve


def misbehave(request):
    if is_trigger(request):
        print("Traceback (most recent call last):\nZeroDivisionError: division by zero", file=sys.stderr)
        sys.stderr.flush()
        os._exit(70)
    return False


serve(misbehave)
