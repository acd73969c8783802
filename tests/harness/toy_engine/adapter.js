#!/usr/bin/env node
// A toy cribbage engine in JavaScript (Node.js, no dependencies), written from the rules book as
// a newcomer would, with ONE deliberate bug: a pegging run counts only when its cards were
// played in order (5 6 7 or 7 6 5 pegs a run of 3, 5 7 6 pegs none). Everything else it does as
// the rules say. The suite's own tests run it to show that the diagnosis names that bug first
// (tests/harness/test_toy_engine.py); `--correct` turns the bug off (every case then passes).
//
//   cribcheck run --engine "node tests/harness/toy_engine/adapter.js"
//
// It plays two players (five-card, six-card, six-card-61), scores the show and the play and
// replays a pegging; it claims the `breakdown` feature only.
"use strict";

const readline = require("node:readline");

const PROTOCOL = 1;
const CORRECT = process.argv.includes("--correct");
const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const SYMBOLS = { "\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S" };
// what each profile changes: cards kept, whether the count restarts after a go
const PROFILES = {
  "five-card": { kept: 3, restarts: false },
  "six-card": { kept: 4, restarts: true },
  "six-card-61": { kept: 4, restarts: true },
};

class Rejected extends Error {
  constructor(code, message, index) {
    super(message);
    this.code = code;
    this.index = index;
  }
}

// --- cards -----------------------------------------------------------------------------------

function parseCard(text, index) {
  const bad = () => new Rejected("invalid_card", `invalid card ${JSON.stringify(text)}`, index);
  if (typeof text !== "string" || text.length < 2) throw bad();
  let rank = text.slice(0, -1);
  const suit = SYMBOLS[text.slice(-1)] || text.slice(-1);
  if (rank === "10") rank = "T";
  if (rank.length !== 1 || !RANKS.includes(rank) || !SUITS.includes(suit)) throw bad();
  return { rank: RANKS.indexOf(rank) + 1, suit, name: rank + suit };
}

function noCardTwice(cards) {
  const seen = new Set();
  for (const card of cards) {
    if (seen.has(card.name)) throw new Rejected("duplicate_card", `duplicate card ${card.name}`);
    seen.add(card.name);
  }
}

const value = (card) => Math.min(card.rank, 10);
const total = (cards) => cards.reduce((sum, card) => sum + value(card), 0);

function profileOf(name) {
  const profile = PROFILES[name];
  if (!profile) throw new Rejected("unknown_profile", `unknown profile ${JSON.stringify(name)}`);
  return profile;
}

// --- the show --------------------------------------------------------------------------------

function subsets(cards) {
  const all = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) all.push(cards.filter((_, i) => mask & (1 << i)));
  return all;
}

function showRuns(cards) {
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

function show(input, profile) {
  const crib = Boolean(input.crib);
  const held = (input.cards || []).map((card) => parseCard(card));
  const starter = parseCard(input.starter);
  noCardTwice([...held, starter]);
  const expected = crib ? 4 : profile.kept;
  if (held.length !== expected) {
    throw new Rejected("wrong_card_count", `a ${crib ? "crib" : "hand"} holds ${expected} cards, got ${held.length}`);
  }
  const all = [...held, starter];
  const fifteens = 2 * subsets(all).filter((set) => set.length >= 2 && total(set) === 15).length;
  const pairs = 2 * subsets(all).filter((set) => set.length === 2 && set[0].rank === set[1].rank).length;
  const runs = showRuns(all);
  let flush = 0;
  if (held.every((card) => card.suit === held[0].suit)) {
    if (starter.suit === held[0].suit) flush = held.length + 1;
    else if (!crib) flush = held.length;
  }
  const nobs = held.some((card) => card.rank === 11 && card.suit === starter.suit) ? 1 : 0;
  return { total: fifteens + pairs + runs + flush + nobs, breakdown: { fifteens, pairs, runs, flush, nobs } };
}

// --- the play: points for the card just played -------------------------------------------------

function pairPoints(series) {
  let same = 1;
  while (same < series.length && series[series.length - 1 - same].rank === series[series.length - 1].rank) same += 1;
  return { 2: 2, 3: 6, 4: 12 }[same] || 0;
}

function isRun(cards) {
  const ranks = cards.map((card) => card.rank);
  if (CORRECT) {
    const sorted = [...ranks].sort((a, b) => a - b);
    return new Set(ranks).size === ranks.length && sorted[sorted.length - 1] - sorted[0] === ranks.length - 1;
  }
  // THE BUG: the cards must have been played in sequence, up or down
  const steps = new Set(ranks.slice(1).map((rank, i) => rank - ranks[i]));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

function runPoints(series) {
  for (let n = series.length; n >= 3; n--) if (isRun(series.slice(-n))) return n;
  return 0;
}

function scorePlay(series) {
  const count = total(series);
  const breakdown = {
    fifteen: count === 15 ? 2 : 0,
    thirty_one: count === 31 ? 2 : 0,
    pairs: pairPoints(series),
    run: runPoints(series),
  };
  const points = breakdown.fifteen + breakdown.thirty_one + breakdown.pairs + breakdown.run;
  return { points, breakdown };
}

function play(input) {
  const cards = (input.count || []).map((card) => parseCard(card));
  noCardTwice(cards);
  if (!cards.length) throw new Rejected("wrong_card_count", "no card played: the count holds at least one card");
  for (let i = 0; i < cards.length; i++) {
    const count = total(cards.slice(0, i + 1));
    if (count > 31) throw new Rejected("over_31", `${cards[i].name} takes the count to ${count}, over 31`, i);
  }
  return scorePlay(cards);
}

// --- the pegging: a whole pegging replayed ------------------------------------------------------

const other = (role) => (role === "pone" ? "dealer" : "pone");

function pegging(input, profile) {
  if ("hands" in input) throw new Rejected("bad_seat", "two players: give the pone's and the dealer's hands");
  const held = { pone: input.pone.map((card) => parseCard(card)), dealer: input.dealer.map((card) => parseCard(card)) };
  const plays = input.plays;
  plays.forEach((text, index) => {
    if (text !== "go") parseCard(text, index);
  });
  noCardTwice([...held.pone, ...held.dealer]);
  for (const role of ["pone", "dealer"]) {
    if (held[role].length !== profile.kept) {
      throw new Rejected("wrong_card_count", `the ${role}'s hand holds ${profile.kept} cards, got ${held[role].length}`);
    }
  }
  const points = { pone: 0, dealer: 0 };
  let series = [];
  let turn = "pone";
  let last = null;
  let over = false;
  let saidGo = new Set();
  let goUnclaimed = 0;
  const canPlay = (role) => held[role].some((card) => total(series) + value(card) <= 31);
  const settle = () => {
    while (!over && !canPlay(turn)) {
      const count = total(series);
      if (count < 31 && held[turn].length && !saidGo.has(turn)) {
        saidGo.add(turn);
        goUnclaimed += 1;
      }
      if (canPlay(other(turn))) {
        turn = other(turn);
        continue;
      }
      if (last === null) {
        over = true;
        return;
      }
      if (count !== 31) points[last] += 1; // the last card (a 31 has scored its 2 already)
      if (!profile.restarts || (!held.pone.length && !held.dealer.length)) {
        over = true;
        return;
      }
      series = [];
      saidGo = new Set();
      turn = held[other(last)].length ? other(last) : last;
      last = null;
    }
  };
  settle();
  for (let index = 0; index < plays.length; index++) {
    const text = plays[index];
    if (text === "go" && goUnclaimed) {
      goUnclaimed -= 1;
      continue;
    }
    goUnclaimed = 0;
    const count = total(series);
    if (text === "go") {
      if (over) throw new Rejected("play_after_pegging_over", "a go is said after the pegging is over", index);
      throw new Rejected("go_with_playable_card", `the ${turn} says go holding a card that fits`, index);
    }
    const card = parseCard(text, index);
    const holder = ["pone", "dealer"].find((role) => held[role].some((mine) => mine.name === card.name));
    if (!holder) throw new Rejected("card_not_held", `${card.name} is held by no player`, index);
    if (over) throw new Rejected("play_after_pegging_over", `${card.name} is played after the pegging is over`, index);
    if (holder !== turn) throw new Rejected("not_your_turn", `${card.name} is the ${holder}'s`, index);
    if (count + value(card) > 31) throw new Rejected("over_31", `${card.name} would pass 31`, index);
    held[turn] = held[turn].filter((mine) => mine.name !== card.name);
    series.push(card);
    points[turn] += scorePlay(series).points;
    last = turn;
    turn = other(turn);
    settle();
  }
  if (!over) throw new Rejected("pegging_incomplete", `the plays end while the ${turn} can still play`, plays.length);
  return { points };
}

// --- the adapter: the protocol ------------------------------------------------------------------

const OPERATIONS = { show, play, pegging };

function respond(message) {
  if (message.hello) {
    return {
      hello: {
        protocol: PROTOCOL,
        engine: { name: "toy-js", version: "0.1.0", language: `JavaScript (Node.js ${process.version})` },
        profiles: Object.keys(PROFILES),
        operations: Object.keys(OPERATIONS),
        features: ["breakdown"],
      },
    };
  }
  try {
    const operation = OPERATIONS[message.op];
    if (!operation) throw new Error(`operation ${message.op} not supported`);
    return { seq: message.seq, ok: operation(message.input, profileOf(message.profile)) };
  } catch (error) {
    if (error instanceof Rejected) {
      const rejected = { code: error.code, message: error.message };
      if (error.index !== undefined) rejected.index = error.index;
      return { seq: message.seq, rejected };
    }
    return { seq: message.seq, error: { message: String(error), details: error.stack || "" } };
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.bye) {
    lines.close();
    process.stdin.destroy();
    return;
  }
  process.stdout.write(JSON.stringify(respond(message)) + "\n");
});
