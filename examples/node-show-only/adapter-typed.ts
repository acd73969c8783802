// adapter.js in TypeScript, on the helper's declarations: each handler is typed for its operation
// (`input` of `show` is a ShowInput, its answer a ShowResult), so nothing is cast. With a copy of
// the helper beside it (`cribcheck helpers --copy examples/node-show-only`):
//
//   tsc --strict --types node examples/node-show-only/adapter-typed.ts
//   cribcheck run --engine "node examples/node-show-only/adapter-typed.js"
import { Adapter, type Card, type InputOf, type ShowResult } from "./cribcheck_adapter";
import { scoreShow } from "./engine.js";

const RANKS = "A23456789TJQK";
const card = (text: Card) => ({ rank: RANKS.indexOf(text[0]) + 1, suit: text[1] }); // the corpus writes `TS`

function show(input: InputOf["show"]): ShowResult {
  const { total, ...breakdown } = scoreShow(input.cards.map(card), card(input.starter), Boolean(input.crib));
  return { total, breakdown };
}

new Adapter({
  name: "node-show-only",
  version: "2.0.0",
  language: `TypeScript (Node.js ${process.version})`,
  profiles: ["five-card", "six-card", "six-card-61"],
  handlers: { show },
  features: ["breakdown"],
  judgesInput: false,
}).serve();
