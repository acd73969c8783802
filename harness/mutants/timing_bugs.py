"""The buggy code of the timing mutants: the right points, credited at the wrong moment.

The total each player scores in a hand is the same as the reference's; only the order in which
the points are credited changes. That order decides who reaches the target first and what is left
unscored after the win (rules game.win, game.hand-order), so a case shows these bugs without the
`events` feature only when a player wins inside the hand.

Each function takes the reference name it replaces (the original, resolved when the patch is
applied) and returns the replacement; harness/mutants/catalogue.py says which name and which
rule. The pegging ones subclass `cribcheck.reference.pegging._Pegger` and move one event of the list it
builds; the hand ones wrap `cribcheck.reference.hand._awards` (the events of a hand in order, each with the
player it scores for) or `cribcheck.reference.hand.the_show`; the muggins ones wrap
`cribcheck.reference.hand.credited` (each award with the side that pegs it, a muggins just after the count
it comes from).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cribcheck.harness.mutants.bugs import show_in_order
from cribcheck.reference.hand import Heels, Show, ThreeForLast
from cribcheck.reference.muggins import Muggins
from cribcheck.reference.pegging import Go, LastCard, PeggingEvent, Play, Reset
from cribcheck.reference.show import ShowScore

Award = tuple[Any, Any]  # (event, player) as reference.hand._awards yields them

# --- the pegging -------------------------------------------------------------------------------


def _new_last_card(events: Sequence[PeggingEvent], before: int) -> int | None:
    """The position of the go / last-card point appended at or after `before`, if any."""
    for position in range(before, len(events)):
        if isinstance(events[position], LastCard):
            return position
    return None


def _series_start(events: Sequence[PeggingEvent], before: int) -> int:
    """The first event of the series that ends at `before` (just after the previous reset)."""
    for position in range(before - 1, -1, -1):
        if isinstance(events[position], Reset):
            return position + 1
    return 0


def go_point_at_the_go(original: type) -> type:
    """The point for a go is credited when another seat says go, before the player of the last
    card plays on: Play(X), Go(Y), Play(X), LastCard(X) becomes Play, Go, LastCard, Play."""

    class Pegger(original):
        def end_series(self) -> None:
            before, last = len(self.events), self.last_player
            super().end_series()
            awarded = _new_last_card(self.events, before)
            if awarded is None or last is None:
                return
            goes = [
                position
                for position in range(_series_start(self.events, before), before)
                if isinstance(self.events[position], Go) and self.events[position].player != last
            ]
            if goes:
                self.events.insert(goes[0] + 1, self.events.pop(awarded))

    return Pegger


def last_card_before_last_play(original: type) -> type:
    """The go / last-card point is credited before the points of the card it rewards."""

    class Pegger(original):
        def end_series(self) -> None:
            before = len(self.events)
            super().end_series()
            awarded = _new_last_card(self.events, before)
            if awarded is None:
                return
            plays = [position for position in range(before) if isinstance(self.events[position], Play)]
            self.events.insert(plays[-1], self.events.pop(awarded))

    return Pegger


def thirty_one_after_the_card(original: type) -> type:
    """The 2 for thirty-one is credited on its own, after the card's other points (its pairs or
    run): a card making 31 with a pair pegs 2, then 2."""

    class Pegger(original):
        def play(self, text: Any, index: int) -> None:
            super().play(text, index)
            last = self.events[-1]
            if isinstance(last, Play) and last.score.thirty_one:
                alone = dataclasses.replace(last.score, thirty_one=0)
                self.events[-1] = Play(last.player, last.card, last.count, alone)
                self.events.append(LastCard(last.player, last.score.thirty_one))

    return Pegger


# --- the hand ----------------------------------------------------------------------------------


def _is_pegging(event: Any) -> bool:
    return isinstance(event, Play | Go | LastCard | Reset)


def _never(event: Any) -> bool:
    return False


def _always(event: Any) -> bool:
    return True


def _held_back(
    original: Any,
    holds: Callable[[Any], bool],
    before: Callable[[Any], bool] = _never,
    after: Callable[[Any], bool] = _never,
) -> Any:
    """Awards as `original` yields them, but an award whose event `holds` accepts is held back and
    credited just before the next award `before` accepts, or just after the next one `after`
    accepts, or else at the end of the hand."""

    def awards(*args: Any) -> Iterator[Award]:
        held: Award | None = None
        for award in original(*args):
            if held is not None and before(award[0]):
                yield held
                held = None
            if held is None and holds(award[0]):
                held = award
                continue
            yield award
            if held is not None and after(award[0]):
                yield held
                held = None
        if held is not None:
            yield held

    return awards


def _is(kind: type) -> Callable[[Any], bool]:
    return lambda event: isinstance(event, kind)


def heels_after_pegging(original: Any) -> Any:
    """His heels is credited after the pegging (just before the show), not when the jack is turned."""
    return _held_back(original, _is(Heels), before=_is(Show))


def three_for_last_after_heels(original: Any) -> Any:
    """Three for last is credited after the deal, once the starter is turned (after his heels),
    instead of before the first deal."""
    return _held_back(original, _is(ThreeForLast), before=lambda event: not isinstance(event, Heels), after=_always)


def three_for_last_at_end_of_hand(original: Any) -> Any:
    """Three for last is credited at the end of the first hand, after the crib."""
    return _held_back(original, _is(ThreeForLast))


def last_card_after_pone_hand(original: Any) -> Any:
    """The go / last-card point that ends the pegging is credited after the pone's hand is counted."""
    return _held_back(original, _is(LastCard), before=_is_pegging, after=_is(Show))


def crib_before_dealer_hand(original: Any) -> Any:
    """The crib is counted before the dealer's hand (after the pone's)."""
    return show_in_order(original, (0, 2, 1))


def dealer_hand_and_crib_together(original: Any) -> Any:
    """The dealer's hand and crib are credited together, in one step, after the pone's hand (with
    three or four seats, after the other hands)."""

    def the_show(*args: Any) -> Iterator[Any]:
        *others, (hand, dealer), (crib, _) = original(*args)
        yield from others
        yield Show(hand.set, (*hand.cards, *crib.cards), _added(hand.score, crib.score)), dealer

    return the_show


def _added(first: ShowScore, second: ShowScore) -> ShowScore:
    return ShowScore(
        fifteens=first.fifteens + second.fifteens,
        pairs=first.pairs + second.pairs,
        runs=first.runs + second.runs,
        flush=first.flush + second.flush,
        nobs=first.nobs + second.nobs,
        fifteen_combinations=first.fifteen_combinations + second.fifteen_combinations,
        pair_combinations=first.pair_combinations + second.pair_combinations,
        run_combinations=first.run_combinations + second.run_combinations,
        flush_cards=first.flush_cards + second.flush_cards,
        nobs_jack=first.nobs_jack or second.nobs_jack,
    )


# --- muggins -----------------------------------------------------------------------------------


def _is_muggins(credited: Any) -> bool:
    return isinstance(credited.event, Muggins)


def muggins_at_end_of_hand(original: Any) -> Any:
    """The points a claim overlooked are pegged by the other side at the end of the hand (after the
    crib), not at once."""

    def credited(*args: Any) -> Iterator[Any]:
        held = []
        for award in original(*args):
            if _is_muggins(award):
                held.append(award)
                continue
            yield award
        yield from held

    return credited


def muggins_before_the_claim(original: Any) -> Any:
    """The points a claim overlooked are pegged by the other side before the owner pegs the claim.
    (An award pegged below its true points is the one a muggins follows; only it waits.)"""

    def credited(*args: Any) -> Iterator[Any]:
        waiting = None
        for award in original(*args):
            if waiting is not None:  # the muggins of the award waiting
                yield award
                yield waiting
                waiting = None
            elif award.side is not None and award.event.points > award.points:
                waiting = award
            else:
                yield award

    return credited
