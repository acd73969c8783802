"""The physical limit of the pipe: an engine that does no work. It claims the show operation
under every profile and answers every request at once with one fixed, valid show answer (a
total of 0), reading only the request's seq. Standard library only."""

from __future__ import annotations

import json
import sys

PROFILES = [
    "five-card", "five-card--cut-by-value", "five-card--loose-flush", "five-card--no-crib-nobs",
    "five-card--restarting-count", "five-card--thirty-one-plus-last", "six-card", "six-card--cut-by-value",
    "six-card--double-skunk-4", "six-card--end-of-hand", "six-card--exact-target", "six-card--loose-flush",
    "six-card--no-crib-nobs", "six-card--skunk-by-margin", "six-card--thirty-one-plus-last", "six-card-61",
]  # fmt: skip
HELLO = {"protocol": 1, "engine": {"name": "echo", "version": "1", "language": "Python"},
         "profiles": PROFILES, "operations": ["show"], "features": []}  # fmt: skip
ANSWER = ',"ok":{"total":0,"breakdown":{"fifteens":0,"pairs":0,"runs":0,"flush":0,"nobs":0}}}\n'


def main() -> None:
    out = sys.stdout
    for line in sys.stdin:
        message = json.loads(line)
        if "hello" in message:
            out.write(json.dumps({"hello": HELLO}) + "\n")
        elif "bye" in message:
            return
        else:
            out.write('{"seq":' + json.dumps(message["seq"]) + ANSWER)
        out.flush()


if __name__ == "__main__":
    main()
