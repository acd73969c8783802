"""The buggy code of the mutant engines: each function takes the reference name it replaces (the
original, resolved when the patch is applied) and returns the replacement with ONE bug in it.

The catalogue in harness/mutants/catalogue.py says which name each replaces and which rule it breaks.
Nothing here is used by the reference engine itself.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations, pairwise
from typing import Any

import cribcheck.reference.pegging as pegging_module
from cribcheck.reference.cards import Card, as_card, form_run
from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.hand import Heels, Show, ThreeForLast
from cribcheck.reference.muggins import Claims, Credit
from cribcheck.reference.pegging import GO, MAX_COUNT, POINTS_FOR_PAIRS, Go, LastCard, Play, PlayScore, Reset, can_play
from cribcheck.reference.seats import TABLE_NAMES, round_from_left_of, seats_of, side_of

Combination = tuple[Card, ...]
Fn = Callable[..., Any]

# --- the show ----------------------------------------------------------------------------------


def hand_flush_of_three_ignored(original: Fn) -> Fn:
    """Five-card: the 3 hand cards of one suit without the starter score nothing."""

    def hand_flush(hand: Combination, starter: Card, profile: Any) -> Combination:
        found = original(hand, starter, profile)
        return () if len(found) == 3 and starter not in found else found

    return hand_flush


def hand_flush_without_starter(original: Fn) -> Fn:
    """A hand flush never takes the starter in (3 or 4 only, never 4 or 5)."""

    def hand_flush(hand: Combination, starter: Card, profile: Any) -> Combination:
        return tuple(card for card in original(hand, starter, profile) if card != starter)

    return hand_flush


def nobs_for_the_starter(original: Fn) -> Fn:
    """The starter jack counts as nobs for the set it is shown with."""

    def nobs(cards: Combination, starter: Card, *, crib: bool, profile: Any) -> Card | None:
        return original((*cards, starter), starter, crib=crib, profile=profile)

    return nobs


def nobs_any_suit(original: Fn) -> Fn:
    """Any jack in the set scores nobs, whatever the starter's suit."""

    def nobs(cards: Combination, starter: Card, *, crib: bool, profile: Any) -> Card | None:
        for card in cards:
            if card.is_jack:
                return original((card,), card, crib=crib, profile=profile)
        return None

    return nobs


def runs_once_per_ranks(original: Fn) -> Fn:
    """A double or triple run counts once: runs are kept by their ranks, duplicates dropped."""

    def runs(cards: Iterable[Card]) -> tuple[Combination, ...]:
        kept: dict[tuple[int, ...], Combination] = {}
        for run in original(cards):
            kept.setdefault(tuple(sorted(card.rank for card in run)), run)
        return tuple(kept.values())

    return runs


def runs_with_contained(original: Fn) -> Fn:
    """Every run counts, including the shorter runs inside a longer one (A-2-3-4 = 4 + 3 + 3)."""

    def runs(cards: Iterable[Card]) -> tuple[Combination, ...]:
        cards = tuple(cards)
        return tuple(
            subset for size in range(len(cards), 2, -1) for subset in combinations(cards, size) if form_run(subset)
        )

    return runs


def ace_high_too(original: Fn) -> Fn:
    """The ace may also be high, after the king: Q-K-A is a run."""

    def form_run_ace_high(cards: Iterable[Card]) -> bool:
        cards = tuple(cards)
        if original(cards):
            return True
        ranks = sorted(14 if card.rank == 1 else card.rank for card in cards)
        return len(ranks) >= 3 and len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1

    return form_run_ace_high


def same_value(original: Fn) -> Fn:
    """A pair by counting value: 10 and Q (or J and K) pair."""

    def same_rank(cards: Iterable[Card]) -> bool:
        return len({card.value for card in cards}) == 1

    return same_rank


def fifteens_of_two(original: Fn) -> Fn:
    """Only two cards summing to 15 are looked for."""

    def fifteens(cards: Iterable[Card]) -> tuple[Combination, ...]:
        return tuple(pair for pair in combinations(tuple(cards), 2) if sum(card.value for card in pair) == 15)

    return fifteens


# --- the pegging: points for a card -------------------------------------------------------------


def run_through_duplicate(original: Fn) -> Fn:
    """A pegging run is looked for among the distinct ranks of the last cards, so a duplicate
    inside (4 5 5 6) does not break it."""

    def run_points(count_cards: Sequence[Card]) -> int:
        for n in range(len(count_cards), 2, -1):
            ranks = {card.rank for card in count_cards[-n:]}
            if len(ranks) >= 3 and max(ranks) - min(ranks) == len(ranks) - 1:
                return len(ranks)
        return 0

    return run_points


def run_in_order_only(original: Fn) -> Fn:
    """A pegging run counts only when played in sequence order (5 6 7 or 7 6 5, not 5 7 6)."""

    def run_points(count_cards: Sequence[Card]) -> int:
        for n in range(len(count_cards), 2, -1):
            ranks = [card.rank for card in count_cards[-n:]]
            if {b - a for a, b in pairwise(ranks)} in ({1}, {-1}):
                return n
        return 0

    return run_points


def pairs_anywhere_in_count(original: Fn) -> Fn:
    """Every card of the count of the same rank pairs with the card played, adjacent or not."""

    def pair_points(count_cards: Sequence[Card]) -> int:
        same = sum(1 for card in count_cards if card.rank == count_cards[-1].rank)
        return POINTS_FOR_PAIRS.get(same, 0)

    return pair_points


def pair_royal_four(original: Fn) -> Fn:
    """A pair royal (three of a rank) pegs 4 instead of 6."""

    def pair_points(count_cards: Sequence[Card]) -> int:
        points = original(count_cards)
        return 4 if points == 6 else points

    return pair_points


def best_reason_only(original: Any) -> property:
    """The reasons for one card do not add up: only the largest is pegged (fifteen for 2, not 4)."""
    return property(lambda score: max(score.fifteen, score.thirty_one, score.pairs, score.run))


# --- the pegging: the course of play (subclasses of reference.pegging._Pegger) ------------------


def history_across_resets(original: type) -> type:
    """Pairs and runs look back over every card played in the pegging, across resets."""

    class Pegger(original):
        def play(self, text: Any, index: int) -> None:
            super().play(text, index)
            pair_points, run_points = _scoring_functions()
            played = [event.card for event in self.events if isinstance(event, Play)]
            last = self.events[-1]
            score = PlayScore(last.score.fifteen, last.score.thirty_one, pair_points(played), run_points(played))
            self.events[-1] = Play(last.player, last.card, last.count, score, last.index)

    return Pegger


def _scoring_functions() -> tuple[Fn, Fn]:
    """The pegging's pair and run scorers as they are now (looked up at call time)."""
    return pegging_module.pair_points, pegging_module.run_points


def last_player_leads(original: type) -> type:
    """After a reset, the player of the last card leads the next series (when it holds cards)."""

    class Pegger(original):
        def end_series(self) -> None:
            last = self.last_player
            super().end_series()
            if self.events and isinstance(self.events[-1], Reset) and last is not None and self.held[last]:
                self.turn = last
                self.events[-1] = Reset(self.turn)

    return Pegger


def pone_always_leads(original: type) -> type:
    """After a reset, the pone (the seat at the dealer's left) leads the next series, whoever
    played the last card."""

    class Pegger(original):
        def end_series(self) -> None:
            super().end_series()
            if self.events and isinstance(self.events[-1], Reset) and self.held[self.order[0]]:
                self.turn = self.order[0]
                self.events[-1] = Reset(self.turn)

    return Pegger


def no_point_for_last_card(original: type) -> type:
    """The last card of the pegging (all cards played) scores no point; a go still does."""

    class Pegger(original):
        def end_series(self) -> None:
            if not any(self.held.values()) and self.last_player is not None:
                self.over = True
                return
            super().end_series()

    return Pegger


def no_point_for_go(original: type) -> type:
    """A series ended by a go (cards still held) scores no point; the last card still does."""

    class Pegger(original):
        def end_series(self) -> None:
            held = any(self.held.values())
            before = len(self.events)
            super().end_series()
            if held:
                self.events[before:] = [event for event in self.events[before:] if not isinstance(event, LastCard)]

    return Pegger


def go_point_to_go_sayer(original: type) -> type:
    """The point for a go is given to the (first) player who said go, not to the player of the
    last card."""

    class Pegger(original):
        def end_series(self) -> None:
            last = self.last_player
            sayers = [event.player for event in self.events if isinstance(event, Go) and event.player in self.said_go]
            before = len(self.events)
            super().end_series()
            if last is None or not sayers or sayers[-1] == last:
                return
            for position in range(before, len(self.events)):
                event = self.events[position]
                if isinstance(event, LastCard):
                    self.events[position] = LastCard(sayers[-1], event.points)

    return Pegger


def go_while_a_card_fits(original: type) -> type:
    """A "go" is accepted from a player who holds a card that fits: the turn simply passes."""

    class Pegger(original):
        def play(self, text: Any, index: int) -> None:
            if text == GO and not self.over:
                self.go_unclaimed = 0
                self.said_go.add(self.turn)
                self.events.append(Go(self.turn))
                self.turn = self.left_of(self.turn)
                return
            super().play(text, index)

    return Pegger


def play_past_31(original: type) -> type:
    """A card that takes the count past 31 is accepted (scoring its pairs and runs)."""

    class Pegger(original):
        def play(self, text: Any, index: int) -> None:
            try:
                super().play(text, index)
            except CribbageError as error:
                if error.code != Code.OVER_31:
                    raise
                card = as_card(text)  # held by the player to play: over_31 is checked after the turn
                pair_points, run_points = _scoring_functions()
                self.held[self.turn].remove(card)
                self.series.append(card)
                score = PlayScore(0, 0, pair_points(self.series), run_points(self.series))
                self.events.append(Play(self.turn, card, self.count, score, index))
                self.last_player = self.turn
                self.turn = self.left_of(self.turn)

    return Pegger


def over_31_before_turn(original: type) -> type:
    """Rejection order broken: another seat's card that would pass 31 is rejected over_31 (the
    rulings put not_your_turn first)."""

    class Pegger(original):
        def play(self, text: Any, index: int) -> None:
            if text != GO and not self.over and isinstance(text, str | Card):
                try:
                    card = as_card(text)
                except CribbageError:
                    card = None
                fits = card is None or self.count + card.value <= MAX_COUNT
                if not fits and self.holder_of(card) not in (None, self.turn):
                    raise CribbageError(Code.OVER_31, f"{card} would pass 31", index=index)
            super().play(text, index)

    return Pegger


def end_before_the_card(original: type) -> type:
    """Rejection order broken: once the pegging is over every play is play_after_pegging_over,
    even a card nobody holds or one that cannot be read."""

    class Pegger(original):
        def play(self, text: Any, index: int) -> None:
            if self.over:
                raise CribbageError(Code.PLAY_AFTER_PEGGING_OVER, f"{text} is after the end", index=index)
            super().play(text, index)

    return Pegger


# --- the hand ----------------------------------------------------------------------------------


def heels_to_pone(original: Fn) -> Fn:
    """His heels (a jack turned) is pegged by the pone instead of the dealer."""

    def awards(profile: Any, dealer: str, *rest: Any) -> Iterator[tuple[Any, str | None]]:
        pone = round_from_left_of(dealer, seats_of(profile))[0]
        for event, player in original(profile, dealer, *rest):
            yield event, (pone if isinstance(event, Heels) else player)

    return awards


def three_for_last_to_dealer(original: Fn) -> Fn:
    """Three for last is pegged by the dealer of the first hand instead of the pone."""

    def awards(profile: Any, dealer: str, *rest: Any) -> Iterator[tuple[Any, str | None]]:
        for event, player in original(profile, dealer, *rest):
            yield event, (dealer if isinstance(event, ThreeForLast) else player)

    return awards


def three_for_last_every_hand(original: Fn) -> Fn:
    """Three for last is given to the pone of every hand, not only the first."""

    def awards(profile: Any, dealer: str, first_hand: bool, *rest: Any) -> Iterator[tuple[Any, str | None]]:
        return original(profile, dealer, True, *rest)

    return awards


def show_in_order(original: Fn, order: Sequence[int]) -> Fn:
    """cribcheck.reference.hand.the_show yielding its counts in three groups, in `order`: 0 the hands before
    the dealer's (the pone's, or with three or four seats each from the dealer's left in turn),
    1 the dealer's hand, 2 the crib."""

    def the_show(profile: Any, dealer: str, *rest: Any) -> Iterator[Any]:
        *hands, crib = original(profile, dealer, *rest)
        groups = ([count for count in hands if count[1] != dealer], [count for count in hands if count[1] == dealer])
        for place in order:
            yield from (*groups, [crib])[place]

    return the_show


def dealer_shows_first(original: Fn) -> Fn:
    """The dealer's hand is counted before the pone's (then the crib)."""
    return show_in_order(original, (1, 0, 2))


# --- the deal and the game ---------------------------------------------------------------------


def higher_card_deals(original: Fn) -> Fn:
    """The higher cut card deals instead of the lower."""

    def cut_rank(card: Card, profile: Any) -> int:
        return -original(card, profile)

    return cut_rank


def dealer_dealt_first(original: Fn) -> Fn:
    """The deal starts with the dealer: the dealer takes the 1st, 3rd, 5th... card."""

    def dealt_hands(deck: Sequence[Card], profile: Any) -> tuple[tuple[Card, ...], ...]:
        hands = original(deck, profile)  # from the dealer's left, the dealer last
        return (*hands[1:], hands[0])  # so the dealer takes the first card, its left the second...

    return dealt_hands


def starter_one_card_up(original: Fn) -> Fn:
    """The starter is the bottom card of the lifted packet, stock[k - 1], not stock[k]."""

    def starter_from_cut(stock: Sequence[Card], cut: int) -> Card:
        original(stock, cut)  # the same checks of the depth
        return stock[cut - 1]

    return starter_from_cut


# --- three and four seats, muggins, matches ------------------------------------------------------


def reset_back_to_last_player(original: Fn) -> Fn:
    """After a reset, when the seat left of the last card's player has no cards, the last card's
    player leads (the two-player rule read literally) instead of the next seat that holds cards."""

    def next_leader(last_player: str, held: dict[str, list[Card]], order: Sequence[str] = ()) -> str:
        leader = original(last_player, held, order)
        first = order[(list(order).index(last_player) + 1) % len(order)]
        return leader if held[first] or not held[last_player] else last_player

    return next_leader


def crib_card_forgotten(original: Fn) -> Fn:
    """Three players: the card the deck gives the crib is never dealt (it stays on the stock)."""

    def crib_cards_from_deck(deck: Sequence[Card], profile: Any) -> tuple[Card, ...]:
        return ()

    return crib_cards_from_deck


def muggins_to_the_owner(original: Fn) -> Fn:
    """The points a count overlooked are pegged by its own side, not by the other side: used as
    `muggins_caller` where the hand looks it up to name who calls muggins."""

    def muggins_caller(side: str, sides: Any) -> str:
        return side

    return muggins_caller


def winner_deals_next(original: Fn) -> Fn:
    """In a match the winner of a game deals the first hand of the next, not the loser."""

    def loser_deals_next(game: Any, profile: Any) -> str:
        assert game.winner is not None
        return str(game.winner)

    return loser_deals_next


# --- three and four seats: the deal ------------------------------------------------------------


def every_seat_recuts(original: Fn) -> Fn:
    """After a tie for the lowest cut every seat cuts again, not only the seats tied: used as
    `_cut_round`, which is told the seats still cutting."""

    def cut_round(given: object, cutting: Sequence[str], number: int, profile: Any) -> dict[str, Card]:
        return original(given, seats_of(profile), number, profile)

    return cut_round


def dealt_anticlockwise(original: Fn) -> Fn:
    """The deal goes anticlockwise: the seat at the dealer's right takes the 1st card, the dealer
    still last. Two players: the same deal (the pone is both the dealer's left and right)."""

    def dealt_hands(deck: Sequence[Card], profile: Any) -> tuple[tuple[Card, ...], ...]:
        hands = original(deck, profile)  # from the dealer's left clockwise, the dealer last
        return (*reversed(hands[:-1]), hands[-1])

    return dealt_hands


def stock_from_the_crib_card(original: Fn) -> Fn:
    """Three players: the stock is counted from the card dealt to the crib (as if it were still on
    the deck), so a cut of depth k turns the card one above the right one."""

    def cut_the_stock(dealing: Any, cut: int) -> Any:
        return original(dataclasses.replace(dealing, stock=(*dealing.crib_cards, *dealing.stock)), cut)

    return cut_the_stock


def right_of(original: Fn) -> Fn:
    """The seat to the right (the previous seat clockwise), used where the left is meant."""

    def left_of(seat: str, order: Sequence[str]) -> str:
        return order[(list(order).index(seat) - 1) % len(order)]

    return left_of


def foreign_discard_ignored(original: Fn) -> Fn:
    """3-4 seats: a discard that is not among the seat's own cards (another seat's card, or one
    nobody was dealt) is not refused: nothing leaves the seat's hand, which keeps its five cards."""

    def kept_cards(dealt: Sequence[Card], discards: Sequence[Card], profile: Any, who: str) -> tuple[Card, ...]:
        try:
            return original(dealt, discards, profile, who)
        except CribbageError as error:
            if error.code is not Code.DISCARD_NOT_HELD or profile.discards_each != 1:
                raise
            return tuple(card for card in dealt if card not in discards)

    return kept_cards


# --- three and four seats: the pegging and the show --------------------------------------------


def play_passes_right(original: type) -> type:
    """The turn passes to the right (anticlockwise) after each card and each go; the dealer's left
    still leads."""

    class Pegger(original):
        def left_of(self, seat: str) -> str:
            return self.order[(self.order.index(seat) - 1) % len(self.order)]

    return Pegger


def only_last_player_plays_on(original: type) -> type:
    """After a go only the player of the last card plays on (the two-player rule kept): when that
    seat cannot play the series ends, though another seat could still play."""

    class Pegger(original):
        def settle(self) -> None:
            while not self.over and not can_play(self.held[self.turn], self.count):
                if self.count < MAX_COUNT and self.held[self.turn] and self.turn not in self.said_go:
                    self.said_go.add(self.turn)
                    self.events.append(Go(self.turn))
                    self.go_unclaimed += 1
                last = self.last_player
                if last is not None and can_play(self.held[last], self.count):
                    self.turn = last
                else:
                    self.end_series()

    return Pegger


def go_stops_when_nobody_can_play(original: type) -> type:
    """The series ends as soon as no seat can play: the seats between the one that said go and the
    last card's player say nothing (in the example of rule peg.go-seats, A says go and C scores, B
    silent)."""

    class Pegger(original):
        def settle(self) -> None:
            while not self.over and not can_play(self.held[self.turn], self.count):
                if self.says_go(self.turn):
                    self.said_go.add(self.turn)
                    self.events.append(Go(self.turn))
                    self.go_unclaimed += 1
                if any(can_play(self.held[seat], self.count) for seat in self.order):
                    self.turn = self.left_of(self.turn)
                else:
                    self.end_series()

    return Pegger


def no_pair_with_partner(original: type) -> type:
    """Partnerships: a card that pairs the card its partner played just before it scores no pair."""

    class Pegger(original):
        def play(self, text: Any, index: int) -> None:
            super().play(text, index)
            card = self.events[-1]
            before = _previous_play(self.events)
            if (
                before is not None
                and before.player != card.player
                and side_of(before.player, self.profile) == side_of(card.player, self.profile)
                and card.score.pairs
            ):
                score = dataclasses.replace(card.score, pairs=0)
                self.events[-1] = Play(card.player, card.card, card.count, score, card.index)

    return Pegger


def _previous_play(events: Sequence[Any]) -> Play | None:
    """The card played before the last event, in the same series (None after a reset)."""
    for event in reversed(events[:-1]):
        if isinstance(event, Reset):
            return None
        if isinstance(event, Play):
            return event
    return None


def show_from_dealer_right(original: Fn) -> Fn:
    """The hands are counted from the dealer's right (anticlockwise), the dealer's hand still last,
    then the crib. Two players: the same order."""

    def the_show(profile: Any, dealer: str, *rest: Any) -> Iterator[Any]:
        *hands, crib = original(profile, dealer, *rest)
        *others, own = hands
        yield from reversed(others)
        yield own
        yield crib

    return the_show


def extra_seats_ignored(original: Fn) -> Fn:
    """A mapping by seat or side is accepted when it holds every seat (side) of the table: an entry
    for a seat or side the table does not have is ignored, not bad_seat (only a missing one is)."""

    def check_keys(mapping: object, expected: Sequence[str], profile: Any, what: str) -> Any:
        if isinstance(mapping, Mapping) and set(expected) <= set(mapping) <= TABLE_NAMES:
            return mapping
        return original(mapping, expected, profile, what)

    return check_keys


# --- muggins and claims ------------------------------------------------------------------------


def unclaimed_as_zero(original: Fn) -> Fn:
    """Muggins: a play or show its owner gives no claim for is taken as claimed 0 (used as
    `_claim_for`); without muggins a claim changes nothing, so nor does this."""

    def claim_for(event: Any, seat: Any, claims: Claims) -> int | None:
        claim = original(event, seat, claims)
        return 0 if claim is None and isinstance(event, Play | Show) else claim

    return claim_for


def overclaim_pegged(original: Fn) -> Fn:
    """Muggins: a claim above the true points is pegged as claimed, not corrected down."""

    def credit(true_points: int, claim: int | None, *, muggins: bool) -> Credit:
        if muggins and claim is not None and claim > true_points:
            return Credit(points=claim, overlooked=0, claimed=claim)
        return original(true_points, claim, muggins=muggins)

    return credit


def claims_by_play_index(original: Fn) -> Fn:
    """Claims kept by the play's index only: a claim on a go or last-card point (`last_card: i`,
    never claimed) is read as a claim on the card at plays[i], the later claim standing."""

    def read_claims(claims: Any, plays: Sequence[object], seats: Sequence[str]) -> Claims:
        read = original(claims, plays, seats)  # every claim checked
        by_index: dict[int, int] = {}
        for claim in claims or ():
            for kind in ("play", "last_card"):
                if kind in claim:
                    by_index[claim[kind]] = claim["points"]
        return Claims(plays=by_index, shows=read.shows)

    return read_claims


def later_claim_stands(original: Fn) -> Fn:
    """A count claimed twice is not refused: the claims are kept by count, the later one standing."""

    def read_claims(claims: Any, plays: Sequence[object], seats: Sequence[str]) -> Claims:
        if isinstance(claims, list):
            latest: dict[object, object] = {}
            for number, claim in enumerate(claims):
                latest[_count_named(claim, number)] = claim
            claims = list(latest.values())
        return original(claims, plays, seats)

    return read_claims


def _count_named(claim: object, number: int) -> object:
    """The count a claim names, as a key (what it names and where); a claim that is not a mapping
    is a key of its own."""
    if not isinstance(claim, Mapping):
        return number
    return tuple(sorted((str(key), repr(value)) for key, value in claim.items() if key != "points"))


# --- matches -----------------------------------------------------------------------------------


def games_counted(original: Fn) -> Fn:
    """Matches: a game won adds 1 to its winner's total whatever its skunk (used as the match's
    `play_hands`: the games are counted, not their game points)."""

    def play_hands(profile: Any, cut: Any, hands: Any) -> Any:
        game = original(profile, cut, hands)
        return game if game.winner is None else dataclasses.replace(game, game_points=1)

    return play_hands


def play_on_after_the_match(original: Fn) -> Fn:
    """Matches: the games given after the match was won are played on (the totals go on), not
    game_over; the winner is still the first to reach the target."""

    def play_match(profile: Any, *, cuts: Any, games: Any) -> Any:
        if getattr(profile, "match_target", None) is None:
            return original(profile, cuts=cuts, games=games)
        played = original(dataclasses.replace(profile, match_target=sys.maxsize), cuts=cuts, games=games)
        for number, one in enumerate(played.games, start=1):
            winner = one.game.winner
            if winner is not None and (one.game.wins_match or one.totals[winner] >= profile.match_target):
                return dataclasses.replace(played, winner=winner, decided_by=number)
        return played

    return play_match


def game_over_names_the_last_game(original: Fn) -> Fn:
    """Matches: games given after the match was won are game_over at the last game given, not at
    the first after the win (the games counted once all are read). Only `game` shows it, and only
    when two or more games follow the win."""

    def play_match(profile: Any, *, cuts: Any, games: Any) -> Any:
        try:
            return original(profile, cuts=cuts, games=games)
        except CribbageError as error:
            if error.code is not Code.GAME_OVER or error.hand is not None or error.game is None:
                raise
            raise CribbageError(error.code, error.message, index=error.index, game=len(games) - 1) from None

    return play_match
