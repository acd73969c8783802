"""On the trigger request, closes its stdout and keeps running (without reading stdin)."""

import os
import sys
import time

from _common import is_trigger, serve


def misbehave(request):
    if is_trigger(request):
        sys.stdout.flush()
        os.close(sys.stdout.fileno())
        time.sleep(60)
    return False


serve(misbehave)
