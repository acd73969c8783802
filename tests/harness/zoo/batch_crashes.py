"""Claims `batch` and crashes on a batch holding the trigger starter (answering the rest right)."""

import os

from _common import TRIGGER, serve


def misbehave(request):
    if any(data.get("starter") == TRIGGER for data in request.get("batch", [])):
        os._exit(70)
    return False


serve(misbehave)
