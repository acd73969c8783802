"""Reads its input but never answers, not even hello."""

import sys

import _common  # noqa: F401  (records the pid)

for _line in sys.stdin:
    pass
