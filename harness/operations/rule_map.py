"""Which rules a difference rests on, by what differs: an event's type, a result key of an
operation, a rejection code, and the operation when nothing more precise is known (a part of a
show's or a play's score: rule_ids.py). Read by the fuzzer's findings (harness/fuzz/findings.py) and by the divergence
signatures (divergence.py), so that a finding and a cause name the same rules. `COUNT_RULE` stands
for the profile's count rule (peg.single-count or peg.restart); `SEAT_RULES` gives a two-player
rule's statement for three and four seats."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

EVENT_RULES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "play": ("peg.order",),  # a play event that differs in its scoring cites the scoring's rules instead
        "go": ("peg.go",),
        "last_card": ("peg.last-card",),
        "reset": ("peg.restart",),
        "three_for_last": ("game.three-for-last",),
        "heels": ("deal.heels",),
        "show": ("game.show-order",),  # likewise, by the breakdown
        "win": ("game.win",),
        "deal": ("deal.alternate",),
        "muggins": ("muggins.overlooked", "muggins.claim"),
    }
)
KEY_RULES: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "pegging": {"points": ("peg.go", "peg.last-card"), "unplayed": ("peg.go",)},
        "deal": {"pone": ("deal.dealing",), "dealer": ("deal.dealing",), "starter": ("deal.starter",)},
        "cut": {"dealer": ("deal.cut-for-deal",), "rounds": ("deal.cut-for-deal",)},
        "hand": {"scores": ("game.win",), "winner": ("game.win",)},
        "game": {
            "scores": ("game.win",),
            "winner": ("game.win",),
            "hands_played": ("game.win",),
            "first_dealer": ("deal.cut-for-deal",),
            "skunk": ("game.skunk",),
            "game_points": ("game.points",),
            "wins_match_outright": ("game.points",),
            "wins_match": ("game.points",),
        },
        "match": {
            "winner": ("match.target",),
            "decided_by": ("match.target",),
            "totals": ("match.game-points",),
            "games": ("match.game-points", "match.loser-deals"),
        },
    }
)
COUNT_RULE = "<count>"  # peg.single-count or peg.restart, by the profile
THREE_SEAT_RULES: Mapping[str, str] = MappingProxyType({"game.win": "game.three-player-win"})  # three seats' own
SEAT_RULES: Mapping[str, str] = MappingProxyType(  # a two-player rule and its statement for 3-4 seats
    {
        "peg.order": "peg.order-seats",
        "peg.go": "peg.go-seats",
        "peg.restart": "peg.restart-seats",
        "deal.dealing": "deal.dealing-seats",
        "deal.starter": "deal.starter-seats",
        "deal.cut-for-deal": "deal.cut-for-deal-seats",
        "deal.alternate": "deal.rotate",
        "deal.discard": "deal.discard-one",
        "game.show-order": "game.show-order-seats",
    }
)
REJECTION_RULES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "invalid_card": ("input.cards", "cards.deck"),
        "duplicate_card": ("input.cards", "cards.deck"),
        "wrong_card_count": ("input.cards",),
        "discard_not_held": ("input.cards", "deal.discard"),
        "unknown_profile": ("input.cards",),
        "bad_cut": ("input.cards",),  # after the cut's rule (rejection_rules)
        "card_not_held": ("input.legal-play", "peg.order"),
        "not_your_turn": ("input.legal-play", "peg.order"),
        "over_31": ("input.legal-play", "peg.go"),
        "go_with_playable_card": ("input.legal-play", "peg.go"),
        "play_after_pegging_over": ("input.legal-play", COUNT_RULE),
        "pegging_incomplete": ("input.legal-play", COUNT_RULE),
        "game_over": ("game.win", "input.cards"),
        "invalid_input": ("input.cards",),
        "bad_seat": ("input.seats",),
        "bad_claim": ("input.claims",),
        "game_incomplete": ("match.over", "input.rejection-order"),
    }
)
OP_RULES: Mapping[str, tuple[str, ...]] = MappingProxyType(  # when nothing more precise is known
    {
        "show": ("show.fifteens", "show.pairs", "show.runs"),
        "play": ("peg.fifteen", "peg.pairs", "peg.runs"),
        "pegging": ("peg.go", "peg.last-card", COUNT_RULE),
        "deal": ("deal.dealing", "deal.starter"),
        "cut": ("deal.cut-for-deal",),
        "hand": ("game.win",),
        "game": ("game.win",),
        "match": ("match.game-points", "match.target"),
    }
)
PARTNERSHIP_RULES: Mapping[str, tuple[str, ...]] = MappingProxyType(  # cited before a rule with partnerships
    {
        "game.skunk": ("game.partnership-skunk",),
        "game.double-skunk": ("game.partnership-skunk",),
        "game.win": ("variant.four-players",),  # "otherwise as six-card": the four-player game's statement
    }
)


def rejection_rules(op: str, code: str, where: Mapping[str, object]) -> list[str]:
    """The rules of rejection `code` in operation `op` (`where`: the rejection, whose `hand` says a
    game's cut was a hand's): a bad cut is the cut for deal's, or a hand's cut for the starter."""
    if op == "play" and code == "over_31":
        return ["input.legal-play", "cards.value"]
    rules = list(REJECTION_RULES.get(code, ()))
    if code == "bad_cut":
        cut_for_deal = op == "cut" or (op in ("game", "match") and "hand" not in where)
        rules.insert(0, "deal.cut-for-deal" if cut_for_deal else "deal.starter")
    return rules
