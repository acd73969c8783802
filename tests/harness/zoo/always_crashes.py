"""Answers hello, then exits on every request: the run gives up on it after a few restarts."""

import sys

from _common import right, send

send(right({"hello": {"protocol": 1, "suite": "0"}}) if sys.stdin.readline() else {})
sys.stdin.readline()
sys.exit(1)
