"""The limits on what the harness reads, from an engine (harness/engine/strict_json.py) or from a
case, catalogue or expectations file (harness/corpus/strict_yaml.py): one definition for both, so
that whatever a file may say, an engine may say back.

The values are far beyond anything cribbage needs (a protocol message nests fewer than ten levels
and its largest number is a score), and low enough that nothing past them can hurt the harness.
"""

from __future__ import annotations

MAX_DEPTH = 64  # levels of arrays and objects (sequences and mappings)
MAX_INTEGER = 2**53 - 1  # the largest integer every JSON reader keeps exactly (JavaScript's too)
MAX_NUMBER_CHARS = 100  # characters of a number with a fraction or an exponent
