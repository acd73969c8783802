"""Bugs found in real engines (issue 37), written by hand, outside the mutant catalogue
(harness/mutants/catalogue.py): the zoo on which benchmarks/diagnosis_zoo.py measures the
diagnosis. Never add these to the catalogue: they measure the diagnosis on bugs it has not seen.

Each bug is a patch of the reference (harness/mutants/mutation.py), most of them a small change of
the reference's flow: a subclass of the pegging's `_Pegger` (play order, the go), a wrapper of the
hand's awards or scores (the win, the crib, the discards), or a show function written again. Each
has the rule it breaks, the words a reader should recognise in the cause that names it (`words`, a
regular expression over the cause's description, case ignored), and whether it is a convention
(an answer some engines give on purpose, which the suite accepts when claimed).

tests/harness/test_real_bug_zoo.py shows each one live (it changes the answer to a case of its
rule) and unlike every mutant of the catalogue (for each, a case the two answer differently).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cribcheck.harness.mutants.mutation import FunctionPatch, Patch
from cribcheck.reference import Card, Profile
from cribcheck.reference.cards import as_cards
from cribcheck.reference.hand import Heels, Step, Win
from cribcheck.reference.pegging import MAX_COUNT, Go, LastCard, Play, Reset, can_play
from cribcheck.reference.show import hand_flush

PEGGER = "cribcheck.reference.pegging._Pegger"
HAND = "cribcheck.reference.hand"
SHOW = "cribcheck.reference.show"


@dataclass(frozen=True)
class RealBug:
    name: str
    rule: str
    description: str
    words: str  # what a reader recognises in the cause that names this bug (a regex, case ignored)
    patches: tuple[Patch, ...]
    convention: bool = False  # an answer some engines give on purpose (the suite accepts it when claimed)

    @contextmanager
    def applied(self) -> Iterator[None]:
        with ExitStack() as stack:
            for patch in self.patches:
                stack.enter_context(patch.applied())
            yield


# --- pegging points ---------------------------------------------------------------------------------


def last_card_of_all_one_more(original: type) -> type:
    """The last card of all (every card played) scores one more: 2, or 3 at 31 (2 and 1)."""

    class Pegger(original):  # type: ignore[misc,valid-type]
        def end_series(self) -> None:
            before, last = len(self.events), self.last_player
            super().end_series()
            if last is None or any(self.held.values()):
                return
            for position in range(before, len(self.events)):
                event = self.events[position]
                if isinstance(event, LastCard):
                    self.events[position] = LastCard(event.player, event.points + 1)
                    return
            self.events.insert(before, LastCard(last, 1))

    return Pegger


def pairs_one_card_back_across_reset(original: type) -> type:
    """The first card of a new count pairs with the last card of the count before."""

    class Pegger(original):  # type: ignore[misc,valid-type]
        def end_series(self) -> None:
            last_card = self.series[-1] if self.series else None
            super().end_series()
            if self.events and isinstance(self.events[-1], Reset):
                self.card_before_reset = last_card

        def play(self, text: Any, index: int) -> None:
            super().play(text, index)
            before = getattr(self, "card_before_reset", None)
            if len(self.series) == 1 and before is not None and before.rank == self.series[0].rank:
                last = self.events[-1]
                score = dataclasses.replace(last.score, pairs=2)
                self.events[-1] = Play(last.player, last.card, last.count, score, last.index)

    return Pegger


def thirty_one_worth_one(original: Callable[[Sequence[Card]], int]) -> Callable[[Sequence[Card]], int]:
    return lambda cards: 1 if original(cards) else 0


def without_heels(original: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    """His heels never pegged: the hand's awards without it."""

    def in_order(*args: Any) -> Iterator[Any]:
        return (award for award in original(*args) if not isinstance(award[0], Heels))

    return in_order


# --- play order -------------------------------------------------------------------------------------


def go_point_when_go_is_said(original: type) -> type:
    """The point for a go is pegged when the other player says go, before the last card's player
    plays on; the series' end then pegs nothing more (so a 31 made playing on scores 2 and the go's 1)."""

    class Pegger(original):  # type: ignore[misc,valid-type]
        def settle(self) -> None:
            while not self.over and not can_play(self.held[self.turn], self.count):
                if self.turn == self.last_player or self.last_player is None:
                    self.end_series()
                    continue
                if self.says_go(self.turn):
                    self.said_go.add(self.turn)
                    self.events.append(Go(self.turn))
                    self.go_unclaimed += 1
                    if not getattr(self, "go_paid", False):  # the bug: paid now
                        self.events.append(LastCard(self.last_player, 1))
                        self.go_paid = True
                self.turn = self.left_of(self.turn)

        def end_series(self) -> None:
            before = len(self.events)
            super().end_series()
            if getattr(self, "go_paid", False):
                self.events[before:] = [event for event in self.events[before:] if not isinstance(event, LastCard)]
                self.go_paid = False

    return Pegger


def pone_leads_every_count(original: type) -> type:
    """The pone leads every new count, whoever played last; a pone with no cards left says go."""

    class Pegger(original):  # type: ignore[misc,valid-type]
        def end_series(self) -> None:
            super().end_series()
            if self.over or not self.events or not isinstance(self.events[-1], Reset):
                return
            pone = self.order[0]
            self.events[-1] = Reset(pone)
            self.turn = pone
            if not self.held[pone]:
                self.events.append(Go(pone))
                self.said_go.add(pone)
                self.go_unclaimed += 1
                self.turn = self.left_of(pone)

    return Pegger


def one_card_after_a_go(original: type) -> type:
    """After a go, the other player lays one card only, and the count ends there."""

    class Pegger(original):  # type: ignore[misc,valid-type]
        def play(self, text: Any, index: int) -> None:
            super().play(text, index)
            if self.said_go:
                self.laid_after_go = True

        def settle(self) -> None:
            while True:
                super().settle()
                if self.over or not (getattr(self, "laid_after_go", False) and self.turn == self.last_player):
                    return
                self.end_series()  # the bug: the one card laid after the go ends the count

        def end_series(self) -> None:
            self.laid_after_go = False
            super().end_series()

    return Pegger


def wait_forever() -> None:
    """An engine's loop that never ends (tests replace it with one that raises)."""
    while True:
        time.sleep(1)


def waits_for_a_go_nobody_says(original: type) -> type:
    """The last card's player holds only cards that do not fit and the other holds none: the
    engine waits for the other's go, which never comes."""

    class Pegger(original):  # type: ignore[misc,valid-type]
        def end_series(self) -> None:
            last = self.last_player
            others_empty = all(not self.held[seat] for seat in self.order if seat != last)
            if last is not None and self.held[last] and others_empty and self.count < MAX_COUNT:
                wait_forever()  # looked up when called: tests put one that raises in its place
            super().end_series()

    return Pegger


# --- the crib and the discards ----------------------------------------------------------------------


def crib_always_to_a(original: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    """The crib is pegged to seat A whoever deals."""

    def the_show(*args: Any) -> Iterator[Any]:
        for show, seat in original(*args):
            yield show, ("A" if show.set == "crib" else seat)

    return the_show


class ShiftedKept(tuple):  # type: ignore[type-arg]
    """The cards a seat keeps after the index bug, with the card the crib records instead of the
    one that left the hand."""

    gone: Card | None = None
    recorded: Card | None = None


def discards_by_shifting_index(original: Callable[..., tuple[Card, ...]]) -> Callable[..., Any]:
    """Discards taken out of the hand by index, one after the other: the second index has moved
    down one, so the card after the second discard leaves the hand, while the crib records the
    second discard, which the player keeps and pegs."""

    def kept_cards(dealt: Sequence[Card], discards: Iterable[Any], profile: Profile, who: str) -> tuple[Card, ...]:
        kept = original(dealt, discards, profile, who)
        thrown = as_cards(discards)
        if len(thrown) != 2:
            return kept
        first, second = sorted(dealt.index(card) for card in thrown)
        hand = list(dealt)
        del hand[first]
        gone = hand.pop(min(second, len(hand) - 1))
        shifted = ShiftedKept(hand)
        if gone != dealt[second]:
            shifted.gone, shifted.recorded = gone, dealt[second]
        return shifted

    return kept_cards


def crib_as_recorded(original: Callable[..., Any]) -> Callable[..., Any]:
    """The crib as the discards were recorded (see discards_by_shifting_index)."""

    def awards(profile: Profile, dealer: Any, first_hand: bool, starter: Card, kept: Any, crib: Any, plays: Any) -> Any:
        swaps = {held.gone: held.recorded for held in kept.values() if getattr(held, "gone", None) is not None}
        crib = tuple(swaps.get(card, card) for card in crib)
        return original(profile, dealer, first_hand, starter, kept, crib, plays)

    return awards


# --- the win ----------------------------------------------------------------------------------------


def last_card_after_the_win(original: Callable[..., Any]) -> Callable[..., Any]:
    """A card that wins still gets its go or last-card point, pegged after the win."""

    def score(awards: Iterator[Any], scores: dict[str, int], profile: Profile) -> Any:
        steps, final, winner = original(awards, scores, profile)
        if winner is None or len(steps) < 2 or not isinstance(steps[-2].event, Play):
            return steps, final, winner
        following = next(awards, None)
        if following is None or not isinstance(following.event, LastCard) or following.side != winner:
            return steps, final, winner
        final = {**final, winner: final[winner] + following.points}
        bonus = Step(following.event, following.player, following.points, dict(final))
        return (*steps[:-1], bonus, Step(Win(), winner, 0, dict(final))), final, winner

    return score


def score_stops_at_target(original: Callable[..., Any]) -> Callable[..., Any]:
    """The winner's score stops at the target (the board's game hole)."""

    def score(awards: Iterator[Any], scores: dict[str, int], profile: Profile) -> Any:
        steps, final, winner = original(awards, scores, profile)
        if winner is None:
            return steps, final, winner

        def stopped(points: dict[str, int]) -> dict[str, int]:
            return {**points, winner: min(points[winner], profile.target)}

        steps = tuple(dataclasses.replace(step, scores=stopped(dict(step.scores))) for step in steps)
        return steps, stopped(final), winner

    return score


# --- the show ---------------------------------------------------------------------------------------


def crib_by_the_hand_flush_rule(original: Callable[..., Any]) -> Callable[..., Any]:
    """The crib's flush counted as a hand's: four cards of one suit score 4, 5 with the starter."""
    return lambda crib, starter, profile: hand_flush(crib, starter, profile)


def runs_of_distinct_ranks(original: Callable[..., Any]) -> Callable[..., Any]:
    """Runs looked for among the distinct ranks: the longest run counted once, however many
    combinations the duplicated ranks make."""

    def runs(cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
        cards = tuple(cards)
        by_rank: dict[int, Card] = {}
        for card in cards:
            by_rank.setdefault(card.rank, card)
        ranks = sorted(by_rank)
        best: list[int] = []
        streak: list[int] = []
        for rank in ranks:
            streak = [*streak, rank] if streak and rank == streak[-1] + 1 else [rank]
            if len(streak) > len(best):
                best = streak
        chosen = {by_rank[rank] for rank in best}
        return (tuple(card for card in cards if card in chosen),) if len(best) >= 3 else ()

    return runs


def fifteens_of_pairs_and_all(original: Callable[..., Any]) -> Callable[..., Any]:
    """Fifteens looked for among pairs of cards and the whole set only: three and four cards missed."""

    def fifteens(cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
        cards = tuple(cards)
        found = [pair for pair in combinations(cards, 2) if sum(card.value for card in pair) == 15]
        if len(cards) > 2 and sum(card.value for card in cards) == 15:
            found.append(cards)
        return tuple(found)

    return fifteens


def fn(target: str, make: Callable[[Any], Any], *also: str) -> FunctionPatch:
    return FunctionPatch(target, make, also)


BUGS: tuple[RealBug, ...] = (
    RealBug(
        "last-card-of-all-scores-2",
        "peg.last-card",
        "the last card of all scores 2 (3 at 31)",
        r"last card.*(one more|\b[23]\b)",
        (fn(PEGGER, last_card_of_all_one_more),),
    ),
    RealBug(
        "pairs-one-back-across-reset",
        "peg.restart",
        "pairs reach one card back across a reset of the count",
        r"pair.*(reset|lead|new count|across|before)|(reset|lead|new count|across).*pair",
        (fn(PEGGER, pairs_one_card_back_across_reset),),
    ),
    RealBug(
        "thirty-one-pegged-as-1",
        "peg.thirty-one",
        "a 31 pegged as 1",
        r"(31|thirty-one).*(\b1\b|less)",
        (fn("cribcheck.reference.pegging.thirty_one_points", thirty_one_worth_one),),
    ),
    RealBug(
        "heels-not-pegged",
        "deal.heels",
        "his heels is not pegged",
        r"heels.*(\b0\b|no event|not pegged|never|nothing|missing|none|leaves? out|left out)"
        r"|(no|not|never).*(pegs?|pegged|scores?) .*heels",
        (fn(f"{HAND}._in_order", without_heels),),
    ),
    RealBug(
        "go-point-when-go-is-said",
        "peg.last-card",
        "the go point is pegged when go is said, before the other player plays on",
        r"\bgo\b.*(said|when|before|at once|does not give|more|early|where the reference gives none)",
        (fn(PEGGER, go_point_when_go_is_said),),
    ),
    RealBug(
        "pone-leads-every-count",
        "peg.restart",
        "the pone leads every new count",
        r"lead|not.your.turn|\bturn\b|out of order",
        (fn(PEGGER, pone_leads_every_count),),
    ),
    RealBug(
        "one-card-after-a-go",
        "peg.go",
        "after a go the other player lays one card only",
        r"one card|not.your.turn|\bturn\b|out of order|ends? the count|reset",
        (fn(PEGGER, one_card_after_a_go),),
    ),
    RealBug(
        "crib-always-to-a",
        "game.show-order",
        "the crib is pegged to the same player whoever deals",
        r"crib.*(player|dealer|pone|seat|side)|(player|dealer|pone|seat|side).*crib",
        (fn(f"{HAND}.the_show", crib_always_to_a),),
    ),
    RealBug(
        "discard-shifts-index",
        "deal.discard",
        "a discard recorded as one card while another leaves the hand",
        r"discard|card.not.held|not held|held by no|crib.*(holds?|card)",
        (fn(f"{HAND}.kept_cards", discards_by_shifting_index), fn(f"{HAND}._awards", crib_as_recorded)),
    ),
    RealBug(
        "last-card-after-the-win",
        "game.win",
        "a point credited after the winning card, in the same play",
        r"(after|past|beyond).*(win|target)|(win|target|winning).*(after|more|past|beyond)",
        (fn(f"{HAND}._score", last_card_after_the_win),),
    ),
    RealBug(
        "score-stops-at-target",
        "game.win",
        "the winner's score stops at the target",
        r"target|stops?\b|game hole|convention",
        (fn(f"{HAND}._score", score_stops_at_target),),
        convention=True,
    ),
    RealBug(
        "waits-for-a-go-nobody-says",
        "peg.go",
        "an endless loop when the last card's player holds only cards that do not fit and the other none",
        r"loop|did not end|endless|hung at|hangs (at|in|when)",
        (fn(PEGGER, waits_for_a_go_nobody_says),),
    ),
    RealBug(
        "crib-flush-of-four",
        "show.crib-flush",
        "a four-card crib flush scored",
        r"crib.*flush|flush.*crib",
        (fn(f"{SHOW}.crib_flush", crib_by_the_hand_flush_rule),),
    ),
    RealBug(
        "runs-counted-once",
        "show.runs",
        "runs counted once rather than once per combination of duplicated ranks",
        r"\bruns?\b.*(once|double|triple|duplicat|less|fewer)|(once|double|triple).*\bruns?\b",
        (fn(f"{SHOW}.runs", runs_of_distinct_ranks),),
    ),
    RealBug(
        "fifteens-of-two-cards",
        "show.fifteens",
        "fifteens of three or four cards missed",
        r"fifteen",
        (fn(f"{SHOW}.fifteens", fifteens_of_pairs_and_all),),
    ),
)

PAIRS: tuple[str, ...] = (  # two bugs of different rules at once, one of each kind against another
    "last-card-of-all-scores-2+pairs-one-back-across-reset",
    "last-card-of-all-scores-2+runs-counted-once",
    "thirty-one-pegged-as-1+heels-not-pegged",
    "heels-not-pegged+crib-flush-of-four",
    "go-point-when-go-is-said+fifteens-of-two-cards",
    "pone-leads-every-count+thirty-one-pegged-as-1",
    "one-card-after-a-go+crib-always-to-a",
    "crib-always-to-a+runs-counted-once",
    "discard-shifts-index+heels-not-pegged",
    "last-card-after-the-win+crib-flush-of-four",
    "score-stops-at-target+pairs-one-back-across-reset",
    "crib-flush-of-four+fifteens-of-two-cards",
    "runs-counted-once+thirty-one-pegged-as-1",
    "fifteens-of-two-cards+last-card-of-all-scores-2",
)

TRIPLES: tuple[str, ...] = (
    "last-card-of-all-scores-2+pairs-one-back-across-reset+crib-flush-of-four",
    "thirty-one-pegged-as-1+heels-not-pegged+runs-counted-once",
    "crib-always-to-a+fifteens-of-two-cards+pairs-one-back-across-reset",
    "score-stops-at-target+runs-counted-once+heels-not-pegged",
    "go-point-when-go-is-said+crib-flush-of-four+score-stops-at-target",
    "one-card-after-a-go+fifteens-of-two-cards+heels-not-pegged",
)


def real_bug(name: str) -> RealBug:
    for bug in BUGS:
        if bug.name == name:
            return bug
    raise KeyError(f"unknown real bug {name!r}; known: {', '.join(bug.name for bug in BUGS)}")


def real_bugs_named(names: str) -> tuple[RealBug, ...]:
    """`a+b+c`: each bug named (KeyError for an unknown name)."""
    return tuple(real_bug(name) for name in names.split("+"))


@contextmanager
def all_applied(bugs: Sequence[RealBug]) -> Iterator[None]:
    with ExitStack() as stack:
        for bug in bugs:
            stack.enter_context(bug.applied())
        yield
