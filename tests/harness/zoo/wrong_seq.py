"""Answers the trigger request with another seq."""

from _common import is_trigger, right, send, serve


def misbehave(request):
    if is_trigger(request):
        send({**right(request), "seq": "999"})
        return True
    return False


serve(misbehave)
