"""The TypeScript declarations of the protocol's messages (harness/engine/cribcheck-protocol.d.ts),
generated from schema/protocol/ by cribcheck.harness.contract.typescript, are kept in step with the
schemas; with a TypeScript compiler at hand (`tsc` on PATH, or CRIBCHECK_TSC naming one, with
@types/node beside it) every example of the schemas type-checks against them, and the helper's own
declarations (adapter.d.ts) against a use of the helper."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from cribcheck.harness.cli import main
from cribcheck.harness.contract import typescript
from cribcheck.harness.contract.files import REPO_ROOT, SCHEMA_DIR
from cribcheck.harness.engine import adapter as helper

from .reports import read_report
from .tools import need

ENGINE_FOLDER = Path(helper.__file__).parent
DECLARATIONS = ENGINE_FOLDER / "cribcheck-protocol.d.ts"
REGENERATE = "python3 -m cribcheck.harness.contract.typescript > harness/engine/cribcheck-protocol.d.ts"


def test_the_declarations_are_those_the_schemas_make() -> None:
    assert DECLARATIONS.read_text(encoding="utf-8") == typescript.declarations(), (
        f"harness/engine/cribcheck-protocol.d.ts is out of step with schema/protocol/: {REGENERATE}"
    )


def test_every_protocol_schema_and_definition_has_a_type() -> None:
    text = DECLARATIONS.read_text(encoding="utf-8")
    for file, top in typescript.FILES:
        schema = json.loads((SCHEMA_DIR / "protocol" / file).read_text(encoding="utf-8"))
        names = [top] if top else []
        names += [typescript.type_name(file, name) for name in schema.get("$defs", {})]
        for name in names:
            assert f"export type {name} = " in text, (file, name)
    assert {file for file, _ in typescript.FILES} == {path.name for path in (SCHEMA_DIR / "protocol").glob("*.json")}


def test_a_keyword_the_generator_cannot_translate_is_refused() -> None:
    translator = typescript._File("x.schema.json")
    assert translator.type_of({"type": "integer", "minimum": 0}) == "number"
    # a condition that only narrows another part (if/then, no else) adds no type; the rest intersect
    narrowed = {"if": {"properties": {"op": {"const": "show"}}}, "then": {"properties": {"ok": {"type": "string"}}}}
    assert translator.type_of({"allOf": [{"$ref": "#/$defs/a"}, narrowed, {"type": "null"}]}) == "A & null"
    with pytest.raises(typescript.Untranslatable, match="conditions only"):
        translator.type_of({"allOf": [narrowed]})
    with pytest.raises(typescript.Untranslatable, match="patternProperties"):
        translator.type_of({"type": "object", "patternProperties": {"^x": {"type": "string"}}})


def _tsc() -> Path | None:
    named = os.environ.get("CRIBCHECK_TSC") or shutil.which("tsc")
    return Path(named).resolve() if named else None


def test_the_schemas_examples_type_check(tmp_path: Path) -> None:
    tsc = _tsc() or Path(need("tsc"))  # skipped without one (not a dependency of the suite), failed in CI
    for name in ("adapter.js", "adapter.d.ts"):
        shutil.copy(ENGINE_FOLDER / name, tmp_path / name.replace("adapter", "cribcheck_adapter"))
    shutil.copy(DECLARATIONS, tmp_path / DECLARATIONS.name)
    lines = [
        'import type * as P from "./cribcheck-protocol";',
        'import { Adapter, HandLog, Recorder, Rejected } from "./cribcheck_adapter";',
    ]
    count = 0
    for file, top in typescript.FILES:
        schema = json.loads((SCHEMA_DIR / "protocol" / file).read_text(encoding="utf-8"))
        for example in schema.get("examples", []) if top else []:
            count += 1
            lines.append(f"export const example{count}: P.{top} = {json.dumps(example)};")
    lines += [
        "// @ts-expect-error: no such operation",
        'export const wrong1: P.Request = {seq: "1", op: "shuffle", profile: "six-card", input: {}};',
        "// @ts-expect-error: a show result has a total",
        "export const wrong2: P.ShowResult = {breakdown: {}};",
        "// @ts-expect-error: a show's input has cards, no count",
        "export const wrong4 = (input: P.InputOf['show']) => input.count;",
        "// @ts-expect-error: judges_input is a boolean or a list of rejection codes",
        'export const wrong3: P.OperationClaims = {judges_input: "no"};',
        "new Adapter({",
        '  name: "t", version: "1", language: "TypeScript", profiles: ["six-card"],',
        "  handlers: {show: (input) => ({total: input.cards.length + (input.crib ? 1 : 0)}),  // no cast",
        '    play: async (input) => { throw new Rejected("over_31", input.count.join(" "), {index: 2}); },',
        "    pegging: (input) => ({points: {pone: input.plays.length, dealer: 0}})},",
        "  batchHandlers: {show: (inputs) => inputs.map((input) => ({ok: {total: input.cards.length}}))},",
        '  operationFeatures: {show: ["breakdown"]}, judgesInput: {show: true, play: ["over_31"]},',
        "}).serve();",
        'const record = new Recorder("t.jsonl", {name: "t", version: "1", profiles: ["six-card"],',
        '  operations: ["hand"]});',
        'const hand = new HandLog("A", {A: 0, B: 0}, true);',
        'hand.deck(["5C"], 1); hand.discard("B", ["8C", "AS"]); hand.play("TS"); hand.go();',
        'record.hand("six-card", hand, {A: 2, B: 0}, null);',
        'record.line("play", "six-card", {count: ["KH"]}, {rejected: {code: "over_31", index: 0}});',
        "// @ts-expect-error: a rejection's code is one of the protocol's",
        'record.line("play", "six-card", {count: ["KH"]}, {rejected: {code: "too_much"}});',
        "record.close();",
    ]
    assert count >= 8  # hello, hello responses, requests, responses, bye
    (tmp_path / "check.ts").write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = _compile(tsc, tmp_path, "check.ts", "--noEmit")
    assert done.returncode == 0, done.stdout + done.stderr


def _compile(tsc: Path, folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """`tsc --strict` in `folder`, with @types/node where tsc was installed (the helper's
    declarations name Buffer)."""
    types = next((place / "@types" for place in tsc.parents if (place / "@types" / "node").is_dir()), None)
    command = [str(tsc), "--strict", "--module", "commonjs", "--target", "es2022", *arguments]
    if types is not None:
        command += ["--typeRoots", str(types), "--types", "node"]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=300, check=False)


def test_the_typescript_example_compiles_with_no_cast_and_passes(tmp_path: Path) -> None:
    """examples/node-show-only/adapter-typed.ts, as its comment says: a copy of the helper beside
    it, `tsc --strict`, then the suite on the JavaScript it makes. Its show handler reads
    `input.cards` and `input.starter` with no cast: it compiles only if the input is typed per
    operation (with the input `Record<string, unknown>`, `input.cards.map` is an error)."""
    tsc = _tsc() or Path(need("tsc"))
    node = need("node")
    example = REPO_ROOT / "examples" / "node-show-only"
    for name in ("adapter-typed.ts", "engine.js", "engine.d.ts"):
        shutil.copy(example / name, tmp_path / name)
    assert main(["helpers", "--copy", str(tmp_path)]) == 0
    assert " as " not in (example / "adapter-typed.ts").read_text(encoding="utf-8")  # no cast
    done = _compile(tsc, tmp_path, "adapter-typed.ts")
    assert done.returncode == 0, done.stdout + done.stderr
    report = tmp_path / "r.jsonl"
    engine = f"{node} {tmp_path / 'adapter-typed.js'}"
    assert main(["run", "--engine", engine, "--tag", "show", "--no-progress", "-q", "--report", str(report)]) == 0
    sent = [line for line in read_report(report) if line.get("status") not in (None, "not_applicable")]
    assert len(sent) > 300 and {line["status"] for line in sent} == {"pass"}
