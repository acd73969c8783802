"""The rules book, docs/rules.md, made from the catalogue (cases/rules.yaml) and the corpus.

Every rule with its id (an anchor: `docs/rules.md#show.runs`), its statement, the profiles it
applies to, its sources and the cases that cite it; every dispute with both readings, the profile
that plays each and the cases under each; the source table. Written by

    python -m harness.corpus.rules_book docs/rules.md

and kept up to date by tests/harness/test_rules_book.py.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from harness.contract.files import CATALOGUE_FILE, SAFE_LOADER
from harness.corpus.cases import Case, load_cases
from harness.corpus.lint import ruling_family
from reference import load_profile
from reference.profiles import profile_names

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

<!-- Made from cases/rules.yaml and the case corpus by `python -m harness.corpus.rules_book docs/rules.md`;
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
    lines += [f"- [{AREAS[area]}](#{area})" for area in areas] + ["- [Sources](#sources)", ""]
    for area in areas:
        lines += [f'<a id="{area}"></a>', "", f"## {AREAS[area]}", ""]
        for rule in (rule for rule in rules if rule["area"] == area):
            lines += _rule(rule, citing[rule["id"]], profiles)
    lines += _sources(catalogue["sources"])
    return "\n".join(lines).rstrip() + "\n"


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
                f"  Cases: {_case_links(under, family)}",
            ]
    else:
        lines.append(f"- **Cases ({len(cases)}):** {_case_links(cases)}")
    return [*lines, ""]


def _case_links(cases: Sequence[Case], only: set[str] | None = None) -> str:
    """The cases grouped by file: `[file](link): `id` (profiles), ...; ...`."""
    if not cases:
        return "none"
    by_file: dict[str, list[str]] = defaultdict(list)
    for case in cases:
        shown = [name for name in case.profiles if only is None or name in only]
        by_file[case.file].append(f"`{case.id}` ({', '.join(shown)})")
    return "; ".join(f"[{file}](../{file}): {', '.join(entries)}" for file, entries in by_file.items())


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
        print("usage: python -m harness.corpus.rules_book FILE", file=sys.stderr)
        return 2
    Path(argv[0]).write_text(book(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
