"""`cribcheck check FILE.jsonl`: a transcript of what an engine did, judged line by line.

The reference's own games pass; one score changed fails, naming the line, the field and the
rule; bad lines are named by line and field and the rest is judged; the hello's claims are
honoured; the reports are the runner's; a disagreement is written as a lint-clean case; memory
does not grow with the passing lines' content; the Python and JavaScript recorders write lines
that pass."""

from __future__ import annotations

import copy
import io
import json
import shutil
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract.files import CATALOGUE_FILE, REPO_ROOT
from cribcheck.harness.corpus.cases import load_cases, read_case_file
from cribcheck.harness.corpus.lint import lint
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.results.saved import read_runs
from cribcheck.harness.transcripts import check as check_module
from cribcheck.harness.transcripts import lines as lines_module
from cribcheck.harness.transcripts.generate import reference_transcript

from .reports import read_report, statuses

Json = dict[str, Any]
NODE = shutil.which("node")
HELLO: Json = {
    "hello": {
        "protocol": 1,
        "engine": {"name": "tiny", "version": "1", "language": "Python"},
        "profiles": ["six-card"],
        "operations": ["show", "play", "pegging", "hand"],
        "features": [],
    }
}


def write(path: Path, entries: list[Any]) -> Path:
    """Entries as lines: a dict as JSON, a str (or bytes) as it is."""
    with path.open("wb") as out:
        for entry in entries:
            raw = entry if isinstance(entry, bytes) else entry.encode() if isinstance(entry, str) else None
            out.write((raw if raw is not None else json.dumps(entry).encode()) + b"\n")
    return path


def answered(op: str, data: Json, profile: str = "six-card") -> Json:
    """A line with the reference's own answer."""
    answer = run_reference(op, data, profile)
    kind = "ok" if "ok" in answer else "rejected"
    body = answer[kind] if kind == "ok" else {k: v for k, v in answer[kind].items() if k != "message"}
    return {"op": op, "profile": profile, "input": data, kind: body}


def check(*words: str) -> tuple[int, str]:
    out = io.StringIO()
    from cribcheck.harness.cli import build_parser

    args = build_parser().parse_args(["check", *words])
    return check_module.main(args, out), out.getvalue()


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Twelve games the reference played, every kind of line a recorder writes."""
    path = tmp_path_factory.mktemp("games") / "games.jsonl"
    return write(path, list(reference_transcript(12, seed=3)))


# --- the reference's own games --------------------------------------------------------------


def test_the_reference_s_own_games_pass(games: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    code, _ = check(str(games), "--report", str(report), "--no-progress", "-q")
    assert code == 0
    lines = read_report(report)
    cases = [line for line in lines if line["type"] == "case"]
    written = games.read_text(encoding="utf-8").splitlines()
    assert len(cases) == len(written) - 1  # every line but the hello
    assert {line["status"] for line in cases} == {"pass"}
    assert {line["op"] for line in cases} == {"show", "play", "pegging", "hand", "game"}
    assert cases[0]["id"] == "line-2" and cases[-1]["id"] == f"line-{len(written)}"
    assert lines[0]["engine"]["mode"] == "transcript" and lines[0]["engine"]["command"].endswith("games.jsonl")
    assert cases[0]["expected"] is None and cases[0]["actual"] is None  # a passing line is named, not copied


def changed(games: Path, tmp_path: Path, op: str, change: Any) -> tuple[Path, int]:
    """The transcript with the first line of `op` changed by `change(line)`; its line number."""
    entries = [json.loads(text) for text in games.read_text(encoding="utf-8").splitlines()]
    number = next(index for index, entry in enumerate(entries) if entry.get("op") == op and change(entry, True))
    change(entries[number], False)
    return write(tmp_path / "changed.jsonl", entries), number + 1


def test_one_score_changed_fails_naming_the_line_the_field_and_the_rule(games: Path, tmp_path: Path) -> None:
    def fifteen_one_more(entry: Json, probe: bool) -> bool:
        count = entry["input"]["count"]
        values = sum(min(10, "A23456789TJQK".index(card[0]) + 1) for card in count)
        if probe:
            return values == 15 and entry["ok"]["points"] == 2  # a fifteen and nothing else: 2
        entry["ok"]["points"] = 3
        return True

    path, number = changed(games, tmp_path, "play", fifteen_one_more)
    report = tmp_path / "report.jsonl"
    code, out = check(str(path), "--report", str(report), "--no-progress")
    assert code == 1
    failing = [line for line in read_report(report) if line["type"] == "case" and line["status"] != "pass"]
    assert [line["id"] for line in failing] == [f"line-{number}"]
    assert failing[0]["mismatches"] == ["points: expected 2, got 3"]
    assert failing[0]["rules"][0] == "peg.fifteen"
    assert f"line-{number}[six-card]" in out and "peg.fifteen" in out and "points: expected 2, got 3" in out
    assert f"cribcheck check {path} --case 'line-{number}[six-card]'" in out


def test_a_hand_s_changed_score_fails_on_that_line_only(games: Path, tmp_path: Path) -> None:
    def one_more_for_a(entry: Json, probe: bool) -> bool:
        if probe:
            return entry["ok"]["winner"] is None
        entry["ok"]["scores"]["A"] += 1
        return True

    path, number = changed(games, tmp_path, "hand", one_more_for_a)
    report = tmp_path / "report.jsonl"
    assert check(str(path), "--report", str(report), "--no-progress", "-q")[0] == 1
    failing = {line["id"]: line for line in read_report(report) if line.get("status") == "fail"}
    assert list(failing) == [f"line-{number}"]
    assert failing[f"line-{number}"]["mismatches"][0].startswith("scores.A: expected ")


@pytest.mark.exhaustive
def test_a_thousand_games_of_the_reference_pass_and_one_score_changed_fails_that_line(tmp_path: Path) -> None:
    # Issue 30's measure, as a user runs it (a process per core, the default for a transcript this
    # long): every line a recorder may write, 1,000 games (seed 0, as benchmarks/check_transcript.py).
    path = tmp_path / "games.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for entry in reference_transcript(1000, seed=0):
            out.write(json.dumps(entry, separators=(",", ":")) + "\n")
    report = tmp_path / "report.jsonl"
    assert check(str(path), "--report", str(report), "-q", "--no-progress")[0] == 0
    total = sum(1 for _ in path.open(encoding="utf-8")) - 1  # the lines but the hello
    assert read_runs(report)[0].footer.summary.counts["pass"] == total > 100_000

    def fifteen_one_more(entry: Json, probe: bool) -> bool:  # a fifteen and nothing else pegs 2: made 3
        if probe:
            values = sum(min(10, "A23456789TJQK".index(card[0]) + 1) for card in entry["input"]["count"])
            return values == 15 and entry["ok"]["points"] == 2
        entry["ok"]["points"] = 3
        return True

    spoiled, number = tmp_path / "changed.jsonl", 0
    with path.open(encoding="utf-8") as lines, spoiled.open("w", encoding="utf-8") as out:  # streamed: 74 MB
        for index, text in enumerate(lines, 1):
            entry = json.loads(text) if not number and '"op":"play"' in text else None
            if entry is not None and fifteen_one_more(entry, True):
                fifteen_one_more(entry, False)
                text, number = json.dumps(entry, separators=(",", ":")) + "\n", index
            out.write(text)
    assert number
    code, out = check(str(spoiled), "--report", str(report), "--no-progress")
    assert code == 1
    failing = [line for line in read_report(report) if line["type"] == "case" and line["status"] != "pass"]
    assert [(line["id"], line["mismatches"], line["rules"][0]) for line in failing] == [
        (f"line-{number}", ["points: expected 2, got 3"], "peg.fifteen")
    ]
    assert f"line-{number}[six-card]" in out and "peg.fifteen" in out


# --- bad lines -----------------------------------------------------------------------------------


def test_bad_lines_are_named_by_line_and_field_and_the_rest_is_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lines_module, "MAX_LINE", 2000)
    show = answered("show", {"cards": ["5C", "5D", "5H", "JS"], "starter": "5S", "crib": False})
    entries: list[Any] = [
        HELLO,
        show,  # 2
        "not json at all",  # 3
        '{"op": "show", "profile": "six-card", "input": {}, "ok": {"total": NaN}}',  # 4
        b'{"op": "show", "profile": "six-card\xff", "input": {}, "ok": {"total": 1}}',  # 5
        {**show, "rejected": {"code": "duplicate_card"}},  # 6
        {**show, "op": "shew"},  # 7
        HELLO,  # 8
        {**show, "input": {"cards": 5, "starter": "5S"}},  # 9
        {**show, "ok": {"totl": 29}},  # 10
        {**show, "input": {"cards": ["5C"] * 500, "starter": "5S"}},  # 11: over the limit of 2000 bytes
        "[1, 2]",  # 12
        show,  # 13
    ]
    path = write(tmp_path / "bad.jsonl", entries)
    report = tmp_path / "report.jsonl"
    code, _ = check(str(path), "--report", str(report), "--no-progress", "-q")
    assert code == 1
    lines = read_report(report)
    by_id = {line["id"]: line for line in lines if line["type"] == "case"}
    assert by_id["line-2"]["status"] == by_id["line-13"]["status"] == "pass"
    expected = {
        "line-3": "the line is not JSON",
        "line-4": "not strict JSON (NaN is not JSON",
        "line-5": "not strict JSON (",
        "line-6": "exactly one of ok, rejected (this one has both)",
        "line-7": "op: 'shew' is not one of",
        "line-8": "hello: a hello line may only be the first line",
        "line-9": "input: the reference cannot read it (TypeError",
        "line-10": "ok: 'total' is a required property",
        "line-11": "over the limit of 2000 bytes",
        "line-12": "not a JSON object",
    }
    for name, words in expected.items():
        assert by_id[name]["status"] == "error", name
        assert by_id[name]["message"].startswith(f"{name.replace('-', ' ')}: "), name
        assert words in by_id[name]["message"], (name, by_id[name]["message"])
    assert by_id["line-3"]["op"] is None and by_id["line-7"]["op"] is None and by_id["line-9"]["op"] == "show"
    assert read_runs(report)[0].footer.summary.counts["error"] == len(expected)


def test_a_transcript_that_cannot_be_read_or_speaks_another_protocol_stops_with_2(tmp_path: Path) -> None:
    assert check(str(tmp_path / "missing.jsonl"))[0] == 2
    other = copy.deepcopy(HELLO)
    other["hello"]["protocol"] = 2
    assert check(str(write(tmp_path / "v2.jsonl", [other])))[0] == 2


# --- what the hello claims -------------------------------------------------------------------------


HAND: Json = {
    "dealer": "A",
    "scores": {"A": 0, "B": 0},
    "first_hand": True,
    "dealt": {"A": ["5C", "5D", "KH", "QS", "2C", "9D"], "B": ["TS", "JD", "3H", "4H", "8C", "AS"]},
    "starter": "6D",
    "discards": {"A": ["2C", "9D"], "B": ["8C", "AS"]},
    "plays": ["TS", "5C", "JD", "5D", "go", "3H", "KH", "4H", "QS"],
}


def test_only_the_claimed_features_are_compared_and_the_unclaimed_lines_are_not_applicable(tmp_path: Path) -> None:
    # Worked by hand (docs/checking-your-engine.md's example): A pegs 2 + 1 + 1, shows 10 and a
    # crib of 4 = 18; B shows his nobs = 1.
    hand = {"op": "hand", "profile": "six-card", "input": HAND, "ok": {"scores": {"A": 18, "B": 1}, "winner": None}}
    ok = {"scores": {"A": 0, "B": 0}, "winner": None, "hands_played": 0}
    game = {"op": "game", "profile": "six-card", "input": {"cuts": [["AS", "KS"]], "hands": []}, "ok": ok}
    with_events = copy.deepcopy(HELLO)
    with_events["hello"]["features"] = ["events"]
    report = tmp_path / "report.jsonl"
    assert check(str(write(tmp_path / "plain.jsonl", [HELLO, hand, game])), "--report", str(report), "-q")[0] == 0
    assert statuses(read_report(report)) == {"line-2": "pass", "line-3": "not_applicable"}
    assert check(str(write(tmp_path / "events.jsonl", [with_events, hand])), "--report", str(report), "-q")[0] == 1
    (line,) = [line for line in read_report(report) if line["type"] == "case"]
    assert line["mismatches"] == ["events: expected [...], got nothing (no such key)"] or line["mismatches"][
        0
    ].startswith("events: expected")
    assert check(str(write(tmp_path / "no-hello.jsonl", [hand])), "--report", str(report), "-q")[0] == 0
    assert read_report(report)[0]["engine"]["info"] is None


def test_a_play_refused_in_a_pegging_names_the_moment_it_came_at(tmp_path: Path) -> None:
    # Pone 5H TC 9S 8D, dealer KD 5C 4S 7H. After 5H KD TC 5C (30) the pone says go, the dealer
    # cannot play on: 1 for the dealer, and the pone (who did not play the last card) leads. An
    # engine that lets the dealer lead lets the wrong player lead the new count (peg.restart).
    hands = {"pone": ["5H", "TC", "9S", "8D"], "dealer": ["KD", "5C", "4S", "7H"]}
    wrong_leader = {**hands, "plays": ["5H", "KD", "TC", "5C", "go", "4S", "9S", "7H", "8D"]}
    # After 5H KD (15), the pone plays TC (25), the dealer 5C (30): an engine that ends the count
    # after the dealer's 4S at 19 while the pone could still play TC breaks peg.go.
    open_count = {**hands, "plays": ["5H", "KD", "4S", "TC", "8D"]}
    entries = [
        {"op": "pegging", "profile": "six-card", "input": data, "ok": {"points": {"pone": 0, "dealer": 0}}}
        for data in (wrong_leader, open_count)
    ]
    report = tmp_path / "report.jsonl"
    assert check(str(write(tmp_path / "t.jsonl", entries)), "--report", str(report), "-q")[0] == 1
    rules = {line["id"]: line["rules"] for line in read_report(report) if line["type"] == "case"}
    assert rules["line-1"][0] == "peg.restart"
    assert rules["line-2"][0] == "peg.go"


# --- reports and cases ----------------------------------------------------------------------------------


def test_every_report_is_written_and_summary_reads_it_back(games: Path, tmp_path: Path) -> None:
    path, _ = changed(games, tmp_path, "hand", lambda entry, probe: probe or entry["ok"]["scores"].update(A=999))
    outputs = {name: tmp_path / name for name in ("r.jsonl", "r.xml", "r.md", "r.html", "r.json")}
    code, _ = check(
        str(path), "--no-progress", "-q", "--report", str(outputs["r.jsonl"]), "--junit", str(outputs["r.xml"]),
        "--markdown", str(outputs["r.md"]), "--html", str(outputs["r.html"]), "--badge", str(outputs["r.json"]),
    )  # fmt: skip
    assert code == 1
    assert all(path.stat().st_size > 0 for path in outputs.values())
    (run,) = read_runs(outputs["r.jsonl"])  # checked against the report schema
    assert run.header.engine_mode == "transcript" and run.footer.summary.counts["fail"] == 1
    assert main(["summary", str(outputs["r.jsonl"]), "--markdown", str(tmp_path / "again.md")]) == 0
    assert (tmp_path / "again.md").read_text(encoding="utf-8") == outputs["r.md"].read_text(encoding="utf-8")
    assert "<testcase" in outputs["r.xml"].read_text(encoding="utf-8")


def test_write_cases_writes_each_distinct_disagreement_once_as_a_lint_clean_case(games: Path, tmp_path: Path) -> None:
    entries = [json.loads(text) for text in games.read_text(encoding="utf-8").splitlines()]
    thirty_ones = [entry for entry in entries if entry.get("op") == "play" and entry["ok"]["breakdown"]["thirty_one"]]
    assert len(thirty_ones) >= 2
    for entry in thirty_ones:
        entry["ok"]["points"] -= 1  # a 31 pegged as 1, as `cribbage` 1.3.2's game does
        entry["ok"]["breakdown"]["thirty_one"] = 1
    out = tmp_path / "cases"
    code, said = check(str(write(tmp_path / "t.jsonl", entries)), "--write-cases", str(out), "-q", "--no-progress")
    assert code == 1 and "wrote 1 cases" in said
    (written,) = out.glob("*.yaml")
    document, problems = read_case_file(written)
    assert document is not None and problems == []
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(CATALOGUE_FILE, root / "rules.yaml")
    report = lint([written], cases_root=root, catalogue_path=root / "rules.yaml")
    assert report.clean, "\n".join(map(str, report.errors))
    (case,) = load_cases(written)
    assert case.id.startswith("transcript-play-") and case.rules[0] == "peg.thirty-one"
    assert case.expected("six-card")["points"] == 2  # the reference's: 31 is 2
    assert "Found by cribcheck check in line" in case.explain


def test_the_same_input_in_a_transcript_claiming_events_is_another_case_with_another_id(tmp_path: Path) -> None:
    # docs/checking-your-engine.md's hand (worked there: A 18, B 1) with A's score wrong, once in a
    # transcript without events and once in one claiming them: two cases, both lint-clean together.
    hand = {"op": "hand", "profile": "six-card", "input": HAND, "ok": {"scores": {"A": 17, "B": 1}, "winner": None}}
    with_events = copy.deepcopy(HELLO)
    with_events["hello"]["features"] = ["events"]
    events = {**hand, "ok": {**hand["ok"], "events": []}}
    for name, lines in (("plain", [HELLO, hand]), ("events", [with_events, events])):
        assert check(str(write(tmp_path / f"{name}.jsonl", lines)), "--write-cases", str(tmp_path / name), "-q")[0] == 1
    (plain,), (claimed,) = (list((tmp_path / name).glob("*.yaml")) for name in ("plain", "events"))
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(CATALOGUE_FILE, root / "rules.yaml")
    report = lint([plain, claimed], cases_root=root, catalogue_path=root / "rules.yaml")
    assert report.clean, "\n".join(map(str, report.errors))
    (first,), (second,) = load_cases(plain), load_cases(claimed)
    assert second.id == first.id + "-events" and claimed.name == second.id + ".yaml"
    assert "events" in second.expected("six-card") and "events" not in first.expected("six-card")


# --- a stream ---------------------------------------------------------------------------------------------------


def test_memory_grows_by_a_small_record_per_passing_line_not_by_its_content(tmp_path: Path) -> None:
    # Both past the few dozen hands a check remembers (harness/transcripts/memo.py: a bounded memory,
    # full after about six games), so that the difference is what each further line adds.
    few = write(tmp_path / "few.jsonl", list(reference_transcript(8, seed=5)))
    many = write(tmp_path / "many.jsonl", list(reference_transcript(20, seed=5)))

    def peak(path: Path) -> tuple[int, int]:
        args = (
            __import__("cribcheck.harness.cli", fromlist=["build_parser"])
            .build_parser()
            .parse_args(["check", str(path), "-q", "--no-progress"])
        )
        tracemalloc.start()
        check_module.check(path, args, [])
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak, len(path.read_text(encoding="utf-8").splitlines())

    (small, few_lines), (large, many_lines) = peak(few), peak(many)
    per_line = (large - small) / (many_lines - few_lines)
    content = many.stat().st_size / many_lines  # the bytes of a line; as Python objects, several times more
    assert per_line < 1500, per_line
    assert per_line < 3 * content, (per_line, content)


# --- the recorders -----------------------------------------------------------------------------------------


def test_the_python_recorder_s_example_passes_under_a_bare_interpreter(tmp_path: Path) -> None:
    path = tmp_path / "hand.jsonl"
    example = REPO_ROOT / "examples" / "python-transcript" / "example.py"
    subprocess.run([sys.executable, "-S", "-I", str(example), str(path)], check=True, cwd=tmp_path)
    report = tmp_path / "report.jsonl"
    assert check(str(path), "--report", str(report), "-q")[0] == 0
    assert [line["op"] for line in read_report(report) if line["type"] == "case"] == ["play"] * 8 + ["show"] * 3 + [
        "hand"
    ]


BARE_RECORDER = """
import sys
sys.path.insert(0, sys.argv[2])  # harness/engine: the helper, standard library only
from adapter import HandLog, Recorder

with open(sys.argv[1], "w", encoding="utf-8") as out:
    record = Recorder(out, name="bare", version="1", language="Python", profiles=["six-card"],
                      operations=["show", "play", "pegging", "hand", "game", "cut"])
    hand = HandLog(dealer="A", scores={"A": 0, "B": 0}, first_hand=True)
    hand.dealt("A", ["5C", "5D", "KH", "QS", "2C", "9D"])
    hand.dealt("B", ["TS", "JD", "3H", "4H", "8C", "AS"])
    hand.discard("A", ["2C", "9D"])
    hand.discard("B", ["8C", "AS"])
    hand.starter("6D")
    for card in ["TS", "5C", "JD", "5D", "go", "3H", "KH", "4H", "QS"]:
        hand.go() if card == "go" else hand.play(card)
    record.play("six-card", ["TS", "5C"], 2)
    record.pegging("six-card", ["TS", "JD", "3H", "4H"], ["5C", "5D", "KH", "QS"], hand.plays, {"pone": 0, "dealer": 4})
    record.show("six-card", ["TS", "JD", "3H", "4H"], "6D", False, 1)
    record.hand("six-card", hand, scores={"A": 18, "B": 1}, winner=None)
    record.game("six-card", [["AS", "KS"]], [hand], scores={"A": 18, "B": 1}, winner=None)
    record.line("cut", "six-card", {"cuts": [["9H", "9C"], ["2D", "QS"]]}, ok={"dealer": "A"})
"""


def test_every_kind_of_line_of_the_python_recorder_is_written_under_a_bare_interpreter(tmp_path: Path) -> None:
    # docs/checking-your-engine.md's hand, worked there: A pegs 2 (fifteen), 1 (the go at 30), 1
    # (the last card, QS), shows 10 and a crib of 4: 18; B shows his nobs: 1. As a game cut for by
    # AS against KS (A deals), one hand long. The cut: 9 against 9 again, then 2 against Q: A deals.
    script, path = tmp_path / "record.py", tmp_path / "lines.jsonl"
    script.write_text(BARE_RECORDER, encoding="utf-8")
    engine = REPO_ROOT / "harness" / "engine"
    bare = subprocess.run(
        [sys.executable, "-S", "-I", str(script), str(path), str(engine)], capture_output=True, text=True, check=False
    )
    assert bare.returncode == 0, bare.stderr
    report = tmp_path / "report.jsonl"
    assert check(str(path), "--report", str(report), "-q", "--no-progress")[0] == 0
    assert [(line["op"], line["status"]) for line in read_report(report) if line["type"] == "case"] == [
        (op, "pass") for op in ("play", "pegging", "show", "hand", "game", "cut")
    ]


def test_the_recorder_refuses_a_line_with_both_answers_or_neither() -> None:
    from cribcheck.harness.engine.adapter import Recorder

    record = Recorder(io.StringIO(), name="x", version="1", language="Python", profiles=["six-card"], operations=[])
    with pytest.raises(ValueError, match="exactly one of ok and rejected"):
        record.line("show", "six-card", {}, ok={"total": 0}, rejected={"code": "duplicate_card"})
    with pytest.raises(ValueError, match="exactly one"):
        record.line("show", "six-card", {})


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_javascript_recorder_writes_the_python_recorder_s_lines(tmp_path: Path) -> None:
    python, node = tmp_path / "python.jsonl", tmp_path / "node.jsonl"
    subprocess.run(
        [sys.executable, str(REPO_ROOT / "examples" / "python-transcript" / "example.py"), str(python)], check=True
    )
    subprocess.run([str(NODE), str(REPO_ROOT / "examples" / "node-transcript" / "example.js"), str(node)], check=True)
    first, second = python.read_text().splitlines(), node.read_text().splitlines()
    assert first[1:] == second[1:]  # the hello differs in its language only
    assert json.loads(first[0])["hello"]["engine"]["language"] == "Python"
    assert json.loads(second[0])["hello"]["engine"]["language"] == "JavaScript"
    assert check(str(node), "-q", "--no-progress")[0] == 0


def _node_script(tmp_path: Path, text: str) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """`text` run by node with the transcript's path and the Node helper's: the path, and how it ended (well)."""
    script, path = tmp_path / "script.js", tmp_path / "lines.jsonl"
    script.write_text(text, encoding="utf-8")
    helper = REPO_ROOT / "harness" / "engine" / "adapter.js"
    done = subprocess.run([str(NODE), str(script), str(path), str(helper)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return path, done


NODE_RECORDER = """
"use strict";
const { HandLog, Recorder } = require(process.argv[3]); // harness/engine/adapter.js: the Node helper
const record = new Recorder(process.argv[2], { name: "bare", version: "1", profiles: ["six-card"],
  operations: ["show", "play", "pegging", "hand", "game", "cut"] });
const hand = new HandLog("A", { A: 0, B: 0 }, true);
hand.dealt("A", ["5C", "5D", "KH", "QS", "2C", "9D"]);
hand.dealt("B", ["TS", "JD", "3H", "4H", "8C", "AS"]);
hand.discard("A", ["2C", "9D"]);
hand.discard("B", ["8C", "AS"]);
hand.starter("6D");
for (const card of ["TS", "5C", "JD", "5D", "go", "3H", "KH", "4H", "QS"]) card === "go" ? hand.go() : hand.play(card);
record.play("six-card", ["TS", "5C"], 2);
record.pegging("six-card", ["TS", "JD", "3H", "4H"], ["5C", "5D", "KH", "QS"], hand.plays, { pone: 0, dealer: 4 });
record.show("six-card", ["TS", "JD", "3H", "4H"], "6D", false, 1);
record.hand("six-card", hand, { A: 18, B: 1 }, null);
record.game("six-card", [["AS", "KS"]], [hand], { A: 18, B: 1 }, null);
record.line("cut", "six-card", { cuts: [["9H", "9C"], ["2D", "QS"]] }, { ok: { dealer: "A" } });
record.line("play", "six-card", { count: ["KH", "QS", "JD", "5C"] }, { rejected: { code: "over_31", index: 3 } });
record.close();
"""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_every_kind_of_line_of_the_node_recorder_is_judged_and_passes(tmp_path: Path) -> None:
    # The hand of the Python test above (worked there), written by the Node helper's Recorder; and a
    # rejection: K, Q, J make 30, and the 5 would pass 31 (its index, 3).
    path, _ = _node_script(tmp_path, NODE_RECORDER)
    hello = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["hello"]
    assert hello["engine"] == {"name": "bare", "version": "1", "language": "JavaScript"} and hello["protocol"] == 1
    report = tmp_path / "report.jsonl"
    assert check(str(path), "--report", str(report), "-q", "--no-progress")[0] == 0
    assert [(line["op"], line["status"]) for line in read_report(report) if line["type"] == "case"] == [
        (op, "pass") for op in ("play", "pegging", "show", "hand", "game", "cut", "play")
    ]
    # the same lines, but the score the engine gave changed: the check fails that line only
    text = path.read_text(encoding="utf-8").replace('"ok":{"total":1}', '"ok":{"total":2}')
    changed = write(tmp_path / "changed.jsonl", [json.loads(line) for line in text.splitlines()])
    assert check(str(changed), "--report", str(report), "-q", "--no-progress")[0] == 1
    assert [line["id"] for line in read_report(report) if line["type"] == "case" and line["status"] == "fail"] == [
        "line-4"
    ]


NODE_REFUSALS = """
"use strict";
const fs = require("node:fs");
const { Recorder } = require(process.argv[3]);
const refused = (action) => { try { action(); return "written"; } catch (error) { return error.message; } };
const record = new Recorder(process.argv[2], { name: "x", version: "1", profiles: ["six-card"], operations: [] });
const input = { cards: ["5C", "5D", "5H", "JS"], starter: "5S", crib: false };
const seen = [
  refused(() => record.line("show", "six-card", input, { ok: { total: 29 }, rejected: { code: "duplicate_card" } })),
  refused(() => record.line("show", "six-card", input, {})),
  refused(() => record.show("six-card", input.cards, input.starter, false, NaN)),
  refused(() => record.show("six-card", input.cards, input.starter, false, "\\ud800")),
];
const lines = fs.readFileSync(process.argv[2], "utf8").split("\\n").length - 1; // before close: on disk already
record.close();
const out = new Recorder(1, { name: "x", version: "1", profiles: ["six-card"], operations: ["show"] }); // stdout
out.show("six-card", input.cards, input.starter, false, 29);
out.close();
const closed = refused(() => record.show("six-card", [], "5S", false, 0));
process.stderr.write(JSON.stringify({ seen, lines, closed }));
"""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_node_recorder_refuses_what_is_not_a_transcript_line_and_writes_each_line_at_once(tmp_path: Path) -> None:
    path, done = _node_script(tmp_path, NODE_REFUSALS)
    said = json.loads(done.stderr)
    assert said["seen"][:2] == ["a transcript line has exactly one of ok and rejected"] * 2
    assert said["seen"][2] == "NaN is not JSON" and "lone surrogate" in said["seen"][3]
    assert said["lines"] == 1 and said["closed"] == "the recorder is closed"  # the hello only: nothing half-written
    assert path.read_text(encoding="utf-8").count("\n") == 1
    # the descriptor given (stdout) gets the hello and the line, and stays open: a 5-5-5-J with the 5 of
    # the suit of the jack turned: 29
    answer = [json.loads(line) for line in done.stdout.splitlines()]
    assert answer[1] == {"op": "show", "profile": "six-card", "input": {
        "cards": ["5C", "5D", "5H", "JS"], "starter": "5S", "crib": False}, "ok": {"total": 29}}  # fmt: skip
    assert check(str(write(tmp_path / "out.jsonl", answer)), "-q", "--no-progress")[0] == 0


def test_the_generator_writes_a_transcript_from_the_command_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cribcheck.harness.transcripts.generate", "--games", "1", "--seed", "0"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert json.loads(lines[0])["hello"]["engine"]["name"] == "cribcheck-reference"
    assert json.loads(lines[-1])["op"] == "game"
