"""Answers the trigger request with the right seq in a line that is not strict JSON: a NaN total."""

from _common import is_trigger, serve, write


def misbehave(request):
    if is_trigger(request):
        write('{"seq": "' + request["seq"] + '", "ok": {"total": NaN}}')
        return True
    return False


serve(misbehave)
