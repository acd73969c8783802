"""Exits at once, before reading hello, with a message on stderr."""

import sys

import _common  # noqa: F401  (records the pid)

print("fatal: cannot find the engine's configuration file", file=sys.stderr)
sys.exit(3)
