"""Answers hello claiming protocol version 2."""

import sys

from _common import right, send, serve

sys.stdin.readline()
hello = right({"hello": {"protocol": 1, "suite": "0"}})
hello["hello"]["protocol"] = 2
send(hello)
serve()
