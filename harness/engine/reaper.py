"""Ending everything an engine started, also what left its process group.

The engine runs in a session (and process group) of its own, and the harness kills that group
whatever way the engine's run ends. A process can leave the group, though: a child that calls
`setsid` (a daemon, a language server, some JVM launchers), or one that its parent left behind.
On Linux the harness also finds those, by tracking descendants through /proc: every engine is
started with an environment variable, `CRIBCHECK_ENGINE_MARK`, holding a mark of its own, which
every process it starts inherits whatever its group, session or parent; when the engine ends,
every live process whose environment (/proc/PID/environ) carries the mark is killed, until none
is left.

Why this, rather than the other two ways Linux offers:

- a cgroup holds every descendant for certain, but creating one needs a delegated, writable cgroup
  tree, which an ordinary user on a CI machine or in a container seldom has;
- `prctl(PR_SET_CHILD_SUBREAPER)` only makes orphans the harness's children instead of init's: it
  kills nothing itself (the harness must still walk the tree), does nothing for a child that
  called `setsid` while its parent lives, and changes the whole harness process for good, which
  then inherits (and must reap) every orphan of everything else it runs, pytest's workers included.

The mark needs no privilege and survives `setsid`, a new process group and the death of the
parent. What it cannot catch is a process that clears its environment as it starts (`env -i`):
that is written down in docs/PROTOCOL.md. Elsewhere than Linux, the process group is all there is.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Mapping

MARK_VARIABLE = "CRIBCHECK_ENGINE_MARK"
KILL_ROUNDS = 20  # scans of the process table, each killing what it finds, until one finds nothing


def new_mark() -> str:
    """A mark for one engine (all of its processes, across restarts)."""
    return f"cribcheck-{os.getpid()}-{os.urandom(16).hex()}"


def marked_environment(env: Mapping[str, str] | None, mark: str) -> dict[str, str]:
    """The environment to start an engine in: `env` (default: the harness's) with the mark."""
    return {**(os.environ if env is None else env), MARK_VARIABLE: mark}


def tracks_descendants() -> bool:
    """Whether processes that left the group can be found here (Linux, /proc mounted)."""
    return sys.platform.startswith("linux") and os.path.isdir("/proc/self")


def marked(mark: str) -> list[int]:
    """The live processes whose environment carries `mark` (none but on Linux). A zombie shows an
    empty environment, so the dead are not listed; the harness itself never is."""
    if not tracks_descendants():
        return []
    needle = f"\0{MARK_VARIABLE}={mark}\0".encode()
    me = os.getpid()
    found = []
    with os.scandir("/proc") as entries:
        for entry in entries:
            if not entry.name.isdigit() or int(entry.name) == me:
                continue
            try:
                with open(f"/proc/{entry.name}/environ", "rb") as file:
                    environment = b"\0" + file.read() + b"\0"
            except OSError:  # gone, or another user's
                continue
            if needle in environment:
                found.append(int(entry.name))
    return found


def end_marked(mark: str) -> int:
    """Kill every process carrying `mark`, scanning again until a scan finds none (a process may
    start another while it is being killed); how many were killed."""
    killed = 0
    for _ in range(KILL_ROUNDS):
        pids = marked(mark)
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.01)  # let the kills land before looking again
    return killed


def kill_group(pgid: int) -> bool:
    """SIGKILL a process group (POSIX); False when there is none (any more)."""
    if os.name != "posix":
        return False
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        return False
    return True
