// A test engine on the Node helper, its claims and its handlers set by CRIBCHECK_NODE_ENGINE (JSON):
// { helper: path of the helper, profiles, features, operationFeatures, judgesInput, async: true
// (handlers answer with Promises, after `input.delay` ms), batchHandler: true }. `show` scores with
// the node example's engine (rejecting a card it cannot read), `play` answers 0 points.
"use strict";

const path = require("node:path");
const config = JSON.parse(process.env.CRIBCHECK_NODE_ENGINE || "{}");
const helper = require(config.helper || path.join(__dirname, "..", "..", "..", "harness", "engine", "adapter.js"));
const { scoreShow } = require(path.join(__dirname, "..", "..", "..", "examples", "node-show-only", "engine.js"));

const RANKS = "A23456789TJQK";
function card(text) {
  if (typeof text !== "string" || !/^[A2-9TJQK][CDHS]$/.test(text)) throw new helper.Rejected("invalid_card", `invalid card ${JSON.stringify(text)}`);
  return { rank: RANKS.indexOf(text[0]) + 1, suit: text[1] };
}

function show(input) {
  if (input.nan) return { total: NaN };
  if (input.fail) throw new TypeError("the engine broke");
  const { total, ...breakdown } = scoreShow(input.cards.map(card), card(input.starter), Boolean(input.crib));
  return { total, breakdown };
}

const later = (answer) => (input, profile) =>
  new Promise((resolve, reject) => setTimeout(() => {
    try { resolve(answer(input, profile)); } catch (error) { reject(error); }
  }, input.delay || 0));

const handlers = { show, play: () => ({ points: 0 }) };
if (config.async) for (const op of Object.keys(handlers)) handlers[op] = later(handlers[op]);

new helper.Adapter({
  name: "node-test",
  version: "1",
  language: "JavaScript",
  profiles: config.profiles || ["six-card"],
  handlers,
  features: config.features || [],
  operationFeatures: config.operationFeatures || {},
  judgesInput: config.judgesInput === undefined ? true : config.judgesInput,
  batchHandlers: config.batchHandler ? { show: (inputs) => inputs.map(() => ({ ok: { total: 0, batched: true } })) } : {},
  beforeUnknownProfile: (op, input) => {
    if (Array.isArray(input.cards)) input.cards.forEach(card);
  },
}).serve();
