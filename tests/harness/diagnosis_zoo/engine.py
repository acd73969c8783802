"""An engine of the diagnosis zoo, served over the protocol:

    python tests/harness/diagnosis_zoo/engine.py NAME[+NAME...] [--judges-input false]

NAME is a one-bug engine of bugs.py or a bug found in real engines (real_bugs.py); `a+b` has both
bugs at once. The reference behind the adapter helper, the bugs applied around each answer; an
answer that takes more than 4 s (the endless loop of waits-for-a-go-nobody-says) is ended by the
adapter's own watchdog, with its error. With
`--judges-input false` the hello says the engine trusts its callers (docs/PROTOCOL.md), so the
harness sends it legal input only; the answers are the same."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import Any, Protocol

if __package__ in (None, ""):  # run as a script: the repository on the path for `tests.`
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from cribcheck.harness.engine import serve
from cribcheck.harness.engine.adapter import Adapter
from cribcheck.harness.operations.answers import OPERATIONS, cached_profiles, run_reference
from cribcheck.harness.operations.features import FEATURES
from cribcheck.reference import profile_names
from tests.harness.diagnosis_zoo.bugs import BUGS as ONE_BUG_ENGINES
from tests.harness.diagnosis_zoo.real_bugs import BUGS as REAL_BUGS

WATCHDOG_SECONDS = 4.0  # below the harness's request timeout (5 s by default)


class Bug(Protocol):
    name: str

    def applied(self) -> AbstractContextManager[None]: ...


def zoo_bugs(names: str) -> tuple[Bug, ...]:
    """`a+b`: each bug named, from either list (KeyError for an unknown name)."""
    known: dict[str, Bug] = {bug.name: bug for bug in (*ONE_BUG_ENGINES, *REAL_BUGS)}
    for name in names.split("+"):
        if name not in known:
            raise KeyError(f"unknown zoo bug {name!r}; known: {', '.join(known)}")
    return tuple(known[name] for name in names.split("+"))


@contextmanager
def applied(bugs: Sequence[Bug]) -> Any:
    with ExitStack() as stack:
        for bug in bugs:
            stack.enter_context(bug.applied())
        yield


def zoo_answer(bugs: Sequence[Bug], op: str, data: Mapping[str, Any], profile: str) -> dict[str, Any]:
    """The answer of the engine with `bugs`, as run_reference gives it ({"ok": ...} or {"rejected": ...})."""
    with applied(bugs):
        return run_reference(op, data, profile)


class EngineLoopError(Exception):
    """The adapter's own watchdog: the engine did not answer within WATCHDOG_SECONDS."""


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """End an answer that takes longer than `seconds` with the adapter's own error, as an adapter
    over an engine with an endless loop would (SIGALRM: the main thread only)."""

    def stop(signum: int, frame: Any) -> None:
        raise EngineLoopError(f"the engine's pegging loop did not end within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def answer(bugs: Sequence[Bug], op: str, data: Mapping[str, Any], profile: str) -> Mapping[str, Any]:
    with watchdog(WATCHDOG_SECONDS):
        found = zoo_answer(bugs, op, data, profile)
    return serve.answered(found)


def before_unknown_profile(bugs: Sequence[Bug], op: str, data: Mapping[str, Any]) -> None:
    with applied(bugs):
        serve.before_unknown_profile(op, data)


def adapter(names: str, judges_input: bool = True) -> Adapter:
    bugs = zoo_bugs(names)
    return Adapter(
        name=f"diagnosis-zoo-{names}",
        version="0",
        language="Python",
        profiles=tuple(profile_names()),
        handlers={op: partial(answer, bugs, op) for op in OPERATIONS},
        features=FEATURES,
        before_unknown_profile=partial(before_unknown_profile, bugs),
        judges_input=judges_input,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("names", help="NAME or NAME+NAME...")
    parser.add_argument("--judges-input", choices=("true", "false"), default="true")
    args = parser.parse_args(argv)
    with cached_profiles():
        return adapter(args.names, args.judges_input == "true").serve()


if __name__ == "__main__":
    sys.exit(main())
