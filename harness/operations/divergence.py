"""Where an engine's answer leaves the reference's, in the game's terms: divergence signatures.

A signature says what differs, not which case it differed on, so that the failures of one bug share
one signature whatever their cases: the operation; the field, its indices and players generalised
(`events[*].points`, `scores.<winner>`, `breakdown.runs`, `rejection.code`); at an event, the
event's type and the reference's reasons for it (`last card`, `pair`, `lead`, `fifteen`, ...); and
the relation of the engine's value to the reference's (`one more`, `0 where the reference scores`,
the target where the points reached pass it, a result where a rejection was expected, ...).

`signatures(op, input, expected, actual)` gives every distinct way one answer differs: the first
divergence of each independent part. The parts are read as compare.py reads them (only the keys
the expectation gives); a key that follows from another that differs is a consequence and gives
none (a show's total from its breakdown, a hand's scores from its events). Events are aligned by
who did what (their type, player and card): an event whose points differ is a divergence and the
walk goes on, so two bugs in one pegging (the last card scores one more; a lead card pairs across
a reset) are two signatures of one result; an event one side has and the other has not is one too,
and a play out of order ends the walk (what follows it follows from it).

`describe(signature)` words it: "the last card's point: the engine gives one more than the
reference (2 where it gives 1)". `rules_of(signature)` names the rules its event and field rest on.
No text of the engine's enters a signature: a rejection code outside the protocol's set is "an
unknown code", and values are shown only as numbers.

The module is pure: it reads its arguments (and a profile, for the target) and returns new values.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cribcheck.harness.operations.compare import RENAMED, UNORDERED_KEYS, UNORDERED_UNDER
from cribcheck.harness.operations.rule_ids import PLAY_PARTS, SHOW_PARTS
from cribcheck.harness.operations.rule_map import (
    COUNT_RULE,
    EVENT_RULES,
    KEY_RULES,
    OP_RULES,
    PARTNERSHIP_RULES,
    SEAT_RULES,
    THREE_SEAT_RULES,
    rejection_rules,
)
from cribcheck.reference import CribbageError, Profile, load_profile
from cribcheck.reference.errors import Code

MAX_EVENTS = 5_000  # events of a list aligned at most (an engine's list is unbounded)
MAX_SIGNATURES = 8  # signatures of one answer at most
CODES = frozenset(code.value for code in Code)
CONVENTION = "the target where the points reached pass it"
PAST_THE_CUT = "past the part kept"  # an answer held cut (harness.results.kept), the same up to the cut
ANOTHER_PLAYER = "another player"  # an event the reference gives, credited to another player
PAST_TARGET = "more past the target"  # the winner given points beyond the reference's winning score
EXTRA_EVENT = "an event the reference does not give"
MISSING_EVENT = "no event where the reference gives one"
OTHER_EVENT = "another event than the reference's"
EARLY_WIN = "a win where the reference plays on"  # the engine's events end in a win the reference has not reached
LATE_WIN = "play on where the reference wins"
SOME = "some where the reference gives 0"
UNKNOWN = "<unknown>"  # the key that marks the players' score differences as unknown (an event one side lacks)
_SCALARS = (str, int, float, type(None))
_MISSING = object()


@dataclass(frozen=True, order=True)
class Signature:
    """One way an answer differs from the reference's (see the module's doc). `example` shows the
    values of the first answer seen (`2 where it gives 1`); it is not part of the signature."""

    operation: str
    field: str
    event: str  # the event's type at the divergence, "" when not at an event
    reasons: tuple[str, ...]  # the reference's reasons at that event
    relation: str
    example: str = field(default="", compare=False)

    @property
    def convention(self) -> bool:
        """A known convention rather than a bug: the winner's score stopped at the target."""
        return self.relation == CONVENTION

    def to_json(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "field": self.field,
            "event": self.event,
            "reasons": list(self.reasons),
            "relation": self.relation,
            "example": self.example,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Signature:
        return cls(
            str(data["operation"]),
            str(data["field"]),
            str(data.get("event", "")),
            tuple(str(reason) for reason in data.get("reasons", ())),
            str(data["relation"]),
            str(data.get("example", "")),
        )


def signatures(
    operation: str,
    input: Mapping[str, Any],
    expected: Mapping[str, Any],
    actual: Mapping[str, Any],
    profile: str | None = None,
) -> tuple[Signature, ...]:
    """Every distinct way `actual` (an answer: `{"ok": ...}` or `{"rejected": {...}}`) differs
    from `expected` (a case's expectation: the keys compared, or `{"rejected": CODE, ...}`), in
    the order found; () when they agree. `profile` names the profile played (its target tells the
    winner's score stopped at the target); `input` is the request's input."""
    target = None if profile is None else _profile_target(profile)
    walk = _Walk(operation, target, _set_of(operation, input))
    found = list(dict.fromkeys(walk.answer(expected, actual)))
    if len(found) > 1:  # the winner's score stopped at the target is a convention only when all else agrees
        found = [dataclasses.replace(one, relation="less") if one.convention else one for one in found]
    return tuple(dict.fromkeys(found))[:MAX_SIGNATURES]


# --- the walk --------------------------------------------------------------------------------

# What follows from what: a key that differs is a consequence, and gives no signature, when one of
# the keys listed for it differs too. The keys of each operation in the order they are read.
CONSEQUENCES: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "show": {"breakdown": (), "combinations": (), "total": ("breakdown", "combinations")},
    "play": {"breakdown": (), "points": ("breakdown",)},
    "pegging": {"events": (), "points": ("events",), "unplayed": ("events",)},
    "deal": {},
    "cut": {"rounds": (), "dealer": ("rounds",)},
    "hand": {"starter": (), "events": ("starter",), "scores": ("starter", "events"), "winner": ("events", "scores")},
    "game": {
        "first_dealer": (),
        "events": ("first_dealer",),
        "scores": ("first_dealer", "events"),
        "winner": ("first_dealer", "events", "scores"),
        "hands_played": ("first_dealer", "events", "scores", "winner"),
        "skunk": ("first_dealer", "events", "scores", "winner"),
        "game_points": ("first_dealer", "events", "scores", "winner", "skunk"),
        "wins_match_outright": ("first_dealer", "events", "scores", "winner", "skunk"),
        "wins_match": ("first_dealer", "events", "scores", "winner", "skunk"),
        "totals": ("first_dealer", "events", "scores", "winner", "skunk", "game_points"),
    },
    "match": {"games": (), "winner": ("games",), "decided_by": ("games",), "totals": ("games",)},
}
PLAYER_KEYS = frozenset({"scores", "points", "totals"})  # a mapping of players (or roles, sides) to points
ROLE_KEYS = frozenset({"pone", "dealer"})  # players named by their role: kept as they are
SCORING_EVENTS = frozenset({"go", "last_card", "three_for_last", "heels", "muggins"})  # no card moves
SET_PARTS = frozenset({"flush", "nobs"})  # show parts whose rules differ between a hand and the crib
REASON_OF_PART = {"fifteen": "fifteen", "thirty_one": "thirty-one", "pairs": "pair", "run": "run"}


@dataclass(frozen=True)
class _Walk:
    operation: str
    target: int | None  # the profile's target, if known
    show_set: str  # a show operation's set ("hand" or "crib"), else ""

    def answer(self, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> Iterator[Signature]:
        rejection = actual.get("rejected") if isinstance(actual, Mapping) else None
        if "rejected" in expected:
            yield from self._rejection(expected, actual, rejection)
        elif isinstance(rejection, Mapping):
            code = _code(rejection)
            yield self._sign("rejection.code", f"rejection {code} where a result was expected", "", "", (code,))
        elif not isinstance(actual, Mapping) or "ok" not in actual:
            yield self._sign("(answer)", "neither a result nor a rejection")
        else:
            yield from self.result(expected, actual["ok"], CONSEQUENCES.get(self.operation, {}), "", None)

    def _rejection(self, expected: Mapping[str, Any], actual: Any, rejection: Any) -> Iterator[Signature]:
        code = _code({"code": expected["rejected"]})
        if not isinstance(rejection, Mapping):
            yield self._sign("rejection.code", f"a result where rejection {code} was expected", "", "", (code,))
        elif rejection.get("code") != expected["rejected"]:
            relation = f"rejection {_code(rejection)} where rejection {code} was expected"
            yield self._sign("rejection.code", relation, "", "", (code,))
        else:
            for key in ("index", "hand", "game"):
                if key in expected and not _same(expected[key], rejection.get(key, _MISSING)):
                    relation = _relation(expected[key], rejection.get(key, _MISSING))
                    example = _example(expected[key], rejection.get(key))
                    yield self._sign(f"rejection.{key}", f"rejection {code}: {relation}", example, "", (code,))
                    return

    def result(
        self,
        expected: Mapping[str, Any],
        actual: Any,
        chain: Mapping[str, tuple[str, ...]],
        prefix: str,
        winner: Any,
    ) -> Iterator[Signature]:
        """The signatures of a result (or a match's game, under `prefix`)."""
        if not isinstance(actual, Mapping):
            yield self._sign(prefix.rstrip(".") or "(result)", "another kind of value")
            return
        winner = expected.get("winner", winner)
        differing = [key for key in expected if not _same_compared(key, expected[key], _get(actual, key), "")]
        order = {key: place for place, key in enumerate(chain)}
        differing.sort(key=lambda key: order.get(key, len(order)))
        for key in differing:
            if any(cause in differing for cause in chain.get(key, ())):
                continue  # it follows from another key that differs
            yield from self._key(key, expected[key], _get(actual, key), prefix, winner)

    def _key(self, key: str, want: Any, got: Any, prefix: str, winner: Any) -> Iterator[Signature]:
        where = f"{prefix}{key}"
        if got is _MISSING:
            yield self._sign(where, "missing")
        elif key == "events" and isinstance(want, list):
            yield from self._events(want, got)
        elif key == "games" and self.operation == "match" and isinstance(want, list):
            yield from self._games(want, got)
        elif key in PLAYER_KEYS and isinstance(want, Mapping):
            yield from self._players(where, want, got, winner)
        elif key in ("breakdown", "combinations") and isinstance(want, Mapping) and isinstance(got, Mapping):
            for part, value in want.items():
                if not _same_compared(part, value, _get(got, part), key):
                    reasons = (self.show_set,) if part in SET_PARTS and self.show_set else ()
                    yield self._value(f"{where}.{part}", value, _get(got, part), "", reasons)
        else:
            yield self._value(where, want, got)

    def _players(self, where: str, want: Mapping[str, Any], got: Any, winner: Any) -> Iterator[Signature]:
        """The first player (the winner first) whose points differ: one part, since one bug
        changes every player's points that it touches."""
        if not isinstance(got, Mapping):
            yield self._sign(where, "another kind of value")
            return
        keys = sorted(want, key=lambda key: (key != winner, str(key)))
        for key in keys:
            if not _same(want[key], _get(got, key)):
                if key == winner and self.target is not None and _stopped_at(self.target, want[key], _get(got, key)):
                    yield self._sign(f"{where}.<winner>", CONVENTION, _example(want[key], _get(got, key)))
                elif key == winner and self.target is not None and _past(self.target, want[key], _get(got, key)):
                    yield self._sign(f"{where}.<winner>", PAST_TARGET, _example(want[key], _get(got, key)))
                else:
                    yield self._value(f"{where}.{_player(key)}", want[key], _get(got, key))
                return

    def _games(self, want: list[Any], got: Any) -> Iterator[Signature]:
        """A match's games: the first that differs (the games after it follow from it)."""
        if not isinstance(got, list):
            yield self._sign("games", "another kind of value")
            return
        chain = CONSEQUENCES["game"]
        for mine, theirs in zip(want, got, strict=False):
            if _is_cut(theirs):  # the answer as the run holds it ends here, the same so far
                yield self._sign("games", PAST_THE_CUT)
                return
            if isinstance(mine, Mapping) and not _same_compared("", mine, theirs, ""):
                yield from self.result(mine, theirs, chain, "games[*].", None)
                return
        if len(want) != len(got):
            yield self._sign("games", "more games" if len(got) > len(want) else "fewer games")

    def _events(self, want: list[Any], got: Any) -> Iterator[Signature]:
        """The events aligned by who did what: a divergence at each event whose points (or scores,
        or parts) differ; an event one side lacks; the walk ends at a play out of order."""
        if not isinstance(got, list):
            yield self._sign("events", "another kind of value")
            return
        mine, theirs = want[:MAX_EVENTS], got[:MAX_EVENTS]
        cut = next((at for at, event in enumerate(theirs) if _is_cut(event)), None)
        if cut is not None:  # the answer as the run holds it ends there: what follows is not known
            mine, theirs = mine[:cut], theirs[:cut]
            if _same_compared("events", mine, theirs, ""):
                yield self._sign("events", PAST_THE_CUT)
                return
        matcher = difflib.SequenceMatcher(None, [_identity(e) for e in mine], [_identity(e) for e in theirs], False)
        shift: dict[Any, Any] = {}  # each player's score difference so far (engine's less the reference's)
        for tag, first, last, start, end in matcher.get_opcodes():
            if tag == "equal":
                for index, other in zip(range(first, last), range(start, end), strict=True):
                    yield from self._event(mine, index, theirs[other], shift)
                continue
            lost = [e for e in mine[first:last] if isinstance(e, Mapping)]
            added = [e for e in theirs[start:end] if isinstance(e, Mapping)]
            context = _reasons(mine, first - 1) if first else ()
            if tag == "insert" and all(e.get("type") in SCORING_EVENTS for e in added):
                for event in added:  # its reasons as if the reference had given it there
                    reasons = _reasons([*mine[:first], event, *mine[first:]], first)
                    yield self._sign("events", EXTRA_EVENT, _points_example(event), _kind(event), reasons)
                shift[UNKNOWN] = True  # the events one side lacks moved the scores: the next event's set them
                continue
            if tag == "delete" and all(e.get("type") in SCORING_EVENTS for e in lost):
                for index in range(first, last):
                    yield self._sign("events", MISSING_EVENT, "", _kind(mine[index]), _reasons(mine, index))
                shift[UNKNOWN] = True
                continue
            if tag == "replace" and _other_players(mine[first:last], theirs[start:end]):
                yield self._sign("events[*].player", ANOTHER_PLAYER, "", _kind(mine[first]), _reasons(mine, first))
                shift[UNKNOWN] = True  # the points went to another player: the next event's scores set them
                continue
            win = _win_parting(_at(mine, first), _at(theirs, start))
            if win:  # the game's end where the other side's game goes on: the win, not the card after it
                yield self._sign("events", win, "", "win", ())
                return
            kind = _kind(_at(mine, first)) if first < len(mine) else _kind(_at(theirs, start))
            yield self._sign("events", OTHER_EVENT, "", kind, _reasons(mine, first) if first < len(mine) else context)
            return

    def _event(self, events: Sequence[Any], index: int, theirs: Any, shift: dict[Any, Any]) -> Iterator[Signature]:
        mine = events[index]
        if not isinstance(mine, Mapping) or not isinstance(theirs, Mapping):
            return
        kind, reasons = _kind(mine), _reasons(events, index)
        unknown = bool(shift.pop(UNKNOWN, False))
        before = dict(shift)
        _track(shift, mine, theirs)
        moved = not unknown and any(before.get(key, 0) != shift.get(key, 0) for key in {*before, *shift})
        if moved and not any(before.values()):  # the first score that differs: stopped at the target?
            stopped = self._stopped(mine, theirs)
            if stopped is not None:
                yield stopped
                return
        differing = [key for key in mine if not _same_compared(key, mine[key], _get(theirs, key), "events")]
        parts = [key for key in differing if key in ("scoring", "breakdown")]
        for key in parts:
            want, got = mine[key], _get(theirs, key)
            for part in want:
                theirs_part = _part(key, got, part)
                if not _same(want[part], theirs_part):
                    relation, example = _relation(want[part], theirs_part), _example(want[part], theirs_part)
                    yield self._sign(f"events[*].{key}.{part}", relation, example, kind, _part_reasons(mine, part))
        if parts:
            return
        if "points" in differing:
            got = _get(theirs, "points")
            relation = _relation(mine["points"], got)
            if relation == SOME:  # what the engine says it scored for, in the protocol's words only
                said = _engine_parts(theirs.get("scoring"))
                relation = f"{SOME}, for {' and '.join(said)}" if said else relation
            yield self._sign("events[*].points", relation, _example(mine["points"], got), kind, reasons)
            return
        if "scores" in differing and moved:  # the scores moved with no points to explain it
            yield self._sign("events[*].scores", "points pegged without an event", "", kind, reasons)
            return
        for key in differing:
            if key not in ("scores", "count"):
                yield self._value(f"events[*].{key}", mine[key], _get(theirs, key), kind, reasons)
                return

    def _stopped(self, mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> Signature | None:
        """The convention at an event: the engine's score for a player is the target where the
        reference's passes it (the winner's score stopped at the target)."""
        want, got = mine.get("scores"), theirs.get("scores")
        if self.target is None or not isinstance(want, Mapping) or not isinstance(got, Mapping):
            return None
        for key, value in want.items():
            if _stopped_at(self.target, value, _get(got, key)):
                return self._sign("scores.<winner>", CONVENTION, _example(value, _get(got, key)))
        return None

    def _value(self, where: str, want: Any, got: Any, event: str = "", reasons: tuple[str, ...] = ()) -> Signature:
        return self._sign(where, _relation(want, got, where), _example(want, got), event, reasons)

    def _sign(
        self, where: str, relation: str, example: str = "", event: str = "", reasons: tuple[str, ...] = ()
    ) -> Signature:
        return Signature(self.operation, where, event, reasons, relation, example)


# --- events ----------------------------------------------------------------------------------


def _is_cut(value: Any) -> bool:
    """The item that ends a list held cut (harness.results.kept: `... (N more items)`)."""
    return isinstance(value, str) and value.startswith("... (") and value.endswith(" more items)")


def _other_players(mine: Sequence[Any], theirs: Sequence[Any]) -> bool:
    """Are the engine's events the reference's, each credited to another player (the same kind,
    set, cards and points)?"""
    if len(mine) != len(theirs):
        return False
    for want, got in zip(mine, theirs, strict=True):
        if not isinstance(want, Mapping) or not isinstance(got, Mapping) or want.get("player") == got.get("player"):
            return False
        if _identity({**want, "player": None}) != _identity({**got, "player": None}):
            return False
    return True


def _identity(event: Any) -> tuple[Any, ...]:
    """Who did what: what aligns two lists of events."""
    if not isinstance(event, Mapping):
        return ("?",)
    keys = ("type", "player", "leader", "card", "set", "hand", "dealer")
    return tuple(_hashable(event.get(key)) for key in keys)


def _hashable(value: Any) -> Any:
    return value if isinstance(value, _SCALARS) else repr(value)[:200]


def _at(events: Sequence[Any], index: int) -> Any:
    return events[index] if index < len(events) else None


def _win_parting(mine: Any, theirs: Any) -> str:
    """Where the events part, is it at a win only one side gives? EARLY_WIN (the engine's), LATE_WIN
    (the reference's), else ""."""
    if _kind(theirs) == "win" and _kind(mine) != "win":
        return EARLY_WIN
    if _kind(mine) == "win" and _kind(theirs) != "win":
        return LATE_WIN
    return ""


def _kind(event: Any) -> str:
    kind = event.get("type") if isinstance(event, Mapping) else None
    return kind if kind in EVENT_WORDS else ("an unknown event" if kind is not None else "")


def _reasons(events: Sequence[Any], index: int) -> tuple[str, ...]:
    """The reference's reasons for its event `index`: a play's scoring (and `lead` for the card
    that opens a count), a show's set where its parts' rules differ by set, a last card's end (the
    last card of all, or a go's, at 31 or not)."""
    if not 0 <= index < len(events) or not isinstance(events[index], Mapping):
        return ()
    event = events[index]
    kind = event.get("type")
    if kind == "play":
        scoring = event.get("scoring")
        reasons = [REASON_OF_PART[p] for p in REASON_OF_PART if isinstance(scoring, Mapping) and scoring.get(p)]
        card_value = _card_value(event.get("card"))
        if card_value is not None and event.get("count") == card_value:
            reasons.insert(0, "lead")
        return tuple(reasons)
    if kind == "last_card":
        before = next((e for e in reversed(events[:index]) if isinstance(e, Mapping) and e.get("type") == "play"), None)
        ends = "go" if _played_after(events, index) else "last card"
        return (ends, "31") if before is not None and before.get("count") == 31 else (ends,)
    if kind == "show":
        return _event_set(event)
    return ()


def _event_set(event: Mapping[str, Any]) -> tuple[str, ...]:
    """A show event's set as its rules tell them apart: the crib, or a hand (the reference names a
    hand `pone_hand`, `dealer_hand`, or with three or four seats `hand`)."""
    shown = event.get("set")
    if not isinstance(shown, str):
        return ()
    return ("crib",) if shown == "crib" else ("hand",)


def _part(key: str, got: Any, part: str) -> Any:
    """An engine's part of a play's scoring: 0 when it leaves it out (the protocol lists the
    reasons that score only)."""
    value = _get(got, part) if isinstance(got, Mapping) else _MISSING
    return 0 if value is _MISSING and key == "scoring" and isinstance(got, Mapping) else value


def _played_after(events: Sequence[Any], index: int) -> bool:
    """Is a card played after event `index` in the same pegging (before the next show or deal)?
    Then a last card's point there is a go's; else it is the point for the last card of all."""
    for event in events[index + 1 :]:
        kind = event.get("type") if isinstance(event, Mapping) else None
        if kind in ("show", "deal"):
            return False
        if kind == "play":
            return True
    return False


def _part_reasons(event: Mapping[str, Any], part: str) -> tuple[str, ...]:
    """The reasons of a play's or a show's part that differs: the part, and for a show's flush or
    nobs the set (their rules differ between a hand and the crib)."""
    if event.get("type") == "show":
        return _event_set(event) if part in SET_PARTS else ()
    return ()


def _engine_parts(scoring: Any) -> list[str]:
    """The parts an engine's play event says it scored for, among the protocol's own names."""
    if not isinstance(scoring, Mapping):
        return []
    return [REASON_OF_PART[part] for part in REASON_OF_PART if _is_number(scoring.get(part)) and scoring.get(part)]


def _card_value(card: Any) -> int | None:
    if not isinstance(card, str) or not 2 <= len(card) <= 3:
        return None
    rank = card[:-1]
    if rank in ("T", "J", "Q", "K", "10"):
        return 10
    if rank == "A":
        return 1
    return int(rank) if rank.isdigit() and 2 <= int(rank) <= 9 else None


def _track(shift: dict[Any, Any], mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> None:
    """The players' score differences after this event, where both give scores."""
    want, got = mine.get("scores"), theirs.get("scores")
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        for key, value in want.items():
            other = _get(got, key)
            if _is_number(value) and _is_number(other):
                shift[_hashable(key)] = other - value


def _stopped_at(target: int, want: Any, got: Any) -> bool:
    return _is_number(want) and _is_number(got) and got == target < want


def _past(target: int, want: Any, got: Any) -> bool:
    """The winner's score more than the reference's, which reached the target: points pegged
    after the win, or a winning play that scores more."""
    return _is_number(want) and _is_number(got) and target <= want < got


# --- values ----------------------------------------------------------------------------------


def _relation(want: Any, got: Any, where: str = "") -> str:
    """How the engine's value stands to the reference's, in words that generalise over cases."""
    if got is _MISSING:
        return "missing"
    if _is_number(want) and _is_number(got):
        if got == want + 1:
            return "one more"
        if got == want - 1:
            return "one less"
        if want and not got:
            return "0 where the reference scores"
        if got and not want:
            return SOME
        if got == 2 * want:
            return "twice"
        if 2 * got == want:
            return "half"
        return "more" if got > want else "less"
    if isinstance(want, bool) or isinstance(got, bool):
        return f"{_word(got)} where the reference says {_word(want)}"
    if want is None or got is None:
        return "none where the reference has one" if got is None else "one where the reference has none"
    if isinstance(want, list) and isinstance(got, list):
        if len(want) != len(got):
            return "more items" if len(got) > len(want) else "fewer items"
        return "other items"
    if isinstance(want, str) and isinstance(got, str):
        return "another value"
    if type(want) is not type(got) and not (isinstance(want, Mapping) and isinstance(got, Mapping)):
        return "another kind of value"
    return "other values"


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "a number" if _is_number(value) else "another value"


def _example(want: Any, got: Any) -> str:
    """`2 where it gives 1`: numbers only (an engine's text never enters a signature)."""
    if _is_number(want) and _is_number(got) and abs(got) < 10**9:
        return f"{got} where it gives {want}"
    return ""


def _points_example(event: Mapping[str, Any]) -> str:
    points = event.get("points")
    return f"{points} where it gives none" if _is_number(points) and abs(points) < 10**9 else ""


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _code(rejection: Mapping[str, Any]) -> str:
    code = rejection.get("code")
    return code if isinstance(code, str) and code in CODES else "an unknown code"


def _player(key: Any) -> str:
    """A player's key generalised: a role as it is, any seat or side `<player>` (a bug in the
    points touches the winner and the loser alike)."""
    return str(key) if key in ROLE_KEYS else "<player>"


def _get(value: Any, key: Any) -> Any:
    """`value[key]`, under a renamed key's other name too (compare.RENAMED); _MISSING if absent."""
    if not isinstance(value, Mapping):
        return _MISSING
    if key in value:
        return value[key]
    for new, old in RENAMED.items():
        if key == new and old in value:
            return value[old]
        if key == old and new in value:
            return value[new]
    return _MISSING


def _same_compared(key: Any, want: Any, got: Any, parent: str) -> bool:
    """Do the two agree on what compare.py compares: only the keys the expectation gives, a set
    of cards in any order?"""
    if got is _MISSING:
        return False
    if isinstance(want, Mapping):
        if not isinstance(got, Mapping):
            return False
        return all(_same_compared(k, v, _get(got, k), str(key)) for k, v in want.items())
    if isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            return False
        if (key in UNORDERED_KEYS or parent in UNORDERED_UNDER) and _texts(want) and _texts(got):
            return sorted(want) == sorted(got)
        return all(_same_compared("", w, g, str(key)) for w, g in zip(want, got, strict=True))
    return _same(want, got)


def _texts(value: list[Any]) -> bool:
    return all(isinstance(item, str) for item in value)


def _same(one: Any, two: Any) -> bool:
    """JSON equality of what the expectation gives (a boolean never equals a number)."""
    if one is _MISSING or two is _MISSING:
        return one is two
    if isinstance(one, Mapping | list):
        return _same_compared("", one, two, "")
    if isinstance(one, bool) or isinstance(two, bool):
        return type(one) is type(two) and one == two
    return not isinstance(two, Mapping | list) and bool(one == two)


def _set_of(operation: str, input: Mapping[str, Any]) -> str:
    if operation != "show" or not isinstance(input, Mapping):
        return ""
    return "crib" if input.get("crib") is True else "hand"


@cache
def _profile(name: str) -> Profile | None:
    try:
        return load_profile(name)
    except CribbageError:
        return None


def _profile_target(name: str) -> int | None:
    profile = _profile(name)
    return None if profile is None else profile.target


# --- words -----------------------------------------------------------------------------------

EVENT_WORDS: Mapping[str, str] = {
    "play": "a card played",
    "go": "a go",
    "last_card": "the point for the last card",
    "reset": "the reset of the count",
    "three_for_last": "three for last",
    "heels": "his heels",
    "show": "a show",
    "win": "the win",
    "deal": "a deal",
    "muggins": "a muggins claim",
}
PART_WORDS: Mapping[str, str] = {
    "fifteen": "fifteen",
    "thirty_one": "31",
    "pairs": "pairs",
    "run": "run",
    "fifteens": "fifteens",
    "runs": "runs",
    "flush": "flush",
    "nobs": "nobs",
}
REASON_WORDS: Mapping[str, str] = {
    "fifteen": "a fifteen",
    "thirty-one": "a 31",
    "pair": "a pair",
    "run": "a run",
}
KEY_WORDS: Mapping[str, str] = {
    "total": "the total",
    "points": "the points",
    "events": "the events",
    "unplayed": "the cards left unplayed",
    "pone": "the pone's cards",
    "dealer": "the dealer",
    "hands": "the hands dealt",
    "crib_card": "the crib's card from the deck",
    "starter": "the starter",
    "rounds": "the rounds of the cut",
    "winner": "the winner",
    "hands_played": "the hands played",
    "first_dealer": "the first dealer",
    "skunk": "the skunk",
    "game_points": "the game points",
    "wins_match_outright": "whether the game wins the match outright",
    "wins_match": "whether the game wins the match outright",
    "decided_by": "what decided the match",
    "games": "the games",
    "scores": "the scores",
    "totals": "the match totals",
    "breakdown": "the breakdown",
    "combinations": "the combinations",
}
PLAYER_WORDS: Mapping[str, str] = {
    "<winner>": "the winner's",
    "<player>": "a player's",
    "pone": "the pone's",
    "dealer": "the dealer's",
}
RELATION_WORDS: Mapping[str, str] = {
    "one more": "the engine gives one more than the reference",
    "one less": "the engine gives one less than the reference",
    "0 where the reference scores": "the engine gives 0 where the reference scores",
    SOME: "the engine scores where the reference gives 0",
    "twice": "the engine gives twice the reference's",
    "half": "the engine gives half the reference's",
    "more": "the engine gives more than the reference",
    "less": "the engine gives less than the reference",
    CONVENTION: "the engine stops it at the target where the points reached pass it",
    PAST_TARGET: "the engine gives the winner more than the reference, past the target",
    ANOTHER_PLAYER: "the engine credits it to another player than the reference does",
    PAST_THE_CUT: "the engine's answer differs past the part of it the report keeps",
    EXTRA_EVENT: "the engine gives one where the reference gives none",
    MISSING_EVENT: "the engine leaves out one the reference gives",
    OTHER_EVENT: "the engine's events part from the reference's here (another event, or a card out of turn)",
    EARLY_WIN: "the engine ends the game where the reference plays on",
    LATE_WIN: "the engine plays on where the reference's game is won",
    "points pegged without an event": "the engine's scores move by points no event of its gives",
    "missing": "the engine's answer leaves it out",
    "another kind of value": "the engine gives another kind of value",
}


def describe(signature: Signature) -> str:
    """The signature in the game's words: "the point for the last card of all: the engine gives
    one more than the reference (2 where it gives 1)"."""
    relation = signature.relation
    if relation in RELATION_WORDS:
        said = RELATION_WORDS[relation]
    elif relation.startswith(f"{SOME}, for "):
        said = f"the engine scores {relation.removeprefix(f'{SOME}, for ')} where the reference gives 0"
    elif relation.startswith(("a result where", "rejection ")):
        said = f"the engine gives {relation}"
    else:
        said = f"the engine gives {relation}"
    example = f" ({signature.example})" if signature.example else ""
    return f"{subject(signature)}: {said}{example}"


def subject(signature: Signature) -> str:
    """What the signature is about: `the point for the last card of all`, `the winner's score`."""
    event, reasons, where = signature.event, signature.reasons, signature.field
    field_name = where.removeprefix("games[*].").removeprefix("events[*].")
    part = field_name.rsplit(".", 1)[-1] if field_name.startswith(("scoring.", "breakdown.", "combinations.")) else ""
    game = "a game's " if where.startswith("games[*].") else ""
    if signature.convention:
        return "the winner's score of a match's game" if game else "the winner's score"
    if where == "events" and event and event != "last_card":  # an event one side has and the other has not
        words = EVENT_WORDS.get(event, "an event")
        return f"{words} after {' and '.join(REASON_WORDS.get(r, r) for r in reasons)}" if reasons else words
    if event == "last_card":
        words = "the point for the last card of all" if "last card" in reasons else "the point for a go"
        return words + (" at 31" if "31" in reasons else "")
    if event == "play":
        return _play_subject(reasons, part)
    if event == "show":
        shown = "the crib" if "crib" in reasons else ("a hand" if "hand" in reasons else "a hand or crib")
        return f"the {PART_WORDS.get(part, part)} of {shown} in the show" if part else f"{shown} in the show"
    if event:
        return EVENT_WORDS.get(event, "an event")
    return game + _key_subject(signature.operation, field_name, reasons)


def _play_subject(reasons: tuple[str, ...], part: str) -> str:
    lead = "lead" in reasons
    scored = [REASON_WORDS[reason] for reason in reasons if reason in REASON_WORDS]
    if part:
        who = "a card that leads a new count" if lead else "a card played"
        return f"the {PART_WORDS.get(part, part)} of {who}"
    if lead:
        return "a card that leads a new count"
    return f"a card played that scores {' and '.join(scored)}" if scored else "a card played that scores nothing"


def _key_subject(operation: str, field_name: str, reasons: tuple[str, ...]) -> str:
    head, _, rest = field_name.partition(".")
    if head in ("breakdown", "combinations") and rest:
        part = PART_WORDS.get(rest, rest)
        cards = " (the cards scored)" if head == "combinations" else ""
        if operation == "play":
            return f"the {part} of a card played{cards}"
        where = f"the {reasons[0]}" if reasons else "a hand or crib"
        return f"the {part} of {where} in the show{cards}"
    if head == "rejection":
        return "the rejection" if rest == "code" else f"the rejection's {rest}"
    if head in PLAYER_KEYS and rest:
        noun = {"scores": "score", "points": "pegging points", "totals": "match total"}[head]
        return f"{PLAYER_WORDS.get(rest, 'a player')} {noun}"
    if operation == "play" and head == "points":
        return "the points of a card played"
    if operation == "show" and head == "total":
        return "the show's total"
    return KEY_WORDS.get(head, "the answer")


# --- rules -----------------------------------------------------------------------------------

RULE_OF_REASON: Mapping[str, str] = {
    "fifteen": "peg.fifteen",
    "thirty-one": "peg.thirty-one",
    "pair": "peg.pairs",
    "run": "peg.runs",
    "lead": COUNT_RULE,
    "go": "peg.go",
    "31": "peg.thirty-one",
}


def rules_of(signature: Signature, profile: str | None = None, fallback: bool = True) -> tuple[str, ...]:
    """The rules the signature rests on, from its event (its type, its reasons, the part that
    differs) or else its field: the rules of what differs, never of the case it differed on.
    `profile`, if known, names the count rule and the seats' statements of a rule. When the
    signature names none (a show's total alone), the operation's rules, or () without `fallback`."""
    found = resolved(_rules(signature), profile)
    return found or (resolved(OP_RULES.get(signature.operation, ()), profile) if fallback else ())


def resolved(rules: Sequence[str], profile: str | None) -> tuple[str, ...]:
    """`rules` as the profile states them: the count rule of its count, a hand flush of its
    family, a two-player rule's statement for its seats; each once."""
    loaded = _profile(profile) if profile is not None else None
    count = "peg.single-count" if loaded is not None and loaded.count == "single" else "peg.restart"
    rules = [count if rule == COUNT_RULE else rule for rule in rules]
    if loaded is not None and loaded.cards_kept == 3:
        rules = ["show.hand-flush-five-card" if rule == "show.hand-flush-six-card" else rule for rule in rules]
    if loaded is not None and loaded.seats > 2:
        rules = [SEAT_RULES.get(rule, rule) for rule in rules]
    if loaded is not None and loaded.seats == 3:
        rules = [THREE_SEAT_RULES.get(rule, rule) for rule in rules]
    if loaded is not None and loaded.sides:  # partnerships: a side's skunk is the losing side's
        rules = [step for rule in rules for step in (*PARTNERSHIP_RULES.get(rule, ()), rule)]
    return tuple(dict.fromkeys(rule for rule in rules if rule))


def _rules(signature: Signature) -> list[str]:
    event, reasons, where = signature.event, signature.reasons, signature.field
    tail = where.removeprefix("games[*].").removeprefix("events[*].")
    part = tail.rsplit(".", 1)[-1] if tail.startswith(("scoring.", "breakdown.", "combinations.")) else ""
    if signature.convention:
        return ["game.win"]
    if where.startswith("rejection."):
        relation = signature.relation  # another code than the expected one: the order of the checks too
        other = relation.startswith("rejection ") and " where rejection " in relation
        return [
            *(["input.rejection-order"] if other else []),
            *(r for code in reasons for r in rejection_rules(signature.operation, code, {})),
        ]
    said = signature.relation.rpartition(", for ")[2].split(" and ") if ", for " in signature.relation else []
    if event == "play":
        parts = [PLAY_PARTS.get(part, "")] if part else []
        parts += [RULE_OF_REASON.get(reason, "") for reason in (*said, *reasons)]
        return [*parts, *EVENT_RULES["play"]] if not any(parts) else parts
    if event == "last_card":
        return ["peg.last-card", *(RULE_OF_REASON[reason] for reason in reasons if reason in ("go", "31"))]
    if event == "show":
        return [_show_rule(part, reasons)] if part else [*EVENT_RULES["show"]]
    if signature.operation == "show":
        return [_show_rule(part, reasons)] if part else []
    if event:
        return [*EVENT_RULES.get(event, ()), *(RULE_OF_REASON.get(reason, "") for reason in reasons)]
    if part and signature.operation == "play":
        return [PLAY_PARTS.get(part, "")]
    return list(KEY_RULES.get(signature.operation, {}).get(tail.split(".", 1)[0], ()))


def _show_rule(part: str, reasons: tuple[str, ...]) -> str:
    if part != "flush":
        return SHOW_PARTS.get(part, "")
    if "crib" in reasons:
        return "show.crib-flush"
    return "show.hand-flush-six-card"
