"""cribcheck's reference engine: the rules of cribbage as plain, pure functions.

Each rule function cites the rule id it implements (see cases/rules.yaml for the catalogue).
"""

from __future__ import annotations

from cribcheck.reference.cards import Card, format_cards, full_deck, parse_card, parse_cards
from cribcheck.reference.deal import Deal, TableDeal, deal_at_table, deal_from_deck
from cribcheck.reference.errors import Code, CribbageError
from cribcheck.reference.game import CutForDeal, GameResult, HandInput, cut_for_deal, play_game, skunk_of
from cribcheck.reference.hand import HandResult, Step, play_hand
from cribcheck.reference.match import MatchGame, MatchResult, play_match
from cribcheck.reference.pegging import Pegging, PlayScore, play_pegging, play_round, score_play
from cribcheck.reference.profiles import Profile, load_profile, profile_names
from cribcheck.reference.seats import seats_of, sides_of
from cribcheck.reference.show import ShowScore, score_show

__all__ = [
    "Card",
    "Code",
    "CribbageError",
    "CutForDeal",
    "Deal",
    "GameResult",
    "HandInput",
    "HandResult",
    "MatchGame",
    "MatchResult",
    "Pegging",
    "PlayScore",
    "Profile",
    "ShowScore",
    "Step",
    "TableDeal",
    "cut_for_deal",
    "deal_at_table",
    "deal_from_deck",
    "format_cards",
    "full_deck",
    "load_profile",
    "parse_card",
    "parse_cards",
    "play_game",
    "play_hand",
    "play_match",
    "play_pegging",
    "play_round",
    "profile_names",
    "score_play",
    "score_show",
    "seats_of",
    "sides_of",
    "skunk_of",
]
