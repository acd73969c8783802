"""The digest of a wrong answer's compared part (harness/results/digest.py): what it keeps and
what it leaves out, and how a report file's digest is read."""

from __future__ import annotations

from cribcheck.harness.results.digest import answer_digest, read_digest

EXPECTED = {
    "scores": {"A": 12, "B": 7},
    "events": [{"type": "show", "player": "A", "cards": ["5H", "5C", "JD", "5S"], "points": 12}],
}


def answer(cards: list[str], a: int = 13, extra: bool = False) -> dict[str, object]:
    event: dict[str, object] = {"type": "show", "player": "A", "cards": cards, "points": 12}
    if extra:
        event["note"] = "a key the expectation does not give"
    return {"ok": {"scores": {"A": a, "B": 7}, "events": [event], **({"seconds": 0.2} if extra else {})}}


def test_the_same_compared_part_has_the_same_digest() -> None:
    one = answer_digest(EXPECTED, answer(["5H", "5C", "JD", "5S"]))
    assert one is not None and len(one) == 64
    # a hand's cards are a set: another order is the same answer; keys not compared do not count
    assert answer_digest(EXPECTED, answer(["JD", "5S", "5H", "5C"])) == one
    assert answer_digest(EXPECTED, answer(["5H", "5C", "JD", "5S"], extra=True)) == one
    # one point more for A, or another card, is another answer
    assert answer_digest(EXPECTED, answer(["5H", "5C", "JD", "5S"], a=14)) != one
    assert answer_digest(EXPECTED, answer(["5H", "5C", "QD", "5S"])) != one


def test_a_rejection_has_no_digest_and_a_result_where_one_is_due_has_its_whole_results() -> None:
    assert answer_digest(EXPECTED, {"rejected": {"code": "over_31", "message": "x"}}) is None
    assert answer_digest(EXPECTED, None) is None
    due = {"rejected": "game_over", "hand": 2}
    whole = answer_digest(due, answer(["5H", "5C", "JD", "5S"]))
    assert whole is not None and whole == answer_digest(due, answer(["5S", "JD", "5C", "5H"]))
    # every key counts: the one the expectation of a result would leave out too
    assert answer_digest(due, answer(["5H", "5C", "JD", "5S"], extra=True)) != whole


def test_an_answer_nested_past_the_stack_has_no_digest() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    assert answer_digest({"scores": [1]}, {"ok": {"scores": deep}}) is None


def test_a_report_files_digest_is_read_only_when_it_is_one() -> None:
    good = "0123456789abcdef" * 4
    assert read_digest(good) == good
    assert read_digest(good.upper()) is None
    assert read_digest(good + "0") is None
    assert read_digest("<script>" + good[8:]) is None
    assert read_digest(64) is None and read_digest(None) is None
