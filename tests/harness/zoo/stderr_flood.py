"""Answers right, but writes about 16 MiB to stderr first and a line to stderr per request."""

import sys

from _common import serve

chunk = "noise " * 1000 + "\n"
for _ in range(2800):
    sys.stderr.write(chunk)
sys.stderr.flush()


def misbehave(request):
    print(f"handling request {request['seq']}", file=sys.stderr)
    return False


serve(misbehave)
