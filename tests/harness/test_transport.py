"""The engine process: lines in and out, deadlines, the end of output, long lines, stderr, and
killing what the engine started."""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

import pytest

from cribcheck.harness.engine.transport import Command, EngineProcess, StderrSink

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process sessions are POSIX")


def python(code: str) -> Command:
    return Command(shlex.join([sys.executable, "-c", code]))


def started(command: Command, **kwargs) -> EngineProcess:
    process = EngineProcess(command, stderr=kwargs.pop("stderr", StderrSink()), **kwargs)
    process.start()
    return process


ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line); sys.stdout.flush()"


def test_messages_go_out_as_lines_and_lines_come_back() -> None:
    process = started(python(ECHO))
    try:
        process.send({"hello": {"protocol": 1}})
        received = process.receive(time.monotonic() + 5)
        assert received.kind == "line"
        assert received.text == '{"hello":{"protocol":1}}\n'
    finally:
        process.stop()


def test_a_deadline_gives_a_timeout_not_a_hang() -> None:
    process = started(python("import time; time.sleep(30)"))
    try:
        begin = time.monotonic()
        assert process.receive(begin + 0.3).kind == "timeout"
        assert time.monotonic() - begin < 2
    finally:
        process.kill()


def test_the_end_of_output_and_the_exit_code() -> None:
    process = started(python("import sys; sys.exit(4)"))
    assert process.receive(time.monotonic() + 5).kind == "eof"
    assert process.settle() == 4


def test_a_line_over_the_limit_is_refused_and_the_stream_goes_on() -> None:
    code = "print('x' * 5000); print('short')"
    process = started(python(code), max_line=1000)
    try:
        long = process.receive(time.monotonic() + 5)
        assert long.kind == "too_long"
        assert long.size == 5001
        assert long.text.startswith("xxxx")
        assert len(long.text) <= 400
        assert process.receive(time.monotonic() + 5).text == "short\n"
    finally:
        process.stop()


def test_an_engine_that_never_reads_cannot_block_the_harness() -> None:
    process = started(python("import time; time.sleep(30)"))
    try:
        begin = time.monotonic()
        for _ in range(20):
            process.send({"input": "x" * 100_000})  # 2 MB, far over a pipe's buffer
        assert time.monotonic() - begin < 1
        assert process.receive(time.monotonic() + 0.2).kind == "timeout"
    finally:
        process.kill()


def test_stderr_is_drained_kept_short_and_logged(tmp_path: Path) -> None:
    log = tmp_path / "stderr.log"
    sink = StderrSink(keep=3, log=log)
    code = "import sys\nfor n in range(20000): print('line', n, file=sys.stderr)\nprint('done')"
    process = started(python(code), stderr=sink)
    assert process.receive(time.monotonic() + 10).text == "done\n"
    process.stop()
    process.settle()
    assert sink.tail() == ["line 19997", "line 19998", "line 19999"]
    sink.close()
    assert len(log.read_text().splitlines()) == 20000


def test_killing_the_engine_ends_what_it_started(tmp_path: Path) -> None:
    marker = tmp_path / "child.pid"
    command = Command(f"sleep 60 & echo $! > {shlex.quote(str(marker))}; wait", shell=True)
    process = started(command)
    deadline = time.monotonic() + 5
    while not (marker.exists() and marker.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.02)
    child = int(marker.read_text())
    process.kill()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.02)
    else:
        pytest.fail("the engine's child outlived it")


def test_a_command_is_split_without_a_shell_unless_asked() -> None:
    assert Command("node 'my adapter.js' --fast").argv() == ["node", "my adapter.js", "--fast"]
    assert Command("make -s run | tee log", shell=True).argv() == "make -s run | tee log"
    assert Command.of(["python", "a b.py"]).text == "python 'a b.py'"


def test_the_limit_counts_the_line_with_its_newline() -> None:
    # max_line=1000: 1000 bytes and a newline are within it; 1001 bytes and a newline are not
    code = "import sys; sys.stdout.write('a' * 1000 + '\\n' + 'b' * 1001 + '\\n' + 'ok\\n')"
    process = started(python(code), max_line=1000)
    try:
        first = process.receive(time.monotonic() + 5)
        assert (first.kind, first.size) == ("line", 1001)
        second = process.receive(time.monotonic() + 5)
        assert (second.kind, second.size) == ("too_long", 1002)
        assert process.receive(time.monotonic() + 5).text == "ok\n"
    finally:
        process.stop()


def test_a_long_line_written_in_pieces_is_counted_whole_and_what_follows_is_kept() -> None:
    # 300,000 x in 30 writes of 10,000 (more than one read each time), then "after" on the same write
    code = (
        "import sys, time\n"
        "for _ in range(30): sys.stdout.write('x' * 10000); sys.stdout.flush(); time.sleep(0.005)\n"
        "sys.stdout.write('\\nafter\\n'); sys.stdout.flush()"
    )
    process = started(python(code), max_line=1000)
    try:
        long = process.receive(time.monotonic() + 10)
        assert (long.kind, long.size) == ("too_long", 300_001)
        assert process.receive(time.monotonic() + 5).text == "after\n"
        assert process.receive(time.monotonic() + 5).kind == "eof"
    finally:
        process.stop()


def test_the_end_of_output_ends_a_last_line_and_a_line_over_the_limit() -> None:
    process = started(python("import sys; sys.stdout.write('last')"))
    try:
        last = process.receive(time.monotonic() + 5)
        assert (last.kind, last.text) == ("line", "last")
        assert process.receive(time.monotonic() + 5).kind == "eof"
    finally:
        process.stop()
    process = started(python("import sys; sys.stdout.write('y' * 5000)"), max_line=1000)
    try:
        cut = process.receive(time.monotonic() + 5)
        assert (cut.kind, cut.size) == ("too_long", 5000)
        assert process.receive(time.monotonic() + 5).kind == "eof"
    finally:
        process.stop()


def test_what_the_pipe_did_not_take_is_written_while_waiting_for_the_answer() -> None:
    # the engine reads only after 0.3 s; 2 MB cannot sit in the pipe, yet all of it arrives
    code = "import sys, time\ntime.sleep(0.3)\nprint(sum(len(line) for line in sys.stdin))"
    process = started(python(code))
    try:
        begin = time.monotonic()
        for _ in range(20):
            process.send({"input": "x" * 100_000})  # 100,013 bytes a line with its newline
        process.close_stdin()
        assert time.monotonic() - begin < 0.3
        assert process.receive(time.monotonic() + 10).text == "2000260\n"
    finally:
        process.stop()


def test_an_engine_that_closes_its_stdin_early_is_not_an_error_for_the_harness() -> None:
    process = started(python("import os, time; os.close(0); print('closed', flush=True); time.sleep(30)"))
    try:
        assert process.receive(time.monotonic() + 5).text == "closed\n"
        for _ in range(20):
            process.send({"input": "x" * 100_000})  # a broken pipe, dropped
        assert process.receive(time.monotonic() + 0.2).kind == "timeout"
    finally:
        begin = time.monotonic()
        process.stop(grace=0.2)
        assert time.monotonic() - begin < 3
