#!/usr/bin/env node
// A cribcheck adapter in JavaScript (Node.js 18+, no packages) for engine.js, a show scorer that
// trusts its callers: it claims `show` with its breakdown and no judging of illegal input, so the
// harness sends it legal hands only and reports the rejection cases not applicable.
//
//   cribcheck run --engine "node examples/node-show-only/adapter.js"
"use strict";

const path = require("node:path");
const { scoreShow } = require("./engine.js");

// The helper: a copy beside this file (`cribcheck_adapter.js`), else the one in this repository.
let helper;
try {
  helper = require("./cribcheck_adapter.js");
} catch (error) {
  if (error.code !== "MODULE_NOT_FOUND") throw error;
  helper = require(path.join(__dirname, "..", "..", "harness", "engine", "adapter.js"));
}

const RANKS = "A23456789TJQK";
const card = (text) => ({ rank: RANKS.indexOf(text[0]) + 1, suit: text[1] }); // the corpus writes `TS`

function show(input) {
  const score = scoreShow(input.cards.map(card), card(input.starter), Boolean(input.crib));
  const { total, ...breakdown } = score;
  return { total, breakdown };
}

new helper.Adapter({
  name: "node-show-only",
  version: "2.0.0",
  language: `JavaScript (Node.js ${process.version})`,
  profiles: ["five-card", "six-card", "six-card-61"],
  handlers: { show },
  features: ["breakdown"],
  judgesInput: false,
}).serve();
