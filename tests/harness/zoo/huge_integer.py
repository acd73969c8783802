"""Answers the trigger request with a total of 5,000 digits (beyond Python's int-from-text limit)."""

from _common import is_trigger, serve, write


def misbehave(request):
    if is_trigger(request):
        write('{"seq": "' + request["seq"] + '", "ok": {"total": ' + "7" * 5000 + "}}")
        return True
    return False


serve(misbehave)
