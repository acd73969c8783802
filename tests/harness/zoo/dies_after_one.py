"""Answers one request, then exits: an engine that cannot stay up (it needs --once)."""

import json
import sys

from _common import right, send

send(right(json.loads(sys.stdin.readline())))
line = sys.stdin.readline()
if line and "seq" in json.loads(line):
    send(right(json.loads(line)))
