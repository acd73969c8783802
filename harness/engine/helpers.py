"""`cribcheck helpers`: where the adapter helpers an engine author copies are, in the installed
cribcheck (package data of cribcheck.harness.engine), or a copy of them in a folder.

- adapter.py: the Python helper (standard library only, Python 3.9+), copied as cribcheck_adapter.py;
- adapter.js: the Node.js helper (no package, Node.js 18+), copied as cribcheck_adapter.js;
- adapter.d.ts: its TypeScript declarations, copied as cribcheck_adapter.d.ts;
- cribcheck-protocol.d.ts: every protocol message as a TypeScript type (generated from the schemas).

The copies take the names the examples and the docs use (docs/checking-your-engine.md), so that
`require("./cribcheck_adapter.js")` and `from cribcheck_adapter import Adapter` find them, and the
declarations find each other.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import TextIO

FOLDER = Path(__file__).resolve().parent
# the installed file -> the name of its copy
HELPERS: tuple[tuple[str, str], ...] = (
    ("adapter.py", "cribcheck_adapter.py"),
    ("adapter.js", "cribcheck_adapter.js"),
    ("adapter.d.ts", "cribcheck_adapter.d.ts"),
    ("cribcheck-protocol.d.ts", "cribcheck-protocol.d.ts"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--copy", type=Path, metavar="DIR", help="copy the helpers into DIR (made if missing) under the names to use"
    )


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if args.copy is None:
        for name, _ in HELPERS:
            print(FOLDER / name, file=out)
        return 0
    try:
        args.copy.mkdir(parents=True, exist_ok=True)
        for name, copy in HELPERS:
            shutil.copyfile(FOLDER / name, args.copy / copy)
            print(f"wrote {args.copy / copy}", file=out)
    except OSError as error:
        print(f"cribcheck helpers: cannot copy into {args.copy}: {error}", file=sys.stderr)
        return 2
    return 0
