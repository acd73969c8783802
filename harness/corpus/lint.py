"""`cribcheck lint [PATHS...]`: check the case files, far beyond their schema.

Every error names the file, the case id (or the catalogue rule id) and the field path:

- schema: each case file safe-loads and validates against schema/case.schema.json (via
  harness.corpus.cases); the catalogue validates against schema/catalogue.schema.json, with unique rule
  ids and known profiles;
- ids: unique across the corpus, and none of them retired (cases/retired.txt);
- rules: each cited rule is in the catalogue; a case citing a dispute entry is tagged `dispute`,
  and a case tagged `dispute` cites one;
- profiles: each listed profile exists and resolves to an expectation (its own entry or
  `default`); no expect entry names a profile that is not listed; `request_profile` appears only
  in unknown_profile cases (or input.rejection-order cases expecting a fault before it,
  BEFORE_UNKNOWN_PROFILE), and names no known profile;
- cards: valid, and never twice in one deal (hands, discards, crib, starter, deck, a cut round),
  except in a case that expects invalid_card (resp. duplicate_card);
- card counts fit each listed profile, except under a profile whose expectation is
  wrong_card_count;
- claims: a case expecting bad_claim lists muggins profiles only;
- a case citing input.rejection-order may also hold the faults that come after its expected code
  in that order (INPUT_ORDER): a card twice or a wrong count beside invalid_card, a wrong count
  beside duplicate_card;
- the reference engine agrees with every expectation under every listed profile
  (harness.operations.compare.mismatches);
- coverage, when the whole corpus is linted: each catalogue rule with profiles is cited by a
  case under each of its profiles (a variant profile counts only for itself), and each dispute
  entry is cited by cases under its ruling's profile family and under its other reading's profile;
- lines (harness.corpus.lines), when the whole corpus is linted: each line of the catalogue has
  cases at the line, one below and one above, under each of its profiles; each line names rules of
  the catalogue and known profiles, with a place (`at`) for each.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from cribcheck.harness.contract.files import CASES_DIR, CATALOGUE_FILE, SCHEMA_DIR, display_path, resolved
from cribcheck.harness.corpus.cases import (
    Case,
    CaseError,
    add_corpus_arguments,
    case_files,
    case_schema,
    cases_of,
    id_clashes,
    read_case_file,
    yaml_errors,
)
from cribcheck.harness.corpus.lines import check_line_definitions, check_lines, lines_of
from cribcheck.harness.corpus.strict_yaml import read_yaml
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.operations.card_slots import card_groups
from cribcheck.harness.operations.compare import mismatches, show
from cribcheck.reference import Profile, load_profile, profile_names

CARD_PATTERN = re.compile(r"^[A2-9TJQK][CDHS]$")
DECK_SIZE = 52
RETIRED_FILE_NAME = "retired.txt"
Rules = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Summary:
    files: int
    cases: int
    per_profile: Mapping[str, int]
    per_area: Mapping[str, int]
    coverage_checked: bool
    lines: int = 0  # the lines of the rules checked for cases at, below and above them


@dataclass(frozen=True)
class LintReport:
    errors: tuple[CaseError, ...]
    summary: Summary

    @property
    def clean(self) -> bool:
        return not self.errors


# --- the catalogue and the retired ids ---------------------------------------------------------


@cache
def catalogue_schema() -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / "catalogue.schema.json").read_text(encoding="utf-8"))


def read_catalogue(path: Path = CATALOGUE_FILE) -> tuple[dict[str, dict[str, Any]] | None, list[CaseError]]:
    """Safe-load the rules catalogue and validate it: the rules by id (in file order), or None."""
    name = display_path(path)
    read = read_yaml(path)
    if read.problems:
        return None, yaml_errors(name, read.problems, within_entry=False)
    document = read.value
    validator = jsonschema.Draft202012Validator(catalogue_schema())
    errors = [
        CaseError(name, _rule_id_at(document, error.absolute_path), _json_path(error.absolute_path), error.message)
        for error in validator.iter_errors(document)
    ]
    if errors:
        return None, errors
    rules: dict[str, dict[str, Any]] = {}
    known_sources = {source["id"] for source in document["sources"]}
    for index, rule in enumerate(document["rules"]):
        if rule["id"] in rules:
            errors.append(CaseError(name, rule["id"], f"rules[{index}].id", "rule id given twice in the catalogue"))
        rules[rule["id"]] = rule
        for path, cited in _citations(rule, f"rules[{index}]"):
            if source_id(cited) not in known_sources:
                message = f"cites {cited!r}, whose document is not in the sources table ({', '.join(known_sources)})"
                errors.append(CaseError(name, rule["id"], path, message))
    return (None if errors else rules), errors


def source_id(citation: str) -> str:
    """The document a citation names: `source 002` of `source 002 A Jogada`."""
    return " ".join(citation.split()[:2])


def _citations(rule: Mapping[str, Any], at: str) -> list[tuple[str, str]]:
    """Every citation of a rule and of its readings, with its field path."""
    found = [(f"{at}.sources[{i}]", cited) for i, cited in enumerate(rule["sources"])]
    for side in ("ruling", "other"):
        if side in rule:
            found += [(f"{at}.{side}.sources[{i}]", cited) for i, cited in enumerate(rule[side]["sources"])]
    return found


def check_catalogue(rules: Rules, catalogue_file: str, profiles: Mapping[str, Profile]) -> list[CaseError]:
    """Every profile a rule names exists; a dispute's other reading is played by variants of that dispute."""
    errors = []
    for rule_id, rule in rules.items():
        named = [(f"profiles[{i}]", name) for i, name in enumerate(rule["profiles"])]
        others: list[tuple[str, str]] = []
        if rule["area"] == "dispute":
            named += _reading_profiles(rule, "ruling")
            others = _reading_profiles(rule, "other")
        for path, name in named + others:
            if name not in profiles:
                errors.append(CaseError(catalogue_file, rule_id, path, _unknown_profile(name, profiles)))
        for path, name in others:
            other = profiles.get(name)
            if other is not None and other.dispute != rule["dispute"]:
                message = f"profile {name} plays dispute {other.dispute}, not {rule['dispute']}"
                errors.append(CaseError(catalogue_file, rule_id, path, message))
    return errors


def _reading_profiles(rule: Mapping[str, Any], side: str) -> list[tuple[str, str]]:
    """The profiles that play one reading of a dispute: `profile`, then those in `also`."""
    reading = rule[side]
    also = [(f"{side}.also[{i}]", name) for i, name in enumerate(reading.get("also", []))]
    return [(f"{side}.profile", reading["profile"]), *also]


def read_retired(path: Path) -> frozenset[str]:
    """The retired ids: one a line; blank lines and text after '#' are ignored. No file, no ids."""
    if not path.exists():
        return frozenset()
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return frozenset(line for line in lines if line)


# --- one case ------------------------------------------------------------------------------


def check_case(case: Case, rules: Rules | None, profiles: Mapping[str, Profile]) -> list[CaseError]:
    """Everything lint checks within one schema-valid case (all but ids and coverage)."""
    problems: list[tuple[str, str]] = []
    if rules is not None:
        problems += rule_problems(case, rules)
    problems += profile_problems(case, profiles)
    problems += card_problems(case)
    problems += count_problems(case, profiles)
    problems += claim_problems(case, profiles)
    problems += engine_problems(case, profiles)
    return [CaseError(case.file, case.id, path, message) for path, message in problems]


def claim_problems(case: Case, profiles: Mapping[str, Profile]) -> list[tuple[str, str]]:
    """A case expecting bad_claim lists muggins profiles only: under the others the harness sends
    no claims to an engine that does not claim the feature `claims` (docs/PROTOCOL.md), so the
    rejection could not be asked of it."""
    return [
        (f"profiles[{index}]", f"expects bad_claim under {name}, which has no muggins: list muggins profiles only")
        for index, name in enumerate(case.profiles)
        if name in profiles and not profiles[name].muggins and _expected_code(case, name) == "bad_claim"
    ]


def rule_problems(case: Case, rules: Rules) -> list[tuple[str, str]]:
    problems = []
    for index, rule_id in enumerate(case.rules):
        if rule_id not in rules:
            near = difflib.get_close_matches(rule_id, list(rules), n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            problems.append((f"rules[{index}]", f"rule {rule_id!r} is not in the catalogue{hint}"))
    disputes = [rule_id for rule_id in case.rules if rules.get(rule_id, {}).get("area") == "dispute"]
    if disputes and "dispute" not in case.tags:
        problems.append(("tags", f"the case cites {', '.join(disputes)} but is not tagged dispute"))
    if "dispute" in case.tags and not disputes:
        problems.append(("tags", "the case is tagged dispute but cites no dispute entry of the catalogue"))
    return problems


def profile_problems(case: Case, profiles: Mapping[str, Profile]) -> list[tuple[str, str]]:
    problems = []
    for index, name in enumerate(case.profiles):
        if name not in profiles:
            problems.append((f"profiles[{index}]", _unknown_profile(name, profiles)))
        elif name not in case.expect and "default" not in case.expect:
            problems.append(("expect", f"profile {name} has no expectation: give expect.{name} or expect.default"))
    for key in case.expect:
        if key != "default" and key not in case.profiles:
            problems.append((f"expect.{key}", f"{key} is not among the case's profiles ({', '.join(case.profiles)})"))
    if case.request_profile is not None:
        if case.request_profile in profiles:
            problems.append(("request_profile", f"{case.request_profile} is a known profile"))
        codes = {_expected_code(case, name) for name in case.profiles if _resolves(case, name)}
        allowed = {"unknown_profile"}
        if "input.rejection-order" in case.rules:
            allowed |= set(BEFORE_UNKNOWN_PROFILE)
        if not codes <= allowed:
            problems.append(
                (
                    "request_profile",
                    "request_profile is only for cases expecting unknown_profile (or, citing "
                    f"input.rejection-order, a fault before it: {', '.join(BEFORE_UNKNOWN_PROFILE)})",
                )
            )
    return problems


# --- cards ---------------------------------------------------------------------------------


def is_card(value: Any) -> bool:
    """A card in canonical form: rank A 2-9 T J Q K, suit C D H S."""
    return isinstance(value, str) and CARD_PATTERN.fullmatch(value) is not None


# Rule input.rejection-order: of these faults of the input, the first one present decides the code.
INPUT_ORDER = ("invalid_card", "duplicate_card", "wrong_card_count")
# The faults before an unknown profile in that order, the ones the reference judges without one.
BEFORE_UNKNOWN_PROFILE = (*INPUT_ORDER, "discard_not_held")


def _tolerated(case: Case, code: str | None) -> set[str]:
    """The faults a case expecting `code` may hold: that code's own, and when the case cites
    input.rejection-order, those after it in INPUT_ORDER."""
    if code not in INPUT_ORDER:
        return {code} if code else set()
    if "input.rejection-order" not in case.rules:
        return {code}
    return set(INPUT_ORDER[INPUT_ORDER.index(code) :])


def card_problems(case: Case) -> list[tuple[str, str]]:
    """Invalid cards, and cards given twice in one deal, unless the case expects just that (or a
    fault before it in input.rejection-order)."""
    expected = [_expected_code(case, name) for name in case.profiles if _resolves(case, name)]
    codes = {fault for code in expected for fault in _tolerated(case, code)}
    problems = []
    for group in card_groups(case.op, case.input):
        first_seen: dict[str, str] = {}
        for path, value in group.slots:
            if not is_card(value):
                if "invalid_card" not in codes:
                    problems.append((path, f"{show(value)} is not a card (rank A 2-9 T J Q K, suit C D H S: 5H, TS)"))
                continue
            if group.one_deal and value in first_seen and "duplicate_card" not in codes:
                problems.append((path, f"{value} appears twice in one deal (first at {first_seen[value]})"))
            first_seen.setdefault(value, path)
    return problems


def count_problems(case: Case, profiles: Mapping[str, Profile]) -> list[tuple[str, str]]:
    """Card counts that do not fit a listed profile, unless that profile expects wrong_card_count.
    Profiles with the same complaint are reported together."""
    by_problem: dict[tuple[str, str], list[str]] = defaultdict(list)
    for name in case.profiles:
        profile = profiles.get(name)
        if profile is None or "wrong_card_count" in _tolerated(case, _expected_code(case, name)):
            continue
        for problem in _counts(case.op, case.input, profile):
            by_problem[problem].append(name)
    return [(path, f"{message} (under {', '.join(names)})") for (path, message), names in by_problem.items()]


def _counts(op: str, data: Mapping[str, Any], profile: Profile) -> list[tuple[str, str]]:
    wanted: list[tuple[str, Sequence[Any], int, str]] = []  # path, cards, how many, what holds them
    if op == "show":
        crib = bool(data.get("crib", False))
        what = "a crib" if crib else "a hand"
        wanted.append(("input.cards", data["cards"], profile.crib_size if crib else profile.cards_kept, what))
    elif op == "pegging" and "hands" in data:
        wanted += [
            (f"input.hands.{seat}", cards, profile.cards_kept, "a kept hand") for seat, cards in data["hands"].items()
        ]
    elif op == "pegging":
        wanted += [(f"input.{role}", data[role], profile.cards_kept, "a kept hand") for role in ("pone", "dealer")]
    elif op == "deal":
        wanted.append(("input.deck", data["deck"], DECK_SIZE, "a deck"))
    elif op in ("cut", "game", "match"):
        wanted += [
            (f"input.cuts[{i}]", cards, 2, "a cut round")
            for i, cards in enumerate(data["cuts"])
            if profile.seats == 2 and not isinstance(cards, Mapping)
        ]
    if op == "hand":
        wanted += _hand_counts("input", data, profile)
    elif op == "game":
        for index, hand in enumerate(data["hands"]):
            wanted += _hand_counts(f"input.hands[{index}]", hand, profile)
    elif op == "match":
        for number, game in enumerate(data["games"]):
            for index, hand in enumerate(game["hands"]):
                wanted += _hand_counts(f"input.games[{number}].hands[{index}]", hand, profile)
    problems = [
        (path, f"has {len(cards)} card{'' if len(cards) == 1 else 's'}; {what} holds {size}")
        for path, cards, size, what in wanted
        if len(cards) != size
    ]
    if op == "play" and not data["count"]:
        problems.append(("input.count", "is empty; the count holds at least the card just played"))
    return problems


def _hand_counts(path: str, hand: Mapping[str, Any], profile: Profile) -> list[tuple[str, Sequence[Any], int, str]]:
    wanted: list[tuple[str, Sequence[Any], int, str]] = []
    if "deck" in hand:
        wanted.append((f"{path}.deck", hand["deck"], DECK_SIZE, "a deck"))
    else:
        wanted += [
            (f"{path}.dealt.{who}", cards, profile.cards_dealt, "a deal") for who, cards in hand["dealt"].items()
        ]
    wanted += [
        (f"{path}.discards.{who}", cards, profile.discards_each, "a discard") for who, cards in hand["discards"].items()
    ]
    return wanted


# --- the reference engine ------------------------------------------------------------------


def engine_problems(case: Case, profiles: Mapping[str, Profile]) -> list[tuple[str, str]]:
    """The reference engine's answer under each listed (known) profile, against the expectation."""
    problems = []
    for name in case.profiles:
        if name not in profiles or not _resolves(case, name):
            continue
        key = name if name in case.expect else "default"
        try:
            answer = run_reference(case.op, case.input, case.profile_sent(name))
        except Exception as error:  # a crash of the engine is reported, not raised
            problems.append((f"expect.{key}", f"under {name}: the reference engine crashed: {error!r}"))
            continue
        problems += [
            (f"expect.{key}", f"under {name}, the reference engine disagrees: {line}")
            for line in mismatches(case.expected(name), answer)
        ]
    return problems


# --- the corpus ----------------------------------------------------------------------------


def check_ids(
    cases: Sequence[Case], retired: frozenset[str], retired_file: str, elsewhere: Mapping[str, str]
) -> list[CaseError]:
    """Ids unique across the corpus (`elsewhere`: ids of corpus files not linted now) and never retired."""
    errors = [
        CaseError(case.file, case.id, "id", f"id {case.id} is retired (listed in {retired_file}); choose a new id")
        for case in cases
        if case.id in retired
    ]
    return errors + id_clashes(cases, elsewhere)


def check_coverage(
    cases: Sequence[Case], rules: Rules, catalogue_file: str, profiles: Mapping[str, Profile]
) -> list[CaseError]:
    """Each rule is cited under each of its profiles; each dispute under both its readings."""
    listed: dict[str, set[str]] = defaultdict(set)  # rule id -> the profiles of the cases citing it
    for case in cases:
        for rule_id in case.rules:
            listed[rule_id].update(case.profiles)
    errors = []
    for rule_id, rule in rules.items():
        for index, name in enumerate(rule["profiles"]):
            if name not in listed[rule_id]:
                errors.append(
                    CaseError(catalogue_file, rule_id, f"profiles[{index}]", f"no case cites {rule_id} under {name}")
                )
        if rule["area"] != "dispute":
            continue
        family = ruling_family(rule["ruling"]["profile"], rule["dispute"], profiles)
        if not listed[rule_id] & family:
            errors.append(
                CaseError(
                    catalogue_file,
                    rule_id,
                    "ruling.profile",
                    f"no case cites {rule_id} under its ruling's profile {rule['ruling']['profile']} "
                    "(or one of its variants for another dispute)",
                )
            )
        other = rule["other"]["profile"]
        if other not in listed[rule_id]:
            errors.append(
                CaseError(
                    catalogue_file,
                    rule_id,
                    "other.profile",
                    f"no case cites {rule_id} under its other reading, {other}",
                )
            )
    return errors


def ruling_family(ruling: str, dispute: str, profiles: Mapping[str, Profile]) -> set[str]:
    """The profiles that play a dispute's ruling: the ruling's profile and its variants for other
    disputes (a variant `X--y` belongs to X's family)."""
    return {
        name
        for name, profile in profiles.items()
        if (profile.variant_of or name) == ruling and profile.dispute != dispute
    }


def summarize(
    files: int, cases: Sequence[Case], rules: Rules | None, coverage_checked: bool, lines: int = 0
) -> Summary:
    per_profile = Counter(name for case in cases for name in case.profiles)
    per_area: Counter[str] = Counter()
    for case in cases:
        areas = {rules[rule_id]["area"] for rule_id in case.rules if rules and rule_id in rules}
        per_area.update(areas)
    return Summary(
        files=files,
        cases=len(cases),
        per_profile=dict(sorted(per_profile.items())),
        per_area=dict(sorted(per_area.items())),
        coverage_checked=coverage_checked,
        lines=lines,
    )


def lint(
    paths: Sequence[Path] = (), *, cases_root: Path = CASES_DIR, catalogue_path: Path = CATALOGUE_FILE
) -> LintReport:
    """Lint the case files at `paths` (files or folders; none: the whole `cases_root`)."""
    whole = not paths or all(resolved(path) == resolved(cases_root) for path in paths)
    files = _files(paths or [cases_root], catalogue_path)
    catalogue_file = display_path(catalogue_path)
    rules, errors = read_catalogue(catalogue_path)
    profiles = {name: load_profile(name) for name in profile_names()}
    lines = lines_of(read_yaml(catalogue_path).value) if rules is not None else ()
    if rules is not None:
        errors += check_catalogue(rules, catalogue_file, profiles)
        errors += check_line_definitions(lines, rules, profiles, catalogue_file)
    cases: list[Case] = []
    for path in files:
        document, problems = read_case_file(path)
        errors += problems
        cases += cases_of(document, path) if document is not None else _cases_despite(path, problems)
    retired_path = cases_root / RETIRED_FILE_NAME
    elsewhere = {} if whole else _ids_elsewhere(cases_root, files, catalogue_path)
    errors += check_ids(cases, read_retired(retired_path), display_path(retired_path), elsewhere)
    for case in cases:
        errors += check_case(case, rules, profiles)
    if whole and rules is not None:
        errors += check_coverage(cases, rules, catalogue_file, profiles)
        errors += check_lines(cases, lines, catalogue_file)
    checked = whole and rules is not None
    return LintReport(tuple(errors), summarize(len(files), cases, rules, checked, len(lines) if checked else 0))


def _cases_despite(path: Path, problems: Sequence[CaseError]) -> list[Case]:
    """The cases of a file failing its schema (or the strict reading) that have no problem of their
    own, so that one bad case does not hide the rest of its file from the other checks (coverage
    above all). What is left must pass the schema, as a file of its own would."""
    bad_ids = {problem.case_id for problem in problems}
    if None in bad_ids:
        return []  # a problem of the file as a whole, or of a case without a usable id
    document = read_yaml(path).built  # what could be read; the cases with a problem are left out
    raw_cases = document.get("cases") if isinstance(document, dict) else None
    if not isinstance(raw_cases, list):
        return []
    good = [raw for raw in raw_cases if isinstance(raw, dict) and raw.get("id") not in bad_ids]
    rest = {"topic": document.get("topic"), "cases": good}
    return cases_of(rest, path) if jsonschema.Draft202012Validator(case_schema()).is_valid(rest) else []


def _files(paths: Iterable[Path], catalogue_path: Path) -> list[Path]:
    found: dict[Path, None] = {}
    for path in paths:
        for file in case_files(path):
            if resolved(file) != resolved(catalogue_path):
                found[file] = None
    return list(found)


def _ids_elsewhere(root: Path, linted: Sequence[Path], catalogue_path: Path) -> dict[str, str]:
    """Ids of the corpus files not being linted, read without checks, to catch clashes with them."""
    skip = {resolved(path) for path in linted}
    ids: dict[str, str] = {}
    for path in _files([root], catalogue_path):
        if resolved(path) in skip:
            continue
        document = read_yaml(path).built  # what could be read, problems or not
        raw_cases = document.get("cases") if isinstance(document, dict) else None
        for raw in raw_cases if isinstance(raw_cases, list) else []:
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                ids.setdefault(raw["id"], display_path(path))
    return ids


# --- small helpers -------------------------------------------------------------------------


def _resolves(case: Case, profile: str) -> bool:
    return profile in case.expect or "default" in case.expect


def _expected_code(case: Case, profile: str) -> str | None:
    """The rejection code expected under `profile`, or None for a result."""
    return case.expected(profile).get("rejected") if _resolves(case, profile) else None


def _unknown_profile(name: str, profiles: Mapping[str, Profile]) -> str:
    near = difflib.get_close_matches(name, list(profiles), n=3)
    hint = f"did you mean {', '.join(near)}?" if near else f"known: {', '.join(profiles)}"
    return f"unknown profile {name!r}; {hint}"


def _rule_id_at(document: Any, path: Iterable[Any]) -> str | None:
    parts = list(path)
    if len(parts) >= 2 and parts[0] == "rules" and isinstance(document, dict):
        rules = document.get("rules")
        if isinstance(rules, list) and isinstance(parts[1], int) and parts[1] < len(rules):
            rule = rules[parts[1]]
            if isinstance(rule, dict) and isinstance(rule.get("id"), str):
                return rule["id"]
    return None


def _json_path(path: Iterable[Any]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


# --- the command ---------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="case files or folders (default: cases/)")
    parser.add_argument("--json", action="store_true", help="print the errors and the summary as JSON")
    add_corpus_arguments(parser)


def main(args: argparse.Namespace) -> int:
    missing = [str(path) for path in args.paths if not path.exists()]
    if missing:
        print(f"cribcheck lint: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    report = lint(args.paths, cases_root=args.cases, catalogue_path=args.catalogue)
    print(render_json(report) if args.json else render_text(report))
    return 0 if report.clean else 1


def render_json(report: LintReport) -> str:
    return json.dumps(
        {
            "clean": report.clean,
            "errors": [asdict(error) for error in report.errors],
            "summary": asdict(report.summary),
        },
        indent=2,
    )


def render_text(report: LintReport) -> str:
    summary = report.summary
    lines = [str(error) for error in report.errors]
    if lines:
        lines.append("")
    lines.append(f"{summary.files} files, {summary.cases} cases")
    lines.append("cases per profile: " + _counts_text(summary.per_profile))
    lines.append("cases per rule area: " + _counts_text(summary.per_area))
    lines.append("coverage: " + ("checked" if summary.coverage_checked else "not checked (not the whole corpus)"))
    if summary.lines:
        lines.append(f"lines: {summary.lines} lines of the rules, each with cases at it, one below and one above")
    count = len(report.errors)
    lines.append("clean" if report.clean else f"{count} error{'s' if count != 1 else ''}")
    return "\n".join(lines)


def _counts_text(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in counts.items()) or "none"
