"""The rules book, docs/rules.md, made from the catalogue (cases/rules.yaml) and the corpus.

The profiles, each a row of its rule knobs as the reference reads them (reference/profiles/*.yaml);
every rule with its id (an anchor: `docs/rules.md#show.runs`), its statement, the profiles it
applies to, its sources and the cases that cite it; every dispute with both readings, the profile
that plays each and the cases under each; the source table. Written by

    python -m cribcheck.harness.corpus.rules_book docs/rules.md

and kept up to date by tests/harness/test_rules_book.py.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from cribcheck.harness.contract.files import CATALOGUE_FILE, SAFE_LOADER
from cribcheck.harness.corpus.cases import Case, load_cases
from cribcheck.harness.corpus.lines import Line, lines_of, measured
from cribcheck.harness.corpus.lint import ruling_family
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
HEADER = """\
# The rules of cribbage, as cribcheck rules them

<!-- Made from cases/rules.yaml and the case corpus by `python -m cribcheck.harness.corpus.rules_book docs/rules.md`;
do not edit by hand (a test fails when this file is out of date). -->

Every rule the reference engine implements and the corpus checks, in the project's own words, with
a stable id. Each rule says which profiles it applies to, the places in the source documents it
rests on (the documents are described in [Sources](#sources)), and the cases that cite it.
Where the sources disagree, the [disputes](#dispute) give both readings, the profile that plays
each, and the cases under each: the default profiles play the ruling, a variant profile the other.
"""


def render(catalogue: Mapping[str, Any], cases: Sequence[Case]) -> str:
    """The whole rules book as Markdown."""
    citing: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        for rule_id in case.rules:
            citing[rule_id].append(case)
    profiles = {name: load_profile(name) for name in profile_names()}
    rules = catalogue["rules"]
    lines = [HEADER, "## Contents", ""]
    areas = [area for area in AREAS if any(rule["area"] == area for rule in rules)]
    lines += ["- [Profiles](#profiles)"]
    lines += [f"- [{AREAS[area]}](#{area})" for area in areas]
    lines += ["- [The lines of the rules](#lines)"] if catalogue.get("lines") else []
    lines += ["- [Sources](#sources)", ""]
    disputes = {rule["dispute"]: rule["id"] for rule in rules if rule["area"] == "dispute"}
    lines += _profiles(profiles, disputes)
    for area in areas:
        lines += [f'<a id="{area}"></a>', "", f"## {AREAS[area]}", ""]
        for rule in (rule for rule in rules if rule["area"] == area):
            lines += _rule(rule, citing[rule["id"]], profiles)
    if catalogue.get("lines"):
        lines += _lines(lines_of(catalogue), cases)
    lines += _sources(catalogue["sources"])
    return "\n".join(lines).rstrip() + "\n"


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


def _rule(rule: Mapping[str, Any], cases: Sequence[Case], profiles: Mapping[str, Any]) -> list[str]:
    lines = [f'<a id="{rule["id"]}"></a>', "", f"### `{rule['id']}`", "", _text(rule["statement"]), ""]
    applies = ", ".join(f"`{name}`" for name in rule["profiles"]) or "none yet (a variant not played)"
    lines += [f"- **Profiles:** {applies}", f"- **Sources:** {_sources_of(rule['sources'])}"]
    if rule["area"] == "dispute":
        for side, label in (("ruling", "Ruling"), ("other", "Other reading")):
            reading = rule[side]
            players = [reading["profile"], *reading.get("also", [])]
            # the ruling is played by its profile and that profile's variants for other disputes
            ruling = side == "ruling"
            family = ruling_family(reading["profile"], rule["dispute"], profiles) if ruling else set(players)
            under = [case for case in cases if family & set(case.profiles)]
            lines += [
                f"- **{label}** ({rule['dispute']}): {_text(reading['reading'])}. "
                f"Sources: {_sources_of(reading['sources'])}. "
                f"Played by {', '.join(f'`{name}`' for name in players)}.",
                f"  Cases ({len(under)}):{'' if under else ' none'}",
                *_case_lines(under, family, "  "),
            ]
    else:
        lines += [f"- **Cases ({len(cases)}):**{'' if cases else ' none'}", *_case_lines(cases)]
    return [*lines, ""]


PROFILES_INTRO = """\
A profile is one way to play, and it is data: each row is what the reference engine reads from
`reference/profiles/NAME.yaml`. The main profiles come first; a variant `MAIN--READING` plays MAIN
but for the one point its description names (most often the other reading of a dispute). What no
column names is common to the main profiles: the values of the cards, fifteens, pairs, runs, the
31 (2 and nothing more), heels 2, nobs 1 (in the crib too), the cut for deal by rank, and the win
the moment a side reaches or passes the target.
"""


def _profiles(profiles: Mapping[str, Profile], disputes: Mapping[str, str]) -> list[str]:
    """The profiles chapter: one row of knobs per playable profile, main profiles first; a
    variant's row links the dispute whose other reading it plays."""
    lines = ['<a id="profiles"></a>', "", "## Profiles", "", PROFILES_INTRO]
    lines += [
        "| profile | plays | seats (sides) | target | dealt / kept | crib | count | three for last "
        "| hand flush | crib flush | skunks and game points | muggins | match |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for profile in sorted(profiles.values(), key=lambda profile: (profile.variant_of is not None, profile.name)):
        lines.append(
            "| "
            + " | ".join(
                (
                    f"`{profile.name}`",
                    _plays(profile, disputes),
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
                )
            )
            + " |"
        )
    return [*lines, ""]


def _plays(profile: Profile, disputes: Mapping[str, str]) -> str:
    text = _cell(profile.description)
    if profile.variant_of is None:
        return text
    if profile.dispute is not None:
        text = text.replace(profile.dispute, f"[{profile.dispute}](#{disputes[profile.dispute]})", 1)
    return f"as `{profile.variant_of}`, but: {text}"


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


def _case_lines(cases: Sequence[Case], only: set[str] | None = None, indent: str = "") -> list[str]:
    """One line a case: `- `id` (profiles), [file](link)`, under the rule's line."""
    lines = []
    for case in cases:
        shown = [name for name in case.profiles if only is None or name in only]
        lines.append(f"{indent}  - `{case.id}` ({', '.join(shown)}), [{case.file}](../{case.file})")
    return lines


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
