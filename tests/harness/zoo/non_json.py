"""Answers the trigger request with a line that is not JSON (a debug print on stdout)."""

from _common import is_trigger, serve, write


def misbehave(request):
    if is_trigger(request):
        write("DEBUG scoring hand AH 2H 3H 4H")
        return True
    return False


serve(misbehave)
