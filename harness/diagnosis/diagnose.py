"""A run's diagnosis from its failing results alone: causes made from what differs, each named by
a known bug or reading only when one reproduces the engine's whole answer, in an order that
depends on the failures alone.

1. Each wrong answer's divergence signatures (harness/operations/divergence.py): where it leaves
   the reference's, in the game's terms. The failures that share a signature are one cause, and
   signatures held by the very same failures are one cause too; a failure with two signatures
   belongs to two causes (an engine with two bugs shows both in one answer).
2. Each cause's known answer: the other readings and variants of the failure's game (a profile
   that answers as the engine does: "claim it if you mean it"), then the mutants, those of the
   cause's rules first, in the catalogue's order (the SEARCHED largest causes under every
   mutant, but for a convention or a difference past the part kept, which say nothing of a bug;
   the others under those of their rules and their cases' rules). One is named only
   when it reproduces the engine's whole compared answer on every failure of the cause that
   shows no other signature (or, for a cause never alone, beside the known bug of the cause it
   shares its failures with); the bugs named for larger causes are tried first. A refusal (its
   code, index, hand and game) says little: it is named by one bug, never two at once, and past
   the largest cause only by a bug of its first rule (another code than the expected one: the
   order of the checks) or one another cause names. The
   groups past the MAX_CAUSES largest are named only by a bug another cause names.
   One that matches only where the engine is wrong is "resembles", inside the cause, never named.
   A group that a named bug (or the one it resembles) reproduces half or more of is split: that
   part named, the rest searched on its own. Then the groups left unnamed are tried under every
   named bug, alone and two at once, until nothing changes (a refusal, once the other differences
   are accounted for, under the bugs of its rules and its cases' too); and the fewest bugs are
   kept: a bug whose failures another named one reproduces, not the other way round, gives way.
   Causes named by the same known answer are one; then at most MAX_CAUSES causes of their own,
   the largest, and the rest one cause of other differences, named by no bug.
3. A signature that is a known convention (the winner's score stopped at the target) is called
   one, with the hello claim that accepts it.
4. The errors (no answer) are causes by what the engine or adapter said, their rules from the
   events of the reference's answers they share.

The causes are ranked by how many failing results they hold, then by their smallest failure (the
other differences last, the failures past the smallest diagnosed after them): nothing that passed
enters (neither the rules' Ochiai ranking, kept for the rules line, nor the budget).
The replays spend at most REPLAYS_PER_FAILURE times the failures' own work (replay.py's units),
and at least MIN_BUDGET; the 5,000 smallest failures are diagnosed, the rest counted.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from contextlib import closing
from types import MappingProxyType

from cribcheck.harness.corpus.cases import catalogue
from cribcheck.harness.diagnosis.failures import Failure, by_size, count_failures, failures_of
from cribcheck.harness.diagnosis.ranking import rank_rules
from cribcheck.harness.diagnosis.replay import (
    EXACT,
    RESEMBLES,
    Replayer,
    cost,
    reading,
    reading_of,
    readings_of,
    replay_workers,
    session,
)
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.mutants.catalogue import MUTANTS, mutants_named
from cribcheck.harness.mutants.mutation import Mutant
from cribcheck.harness.operations.answers import run_reference
from cribcheck.harness.operations.divergence import (
    CONVENTION,
    PAST_TARGET,
    PAST_THE_CUT,
    Signature,
    describe,
    resolved,
    rules_of,
    signatures,
)
from cribcheck.harness.operations.rule_map import EVENT_RULES, OP_RULES
from cribcheck.harness.results.diagnosis import Cause, Diagnosis
from cribcheck.harness.results.results import CaseResult
from cribcheck.harness.results.saved import Run
from cribcheck.reference import CribbageError, load_profile

SEARCHED = 4  # the largest causes tried under the whole catalogue; the others under their rules' mutants
PAIR_CANDIDATES = 8  # mutants paired with one another where no single one reproduces a cause
PROBES = 3  # failures a candidate is first tried on, before it is replayed on all of a cause's
MAX_CAUSES = 12  # causes of their own, by signature; the rest are one cause
RULES_NAMED = 3  # rules named by a cause
REPLAYS_PER_FAILURE = 20  # the budget: this many times the failures' own work
MIN_BUDGET = 20_000  # and this much whatever the run (0.2 s of replays), for small runs
MAX_DIAGNOSED = 5_000  # failing results diagnosed at most, the smallest (what a diagnosis keeps is bounded)
MAX_SAID = 160  # characters of what an engine said, in an errors cause
UNDIAGNOSED = f"failing results past the {MAX_DIAGNOSED:,} smallest, left out of the diagnosis (a bounded part)"
OTHERS = "other differences, each in fewer results"
UNEXPLAINED = "wrong answers whose difference has no words"
ERRORS = "errors: the engine gave no answer (it crashed, hung or broke the protocol)"
CONVENTION_CLAIM = '"stops_at_target": true'  # the hello claim that accepts the winner's score stopped at the target
LATE_OPERATIONS = frozenset({"hand", "game", "match"})  # whose totals follow from the plays and shows in them
TOTALS = frozenset(  # a hand's, game's or match's totals
    {
        "scores",
        "winner",
        "skunk",
        "game_points",
        "totals",
        "wins_match",
        "wins_match_outright",
        "decided_by",
        "hands_played",
        "games",
    }
)
# a pair of bugs is named in the catalogue's order
CATALOGUE_ORDER = MappingProxyType({mutant.name: at for at, mutant in enumerate(MUTANTS)})
SPECIFIC = ("three_for_last", "heels", "muggins", "go", "last_card", "reset", "win", "show", "play", "deal")


def diagnose(results: Sequence[CaseResult], engine: EngineInfo | None) -> Diagnosis:
    """The diagnosis of a run's results, by `engine` (what it claimed: its features for each
    operation decide what was sent and compared; None when no engine answered)."""
    ranked = rank_rules(results)  # for the rules line only: the causes never read it
    kept = failures_of(results, engine, MAX_DIAGNOSED + 1)
    if not kept:
        return Diagnosis((), ranked, 0)
    failures, past = kept[:MAX_DIAGNOSED], kept[MAX_DIAGNOSED:]
    total = count_failures(results) if past else len(failures)
    claimed = claimed_features(engine)
    mutants = [mutant for mutant in MUTANTS if mutant.applies_to(claimed)]
    budget = max(MIN_BUDGET, REPLAYS_PER_FAILURE * sum(cost(failure.op) for failure in failures))
    replayer = Replayer(budget, replay_workers())
    wrong = [failure for failure in failures if failure.explainable]
    with session(), closing(replayer):
        signed = {failure.name: signed_failure(failure) for failure in wrong}
        causes = _signature_causes(wrong, signed, mutants, replayer)
        causes += _error_causes([failure for failure in failures if not failure.explainable])
    size = {failure.name: failure.size for failure in failures}
    ops = {failure.name: failure.op for failure in failures}
    causes.sort(
        key=lambda cause: (
            cause.description.startswith(OTHERS),
            _following(cause, ops),
            -cause.explains,
            size[cause.case],
        )
    )
    if past:  # the failures past the MAX_DIAGNOSED smallest: counted, named by the rules of the first cause
        rules = causes[0].rules if causes else ()
        causes.append(Cause(rules, total - len(failures), None, UNDIAGNOSED, past[0].name, ()))
    return Diagnosis(tuple(causes), ranked, total)


def _following(cause: Cause, ops: Mapping[str, str]) -> bool:
    """Does the cause show only what follows from a difference found elsewhere: the totals of a
    hand, game or match, or their refusals, with no event, part, known bug or convention named (the scores of
    a hand after a miscounted show; the plays refused after a win that came sooner)? Such causes
    come after the others, whatever their size."""
    if cause.mutant or cause.reading or cause.convention or not cause.signatures:
        return False
    late = all(ops.get(name) in LATE_OPERATIONS for name in cause.results)
    return late and all(_total(signature) for signature in cause.signatures)


def _late_totals(group: _Group) -> bool:
    """Does the group show only the totals of hands, games or matches (what a bug's differences
    elsewhere change), or a difference past the part of the answers a run keeps (where, unknown)?
    Their replays are the dearest and their search the blindest: a bug named elsewhere is tried
    on them first."""
    late = all(f.op in LATE_OPERATIONS for f in group.failures)
    return late and all(_total(s) or s.relation == PAST_THE_CUT for s in group.signatures)


def _total(signature: Signature) -> bool:
    field = signature.field.removeprefix("games[*].")
    return field.startswith("rejection.") or field.split(".", 1)[0] in TOTALS


def signed_failure(failure: Failure) -> tuple[Signature, ...]:
    """A wrong answer's signatures (one that says nothing in words: `(answer)` other values)."""
    assert failure.expected is not None and failure.answer is not None
    try:
        found = signatures(failure.op, failure.data, failure.expected, failure.answer, failure.sent)
    except RecursionError:  # a report's value nested past Python's stack: no words for it
        found = ()
    return found or (Signature(failure.op, "(answer)", "", (), "other values"),)


@dataclasses.dataclass
class _Group:
    """The failures of one cause, smallest first, and their signatures."""

    signatures: list[Signature]
    failures: list[Failure]

    @property
    def own(self) -> set[Signature]:
        return set(self.signatures)

    def alone(self, signed: Mapping[str, tuple[Signature, ...]]) -> list[Failure]:
        """Its failures that show no signature of another group."""
        own = self.own
        return [f for f in self.failures if set(signed[f.name]) <= own]


def _signature_causes(
    wrong: Sequence[Failure], signed: Mapping[str, tuple[Signature, ...]], mutants: Sequence[Mutant], replayer: Replayer
) -> list[Cause]:
    by_signature: dict[Signature, list[Failure]] = {}
    for failure in wrong:  # smallest first; a bug shows alike in a pegging, a hand and a game
        for signature in dict.fromkeys(map(_any_operation, signed[failure.name])):
            by_signature.setdefault(signature, []).append(failure)
    merged: dict[tuple[str, ...], _Group] = {}
    for signature in sorted(by_signature):
        members = by_signature[signature]
        key = tuple(failure.name for failure in members)
        if key in merged:
            merged[key].signatures.append(signature)
        else:
            merged[key] = _Group([signature], members)
    groups = sorted(merged.values(), key=lambda group: (-len(group.failures), group.signatures))
    signed = {name: tuple(map(_any_operation, found)) for name, found in signed.items()}
    named: list[str] = []  # the known answers found so far: tried first on the next causes
    answers: dict[int, tuple[str | None, str | None]] = {}
    deferred: dict[int, list[Mutant]] = {}  # the searches left to the second pass
    # the largest first, the refusals last: a bug often ends a game early and then refuses the rest
    for at in sorted(range(len(groups)), key=lambda at: (_refusal(groups[at]), at)):
        group = groups[at]
        alone = group.alone(signed)
        searched = (
            mutants if _searched_widely(at, group) else [m for m in mutants if m.rule in _cited_rules(group, signed)]
        )
        if at and _refusal(group):  # a refusal says little: past the largest cause, bugs of its first rule only
            first = _rules(group.signatures[0], group.failures[0])[:1]
            searched = [m for m in mutants if m.rule in first]
        if at >= MAX_CAUSES:  # past the causes of their own: joined to a bug named for another, or none
            searched = []
        if _late_totals(group) and not _refusal(group):  # a bug's totals: the named bugs first, the search after
            searched, deferred[at] = [], searched
        answers[at] = _known_answer(group, alone, list(named), signed, searched, replayer, largest=at == 0)
        _split(groups, at, answers, named, signed, mutants, deferred, replayer)
        if answers[at][0] and answers[at][0] not in named:
            named.append(str(answers[at][0]))
    answers = _second_pass(groups, answers, signed, mutants, deferred, replayer)
    answers = _dominated(groups, answers, signed, replayer)
    verified = _verified(groups, answers, signed, replayer)
    if verified != answers:  # a name taken: searched again, and verified again
        verified = _verified(
            groups, _unnamed_again(groups, answers, verified, signed, mutants, replayer), signed, replayer
        )
    answers = verified
    joined = _joined_by_bug([(group, *answers[at], group) for at, group in enumerate(groups)])
    folded = len(joined) > MAX_CAUSES
    if folded:  # the smallest past MAX_CAUSES: one cause of other differences, named by no bug
        rest = [members for _, _, _, members in joined[MAX_CAUSES - 1 :]]
        names: dict[str, Failure] = {f.name: f for group in rest for f in group.failures}
        others = _Group([s for group in rest for s in group.signatures], sorted(names.values(), key=by_size))
        joined = [*joined[: MAX_CAUSES - 1], (others, None, None, others)]
    causes = []
    for at, (lead, bug, like, members) in enumerate(joined):
        cause = _cause(lead, bug, like, folded and at == len(joined) - 1)
        if members is not lead:  # its words and rules are the largest group's; its results all of them
            results = tuple(failure.name for failure in members.failures)
            signatures = tuple(dataclasses.replace(s, operation=lead.failures[0].op) for s in members.signatures)
            cause = dataclasses.replace(
                cause, explains=len(results), case=results[0], results=results, signatures=signatures
            )
        causes.append(cause)
    held = Counter(name for cause in causes for name in cause.results)
    return [dataclasses.replace(cause, shared=sum(held[name] > 1 for name in cause.results)) for cause in causes]


_Joined = tuple[_Group, str | None, str | None, _Group]  # the largest group, its bug, what it resembles, all the groups


def _joined_by_bug(named: Sequence[_Joined]) -> list[_Joined]:
    """Groups named by the same known bug or reading are one (one bug, several signatures), worded
    by the largest: the largest first, then by the smallest failure."""
    joined: list[_Joined] = []
    for group, bug, like, _ in named:
        at = next((at for at, entry in enumerate(joined) if bug and entry[1] == bug), None)
        if at is None:
            joined.append((group, bug, like, group))
            continue
        lead, _, first_like, members = joined[at]
        failures = {f.name: f for f in [*members.failures, *group.failures]}
        both = _Group(members.signatures + group.signatures, sorted(failures.values(), key=by_size))
        joined[at] = (lead, bug, first_like, both)
    return sorted(joined, key=lambda entry: (-len(entry[3].failures), entry[3].failures[0].size))


def _split(
    groups: list[_Group],
    at: int,
    answers: dict[int, tuple[str | None, str | None]],
    named: list[str],
    signed: Mapping[str, tuple[Signature, ...]],
    mutants: Sequence[Mutant],
    deferred: dict[int, list[Mutant]],
    replayer: Replayer,
) -> None:
    """Where one bug reproduces most of an unnamed group (`_majority`), its part named by it and
    the rest a group of its own, searched under the bugs of its rules alone or beside a named one
    (updates `groups`, `answers`, `named` and `deferred`)."""
    group = groups[at]
    split = None if answers[at][0] or _refusal(group) else _majority(group, named, answers[at][1], replayer)
    if not split:
        return
    bug, members = split
    rest = _Group(list(group.signatures), [f for f in group.failures if f.name not in members])
    answers[at] = (bug, None)
    if bug not in named:
        named.append(bug)
    if not rest.failures:  # the whole group: named, nothing left to search
        return
    groups[at] = _Group(group.signatures, [f for f in group.failures if f.name in members])
    groups.append(rest)
    cited = [m for m in mutants if m.rule in _cited_rules(rest, signed)]
    beside = [] if _one_bugs(rest) else _beside(named, cited)
    if _late_totals(rest):  # a bug's totals: its named bugs first, the search after (the second pass)
        cited, deferred[len(groups) - 1], beside = [], cited, []
    answers[len(groups) - 1] = _known_answer(rest, rest.alone(signed), [*named, *beside], signed, cited, replayer)


def _majority(
    group: _Group, named: Sequence[str], resembles: str | None, replayer: Replayer
) -> tuple[str, set[str]] | None:
    """A bug named for a larger group, or the one this group resembles, that reproduces the whole
    answer of at least half its failures, with those failures: a group of one signature can hold
    two bugs' failures (a winner's score stopped at the target, by either), and a bug that differs
    in several ways shares each way with another bug's failures."""
    # a single difference of one point (or at the target) is a coincidence's more often than a bug's
    resembled = [resembles] if resembles and not _one_bugs(group) else []
    for bug in dict.fromkeys([*_singles(named), *resembled]):
        members: set[str] = set()
        for count, failure in enumerate(group.failures, start=1):
            if replayer.exhausted or 2 * (count - 1 - len(members)) > len(group.failures):
                break  # spent, or more than half not reproduced: this bug gives no majority
            if replayer.explains(bug, failure):
                members.add(failure.name)
        if members and 2 * len(members) >= len(group.failures):
            return bug, members
    return None


def _second_pass(
    groups: list[_Group],
    answers: dict[int, tuple[str | None, str | None]],
    signed: Mapping[str, tuple[Signature, ...]],
    mutants: Sequence[Mutant],
    deferred: dict[int, list[Mutant]],
    replayer: Replayer,
) -> dict[int, tuple[str | None, str | None]]:
    """The groups left unnamed, tried again under every bug named for any group, one at a time
    and two at once, until no more is named (the first pass tried those of the larger groups only:
    a bug found later often shows in a smaller group's totals, or with another in one answer). A
    refusal, once every group of its own that is not a refusal has a known answer (the engine's
    other differences accounted for), is tried under the bugs of the rules of what differs and of
    its cases too, not only its first, alone and beside a named bug. A group of totals whose
    search the first pass `deferred` (the scores of games a named bug changes, most often) is
    searched here when no named bug gives it: games and matches are the dearest replays."""
    answers = dict(answers)
    changed = True
    while changed:
        changed = False
        named = _named(answers)
        accounted = all(answers[at][0] for at, group in enumerate(groups[:MAX_CAUSES]) if not _refusal(group))
        # the named bugs on every group first, then one search at a time, the cheapest to replay first
        # (a bug found in a show often gives a game's totals beside another): a name found goes round again
        cheapest = sorted(enumerate(groups), key=lambda item: sum(cost(f.op) for f in item[1].failures[:PROBES]))
        for searching, (at, group) in itertools.chain(
            ((False, item) for item in enumerate(groups)), ((True, item) for item in cheapest)
        ):
            if answers[at][0]:
                continue
            searched: list[Mutant] = []
            if searching:
                if at in deferred:  # totals: split by a bug named since, if one gives most of them
                    _split(groups, at, answers, list(named), signed, mutants, deferred, replayer)
                    if answers[at][0]:
                        changed = True
                        break
                searched = list(deferred.get(at, ()))
                if accounted and _refusal(group) and at < MAX_CAUSES:
                    searched = [m for m in mutants if m.rule in _cited_rules(group, signed)]
            if not (searched if searching else named):  # a search of its own, or named bugs to try
                continue
            beside = _beside(named, searched) if _refusal(group) else []
            partners = [*named, *_pairs(named), *beside]
            bug, like = _known_answer(group, group.alone(signed), partners, signed, searched, replayer, largest=at == 0)
            answers[at] = (bug, like or answers[at][1])
            if bug:
                changed = True
                break
    return answers


def _named(answers: Mapping[int, tuple[str | None, str | None]]) -> list[str]:
    """The known answers named, in the order of their groups."""
    return list(dict.fromkeys(bug for _, (bug, _) in sorted(answers.items()) if bug))


def _pairs(named: Sequence[str]) -> list[str]:
    """Two named bugs at once (mutants, each named alone): an engine with both shows both in one
    answer."""
    singles = _singles(named)
    return [_both(one, two) for at, one in enumerate(singles) for two in singles[at + 1 :]]


def _beside(named: Sequence[str], mutants: Sequence[Mutant]) -> list[str]:
    """Each named bug beside each of `mutants`, two at once."""
    return [_both(one, m.name) for one in _singles(named) for m in mutants if m.name != one]


def _both(one: str, two: str) -> str:
    """Two bugs at once, named in the catalogue's order: one name for the pair however it is found
    (each replayed once)."""
    return "+".join(sorted((one, two), key=lambda name: CATALOGUE_ORDER.get(name, len(CATALOGUE_ORDER))))


def _singles(named: Sequence[str]) -> list[str]:
    """The named mutants that are one bug (neither a pair nor a reading)."""
    return [name for name in named if "+" not in name and not reading_of(name)]


def _dominated(
    groups: Sequence[_Group],
    answers: dict[int, tuple[str | None, str | None]],
    signed: Mapping[str, tuple[Signature, ...]],
    replayer: Replayer,
) -> dict[int, tuple[str | None, str | None]]:
    """The fewest bugs for the failures: a bug whose every failure (held alone by its groups)
    another named bug, or two named bugs at once, reproduces, while that one's are not all its
    own, is named no more; its groups take the other's name (`three-for-last-missing` for two
    results, where `three-for-last-after-heels` reproduces them and three more). A pair whose
    every failure one of its two bugs alone reproduces is named by that one."""
    answers = dict(answers)

    def held(*bugs: str) -> list[Failure]:
        ats = [at for at, (name, _) in answers.items() if name in bugs]
        signatures = {s for at in ats for s in groups[at].own}
        return [f for at in ats for f in groups[at].failures if set(signed[f.name]) <= signatures]

    for bug in sorted(_named(answers), key=lambda name: len(held(name))):
        mine = held(bug)
        others = [name for name in _named(answers) if not set(name.split("+")) >= set(bug.split("+"))]
        parts = bug.split("+") if "+" in bug else []
        for other in [*others, *_pairs(others), *parts]:  # named bugs first: no bug more than the named
            if not mine or not replayer.probed(other, _telling(other, mine, replayer)):
                continue
            if other in parts:  # one bug of a pair, alone: fewer still, if it holds what the two would hold
                if not replayer.probed(other, held(bug, other)):
                    continue
            else:
                theirs = held(other)
                if len(theirs) <= len(mine) and replayer.probed(bug, _telling(bug, theirs, replayer)):
                    continue  # twins on these failures: the one named for more keeps its name
            answers = {at: ((other, None) if name == bug else (name, like)) for at, (name, like) in answers.items()}
            break
    return answers


def _verified(
    groups: Sequence[_Group],
    answers: dict[int, tuple[str | None, str | None]],
    signed: Mapping[str, tuple[Signature, ...]],
    replayer: Replayer,
) -> dict[int, tuple[str | None, str | None]]:
    """Each known answer kept only where it reproduces the whole answer of every failure its cause
    holds alone once the causes it names are one (a failure whose every signature is of a group
    it names: one bug differs in several ways); else, of its groups whose ways the failures it
    misses show, the one with the fewest failures of its own only resembles it (a group the bug
    was named for on one result often brings in the failures that need a second bug). Until
    nothing changes: a name taken from one group leaves the others it named fewer failures."""
    answers = dict(answers)
    changed = True
    while changed:
        changed = False
        named: dict[str, set[Signature]] = {}
        for at, (bug, _) in answers.items():
            if bug:
                named.setdefault(bug, set()).update(groups[at].own)
        for at, (bug, _) in sorted(answers.items()):
            if bug is None:
                continue
            alone = [f for f in groups[at].failures if set(signed[f.name]) <= named[bug]]
            explained = {f.name for f in replayer.explained(bug, alone)}
            missed = {s for f in alone if f.name not in explained for s in signed[f.name]}
            if missed:
                shown = [b for b, (name, _) in answers.items() if name == bug and groups[b].own & missed]
                drop = min(shown, key=lambda b: (len(groups[b].alone(signed)), -b))
                answers[drop] = (None, None if "+" in bug else bug)
                changed = True
                break
    return answers


def _unnamed_again(
    groups: Sequence[_Group],
    before: Mapping[int, tuple[str | None, str | None]],
    verified: dict[int, tuple[str | None, str | None]],
    signed: Mapping[str, tuple[Signature, ...]],
    mutants: Sequence[Mutant],
    replayer: Replayer,
) -> dict[int, tuple[str | None, str | None]]:
    """The groups whose name verification took (a bug that gave its few failures of their own but
    not those it shares with a larger group of the bug's), searched once more: on all their
    failures, under each bug still named beside the bugs of their rules (the engine's two bugs
    at once, where the first named shows in both)."""
    kept = _named(verified)
    found: dict[int, str] = {}
    for at, group in enumerate(groups[:MAX_CAUSES]):
        if not before[at][0] or verified[at][0] or _refusal(group) or len(group.failures) < PROBES:
            continue
        cited = [m for m in mutants if m.rule in _cited_rules(group, signed)]
        bug, _ = _known_answer(group, group.failures, _beside(kept, cited), signed, [], replayer)
        if bug:
            found[at] = bug
    # the fewest bugs: one found that gives another's group too, and not the other way round, names both
    for at, bug in found.items():
        for other, theirs in found.items():
            theirs_too = theirs != bug and replayer.probed(theirs, groups[at].failures)
            if theirs_too and not replayer.probed(bug, groups[other].failures):
                found[at] = theirs
                break
    return {**verified, **{at: (bug, None) for at, bug in found.items()}}


def _signature_rules(group: _Group, signed: Mapping[str, tuple[Signature, ...]]) -> list[str]:
    """The rules of what differs in a group's first failures, in the order they come (never the
    cases' own rules)."""
    return list(dict.fromkeys(rule for f in group.failures[:PROBES] for s in signed[f.name] for rule in _rules(s, f)))


def _cited_rules(group: _Group, signed: Mapping[str, tuple[Signature, ...]]) -> set[str]:
    """The rules of a group's signatures and of its cases: where the mutants worth trying on a
    small cause are."""
    return {*_signature_rules(group, signed), *(rule for failure in group.failures for rule in failure.rules)}


def _one_bugs(group: _Group) -> bool:
    """Is the group's difference one bug's: a single signature, one point apart or at the target
    alone (the winner's score stopped at it or passing it)? Two bugs at once are not tried for it:
    a pair that adds up to one point is a coincidence far more often than two bugs."""
    (first, *rest) = group.signatures
    return not rest and first.relation in ("one more", "one less", CONVENTION, PAST_TARGET)


def _searched_widely(at: int, group: _Group) -> bool:
    """Is the group (the `at`-th largest) tried under the whole catalogue? The largest always; the
    next of the SEARCHED largest unless their difference is a known convention (an answer of its
    own) or lies past the part of the answers kept (nothing says where: the blindest search, at
    the dearest replays, a match's), which only their rules' bugs and the bugs named elsewhere are
    tried on."""
    unsaid = all(s.convention or s.relation == PAST_THE_CUT for s in group.signatures)
    return at == 0 or (at < SEARCHED and not unsaid)


def _refusal(group: _Group) -> bool:
    """Do the group's failures differ only in a rejection (given, due or of another code)?"""
    return all(signature.field.startswith("rejection.") for signature in group.signatures)


def _any_operation(signature: Signature) -> Signature:
    """The signature as causes group it: in any operation, a match's game as a game."""
    return dataclasses.replace(signature, operation="", field=signature.field.removeprefix("games[*]."))


def _rules(signature: Signature, failure: Failure) -> tuple[str, ...]:
    """The rules of a signature (grouped with any operation) on one failure: its operation's, its profile's."""
    return rules_of(dataclasses.replace(signature, operation=failure.op), failure.sent, fallback=False)


def _known_answer(
    group: _Group,
    alone: Sequence[Failure],
    partners: Sequence[str],
    signed: Mapping[str, tuple[Signature, ...]],
    mutants: Sequence[Mutant],
    replayer: Replayer,
    largest: bool = False,
) -> tuple[str | None, str | None]:
    """The known bug or reading that reproduces the engine's whole answer on the group's failures
    (those alone, or beside a partner's bug where it is never alone, or both partners' at once),
    and one it only resembles. Two bugs of which one at least is named nowhere else are tried
    together only on a group of PROBES failures or more, or the `largest`: on a few results beside
    others, two bugs that happen to give the same answer are too easily found."""
    rules = _signature_rules(group, signed)
    cited = Counter(rule for f in group.failures for rule in f.rules)  # the cases' rules: a hint where to look
    hinted = [m.name for m in sorted(mutants, key=lambda m: -cited[m.rule]) if cited[m.rule] and m.rule not in rules]
    order = [
        m.name for m in sorted(mutants, key=lambda m: rules.index(m.rule) if m.rule in rules else 0) if m.rule in rules
    ]
    order += hinted + [m.name for m in mutants if m.rule not in rules and not cited[m.rule]]
    profiles = sorted({failure.sent for failure in group.failures})
    # the bugs named for the causes before it first: one bug often differs in several ways
    candidates = [*partners, *(reading(name) for profile in profiles for name in readings_of(profile)), *order]
    refusal = _refusal(group)  # named by one bug that refuses alike (code, index, hand, game), never by two
    if not mutants:  # no bug of its own is searched: only a bug another cause names
        candidates = list(partners)
    tried = list(alone)
    if not tried:  # never alone: one bug that differs in several ways at once, or beside a partner's
        singles = _singles(partners)
        candidates += _pairs(singles)
        if largest or len(group.failures) >= PROBES:  # a named bug beside one never named: not on a few results
            candidates += [_both(one, name) for one in singles for name in order if name != one]
        tried = list(group.failures)
    elif not refusal and not _one_bugs(group) and (largest or len(tried) >= PROBES):  # two bugs, few enough
        pairs = list(dict.fromkeys([*hinted, *order]))[:PAIR_CANDIDATES]
        candidates += [_both(one, two) for at, one in enumerate(pairs) for two in pairs[at + 1 :]]
    if not tried:
        return None, None
    resembles = None
    queue = list(dict.fromkeys(candidates))
    for bug in queue:  # grows while it is read: the bug it resembles beside each named one
        if replayer.exhausted:
            break
        telling = _telling(bug, tried, replayer)
        probes = telling[:PROBES]
        like = resembles is None and "+" not in bug and not refusal  # a refusal's code alone is too little
        alike = replayer.probed(bug, probes, RESEMBLES if like else EXACT)
        exact = len(replayer.reproduced(bug, probes)) == len(probes) and replayer.affordable(tried)
        if exact and replayer.probed(bug, telling):
            return bug, None
        if like and alike:
            resembles = bug  # one bug that matches where the engine is wrong
            if not reading_of(bug) and (largest or len(group.failures) >= PROBES):  # beside a named bug: the rest
                queue += [pair for one in _singles(partners) if (pair := _both(one, bug)) not in queue and one != bug]
    return None, resembles


def _telling(bug: str, failures: Sequence[Failure], replayer: Replayer) -> list[Failure]:
    """The failures in the order that tells soonest whether two bugs at once reproduce them: first
    those neither bug alone was found to reproduce (where one of them already does, the pair
    nearly always does too, whatever the other)."""
    parts = bug.split("+")
    if len(parts) == 1:
        return list(failures)
    return sorted(failures, key=lambda failure: any(replayer.known(part, failure) == EXACT for part in parts))


def _cause(group: _Group, bug: str | None, resembles: str | None, others: bool) -> Cause:
    failures = group.failures
    first = group.signatures[0]
    counted = Counter(rule for failure in failures for s in group.signatures for rule in _rules(s, failure))
    if not counted:  # what differs names no rule (a show's total alone): the rules the failures' cases cite
        counted = Counter(rule for failure in failures for rule in failure.rules)
    rules = [rule for rule, _ in sorted(counted.items(), key=lambda item: (-item[1], item[0]))]
    mutant = bug if bug and not reading_of(bug) else None
    if mutant:
        rules = [m.rule for m in mutants_named(mutant)] + rules
    elif bug:  # a reading: the rule that tells the two profiles apart, after the first of what differs
        rules = [*rules[:1], *_reading_rules(failures[0].sent, reading_of(bug)), *rules[1:]]
    op = failures[0].op
    words = "; and ".join(describe(dataclasses.replace(s, operation=op)) for s in group.signatures[:2])
    if others:
        words = f"{OTHERS}: {describe(dataclasses.replace(first, operation=op))}, and {len(group.signatures) - 1} more"
    if first.field == "(answer)":
        words = UNEXPLAINED
    convention = CONVENTION_CLAIM if all(s.convention for s in group.signatures) and not bug else None
    read = reading_of(bug) if bug else ""
    if mutant:
        words = "; and ".join(m.description for m in mutants_named(mutant))
    elif read:
        words = f"{_reading_words(read)}; claim {read} if you mean it"
    elif convention:
        words = f"a convention, not a bug: {words}; the hello's {convention} accepts it"
    return Cause(
        tuple(dict.fromkeys(rules))[:RULES_NAMED],
        len(failures),
        mutant,
        words,
        failures[0].name,
        tuple(failure.name for failure in failures),
        tuple(dataclasses.replace(signature, operation=op) for signature in group.signatures),
        read or None,
        convention,
        resembles if not bug and not convention else None,
    )


def _reading_rules(sent: str, read: str) -> list[str]:
    """The rules that tell profile `sent` from its other reading `read`: muggins.off when `sent`
    plays without muggins and `read` with it (claims change the score where they must not), the
    variant rules stated for the one that is a variant (variant.muggins between six-card--muggins
    and six-card), a dispute's of either (dispute.d2-thirty-one for six-card--thirty-one-plus-last)."""
    try:
        profiles = [load_profile(sent), load_profile(read)]
    except CribbageError:
        return []
    variants = {name for name, profile in zip((sent, read), profiles, strict=True) if profile.variant_of}
    disputes = tuple(f"dispute.{profile.dispute.lower()}-" for profile in profiles if profile.dispute)
    found = ["muggins.off"] if profiles[1].muggins and not profiles[0].muggins else []
    for rule, entry in catalogue().items():
        variant = rule.startswith("variant.") and set(entry.get("profiles") or ()) & variants
        if variant or (disputes and rule.startswith(disputes)):
            found.append(rule)
    return found


def _reading_words(profile: str) -> str:
    """`your engine plays D2's other reading (thirty-one scores 2 plus 1 for last card ...)`."""
    try:
        loaded = load_profile(profile)
    except CribbageError:
        return f"your engine plays as {profile}"
    text = loaded.description.rstrip(".")
    if loaded.dispute:
        return f"your engine plays {loaded.dispute}'s other reading ({text.split(': ', 1)[-1]})"
    return f"your engine plays the variant {profile} ({text})"


def _error_causes(errors: Sequence[Failure]) -> list[Cause]:
    """The errors, one cause for each thing the engine said (its digits aside), at most three:
    led by what it said, their rules from the events the reference's answers to them share."""
    if not errors:
        return []
    said: dict[str, list[Failure]] = {}
    for failure in errors:
        said.setdefault(_said(failure.message), []).append(failure)
    groups = sorted(said.items(), key=lambda item: (-len(item[1]), item[0]))
    if len(groups) > 3:
        rest = sorted((f for _, group in groups[2:] for f in group), key=by_size)
        groups = [*groups[:2], (groups[2][0] + " (and other words)", rest)]
    causes = []
    for words, group in groups:
        description = f'errors: the engine gave no answer; it said "{words}"' if words else ERRORS
        names = tuple(failure.name for failure in group)
        causes.append(Cause(_error_rules(group), len(group), None, description, group[0].name, names))
    return causes


def _said(message: str | None) -> str:
    """What an engine said, on one line, bounded (the reports escape it)."""
    text = " ".join((message or "").split())
    return text if len(text) <= MAX_SAID else text[: MAX_SAID - 3] + "..."


def _error_rules(group: Sequence[Failure]) -> tuple[str, ...]:
    """The rules of the events every errored request's reference answer holds, the rarest kind
    first (a go before a play): where an engine that stops stops."""
    kinds: set[str] | None = None
    for failure in group[:PROBES]:
        try:
            answer = run_reference(failure.op, failure.data, failure.sent)
        except Exception:  # an input the reference cannot answer either
            answer = {}
        found = set(_event_kinds(answer.get("ok")))
        kinds = found if kinds is None else kinds & found
    chosen = [kind for kind in SPECIFIC if kinds and kind in kinds]
    rules = [rule for kind in chosen for rule in EVENT_RULES.get(kind, ())]
    return resolved(rules or OP_RULES.get(group[0].op, ()), group[0].sent)[:RULES_NAMED]


def _event_kinds(value: object) -> Iterable[str]:
    if isinstance(value, Mapping):
        if isinstance(value.get("type"), str):
            yield value["type"]
        for item in value.values():
            yield from _event_kinds(item)
    elif isinstance(value, list):
        for item in value:
            yield from _event_kinds(item)


def claimed_features(engine: EngineInfo | None) -> frozenset[str]:
    """Every feature the engine claims for some operation (a mutant that only a feature shows can
    be replayed when the engine claims it anywhere)."""
    if engine is None:
        return frozenset()
    return frozenset(feature for op in engine.operations for feature in engine.features_for(op))


def diagnosed(run: Run) -> Run:
    """A saved run with its diagnosis made again from its own lines (`cribcheck summary`): the
    same as the live run's, since a saved report keeps every failure's input, expectation and
    answer."""
    footer = dataclasses.replace(run.footer, diagnosis=diagnose(run.results, run.header.engine))
    return dataclasses.replace(run, footer=footer)


def ranked_again(run: Run) -> Run:
    """A run read back from the report its own process just wrote (several engines, each run in a
    process of its own): the causes as its footer has them, the rules ranked again from its results
    (the footer keeps only the causes; ranking is one pass, where the whole diagnosis replays)."""
    diagnosis = run.footer.diagnosis
    if diagnosis is None:
        return run
    again = dataclasses.replace(diagnosis, rules=rank_rules(run.results))
    return dataclasses.replace(run, footer=dataclasses.replace(run.footer, diagnosis=again))
