"""What `cribcheck sweep` prints: the header, the outcome, the first mismatches as cases (ready
for the corpus once someone works the count by hand), the score distribution as a table, and the
same as JSON (`--summary`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import yaml

from cribcheck.harness.contract.files import NoAliasDumper
from cribcheck.harness.engine.protocol import EngineInfo
from cribcheck.harness.operations.answers import show_json
from cribcheck.harness.operations.fast_show import BREAKDOWN_KEYS, DECK, TEXT
from cribcheck.harness.operations.rule_ids import show_part_rule
from cribcheck.harness.sweep.plan import Mismatch, SweepPlan, SweepResult
from cribcheck.harness.sweep.space import class_count
from cribcheck.reference import score_show

TAG_OF_PART = {"fifteens": "fifteens", "pairs": "pairs", "runs": "runs", "nobs": "nobs"}


def header_lines(plan: SweepPlan, engine: EngineInfo, where: str, *, batched: bool) -> list[str]:
    space = plan.space
    what = f"cribcheck sweep: {plan.profile.name}, {plan.set_name} of {space.held_size} + starter"
    if space.canonical:
        classes = class_count(space.held_size)
        lines = [f"{what}, canonical: {classes:,} suit classes standing for {space.combinations:,} combinations"]
    else:
        lines = [f"{what}: {space.combinations:,} combinations"]
    if space.shard.count > 1:
        unit = "classes" if space.canonical else "combinations"
        lines.append(f"  shard {space.shard}: {space.items:,} {unit}")
    lines.append(f"engine: {engine.label} [{where}]")
    if batched:
        lines.append(f"  batch requests of {plan.batch:,} inputs")
    else:
        lines.append("  one request per input (the engine does not claim the batch feature: slower)")
    compared = "total and breakdown" if "breakdown" in engine.features_for("show") else "total (no breakdown claimed)"
    lines.append(f"  compared with the reference: {compared}")
    return lines


def report_lines(result: SweepResult) -> list[str]:
    plan = result.plan
    unit = "classes" if plan.space.canonical else "combinations"
    rate = result.items / result.seconds if result.seconds > 0 else 0.0
    done = f"{result.items:,} {unit}"
    if plan.space.canonical:
        done += f" (standing for {result.combinations:,} combinations)"
    lines = []
    if result.interrupted:
        lines.append(f"interrupted: {done} of {plan.space.items:,} compared in {result.seconds:.1f} s")
    else:
        lines.append(f"{done} compared in {result.seconds:.1f} s ({rate:,.0f} {unit}/s)")
    if result.mismatched_items:
        standing = f" (standing for {result.mismatched_combinations:,} combinations)" if plan.space.canonical else ""
        lines.append(f"MISMATCHES: {result.mismatched_items:,} {unit}{standing} disagree with the reference")
        shown = len(result.mismatches)
        lines.append(f"the first {shown}, as cases (the expectation is the reference's count):")
        lines.extend(case_text(plan, mismatch) for mismatch in result.mismatches)
    elif result.items:
        lines.append(f"every answer{' so far' if result.interrupted else ''} agrees with the reference")
    lines.append("")
    lines.extend(table_lines(result))
    return lines


def table_lines(result: SweepResult) -> list[str]:
    """Combinations by score, the reference's and the engine's, side by side; `*` where they differ."""
    scores = sorted({*result.reference, *(score for score in result.answered if score is not None)})
    top = max(scores, default=-1)
    lines = [f"{'score':>5}  {'reference':>12}  {'engine':>12}"]
    for score in range(top + 1):
        want, got = result.reference.get(score, 0), result.answered.get(score, 0)
        lines.append(f"{score:>5}  {want:>12,}  {got:>12,}{'  *' if want != got else ''}")
    if result.answered.get(None):
        lines.append(f"{'none':>5}  {0:>12,}  {result.answered[None]:>12,}  * (no result: rejected, skipped, error)")
    lines.append(f"{'all':>5}  {sum(result.reference.values()):>12,}  {sum(result.answered.values()):>12,}")
    return lines


def mismatch_case(plan: SweepPlan, mismatch: Mismatch) -> dict[str, Any]:
    """A mismatch as a case for the corpus; the expectation is `score_show`'s own count."""
    held = [DECK[card] for card in mismatch.held]
    score = score_show(held, DECK[mismatch.starter], crib=plan.crib, profile=plan.profile)
    expected = {"total": score.total, "breakdown": show_json(score)["breakdown"]}
    cards, starter = mismatch.cards, TEXT[mismatch.starter]
    counted = ", ".join(f"{key} {expected['breakdown'][key]}" for key in BREAKDOWN_KEYS)
    slug = "-".join([plan.profile.name.replace("--", "-"), plan.set_name, *cards, starter]).lower()
    at_stake = parts_at_stake(expected["breakdown"], mismatch.answer)
    flush_tag = "crib-flush" if plan.crib else "hand-flush"
    return {
        "id": f"sweep-{slug}",
        "title": f"Sweep mismatch: {plan.profile.name} {plan.set_name} {' '.join(cards)} with {starter} turned",
        "rules": [rule_of(plan, part) for part in at_stake] or ["show.starter-shared"],
        "tags": ["show", *(["crib"] if plan.crib else []), *(TAG_OF_PART.get(part, flush_tag) for part in at_stake)],
        "profiles": [plan.profile.name],
        "op": "show",
        "input": {"cards": cards, "starter": starter, "crib": plan.crib},
        "explain": f"TODO: work the count by hand. The reference counts {counted}: {score.total}.",
        "expect": {"default": expected},
    }


def parts_at_stake(breakdown: Mapping[str, int], answer: Mapping[str, Any]) -> list[str]:
    """The parts the engine got wrong (if it gave a breakdown), else the parts that score."""
    given = (answer.get("ok") or {}).get("breakdown")
    if isinstance(given, Mapping):
        return [key for key in BREAKDOWN_KEYS if given.get(key) != breakdown[key]]
    return [key for key in BREAKDOWN_KEYS if breakdown[key]]


def rule_of(plan: SweepPlan, part: str) -> str:
    return show_part_rule(part, plan.profile, crib=plan.crib)


def case_text(plan: SweepPlan, mismatch: Mismatch) -> str:
    case = mismatch_case(plan, mismatch)
    comments = [f"# the engine answered {json.dumps(mismatch.answer)}"]
    comments += [f"# {line}" for line in mismatch.lines]
    if case["expect"]["default"] != mismatch.expected:
        comments.append(f"# NOTE: the harness's fast scorer said {json.dumps(mismatch.expected)}: please report this")
    body = yaml.dump(
        [case], Dumper=NoAliasDumper, sort_keys=False, default_flow_style=None, width=110, allow_unicode=True
    )
    return "\n".join([*comments, body.rstrip()])


def summary_json(result: SweepResult) -> dict[str, Any]:
    plan = result.plan
    return {
        "profile": plan.profile.name,
        "set": plan.set_name,
        "held": plan.space.held_size,
        "canonical": plan.space.canonical,
        "shard": str(plan.space.shard),
        "engine": {"name": result.engine.name, "version": result.engine.version, "where": result.engine_where},
        "batched": result.batched,
        "planned": plan.space.items,
        "items": result.items,
        "combinations": result.combinations,
        "mismatched_items": result.mismatched_items,
        "mismatched_combinations": result.mismatched_combinations,
        "complete": result.complete,
        "interrupted": result.interrupted,
        "seconds": round(result.seconds, 3),
        "reference": {str(score): count for score, count in sorted(result.reference.items())},
        "engine_totals": {
            "none" if score is None else str(score): count
            for score, count in sorted(result.answered.items(), key=lambda entry: (entry[0] is None, entry[0] or 0))
        },
        "mismatches": [mismatch_case(plan, mismatch) for mismatch in result.mismatches],
        "exit_status": result.exit_status,
    }
