"""What a run produces: one CaseResult per case x profile, and the summary of many.

Every reporter is fed the same stream of CaseResults between a RunHeader and a RunFooter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from cribcheck.harness.corpus.cases import Case, catalogue
from cribcheck.harness.engine.protocol import EngineInfo, Request
from cribcheck.harness.operations.capabilities import Gap
from cribcheck.harness.operations.features import input_sent
from cribcheck.harness.results.diagnosis import Diagnosis
from cribcheck.harness.results.expectations import Expectation
from cribcheck.harness.results.kept import HELD_BYTES, HELD_ITEMS, LeftOut, kept_value
from cribcheck.harness.results.status import Status

SETUP_ERROR = "setup error"  # how `RunFooter.aborted` begins when a run could not be set up (no case ran)


@dataclass(frozen=True)
class Item:
    """One case under one of its profiles: the unit that is run, judged and reported."""

    case: Case
    profile: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.case.id, self.profile)

    @property
    def name(self) -> str:
        return f"{self.case.id}[{self.profile}]"

    @property
    def rejection(self) -> str | None:
        """The rejection code the case expects under this profile, or None when it expects a result."""
        code = self.case.expected(self.profile).get("rejected")
        return None if code is None else str(code)

    @property
    def expects_rejection(self) -> bool:
        """Whether the case expects its input rejected under this profile."""
        return self.rejection is not None

    def why_not(self, engine: EngineInfo) -> str | None:
        """Why this item is not sent to `engine` (an operation or profile it does not claim, or a
        rejection case whose illegal input it does not judge), or None."""
        return engine.why_not(self.case.op, self.profile, rejection=self.rejection)

    def gap(self, engine: EngineInfo) -> Gap | None:
        """The first reason this item is not sent to `engine`, as harness.operations.capabilities.Gap."""
        return engine.capabilities.gap(self.case.op, self.profile, rejection=self.rejection)

    def request(self, seq: str, features: Iterable[str] = ()) -> Request:
        """The request for this item to an engine that claims `features` (claims are sent only
        where they may matter, harness.operations.features.input_sent)."""
        case = self.case
        sent = case.profile_sent(self.profile)
        data = input_sent(case.input, sent, features) if case.carries_claims else case.input
        return Request(seq, case.op, sent, data)


@dataclass(frozen=True)
class CaseResult:
    item: Item
    status: Status
    message: str | None = None  # the error, the skip reason, the first mismatch...
    mismatches: tuple[str, ...] = ()
    expected: Mapping[str, Any] | None = None  # the expectation compared
    actual: Mapping[str, Any] | None = None  # the answer as kept: {"ok": result} or {"rejected": {...}}, cut (kept.py)
    seconds: float = 0.0
    expectation: Expectation | None = None
    line: str | None = None  # what the engine wrote, when it broke the protocol
    left_out: LeftOut = field(default_factory=LeftOut)  # what was cut of what the engine sent (harness.results.kept)
    digest: str | None = None  # a wrong result's compared part, whole, before any cut (harness.results.digest)

    @property
    def case(self) -> Case:
        return self.item.case

    @property
    def profile(self) -> str:
        return self.item.profile


def held(result: CaseResult) -> CaseResult:
    """What a run holds of a result once every reporter has had it (harness.results.kept)."""
    if result.status in (Status.PASS, Status.NOT_APPLICABLE):
        return replace(result, actual=None, line=None) if result.actual is not None or result.line else result
    if result.actual is None:
        return result
    actual, cut = kept_value(result.actual, HELD_BYTES, HELD_ITEMS)
    return replace(result, actual=actual, left_out=result.left_out + cut) if cut else result


def rule_area(rule: str) -> str:
    """A rule's area in the catalogue (`pegging` for `peg.go`), else its id's prefix."""
    try:
        entry = catalogue().get(rule)
    except OSError:
        entry = None
    if entry and isinstance(entry.get("area"), str):
        return str(entry["area"])
    return rule.split(".", 1)[0]


@dataclass(frozen=True)
class RuleText:
    """What the rules catalogue (cases/rules.yaml) says of a rule: its statement and sources, so a
    report can carry them (a report read back elsewhere has no rules book beside it)."""

    rule: str
    area: str
    statement: str
    sources: tuple[str, ...]


def rule_text(rule: str) -> RuleText | None:
    """The catalogue's entry for `rule`, or None for a rule it does not hold."""
    try:
        entry = catalogue().get(rule)
    except OSError:
        return None
    if not entry or not isinstance(entry.get("statement"), str):
        return None
    sources = entry.get("sources")
    listed = tuple(str(source) for source in sources) if isinstance(sources, list) else ()
    return RuleText(rule, rule_area(rule), " ".join(str(entry["statement"]).split()), listed)


def area_of(case: Case) -> str:
    """The rule area a case belongs to: its first rule's."""
    return rule_area(case.rules[0]) if case.rules else "none"


def empty_counts() -> dict[str, int]:
    return {status.value: 0 for status in Status}


@dataclass(frozen=True)
class Summary:
    """Counts of a run: overall, by profile and by rule area."""

    counts: Mapping[str, int]
    by_profile: Mapping[str, Mapping[str, int]]
    by_area: Mapping[str, Mapping[str, int]]

    @classmethod
    def of(cls, results: Iterable[CaseResult]) -> Summary:
        seen: Counter[tuple[str, str, Status]] = Counter()  # (profile, area, status): one count a result
        areas: dict[str, str] = {}  # a case's first rule -> its area, looked up once per rule
        for result in results:
            item = result.item
            first = item.case.rules[0] if item.case.rules else ""
            area = areas.get(first)
            if area is None:
                area = areas[first] = area_of(item.case)
            seen[item.profile, area, result.status] += 1
        counts: Counter[str] = Counter()
        by_profile: dict[str, Counter[str]] = {}
        by_area: dict[str, Counter[str]] = {}
        for (profile, area, status), count in seen.items():
            counts[status.value] += count
            by_profile.setdefault(profile, Counter())[status.value] += count
            by_area.setdefault(area, Counter())[status.value] += count
        return cls(
            counts={**empty_counts(), **counts},
            by_profile={name: {**empty_counts(), **found} for name, found in sorted(by_profile.items())},
            by_area={name: {**empty_counts(), **found} for name, found in sorted(by_area.items())},
        )

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def applicable(self) -> int:
        return applicable(self.counts)

    @property
    def passed(self) -> int:
        return passed(self.counts)

    @property
    def compliance(self) -> float | None:
        return compliance(self.counts)

    @property
    def bad(self) -> int:
        return sum(self.counts[status.value] for status in Status if status.fails_run)


def applicable(counts: Mapping[str, int]) -> int:
    return sum(count for name, count in counts.items() if Status(name).applicable)


def passed(counts: Mapping[str, int]) -> int:
    return sum(count for name, count in counts.items() if Status(name).passed)


def compliance(counts: Mapping[str, int]) -> float | None:
    """passed / applicable (skips are applicable: the engine claimed the case, then declined it)."""
    total = applicable(counts)
    return passed(counts) / total if total else None


def compliance_percent(counts: Mapping[str, int]) -> str:
    """The compliance as every report writes it, from this one function: a percentage to one
    decimal, rounded half up (571/665 = 85.86...: `85.9%`), but never `100.0%` unless every
    applicable result passed (2,999/3,000: `99.9%`) and never `0.0%` unless none did; `n/a` when
    nothing was applicable. Counted in whole numbers, so no float decides a boundary."""
    total = applicable(counts)
    if not total:
        return "n/a"
    done = passed(counts)
    tenths = (2000 * done + total) // (2 * total)  # 1000 x done / total, rounded half up
    if done < total:
        tenths = min(tenths, 999)
    if done > 0:
        tenths = max(tenths, 1)
    return f"{tenths // 10}.{tenths % 10}%"


@dataclass(frozen=True)
class RunHeader:
    suite_version: str
    cases_dir: str
    protocol: int
    engine_command: str | None
    engine_mode: str
    engine: EngineInfo | None
    started: str  # ISO 8601
    selection: Mapping[str, Any]
    planned: int
    rerun_prefix: tuple[str, ...]  # argv that reruns a case once `--case 'ID[P]'` is added
    cases_path: str = ""  # the corpus, absolute: where a slim report's reader finds the case files


@dataclass(frozen=True)
class NotChecked:
    """What a run did not check, and why: `count` results not applicable for want of the claim
    `kind` `name` (harness.operations.capabilities.Gap: an operation or a profile the engine does
    not claim, or the rejection cases of an operation whose illegal input it does not judge: with
    `code`, the cases of that rejection, where the engine judges other rejections of the operation)."""

    kind: str
    name: str
    count: int
    code: str | None = None

    @property
    def label(self) -> str:
        """`play` or, for a rejection the engine does not judge, `play: invalid_card`."""
        return self.name if self.code is None else f"{self.name}: {self.code}"


def not_checked_of(gaps: Iterable[Gap]) -> tuple[NotChecked, ...]:
    """The gaps counted, by kind (operation, profile, input), then by name, then by code."""
    counted = Counter((gap.kind, gap.name, gap.code or "") for gap in gaps)
    order = {"operation": 0, "profile": 1, "input": 2}
    ranked = sorted(counted.items(), key=lambda entry: (order[entry[0][0]], *entry[0][1:]))
    return tuple(NotChecked(kind, name, count, code or None) for (kind, name, code), count in ranked)


@dataclass(frozen=True)
class RunFooter:
    summary: Summary
    finished: str
    seconds: float
    complete: bool
    interrupted: bool = False
    aborted: str | None = None
    stopped_early: str | None = None
    restarts: int = 0
    stderr_tail: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    exit_status: int = 0
    diagnosis: Diagnosis | None = None  # the likely causes of the failures (harness/diagnosis/)
    not_checked: tuple[NotChecked, ...] = ()  # the not-applicable results, counted by why
