"""Reads its input but never answers, not even hello."""

import sys

for _line in sys.stdin:
    pass
