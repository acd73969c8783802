"""cribcheck: a rules-conformance test suite and plain reference engine for cribbage.

One top-level package, so that no other project's `reference` or `harness` is shadowed or shadows
it: `cribcheck.reference` (the rules, the repository's reference/ folder) and `cribcheck.harness`
(cases, engines, the adapter protocol and reports, the repository's harness/ folder). pyproject.toml
maps the folders to these names when cribcheck is installed (a wheel holds them inside this folder).
"""

from __future__ import annotations

from pathlib import Path

# In a checkout the two parts stand beside this folder, not in it: look for them there too, so that
# the checkout imports as it is (a script that puts the checkout on sys.path, `python -m` from it).
_CHECKOUT = Path(__file__).resolve().parent.parent
if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "harness" / "cli.py").is_file():
    __path__.append(str(_CHECKOUT))
