"""Declines the trigger request with a reason."""

from _common import is_trigger, send, serve


def misbehave(request):
    if is_trigger(request):
        send({"seq": request["seq"], "skipped": {"reason": "flushes are not implemented yet"}})
        return True
    return False


serve(misbehave)
