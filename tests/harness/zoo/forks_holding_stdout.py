"""Forks on every request: the child keeps stdout open and sleeps, the parent answers right and
exits (an engine with a background worker it never waits for)."""

import os
import time

from _common import record_pid, right, send, serve


def misbehave(request):
    send(right(request))
    pid = os.fork()
    if pid == 0:  # the child: holds stdout, outlives the parent
        time.sleep(60)
        os._exit(0)
    record_pid(pid)
    return True


serve(misbehave)
