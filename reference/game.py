"""A game: the cut for the first deal, hands with the deal passing round the table, the winner,
and (where the profile has them) skunks and game points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cribcheck.reference.cards import Card, as_card, no_card_twice
from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.hand import HandResult, Player, play_hand
from cribcheck.reference.profiles import Profile
from cribcheck.reference.seats import Seat, Side, left_of, other_sides, seats_of, sides_of


@dataclass(frozen=True)
class CutForDeal:
    """The cuts made (two players: (A's card, B's card); more: a card per seat cutting), and who
    deals the first hand."""

    rounds: tuple[tuple[Card, ...] | Mapping[Seat, Card], ...]
    dealer: Seat


@dataclass(frozen=True)
class HandInput:
    """What one hand of a game is made of: the cards dealt per seat and the starter (and, with
    three players, the crib card), or a deck and a cut depth; the discards per seat; the pegging
    as played; the muggins claims, if any."""

    discards: Mapping[Seat, Sequence[Card | str]]
    plays: Sequence[Card | str]
    dealt: Mapping[Seat, Sequence[Card | str]] | None = None
    starter: Card | str | None = None
    deck: Sequence[Card | str] | None = None
    cut: int | None = None
    crib_card: Card | str | None = None
    claims: Sequence[Mapping[str, object]] | None = None


@dataclass(frozen=True)
class GameResult:
    cut: CutForDeal
    hands: tuple[HandResult, ...]
    scores: Mapping[Side, int]
    winner: Side | None
    skunk: str | None = None
    game_points: int | None = None
    wins_match: bool = False
    dealers: tuple[Player, ...] = field(default=())

    @property
    def hands_played(self) -> int:
        return len(self.hands)


def cut_rank(card: Card, profile: Profile) -> int:
    """Rule deal.cut-for-deal, dispute D6: the cut compares RANK (ace lowest, king highest), so ten
    against king is no tie. Under the other reading (cut_for_deal: lower_value) the counting value
    is compared."""
    return card.value if profile.cut_for_deal == "lower_value" else card.rank


def cut_for_deal(cuts: Sequence[Sequence[Card | str] | Mapping[Seat, Card | str]], profile: Profile) -> CutForDeal:
    """Rules deal.cut-for-deal and deal.cut-for-deal-seats: each seat cuts; the lowest card deals;
    if several share the lowest, only they cut again. `cuts` lists the rounds: with two players as
    (A's card, B's card), with more as {seat: card}, the seats still cutting in each round."""
    if not isinstance(profile, Profile):
        raise TypeError(f"profile is a Profile (see load_profile), got {type(profile).__name__}")
    if isinstance(cuts, str | bytes | Mapping) or not isinstance(cuts, Sequence):
        raise TypeError(f"cuts are a sequence of rounds, got {type(cuts).__name__}")
    cutting = seats_of(profile)
    rounds: list[tuple[Card, ...] | Mapping[Seat, Card]] = []
    for number, given in enumerate(cuts, start=1):
        cards = _cut_round(given, cutting, number, profile)
        rounds.append(tuple(cards.values()) if profile.seats == 2 else cards)
        lowest = min(cut_rank(card, profile) for card in cards.values())
        cutting = tuple(seat for seat, card in cards.items() if cut_rank(card, profile) == lowest)
        if len(cutting) > 1:
            continue
        if number != len(cuts):
            raise CribbageError(
                Code.BAD_CUT,
                f"cut round {number} ({_cut_text(cards)}) decided the deal; {len(cuts) - number} more round(s) given",
            )
        return CutForDeal(rounds=tuple(rounds), dealer=cutting[0])
    raise CribbageError(Code.BAD_CUT, "the cuts end in a tie: equal cards must be cut again")


def _cut_round(given: object, cutting: Sequence[Seat], number: int, profile: Profile) -> dict[Seat, Card]:
    """One round's cards by seat. Two players give [A's card, B's card]; more give {seat: card},
    and after the first round only the seats tied for the lowest cut (rule deal.cut-for-deal-seats)."""
    if isinstance(given, str | bytes) or not isinstance(given, Sequence | Mapping):
        raise TypeError(f"cut round {number} is a sequence or mapping of cards, got {type(given).__name__}")
    if profile.seats == 2:
        if isinstance(given, Mapping):
            raise CribbageError(Code.BAD_SEAT, f"cut round {number}: two players cut as [A's card, B's card]")
        if len(given) != 2:
            raise CribbageError(Code.WRONG_CARD_COUNT, f"cut round {number} needs one card for A and one for B")
        cards = {"A": as_card(given[0]), "B": as_card(given[1])}
    else:
        if not isinstance(given, Mapping):
            raise CribbageError(
                Code.BAD_SEAT, f"cut round {number}: with {profile.seats} seats a round is {{seat: card}}"
            )
        if any(seat not in seats_of(profile) for seat in given) or (number == 1 and len(given) != profile.seats):
            raise CribbageError(
                Code.BAD_SEAT,
                f"cut round {number} names {' '.join(map(str, given))}; the seats are {' '.join(cutting)}",
            )
        if sorted(given) != sorted(cutting):
            raise CribbageError(
                Code.BAD_CUT,
                f"cut round {number} is cut by {' '.join(sorted(given))}, but only {' '.join(cutting)} tied for lowest",
            )
        cards = {seat: as_card(given[seat]) for seat in cutting}
    no_card_twice(cards.values())
    return cards


def _cut_text(cards: Mapping[Seat, Card]) -> str:
    return ", ".join(f"{seat} {card}" for seat, card in cards.items())


def skunk_of(winner_score: int, loser_score: int, profile: Profile) -> tuple[str | None, int | None, bool]:
    """Rules game.skunk, game.double-skunk and game.points (disputes D1, D7), and in partnerships
    game.partnership-skunk (dispute D10: the losing side's score): a plain win is worth the
    profile's win points; a skunk or double skunk more, by the loser's final score (or, under the
    other reading of D1, by the margin). Profiles without skunks give no class and no points."""
    rule = profile.skunk
    if rule is None:
        return None, None, False
    for line in rule.classes:
        if rule.measure == "loser_below" and line.below is not None and loser_score < line.below:
            return line.name, line.game_points, line.wins_match
        if rule.measure == "margin_over" and line.over is not None and winner_score - loser_score > line.over:
            return line.name, line.game_points, line.wins_match
    return "none", rule.win_points, False


def play_game(profile: Profile, *, cuts: Sequence[Sequence[Card | str]], hands: Sequence[HandInput]) -> GameResult:
    """Play a game from the cut for deal: the deal passes to the left (rules deal.alternate,
    deal.rotate), each hand is played from the scores before it, and the game ends at the winning
    event. A hand given after the game was won is rejected, after its own faults."""
    cut = cut_for_deal(cuts, profile)
    return play_hands(profile, cut, hands)


def play_hands(profile: Profile, cut: CutForDeal, hands: Sequence[HandInput]) -> GameResult:
    """The hands of one game, the first dealt by `cut.dealer` (rules deal.alternate, deal.rotate:
    afterwards the deal passes to the left, with two players to the other player)."""
    if isinstance(hands, str | bytes | Mapping) or not isinstance(hands, Sequence):
        raise TypeError(f"hands are a sequence of HandInput, got {type(hands).__name__}")
    scores: dict[Side, int] = dict.fromkeys(sides_of(profile), 0)
    dealer = cut.dealer
    results: list[HandResult] = []
    dealers: list[Seat] = []
    winner: Side | None = None
    for number, hand in enumerate(hands):
        if not isinstance(hand, HandInput):
            raise TypeError(f"hand {number + 1} is a HandInput, got {type(hand).__name__}")
        # A hand given after the win is refused by play_hand (the scores are at the target), last
        # of its faults (rule input.rejection-order).
        try:
            result = play_hand(
                profile,
                dealer=dealer,
                scores=scores,
                first_hand=(number == 0),
                discards=hand.discards,
                plays=hand.plays,
                dealt=hand.dealt,
                starter=hand.starter,
                deck=hand.deck,
                cut=hand.cut,
                crib_card=hand.crib_card,
                claims=hand.claims,
            )
        except CribbageError as error:
            message = f"hand {number + 1}: {error.message}"
            if winner is not None and error.code is Code.GAME_OVER:
                message = f"hand {number + 1} is given, but {winner} won the game in hand {number}"
            raise CribbageError(error.code, message, index=error.index, hand=number) from None
        results.append(result)
        dealers.append(dealer)
        scores = dict(result.scores)
        winner = result.winner
        dealer = left_of(dealer, seats_of(profile))
    skunk, game_points, wins_match = (None, None, False)
    if winner is not None:
        loser = other_sides(winner, profile)
        if len(loser) == 1:  # skunks are between two sides: two players or two partnerships
            skunk, game_points, wins_match = skunk_of(scores[winner], scores[loser[0]], profile)
    return GameResult(
        cut=cut,
        hands=tuple(results),
        scores=scores,
        winner=winner,
        skunk=skunk,
        game_points=game_points,
        wins_match=wins_match,
        dealers=tuple(dealers),
    )
