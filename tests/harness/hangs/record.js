// A game loop that records its games with the Node helper's Recorder, each game played in a child
// process of its own that a timeout ends, as docs/checking-your-engine.md shows (an endless loop in
// Node cannot be interrupted in its own process). The twin of record.py: the same games given, game
// HANG falling into the endless go loop in its hand 1.
//
//   node record.js OUT.jsonl GAMES.json HELPER.js HANG
"use strict";
const fs = require("fs");
const { spawnSync } = require("child_process");

const [out, gamesFile, helper, hang] = process.argv.slice(2);
const { Recorder } = require(helper);
const games = JSON.parse(fs.readFileSync(gamesFile, "utf8"));
const SECONDS = 2;

/** The pegging loop of a buggy engine: it waits for a player who can play, and never resets the
 * count when neither can (here A holds a 9 on 26, B nothing). */
function endlessGo(holding, count, turn) {
  for (;;) {
    const playable = holding[turn].filter((value) => count + value <= 31);
    if (playable.length) {
      count += playable[0];
      holding[turn].splice(holding[turn].indexOf(playable[0]), 1);
    }
    turn = turn === "A" ? "B" : "A";
  }
}

function playGame(record, game, hangs) {
  const profile = game.profile;
  game.hands.forEach((hand, number) => {
    const last = hand[hand.length - 1].input;
    record.beginHand(profile, last.dealer, last.scores);
    for (const line of hand) {
      if (hangs && number === 1 && line.op === "pegging") endlessGo({ A: [9], B: [] }, 26, "A");
      record.line(line.op, profile, line.input, { ok: line.ok });
    }
  });
  record.line("game", profile, game.game.input, { ok: game.game.ok });
}

if (process.env.RECORD_GAME !== undefined) {
  // the child: one game, its lines added to the parent's transcript (descriptor 3)
  const number = Number(process.env.RECORD_GAME);
  playGame(Recorder.continuing(3), games[number], number === Number(hang));
} else {
  const record = new Recorder(out, {
    name: "hangs", version: "1", profiles: ["six-card"], operations: ["show", "play", "pegging", "hand", "game"],
  });
  games.forEach((game, number) => {
    record.beginGame("six-card");
    const child = spawnSync(process.execPath, [__filename, out, gamesFile, helper, hang], {
      env: { ...process.env, RECORD_GAME: String(number) },
      stdio: ["ignore", "inherit", "inherit", record.fd],
      timeout: SECONDS * 1000, // a game that hangs is ended, and reported by check
    });
    if (child.error || child.status !== 0) console.error(`game ${number} did not end: ${child.error ? child.error.code : child.status}`);
  });
  record.close();
}
