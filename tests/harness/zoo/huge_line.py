"""Answers the trigger request with a 9 MiB line (the limit is 8 MiB)."""

from _common import is_trigger, send, serve


def misbehave(request):
    if is_trigger(request):
        send({"seq": request["seq"], "ok": {"total": 0, "padding": "x" * (9 * 1024 * 1024)}})
        return True
    return False


serve(misbehave)
