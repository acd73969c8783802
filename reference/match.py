"""A match (source 003): a series of games, each giving its winner game points, until a player
reaches the match target.

Rules match.game-points (a plain win 1, a skunk 2, a double skunk 3: the profile's skunk lines),
match.loser-deals (the first game starts with the cut; the loser of each game deals the first
hand of the next), match.target (the first to 3 game points wins, at the end of that game),
match.triple-skunk (in that variant a loser below 31 loses the match at once) and match.over (a
game given after the match was won is rejected).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cribcheck.reference.cards import Card
from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.game import CutForDeal, GameResult, HandInput, cut_for_deal, play_hands
from cribcheck.reference.profiles import Profile, profile_names
from cribcheck.reference.seats import Side, other_sides, sides_of


@dataclass(frozen=True)
class MatchGame:
    """One game of a match: its result, who dealt its first hand, and the game points of each
    player after it."""

    game: GameResult
    first_dealer: str
    totals: Mapping[Side, int]


@dataclass(frozen=True)
class MatchResult:
    games: tuple[MatchGame, ...]
    totals: Mapping[Side, int]
    winner: Side | None
    decided_by: int | None  # the game (from 1) that decided the match


def play_match(
    profile: Profile,
    *,
    cuts: Sequence[Sequence[Card | str]],
    games: Sequence[Sequence[HandInput]],
) -> MatchResult:
    """Play a match: the cut for the first game's deal, then each game's hands in order. The
    loser of each game deals the first hand of the next (rule match.loser-deals); a game gives
    its winner its game points (match.game-points); the first to the match target wins at the
    end of that game (match.target), or at once by a triple skunk where the profile has one
    (match.triple-skunk). A game after the match is won is game_over (match.over), once it is
    judged a game of its own (input.rejection-order); a game after a game that was not won is
    game_incomplete."""
    if not isinstance(profile, Profile):
        raise TypeError(f"profile is a Profile (see load_profile), got {type(profile).__name__}")
    if profile.match_target is None:
        matches = [name for name in profile_names() if "match" in name]
        raise CribbageError(
            Code.UNKNOWN_PROFILE,
            f"{profile.name} plays single games, not matches; match profiles: {', '.join(matches)}",
        )
    if isinstance(games, str | bytes | Mapping) or not isinstance(games, Sequence):
        raise TypeError(f"games are a sequence of games (each a sequence of HandInput), got {type(games).__name__}")
    cut = cut_for_deal(cuts, profile)
    totals: dict[Side, int] = dict.fromkeys(sides_of(profile), 0)
    played: list[MatchGame] = []
    winner: Side | None = None
    decided_by: int | None = None
    for number, hands in enumerate(games):
        if played and played[-1].game.winner is None:
            unfinished = played[-1].game
            raise CribbageError(
                Code.GAME_INCOMPLETE,
                f"game {number + 1} is given, but game {number} ends after {unfinished.hands_played} hands unwon",
                game=number - 1,
                hand=unfinished.hands_played,
            )
        try:
            game = play_hands(profile, cut, hands)
        except CribbageError as error:
            raise CribbageError(
                error.code, f"game {number + 1}: {error.message}", index=error.index, hand=error.hand, game=number
            ) from None
        if winner is not None:
            # Rule input.rejection-order: a game given after the match was won is judged as a game
            # first (dealt by the loser of the deciding game); refused as game_over last.
            raise CribbageError(
                Code.GAME_OVER,
                f"game {number + 1} is given, but {winner} won the match in game {decided_by}",
                game=number,
            )
        if game.winner is not None:
            totals[game.winner] += game.game_points or 0
            if game.wins_match or totals[game.winner] >= profile.match_target:
                winner, decided_by = game.winner, number + 1
            cut = CutForDeal(rounds=(), dealer=loser_deals_next(game, profile))
        played.append(MatchGame(game=game, first_dealer=game.cut.dealer, totals=dict(totals)))
    return MatchResult(games=tuple(played), totals=totals, winner=winner, decided_by=decided_by)


def loser_deals_next(game: GameResult, profile: Profile) -> str:
    """Rule match.loser-deals: the loser of a game deals the first hand of the next, without a cut."""
    assert game.winner is not None
    return other_sides(game.winner, profile)[0]
