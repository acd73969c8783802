"""The table: the seats clockwise, the left of a seat, and the sides that share a score.

Seats are named A, B (, C, D) clockwise, as many as the profile has; "the left" of a seat is the
next seat clockwise (rules variant.three-players, variant.four-players). A side is what pegs on
one score: each seat is its own side, except in partnerships (four-player), where A and C form the
side AC and B and D the side BD (rule game.sides). With two players nothing here changes the game:
the seat at the dealer's left is the pone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.profiles import Profile

Seat = str  # "A", "B", "C" or "D"; in the two-player pegging operation, the roles "pone" and "dealer"
Side = str  # a seat, or a partnership "AC" / "BD"
SEAT_NAMES: tuple[Seat, ...] = ("A", "B", "C", "D")
# Every name a seat or side has at some table: the protocol's schemas refuse any other.
TABLE_NAMES: frozenset[str] = frozenset((*SEAT_NAMES, "AC", "BD"))


def seats_of(profile: Profile) -> tuple[Seat, ...]:
    """The seats at the table, clockwise: A B, A B C or A B C D (rules variant.three-players,
    variant.four-players; input.seats)."""
    return SEAT_NAMES[: profile.seats]


def left_of(seat: Seat, order: Sequence[Seat]) -> Seat:
    """The next seat clockwise, in `order` (any listing of the seats clockwise): the seat that
    plays next (rule peg.order-seats) and deals next (rule deal.rotate)."""
    return order[(list(order).index(seat) + 1) % len(order)]


def round_from_left_of(dealer: Seat, seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """The seats in turn from the dealer's left, clockwise, the dealer last: the order of dealing,
    of the pegging's first series, and of the show (rules deal.dealing-seats, peg.order-seats,
    game.show-order-seats). Two players: (pone, dealer)."""
    start = list(seats).index(dealer) + 1
    return tuple(seats[(start + step) % len(seats)] for step in range(len(seats)))


def sides_of(profile: Profile) -> tuple[Side, ...]:
    """The sides, each pegging on one score (rule game.sides): the partnerships, or each seat."""
    if profile.sides is None:
        return seats_of(profile)
    return tuple(side for side, _ in profile.sides)


def side_of(seat: Seat, profile: Profile) -> Side:
    """Rule game.sides: the side a seat pegs for: its partnership, or itself."""
    for side, members in profile.sides or ():
        if seat in members:
            return side
    return seat


def other_sides(side: Side, profile: Profile) -> tuple[Side, ...]:
    """The opponents of a side (rule game.sides): who pegs a muggins, who loses a game."""
    return tuple(other for other in sides_of(profile) if other != side)


def check_seat(seat: object, profile: Profile, what: str) -> Seat:
    """Rule input.seats: a seat of this table (a string naming another seat is bad_seat; a string
    that names no seat of any table is invalid_input, a value the protocol's schemas refuse)."""
    if not isinstance(seat, str):
        raise TypeError(f"{what} is a seat name such as 'A', got {type(seat).__name__}")
    if seat not in SEAT_NAMES:
        raise CribbageError(Code.INVALID_INPUT, f"{what} {seat!r} names no seat: seats are A, B (, C, D)")
    if seat not in seats_of(profile):
        raise CribbageError(
            Code.BAD_SEAT, f"{what} {seat!r} is not a seat of {profile.name}: seats {' '.join(seats_of(profile))}"
        )
    return seat


def check_keys(mapping: object, expected: Sequence[str], profile: Profile, what: str) -> Mapping[str, Any]:
    """Rule input.seats: a mapping with exactly one entry per seat (or side) of the table (a key
    that names no seat or side of any table is invalid_input, a value the protocol's schemas refuse)."""
    if not isinstance(mapping, Mapping):
        raise TypeError(f"{what} is a mapping by seat or side, got {type(mapping).__name__}")
    keys = list(mapping)
    strange = [key for key in keys if key not in TABLE_NAMES]
    if strange:
        raise CribbageError(
            Code.INVALID_INPUT, f"{what} is given for {' '.join(map(repr, strange))}: no table has such a seat or side"
        )
    if sorted(keys) != sorted(expected):
        raise CribbageError(
            Code.BAD_SEAT,
            f"{what} is given for {' '.join(map(str, keys)) or 'nobody'}; {profile.name} has {' '.join(expected)}",
        )
    return mapping
