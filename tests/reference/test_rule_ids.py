"""Every rule id cited in reference/ exists in the catalogue, and every playable rule is cited."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"\b((?:cards|deal|game|show|peg|input|muggins|match)\.[a-z0-9]+(?:-[a-z0-9]+)*)\b")
AREAS_CITED_IN_CODE = ("cards", "deal", "game", "show", "pegging", "muggins", "match")


def catalogue() -> dict[str, dict]:
    data = yaml.safe_load((ROOT / "cases" / "rules.yaml").read_text(encoding="utf-8"))
    return {rule["id"]: rule for rule in data["rules"]}


def prose_of(path: Path) -> str:
    """The docstrings and comments of a Python file (where rule ids are cited), or a YAML file whole."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return text
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return "\n".join(token.string for token in tokens if token.type in (tokenize.STRING, tokenize.COMMENT))


def cited_in_reference() -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for path in sorted((ROOT / "reference").rglob("*")):
        if path.suffix in {".py", ".yaml"}:
            for rule_id in RULE_ID.findall(prose_of(path)):
                cited.setdefault(rule_id, []).append(path.name)
    return cited


def test_every_cited_rule_exists():
    unknown = {rule_id: files for rule_id, files in cited_in_reference().items() if rule_id not in catalogue()}
    assert not unknown, f"rule ids cited in reference/ but missing from cases/rules.yaml: {unknown}"


def test_every_playable_rule_is_implemented_somewhere():
    cited = cited_in_reference()
    missing = [
        rule_id
        for rule_id, rule in catalogue().items()
        if rule["profiles"] and rule["area"] in AREAS_CITED_IN_CODE and rule_id not in cited
    ]
    assert not missing, f"catalogue rules no function in reference/ cites: {missing}"


def test_every_public_rule_function_cites_a_rule():
    import inspect

    from cribcheck.reference import deal, game, match, muggins, pegging, seats, show

    uncited = []
    modules = (show, pegging, deal, game, match, muggins)
    for module in (*modules, seats):
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__ and not name.startswith("_"):
                doc = function.__doc__ or ""
                if not RULE_ID.search(doc) and "dispute" not in doc.lower() and "Rule" not in doc:
                    uncited.append(f"{module.__name__}.{name}")
    allowed = {
        "cribcheck.reference.pegging.opponent",  # a helper: the other role
        "cribcheck.reference.pegging.play_pegging",  # cites peg.* in its docstring body
        "cribcheck.reference.deal.check_dealt",  # input checking, rule input.cards
    }
    assert set(uncited) <= allowed, f"public functions without a rule id: {sorted(set(uncited) - allowed)}"


def profile_dispute(name: str) -> str | None:
    from cribcheck.reference import load_profile

    return load_profile(name).dispute


def test_disputes_name_both_readings_and_a_variant_profile():
    from cribcheck.reference import profile_names

    disputes = [rule for rule in catalogue().values() if rule["area"] == "dispute"]
    assert sorted(rule["dispute"] for rule in disputes) == sorted(f"D{n}" for n in range(1, 11))
    for rule in disputes:
        assert rule["ruling"]["reading"] and rule["other"]["reading"]
        for profile in [rule["other"]["profile"], *rule["other"].get("also", [])]:
            assert profile in profile_names()
            assert rule["dispute"] == profile_dispute(profile)
