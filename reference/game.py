"""A game: the cut for the first deal, hands with alternating dealers, the winner, and (where
the profile has them) skunks and game points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reference.cards import Card, as_card, no_card_twice
from reference.errors import Code, CribbageError
from reference.hand import PLAYERS, HandResult, Player, other_player, play_hand
from reference.profiles import Profile


@dataclass(frozen=True)
class CutForDeal:
    """The cuts made (A's card, B's card), and who deals the first hand."""

    rounds: tuple[tuple[Card, Card], ...]
    dealer: Player


@dataclass(frozen=True)
class HandInput:
    """What one hand of a game is made of: the cards dealt per player and the starter, or a deck
    and a cut depth; the discards per player; the pegging as played."""

    discards: Mapping[Player, Sequence[Card | str]]
    plays: Sequence[Card | str]
    dealt: Mapping[Player, Sequence[Card | str]] | None = None
    starter: Card | str | None = None
    deck: Sequence[Card | str] | None = None
    cut: int | None = None


@dataclass(frozen=True)
class GameResult:
    cut: CutForDeal
    hands: tuple[HandResult, ...]
    scores: Mapping[Player, int]
    winner: Player | None
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


def cut_for_deal(cuts: Sequence[Sequence[Card | str]], profile: Profile) -> CutForDeal:
    """Rule deal.cut-for-deal: each player cuts; the lower card deals; equal cards cut again.
    `cuts` lists the rounds as (A's card, B's card)."""
    rounds = []
    for number, pair in enumerate(cuts, start=1):
        if len(pair) != 2:
            raise CribbageError(Code.WRONG_CARD_COUNT, f"cut round {number} needs one card for A and one for B")
        a_card, b_card = as_card(pair[0]), as_card(pair[1])
        no_card_twice((a_card, b_card))
        rounds.append((a_card, b_card))
        a_cut, b_cut = cut_rank(a_card, profile), cut_rank(b_card, profile)
        if a_cut == b_cut:
            continue
        if number != len(cuts):
            raise CribbageError(
                Code.BAD_CUT,
                f"cut round {number} ({a_card} against {b_card}) decided the deal; "
                f"{len(cuts) - number} more round(s) given",
            )
        return CutForDeal(rounds=tuple(rounds), dealer="A" if a_cut < b_cut else "B")
    raise CribbageError(Code.BAD_CUT, "the cuts end in a tie: equal cards must be cut again")


def skunk_of(winner_score: int, loser_score: int, profile: Profile) -> tuple[str | None, int | None, bool]:
    """Rules game.skunk, game.double-skunk and game.points (disputes D1, D7): a plain win is worth
    the profile's win points; a skunk or double skunk more, by the loser's final score (or, under
    the other reading of D1, by the margin). Profiles without skunks give no class and no points."""
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
    """Play a game from the cut for deal: dealers alternate (rule deal.alternate), each hand is
    played from the scores before it, and the game ends at the winning event. A hand given after
    the game was won is rejected."""
    cut = cut_for_deal(cuts, profile)
    scores: dict[Player, int] = dict.fromkeys(PLAYERS, 0)
    dealer = cut.dealer
    results: list[HandResult] = []
    dealers: list[Player] = []
    winner: Player | None = None
    for number, hand in enumerate(hands):
        if winner is not None:
            raise CribbageError(
                Code.GAME_OVER,
                f"hand {number + 1} is given, but {winner} won the game in hand {number}",
                hand=number,
            )
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
            )
        except CribbageError as error:
            raise CribbageError(
                error.code, f"hand {number + 1}: {error.message}", index=error.index, hand=number
            ) from None
        results.append(result)
        dealers.append(dealer)
        scores = dict(result.scores)
        winner = result.winner
        dealer = other_player(dealer)
    skunk, game_points, wins_match = (None, None, False)
    if winner is not None:
        skunk, game_points, wins_match = skunk_of(scores[winner], scores[other_player(winner)], profile)
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
