// The worked example of docs/checking-your-engine.md: a game loop (here one hand, scripted as a
// real loop would play it) logging each card pegged, the show and the hand with the recorder;
// `cribcheck check` then judges every line.
//   node examples/node-transcript/example.js hand.jsonl && cribcheck check hand.jsonl
"use strict";

const { HandLog, Recorder } = require("./recorder");

const record = new Recorder(process.argv[2] || "hand.jsonl", {
  name: "tiny-crib", version: "0.1", profiles: ["six-card"], operations: ["show", "play", "hand"],
});
const hand = new HandLog("A", { A: 0, B: 0 }, true); // A deals the first hand
hand.dealt("A", ["5C", "5D", "KH", "QS", "2C", "9D"]);
hand.dealt("B", ["TS", "JD", "3H", "4H", "8C", "AS"]);
hand.discard("A", ["2C", "9D"]);
hand.discard("B", ["8C", "AS"]);
hand.starter("6D");
// The pone (B) leads: TS, 5C (fifteen: 2 for A), JD (25), 5D (30); B cannot play (3H, 4H pass 31)
// and says go; A cannot play on either: 1 for A; the count starts again, B leads; QS is the last card: 1.
const played = [["TS", 0], ["5C", 2], ["JD", 0], ["5D", 0], "go", ["3H", 0], ["KH", 0], ["4H", 0], ["QS", 0]];
let count = [];
for (const step of played) {
  if (step === "go") {
    hand.go();
    count = []; // the engine starts a new count
    continue;
  }
  const [card, points] = step;
  hand.play(card);
  count.push(card);
  record.play("six-card", count, points); // the points the engine pegged for the card
}
// The show, as the engine counted it: B's hand 1 (his nobs, JD with the 6D), A's hand 10 (four
// fifteens, a pair), A's crib 4 (9+6, 8+6+A). A: 2 + 1 + 1 pegged + 10 + 4 = 18; B: 1.
record.show("six-card", ["TS", "JD", "3H", "4H"], "6D", false, 1);
record.show("six-card", ["5C", "5D", "KH", "QS"], "6D", false, 10);
record.show("six-card", ["2C", "9D", "8C", "AS"], "6D", true, 4);
record.hand("six-card", hand, { A: 18, B: 1 }, null); // the engine's scores after the hand
record.close();
