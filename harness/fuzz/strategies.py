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
- Illegal plays are a legal sequence corrupted at one index: a go while a card fits, a card that
  takes the count past 31, the opponent's card, a card nobody holds, the plays cut short, a play
  after the end, two plays swapped.
- Hands come dealt (cards + starter) or from a deck with a cut depth, with running scores often
  near the target. Games are played from a cut for deal (ties included) with random legal
  decisions until someone wins, or are cut short, or carry a hand too many. A game may be steered
  toward a final score for the loser, such as a skunk line: each of its hands is then the best of
  a few tried, which the reference engine scores (its one use here: to know the running scores).
- `examples(operations, profiles)` picks an operation, a profile and an input, in a mix weighted
  so that each kind of bug is reachable.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import inf
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

from reference import Card, CribbageError, Profile, full_deck, load_profile, play_hand

DECK: tuple[Card, ...] = full_deck()
CARDS: Mapping[str, Card] = MappingProxyType({str(card): card for card in DECK})
MAX_COUNT = 31
SMALLEST_PACKET = 4  # cards each packet of a cut keeps
STRAY = 5  # one card in STRAY ignores the example's bias
NEAR_TARGET = 30  # "near the target": at most this many points short
MAX_GAME_HANDS = 40  # far more than any game needs
STEERING_TRIES = 4  # hands tried for each hand of a steered game
FINAL_STEERING_TRIES = 16  # and for each hand near its end
NEAR_END = 40  # points short of the target from which a hand may end the game
SEEDS = 2**32
PLAYERS = ("A", "B")
Json = dict[str, Any]
T = TypeVar("T")

# op -> weight in the mix; the order is the shrinking order (toward `show`)
OPERATION_WEIGHTS: Mapping[str, int] = MappingProxyType(
    {"show": 3, "play": 3, "pegging": 3, "deal": 1, "cut": 1, "hand": 4, "game": 3}
)
MAIN_PROFILE_WEIGHT = 3  # a main profile is picked this many times as often as a variant
SKUNK_PROFILE_WEIGHT = 2  # for games, a profile with skunks is picked this many times as often


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


@cache
def reference_profile(name: str) -> Profile:
    """A profile as the reference reads it (profiles are frozen, so loading each once is safe)."""
    return load_profile(name)


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

    role: str  # "pone" or "dealer"
    count: int  # the count before the card
    held: tuple[Card, ...]  # the player's cards before the play
    other: tuple[Card, ...]  # the opponent's cards
    card: Card
    after_go: bool  # a go was said since the previous play: a "go" may stand before this card


@dataclass(frozen=True)
class PeggingRun:
    turns: tuple[Turn, ...]
    ends_with_go: bool  # a go was said after the last play
    unplayed: tuple[Card, ...]  # cards left in hand (one count per hand)

    @property
    def cards(self) -> list[Card]:
        return [turn.card for turn in self.turns]


def simulate_pegging(
    pone: Sequence[Card], dealer: Sequence[Card], restarting: bool, choose: Callable[[list[Card]], Card]
) -> PeggingRun:
    """Play a whole pegging, `choose` picking each card among those that fit. The pone leads; a
    player who cannot play without passing 31 says go (once a series) and the other plays on; when
    neither can play the series ends: for good with one count per hand, else the count restarts and
    the player who did not play the last card leads (or the other, holding the only cards left)."""
    held = {"pone": list(pone), "dealer": list(dealer)}
    role, count, last = "pone", 0, "pone"
    said_go: set[str] = set()
    go_pending = False
    turns: list[Turn] = []
    while True:
        fits = [card for card in held[role] if count + card.value <= MAX_COUNT]
        if fits:
            card = choose(fits)
            turns.append(Turn(role, count, tuple(held[role]), tuple(held[other_role(role)]), card, go_pending))
            go_pending = False
            held[role].remove(card)
            count += card.value
            last, role = role, other_role(role)
            continue
        if held[role] and count < MAX_COUNT and role not in said_go:
            said_go.add(role)
            go_pending = True
        if any(count + card.value <= MAX_COUNT for card in held[other_role(role)]):
            role = other_role(role)
            continue
        if not restarting or not (held["pone"] or held["dealer"]):
            return PeggingRun(tuple(turns), go_pending, (*held["pone"], *held["dealer"]))
        count, said_go = 0, set()
        role = other_role(last)


def random_pegging(pick: Picker, pone: Sequence[Card], dealer: Sequence[Card], profile: Profile) -> PeggingRun:
    """A legal pegging with random decisions."""
    return simulate_pegging(pone, dealer, profile.count == "restarting", lambda fits: one_of(pick, fits))


CORRUPTIONS = ("go", "over", "go", "over", "other", "unheld", "short", "extra", "swap")  # go, over 31: twice


def play_sequence(pick: Picker, run: PeggingRun, unused: Sequence[Card], corrupt: bool) -> list[str]:
    """The cards as played, with an explicit "go" now and then where one was said; when `corrupt`,
    spoiled at one index (see CORRUPTIONS)."""
    tokens: list[str] = []
    positions: list[int] = []  # turn i's card is tokens[positions[i]]
    for turn in run.turns:
        if turn.after_go and one_in(pick, 2):
            tokens.append("go")
        positions.append(len(tokens))
        tokens.append(str(turn.card))
    if run.ends_with_go and one_in(pick, 2):
        tokens.append("go")
    return corrupted(pick, run, tokens, positions, unused) if corrupt else tokens


def past_31(turn: Turn) -> list[Card]:
    """The cards the player holds at this turn that would take the count past 31."""
    return [card for card in turn.held if turn.count + card.value > MAX_COUNT]


def corrupted(
    pick: Picker, run: PeggingRun, tokens: list[str], positions: list[int], unused: Sequence[Card]
) -> list[str]:
    """The plays spoiled once, at a picked turn, in a picked way (CORRUPTIONS)."""
    kind = one_of(pick, CORRUPTIONS) if run.turns else "extra"
    if kind == "extra":  # a play after the end: a card left in hand, else one nobody holds
        spare = run.unplayed or tuple(unused)
        return [*tokens, str(one_of(pick, spare))] if spare else tokens
    # a card past 31 needs a turn with such a card in hand: one of those turns, if there are any
    where = [index for index, turn in enumerate(run.turns) if past_31(turn)] if kind == "over" else []
    index = one_of(pick, where) if where else pick.index(len(run.turns))
    turn, at = run.turns[index], positions[index]
    if where:
        return [*tokens[:at], str(one_of(pick, past_31(turn))), *tokens[at + 1 :]]
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
    crib = one_in(pick, 2)
    bias = pick_bias(pick)
    pool = list(DECK)
    cards = take_cards(pick, pool, profile.crib_size if crib else profile.cards_kept, bias)
    starter = take_starter(pick, pool, bias)
    return {"cards": texts(cards), "starter": str(starter), "crib": crib}


def play_input(pick: Picker, profile: Profile) -> Json:
    """The cards of a count, in play order, at most 31; now and then a last card past 31."""
    bias = pick_bias(pick)
    pool = list(DECK)
    count: list[Card] = []
    total = 0
    for _ in range(between(pick, 1, 8)):
        card = take_card(pick, pool, bias, [card for card in pool if total + card.value <= MAX_COUNT])
        if card is None:
            break
        count.append(card)
        total += card.value
    if one_in(pick, 8):
        card = take_card(pick, pool, bias, [card for card in pool if total + card.value > MAX_COUNT])
        count += [card] if card else []
    return {"count": texts(count)}


def pegging_input(pick: Picker, profile: Profile) -> Json:
    bias = pick_bias(pick)
    pool = list(DECK)
    pone = take_cards(pick, pool, profile.cards_kept, bias)
    dealer = take_cards(pick, pool, profile.cards_kept, bias)
    run = random_pegging(pick, pone, dealer, profile)
    plays = play_sequence(pick, run, pool, corrupt=one_in(pick, 3))
    return {"pone": texts(pone), "dealer": texts(dealer), "plays": plays}


# --- deal and cut ------------------------------------------------------------------------------


def deal_input(pick: Picker, profile: Profile) -> Json:
    deck = take_deck(pick)
    stock = len(DECK) - 2 * profile.cards_dealt
    shallowest, deepest = (0, stock) if one_in(pick, 8) else (SMALLEST_PACKET, stock - SMALLEST_PACKET)
    return {"deck": texts(deck), "cut": between(pick, shallowest, deepest)}  # maybe a bad cut


def cut_key(profile: Profile) -> Callable[[Card], int]:
    """What the cut for deal compares under the profile: the rank, or the counting value."""
    if profile.cut_for_deal == "lower_value":
        return lambda card: card.value
    return lambda card: card.rank


def cut_dealer(cuts: Sequence[Sequence[str]], profile: Profile) -> str:
    """Who deals first after legal cut rounds: the lower card of the last round."""
    key = cut_key(profile)
    a_card, b_card = (CARDS[text] for text in cuts[-1])
    return "A" if key(a_card) < key(b_card) else "B"


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
    if not one_in(pick, 3):
        return {"cuts": legal_cut_rounds(pick, profile)}
    kinds = (None, same_rank, same_value_other_rank)
    return {"cuts": [cut_pair(pick, one_of(pick, kinds)) for _ in range(between(pick, 1, 3))]}


# --- hands and games ---------------------------------------------------------------------------


def hand_body(pick: Picker, profile: Profile, dealer: str, corrupt: bool = False) -> Json:
    """One deal as a hand of a game gives it: `dealt` + `starter` or `deck` + `cut`, the
    discards, and the plays (legal, unless `corrupt`)."""
    pone, size = other_player(dealer), profile.cards_dealt
    body: Json = {}
    if one_in(pick, 4):
        deck = take_deck(pick)
        stock = deck[2 * size :]
        cut = between(pick, SMALLEST_PACKET, len(stock) - SMALLEST_PACKET)
        cards = {pone: deck[0 : 2 * size : 2], dealer: deck[1 : 2 * size : 2]}
        starter = stock[cut]
        unused = [card for card in stock if card != starter]
        body.update(deck=texts(deck), cut=cut)
    else:
        bias = pick_bias(pick)
        pool = list(DECK)
        cards = {pone: take_cards(pick, pool, size, bias), dealer: take_cards(pick, pool, size, bias)}
        starter = take_starter(pick, pool, bias)
        unused = pool
        body.update(dealt={who: texts(cards[who]) for who in PLAYERS}, starter=str(starter))
    discards = {who: take_subset(pick, cards[who], profile.discards_each) for who in PLAYERS}
    kept = {who: [card for card in cards[who] if card not in discards[who]] for who in PLAYERS}
    run = random_pegging(pick, kept[pone], kept[dealer], profile)
    body["discards"] = {who: texts(discards[who]) for who in PLAYERS}
    body["plays"] = play_sequence(pick, run, unused, corrupt)
    return body


def score_before(pick: Picker, target: int) -> int:
    """A running score: anything below the target, or near it."""
    if one_in(pick, 2):
        return target - 1 - pick.index(min(NEAR_TARGET, target))
    return pick.index(target)


def hand_input(pick: Picker, profile: Profile) -> Json:
    dealer = one_of(pick, PLAYERS)
    scores = {who: score_before(pick, profile.target) for who in PLAYERS}
    first_hand = one_in(pick, 2)
    body = hand_body(pick, profile, dealer, corrupt=one_in(pick, 6))
    return {"dealer": dealer, "scores": scores, "first_hand": first_hand, **body}


@dataclass(frozen=True)
class Steering:
    """Aim a game at a final score `goal` for the player `loser`: each hand is the best of a few
    tried, the one that keeps the loser's score closest to goal / target of the other's; more are
    tried near the end of the game, where the final scores are made."""

    loser: str
    goal: int
    tries: int = STEERING_TRIES
    final_tries: int = FINAL_STEERING_TRIES

    def tries_for(self, scores: Mapping[str, int], target: int) -> int:
        return self.final_tries if max(scores.values()) >= target - NEAR_END else self.tries

    def cost(self, scores: Mapping[str, int], winner: str | None, target: int) -> float:
        loser, other = scores[self.loser], scores[other_player(self.loser)]
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
    """In a profile with skunks, most games are steered, most of them to a skunk line."""
    lines = skunk_lines(profile)
    if not lines or one_in(pick, 4):
        return None
    goal = one_of(pick, lines) if not one_in(pick, 4) else pick.index(profile.target)
    return Steering(one_of(pick, PLAYERS), goal)


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
        body = hand_body(tried, profile, dealer)
        outcome = hand_outcome(profile, body, dealer, scores, first_hand)
        cost = steering.cost(*outcome, profile.target) if outcome else inf
        if best is None or cost < best[0]:
            best = (cost, body)
    assert best is not None
    return best[1]


def game_input(pick: Picker, profile: Profile) -> Json:
    """A game from the cut: whole (to the win), cut short, with a hand after the win, or with one
    hand's plays spoiled; maybe steered toward a final score for the loser."""
    cuts = legal_cut_rounds(pick, profile)
    dealer = cut_dealer(cuts, profile)
    shape = one_of(pick, ("whole", "whole", "whole", "whole", "short", "over", "spoiled"))
    stop = between(pick, 0, 8) if shape in ("short", "spoiled") else MAX_GAME_HANDS
    steering = pick_steering(pick, profile)
    tried = RandomPicker(random.Random(pick.index(SEEDS))) if steering else pick  # one seed a game
    scores = dict.fromkeys(PLAYERS, 0)
    hands: list[Json] = []
    for number in range(MAX_GAME_HANDS):
        if shape == "short" and number == stop:
            break
        spoil = shape == "spoiled" and number == stop
        if steering and not spoil:
            body = steered_hand(tried, profile, steering, dealer, scores, number == 0)
        else:
            body = hand_body(pick, profile, dealer, corrupt=spoil)
        hands.append(body)
        outcome = hand_outcome(profile, body, dealer, scores, number == 0)
        if outcome is None:  # rejected: the game stops there
            break
        scores, winner = outcome
        if winner is not None:
            if shape == "over":
                hands.append(hand_body(pick, profile, other_player(dealer)))
            break
        dealer = other_player(dealer)
    return {"cuts": cuts, "hands": hands}


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
    }
)


@dataclass(frozen=True)
class Example:
    """One request's worth: an operation, the profile it is played under, and its input."""

    op: str
    profile: str
    input: Json


def weighted_operations(operations: Sequence[str], later: Collection[str] = ()) -> list[str]:
    """The operations, each as many times as its weight; those in `later` (where something was
    already found) once each and at the end, since Hypothesis shrinks toward the list's start."""
    known = [op for op in OPERATION_WEIGHTS if op in operations]
    first = [op for op in known if op not in later for _ in range(OPERATION_WEIGHTS[op])]
    return first + [op for op in known if op in later]


def weighted_profiles(profiles: Sequence[str], op: str, later: Collection[str] = ()) -> list[str]:
    """Main profiles first and more often than variants (`<main>--<reading>`); for games, the
    profiles with skunks (where the end of a game has most rules) twice as often again. Profiles
    whose main profile is in `later` come once each and at the end."""

    def main_later(name: str) -> bool:
        return name.split("--")[0] in later

    ordered = sorted(profiles, key=lambda name: (main_later(name), "--" in name, name))

    def weight(name: str) -> int:
        if main_later(name):
            return 1
        skunks = SKUNK_PROFILE_WEIGHT if op == "game" and skunk_lines(reference_profile(name)) else 1
        return (1 if "--" in name else MAIN_PROFILE_WEIGHT) * skunks

    return [name for name in ordered for _ in range(weight(name))]


def examples(
    operations: Sequence[str],
    profiles: Sequence[str],
    later: tuple[Collection[str], Collection[str]] = ((), ()),
) -> st.SearchStrategy[Example]:
    """Examples of the given operations (of OPERATION_WEIGHTS) under the given profiles; the
    operations and main profiles in `later` (operations, profiles) are drawn last and least."""
    later_ops, later_profiles = later
    ops = weighted_operations(operations, later_ops)
    if not ops or not profiles:
        raise ValueError("examples need at least one known operation and one profile")
    names = MappingProxyType({op: tuple(weighted_profiles(profiles, op, later_profiles)) for op in set(ops)})
    return _examples(tuple(ops), names)


@st.composite
def _examples(draw: st.DrawFn, ops: tuple[str, ...], names: Mapping[str, tuple[str, ...]]) -> Example:
    pick = DrawPicker(draw)
    op = one_of(pick, ops)
    name = one_of(pick, names[op])
    return Example(op, name, INPUTS[op](pick, reference_profile(name)))
