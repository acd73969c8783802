/* A show scorer in C, as a compiled engine's own code would be: it trusts its callers (its game
 * loop only asks about real hands), so it checks nothing. Ranks are 1 (ace) to 13 (king), suits
 * 0 to 3. */
#ifndef SCORER_H
#define SCORER_H

enum { PART_FIFTEENS, PART_PAIRS, PART_RUNS, PART_FLUSH, PART_NOBS, PARTS };

/* The show of `held` cards (a hand, or the crib when `crib` is not 0) with the starter: the
 * total, and each part in `parts[PARTS]`. */
int crib_show(const int *ranks, const int *suits, int held, int starter_rank, int starter_suit, int crib,
              int parts[PARTS]);

#endif
