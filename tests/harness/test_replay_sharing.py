"""Replays shared out among worker processes (harness/diagnosis/replay.py): the same diagnosis, the
same replays and spend as every replay made in the run's process, sooner; no worker outlives the
diagnosis, whether it ends, is interrupted or is killed. Each run in a process of its own, with one
thread (a test process may hold others: there replays are never shared)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cribcheck.harness.diagnosis.replay import replay_workers

REPOSITORY = Path(__file__).resolve().parents[2]
linux_only = pytest.mark.skipif(sys.platform != "linux", reason="replays are shared on Linux only")

DIAGNOSE = """
import json, sys
from tests.harness.test_diagnosis import REFERENCE, corpus_run
from cribcheck.harness.diagnosis import diagnose as module
from cribcheck.harness.diagnosis.replay import Replayer

made = []

class Counted(Replayer):
    def __init__(self, budget, workers=0):
        super().__init__(budget, workers)
        made.append(self)

module.Replayer = Counted
results = corpus_run("four-player-target-61+no-point-for-go")
print("ran", flush=True)
found = {}
for workers in [int(arg) for arg in sys.argv[1:]]:
    module.replay_workers = lambda: workers
    diagnosis = module.diagnose(results, REFERENCE).to_json()
    replayer = made[-1]
    found[workers] = [diagnosis, replayer.spent, replayer.replays, replayer.shared]
print(json.dumps(found), flush=True)
"""


def diagnosing(*workers: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", DIAGNOSE, *map(str, workers)],
        cwd=REPOSITORY,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Is the process there, and not a zombie waiting to be reaped?"""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_for_workers(process: subprocess.Popen[str]) -> list[int]:
    """The diagnosing process's workers, as soon as it has some."""
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while not workers and time.monotonic() < deadline and process.poll() is None:
        workers = children(process.pid)
        time.sleep(0.01)
    assert workers, "the diagnosis shared no replay before it ended"
    return workers


@linux_only
def test_shared_replays_give_the_same_diagnosis_replays_and_spend() -> None:
    """Two bugs whose names are checked on hundreds of games and matches: with two workers, more
    than a hundred verdicts come from them, and the causes, the replays and the units spent are the
    very ones made with none (the order of reading is the same; only where they are made differs)."""
    process = diagnosing(0, 2)
    out, _ = process.communicate(timeout=300)
    assert process.returncode == 0
    found = json.loads(out.splitlines()[-1])
    alone, shared = found["0"], found["2"]
    assert alone[3] == 0 and shared[3] > 100, (alone[3], shared[3])
    assert shared[:3] == alone[:3]
    assert len(alone[0]) >= 2, "the engine's two bugs give causes"


@linux_only
@pytest.mark.parametrize("ending", [signal.SIGKILL, signal.SIGINT], ids=["killed", "interrupted"])
def test_no_worker_outlives_the_diagnosis(ending: signal.Signals) -> None:
    """Killed (SIGKILL: no handler runs; the workers are sent SIGTERM by the kernel as their
    parent ends) or interrupted (Ctrl-C: the workers leave it to the run, which ends them) while
    workers replay: none is left in the process table."""
    process = diagnosing(2)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ran"
    workers = wait_for_workers(process)
    process.send_signal(ending)
    process.wait(timeout=30)
    deadline = time.monotonic() + 10
    while any(map(running, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in workers if running(pid)]
    for pid in left:  # not left behind by a failing test either
        os.kill(pid, signal.SIGKILL)
    assert not left, "a worker outlived the diagnosis"


@linux_only
def test_a_worker_killed_loses_nothing() -> None:
    """A worker killed while it replays (out of memory, a user's kill): its verdicts are replayed
    in the run's process, and every replay after that too; the diagnosis is the one made with no
    worker, the same replays and spend."""
    process = diagnosing(0, 2)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ran"
    workers = wait_for_workers(process)
    os.kill(workers[0], signal.SIGKILL)
    out, _ = process.communicate(timeout=300)
    assert process.returncode == 0
    found = json.loads(out.splitlines()[-1])
    assert found["2"][:3] == found["0"][:3]


def test_replays_are_never_shared_beside_another_thread() -> None:
    """A fork copies the one thread that forks: a lock another thread held would stay held in the
    worker. With a second thread running, every replay is made in the process itself."""
    stop = threading.Event()
    beside = threading.Thread(target=stop.wait)
    beside.start()
    try:
        assert replay_workers() == 0
    finally:
        stop.set()
        beside.join()


@linux_only
def test_a_process_of_one_thread_on_several_cpus_shares_its_replays() -> None:
    """The other side of the test above: the same question from a fresh process, one thread, where
    the machine has more than one CPU for it."""
    cpus = len(os.sched_getaffinity(0))
    code = "from cribcheck.harness.diagnosis.replay import replay_workers; print(replay_workers())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert int(out) == (min(cpus, 4) if cpus > 1 else 0)
