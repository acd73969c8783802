#!/usr/bin/env node
// A cribcheck adapter in JavaScript (Node.js, no dependencies) for an engine that scores the
// show only: it claims the `show` operation, the three main profiles and the `breakdown`
// feature, so cribcheck runs the show cases and reports every other case "not applicable".
//
//   cribcheck run --engine "node examples/node-show-only/adapter.js"
//
// The protocol (docs/PROTOCOL.md): one JSON message per line on stdin, one answer per line on
// stdout, in order; logs go to stderr.
"use strict";

const readline = require("node:readline");

const PROTOCOL = 1;
const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const SYMBOLS = { "\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S" };
// The profiles this engine plays: how many cards a hand keeps. A crib always holds 4.
const PROFILES = { "five-card": { kept: 3 }, "six-card": { kept: 4 }, "six-card-61": { kept: 4 } };

class Rejected extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// --- the engine: cards and the show -----------------------------------------------------------

function parseCard(text) {
  if (typeof text !== "string") throw new Rejected("invalid_card", `invalid card ${JSON.stringify(text)}`);
  const body = text.trim().toUpperCase();
  if (body.length < 2) throw new Rejected("invalid_card", `invalid card ${JSON.stringify(text)}`);
  let rank = body.slice(0, -1);
  const last = body.slice(-1);
  const suit = SYMBOLS[last] || last;
  if (rank === "10") rank = "T";
  if (rank.length !== 1 || !RANKS.includes(rank) || !SUITS.includes(suit)) {
    throw new Rejected("invalid_card", `invalid card ${JSON.stringify(text)}`);
  }
  return { rank: RANKS.indexOf(rank) + 1, suit, name: rank + suit };
}

function noCardTwice(cards) {
  const seen = new Set();
  for (const card of cards) {
    if (seen.has(card.name)) throw new Rejected("duplicate_card", `duplicate card ${card.name}`);
    seen.add(card.name);
  }
}

function subsets(cards) {
  const all = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) {
    all.push(cards.filter((_, i) => mask & (1 << i)));
  }
  return all;
}

const value = (card) => Math.min(card.rank, 10);

function runPoints(cards) {
  // each maximal run of 3+ distinct consecutive ranks, once per combination of duplicates
  const count = new Array(15).fill(0);
  for (const card of cards) count[card.rank] += 1;
  let points = 0;
  let rank = 1;
  while (rank <= 13) {
    let length = 0;
    let ways = 1;
    while (rank + length <= 13 && count[rank + length] > 0) {
      ways *= count[rank + length];
      length += 1;
    }
    if (length >= 3) points += length * ways;
    rank += Math.max(length, 1);
  }
  return points;
}

function show(input, profileName) {
  const profile = PROFILES[profileName];
  if (!profile) throw new Rejected("unknown_profile", `unknown profile ${JSON.stringify(profileName)}`);
  const crib = Boolean(input.crib);
  const held = (input.cards || []).map(parseCard);
  const starter = parseCard(input.starter);
  noCardTwice([...held, starter]); // the rejection order: cards read, then no card twice, then the count
  const expected = crib ? 4 : profile.kept;
  if (held.length !== expected) {
    throw new Rejected("wrong_card_count", `a ${crib ? "crib" : "hand"} holds ${expected} cards, got ${held.length}`);
  }
  const all = [...held, starter];
  const fifteens = 2 * subsets(all).filter((set) => set.length >= 2 && set.reduce((s, c) => s + value(c), 0) === 15).length;
  const pairs = 2 * subsets(all).filter((set) => set.length === 2 && set[0].rank === set[1].rank).length;
  const runs = runPoints(all);
  let flush = 0;
  if (held.every((card) => card.suit === held[0].suit)) {
    if (starter.suit === held[0].suit) flush = held.length + 1;
    else if (!crib) flush = held.length; // a crib scores a flush only with the starter
  }
  const nobs = held.some((card) => card.rank === 11 && card.suit === starter.suit) ? 1 : 0;
  const breakdown = { fifteens, pairs, runs, flush, nobs };
  return { total: fifteens + pairs + runs + flush + nobs, breakdown };
}

// --- the adapter: the protocol --------------------------------------------------------------

function respond(message) {
  if (message.hello) {
    if (message.hello.protocol !== PROTOCOL) {
      return { error: { message: `this adapter speaks protocol ${PROTOCOL}, not ${message.hello.protocol}` } };
    }
    return {
      hello: {
        protocol: PROTOCOL,
        engine: { name: "node-show-only", version: "1.0.0", language: `JavaScript (Node.js ${process.version})` },
        profiles: Object.keys(PROFILES),
        operations: ["show"],
        features: ["breakdown"],
      },
    };
  }
  if (message.op !== "show") return { seq: message.seq, error: { message: `operation ${message.op} not supported` } };
  try {
    return { seq: message.seq, ok: show(message.input, message.profile) };
  } catch (error) {
    if (error instanceof Rejected) return { seq: message.seq, rejected: { code: error.code, message: error.message } };
    return { seq: message.seq, error: { message: String(error), details: error.stack || "" } };
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    process.stderr.write(`node-show-only: ignoring a line that is not JSON: ${error}\n`);
    return;
  }
  if (message.bye) {
    lines.close(); // the session is over: stop reading, and exit once the output is written
    process.stdin.destroy();
    return;
  }
  process.stdout.write(JSON.stringify(respond(message)) + "\n");
});
