"""The rules ranked the way spectrum-based fault localisation ranks lines of code: a rule cited by
many failing results and few passing ones ranks high, one cited by every result ranks low.

Ochiai's coefficient (Abreu et al., 2007): failing(r) / sqrt(all failing x (failing(r) + passing(r))),
where failing(r) and passing(r) count the failing and passing results whose case cites rule r.
A failing result is a wrong answer or an error; a passing one a pass; skips, expected failures
and not applicable results tell nothing either way. `share` is the part of all failing results
that cite the rule.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from cribcheck.harness.diagnosis.failures import DIAGNOSED
from cribcheck.harness.results.diagnosis import RankedRule
from cribcheck.harness.results.results import CaseResult
from cribcheck.harness.results.status import Status


def rank_rules(results: Iterable[CaseResult]) -> tuple[RankedRule, ...]:
    """Every rule cited by a failing result, the most suspicious first (ties: the rule cited by
    more failures, then by id)."""
    failing: Counter[str] = Counter()
    passing: Counter[str] = Counter()
    failures = 0
    for result in results:
        if result.status in DIAGNOSED:
            failures += 1
            failing.update(set(result.case.rules))
        elif result.status is Status.PASS:
            passing.update(set(result.case.rules))
    ranked = [
        RankedRule(
            rule,
            round(count / math.sqrt(failures * (count + passing[rule])), 4),
            count,
            passing[rule],
            round(count / failures, 4),
        )
        for rule, count in failing.items()
    ]
    return tuple(sorted(ranked, key=lambda rule: (-rule.score, -rule.failing, rule.rule)))
