"""Answers the trigger request with a result of the wrong shape (`score` for `total`)."""

from _common import is_trigger, right, send, serve


def misbehave(request):
    if is_trigger(request):
        answer = right(request)
        send({"seq": request["seq"], "ok": {"score": answer["ok"]["total"]}})
        return True
    return False


serve(misbehave)
