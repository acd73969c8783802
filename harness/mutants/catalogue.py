"""Mutant engines: the reference engine with exactly one plausible bug each, to prove that the
case corpus catches real bugs. A mutant the corpus does not catch (a survivor) names a hole.

Each mutant is data: a kebab-case name, a one-line description, the rule id it breaks, and one
patch (harness/mutants/mutation.py) that replaces one reference name where it is looked up, or one
profile field; the buggy code is in harness/mutants/bugs.py, and for the timing mutants (the right
points credited at the wrong moment) in harness/mutants/timing_bugs.py. The reference itself is
never edited.

`run_mutant(name, op, input, profile)` answers like `cribcheck.harness.operations.answers.run_reference`,
under the mutant. The kill table over the corpus is harness/mutants/kill_table.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from typing import Any

from cribcheck.harness.mutants import bugs as bug
from cribcheck.harness.mutants import timing_bugs as timing
from cribcheck.harness.mutants.mutation import FunctionPatch, Mutant, ProfilePatch, always
from cribcheck.harness.operations.answers import Json, run_reference
from cribcheck.reference import Profile
from cribcheck.reference.profiles import SkunkClass, SkunkRule


def five_card(profile: Profile) -> bool:
    return profile.cards_kept == 3


def six_card(profile: Profile) -> bool:
    return profile.cards_kept == 4


def has_skunk_below(profile: Profile) -> bool:
    return profile.skunk is not None and profile.skunk.measure == "loser_below"


def skunk_by_margin(profile: Profile) -> SkunkRule:
    """Source 001's reading applied as a bug: a skunk is a win by more than 30, double by more than 60."""
    assert profile.skunk is not None
    return SkunkRule(
        measure="margin_over",
        win_points=profile.skunk.win_points,
        classes=(
            SkunkClass(name="double_skunk", game_points=3, over=60),
            SkunkClass(name="skunk", game_points=2, over=30),
        ),
    )


def skunk_line_one_up(name: str) -> Callable[[Profile], SkunkRule]:
    """The skunk class `name` taken one point too far: below 92 for below 91 (91 or less)."""

    def change(profile: Profile) -> SkunkRule:
        assert profile.skunk is not None
        classes = tuple(
            SkunkClass(line.name, line.game_points, None if line.below is None else line.below + 1, line.over)
            if line.name == name
            else line
            for line in profile.skunk.classes
        )
        return SkunkRule(profile.skunk.measure, profile.skunk.win_points, classes)

    return change


def partnerships(profile: Profile) -> bool:
    return profile.sides is not None


def triple_skunk(profile: Profile) -> bool:
    return profile.triple_skunk_ends_match


def seats(count: int) -> Callable[[Profile], bool]:
    """The profiles of a table of `count` seats."""
    return lambda profile: profile.seats == count


def plays_muggins(profile: Profile) -> bool:
    return profile.muggins


def no_muggins(profile: Profile) -> bool:
    return not profile.muggins


def plays_matches(profile: Profile) -> bool:
    return profile.match_target is not None


def match_target_one_up(profile: Profile) -> int:
    """The match won by passing the target, not reaching it: one game point more."""
    assert profile.match_target is not None
    return profile.match_target + 1


def triple_skunk_not_final(profile: Profile) -> SkunkRule:
    """The triple skunk still gives its game points, but the match goes on."""
    assert profile.skunk is not None
    classes = tuple(dataclasses.replace(line, wins_match=False) for line in profile.skunk.classes)
    return SkunkRule(profile.skunk.measure, profile.skunk.win_points, classes)


def fn(target: str, make: Callable[[Any], Any], *also: str) -> FunctionPatch:
    """Reference name `target` (where it is looked up) replaced by `make(original)`, and where
    each of `also` looks the same function up."""
    return FunctionPatch(target, make, also)


def profile_field(name: str, value: Any, applies: Callable[[Profile], bool] = always) -> ProfilePatch:
    """Profile field `name` set to `value`, in the profiles `applies` accepts."""
    return ProfilePatch(name, lambda profile: value, applies)


def profile_change(
    name: str, change: Callable[[Profile], Any], applies: Callable[[Profile], bool] = always
) -> ProfilePatch:
    """Profile field `name` set to `change(profile)`, in the profiles `applies` accepts."""
    return ProfilePatch(name, change, applies)


PEGGER = "cribcheck.reference.pegging._Pegger"
AWARDS = "cribcheck.reference.hand._awards"
CREDITED = "cribcheck.reference.hand.credited"

MUTANTS: tuple[Mutant, ...] = (
    # --- the show ---
    Mutant(
        "crib-four-card-flush",
        "six-card: the crib's four cards of one suit score a flush of 4 without the starter",
        "show.crib-flush",
        profile_field("crib_four_card_flush", True, six_card),
    ),
    Mutant(
        "five-card-crib-four-card-flush",
        "five-card: the crib's four cards of one suit score a flush of 4 without the starter",
        "show.crib-flush",
        profile_field("crib_four_card_flush", True, five_card),
    ),
    Mutant(
        "six-card-three-plus-starter-flush",
        "six-card: three hand cards and the starter of one suit score a flush of 4",
        "show.hand-flush-six-card",
        profile_field("hand_flush_starter_completes", True, six_card),
    ),
    Mutant(
        "five-card-flush-of-three-ignored",
        "five-card: the three hand cards of one suit score nothing without the starter",
        "show.hand-flush-five-card",
        fn("cribcheck.reference.show.hand_flush", bug.hand_flush_of_three_ignored),
    ),
    Mutant(
        "hand-flush-without-starter",
        "a hand flush never takes in the starter of its suit (3 or 4, never 4 or 5)",
        "show.hand-flush-five-card",
        fn("cribcheck.reference.show.hand_flush", bug.hand_flush_without_starter),
    ),
    Mutant(
        "nobs-for-starter-jack",
        "a jack turned as starter scores nobs in every set it is shown with",
        "show.nobs",
        fn("cribcheck.reference.show.nobs", bug.nobs_for_the_starter),
    ),
    Mutant(
        "nobs-any-suit",
        "any jack in the set scores nobs, whatever the starter's suit",
        "show.nobs",
        fn("cribcheck.reference.show.nobs", bug.nobs_any_suit),
    ),
    Mutant(
        "no-nobs-in-crib",
        "nobs never counts in the crib",
        "show.nobs",
        profile_field("nobs_in_crib", False),
    ),
    Mutant(
        "nobs-worth-2",
        "nobs scores 2 (as heels does) instead of 1",
        "show.nobs",
        profile_field("nobs", 2),
    ),
    Mutant(
        "runs-without-multiplicity",
        "a double or triple run counts once: 3-4-4-5 has one run of 3",
        "show.runs",
        fn("cribcheck.reference.show.runs", bug.runs_once_per_ranks),
    ),
    Mutant(
        "contained-runs-counted",
        "the shorter runs inside a longer run count too: A-2-3-4 = 4 + 3 + 3",
        "show.runs",
        fn("cribcheck.reference.show.runs", bug.runs_with_contained),
    ),
    Mutant(
        "ace-high-show-runs",
        "in the show the ace may be high too: Q-K-A is a run",
        "cards.rank-order",
        fn("cribcheck.reference.show.form_run", bug.ace_high_too),
    ),
    Mutant(
        "show-pairs-by-value",
        "in the show a pair is two cards of the same counting value: 10 and Q pair",
        "show.pairs",
        fn("cribcheck.reference.show.same_rank", bug.same_value),
    ),
    Mutant(
        "fifteens-of-two-cards-only",
        "only two cards summing to 15 make a fifteen in the show",
        "show.fifteens",
        fn("cribcheck.reference.show.fifteens", bug.fifteens_of_two),
    ),
    # --- the pegging: the points of a card ---
    Mutant(
        "thirty-one-plus-last",
        "thirty-one scores 2 and 1 more for last card",
        "peg.thirty-one",
        profile_field("last_card_at_31", 1),
    ),
    Mutant(
        "peg-run-through-duplicate",
        "a pegging run counts through a duplicate: 4 5 5 6 pegs a run of 3 at the 6",
        "peg.runs",
        fn("cribcheck.reference.pegging.run_points", bug.run_through_duplicate),
    ),
    Mutant(
        "peg-run-in-order-only",
        "a pegging run counts only when played in order: 5 7 6 is no run",
        "peg.runs",
        fn("cribcheck.reference.pegging.run_points", bug.run_in_order_only),
    ),
    Mutant(
        "peg-ace-high-runs",
        "in the pegging the ace may be high too: Q-K-A is a run",
        "cards.rank-order",
        fn("cribcheck.reference.pegging.form_run", bug.ace_high_too),
    ),
    Mutant(
        "peg-pairs-non-adjacent",
        "in the pegging every card of the count's rank pairs, adjacent or not: 5 6 5 is a pair",
        "peg.pairs",
        fn("cribcheck.reference.pegging.pair_points", bug.pairs_anywhere_in_count),
    ),
    Mutant(
        "peg-pairs-by-value",
        "in the pegging a pair is two cards of the same counting value: 10 then Q pairs",
        "peg.pairs",
        fn("cribcheck.reference.pegging.same_rank", bug.same_value),
    ),
    Mutant(
        "peg-pair-royal-4",
        "a pair royal in the pegging scores 4 instead of 6",
        "peg.pairs",
        fn("cribcheck.reference.pegging.pair_points", bug.pair_royal_four),
    ),
    Mutant(
        "peg-reasons-do-not-add",
        "a card's pegging points do not add up: only the largest reason counts (fifteen for 2, not 4)",
        "peg.combined",
        fn("cribcheck.reference.pegging.PlayScore.points", bug.best_reason_only),
    ),
    Mutant(
        "peg-across-reset",
        "pegging pairs and runs reach back across a reset to the cards of the earlier series",
        "peg.restart",
        fn(PEGGER, bug.history_across_resets),
    ),
    # --- the pegging: the course of play ---
    Mutant(
        "five-card-count-restarts",
        "five-card: the count restarts at 0 after a go, as in six-card",
        "peg.single-count",
        profile_field("count", "restarting", five_card),
    ),
    Mutant(
        "six-card-count-never-restarts",
        "six-card: the count never restarts; the pegging ends when neither can play",
        "peg.restart",
        profile_field("count", "single", six_card),
    ),
    Mutant(
        "last-player-leads-after-go",
        "after a reset the player of the last card leads the next series",
        "peg.restart",
        fn(PEGGER, bug.last_player_leads),
    ),
    Mutant(
        "pone-leads-after-go",
        "after a reset the pone leads the next series, whoever played last",
        "peg.restart",
        fn(PEGGER, bug.pone_always_leads),
    ),
    Mutant(
        "no-point-for-last-card",
        "the last card of the pegging scores no point (a go still does)",
        "peg.last-card",
        fn(PEGGER, bug.no_point_for_last_card),
    ),
    Mutant(
        "no-point-for-go",
        "a series ended by a go scores no point (the last card still does)",
        "peg.last-card",
        fn(PEGGER, bug.no_point_for_go),
    ),
    Mutant(
        "go-point-to-go-sayer",
        "the point for a go goes to the player who said go, not to the player of the last card",
        "peg.last-card",
        fn(PEGGER, bug.go_point_to_go_sayer),
    ),
    Mutant(
        "go-allowed-while-a-card-fits",
        "a player holding a card that fits may say go: the turn passes",
        "peg.go",
        fn(PEGGER, bug.go_while_a_card_fits),
    ),
    Mutant(
        "play-past-31",
        "a card that takes the count past 31 is accepted in the pegging",
        "input.legal-play",
        fn(PEGGER, bug.play_past_31),
    ),
    Mutant(
        "over-31-before-not-your-turn",
        "the other player's card that would pass 31 is rejected over_31, not not_your_turn",
        "input.rejection-order",
        fn(PEGGER, bug.over_31_before_turn),
    ),
    Mutant(
        "after-the-end-before-the-card",
        "after the pegging is over every play is play_after_pegging_over, even a card nobody holds",
        "input.rejection-order",
        fn(PEGGER, bug.end_before_the_card),
    ),
    # --- the hand ---
    Mutant(
        "heels-to-pone",
        "his heels (a jack turned as starter) is pegged by the pone instead of the dealer",
        "deal.heels",
        fn(AWARDS, bug.heels_to_pone),
    ),
    Mutant(
        "heels-worth-1",
        "his heels scores 1 instead of 2",
        "deal.heels",
        profile_field("heels", 1),
    ),
    Mutant(
        "dealer-shows-first",
        "the dealer's hand is counted before the pone's",
        "game.show-order",
        fn("cribcheck.reference.hand.the_show", bug.dealer_shows_first),
    ),
    Mutant(
        "win-at-end-of-hand",
        "a win is noticed only at the end of the hand: every count of the hand is made",
        "game.win",
        profile_field("win", "end_of_hand"),
    ),
    Mutant(
        "win-needs-exact-target",
        "the target must be hit exactly: an award that would pass it is not pegged",
        "game.win",
        profile_field("win", "reach_exactly"),
    ),
    Mutant(
        "three-for-last-missing",
        "five-card: the pone of the first hand does not score three for last",
        "game.three-for-last",
        profile_field("three_for_last", 0),
    ),
    Mutant(
        "three-for-last-to-dealer",
        "five-card: three for last is pegged by the dealer of the first hand",
        "game.three-for-last",
        fn(AWARDS, bug.three_for_last_to_dealer),
    ),
    Mutant(
        "three-for-last-every-hand",
        "five-card: the pone of every hand scores three for last, not only in the first hand",
        "game.three-for-last",
        fn(AWARDS, bug.three_for_last_every_hand),
    ),
    Mutant(
        "five-card-target-121",
        "five-card is played to 121 instead of 61",
        "game.win",
        profile_field("target", 121, five_card),
    ),
    # --- timing: the right points at the wrong moment ---
    Mutant(
        "go-point-at-the-go",
        "the point for a go is pegged when the other player says go, before the last card's player plays on",
        "game.hand-order",
        fn(PEGGER, timing.go_point_at_the_go),
    ),
    Mutant(
        "last-card-before-last-play",
        "the go or last-card point is pegged before the points of the card it rewards",
        "game.hand-order",
        fn(PEGGER, timing.last_card_before_last_play),
    ),
    Mutant(
        "thirty-one-after-the-card",
        "the 2 for thirty-one is pegged on its own, after the card's pairs or run",
        "game.hand-order",
        fn(PEGGER, timing.thirty_one_after_the_card),
    ),
    Mutant(
        "last-card-after-pone-hand",
        "the go or last-card point that ends the pegging is pegged after the pone's hand is counted",
        "game.hand-order",
        fn(AWARDS, timing.last_card_after_pone_hand),
    ),
    Mutant(
        "heels-after-pegging",
        "his heels is pegged after the pegging, not when the jack is turned",
        "game.hand-order",
        fn(AWARDS, timing.heels_after_pegging),
    ),
    Mutant(
        "three-for-last-after-heels",
        "five-card: three for last is pegged after the deal, once the starter is turned (after heels)",
        "game.hand-order",
        fn(AWARDS, timing.three_for_last_after_heels),
    ),
    Mutant(
        "three-for-last-at-end-of-hand",
        "five-card: three for last is pegged at the end of the first hand, after the crib",
        "game.hand-order",
        fn(AWARDS, timing.three_for_last_at_end_of_hand),
    ),
    Mutant(
        "crib-before-dealer-hand",
        "the dealer's crib is counted before the dealer's hand",
        "game.show-order",
        fn("cribcheck.reference.hand.the_show", timing.crib_before_dealer_hand),
    ),
    Mutant(
        "dealer-hand-and-crib-together",
        "the dealer's hand and crib are credited together, in one step",
        "game.show-order",
        fn("cribcheck.reference.hand.the_show", timing.dealer_hand_and_crib_together),
    ),
    # --- the game ---
    Mutant(
        "skunk-by-margin",
        "a skunk is a win by more than 30 (double by more than 60), not a loser below 91 (61)",
        "game.skunk",
        profile_change("skunk", skunk_by_margin, has_skunk_below),
        shown_only_by="skunk",
    ),
    Mutant(
        "skunk-off-by-one",
        "a loser on exactly 91 is skunked (below 92)",
        "game.skunk",
        profile_change("skunk", skunk_line_one_up("skunk"), has_skunk_below),
        shown_only_by="skunk",
    ),
    Mutant(
        "double-skunk-off-by-one",
        "a loser on exactly 61 is double skunked (below 62)",
        "game.double-skunk",
        profile_change("skunk", skunk_line_one_up("double_skunk"), has_skunk_below),
        shown_only_by="skunk",
    ),
    # --- the deal ---
    Mutant(
        "higher-card-deals",
        "the higher cut card deals the first hand",
        "deal.cut-for-deal",
        fn("cribcheck.reference.game.cut_rank", bug.higher_card_deals),
    ),
    Mutant(
        "cut-ties-by-value",
        "the cut for deal compares counting values: ten against king ties and is cut again",
        "deal.cut-for-deal",
        profile_field("cut_for_deal", "lower_value"),
    ),
    Mutant(
        "dealing-starts-with-dealer",
        "the deal starts with the dealer: the dealer takes the 1st, 3rd, 5th... card",
        "deal.dealing",
        fn("cribcheck.reference.deal.dealt_hands", bug.dealer_dealt_first),
    ),
    Mutant(
        "starter-off-by-one",
        "the starter is the bottom card of the lifted packet, stock[k - 1], not stock[k]",
        "deal.starter",
        fn("cribcheck.reference.deal.starter_from_cut", bug.starter_one_card_up),
    ),
    # --- three and four seats, muggins, matches ---
    Mutant(
        "reset-back-to-last-player",
        "3-4 seats: when the seat left of the last card's player has no cards, the last player leads the next series",
        "peg.restart-seats",
        fn("cribcheck.reference.pegging.next_leader", bug.reset_back_to_last_player),
    ),
    Mutant(
        "crib-card-forgotten",
        "three players: the deck's card for the crib is never dealt; it stays on the stock",
        "deal.crib-card",
        fn("cribcheck.reference.deal.crib_cards_from_deck", bug.crib_card_forgotten),
    ),
    Mutant(
        "partners-not-pooled",
        "four players: each seat pegs on its own score; partners' points are not pooled",
        "game.sides",
        profile_field("sides", None, partnerships),
    ),
    Mutant(
        "partnership-no-skunk",
        "four players: no skunks or game points for the sides (the other reading of D10)",
        "game.partnership-skunk",
        profile_field("skunk", None, partnerships),
        shown_only_by="skunk",
    ),
    Mutant(
        "muggins-to-the-owner",
        "muggins: the points a count overlooked are pegged by its own side, not the other side",
        "muggins.overlooked",
        fn("cribcheck.reference.hand.muggins_caller", bug.muggins_to_the_owner),
    ),
    Mutant(
        "winner-deals-next-game",
        "matches: the winner of a game deals the first hand of the next, not the loser",
        "match.loser-deals",
        fn("cribcheck.reference.match.loser_deals_next", bug.winner_deals_next),
    ),
    Mutant(
        "triple-skunk-not-final",
        "triple-skunk matches: a loser below 31 gives 3 game points but the match goes on",
        "match.triple-skunk",
        profile_change("skunk", triple_skunk_not_final, triple_skunk),
    ),
    Mutant(
        "every-seat-recuts",
        "3-4 seats: after a tie for the lowest cut every seat cuts again, not only the seats tied",
        "deal.cut-for-deal-seats",
        fn("cribcheck.reference.game._cut_round", bug.every_seat_recuts),
    ),
    Mutant(
        "dealing-anticlockwise",
        "3-4 seats: the deal goes anticlockwise, the dealer's right taking the 1st card (the dealer still last)",
        "deal.dealing-seats",
        fn("cribcheck.reference.deal.dealt_hands", bug.dealt_anticlockwise),
    ),
    Mutant(
        "foreign-discard-ignored",
        "3-4 seats: a discard that is not among the seat's own cards is ignored (the hand keeps five), not refused",
        "deal.discard-one",
        fn("cribcheck.reference.hand.kept_cards", bug.foreign_discard_ignored),
    ),
    Mutant(
        "stock-from-the-crib-card",
        "three players: the stock is counted from the crib's card of the deck, so the starter is one card up",
        "deal.starter-seats",
        fn("cribcheck.reference.deal.cut_the_stock", bug.stock_from_the_crib_card),
    ),
    Mutant(
        "deal-passes-right",
        "3-4 seats: after each hand the deal passes to the right, not the left",
        "deal.rotate",
        fn("cribcheck.reference.game.left_of", bug.right_of),
    ),
    Mutant(
        "play-passes-right",
        "3-4 seats: in the pegging the turn passes to the right (anticlockwise); the dealer's left still leads",
        "peg.order-seats",
        fn(PEGGER, bug.play_passes_right),
    ),
    Mutant(
        "only-last-player-plays-on",
        "3-4 seats: after a go only the last card's player plays on; the series ends when that seat cannot",
        "peg.go-seats",
        fn(PEGGER, bug.only_last_player_plays_on),
    ),
    Mutant(
        "go-stops-when-nobody-can-play",
        "3-4 seats: once no seat can play the series ends at once; the seats before the last card's player say no go",
        "peg.go-seats",
        fn(PEGGER, bug.go_stops_when_nobody_can_play),
    ),
    Mutant(
        "no-pair-with-partner",
        "four players: a card that pairs the card its partner played just before it scores no pair",
        "peg.pairs-runs-round-table",
        fn(PEGGER, bug.no_pair_with_partner),
    ),
    Mutant(
        "show-from-dealer-right",
        "3-4 seats: the hands are counted from the dealer's right (anticlockwise), the dealer's hand last",
        "game.show-order-seats",
        fn("cribcheck.reference.hand.the_show", bug.show_from_dealer_right),
    ),
    Mutant(
        "three-player-target-61",
        "three players: the game is played to 61 (as five-card, five cards being dealt), not 121",
        "game.three-player-win",
        profile_field("target", 61, seats(3)),
    ),
    Mutant(
        "three-player-dealt-six",
        "three players: six cards are dealt to each seat as in six-card, each discarding two",
        "variant.three-players",
        profile_field("cards_dealt", 6, seats(3)),
    ),
    Mutant(
        "four-player-target-61",
        "four players: the sides play to 61 (as five-card, five cards being dealt), not 121",
        "variant.four-players",
        profile_field("target", 61, seats(4)),
    ),
    Mutant(
        "extra-seat-ignored",
        "scores, cards dealt or discards for a seat or side the table lacks are ignored, not bad_seat",
        "input.seats",
        fn("cribcheck.reference.hand.check_keys", bug.extra_seats_ignored),
    ),
    # --- muggins and claims ---
    Mutant(
        "unclaimed-count-claimed-zero",
        "muggins: a play or hand given without a claim is taken as claimed 0, its points all overlooked",
        "muggins.claim",
        fn("cribcheck.reference.hand._claim_for", bug.unclaimed_as_zero),
    ),
    Mutant(
        "overclaim-pegged",
        "muggins: a claim above the true points is pegged as claimed, not corrected down",
        "muggins.overclaim",
        fn("cribcheck.reference.hand.credit", bug.overclaim_pegged),
    ),
    Mutant(
        "last-card-claim-on-the-card",
        "muggins: a claim on a go or last-card point is read as a claim on its card (claims kept by play index)",
        "muggins.never-claimed",
        fn("cribcheck.reference.hand.read_claims", bug.claims_by_play_index),
    ),
    Mutant(
        "muggins-by-default",
        "every profile plays muggins: without it, claims are pegged as claimed and the rest goes to the opponent",
        "muggins.off",
        profile_field("muggins", True, no_muggins),
        shown_only_by="claims",
    ),
    Mutant(
        "muggins-profiles-without-muggins",
        "the muggins profiles play without muggins: claims are ignored and the true points pegged",
        "variant.muggins",
        profile_field("muggins", False, plays_muggins),
    ),
    Mutant(
        "claimed-twice-later-stands",
        "a count claimed twice is not refused (bad_claim): the later claim stands",
        "input.claims",
        fn(
            "cribcheck.reference.hand.read_claims",
            bug.later_claim_stands,
            "cribcheck.harness.operations.answers.read_claims",
        ),
    ),
    Mutant(
        "muggins-at-end-of-hand",
        "muggins: the points a claim overlooked are pegged by the other side at the end of the hand, not at once",
        "muggins.overlooked",
        fn(CREDITED, timing.muggins_at_end_of_hand),
    ),
    Mutant(
        "muggins-before-the-claim",
        "muggins: the points a claim overlooked are pegged by the other side before the owner pegs the claim",
        "muggins.overlooked",
        fn(CREDITED, timing.muggins_before_the_claim),
    ),
    # --- matches ---
    Mutant(
        "match-counts-games",
        "matches: each game won adds 1 to the winner's total whatever its skunk (games counted, not game points)",
        "match.game-points",
        fn("cribcheck.reference.match.play_hands", bug.games_counted),
    ),
    Mutant(
        "match-target-off-by-one",
        "matches: the match is won by passing 3 game points (4 needed), not by reaching them",
        "match.target",
        profile_change("match_target", match_target_one_up, plays_matches),
    ),
    Mutant(
        "match-played-past-the-win",
        "matches: games given after the match was won are played on, not game_over",
        "match.over",
        fn("cribcheck.harness.operations.answers.play_match", bug.play_on_after_the_match),
    ),
    Mutant(
        "game-over-names-the-last-game",
        "matches: with several games after the match was won, game_over names the last one given, not the first",
        "match.over",
        fn("cribcheck.harness.operations.answers.play_match", bug.game_over_names_the_last_game),
    ),
)


def mutant_names() -> list[str]:
    return [mutant.name for mutant in MUTANTS]


def get_mutant(name: str) -> Mutant:
    for mutant in MUTANTS:
        if mutant.name == name:
            return mutant
    raise KeyError(f"unknown mutant {name!r}; known mutants: {', '.join(mutant_names())}")


def mutants_named(name: str) -> list[Mutant]:
    """The mutants of `name`: one, or several joined by `+` (an engine with several bugs at once,
    for the fuzzer's benchmark); KeyError for an unknown one."""
    return [get_mutant(part) for part in name.split("+")]


def run_mutant(name: str, op: str, data: Mapping[str, Any], profile: str) -> Json:
    """The reference engine's answer under mutant `name` (or `a+b`, every one of them at once):
    `{"ok": ...}` or `{"rejected": ...}`."""
    with ExitStack() as stack:
        for mutant in mutants_named(name):
            stack.enter_context(mutant.applied())
        return run_reference(op, data, profile)
