"""The rules book, docs/rules.md, made from the catalogue (cases/rules.yaml) and the corpus.

The profiles, each a row of its rule knobs as the reference reads them (reference/profiles/*.yaml);
every rule with its id (an anchor: `docs/rules.md#show.runs`), its statement, the profiles it
applies to, its sources, two or three worked examples (book_examples.py) and, folded, the cases
that cite it; every dispute with both readings, the profiles that play each, an example and the
cases under each, and a link to the public engines' readings (docs/engines.md); the source table.
`book_chapters` is what the Markdown and the HTML page (harness/report/rules_page.py) both show.
Written by

    python -m cribcheck.harness.corpus.rules_book docs/rules.md    (or: cribcheck rules --markdown FILE)

and kept up to date by tests/harness/test_rules_book.py.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cribcheck.harness.contract.files import CATALOGUE_FILE, SAFE_LOADER
from cribcheck.harness.corpus.book_examples import Example, dispute_examples, rule_examples
from cribcheck.harness.corpus.cases import Case, load_cases
from cribcheck.harness.corpus.lines import Line, lines_of, measured
from cribcheck.reference import load_profile
from cribcheck.reference.profiles import Profile, SkunkRule, profile_names

AREAS = {
    "cards": "Cards",
    "deal": "The deal",
    "pegging": "The play (pegging)",
    "show": "The show",
    "game": "The game",
    "input": "Inputs and rejections",
    "variant": "Variants",
    "muggins": "Muggins",
    "match": "Matches",
    "dispute": "Disputes",
}
ENGINES_PAGE = "engines.md"  # where the public engines' readings of each dispute are (examples/pypi-engines/compare.py)
HEADER = """\
# The rules of cribbage, as cribcheck rules them

<!-- Made from cases/rules.yaml and the case corpus by `python -m cribcheck.harness.corpus.rules_book docs/rules.md`;
do not edit by hand (a test fails when this file is out of date). -->

Every rule the reference engine implements and the corpus checks, in the project's own words, with
a stable id. Each rule says which profiles it applies to, the places in the source documents it
rests on (the documents are described in [Sources](#sources)), and two or three worked examples
from the corpus: the cards, the count or the show, the points, and the answer `cribcheck explain`
gives (the cases `cribcheck explain RULE` shows; `cribcheck explain ID[PROFILE]` prints one in
full). Where the sources disagree, the [disputes](#dispute) give both readings, the profiles that
play each, an example under each, and which reading each public engine plays: the default profiles
play the ruling, a variant profile the other. Every case that cites a rule is listed under it, folded.

The same book is one HTML page with a search box and an anchor per rule (`rules.html#show.nobs`,
`rules.html#d4`): `cribcheck rules --html rules.html`. The HTML report links each rule to it with
`--rules-book URL` (or `--rules-book rules.html` beside the report, as the Action publishes it).

![The rules book as one HTML page, the search box narrowing it to the rules of crib nobs](img/rules-html.png)
"""


def playable_profiles() -> dict[str, Profile]:
    """Every profile of the reference, by name."""
    return {name: load_profile(name) for name in profile_names()}


def render(catalogue: Mapping[str, Any], cases: Sequence[Case]) -> str:
    """The whole rules book as Markdown."""
    profiles = playable_profiles()
    rules = catalogue["rules"]
    lines = [HEADER, "## Contents", ""]
    chapters = book_chapters(catalogue, cases, profiles)
    lines += ["- [Profiles](#profiles)"]
    lines += [f"- [{chapter.title}](#{chapter.area})" for chapter in chapters]
    lines += ["- [The lines of the rules](#lines)"] if catalogue.get("lines") else []
    lines += ["- [Sources](#sources)", ""]
    disputes = {rule["dispute"]: rule["id"] for rule in rules if rule["area"] == "dispute"}
    lines += _profiles(profiles, disputes)
    for chapter in chapters:
        lines += [f'<a id="{chapter.area}"></a>', "", f"## {chapter.title}", ""]
        for entry in chapter.entries:
            lines += _rule(entry)
    if catalogue.get("lines"):
        lines += _lines(lines_of(catalogue), cases)
    lines += _sources(catalogue["sources"])
    return "\n".join(lines).rstrip() + "\n"


@dataclass(frozen=True)
class Reading:
    """One reading of a dispute: its words and sources, the profiles that play it, its example and
    the cases under it (each with the profiles of the reading it runs under)."""

    side: str  # "ruling" or "other"
    label: str
    text: str
    sources: str
    players: tuple[str, ...]
    example: Example | None
    cases: tuple[tuple[Case, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Entry:
    """A rule of the book: the catalogue's rule, its worked examples (a rule's), its readings (a
    dispute's) and every case that cites it."""

    rule: Mapping[str, Any]
    examples: tuple[Example, ...]
    readings: tuple[Reading, ...]
    cases: tuple[Case, ...]

    @property
    def id(self) -> str:
        return str(self.rule["id"])

    @property
    def dispute(self) -> str | None:
        return self.rule.get("dispute")

    @property
    def listed(self) -> tuple[tuple[Case, tuple[str, ...]], ...]:
        """Every case that cites it, each with its profiles."""
        return tuple((case, case.profiles) for case in self.cases)


@dataclass(frozen=True)
class Chapter:
    area: str
    title: str
    entries: tuple[Entry, ...]


def book_chapters(
    catalogue: Mapping[str, Any], cases: Sequence[Case], profiles: Mapping[str, Profile]
) -> list[Chapter]:
    """The rules of the catalogue by area, each with its examples and its cases."""
    citing: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        for rule_id in case.rules:
            citing[rule_id].append(case)
    rules = catalogue["rules"]
    chapters = []
    for area in (area for area in AREAS if any(rule["area"] == area for rule in rules)):
        entries = []
        for rule in (rule for rule in rules if rule["area"] == area):
            cited = tuple(citing[rule["id"]])
            if rule["area"] == "dispute":
                entries.append(Entry(rule, (), _readings(rule, cited, profiles), cited))
            else:
                entries.append(Entry(rule, rule_examples(rule, cases), (), cited))
        chapters.append(Chapter(area, AREAS[area], tuple(entries)))
    return chapters


def _readings(rule: Mapping[str, Any], cases: Sequence[Case], profiles: Mapping[str, Profile]) -> tuple[Reading, ...]:
    chosen, examples = dispute_examples(rule, cases, profiles)
    readings = []
    for side, label in (("ruling", "Ruling"), ("other", "Other reading")):
        reading = rule[side]
        # the ruling is played by its profile and that profile's variants for other disputes
        family = set(chosen.players[side])
        under = tuple(
            (case, tuple(name for name in case.profiles if name in family))
            for case in cases
            if family & set(case.profiles)
        )
        readings.append(
            Reading(
                side,
                label,
                _text(reading["reading"]),
                _sources_of(reading["sources"]),
                tuple(chosen.players[side]),
                examples[side],
                under,
            )
        )
    return tuple(readings)


LINES_INTRO = """\
A line is a number where a rule changes its answer. A threshold is only checked where a case puts a
value at the line, one below and one above, so `cribcheck lint` requires cases at all three under
each profile the line names (harness/corpus/lines.py says how each measure is read from a case).
"""


def _lines(lines: Sequence[Line], cases: Sequence[Case]) -> list[str]:
    """The lines chapter: each line, where it is, what measures a case, its rules and profiles,
    and the cases at it, one below and one above."""
    out = ['<a id="lines"></a>', "", "## The lines of the rules", "", LINES_INTRO]
    out += [
        "| line | at | measured by | rules | cases one below / at / one above, by profile |",
        "|---|---|---|---|---|",
    ]
    for line in lines:
        found = measured(cases, line)
        where = []
        for profile in line.profiles:
            at = line.value_under(profile)
            counts = " / ".join(str(len(found[profile][at + step])) for step in (-1, 0, 1))
            where.append(f"`{profile}` ({at}): {counts}")
        rules = ", ".join(f"[`{rule}`](#{rule})" for rule in line.rules)
        at_text = str(line.at) if isinstance(line.at, int) else "by profile"
        out.append(f"| {_cell(line.what)} (`{line.id}`) | {at_text} | {line.measure} | {rules} | {'; '.join(where)} |")
    return [*out, ""]


def _rule(entry: Entry) -> list[str]:
    rule = entry.rule
    lines = [f'<a id="{entry.id}"></a>', "", f"### `{entry.id}`", "", _text(rule["statement"]), ""]
    applies = ", ".join(f"`{name}`" for name in rule["profiles"]) or "none yet (a variant not played)"
    lines += [f"- **Profiles:** {applies}", f"- **Sources:** {_sources_of(rule['sources'])}"]
    if entry.dispute is not None:
        lines += [f"- **The public engines:** [which reading each plays]({ENGINES_PAGE}#{entry.dispute.lower()})", ""]
        for reading in entry.readings:
            players = ", ".join(f"`{name}`" for name in reading.players)
            lines += [
                f"#### {reading.label} ({entry.dispute}): {reading.text}",
                "",
                f"Sources: {reading.sources}. Played by {players}.",
                "",
            ]
            lines += _example(reading.example, "**Example.**") if reading.example else ["No case is under it yet.", ""]
            what = "the ruling" if reading.side == "ruling" else "the other reading"
            lines += _folded(f"Cases under {what} ({len(reading.cases)})", _case_lines(reading.cases))
        return lines
    lines.append("")
    if entry.examples:
        lines += [f"**Examples**, the cases `cribcheck explain {entry.id}` shows:", ""]
        for number, example in enumerate(entry.examples, start=1):
            lines += _example(example, f"**Example {number}.**")
    else:
        lines += ["No case cites it yet.", ""]
    return lines + _folded(f"Cases ({len(entry.cases)})", _case_lines(entry.listed))


def _example(example: Example, label: str) -> list[str]:
    """An example: the case and profile, its lines in a code block, and its answer."""
    fence = _fence(example.lines)
    return [
        f"{label} `{example.case.id}` under `{example.profile}`: {_text(example.case.title)}",
        "",
        f"{fence}text",
        *example.lines,
        fence,
        "",
        f"Answer: {_code(example.answer)} (`{example.command}` shows it in full)",
        "",
    ]


def _folded(summary: str, lines: Sequence[str]) -> list[str]:
    """`lines` folded under a summary (<details>): CommonMark ends the HTML block at the blank line,
    so the list between is Markdown."""
    if not lines:
        return [f"{summary}: none.", ""]
    return [f"<details><summary>{summary}</summary>", "", *lines, "", "</details>", ""]


def _fence(lines: Sequence[str]) -> str:
    """A code fence longer than any run of backticks in `lines`."""
    longest = max((len(run) for line in lines for run in re.findall("`+", line)), default=0)
    return "`" * max(3, longest + 1)


def _code(text: str) -> str:
    """`text` as a code span (fenced longer than any run of backticks inside)."""
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


PROFILES_INTRO = """\
A profile is one way to play, and it is data: each row is what the reference engine reads from
`reference/profiles/NAME.yaml`. The main profiles come first; a variant `MAIN--READING` plays MAIN
but for the one point its description names (most often the other reading of a dispute). What no
column names is common to the main profiles: the values of the cards, fifteens, pairs, runs, the
31 (2 and nothing more), heels 2, nobs 1 (in the crib too), the cut for deal by rank, and the win
the moment a side reaches or passes the target.
"""


PROFILE_COLUMNS = (
    "profile",
    "plays",
    "seats (sides)",
    "target",
    "dealt / kept",
    "crib",
    "count",
    "three for last",
    "hand flush",
    "crib flush",
    "skunks and game points",
    "muggins",
    "match",
)


def profile_rows(profiles: Mapping[str, Profile]) -> list[tuple[Profile, tuple[str, ...]]]:
    """Each playable profile with its cells (PROFILE_COLUMNS, plain text), main profiles first."""
    rows = []
    for profile in sorted(profiles.values(), key=lambda profile: (profile.variant_of is not None, profile.name)):
        plays = _text(profile.description)
        rows.append(
            (
                profile,
                (
                    profile.name,
                    plays if profile.variant_of is None else f"as {profile.variant_of}, but: {plays}",
                    _seats(profile),
                    str(profile.target),
                    f"{profile.cards_dealt} / {profile.cards_kept}",
                    _crib(profile),
                    "one count a hand" if profile.count == "single" else "restarts after a go",
                    f"{profile.three_for_last} to the first pone" if profile.three_for_last else "none",
                    _hand_flush(profile),
                    "4 cards (4, 5 with the starter)" if profile.crib_four_card_flush else "5 only",
                    _skunks(profile.skunk),
                    "yes" if profile.muggins else "no",
                    "none" if profile.match_target is None else f"first to {profile.match_target} game points",
                ),
            )
        )
    return rows


def _profiles(profiles: Mapping[str, Profile], disputes: Mapping[str, str]) -> list[str]:
    """The profiles chapter: one row of knobs per playable profile, main profiles first; a
    variant's row links the dispute whose other reading it plays."""
    lines = ['<a id="profiles"></a>', "", "## Profiles", "", PROFILES_INTRO]
    lines += [f"| {' | '.join(PROFILE_COLUMNS)} |", "|---" * len(PROFILE_COLUMNS) + "|"]
    for profile, (name, plays, *rest) in profile_rows(profiles):
        plays = _cell(plays)
        if profile.variant_of is not None:
            plays = plays.replace(f"as {profile.variant_of}, but:", f"as `{profile.variant_of}`, but:", 1)
        if profile.dispute is not None:
            plays = plays.replace(profile.dispute, f"[{profile.dispute}](#{disputes[profile.dispute]})", 1)
        lines.append(f"| `{name}` | {plays} | {' | '.join(_cell(cell) for cell in rest)} |")
    return [*lines, ""]


def _seats(profile: Profile) -> str:
    seats = " ".join("ABCD"[: profile.seats])
    if profile.sides is None:
        return f"{seats}, each for itself"
    return f"{seats} ({' against '.join('+'.join(members) for _, members in profile.sides)})"


def _crib(profile: Profile) -> str:
    discards = f"{profile.discards_each} from each seat"
    extra = f" + {profile.crib_from_deck} from the deck" if profile.crib_from_deck else ""
    return f"{profile.crib_size}: {discards}{extra}"


def _hand_flush(profile: Profile) -> str:
    kept = profile.cards_kept
    if profile.hand_flush_starter_completes:
        return f"{kept}, {kept + 1} with the starter; {kept - 1} + the starter {kept}"
    return f"{kept}, {kept + 1} with the starter"


def _skunks(rule: SkunkRule | None) -> str:
    if rule is None:
        return "none"
    parts = [f"a win {rule.win_points}"]
    for line in reversed(rule.classes):
        where = f"loser below {line.below}" if line.below is not None else f"won by more than {line.over}"
        name = line.name.replace("_", " ")
        parts.append(f"{name} ({where}) {line.game_points}" + (", wins the match" if line.wins_match else ""))
    return "; ".join(parts)


def _case_lines(cases: Iterable[tuple[Case, Sequence[str]]]) -> list[str]:
    """One line a case: `- `id` (profiles), [file](link)`."""
    return [f"- `{case.id}` ({', '.join(shown)}), [{case.file}](../{case.file})" for case, shown in cases]


def _sources_of(citations: Sequence[str]) -> str:
    return "; ".join(citations) if citations else "none"


def _sources(sources: Sequence[Mapping[str, Any]]) -> list[str]:
    lines = ['<a id="sources"></a>', "", "## Sources", ""]
    lines += [
        "A citation `source NNN <place>` names one of these documents and the section, heading or",
        "example inside it, in the document's own words; `cribcheck ruling` is this project's ruling.",
        "",
        "| id | document | language | what it covers |",
        "|---|---|---|---|",
    ]
    lines += [
        f"| {source['id']} | {_cell(source['document'])} | {_cell(source['language'])} | {_cell(source['covers'])} |"
        for source in sources
    ]
    return lines


def _text(text: str) -> str:
    return " ".join(str(text).split())


def _cell(text: str) -> str:
    return _text(text).replace("|", "\\|")


def read_catalogue(path: Path = CATALOGUE_FILE) -> dict[str, Any]:
    return dict(yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER))


def book() -> str:
    """The rules book of this corpus and catalogue."""
    return render(read_catalogue(), load_cases())


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m cribcheck.harness.corpus.rules_book FILE", file=sys.stderr)
        return 2
    Path(argv[0]).write_text(book(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
