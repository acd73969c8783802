"""Reading answers with the verdicts on valid answers kept (harness.engine.known_answers): every
line gets exactly the verdict `parse_response` gives it, the same lines again under other seqs
too, and a kept verdict is used only where the seq cannot change it."""

from __future__ import annotations

import pytest

import cribcheck.harness.engine.known_answers as known_answers
from cribcheck.harness.engine.known_answers import KnownAnswers, answer_rest
from cribcheck.harness.engine.protocol import Outcome, ProtocolViolation, Request, parse_response

HAND = {"cards": ["2C", "4D", "6H", "8S"], "starter": "KC"}
ZERO = '"ok":{"total":0,"breakdown":{"fifteens":0,"pairs":0,"runs":0,"flush":0,"nobs":0}}'

# What follows `{"seq":"SEQ",` on a line, and whether it is a valid answer to a show request of seq 1.
RESTS: tuple[tuple[str, bool], ...] = (
    (ZERO + "}\n", True),
    ('"ok":{"total":29}}\n', True),
    ('"rejected":{"code":"duplicate_card","message":"2C twice"}}\n', True),
    ('"skipped":{"reason":"no crib here"}}\n', True),
    ('"error":{"message":"IndexError"}}\n', True),  # the engine's own error: a valid response
    ('"ok":{"total":"none"}}\n', False),  # against the show result schema
    ('"ok":{"total":0},"rejected":{"code":"over_31"}}\n', False),  # two outcomes
    ('"ok":{"total":NaN}}\n', False),  # not strict JSON
    ('"ok":{"total":1e999}}\n', False),
    ('"ok":{"total":12345678901234567890}}\n', False),
    ('"ok":{"total":0},"extra":1}\n', False),
    (ZERO + ',"seq":"other"}\n', False),  # a second seq: the last one counts, and it is wrong
    (ZERO + ',"s\\u0065q":"other"}\n', False),  # the same, escaped
    (ZERO + ',"seq":"1"}\n', True),  # valid under seq 1 only: the last seq counts
    (ZERO + ',"s\\u0065q":"1"}\n', True),  # the same, escaped
    ('"ok":{"total":0,"note":"\\ud800"}}\n', False),  # a lone surrogate
    ('"ok":{"total":0}\n', False),  # not JSON: the object is not closed
    ("}\n", False),
)
SEQS = ("1", "7", "123", "abc", "Z9", "1234567890123456789", "NaN", "Infinity", "x" * 64)


def verdict(parse: object, line: str, request: Request, utf8: int | None = None) -> Outcome | str:
    """The outcome, or the message of the ProtocolViolation raised."""
    try:
        return parse(line, request, invalid_utf8_at=utf8)  # type: ignore[operator]
    except ProtocolViolation as violation:
        return f"violation: {violation.message}"


@pytest.mark.parametrize("op", ["show", "play"])
def test_every_line_gets_parse_response_s_verdict_under_every_seq(op: str) -> None:
    reader = KnownAnswers()
    for seq in SEQS:  # each rest is seen under every seq: from the second seq on, valid ones are known
        request = Request(seq, op, "six-card", HAND)
        for rest, _ in RESTS:
            line = '{"seq":"' + seq + '",' + rest
            assert verdict(reader.parse, line, request) == verdict(parse_response, line, request), line


def test_the_rests_above_are_valid_or_not_as_said() -> None:
    request = Request("1", "show", "six-card", HAND)
    for rest, valid in RESTS:
        got = verdict(parse_response, '{"seq":"1",' + rest, request)
        refused = isinstance(got, str) or (got.kind == "error" and got.body != {"message": "IndexError"})
        assert refused is not valid, rest


def test_a_known_answer_is_not_checked_again_and_keeps_its_body(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = KnownAnswers()
    calls: list[str] = []
    real = known_answers.parse_response

    def counted(line: str, request: Request, *, invalid_utf8_at: int | None = None) -> Outcome:
        calls.append(line)
        return real(line, request, invalid_utf8_at=invalid_utf8_at)

    monkeypatch.setattr(known_answers, "parse_response", counted)
    first = reader.parse('{"seq":"1",' + ZERO + "}\n", Request("1", "show", "six-card", HAND))
    second = reader.parse('{"seq":"2",' + ZERO + "}\n", Request("2", "show", "six-card", HAND))
    assert len(calls) == 1
    assert (second.seq, second.kind, second.line) == ("2", "ok", '{"seq":"2",' + ZERO + "}\n")
    assert second.body == {"total": 0, "breakdown": {"fifteens": 0, "pairs": 0, "runs": 0, "flush": 0, "nobs": 0}}
    assert second.body is first.body
    reader.parse('{"seq":"3",' + ZERO + "}\n", Request("3", "play", "six-card", HAND))  # another op: checked
    assert len(calls) == 2


def test_a_refused_answer_is_checked_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = KnownAnswers()
    calls: list[str] = []
    real = known_answers.parse_response
    monkeypatch.setattr(
        known_answers, "parse_response", lambda line, request, **kw: calls.append(line) or real(line, request, **kw)
    )
    for seq in ("1", "2", "3"):
        outcome = reader.parse('{"seq":"' + seq + '","ok":{"total":-1}}\n', Request(seq, "show", "six-card", HAND))
        assert outcome.kind == "error"
        assert f'"seq":"{seq}"' in outcome.message  # the message quotes the line, seq and all
    assert len(calls) == 3


def test_no_more_answers_are_kept_than_the_size() -> None:
    reader = KnownAnswers(size=2)
    for total in range(5):
        reader.parse(f'{{"seq":"1","ok":{{"total":{total}}}}}\n', Request("1", "show", "six-card", HAND))
    assert len(reader._known) == 2


@pytest.mark.parametrize(
    ("line", "seq", "rest"),
    [
        ('{"seq":"12","ok":{}}\n', "12", '"ok":{}}\n'),
        ('{"seq":"12","ok":{}}\n', "1", None),  # another seq
        ('{"seq": "12","ok":{}}\n', "12", None),  # spaced otherwise
        ('{"seq":"a/b","ok":{}}\n', "a/b", None),  # a seq of other characters than letters and digits
        ('{"seq":"é","ok":{}}\n', "é", None),
        ('{"seq":"' + "9" * 65 + '","ok":{}}\n', "9" * 65, None),  # over the schema's 64
        ('{"seq":"","ok":{}}\n', "", None),
        ('{"seq":"1","ok":{"m":"a\\"b"}}\n', "1", None),  # a backslash
        ('{"seq":"1","ok":{"seq":1}}\n', "1", None),  # "seq" again, even nested
    ],
)
def test_which_lines_are_looked_up(line: str, seq: str, rest: str | None) -> None:
    assert answer_rest(line, seq) == rest


def test_a_line_that_was_not_utf8_is_read_by_parse_response() -> None:
    reader = KnownAnswers()
    request = Request("1", "show", "six-card", HAND)
    line = '{"seq":"1",' + ZERO + "}\n"
    reader.parse(line, request)
    got = reader.parse(line, request, invalid_utf8_at=3)
    assert got == parse_response(line, request, invalid_utf8_at=3)
    assert got.kind == "error"
    assert "invalid UTF-8 at byte 3" in got.message


def test_the_outcome_takes_the_seconds_given_known_or_not() -> None:
    reader = KnownAnswers()
    lines = ['{"seq":"1",' + ZERO + "}\n", '{"seq":"1",' + ZERO + "}\n", '{"seq": "1","ok":{"total":-1}}\n']
    outcomes = [reader.parse(line, Request("1", "show", "six-card", HAND), seconds=0.25) for line in lines]
    assert [outcome.seconds for outcome in outcomes] == [0.25, 0.25, 0.25]  # checked, known, not looked up
    assert [outcome.kind for outcome in outcomes] == ["ok", "ok", "error"]
