"""How the diagnosis does on bugs found in real engines (issue 37): the zoo of
tests/harness/diagnosis_zoo/real_bugs.py, each bug alone, in twos and in threes, served over the
protocol by `python tests/harness/diagnosis_zoo/engine.py NAME[+NAME...]`.

    python3 benchmarks/diagnosis_zoo.py [--part corpus|fuzz|transcripts]... [--engine NAME]...
        [--seconds 60] [--games 40] [--jobs 1]

- corpus: the corpus run against each engine twice, its hello saying `judges_input` true and then
  false. Read: whether each of the engine's bugs is a cause of its own, named in words a reader
  recognises (a cause per bug whose description matches the bug's `words`); the causes that name
  a known bug (a mutant) that does not reproduce the engine's whole compared answer on the
  cause's results (target 0); whether the causes are the same with judges_input true and false.
- fuzz: the fuzzer alone against each two-bug engine, `--seconds` (60) with seed 0, looking on
  after its first finding: whether both bugs are separate findings (each finding is put down to
  the bugs whose one-bug engine disagrees with the reference on it). Target: 90% of the engines.
- transcripts: each engine (but the one that hangs: a game loop that hangs writes no line) plays
  `--games` six-card games, recorded with the Python helper's Recorder, judged by `cribcheck check`;
  read: whether the first cause names one of its bugs (target 90%), and whether the diagnosis
  `cribcheck summary` makes again from the saved report is the live one.

Prints Markdown tables, every miss named, and the machine; exit 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import itertools
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.diagnosis.diagnose import diagnosed
from cribcheck.harness.engine.adapter import Recorder
from cribcheck.harness.engine.engines import AdapterEngine, EngineOptions
from cribcheck.harness.fuzz.fuzz import FuzzSettings, fuzz
from cribcheck.harness.mutants.catalogue import run_mutant
from cribcheck.harness.operations.answers import cached_profiles, run_reference
from cribcheck.harness.operations.compare import compared_part, mismatches
from cribcheck.harness.results.diagnosis import Cause, Diagnosis
from cribcheck.harness.results.results import CaseResult
from cribcheck.harness.results.saved import read_runs
from cribcheck.harness.run import runner
from cribcheck.harness.transcripts import generate

sys.path.insert(0, str(REPO_ROOT))
from tests.harness.diagnosis_zoo.engine import applied, zoo_answer, zoo_bugs
from tests.harness.diagnosis_zoo.real_bugs import BUGS, PAIRS, TRIPLES, RealBug, real_bugs_named

ENGINE = REPO_ROOT / "tests" / "harness" / "diagnosis_zoo" / "engine.py"
HANGS = "waits-for-a-go-nobody-says"
WORDS_TARGET = 1.0  # every bug a cause of its own
FUZZ_TARGET = 0.90
TRANSCRIPT_TARGET = 0.90


def engines(chosen: Sequence[str]) -> list[str]:
    return list(chosen) or [*(bug.name for bug in BUGS), *PAIRS, *TRIPLES]


def command(names: str, judges_input: bool) -> str:
    judged = [] if judges_input else ["--judges-input", "false"]
    return shlex.join([sys.executable, str(ENGINE), names, *judged])


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --- reading causes ---------------------------------------------------------------------------------


def named_by(cause: Cause, bug: RealBug) -> bool:
    return re.search(bug.words, cause.description, re.IGNORECASE) is not None


def own_causes(causes: Sequence[Cause], bugs: Sequence[RealBug], inexact: Sequence[str] = ()) -> dict[str, int | None]:
    """For each bug, the cause (its index) that names it in its words, each cause for one bug only
    (the assignment that names the most bugs); None for a bug no cause names. A cause that names a
    known bug which does not reproduce the engine's answers (`inexact`: its mutants) names none."""
    best: dict[str, int | None] = {bug.name: None for bug in bugs}
    indices = list(range(len(causes)))
    for chosen in itertools.permutations([*indices, *([None] * len(bugs))], len(bugs)):
        taken = [index for index in chosen if index is not None]
        if len(set(taken)) != len(taken):
            continue
        found = {
            bug.name: index
            if index is not None and named_by(causes[index], bug) and not inexact_cause(causes[index], inexact)
            else None
            for bug, index in zip(bugs, chosen, strict=True)
        }
        if sum(index is not None for index in found.values()) > sum(index is not None for index in best.values()):
            best = found
    return best


def inexact_cause(cause: Cause, inexact: Sequence[str]) -> bool:
    known = cause.mutant or getattr(cause, "reading", None)
    return known is not None and any(text.startswith(f"{known} on ") for text in inexact)


def cause_key(cause: Cause) -> tuple[Any, ...]:
    return (cause.description, cause.rules, cause.mutant, cause.explains)


def short(causes: Sequence[Cause], shown: int = 3) -> str:
    text = "; ".join(
        f"{cause.description} [{', '.join(cause.rules[:2])}] ({cause.explains})" for cause in causes[:shown]
    )
    return (text or "none").replace("|", "\\|")


def engine_answer_as_expectation(answer: Any, expected: Any) -> dict[str, Any]:
    """The engine's answer on the keys the result compared, as an expectation."""
    if "rejected" in answer:
        rejected = answer["rejected"]
        where = ("index", "hand", "game")
        return {"rejected": rejected.get("code"), **{k: rejected[k] for k in where if k in rejected}}
    ok = answer.get("ok", {})
    if isinstance(expected, dict) and "rejected" not in expected:
        return dict(compared_part(expected, ok))  # what was compared: a match's games without their events, say
    return dict(ok)


def inexact_names(diagnosis: Diagnosis, results: Sequence[CaseResult], names: str) -> list[str]:
    """The causes that name a known bug (a mutant) or a reading (a profile whose answers would be
    the engine's) whose answer is not the engine's whole answer (played again in-process from the
    zoo, never the cut answer a run holds) on a result the cause holds: on the compared keys, a
    rejection's code, index, hand and game. A result that another cause holds too (two
    differences in one answer) is checked against the known bugs of every cause holding it at
    once, and not checked when one of those causes names no mutant."""
    by_name = {result.item.name: result for result in results}
    holders: dict[str, list[Cause]] = {}
    for cause in diagnosis.causes:
        for name in cause.results:
            holders.setdefault(name, []).append(cause)
    bugs = zoo_bugs(names)
    wrong = []
    for cause in diagnosis.causes:
        known = cause.mutant or cause.reading
        if known is None:
            continue
        for name in cause.results:
            result = by_name.get(name)
            if result is None or result.actual is None:
                continue
            others = [other for other in holders[name] if other is not cause]
            if others and (cause.reading or not all(other.mutant for other in others)):
                continue  # two differences, one of them named by no mutant: no known answer to check
            case = result.case
            profile = case.profile_sent(result.profile)
            engine = zoo_answer(bugs, case.op, case.input, profile)
            if cause.reading:
                replayed = run_reference(case.op, case.input, cause.reading)
            else:
                parts = [part for one in (cause, *others) for part in str(one.mutant).split("+")]
                replayed = run_mutant("+".join(dict.fromkeys(parts)), case.op, case.input, profile)
            if mismatches(engine_answer_as_expectation(engine, result.expected), replayed):
                wrong.append(f"{known} on {name}")
                break
    return list(dict.fromkeys(wrong))


# --- the corpus -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CorpusRun:
    names: str
    judges_input: bool
    failures: int
    failing: frozenset[str]  # the failing results' names
    causes: tuple[Cause, ...]
    inexact: tuple[str, ...]
    seconds: float


def corpus_run(names: str, judges_input: bool) -> CorpusRun:
    parser = argparse.ArgumentParser()
    runner.add_arguments(parser)
    argv = ["--engine", command(names, judges_input), "--no-progress"]
    plan = runner.plan_from_args(parser.parse_args(argv))
    started = time.monotonic()
    outcome = runner.execute(plan, [])
    if outcome.footer.interrupted:
        raise SystemExit(130)
    diagnosis = outcome.footer.diagnosis
    if diagnosis is None:
        return CorpusRun(names, judges_input, 0, frozenset(), (), (), time.monotonic() - started)
    failing = [result for result in outcome.results if result.status.value in ("fail", "error")]
    with cached_profiles():
        inexact = inexact_names(diagnosis, failing, names)
    return CorpusRun(
        names,
        judges_input,
        len(failing),
        frozenset(result.item.name for result in failing),
        tuple(diagnosis.causes),
        tuple(inexact),
        time.monotonic() - started,
    )


def corpus_both(names: str) -> tuple[CorpusRun, CorpusRun]:
    return corpus_run(names, True), corpus_run(names, False)


def run_corpus(chosen: list[str], jobs: int, save: Path | None = None) -> list[tuple[CorpusRun, CorpusRun]]:
    """Each engine's two corpus runs (judges_input true, false); with `save`, written there as
    JSON after each engine (a long measurement stopped early keeps what it measured)."""
    runs: list[tuple[CorpusRun, CorpusRun]] = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for both in pool.map(corpus_both, chosen):
            runs.append(both)
            if save is not None:
                save.write_text(json.dumps([saved(run) for pair in runs for run in pair], indent=1) + "\n", "utf-8")
    return runs


def saved(run: CorpusRun) -> dict[str, Any]:
    return {
        "engine": run.names,
        "judges_input": run.judges_input,
        "failing": sorted(run.failing),
        "causes": [cause.to_json() for cause in run.causes],
        "inexact": list(run.inexact),
        "seconds": run.seconds,
    }


def saved_corpus(path: Path) -> list[tuple[CorpusRun, CorpusRun]]:
    """The corpus runs written by --save, read back (the figures made again without running)."""
    kept = [
        CorpusRun(
            entry["engine"],
            entry["judges_input"],
            len(entry["failing"]),
            frozenset(entry["failing"]),
            tuple(Cause.from_json(cause) for cause in entry["causes"]),
            tuple(entry["inexact"]),
            entry.get("seconds", 0.0),
        )
        for entry in json.loads(path.read_text(encoding="utf-8"))
    ]
    return [(kept[index], kept[index + 1]) for index in range(0, len(kept), 2)]


def corpus_part(runs: list[tuple[CorpusRun, CorpusRun]]) -> tuple[list[str], bool]:
    chosen = [judging.names for judging, _ in runs]
    rows = [
        "| engine | failing results | first causes (judges_input true) | bugs named in words | "
        "known bugs named, not exact | same causes with judges_input false |",
        "|---|---:|---|---|---|---|",
    ]
    bugs_total = bugs_named = engines_all_named = inexact_total = same_total = comparable = same_comparable = 0
    for names, (judging, trusting) in zip(chosen, runs, strict=True):
        bugs = real_bugs_named(names)
        found = own_causes(judging.causes, bugs, judging.inexact)
        named = [name for name, index in found.items() if index is not None]
        bugs_total += len(bugs)
        bugs_named += len(named)
        engines_all_named += len(named) == len(bugs)
        inexact_total += len(judging.inexact) + len(trusting.inexact)  # causes of either run
        same = [cause_key(cause) for cause in judging.causes] == [cause_key(cause) for cause in trusting.causes]
        same_failures = judging.failing == trusting.failing
        same_total += same
        comparable += same_failures
        same_comparable += same and same_failures
        missing = [name for name in found if found[name] is None]
        rows.append(
            f"| {names} | {judging.failures} / {trusting.failures} | {short(judging.causes)} | "
            f"{len(named)} of {len(bugs)}{' (not: ' + ', '.join(missing) + ')' if missing else ''} | "
            f"{', '.join(dict.fromkeys((*judging.inexact, *trusting.inexact))) or '0'} | "
            f"{'yes' if same else '**no**'}{'' if same_failures else ' (other failures)'} |"
        )
        progress(f"corpus {names}: {len(named)}/{len(bugs)} named, same={same}, inexact={len(judging.inexact)}")
    rows += [
        "",
        f"- each bug a cause of its own, in its words: {bugs_named} of {bugs_total} bugs; every bug of the engine "
        f"for {engines_all_named} of {len(chosen)} engines",
        f"- causes naming a known bug that does not reproduce the whole answer: {inexact_total}",
        f"- the same causes with judges_input true and false: {same_total} of {len(chosen)} engines; of the "
        f"{comparable} whose failing results are the same both ways (the others fail cases of illegal input, "
        f"not sent to an engine that trusts its callers), {same_comparable}",
    ]
    met = bugs_named == bugs_total and inexact_total == 0 and same_comparable == comparable
    return rows, met


# --- the fuzzer -------------------------------------------------------------------------------------


def fuzz_one(names: str, seconds: float) -> tuple[str, list[set[str]], int, float]:
    """The findings of `seconds` of fuzzing, each put down to the bugs whose one-bug engine
    disagrees with the reference on it."""
    engine = AdapterEngine(EngineOptions(command=command(names, True), cwd=REPO_ROOT))
    try:
        result = fuzz(engine, FuzzSettings(seconds=seconds, seed=0, max_findings=1000))
    finally:
        engine.close()
    bugs = real_bugs_named(names)
    found = [entry.finding for entry in result.found]
    culprits = []
    with cached_profiles():
        for finding in found:
            example = finding.example
            right = run_reference(example.op, example.input, example.profile)
            culprits.append(
                {
                    bug.name
                    for bug in bugs
                    if disagree(right, answer_with(bug, example.op, example.input, example.profile))
                }
            )
    return names, culprits, result.examples, result.seconds


def answer_with(bug: RealBug, op: str, data: Any, profile: str) -> Any:
    try:
        with applied([bug]):
            return run_reference(op, data, profile)
    except Exception as error:  # the hang, made to end, or a crash
        return repr(error)


def disagree(right: Any, other: Any) -> bool:
    if isinstance(other, str):
        return True
    if "rejected" in right:
        rejected = right["rejected"]
        return bool(
            mismatches(
                {"rejected": rejected["code"], **{k: v for k, v in rejected.items() if k in ("index", "hand")}}, other
            )
        )
    return bool(mismatches(right["ok"], other))


def separate(culprits: list[set[str]], bugs: Sequence[str], alone: bool = False) -> bool:
    """Both bugs put down to findings of their own: each to a finding its one-bug engine fails
    (`alone`: a finding that only its one-bug engine fails)."""
    return any(
        all(
            (culprits[index] == {bug}) if alone else (bug in culprits[index])
            for bug, index in zip(bugs, chosen, strict=True)
        )
        for chosen in itertools.permutations(range(len(culprits)), len(bugs))
    )


def fuzz_part(pairs: list[str], seconds: float) -> tuple[list[str], bool]:
    rows = ["| engine | findings | each put down to | both bugs found apart |", "|---|---:|---|---|"]
    both = both_alone = 0
    for names in pairs:
        _, culprits, examples, spent = fuzz_one(names, seconds)
        apart = separate(culprits, names.split("+"))
        both += apart
        both_alone += separate(culprits, names.split("+"), alone=True)
        shown = "; ".join("+".join(sorted(found)) or "neither" for found in culprits)
        rows.append(
            f"| {names} | {len(culprits)} ({examples} examples, {spent:.0f} s) | {shown} | "
            f"{'yes' if apart else '**no**'} |"
        )
        progress(f"fuzz {names}: {len(culprits)} findings, apart={apart}")
    share = both / len(pairs) if pairs else 1.0
    rows += [
        "",
        f"- both bugs as separate findings in {seconds:g} s: {both} of {len(pairs)} two-bug engines ({share:.0%}); "
        f"each of the two a finding that only its own bug fails: {both_alone}",
    ]
    return rows, share >= FUZZ_TARGET


# --- transcripts ------------------------------------------------------------------------------------


def record(names: str, games: int, path: Path) -> int:
    """`games` six-card games of the engine's own, from the generator's seeded choices
    (harness/transcripts/generate.py), each line answered by the engine and written by the helper's
    Recorder. Returns the lines written."""
    bugs = real_bugs_named(names)
    written = 0
    with path.open("w", encoding="utf-8") as stream, cached_profiles(), applied(bugs):
        recorder = Recorder(
            stream,
            name=f"diagnosis-zoo-{names}",
            version="0",
            language="Python",
            profiles=["six-card"],
            operations=list(generate.OPERATIONS),
            features=list(generate.FEATURES),
        )
        for entry in generate.reference_transcript(games, seed=0, profile="six-card"):
            if "hello" in entry:
                continue
            recorder.line(
                entry["op"], entry["profile"], entry["input"], ok=entry.get("ok"), rejected=entry.get("rejected")
            )
            written += 1
    return written


def transcript_one(names: str, games: int) -> tuple[str, int, tuple[Cause, ...], tuple[str, ...], bool, float]:
    with tempfile.TemporaryDirectory(prefix="cribcheck-zoo-") as folder:
        transcript, report = Path(folder) / "games.jsonl", Path(folder) / "report.jsonl"
        lines = record(names, games, transcript)
        started = time.monotonic()
        check = [sys.executable, "-m", "cribcheck.harness.cli", "check", str(transcript), "--report", str(report)]
        subprocess.run([*check, "-q", "--no-progress", "--jobs", "1"], capture_output=True, timeout=1800, check=False)
        seconds = time.monotonic() - started
        run = read_runs(report)[0]
        live = run.footer.diagnosis
        again = diagnosed(run).footer.diagnosis
        same = (live.to_json() if live else None) == (again.to_json() if again else None)
        failing = [result for result in run.results if result.status.value in ("fail", "error")]
        with cached_profiles():
            inexact = inexact_names(live, failing, names) if live else []
        return names, lines, tuple(live.causes if live else ()), tuple(inexact), same, seconds


def transcript_part(chosen: list[str], games: int, jobs: int) -> tuple[list[str], bool]:
    rows = [
        "| engine | lines | first cause | names a bug of the engine | live = summary's | known bugs named, not exact |",
        "|---|---:|---|---|---|---|",
    ]
    played = [names for names in chosen if HANGS not in names.split("+")]
    with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        done = list(pool.map(transcript_one, played, [games] * len(played)))
    right = same_total = inexact_total = 0
    for names, lines, causes, inexact, same, seconds in done:
        bugs = real_bugs_named(names)
        first_right = bool(causes) and not inexact_cause(causes[0], inexact)
        first_right = first_right and any(named_by(causes[0], bug) for bug in bugs)
        inexact_total += len(inexact)
        right += first_right
        same_total += same
        rows.append(
            f"| {names} | {lines} | {short(causes, 1)} | {'yes' if first_right else '**no**'} | "
            f"{'yes' if same else '**no**'} | {', '.join(inexact) or '0'} |"
        )
        progress(f"transcript {names}: first right={first_right}, same={same} ({seconds:.0f} s)")
    share = right / len(done) if done else 1.0
    rows += [
        "",
        f"- the first cause names a bug of the engine: {right} of {len(done)} ({share:.0%})",
        f"- the live diagnosis equal to summary's: {same_total} of {len(done)}",
        f"- causes naming a known bug that does not reproduce the whole answer: {inexact_total}",
    ]
    return rows, share >= TRANSCRIPT_TARGET and same_total == len(done)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--part", action="append", choices=("corpus", "fuzz", "transcripts"), default=[])
    parser.add_argument("--engine", action="append", default=[], help="only these engines (NAME or NAME+NAME)")
    parser.add_argument("--seconds", type=float, default=60.0, help="the fuzzer's time per two-bug engine")
    parser.add_argument("--games", type=int, default=40, help="games per transcript (default 40)")
    parser.add_argument("--jobs", type=int, default=1, help="engines measured at once (default 1)")
    parser.add_argument("--save", type=Path, help="write the corpus runs' causes here (JSON)")
    parser.add_argument("--from", dest="saved", type=Path, help="read the corpus runs from --save's file, not run them")
    args = parser.parse_args()
    parts = args.part or ["corpus", "fuzz", "transcripts"]
    chosen = engines(args.engine)
    started = time.monotonic()
    met = True
    if "corpus" in parts:
        runs = saved_corpus(args.saved) if args.saved else run_corpus(chosen, args.jobs, args.save)
        rows, ok = corpus_part(runs)
        print("\n## The corpus\n\n" + "\n".join(rows))
        met &= ok
    if "fuzz" in parts:
        rows, ok = fuzz_part([names for names in chosen if names.count("+") == 1], args.seconds)
        print("\n## The fuzzer\n\n" + "\n".join(rows))
        met &= ok
    if "transcripts" in parts:
        rows, ok = transcript_part(chosen, args.games, args.jobs)
        print("\n## Transcripts\n\n" + "\n".join(rows))
        met &= ok
    machine = f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs"
    print(f"\n{machine}, load average {os.getloadavg()[0]:.1f}; {time.monotonic() - started:.0f} s in all")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
