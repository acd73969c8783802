"""Exits at once, before reading hello, with a message on stderr."""

import sys

print("fatal: cannot find the engine's configuration file", file=sys.stderr)
sys.exit(3)
