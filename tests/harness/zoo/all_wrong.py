"""Answers every request with a well-formed but wrong result, and never rejects."""

from _common import send, serve

WRONG = {"show": {"total": 99, "breakdown": {"fifteens": 99}}, "pegging": {"points": {"pone": 99, "dealer": 99}}}


def misbehave(request):
    send({"seq": request["seq"], "ok": WRONG.get(request["op"], {})})
    return True


serve(misbehave)
