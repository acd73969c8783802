// TypeScript declarations of engine.js, as a JavaScript engine's package would ship them.

/** A card as the engine reads it: rank 1-13 (A to K), suit C, D, H or S. */
export interface EngineCard {
  rank: number;
  suit: string;
}

/** The show of a hand (or, `crib` true, the crib) with the starter, by parts. */
export function scoreShow(
  held: EngineCard[],
  starter: EngineCard,
  crib: boolean,
): { fifteens: number; pairs: number; runs: number; flush: number; nobs: number; total: number };
