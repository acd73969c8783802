"""Answers hello with an error."""

import sys

from _common import send

sys.stdin.readline()
send({"error": {"message": "this adapter needs a licence key"}})
sys.stdin.read()
