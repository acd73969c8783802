"""A run's diagnosis from its results alone: the rules ranked, the known bugs that reproduce its
wrong answers, and what no known bug explains, as causes in rank order, each with its smallest
failing case.

1. The rules are ranked (ranking.py, Ochiai).
2. Known bugs, greedily, in rounds. Each round takes a sample of the failures not explained yet
   (the smallest of each operation and rule, a few at most) and replays it under the mutants
   whose rule those failures cite, the most suspicious rule first, each on the failures citing its
   rule; when none reproduces anything, the mutants that reproduced part of an earlier sample are
   tried, then pairs, then every other mutant. The few that reproduce most of what they were tried
   on are replayed on the whole sample, alone and beside the bug found first (an engine with two
   bugs answers with both); the best is replayed on every failure not explained yet, and those it
   reproduces are its cause. Rounds go on while a mutant explains something. Bugs are
   looked for among the cheap failures first (an operation up to a hand: a game or a match costs a
   hundred times more to replay); the dear ones are then given to the bugs found, and only the
   rest are searched the same way.
3. Pairs: where no single mutant explains a failure, two at once (`a+b`) may: pairs of the mutants
   found, and of the mutants that reproduced part of a sample.
4. What is left stays a cause of its own, never hidden: the wrong answers no known bug reproduces,
   those the budget ran out before the bugs found were replayed on (said so: a whole match costs
   a thousand plays, and a run whose bug shows in every match may leave some unreplayed), and the
   errors (which have no answer to reproduce), each named by the rule ranked highest among the
   results of its lowest operation, then by the highest ranked rules its failures cite.

The causes are ranked by how many failing results they explain (a known bug first on a tie), the
wrong answers left unreplayed last (the search knows nothing of them: a lead, not a cause). The
whole search spends at most the run's own work (replay.py's budget), or a small fixed allowance for
a small run, so the diagnosis of a large run costs at most about as much as the run.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cribcheck.harness.diagnosis.failures import Failure, count_failures, failures_of
from cribcheck.harness.diagnosis.ranking import rank_rules
from cribcheck.harness.diagnosis.replay import Replayer, cost, run_cost, session
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.mutants.catalogue import MUTANTS, mutants_named
from cribcheck.harness.mutants.mutation import Mutant
from cribcheck.harness.results.diagnosis import Cause, Diagnosis, RankedRule
from cribcheck.harness.results.results import CaseResult
from cribcheck.harness.results.saved import Run

SAMPLE = 12  # failures replayed per round to choose the next known bug
PROBES = 3  # of them per mutant before it is kept as a candidate (among the cheap failures)
DEAR_PROBES = 1  # the same among games and matches, each a hundred times dearer to replay
FINALISTS = 8  # candidates replayed on the whole sample
MAX_KNOWN = 8  # known bugs (single or pairs) named at most
CHEAP = cost("hand")  # the dearest operation among which bugs are looked for first
PAIR_CANDIDATES = 6  # mutants paired with one another
BUDGET_SHARE = 0.4  # the diagnosis may spend this share of the run's own work (replay.py's units)
MIN_BUDGET = 20_000  # and this much whatever the run (0.2 s of replays), for small runs
RULES_NAMED = 3  # rules named by the cause of failures no known bug explains
UNEXPLAINED = "wrong answers no known bug reproduces"
UNREPLAYED = "wrong answers the known bugs found were not replayed on: the diagnosis's budget ran out"
MAX_DIAGNOSED = 5_000  # failing results diagnosed at most, the smallest (what a diagnosis keeps is bounded)
UNDIAGNOSED = f"failing results past the {MAX_DIAGNOSED:,} smallest, left out of the diagnosis (a bounded part)"
LAST = (UNREPLAYED, UNDIAGNOSED)  # causes the search knows nothing of: after the others, whatever their size
ERRORS = "errors: the engine gave no answer (it crashed, hung or broke the protocol)"


@dataclass(frozen=True)
class Found:
    """A known bug and the failures it explains."""

    bug: str
    explained: tuple[Failure, ...]


def diagnose(results: Sequence[CaseResult], engine: EngineInfo | None) -> Diagnosis:
    """The diagnosis of a run's results, by `engine` (what it claimed: its features for each
    operation decide what was sent and compared; None when no engine answered)."""
    ranked = rank_rules(results)
    kept = failures_of(results, engine, MAX_DIAGNOSED + 1)
    if not kept:
        return Diagnosis((), ranked, 0)
    failures, past = kept[:MAX_DIAGNOSED], kept[MAX_DIAGNOSED:]
    total = count_failures(results) if past else len(failures)
    claimed = claimed_features(engine)
    replayer = Replayer(max(MIN_BUDGET, int(BUDGET_SHARE * run_cost(results))))
    mutants = [mutant for mutant in MUTANTS if mutant.applies_to(claimed)]
    with session():
        found = _known_bugs(failures, ranked, mutants, replayer)
    explained = {failure.name for each in found for failure in each.explained}
    rest = [failure for failure in failures if failure.name not in explained]
    starved = {f.name for f in rest if any(replayer.starved(each.bug, f) for each in found)}
    groups = (
        (UNEXPLAINED, [failure for failure in rest if failure.explainable and failure.name not in starved]),
        (UNREPLAYED, [failure for failure in rest if failure.name in starved]),
        (ERRORS, [failure for failure in rest if not failure.explainable]),
    )
    causes = [_known_cause(each) for each in found] + _unexplained(groups, ranked, results)
    if past:  # the failures past the MAX_DIAGNOSED smallest: counted, named by the run's top rules
        rules = tuple(rule.rule for rule in ranked[:RULES_NAMED])
        causes.append(Cause(rules, total - len(failures), None, UNDIAGNOSED, past[0].name, ()))
    causes.sort(key=lambda cause: (cause.description in LAST, -cause.explains, cause.mutant is None))
    return Diagnosis(tuple(causes), ranked, total)


@dataclass(frozen=True)
class Search:
    """What the search for known bugs reads: the mutants in the order to try them (the most
    suspicious rule first), the rules' scores, the catalogue's order, and the replayer."""

    order: tuple[Mutant, ...]
    score: Mapping[str, float]
    place: Mapping[str, int]
    replayer: Replayer


def _known_bugs(
    failures: Sequence[Failure], ranked: Sequence[RankedRule], mutants: Sequence[Mutant], replayer: Replayer
) -> list[Found]:
    """The known bugs and what each explains. Bugs are looked for among the cheap failures first
    (an operation up to a hand: a whole game or match costs a hundred times more to replay); the
    dear ones are then given to the bugs found, and only those no bug found explains are searched."""
    score = {rule.rule: rule.score for rule in ranked}
    place = {mutant.name: number for number, mutant in enumerate(mutants)}
    order = tuple(sorted(mutants, key=lambda mutant: (-score.get(mutant.rule, 0.0), place[mutant.name])))
    search = Search(order, score, place, replayer)
    explainable = [failure for failure in failures if failure.explainable]
    cheap = [failure for failure in explainable if cost(failure.op) <= CHEAP]
    dear = [failure for failure in explainable if cost(failure.op) > CHEAP]
    found: dict[str, list[Failure]] = {}
    tried: list[str] = []  # mutants that reproduced part of a sample, the likeliest first
    _rounds(cheap, found, tried, search, PROBES)
    for bug in sorted(found, key=lambda bug: -len(found[bug])):
        explained = replayer.explained(bug, dear)
        found[bug] += explained
        dear = _without(dear, explained)
    _rounds(dear, found, tried, search, DEAR_PROBES)
    return [Found(bug, tuple(sorted(explained, key=lambda failure: failure.size))) for bug, explained in found.items()]


def _rounds(
    left: list[Failure], found: dict[str, list[Failure]], tried: list[str], search: Search, probes: int
) -> None:
    """Greedy rounds over the failures `left`: each names the bug that reproduces most of a sample
    of them, and gives it every failure left that it reproduces. Each mutant is first tried on
    `probes` failures at most."""
    replayer, score = search.replayer, search.score
    while left and len(found) < MAX_KNOWN and not replayer.exhausted:
        sample = _sample(left, score)
        earlier = [mutant for name in tried for mutant in search.order if mutant.name == name]
        beside = next((bug for bug in found if "+" not in bug), None)  # the bug found first, for pairs
        hits = (
            _probe_cited(search.order, sample, replayer, probes, beside)
            or _probe_others(earlier, sample, replayer, probes)
            or _probe_pairs(list(found), tried, search.order, sample[:probes], replayer)
            or _probe_others([mutant for mutant in search.order if mutant not in earlier], sample, replayer, probes)
        )
        if not hits:
            return
        tried += [bug for bug in hits if bug not in tried and "+" not in bug]
        known = set(found)
        finalists = sorted(hits, key=lambda bug: (-hits[bug].rate, -hits[bug].hits, _rank(bug, known, search)))
        finalists = finalists[:FINALISTS]
        if beside:  # each new bug also beside the one found first: the engine may carry both
            finalists += [f"{beside}+{bug}" for bug in finalists if "+" not in bug and bug != beside]
        whole = {bug: len(replayer.explained(bug, sample)) for bug in finalists}
        best = min(whole, key=lambda bug: (-whole[bug], _rank(bug, known, search)))
        explained = replayer.explained(best, left)
        if not explained:
            return
        found.setdefault(best, []).extend(explained)
        left[:] = _without(left, explained)


def _without(failures: Sequence[Failure], gone: Sequence[Failure]) -> list[Failure]:
    names = {failure.name for failure in gone}
    return [failure for failure in failures if failure.name not in names]


def _rank(bug: str, found: set[str], search: Search) -> tuple[float, int, int]:
    """A bug's tie-break, by what it adds to the bugs found: the most suspicious rule of its new
    part first, then a single mutant before a pair, then the catalogue's order. So a bug found
    again with a new one (`found+new`) competes as `new` does."""
    parts = mutants_named(bug)
    new = [mutant for mutant in parts if mutant.name not in found] or parts
    strongest = max(search.score.get(mutant.rule, 0.0) for mutant in new)
    return (-strongest, len(parts), search.place.get(new[0].name, 0))


def _sample(left: Sequence[Failure], score: Mapping[str, float]) -> list[Failure]:
    """A few of the failures left, spread over operations and rules: the smallest failure of each
    (operation, most suspicious rule) in turn, the groups of the most suspicious rules first."""
    groups: dict[tuple[str, str], list[Failure]] = {}
    for failure in left:  # smallest first already
        groups.setdefault((failure.op, _top_rule(failure, score)), []).append(failure)
    keys = sorted(groups, key=lambda key: (-score.get(key[1], 0.0), -len(groups[key]), key))
    chosen: list[Failure] = []
    depth = 0
    while len(chosen) < SAMPLE and any(len(groups[key]) > depth for key in keys):
        chosen += [groups[key][depth] for key in keys if len(groups[key]) > depth][: SAMPLE - len(chosen)]
        depth += 1
    return chosen


def _top_rule(failure: Failure, score: Mapping[str, float]) -> str:
    return max(failure.rules, key=lambda rule: (score.get(rule, 0.0), rule), default="")


def _probe_cited(
    order: Sequence[Mutant], sample: Sequence[Failure], replayer: Replayer, probes: int, beside: str | None = None
) -> dict[str, Hits]:
    """The mutants whose rule the sample cites, each tried on the sample's failures citing its
    rule: those that reproduce part of them, with what they reproduced. A mutant that reproduces
    none is tried again together with the bug found first (`beside`), whose answers the engine's
    may carry too."""
    hits: dict[str, Hits] = {}
    for mutant in order:
        chosen = [failure for failure in sample if mutant.rule in failure.rules][:probes]
        if chosen:
            _count(hits, mutant.name, chosen, replayer)
            if beside and mutant.name not in hits and mutant.name != beside:
                _count(hits, f"{beside}+{mutant.name}", chosen, replayer)
    return hits


def _probe_others(
    mutants: Sequence[Mutant], sample: Sequence[Failure], replayer: Replayer, probes: int
) -> dict[str, Hits]:
    """The mutants whose rule the sample does not cite, tried on the sample's smallest failures."""
    cited = {rule for failure in sample for rule in failure.rules}
    hits: dict[str, Hits] = {}
    for mutant in mutants:
        if mutant.rule not in cited and not replayer.exhausted:
            _count(hits, mutant.name, sample[:probes], replayer)
    return hits


@dataclass(frozen=True)
class Hits:
    """What a bug reproduced of the failures of a sample it was tried on."""

    hits: int
    tried: int

    @property
    def rate(self) -> float:
        return self.hits / self.tried


def _count(hits: dict[str, Hits], bug: str, failures: Sequence[Failure], replayer: Replayer) -> None:
    count = len(replayer.explained(bug, failures))
    if count:
        hits[bug] = Hits(count, len(failures))


def _probe_pairs(
    found: Sequence[str], tried: Sequence[str], order: Sequence[Mutant], sample: Sequence[Failure], replayer: Replayer
) -> dict[str, Hits]:
    """Two mutants at once, on the sample: the bugs found and the mutants that reproduced part of
    a sample, else the mutants of the most suspicious rules."""
    names = list(dict.fromkeys([bug for bug in found if "+" not in bug] + list(tried)))
    if len(names) < 2:
        names = list(dict.fromkeys(names + [mutant.name for mutant in order]))
    names = names[:PAIR_CANDIDATES]
    hits: dict[str, Hits] = {}
    for first, one in enumerate(names):
        for two in names[first + 1 :]:
            if replayer.exhausted:
                return hits
            _count(hits, f"{one}+{two}", sample, replayer)
    return hits


def _known_cause(found: Found) -> Cause:
    parts = mutants_named(found.bug)
    return Cause(
        rules=tuple(dict.fromkeys(mutant.rule for mutant in parts)),
        explains=len(found.explained),
        mutant=found.bug,
        description="; and ".join(mutant.description for mutant in parts),
        case=found.explained[0].name,
        results=tuple(failure.name for failure in found.explained),
    )


def _unexplained(
    groups: Sequence[tuple[str, Sequence[Failure]]], ranked: Sequence[RankedRule], results: Sequence[CaseResult]
) -> list[Cause]:
    """The failures no known bug explains, a cause for each group that has any (the wrong answers
    no known bug reproduces, those the budget left unreplayed, the errors). Each names first the
    rule ranked highest among the results of its lowest operation (a bug in the show fails whole
    games and matches too, whose rules, cited by few passing cases, would outrank the show's),
    then the rules ranked highest over the whole run."""
    causes = []
    for description, group in groups:
        if not group:
            continue
        lowest = group[0].op  # smallest first: the lowest operation in the pipeline
        here = {rule for failure in group if failure.op == lowest for rule in failure.rules}
        local = [rule.rule for rule in rank_rules(r for r in results if r.case.op == lowest) if rule.rule in here]
        cited = {rule for failure in group for rule in failure.rules}
        overall = [rule.rule for rule in ranked if rule.rule in cited]
        rules = tuple(dict.fromkeys([*local[:1], *overall]))[:RULES_NAMED]
        causes.append(_cause(rules, description, group))
    return causes


def _cause(rules: tuple[str, ...], description: str, failures: Sequence[Failure]) -> Cause:
    return Cause(rules, len(failures), None, description, failures[0].name, tuple(f.name for f in failures))


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
