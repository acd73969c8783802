"""The protocol document names every schema, and the documented features are the code's."""

from __future__ import annotations

import re

import pytest

from cribcheck.harness.contract.files import REPO_ROOT
from cribcheck.harness.contract.schemas import schema_files
from cribcheck.harness.corpus.cases import catalogue
from cribcheck.harness.operations.features import FEATURES
from cribcheck.harness.results.status import Status
from cribcheck.reference.errors import Code

PROTOCOL = (REPO_ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
GUIDE = (REPO_ROOT / "docs" / "checking-your-engine.md").read_text(encoding="utf-8")


def test_every_schema_file_is_linked_from_the_protocol_document() -> None:
    linked = set(re.findall(r"\]\(\.\./(schema/[\w/.-]+\.json)\)", PROTOCOL))
    files = {path.relative_to(REPO_ROOT).as_posix() for path in schema_files()}
    assert files - linked == set(), "schemas the protocol document does not link"
    assert all((REPO_ROOT / link).is_file() for link in linked)


def test_every_feature_and_status_is_documented() -> None:
    rows = set(re.findall(r"^\| `(\w+)` \|", PROTOCOL, re.MULTILINE))
    assert rows >= set(FEATURES)
    for status in Status:
        assert f"`{status.value}`" in PROTOCOL


def test_the_guide_s_links_exist() -> None:
    for link in re.findall(r"\]\(([^)#]+)\)", GUIDE):
        if not link.startswith("http"):
            assert (REPO_ROOT / "docs" / link).resolve().exists(), link


def test_the_case_format_guide_lists_exactly_the_schema_s_closed_sets() -> None:
    import json

    from cribcheck.reference import Code

    guide = (REPO_ROOT / "docs" / "case-format.md").read_text(encoding="utf-8")
    schema = json.loads((REPO_ROOT / "schema" / "case.schema.json").read_text(encoding="utf-8"))
    assert "](../schema/case.schema.json)" in guide
    ops = schema["$defs"]["case"]["properties"]["op"]["enum"]
    assert set(re.findall(r"^\| `(\w+)` \|", guide, re.MULTILINE)) >= set(ops)
    tags_section = guide.split("## Tags (closed vocabulary)", 1)[1].strip().split("\n\n")[0]
    assert set(re.findall(r"[a-z0-9-]+", tags_section)) == set(schema["$defs"]["tag"]["enum"])
    codes = schema["$defs"]["rejection"]["properties"]["rejected"]["enum"]
    assert set(codes) == {code.value for code in Code}
    assert all(f"`{code}`" in guide for code in codes)


def test_the_architecture_document_draws_the_import_table() -> None:
    """docs/ARCHITECTURE.md's table of rooms says what tests/test_architecture.py enforces (the
    README, a front door since issue 26, links to it rather than listing the rooms again)."""
    from tests.test_architecture import ROOMS

    document = (REPO_ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    drawn = {}
    for room, may in re.findall(r"^\| `([\w/]+)/`[^|]*\|[^|]*\| ([^|]*) \|$", document, re.MULTILINE):
        names = re.findall(r"`(\w+)`", may)
        drawn[room.replace("/", ".")] = {name if name == "reference" else f"harness.{name}" for name in names}
    assert set(drawn) == set(ROOMS)
    for room, allowed in ROOMS.items():
        if room != "harness":  # the top row says "every room"
            assert drawn[room] == set(allowed), room


# Rule input.rejection-order, as the rulings give it: the first fault in this order decides.
REJECTION_ORDER = [
    "invalid_card",
    "duplicate_card",
    "wrong_card_count",
    "discard_not_held",
    "unknown_profile",
    "bad_cut",
    "card_not_held",
    "not_your_turn",
    "go_with_playable_card",
    "over_31",
    "play_after_pegging_over",
    "pegging_incomplete",
    "game_over",
]


def _codes_in_order(text: str) -> list[str]:
    codes = set(REJECTION_ORDER)
    return list(dict.fromkeys(word for word in re.findall(r"[a-z_0-9]+", text) if word in codes))


@pytest.mark.parametrize(
    ("text", "opening"), [(PROTOCOL, "**One input, several faults**"), (GUIDE, "When one input breaks several rules")]
)
def test_the_docs_give_the_rejection_order_of_the_rulings(text: str, opening: str) -> None:
    assert opening in text, "the document no longer states the rejection order"
    paragraph = text[text.index(opening) :].split("\n\n")[0]
    assert _codes_in_order(paragraph) == REJECTION_ORDER
    # every code has its place, but invalid_input: the Python API's answer to a value the protocol's
    # schemas already refuse (a dealer E, a score for X), so no engine is ever asked to order it;
    # and bad_seat, bad_claim, game_incomplete (the tables of three and four, muggins, matches): the
    # rulings' order names only the faults of the two-player game and puts these nowhere, so the
    # docs place none of them
    unordered = {"invalid_input", "bad_seat", "bad_claim", "game_incomplete"}
    assert {code.value for code in Code} - unordered == set(REJECTION_ORDER)


def test_the_catalogue_gives_the_order_of_one_play() -> None:
    statement = " ".join(catalogue()["input.rejection-order"]["statement"].split())
    assert _codes_in_order(statement) == REJECTION_ORDER[REJECTION_ORDER.index("card_not_held") :]


def test_the_guide_s_examples_of_a_written_go_and_of_play_hold() -> None:
    """checking-your-engine.md, "What a written go means" and "What `play` scores": each example
    answered by the reference as the guide says."""
    from cribcheck.harness.operations.answers import run_reference

    eight = ["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S"]
    assert "`count: [AC, AD, AH, AS, 2C, 2D, 2H, 2S]` (12) answers `points: 12`" in " ".join(GUIDE.split())
    assert run_reference("play", {"count": eight}, "six-card")["ok"]["points"] == 12
    pegged = run_reference("pegging", {"pone": eight[0::2], "dealer": eight[1::2], "plays": eight}, "six-card")["ok"]
    assert pegged["events"][-2:] == [
        {"type": "play", "player": "dealer", "card": "2S", "count": 12, "points": 12, "scoring": {"pairs": 12}},
        {"type": "last_card", "player": "dealer", "points": 1},
    ]
    # Three seats, C deals (the case three-peg-reset-skips-empty-next-seat): C's 9H makes 26; A
    # (9D) and B (JH TD) say go, C (KS) scores 1, and A leads again.
    hands = {"A": ["4D", "9D", "8D", "QC"], "B": ["JH", "9S", "7S", "TD"], "C": ["9H", "5H", "KS", "5C"]}
    start, rest = ["4D", "7S", "5H", "QC", "5C", "8D", "9S", "9H"], ["9D", "TD", "KS", "JH"]
    inferred = run_reference("pegging", {"dealer": "C", "hands": hands, "plays": start + rest}, "three-player")
    written = run_reference(
        "pegging", {"dealer": "C", "hands": hands, "plays": [*start, "go", "go", *rest]}, "three-player"
    )
    assert written == inferred and inferred["ok"]["points"] == {"A": 0, "B": 1, "C": 6}
    one_more = run_reference(
        "pegging", {"dealer": "C", "hands": hands, "plays": [*start, "go", "go", "go", *rest]}, "three-player"
    )
    assert (one_more["rejected"]["code"], one_more["rejected"]["index"]) == ("go_with_playable_card", 10)
