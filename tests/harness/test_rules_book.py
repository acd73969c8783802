"""docs/rules.md, the rules book: made from the catalogue and the corpus, and kept up to date."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from cribcheck.harness.contract.files import CATALOGUE_FILE, REPO_ROOT
from cribcheck.harness.corpus.cases import load_cases
from cribcheck.harness.corpus.explain_rule import answer_line
from cribcheck.harness.corpus.rules_book import AREAS, book

BOOK_FILE = REPO_ROOT / "docs" / "rules.md"
BOOK = BOOK_FILE.read_text(encoding="utf-8")
CATALOGUE = yaml.safe_load(CATALOGUE_FILE.read_text(encoding="utf-8"))


def section(rule_id: str) -> str:
    start = BOOK.index(f'<a id="{rule_id}"></a>')
    end = BOOK.find("<a id=", start + 1)
    return BOOK[start:end]


def test_the_rules_book_is_up_to_date() -> None:
    assert book() == BOOK, (
        "docs/rules.md is out of date: run `python -m cribcheck.harness.corpus.rules_book docs/rules.md`"
    )


def test_every_rule_has_an_anchor_its_statement_profiles_and_sources() -> None:
    for rule in CATALOGUE["rules"]:
        text = section(rule["id"])
        assert f"### `{rule['id']}`" in text
        assert " ".join(rule["statement"].split()) in text
        for name in rule["profiles"]:
            assert f"`{name}`" in text.split("**Profiles:**")[1].split("\n")[0]
        for citation in rule["sources"]:
            assert citation in text


def test_every_area_of_the_catalogue_schema_has_a_chapter() -> None:
    schema = json.loads((REPO_ROOT / "schema" / "catalogue.schema.json").read_text(encoding="utf-8"))
    enum = schema["$defs"]["rule"]["properties"]["area"]["enum"]
    assert set(enum) == set(AREAS)
    for area in ("muggins", "match"):
        assert f'<a id="{area}"></a>' in BOOK


def test_a_rule_lists_the_cases_that_cite_it() -> None:
    # cases/show-five/pairs.yaml's s5-pair-in-hand cites show.pairs under five-card only
    text = section("show.pairs")
    assert "\n- `s5-pair-in-hand` (five-card), [cases/show-five/pairs.yaml](../cases/show-five/pairs.yaml)\n" in text


def test_a_rule_lists_its_cases_one_a_line() -> None:
    # issue 26: a rule's "Cases" was one line of thousands of characters
    for rule in CATALOGUE["rules"]:
        text = section(rule["id"])
        listed = [line for line in text.splitlines() if line.startswith("- `")]
        cited = len(re.findall(r"`[^`]+` \([^)]*\), \[cases/", text))
        assert len(listed) == cited, rule["id"]  # each case line names one case
        assert all(line.count("](../cases/") == 1 for line in listed), rule["id"]
    counts = re.findall(r"<summary>Cases[^(]*\((\d+)\)</summary>", BOOK)
    assert counts and all(int(count) > 0 for count in counts)
    case_lines = [line for line in BOOK.splitlines() if "](../cases/" in line]
    assert max(len(line) for line in case_lines) < 300


def examples_of(text: str) -> list[tuple[str, str, list[str], str]]:
    """The worked examples of a section: (case id, profile, the lines of its code block, its answer)."""
    found = re.findall(
        r"^\*\*Example[^*]*\*\* `([^`]+)` under `([^`]+)`: [^\n]*\n\n```text\n(.*?)\n```\n\nAnswer: `(.*?)` \(",
        text,
        re.MULTILINE | re.DOTALL,
    )
    return [(case, profile, lines.split("\n"), answer) for case, profile, lines, answer in found]


def test_every_rule_shows_two_or_three_worked_examples_from_the_corpus() -> None:
    cases = {case.id: case for case in load_cases()}
    for rule in CATALOGUE["rules"]:
        if rule["area"] == "dispute":
            continue
        shown = examples_of(section(rule["id"]))
        citing = [case for case in cases.values() if rule["id"] in case.rules]
        assert len(shown) == min(3, len(citing)) and len(shown) >= 1, rule["id"]
        for case_id, profile, lines, answer in shown:
            case = cases[case_id]
            assert rule["id"] in case.rules and profile in case.profiles, (rule["id"], case_id)
            assert not rule["profiles"] or profile in rule["profiles"], (rule["id"], case_id)
            assert lines[0] == "Input" and f"Under {profile}" in lines, (rule["id"], case_id)
            assert answer == answer_line(case, profile), (rule["id"], case_id)
        # an example is the rule's own: the first cites it first (the rule is what it is about)
        assert cases[shown[0][0]].rules[0] == rule["id"] or all(case.rules[0] != rule["id"] for case in citing), rule[
            "id"
        ]


def test_the_examples_are_worked_as_a_player_counts_them() -> None:
    # show.pairs' first example: 8C 8D 2H with KS: one pair, 2, and nothing else
    case_id, profile, lines, answer = examples_of(section("show.pairs"))[0]
    assert (case_id, profile) == ("s5-pair-in-hand", "five-card")
    assert "  hand: 8C 8D 2H    starter: KS" in lines and "  pairs (2 each): 8C 8D = 2" in lines
    assert lines[-1] == "  total: 2" and answer == "total 2 (pairs 2)"
    # peg.thirty-one's first example: the card that makes 31 scores 2 (a play: 10 + 10 + 5 + 6)
    case_id, profile, lines, answer = examples_of(section("peg.thirty-one"))[0]
    assert any(line.endswith("makes the count 31") for line in lines), lines
    assert "points 2" in answer
    # a long example is cut, saying how many lines are left out and where they are
    skunk = examples_of(section("game.skunk"))[0]
    assert any(re.fullmatch(r"  \.\.\. \d+ more lines \.\.\.", line) for line in skunk[2])
    assert skunk[2][-1] == "  skunk: skunk; game points: 2"  # 123 to 90: the loser below 91


def test_each_dispute_gives_both_readings_an_example_their_profiles_and_cases_under_each() -> None:
    disputes = [rule for rule in CATALOGUE["rules"] if rule["area"] == "dispute"]
    assert [rule["dispute"] for rule in disputes] == [f"D{n}" for n in range(1, len(disputes) + 1)]
    cases = {case.id: case for case in load_cases()}
    for rule in disputes:
        text = section(rule["id"])
        number = rule["dispute"]
        ruling = text[text.index(f"#### Ruling ({number}): ") : text.index(f"#### Other reading ({number}): ")]
        other = text[text.index(f"#### Other reading ({number}): ") :]
        assert f"Played by `{rule['ruling']['profile']}`" in ruling, number
        assert f"Played by `{rule['other']['profile']}`" in other, number
        assert f"[which reading each plays](engines.md#{number.lower()})" in text
        for part, side in ((ruling, "ruling"), (other, "other")):
            (shown,) = examples_of(part)
            case = cases[shown[0]]
            assert rule["id"] in case.rules, number
            played = part.split("Played by ", 1)[1].split(".\n", 1)[0]
            assert f"`{shown[1]}`" in played, (number, side)  # shown under a profile of its reading
            assert re.search(r"<summary>Cases under the \w+ (reading )?\(\d+\)</summary>\n\n- `", part), (number, side)
        (mine,), (theirs,) = examples_of(ruling), examples_of(other)
        if mine[0] == theirs[0]:  # one case under both readings: the answers differ
            assert mine[3] != theirs[3], number
    # D4 (hand-checked): JH in the crib with KH turned is nobs, 1, under the ruling; 0 under the other
    d4 = section("dispute.d4-crib-nobs")
    (mine,) = examples_of(d4[: d4.index("#### Other reading")])
    (theirs,) = examples_of(d4[d4.index("#### Other reading") :])
    assert mine[0] == theirs[0] == "s5-nobs-in-crib"
    assert (mine[3], theirs[3]) == ("total 1 (nobs 1)", "total 0 (nothing)")
    # D1: the margin reading is played by six-card--skunk-by-margin; 91 for the loser is no skunk
    # under the ruling (not below 91) but a skunk by margin when the winner is more than 30 ahead
    assert "- `f-skunk-loser-on-91-no-skunk` (six-card--skunk-by-margin)" in section("dispute.d1-skunk-line")


def test_the_book_reads_as_commonmark_with_every_case_list_folded() -> None:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(BOOK)
    depth, folded, bare, fences = 0, 0, 0, 0
    for token in tokens:
        if token.type == "html_block" and token.content.startswith("<details>"):
            assert depth == 0, token.map
            depth += 1
        elif token.type == "html_block" and token.content.startswith("</details>"):
            assert depth == 1, token.map
            depth -= 1
        elif token.type == "inline" and "../cases/" in token.content:
            folded += depth
            bare += not depth
        elif token.type == "fence":
            assert token.info == "text" and depth == 0, token.map
            fences += 1
    assert depth == 0 and bare == 0
    assert folded == len([line for line in BOOK.splitlines() if line.startswith("- `") and "](../cases/" in line])
    assert fences == BOOK.count("\n```text\n") and fences > 2 * len(CATALOGUE["rules"])


def test_the_source_table_describes_every_document() -> None:
    rows = re.findall(r"^\| (source \d{3}|cribcheck ruling) \| (.+?) \| (.+?) \| (.+?) \|$", BOOK, re.MULTILINE)
    assert [row[0] for row in rows] == [source["id"] for source in CATALOGUE["sources"]]
    assert all(row[2].startswith(("Portuguese", "English")) for row in rows)


def test_every_link_of_the_rules_book_resolves() -> None:
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', BOOK))
    for target in re.findall(r"\]\(([^)]+)\)", BOOK):
        path, _, anchor = target.partition("#")
        if not path:
            assert anchor in anchors, target
            continue
        assert (BOOK_FILE.parent / path).resolve().is_file(), target
        if anchor:  # another page's anchor: written there as <a id="..."></a>
            assert f'<a id="{anchor}"></a>' in (BOOK_FILE.parent / path).read_text(encoding="utf-8"), target


def profile_row(name: str) -> list[str]:
    """The cells of a profile's row in the rules book's Profiles chapter."""
    chapter = BOOK[BOOK.index('<a id="profiles"></a>') : BOOK.index('<a id="cards"></a>')]
    rows = [line for line in chapter.splitlines() if line.startswith(f"| `{name}` |")]
    assert len(rows) == 1, name
    return [cell.strip() for cell in rows[0].strip("|").split(" | ")]


def test_the_profiles_chapter_has_a_row_for_every_profile() -> None:
    from cribcheck.reference.profiles import profile_names

    assert "- [Profiles](#profiles)" in BOOK
    for name in profile_names():
        profile_row(name)


def test_the_profiles_chapter_states_each_main_profile_as_the_rulings_do() -> None:
    # columns: profile, plays, seats (sides), target, dealt / kept, crib, count, three for last,
    # hand flush, crib flush, skunks and game points, muggins, match (values from the rulings)
    five = profile_row("five-card")
    assert five[2:10] == [
        "A B, each for itself",
        "61",
        "5 / 3",
        "4: 2 from each seat",
        "one count a hand",
        "3 to the first pone",
        "3, 4 with the starter",
        "5 only",
    ]
    assert five[10:] == ["none", "no", "none"]
    six = profile_row("six-card")
    assert six[3:7] == ["121", "6 / 4", "4: 2 from each seat", "restarts after a go"]
    assert six[10] == "a win 1; skunk (loser below 91) 2; double skunk (loser below 61) 3"
    three = profile_row("three-player")
    assert three[2:6] == ["A B C, each for itself", "121", "5 / 4", "4: 1 from each seat + 1 from the deck"]
    assert three[10] == "none"
    four = profile_row("four-player")
    assert four[2] == "A B C D (A+C against B+D)"
    assert four[10] == "a win 1; skunk (loser below 91) 2; double skunk (loser below 61) 3"
    assert profile_row("four-player--no-skunk")[10] == "none"
    assert profile_row("six-card--muggins")[11] == "yes" and profile_row("four-player--muggins")[11] == "yes"
    assert profile_row("six-card-match")[12] == "first to 3 game points"
    triple = profile_row("six-card-match--triple-skunk")[10]
    assert triple.endswith("triple skunk (loser below 31) 3, wins the match")
    assert "double skunk (loser below 61) 4" in profile_row("six-card-match--double-skunk-4")[10]
    # a variant links the dispute whose other reading it plays
    assert "[D10](#dispute.d10-partnership-skunk)" in profile_row("four-player--no-skunk")[1]


def test_cribcheck_rules_writes_the_same_book(tmp_path: Path) -> None:
    from cribcheck.harness.cli import main

    assert main(["rules", "--markdown", str(tmp_path / "rules.md")]) == 0
    assert (tmp_path / "rules.md").read_text(encoding="utf-8") == BOOK


def test_the_html_page_escapes_every_text_of_the_catalogue_and_the_cases() -> None:
    from dataclasses import replace

    from cribcheck.harness.report.rules_page import render_page

    hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>"\u202e'
    (rule,) = [rule for rule in CATALOGUE["rules"] if rule["id"] == "show.pairs"]
    catalogue = {
        "rules": [{**rule, "statement": hostile, "sources": [hostile]}],
        "sources": [{"id": "source 000", "document": hostile, "language": "English", "covers": hostile}],
    }
    cases = [replace(case, title=hostile) for case in load_cases() if "show.pairs" in case.rules][:5]
    page = render_page(catalogue, cases)
    assert page.count("<script>") == 1 and "<img" not in page  # only the page's own script
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&#34;\\u202e" in page
