"""The operations of the suite, defined once: what each takes (JSON input) and what the reference
engine answers (JSON result), or the rejection it gives.

This is the one place where the reference engine's dataclasses become the JSON that cases and
the adapter protocol speak. Everything else in the harness goes through `run_reference`.
"""

from __future__ import annotations

import pkgutil
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from cribcheck.harness.operations.before_profile import faults_before_profile
from cribcheck.reference import (
    CribbageError,
    GameResult,
    HandInput,
    HandResult,
    MatchResult,
    Profile,
    Step,
    cut_for_deal,
    deal_at_table,
    deal_from_deck,
    format_cards,
    load_profile,
    play_game,
    play_hand,
    play_match,
    score_play,
    score_show,
)
from cribcheck.reference.errors import Code
from cribcheck.reference.hand import Heels, Show, ThreeForLast, credit_pegging
from cribcheck.reference.muggins import Muggins, read_claims
from cribcheck.reference.pegging import ROLES, Go, LastCard, Play, PlayScore, Reset, pegging_table, round_table
from cribcheck.reference.seats import seats_of, sides_of
from cribcheck.reference.show import ShowScore

OPERATIONS = ("show", "play", "pegging", "deal", "cut", "hand", "game", "match")
# The one place the harness loads a profile (mutants patch it, cached_profiles wraps it).
PROFILE_LOADER = f"{__name__}.load_profile"

Json = dict[str, Any]


def run_reference(op: str, data: Mapping[str, Any], profile_name: str) -> Json:
    """Answer one operation as the reference engine: `{"ok": result}` or `{"rejected": ...}`."""
    try:
        profile = _profile(op, data, profile_name)
        return {"ok": _HANDLERS[op](data, profile)}
    except CribbageError as error:
        return {"rejected": rejection(error)}


def _profile(op: str, data: Mapping[str, Any], name: str) -> Profile:
    """The profile named; when it is unknown, the faults that come before an unknown profile in
    rule input.rejection-order are answered first."""
    try:
        return load_profile(name)
    except CribbageError as error:
        if error.code is Code.UNKNOWN_PROFILE:
            faults_before_profile(op, data)
        raise


def rejection(error: CribbageError) -> Json:
    out: Json = {"code": error.code.value, "message": error.message}
    if error.index is not None:
        out["index"] = error.index
    if error.hand is not None:
        out["hand"] = error.hand
    if error.game is not None:
        out["game"] = error.game
    return out


# --- results as JSON -------------------------------------------------------------------------


def show_json(score: ShowScore) -> Json:
    return {
        "total": score.total,
        "breakdown": {
            "fifteens": score.fifteens,
            "pairs": score.pairs,
            "runs": score.runs,
            "flush": score.flush,
            "nobs": score.nobs,
        },
        "combinations": {
            "fifteens": [format_cards(combo) for combo in score.fifteen_combinations],
            "pairs": [format_cards(combo) for combo in score.pair_combinations],
            "runs": [format_cards(combo) for combo in score.run_combinations],
            "flush": format_cards(score.flush_cards),
            "nobs": str(score.nobs_jack) if score.nobs_jack else None,
        },
    }


def play_json(score: PlayScore) -> Json:
    return {
        "points": score.points,
        "breakdown": {
            "fifteen": score.fifteen,
            "thirty_one": score.thirty_one,
            "pairs": score.pairs,
            "run": score.run,
        },
    }


def scoring_json(score: PlayScore) -> dict[str, int]:
    """The non-zero reasons of a pegged card, for event lists."""
    return {reason: points for reason, points in play_json(score)["breakdown"].items() if points}


def pegging_event_json(event: Any, player: str) -> Json:
    """A pegging event; `player` is a role (pegging op) or a player A/B (hand and game ops)."""
    if isinstance(event, Play):
        return {
            "type": "play",
            "player": player,
            "card": str(event.card),
            "count": event.count,
            "points": event.points,
            "scoring": scoring_json(event.score),
        }
    if isinstance(event, Go):
        return {"type": "go", "player": player}
    if isinstance(event, LastCard):
        return {"type": "last_card", "player": player, "points": event.points}
    if isinstance(event, Reset):
        return {"type": "reset", "leader": player}
    if isinstance(event, Muggins):
        return {"type": "muggins", "player": player, "points": event.points}
    raise TypeError(f"not a pegging event: {event!r}")


def step_json(step: Step) -> Json:
    event = step.event
    scores = dict(step.scores)
    if isinstance(event, ThreeForLast):
        out: Json = {"type": "three_for_last", "player": step.player, "points": step.points}
    elif isinstance(event, Heels):
        out = {"type": "heels", "player": step.player, "card": str(event.starter), "points": step.points}
    elif isinstance(event, Show):
        out = {
            "type": "show",
            "set": event.set,
            "player": step.player,
            "cards": format_cards(event.cards),
            "points": step.points,
            "breakdown": show_json(event.score)["breakdown"],
        }
        if step.claimed is not None:
            out["claimed"] = step.claimed
    elif event.kind == "win":
        out = {"type": "win", "player": step.player}
    else:
        out = pegging_event_json(event, step.player or "")
        if "points" in out:
            out["points"] = step.points  # what was pegged (a variant may peg less than scored)
        if step.claimed is not None:
            out["claimed"] = step.claimed
    out["scores"] = scores
    return out


def hand_json(result: HandResult) -> Json:
    return {
        "scores": dict(result.scores),
        "winner": result.winner,
        "starter": str(result.starter),
        "events": [step_json(step) for step in result.steps],
    }


def game_json(result: GameResult) -> Json:
    events: list[Json] = []
    for number, (hand, dealer) in enumerate(zip(result.hands, result.dealers, strict=True), start=1):
        events.append({"type": "deal", "hand": number, "dealer": dealer})
        events.extend(step_json(step) for step in hand.steps)
    out: Json = {
        "scores": dict(result.scores),
        "winner": result.winner,
        "hands_played": result.hands_played,
        "first_dealer": result.cut.dealer,
        "events": events,
    }
    if result.skunk is not None:
        out["skunk"] = result.skunk
        out["game_points"] = result.game_points
        if result.wins_match:
            out["wins_match_outright"] = True
    return out


def match_json(result: MatchResult) -> Json:
    games = []
    for played in result.games:
        game = played.game
        games.append(
            {
                "first_dealer": played.first_dealer,
                "winner": game.winner,
                "scores": dict(game.scores),
                "hands_played": game.hands_played,
                "skunk": game.skunk if game.winner is not None else None,
                "game_points": (game.game_points or 0) if game.winner is not None else 0,
                "wins_match_outright": game.wins_match,
                "totals": dict(played.totals),
                "events": game_json(game)["events"],
            }
        )
    return {
        "winner": result.winner,
        "decided_by": result.decided_by,
        "totals": dict(result.totals),
        "games": games,
    }


# --- handlers: JSON input -> reference call -> JSON result -----------------------------------


def _show(data: Mapping[str, Any], profile: Profile) -> Json:
    return show_json(score_show(data["cards"], data["starter"], crib=bool(data.get("crib", False)), profile=profile))


def _play(data: Mapping[str, Any], profile: Profile) -> Json:
    return play_json(score_play(data["count"], profile))


def _pegging(data: Mapping[str, Any], profile: Profile) -> Json:
    """Two players: the roles pone and dealer, points by role. Three or four seats (`hands` by seat
    and the dealer's seat): points by side. The hands are checked first, then the claims
    (rule input.rejection-order), then the plays; under muggins the claims are pegged as claimed."""
    plays = data["plays"]
    if "hands" in data:
        table = round_table(data["hands"], data["dealer"], plays, profile)
        seats, sides = seats_of(profile), sides_of(profile)
    else:
        table = pegging_table(data["pone"], data["dealer"], plays, profile)
        seats = sides = ROLES
    claims = read_claims(data.get("claims"), plays, seats)
    result = table.replay(plays)
    points = dict.fromkeys(sides, 0)
    events = []
    for award in credit_pegging(result, claims, profile, sides):
        out = pegging_event_json(award.event, award.player or "")
        if award.side is not None:
            points[award.side] += award.points
            out["points"] = award.points  # what was pegged (a claim may peg less than scored)
        if award.claimed is not None:
            out["claimed"] = award.claimed
        events.append(out)
    return {
        "points": points,
        "events": events,
        "unplayed": {seat: format_cards(cards) for seat, cards in result.unplayed.items()},
    }


def _deal(data: Mapping[str, Any], profile: Profile) -> Json:
    if "dealer" in data or profile.seats != 2:
        table = deal_at_table(data["deck"], data["cut"], profile, data.get("dealer", ""))
        out: Json = {"hands": {seat: format_cards(table.hands[seat]) for seat in seats_of(profile)}}
        if table.crib_cards:
            out["crib_card"] = str(table.crib_cards[0])
        out["starter"] = str(table.starter)
        return out
    deal = deal_from_deck(data["deck"], data["cut"], profile)
    return {
        "pone": format_cards(deal.pone),
        "dealer": format_cards(deal.dealer),
        "starter": str(deal.starter),
    }


def _cut(data: Mapping[str, Any], profile: Profile) -> Json:
    result = cut_for_deal(data["cuts"], profile)
    return {"dealer": result.dealer, "rounds": len(result.rounds)}


def _hand_input(data: Mapping[str, Any]) -> HandInput:
    return HandInput(
        discards=data["discards"],
        plays=data["plays"],
        dealt=data.get("dealt"),
        starter=data.get("starter"),
        deck=data.get("deck"),
        cut=data.get("cut"),
        crib_card=data.get("crib_card"),
        claims=data.get("claims"),
    )


def _hand(data: Mapping[str, Any], profile: Profile) -> Json:
    hand = _hand_input(data)
    result = play_hand(
        profile,
        dealer=data["dealer"],
        scores=data.get("scores", dict.fromkeys(sides_of(profile), 0)),
        first_hand=bool(data.get("first_hand", False)),
        discards=hand.discards,
        plays=hand.plays,
        dealt=hand.dealt,
        starter=hand.starter,
        deck=hand.deck,
        cut=hand.cut,
        crib_card=hand.crib_card,
        claims=hand.claims,
    )
    return hand_json(result)


def _game(data: Mapping[str, Any], profile: Profile) -> Json:
    result = play_game(profile, cuts=data["cuts"], hands=[_hand_input(hand) for hand in data["hands"]])
    return game_json(result)


def _match(data: Mapping[str, Any], profile: Profile) -> Json:
    games = [[_hand_input(hand) for hand in game["hands"]] for game in data["games"]]
    return match_json(play_match(profile, cuts=data["cuts"], games=games))


_HANDLERS = {
    "show": _show,
    "play": _play,
    "pegging": _pegging,
    "deal": _deal,
    "cut": _cut,
    "hand": _hand,
    "game": _game,
    "match": _match,
}


@contextmanager
def cached_profiles() -> Iterator[None]:
    """Load each profile once for the time of the block. Profiles are frozen, and reading the YAML
    files is most of the cost of a reference answer, so a long run of answers is much faster. An
    unknown name is remembered too, and rejected again with the same code and message. Mutants
    applied inside the block wrap the cached loader."""
    load = pkgutil.resolve_name(PROFILE_LOADER)
    loaded: dict[str, Profile | CribbageError] = {}

    def load_once(name: str) -> Profile:
        if name not in loaded:
            try:
                loaded[name] = load(name)
            except CribbageError as error:
                loaded[name] = error
        found = loaded[name]
        if isinstance(found, CribbageError):
            raise CribbageError(found.code, found.message, index=found.index, hand=found.hand)
        return found

    module = sys.modules[__name__]
    before = module.load_profile
    module.load_profile = load_once  # as unittest.mock.patch would, without importing it (50 ms)
    try:
        yield
    finally:
        module.load_profile = before
