"""Answers every request with an error response (a well-formed one)."""

from _common import send, serve


def misbehave(request):
    send({"seq": request["seq"], "error": {"message": "NotImplementedError: score_show"}})
    return True


serve(misbehave)
