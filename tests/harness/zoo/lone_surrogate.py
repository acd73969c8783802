"""Answers the trigger request with an error whose message holds a lone surrogate escape."""

from _common import is_trigger, send, serve


def misbehave(request):
    if is_trigger(request):
        send({"seq": request["seq"], "error": {"message": "broken \ud800 text"}})  # json.dumps writes \\ud800
        return True
    return False


serve(misbehave)
