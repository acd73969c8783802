"""Inputs for every operation of the suite, drawn at random, as the JSON that cases and requests
carry (docs/case-format.md): the Hypothesis strategy `examples` of the differential fuzzer
(harness/fuzz/fuzz.py).

Every choice goes through a Picker: Hypothesis's draws (so that a failing input shrinks) or, for
the hands a steered game tries and throws away, a seeded `random.Random` (cheaper by far).

- Cards are taken one at a time from what is left of the deck, with a bias picked per example (a
  suit, for flushes; a window of ranks that may wrap past the king, for runs; a few ranks, for
  pairs), so that rare hands are common. Choices shrink toward the deck's first cards (AC 2C...).
- `simulate_pegging` plays a whole pegging by choosing, at each turn, any card that fits. It is a
  second, deliberately separate statement of the go rules (not the reference's), so that
  replaying its sequences tests an engine against something other than the reference itself.
  `simulate_table` is the same for a table of three or four seats: the go passed round the
  table, the next series led by the first seat left of the last card's player that holds cards.
- Illegal plays are a legal sequence corrupted at one index: a go while a card fits, a card that
  takes the count past 31, the opponent's card, a card nobody holds, the plays cut short, a play
  after the end, two plays swapped.
- Tables of three and four seats are drawn like two: dealt round the table from the dealer's left
  (three players: one card of the deck to the crib), one discard each, cuts for deal where only
  the seats tied for the lowest cut again, running scores by side. Under a muggins profile the
  peggings and hands may carry claims (most right, some short, some over, now and then a refused
  one: a claim on nothing, or on a count twice); a discard of another seat's card spoils a hand.
- Hands come dealt (cards + starter) or from a deck with a cut depth, with running scores often
  near the target. Games are played from a cut for deal (ties included) with random legal
  decisions until a side wins, or are cut short, or carry a hand too many. A game may be steered
  toward a final score for the loser, such as a skunk line: each of its hands is then the best of
  a few tried, which the reference engine scores (its one use here: to know the running scores).
- Matches (under a match profile only) are games in turn, the loser of each dealing the next,
  until the match is won by game points or a triple skunk; or cut short, or with a game after the
  match was won, or a hand after a game's win. Their games are steered like the others, the
  deepest (a triple skunk's) with the most tries.
- `examples(operations, profiles)` picks an operation, a profile and an input, in a mix weighted
  so that each kind of bug is reachable.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from math import inf
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

from cribcheck.harness.fuzz.example import Example, main_profile, reference_profile
from cribcheck.reference import (
    Card,
    CribbageError,
    Profile,
    full_deck,
    play_hand,
    seats_of,
    sides_of,
    skunk_of,
)

DECK: tuple[Card, ...] = full_deck()
CARDS: Mapping[str, Card] = MappingProxyType({str(card): card for card in DECK})
MAX_COUNT = 31
COUNT_LINES = (15, MAX_COUNT)  # the counts the pegging scores at (peg.fifteen, peg.thirty-one)
SMALLEST_PACKET = 4  # cards each packet of a cut keeps
STRAY = 5  # one card in STRAY ignores the example's bias
JACK = 11
JACK_TURNED = 5  # one starter in JACK_TURNED is a jack on purpose (his heels), beside the jacks of chance
NEAR_TARGET = 30  # "near the target": at most this many points short
MAX_GAME_HANDS = 40  # far more than any game needs
STEERING_TRIES = 4  # hands tried for each hand of a steered game
FINAL_STEERING_TRIES = 16  # and for each hand near its end
DEEP_STEERING_TRIES = 32  # for every hand of a game steered deep (see DEEP_GOAL)
DEEP_GOAL = 3  # a goal below target / DEEP_GOAL (a triple skunk) is steered with the most tries
NEAR_END = 40  # points short of the target from which a hand may end the game
SEEDS = 2**32
MAX_MATCH_GAMES = 7  # more than any match to 3 game points needs
PLAYERS = ("A", "B")
SEAT_NAMES = ("A", "B", "C", "D")  # every seat any table has, clockwise
CLAIMED_PLAY_POINTS = (0, 0, 1, 2, 3, 4, 6)  # what a claim on a play says (most plays score 0 or 2)
LAST_CARD = 1  # the point for a go or the last card, what a claim of it is short of
MOST_SHOW_POINTS = 16  # a show claim says 0 to this many
Json = dict[str, Any]
T = TypeVar("T")

# op -> weight in the mix; the order is the shrinking order (toward `show`)
OPERATION_WEIGHTS: Mapping[str, int] = MappingProxyType(
    {"show": 3, "play": 3, "pegging": 3, "deal": 1, "cut": 1, "hand": 4, "game": 3, "match": 1}
)
MAIN_PROFILE_WEIGHT = 3  # a main profile is picked this many times as often as a variant
SKUNK_PROFILE_WEIGHT = 2  # for games, a profile with skunks is picked this many times as often
CLAIMED = frozenset({"pegging", "hand", "game"})  # the operations whose input carries muggins claims


Prefer = Callable[[list[Card], int], list[Card]]  # the cards to choose among, of those that fit at a count


class Picker(Protocol):
    """Where the choices come from: `index(size)` is a number from 0 to size - 1."""

    def index(self, size: int) -> int: ...


@dataclass(frozen=True)
class DrawPicker:
    """Choices drawn by Hypothesis: recorded, replayed and shrunk (toward 0)."""

    draw: st.DrawFn

    def index(self, size: int) -> int:
        return 0 if size <= 1 else self.draw(st.integers(0, size - 1))


@dataclass(frozen=True)
class RandomPicker:
    """Choices from a seeded generator: fast, reproducible from the seed, not shrunk."""

    rng: random.Random

    def index(self, size: int) -> int:
        return 0 if size <= 1 else self.rng.randrange(size)


def one_of(pick: Picker, choices: Sequence[T]) -> T:
    return choices[pick.index(len(choices))]


def between(pick: Picker, low: int, high: int) -> int:
    return low + pick.index(high - low + 1)


def one_in(pick: Picker, odds: int) -> bool:
    """True once in `odds` (shrinks to False)."""
    return pick.index(odds) == odds - 1


def texts(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def other_role(role: str) -> str:
    return "dealer" if role == "pone" else "pone"


def other_player(player: str) -> str:
    return "B" if player == "A" else "A"


# --- cards -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bias:
    """Which cards the choices of one example prefer: none, one suit, or a set of ranks."""

    suit: str | None = None
    ranks: frozenset[int] = frozenset()

    @property
    def neutral(self) -> bool:
        return self.suit is None and not self.ranks

    def prefers(self, card: Card) -> bool:
        return card.suit == self.suit if self.suit is not None else card.rank in self.ranks


def pick_bias(pick: Picker) -> Bias:
    kind = one_of(pick, ("none", "suit", "run", "ranks"))
    if kind == "suit":
        return Bias(suit=one_of(pick, "CDHS"))
    if kind == "run":  # a window of ranks, wrapping past the king (Q K A 2) to tempt ace-high runs
        low, width = between(pick, 1, 13), between(pick, 3, 5)
        return Bias(ranks=frozenset((low - 1 + step) % 13 + 1 for step in range(width)))
    if kind == "ranks":
        return Bias(ranks=frozenset(between(pick, 1, 13) for _ in range(between(pick, 1, 3))))
    return Bias()


def take_card(pick: Picker, pool: list[Card], bias: Bias, among: Sequence[Card] | None = None) -> Card | None:
    """Take one card out of `pool` (one of `among`, when given), mostly one the bias prefers;
    None when there is none to take."""
    choices = list(pool if among is None else among)
    if not choices:
        return None
    if not bias.neutral:
        preferred = [card for card in choices if bias.prefers(card)]
        if preferred and len(preferred) < len(choices) and not one_in(pick, STRAY):
            choices = preferred
    card = one_of(pick, choices)
    pool.remove(card)
    return card


def take_cards(pick: Picker, pool: list[Card], size: int, bias: Bias) -> list[Card]:
    cards = []
    for _ in range(size):
        card = take_card(pick, pool, bias)
        assert card is not None, "the deck ran out"
        cards.append(card)
    return cards


def take_starter(pick: Picker, pool: list[Card], bias: Bias) -> Card:
    """The starter follows the bias only half the time: a flush with and without it."""
    return take_cards(pick, pool, 1, bias if not one_in(pick, 2) else Bias())[0]


def take_deck(pick: Picker) -> list[Card]:
    """The 52 cards in a picked order (top first)."""
    pool = list(DECK)
    return [pool.pop(pick.index(len(pool))) for _ in range(len(DECK))]


def take_subset(pick: Picker, cards: Sequence[Card], size: int) -> list[Card]:
    left = list(cards)
    return [left.pop(pick.index(len(left))) for _ in range(size)]


# --- the pegging: an independent simulator ------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One play of a legal pegging, with the state before it."""

    role: str  # the seat to play ("pone" or "dealer" in a two-player pegging)
    count: int  # the count before the card
    held: tuple[Card, ...]  # the player's cards before the play
    other: tuple[Card, ...]  # the opponent's cards
    card: Card
    goes: tuple[str, ...] = ()  # the seats that said go since the previous play, in turn

    @property
    def after_go(self) -> bool:
        """A go was said since the previous play: "go"s (as many as `goes`) may stand before this card."""
        return bool(self.goes)


@dataclass(frozen=True)
class PeggingRun:
    turns: tuple[Turn, ...]
    final_goes: tuple[str, ...]  # the seats that said go after the last play, in turn
    unplayed: tuple[Card, ...]  # cards left in hand (one count per hand)

    @property
    def cards(self) -> list[Card]:
        return [turn.card for turn in self.turns]

    @property
    def ends_with_go(self) -> bool:
        return bool(self.final_goes)


def simulate_pegging(
    pone: Sequence[Card],
    dealer: Sequence[Card],
    restarting: bool,
    choose: Callable[[list[Card]], Card],
    prefer: Prefer | None = None,
) -> PeggingRun:
    """Play a whole two-player pegging (the roles "pone" and "dealer"), as `simulate_table` says."""
    return simulate_table({"pone": pone, "dealer": dealer}, ("pone", "dealer"), restarting, choose, prefer)


def simulate_table(
    hands: Mapping[str, Sequence[Card]],
    order: Sequence[str],
    restarting: bool,
    choose: Callable[[list[Card]], Card],
    prefer: Prefer | None = None,
) -> PeggingRun:
    """Play a whole pegging at a table, `choose` picking each card among those that fit (or among
    those of them that `prefer` gives for the count, when it gives any). `order`
    lists the seats in turn, the first leader (the dealer's left) first. The turn goes round
    clockwise from the last card's player: a seat with a card that fits plays; a seat holding
    cards, none of which fits, says go (once a series; never at 31, where the series is simply
    over); a seat with no cards, or that already said go, is passed in silence. When the turn is
    back at the last card's player and it cannot play, the series ends: for good with one count
    per hand, else the count restarts and the first seat left of the last card's player that
    still holds cards leads. With two players: the pone's go, then the dealer plays on or scores;
    the one who did not play the last card leads, or the other, holding the only cards left."""
    held = {seat: list(hands[seat]) for seat in order}
    seat, count, last = order[0], 0, order[0]
    said_go: set[str] = set()
    goes: list[str] = []
    turns: list[Turn] = []

    def left(of: str) -> str:
        return order[(order.index(of) + 1) % len(order)]

    while True:
        playable = [card for card in held[seat] if count + card.value <= MAX_COUNT]
        if playable:
            card = choose((prefer and prefer(playable, count)) or playable)
            others = tuple(other for at in order if at != seat for other in held[at])
            turns.append(Turn(seat, count, tuple(held[seat]), others, card, tuple(goes)))
            goes = []
            held[seat].remove(card)
            count += card.value
            last, seat = seat, left(seat)
            continue
        if seat != last:  # on round the table: say go, or pass in silence
            if held[seat] and count < MAX_COUNT and seat not in said_go:
                said_go.add(seat)
                goes.append(seat)
            seat = left(seat)
            continue
        # back at the last card's player, who cannot play: the series is over
        if not restarting or not any(held.values()):
            return PeggingRun(tuple(turns), tuple(goes), tuple(card for at in order for card in held[at]))
        count, said_go = 0, set()
        seat = left(last)
        while not held[seat]:
            seat = left(seat)


def on_count_lines(pick: Picker) -> Prefer:
    """Half the time, the cards that make the count one of COUNT_LINES (15 and 31), where the
    pegging's points and its ends are decided; else none (any card that fits)."""

    def prefer(fits: list[Card], count: int) -> list[Card]:
        lines = [card for card in fits if count + card.value in COUNT_LINES]
        return lines if lines and one_in(pick, 2) else []

    return prefer


def random_pegging(pick: Picker, pone: Sequence[Card], dealer: Sequence[Card], profile: Profile) -> PeggingRun:
    """A legal two-player pegging with random decisions, leaning toward 15 and 31."""
    restarting = profile.count == "restarting"
    return simulate_pegging(pone, dealer, restarting, lambda fits: one_of(pick, fits), on_count_lines(pick))


def random_table_pegging(pick: Picker, kept: Mapping[str, Sequence[Card]], dealer: str, profile: Profile) -> PeggingRun:
    """A legal pegging at the profile's table with random decisions (the dealer's left leads),
    leaning toward 15 and 31."""
    order = turn_order(dealer, profile)
    restarting = profile.count == "restarting"
    return simulate_table(kept, order, restarting, lambda fits: one_of(pick, fits), on_count_lines(pick))


def turn_order(dealer: str, profile: Profile) -> tuple[str, ...]:
    """The seats of the table from the dealer's left, clockwise, the dealer last: the order of the
    deal, of the first series and of the show (with two players: pone, dealer)."""
    seats = seats_of(profile)
    start = seats.index(dealer) + 1
    return tuple(seats[(start + step) % len(seats)] for step in range(len(seats)))


def left_of(seat: str, profile: Profile) -> str:
    """The next seat clockwise: who deals the next hand."""
    seats = seats_of(profile)
    return seats[(seats.index(seat) + 1) % len(seats)]


CORRUPTIONS = ("go", "over", "go", "over", "other", "unheld", "short", "extra", "swap")  # go, over 31: twice


def play_sequence(pick: Picker, run: PeggingRun, unused: Sequence[Card], corrupt: bool) -> list[str]:
    """The cards as played, with an explicit "go" now and then where one was said; when `corrupt`,
    spoiled at one index (see CORRUPTIONS)."""
    tokens: list[str] = []
    positions: list[int] = []  # turn i's card is tokens[positions[i]]
    for turn in run.turns:
        tokens += written_goes(pick, turn.goes)
        positions.append(len(tokens))
        tokens.append(str(turn.card))
    tokens += written_goes(pick, run.final_goes)
    return corrupted(pick, run, tokens, positions, unused) if corrupt else tokens


def written_goes(pick: Picker, goes: Sequence[str]) -> list[str]:
    """Half the time, some of the go's said (one or more: each may be written or left out)."""
    if not goes or not one_in(pick, 2):
        return []
    return ["go"] * between(pick, 1, len(goes))


def past_31(turn: Turn, cards: Sequence[Card] | None = None) -> list[Card]:
    """The cards the player holds at this turn (or `cards`) that would take the count past 31."""
    return [card for card in (turn.held if cards is None else cards) if turn.count + card.value > MAX_COUNT]


def corrupted(
    pick: Picker, run: PeggingRun, tokens: list[str], positions: list[int], unused: Sequence[Card]
) -> list[str]:
    """The plays spoiled once, at a picked turn, in a picked way (CORRUPTIONS)."""
    kind = one_of(pick, CORRUPTIONS) if run.turns else "extra"
    if kind == "extra":  # a play after the end: a card left in hand, else one nobody holds
        spare = run.unplayed or tuple(unused)
        return [*tokens, str(one_of(pick, spare))] if spare else tokens
    # a card past 31 needs a turn with such a card in hand: one of those turns, if there are any;
    # another seat's card, half the time one that would pass 31 too (two rules broken at once)
    if kind == "over":
        where = [index for index, turn in enumerate(run.turns) if past_31(turn)]
    elif kind == "other" and one_in(pick, 2):
        where = [index for index, turn in enumerate(run.turns) if past_31(turn, turn.other)]
    else:
        where = []
    index = one_of(pick, where) if where else pick.index(len(run.turns))
    turn, at = run.turns[index], positions[index]
    if where:
        spoiler = past_31(turn) if kind == "over" else past_31(turn, turn.other)
        return [*tokens[:at], str(one_of(pick, spoiler)), *tokens[at + 1 :]]
    if kind in ("over", "other") and turn.other:
        return [*tokens[:at], str(one_of(pick, turn.other)), *tokens[at + 1 :]]
    if kind == "unheld" and unused:
        return [*tokens[:at], str(one_of(pick, unused)), *tokens[at + 1 :]]
    if kind == "go":  # a go from a player holding the card about to be played
        return [*tokens[:at], "go", *tokens[at:]]
    if kind == "swap" and index + 1 < len(positions):
        swapped = list(tokens)
        after = positions[index + 1]
        swapped[at], swapped[after] = swapped[after], swapped[at]
        return swapped
    return tokens[:at]  # cut short


# --- show, play, pegging ---------------------------------------------------------------------


def show_input(pick: Picker, profile: Profile) -> Json:
    """A hand or a crib and a starter; now and then a card too many or too few (wrong_card_count)."""
    crib = one_in(pick, 2)
    bias = pick_bias(pick)
    pool = list(DECK)
    size = profile.crib_size if crib else profile.cards_kept
    cards = take_cards(pick, pool, size + (one_of(pick, (-1, 1)) if one_in(pick, 16) else 0), bias)
    starter = take_starter(pick, pool, bias)
    return {"cards": texts(cards), "starter": str(starter), "crib": crib}


def play_input(pick: Picker, profile: Profile) -> Json:
    """The cards of a count, in play order, at most 31, each card a quarter of the time one that
    makes the count 15 or 31 (where there is one); now and then a last card past 31."""
    bias = pick_bias(pick)
    pool = list(DECK)
    count: list[Card] = []
    total = 0
    for _ in range(between(pick, 1, 8)):
        fits = [card for card in pool if total + card.value <= MAX_COUNT]
        lines = [card for card in fits if total + card.value in COUNT_LINES]
        card = take_card(pick, pool, bias, lines if lines and one_in(pick, 4) else fits)
        if card is None:
            break
        count.append(card)
        total += card.value
    if one_in(pick, 8):
        card = take_card(pick, pool, bias, [card for card in pool if total + card.value > MAX_COUNT])
        count += [card] if card else []
    return {"count": texts(count)}


def pegging_input(pick: Picker, profile: Profile) -> Json:
    """Two players: the kept hands by role. Three or four seats: the dealer's seat and the kept
    hands by seat. Under muggins (and now and then under another profile) claims on the plays."""
    bias = pick_bias(pick)
    pool = list(DECK)
    if profile.seats == 2:
        pone = take_cards(pick, pool, profile.cards_kept, bias)
        dealer = take_cards(pick, pool, profile.cards_kept, bias)
        run = random_pegging(pick, pone, dealer, profile)
        plays = play_sequence(pick, run, pool, corrupt=one_in(pick, 3))
        data: Json = {"pone": texts(pone), "dealer": texts(dealer), "plays": plays}
    else:
        seat = one_of(pick, seats_of(profile))
        kept = {at: take_cards(pick, pool, profile.cards_kept, bias) for at in turn_order(seat, profile)}
        run = random_table_pegging(pick, kept, seat, profile)
        plays = play_sequence(pick, run, pool, corrupt=one_in(pick, 3))
        data = {"dealer": seat, "hands": {at: texts(kept[at]) for at in seats_of(profile)}, "plays": plays}
    return with_claims(pick, data, profile, shows=(), spots=Spots(count_ends(run, plays)))


# --- muggins claims ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Spots:
    """Where the counts that are never claimed fall in one hand, so that a claim of each can be
    drawn where it would change the score: the plays (by index) whose card ends a count (a go or
    last-card point), the starter (a jack: his heels), and whether three for last is scored."""

    ends: tuple[int, ...] = ()
    starter: Card | None = None
    three_for_last: bool = False


def count_ends(run: PeggingRun, plays: Sequence[str]) -> tuple[int, ...]:
    """The indices in `plays` of the cards of `run` that end a count: before a reset, and the last."""
    indices = [index for index, token in enumerate(plays) if token != "go"]
    turns = run.turns
    ends = [place for place in range(len(turns)) if place + 1 == len(turns) or turns[place + 1].count == 0]
    return tuple(
        indices[place] for place in ends if place < len(indices) and plays[indices[place]] == str(turns[place].card)
    )


def with_claims(
    pick: Picker, data: Json, profile: Profile, shows: Sequence[str], spoil: bool | None = None, spots: Spots = Spots()
) -> Json:
    """`data` with muggins claims, most of the time under a muggins profile, now and then under
    another (where they change nothing, and an engine that does not read claims is not sent them).
    `spoil`: one claim the rules refuse (None: once in a while under a muggins profile, the only
    profiles a case may expect bad_claim under)."""
    wanted = not one_in(pick, 4) if profile.muggins else one_in(pick, 12)
    if not spoil and not wanted:
        return data
    claims = draw_claims(pick, data["plays"], shows, spots, profile)
    if spoil or (spoil is None and profile.muggins and claims and one_in(pick, 3)):
        claims.append(spoiled_claim(pick, claims, data["plays"], shows))
    return {**data, "claims": claims} if claims else data


def draw_claims(pick: Picker, plays: Sequence[str], shows: Sequence[str], spots: Spots, profile: Profile) -> list[Json]:
    """Claims on some of the plays (by index) and shows (a seat's hand, or the crib), of 0 to a
    few points (a count left out is claimed in full); and claims of the counts that are never
    claimed, on the spot where each scores (`spots`) and mostly short (never_claimed_points), as
    an engine that pegs such a claim would peg less: half the time a last-card claim on a card
    that ends a count, half the time his heels with a jack turned, half the time three for last
    where it is scored; now and then one where nothing scores."""
    cards = [index for index, token in enumerate(plays) if token != "go"]
    claims: list[Json] = [
        {"play": index, "points": one_of(pick, CLAIMED_PLAY_POINTS)} for index in cards if one_in(pick, 3)
    ]
    claims += [{"show": owner, "points": between(pick, 0, MOST_SHOW_POINTS)} for owner in shows if one_in(pick, 2)]
    if spots.ends and one_in(pick, 2):
        claims.append({"last_card": one_of(pick, spots.ends), "points": never_claimed_points(pick, LAST_CARD)})
    elif cards and one_in(pick, 8):
        claims.append({"last_card": one_of(pick, cards), "points": never_claimed_points(pick, LAST_CARD)})
    heels = spots.starter is not None and spots.starter.rank == JACK
    for kind, scored, worth in (
        ("heels", heels, profile.heels),
        ("three_for_last", spots.three_for_last, profile.three_for_last),
    ):
        if one_in(pick, 2 if scored else 12):
            claims.append({kind: True, "points": never_claimed_points(pick, worth)})
    return claims


def never_claimed_points(pick: Picker, worth: int) -> int:
    """A claim of a count worth `worth` that is never claimed: two times in three short of it (0
    to worth - 1), else the worth or one more."""
    if worth > 0 and not one_in(pick, 3):
        return pick.index(worth)
    return worth + pick.index(2)


def spoiled_claim(pick: Picker, claims: Sequence[Json], plays: Sequence[str], shows: Sequence[str]) -> Json:
    """A claim the rules refuse (bad_claim): a count claimed twice (as often as the rest: which
    claim stands, the first or the later, is the likeliest bug), a go claimed, an index past the
    plays, negative points, the hand of a seat not at the table."""
    kind = one_of(pick, ("twice", "twice", "twice", "twice", "go", "past", "negative", "seat"))
    gos = [index for index, token in enumerate(plays) if token == "go"]
    missing = [seat for seat in SEAT_NAMES if seat not in shows]
    if kind == "go" and gos:
        return {"play": one_of(pick, gos), "points": 0}
    if kind == "past" or not claims:
        return {"play": len(plays) + pick.index(3), "points": 0}
    if kind == "negative":
        return {**one_of(pick, claims), "points": -1 - pick.index(3)}
    if kind == "seat" and shows and missing:
        return {"show": one_of(pick, missing), "points": 0}
    return {**one_of(pick, claims), "points": between(pick, 0, 4)}  # the same count claimed twice


# --- deal and cut ------------------------------------------------------------------------------


def deal_input(pick: Picker, profile: Profile) -> Json:
    """A deck and a cut depth: often on either side of a packet's edge (a packet keeps at least
    SMALLEST_PACKET cards), now and then anywhere (maybe a bad one); with three or four seats, the
    dealer's seat."""
    deck = take_deck(pick)
    stock = len(DECK) - profile.seats * profile.cards_dealt - profile.crib_from_deck
    if one_in(pick, 4):
        edges = (SMALLEST_PACKET - 1, SMALLEST_PACKET, stock - SMALLEST_PACKET, stock - SMALLEST_PACKET + 1)
        cut = one_of(pick, edges)
    else:
        shallowest, deepest = (0, stock) if one_in(pick, 8) else (SMALLEST_PACKET, stock - SMALLEST_PACKET)
        cut = between(pick, shallowest, deepest)
    data: Json = {"deck": texts(deck), "cut": cut}
    return data if profile.seats == 2 else {"dealer": one_of(pick, seats_of(profile)), **data}


def cut_key(profile: Profile) -> Callable[[Card], int]:
    """What the cut for deal compares under the profile: the rank, or the counting value."""
    if profile.cut_for_deal == "lower_value":
        return lambda card: card.value
    return lambda card: card.rank


def cut_dealer(cuts: Sequence[Sequence[str] | Mapping[str, str]], profile: Profile) -> str:
    """Who deals first after legal cut rounds: the lowest card of the last round (two players cut
    as [A's card, B's card], more as {seat: card})."""
    key = cut_key(profile)
    last = cuts[-1]
    cards = dict(last) if isinstance(last, Mapping) else dict(zip(PLAYERS, last, strict=True))
    return min(cards, key=lambda seat: key(CARDS[cards[seat]]))


def cut_pair(pick: Picker, accept: Callable[[Card, Card], bool] | None = None) -> list[str]:
    """Two distinct cards, the second one that `accept` takes with the first when there is one."""
    first = one_of(pick, DECK)
    choices = [card for card in DECK if card != first]
    accepted = [card for card in choices if accept is None or accept(first, card)]
    return [str(first), str(one_of(pick, accepted or choices))]


def same_rank(a: Card, b: Card) -> bool:
    return a.rank == b.rank


def same_value_other_rank(a: Card, b: Card) -> bool:
    return a.value == b.value and a.rank != b.rank


def legal_cut_rounds(pick: Picker, profile: Profile) -> list[list[str]]:
    """Rounds that tie under the profile, then one that decides: now and then a tie by the other
    reading of the cut (ten against king, under the rank)."""
    key = cut_key(profile)

    def tie(a: Card, b: Card) -> bool:
        return key(a) == key(b)

    def decides(a: Card, b: Card) -> bool:
        return key(a) != key(b)

    def decides_on_rank_alone(a: Card, b: Card) -> bool:
        return decides(a, b) and same_value_other_rank(a, b)

    rounds = [cut_pair(pick, tie) for _ in range(between(pick, 0, 2))]
    final = cut_pair(pick, one_of(pick, (decides, decides_on_rank_alone)))
    if not decides(*(CARDS[text] for text in final)):  # nothing to accept: one that decides
        final = cut_pair(pick, decides)
    return [*rounds, final]


def cut_input(pick: Picker, profile: Profile) -> Json:
    if profile.seats != 2:
        return {"cuts": table_cut_rounds(pick, profile, legal=not one_in(pick, 3))}
    if not one_in(pick, 3):
        return {"cuts": legal_cut_rounds(pick, profile)}
    kinds = (None, same_rank, same_value_other_rank)
    return {"cuts": [cut_pair(pick, one_of(pick, kinds)) for _ in range(between(pick, 1, 3))]}


def table_cut_rounds(pick: Picker, profile: Profile, legal: bool = True) -> list[dict[str, str]]:
    """The cut for deal at a table of three or four: each round a card per seat still cutting, the
    lowest deals, and the seats tied for the lowest cut again (rule deal.cut-for-deal-seats); up to
    two rounds tie. Not `legal`: spoiled once (every seat cutting again after a tie, a round after
    the deal was decided, a seat missing, the cuts ending in a tie)."""
    cutting = list(seats_of(profile))
    rounds: list[dict[str, str]] = []
    ties = between(pick, 0, 2)
    spoil = one_of(pick, ("all-recut", "extra", "missing", "tie")) if not legal else None
    while True:
        tied = between(pick, 2, len(cutting)) if len(rounds) < ties else 1
        rounds.append(cut_round(pick, cutting, tied, profile))
        lowest = min(cut_key(profile)(CARDS[card]) for card in rounds[-1].values())
        lowest_seats = [seat for seat, card in rounds[-1].items() if cut_key(profile)(CARDS[card]) == lowest]
        if len(lowest_seats) == 1:
            break
        if spoil == "tie":
            return rounds
        cutting = lowest_seats if spoil != "all-recut" else list(seats_of(profile))
    if spoil == "extra":
        rounds.append(cut_round(pick, cutting, 1, profile))
    if spoil == "missing":
        del rounds[-1][one_of(pick, sorted(rounds[-1]))]
    return rounds


def cut_round(pick: Picker, cutting: Sequence[str], tied: int, profile: Profile) -> dict[str, str]:
    """One round: `tied` of the seats cutting share the lowest card (by the profile's cut), the
    others cut higher; every card distinct."""
    key = cut_key(profile)
    lows = sorted({key(card) for card in DECK})
    low = one_of(pick, lows[:-1])
    at_low = [card for card in DECK if key(card) == low]
    above = [card for card in DECK if key(card) > low]
    tied = min(tied, len(at_low))
    low_seats = take_subset(pick, cutting, tied)
    cards = dict(zip(low_seats, take_subset(pick, at_low, tied), strict=True))
    others = [seat for seat in cutting if seat not in cards]
    cards.update(zip(others, take_subset(pick, above, len(others)), strict=True))
    return {seat: str(cards[seat]) for seat in cutting}


# --- hands and games ---------------------------------------------------------------------------


def hand_body(pick: Picker, profile: Profile, dealer: str, corrupt: bool = False, first_hand: bool = False) -> Json:
    """One deal as a hand of a game gives it: `dealt` + `starter` (+ `crib_card` with three
    players) or `deck` + `cut`, dealt round the table from the dealer's left; the discards, the
    plays, and maybe muggins claims; all legal, unless `corrupt`: then the plays are spoiled, or
    a seat discards a card dealt to another, or a claim is refused, or a seat is dealt a card too
    many or too few (HAND_CORRUPTIONS). A jack is turned more often than by chance (his heels),
    and a cut is often on a packet's edge. `first_hand`: the first of a game (three for last)."""
    order, size, seats = turn_order(dealer, profile), profile.cards_dealt, seats_of(profile)
    dealt_cards = len(order) * size
    body: Json = {}
    if one_in(pick, 4):
        deck = take_deck(pick)
        cards = {seat: deck[place : dealt_cards : len(order)] for place, seat in enumerate(order)}
        stock = deck[dealt_cards + profile.crib_from_deck :]
        cut = stock_cut(pick, stock)
        starter = stock[cut]
        unused = [card for card in stock if card != starter]
        body.update(deck=texts(deck), cut=cut)
    else:
        bias = pick_bias(pick)
        pool = list(DECK)
        cards = {seat: take_cards(pick, pool, size, bias) for seat in order}
        crib_cards = take_cards(pick, pool, profile.crib_from_deck, bias)  # three players: one
        starter = take_starter(pick, pool, bias) if not one_in(pick, JACK_TURNED) else take_jack(pick, pool)
        unused = pool
        body.update(dealt={seat: texts(cards[seat]) for seat in seats}, starter=str(starter))
        if crib_cards:
            body["crib_card"] = str(crib_cards[0])
    discards = {seat: take_subset(pick, cards[seat], profile.discards_each) for seat in seats}
    kept = {seat: [card for card in cards[seat] if card not in discards[seat]] for seat in seats}
    run = random_table_pegging(pick, {order[place]: kept[seat] for place, seat in enumerate(order)}, dealer, profile)
    body["discards"] = {seat: texts(discards[seat]) for seat in seats}
    kinds = [kind for kind in HAND_CORRUPTIONS if kind != "claim" or profile.muggins]
    spoiled = one_of(pick, kinds) if corrupt else None
    body["plays"] = play_sequence(pick, run, unused, spoiled == "plays")
    if spoiled == "discard":  # rule deal.discard-one: a discard must be one of the seat's own cards
        seat = one_of(pick, seats)
        foreign = [card for other in seats if other != seat for card in cards[other]]
        body["discards"][seat] = [str(one_of(pick, foreign)), *body["discards"][seat][1:]]
    if spoiled == "dealt" and "dealt" in body:  # rule input.cards: each seat is dealt cards_dealt cards
        seat = one_of(pick, seats)
        body["dealt"][seat] = (
            [*body["dealt"][seat], str(one_of(pick, unused))] if one_in(pick, 2) else body["dealt"][seat][1:]
        )
    spots = Spots(count_ends(run, body["plays"]), starter, first_hand and profile.three_for_last > 0)
    return with_claims(pick, body, profile, shows=(*seats, "crib"), spoil=spoiled == "claim", spots=spots)


def stock_cut(pick: Picker, stock: Sequence[Card]) -> int:
    """A legal cut depth over `stock` (each packet keeps SMALLEST_PACKET cards): now and then one
    that turns a jack (his heels), else often one on a packet's edge (the rule's line)."""
    legal = range(SMALLEST_PACKET, len(stock) - SMALLEST_PACKET + 1)
    jacks = [depth for depth in legal if stock[depth].rank == JACK]
    if jacks and one_in(pick, JACK_TURNED):
        return one_of(pick, jacks)
    if one_in(pick, 4):
        return one_of(pick, (legal[0], legal[-1]))
    return one_of(pick, legal)


def take_jack(pick: Picker, pool: list[Card]) -> Card:
    """A jack out of `pool` (any card, if the hands hold all four)."""
    card = one_of(pick, [card for card in pool if card.rank == JACK] or pool)
    pool.remove(card)
    return card


def score_before(pick: Picker, target: int) -> int:
    """A running score: anything below the target, or near it, or a few points short of it (a
    heels, a go or three for last may reach it exactly)."""
    if one_in(pick, 4):
        return target - between(pick, 1, 4)
    if one_in(pick, 2):
        return target - 1 - pick.index(min(NEAR_TARGET, target))
    return pick.index(target)


def hand_input(pick: Picker, profile: Profile) -> Json:
    """A hand with running scores by side, often near the target; now and then with a score for
    a seat the table lacks (rule input.seats)."""
    dealer = one_of(pick, seats_of(profile))
    scores = {side: score_before(pick, profile.target) for side in sides_of(profile)}
    first_hand = one_in(pick, 2)
    body = hand_body(pick, profile, dealer, corrupt=one_in(pick, 4), first_hand=first_hand)
    data = {"dealer": dealer, "scores": scores, "first_hand": first_hand, **body}
    if profile.seats < len(SEAT_NAMES) and one_in(pick, 12):
        data["scores"] = {**scores, SEAT_NAMES[profile.seats]: 0}
    return data


@dataclass(frozen=True)
class Steering:
    """Aim a game at a final score `goal` for the side `loser`: each hand is the best of a few
    tried, the one that keeps the loser's score closest to goal / target of the best other
    side's; more are tried near the end of the game, where the final scores are made."""

    loser: str
    goal: int
    tries: int = STEERING_TRIES
    final_tries: int = FINAL_STEERING_TRIES

    def tries_for(self, scores: Mapping[str, int], target: int) -> int:
        return self.final_tries if max(scores.values()) >= target - NEAR_END else self.tries

    def cost(self, scores: Mapping[str, int], winner: str | None, target: int) -> float:
        loser = scores[self.loser]
        other = max(score for side, score in scores.items() if side != self.loser)
        if winner == self.loser or loser >= target:
            return inf
        if winner is not None:
            return abs(loser - self.goal) * target
        return abs(loser * target - self.goal * other)


def skunk_lines(profile: Profile) -> list[int]:
    """The loser's final scores on either side of each skunk line of the profile (none without
    skunks)."""
    rule = profile.skunk
    lines: list[int] = []
    for line in rule.classes if rule is not None else ():
        if line.below is not None:  # the last score in the class, and the first out of it
            lines += [line.below - 1, line.below]
        if line.over is not None:  # the same, for a winner on the target or a little past it
            lines += [profile.target - line.over + step for step in (-2, -1, 0)]
    return [score for score in lines if 0 <= score < profile.target]


def pick_steering(pick: Picker, profile: Profile) -> Steering | None:
    """In a profile with skunks, most games are steered, most of them to a skunk line; where a
    skunk ends a match, a third of them to either side of its line (30 and 31 for a line below 31:
    only such a game shows that rule, and where it is drawn). A deep goal (below a third of the
    target: a triple skunk's) is steered with many tries a hand."""
    lines = skunk_lines(profile)
    if not lines or one_in(pick, 4):
        return None
    if profile.triple_skunk_ends_match and one_in(pick, 3):
        goal = one_of(pick, sorted(lines)[:2])  # the last score of the deepest class, and the first out of it
    else:
        goal = one_of(pick, lines) if not one_in(pick, 4) else pick.index(profile.target)
    if goal * DEEP_GOAL < profile.target:  # a loser held this low needs the best of many hands
        return Steering(one_of(pick, sides_of(profile)), goal, DEEP_STEERING_TRIES, DEEP_STEERING_TRIES)
    return Steering(one_of(pick, sides_of(profile)), goal)


def hand_outcome(
    profile: Profile, body: Json, dealer: str, scores: Mapping[str, int], first_hand: bool
) -> tuple[dict[str, int], str | None] | None:
    """The scores after a hand and its winner, by the reference; None when it rejects the hand."""
    try:
        result = play_hand(
            profile,
            dealer=dealer,
            scores=scores,
            first_hand=first_hand,
            discards=body["discards"],
            plays=body["plays"],
            dealt=body.get("dealt"),
            starter=body.get("starter"),
            deck=body.get("deck"),
            cut=body.get("cut"),
            crib_card=body.get("crib_card"),
            claims=body.get("claims"),
        )
    except CribbageError:
        return None
    return dict(result.scores), result.winner


def steered_hand(
    tried: Picker, profile: Profile, steering: Steering, dealer: str, scores: Mapping[str, int], first_hand: bool
) -> Json:
    """The best of a few hands (see Steering), each drawn from `tried` (a RandomPicker: the hands
    not kept are thrown away, and need not shrink)."""
    best: tuple[float, Json] | None = None
    for _ in range(steering.tries_for(scores, profile.target)):
        body = hand_body(tried, profile, dealer, first_hand=first_hand)
        outcome = hand_outcome(profile, body, dealer, scores, first_hand)
        cost = steering.cost(*outcome, profile.target) if outcome else inf
        if best is None or cost < best[0]:
            best = (cost, body)
    assert best is not None
    return best[1]


HAND_CORRUPTIONS = ("plays", "plays", "plays", "discard", "discard", "dealt", "claim")
GAME_SHAPES = ("whole", "whole", "whole", "whole", "short", "over", "spoiled")


@dataclass(frozen=True)
class PlayedGame:
    """The hands of a game as drawn, and where they left it."""

    hands: tuple[Json, ...]
    scores: Mapping[str, int]
    winner: str | None


def game_input(pick: Picker, profile: Profile) -> Json:
    """A game from the cut: whole (to the win), cut short, with a hand after the win, or with one
    hand's plays spoiled; maybe steered toward a final score for the loser."""
    cuts = cut_rounds(pick, profile)
    game = game_hands(pick, profile, cut_dealer(cuts, profile), one_of(pick, GAME_SHAPES))
    return {"cuts": cuts, "hands": list(game.hands)}


def cut_rounds(pick: Picker, profile: Profile) -> list[Any]:
    """Legal cut rounds for the first deal, at a table of two or more."""
    return legal_cut_rounds(pick, profile) if profile.seats == 2 else table_cut_rounds(pick, profile)


def game_hands(pick: Picker, profile: Profile, dealer: str, shape: str) -> PlayedGame:
    """The hands of a game whose first hand `dealer` deals, the deal passing to the left, in a
    shape of GAME_SHAPES; in a profile with skunks most games are steered (see pick_steering)."""
    stop = between(pick, 0, 8) if shape in ("short", "spoiled") else MAX_GAME_HANDS
    steering = pick_steering(pick, profile)
    tried = RandomPicker(random.Random(pick.index(SEEDS))) if steering else pick  # one seed a game
    scores = dict.fromkeys(sides_of(profile), 0)
    winner: str | None = None
    hands: list[Json] = []
    for number in range(MAX_GAME_HANDS):
        if shape == "short" and number == stop:
            break
        spoil = shape == "spoiled" and number == stop
        if steering and not spoil:
            body = steered_hand(tried, profile, steering, dealer, scores, number == 0)
        else:
            body = hand_body(pick, profile, dealer, corrupt=spoil, first_hand=number == 0)
        hands.append(body)
        outcome = hand_outcome(profile, body, dealer, scores, number == 0)
        if outcome is None:  # rejected: the game stops there
            break
        scores, winner = outcome
        if winner is not None:
            if shape == "over":
                hands.append(hand_body(pick, profile, left_of(dealer, profile)))
            break
        dealer = left_of(dealer, profile)
    return PlayedGame(tuple(hands), scores, winner)


MATCH_SHAPES = ("whole", "whole", "whole", "whole", "short", "over", "hand-over")


def match_input(pick: Picker, profile: Profile) -> Json:
    """A match from the first cut: games in turn, the loser of each dealing the next, until the
    match is won (by game points, or a triple skunk where the profile has one); or cut short (a
    game left unfinished), or with a game after the match was won, or one game with a hand after
    its win. Most games are steered toward a skunk line, where game points differ."""
    cuts = cut_rounds(pick, profile)
    dealer = cut_dealer(cuts, profile)
    shape = one_of(pick, MATCH_SHAPES)
    odd_game = between(pick, 0, 3) if shape in ("short", "hand-over") else MAX_MATCH_GAMES
    target = profile.match_target or 1
    totals = dict.fromkeys(sides_of(profile), 0)
    games: list[Json] = []
    for number in range(MAX_MATCH_GAMES):
        game_shape = {"short": "short", "hand-over": "over"}.get(shape, "whole") if number == odd_game else "whole"
        game = game_hands(pick, profile, dealer, game_shape)
        games.append({"hands": list(game.hands)})
        if game.winner is None:
            break
        loser = next(side for side in sides_of(profile) if side != game.winner)
        _, points, wins_match = skunk_of(game.scores[game.winner], game.scores[loser], profile)
        totals[game.winner] += points or 0
        dealer = loser
        if wins_match or totals[game.winner] >= target:
            if shape == "over":
                games.append({"hands": list(game_hands(pick, profile, dealer, "short").hands)})
            break
    return {"cuts": cuts, "games": games}


# --- the mix -----------------------------------------------------------------------------------

INPUTS: Mapping[str, Callable[[Picker, Profile], Json]] = MappingProxyType(
    {
        "show": show_input,
        "play": play_input,
        "pegging": pegging_input,
        "deal": deal_input,
        "cut": cut_input,
        "hand": hand_input,
        "game": game_input,
        "match": match_input,
    }
)


def weighted_operations(operations: Sequence[str], later: Collection[str] = ()) -> list[str]:
    """The operations, each as many times as its weight; those in `later` (where something was
    already found) once each and at the end, since Hypothesis shrinks toward the list's start."""
    known = [op for op in OPERATION_WEIGHTS if op in operations]
    first = [op for op in known if op not in later for _ in range(OPERATION_WEIGHTS[op])]
    return first + [op for op in known if op in later]


def plays(op: str, name: str) -> bool:
    """Whether the operation is played under the profile: a match only under a match profile."""
    return op != "match" or reference_profile(name).match_target is not None


def weighted_profiles(profiles: Sequence[str], op: str, later: Collection[str] = ()) -> list[str]:
    """Main profiles first and more often than variants (`<main>--<reading>`); for games, the
    profiles with skunks (where the end of a game has most rules) twice as often again; for
    matches, a profile whose triple skunk ends the match as often as a main profile; for the
    operations that carry claims (CLAIMED), a muggins profile as often as a main profile. Only
    the profiles the operation is played under (see `plays`). Profiles whose main profile is in
    `later` come once each and at the end."""

    def main_later(name: str) -> bool:
        return main_profile(name) in later

    played = (name for name in profiles if plays(op, name))
    ordered = sorted(played, key=lambda name: (main_later(name), "--" in name, name))

    def weight(name: str) -> int:
        if main_later(name):
            return 1
        profile = reference_profile(name)
        if op == "match" and profile.triple_skunk_ends_match:
            return MAIN_PROFILE_WEIGHT  # the one match rule that only these matches show
        skunks = SKUNK_PROFILE_WEIGHT if op == "game" and skunk_lines(profile) else 1
        main = "--" not in name or (op in CLAIMED and profile.muggins)  # claims count only under muggins
        return (MAIN_PROFILE_WEIGHT if main else 1) * skunks

    return [name for name in ordered for _ in range(weight(name))]


def examples(
    operations: Sequence[str],
    profiles: Sequence[str],
    later: tuple[Collection[str], Collection[str]] = ((), ()),
) -> st.SearchStrategy[Example]:
    """Examples of the given operations (of OPERATION_WEIGHTS) under the given profiles; the
    operations and main profiles in `later` (operations, profiles) are drawn last and least."""
    later_ops, later_profiles = later
    operations = [op for op in operations if any(plays(op, name) for name in profiles)]
    ops = weighted_operations(operations, later_ops)
    if not ops or not profiles:
        raise ValueError("examples need at least one known operation and one profile it is played under")
    names = MappingProxyType({op: tuple(weighted_profiles(profiles, op, later_profiles)) for op in set(ops)})
    return _examples(tuple(ops), names)


@st.composite
def _examples(draw: st.DrawFn, ops: tuple[str, ...], names: Mapping[str, tuple[str, ...]]) -> Example:
    pick = DrawPicker(draw)
    op = one_of(pick, ops)
    name = one_of(pick, names[op])
    return Example(op, name, INPUTS[op](pick, reference_profile(name)))
