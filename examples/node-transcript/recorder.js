// A transcript recorder for a game loop in JavaScript (Node.js 18 or later, no packages): the
// twin of the Python helper's Recorder and HandLog (harness/engine/adapter.py). Each line is one
// JSON object, written at once, for `cribcheck check FILE.jsonl` (docs/PROTOCOL.md, Transcripts).
"use strict";

const fs = require("fs");

// One hand as the game loop plays it: dealt (or deck), discard, starter, then play and go in order.
class HandLog {
  constructor(dealer, scores, firstHand = false) {
    this.dealer = dealer;
    this.scores = { ...scores }; // before the hand
    this.firstHand = firstHand;
    this.cards = {}; // dealt + starter, or deck + cut
    this.discards = {};
    this.plays = [];
  }
  dealt(seat, cards) { (this.cards.dealt = this.cards.dealt || {})[seat] = [...cards]; }
  deck(cards, cut) { this.cards.deck = [...cards]; this.cards.cut = cut; }
  starter(card) { this.cards.starter = card; }
  discard(seat, cards) { this.discards[seat] = [...(this.discards[seat] || []), ...cards]; }
  play(card) { this.plays.push(card); }
  go() { this.plays.push("go"); } // once a series; a player with no cards says nothing
  input(inGame = false) {
    const head = inGame ? {} : { dealer: this.dealer, scores: { ...this.scores }, first_hand: this.firstHand };
    return { ...head, ...this.cards, discards: { ...this.discards }, plays: [...this.plays] };
  }
}

// Writes a transcript into `path`, the engine's hello first (only the features listed are compared).
class Recorder {
  constructor(path, { name, version, language = "JavaScript", profiles, operations, features = [] }) {
    this.fd = fs.openSync(path, "w");
    const engine = { name, version, language };
    this.write({ hello: { protocol: 1, engine, profiles, operations, features } });
  }
  line(op, profile, input, answer) { // answer: {ok: result} or {rejected: {code, index}}
    if (("ok" in answer) === ("rejected" in answer)) throw new Error("a line has exactly one of ok and rejected");
    this.write({ op, profile, input, ...answer });
  }
  show(profile, cards, starter, crib, total, extra = {}) {
    this.line("show", profile, { cards, starter, crib }, { ok: { total, ...extra } });
  }
  play(profile, count, points, extra = {}) {
    this.line("play", profile, { count: [...count] }, { ok: { points, ...extra } });
  }
  pegging(profile, pone, dealer, plays, points, extra = {}) {
    this.line("pegging", profile, { pone, dealer, plays: [...plays] }, { ok: { points, ...extra } });
  }
  hand(profile, hand, scores, winner, extra = {}) {
    this.line("hand", profile, hand.input(), { ok: { scores: { ...scores }, winner, ...extra } });
  }
  game(profile, cuts, hands, scores, winner, extra = {}) {
    const input = { cuts, hands: hands.map((hand) => hand.input(true)) };
    this.line("game", profile, input, { ok: { scores: { ...scores }, winner, hands_played: hands.length, ...extra } });
  }
  close() { fs.closeSync(this.fd); }
  write(message) { fs.writeSync(this.fd, JSON.stringify(message) + "\n"); }
}

module.exports = { HandLog, Recorder };
