// A show scorer in plain JavaScript, as an engine's own code would be: it trusts its callers
// (its game loop only ever asks about real hands), so it checks nothing. Cards are
// { rank: 1-13, suit: "C" | "D" | "H" | "S" }.
"use strict";

const value = (card) => Math.min(card.rank, 10);

function subsets(cards) {
  const all = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) all.push(cards.filter((_, i) => mask & (1 << i)));
  return all;
}

// each maximal run of 3+ distinct consecutive ranks, once per combination of duplicates
function runPoints(cards) {
  const count = new Array(15).fill(0);
  for (const card of cards) count[card.rank] += 1;
  let points = 0;
  for (let rank = 1; rank <= 13; ) {
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

// The show of a hand (or, `crib` true, the crib) with the starter, by parts.
function scoreShow(held, starter, crib) {
  const all = [...held, starter];
  const sets = subsets(all);
  const fifteens = 2 * sets.filter((set) => set.length >= 2 && set.reduce((sum, c) => sum + value(c), 0) === 15).length;
  const pairs = 2 * sets.filter((set) => set.length === 2 && set[0].rank === set[1].rank).length;
  const runs = runPoints(all);
  let flush = 0;
  if (held.every((card) => card.suit === held[0].suit)) {
    if (starter.suit === held[0].suit) flush = held.length + 1;
    else if (!crib) flush = held.length; // a crib scores a flush only with the starter
  }
  const nobs = held.some((card) => card.rank === 11 && card.suit === starter.suit) ? 1 : 0;
  return { fifteens, pairs, runs, flush, nobs, total: fifteens + pairs + runs + flush + nobs };
}

module.exports = { scoreShow };
