/* The show of cribbage: fifteens, pairs, runs, flush and nobs (see scorer.h). */
#include "scorer.h"

#define MOST 5 /* cards counted at most: four held and the starter */

static int value(int rank) { return rank > 10 ? 10 : rank; }

/* 2 for each set of two or more cards adding up to 15 */
static int fifteens(const int *ranks, int count) {
    int points = 0;
    for (int set = 1; set < 1 << count; set++) {
        int sum = 0, size = 0;
        for (int card = 0; card < count; card++) {
            if (set & 1 << card) {
                sum += value(ranks[card]);
                size++;
            }
        }
        if (size >= 2 && sum == 15) points += 2;
    }
    return points;
}

/* 2 for each pair of cards of one rank */
static int pairs(const int *ranks, int count) {
    int points = 0;
    for (int a = 0; a < count; a++)
        for (int b = a + 1; b < count; b++)
            if (ranks[a] == ranks[b]) points += 2;
    return points;
}

/* each longest run of three or more ranks in a row, once for each way to pick its cards */
static int runs(const int *ranks, int count) {
    int held[15] = {0};
    for (int card = 0; card < count; card++) held[ranks[card]]++;
    int points = 0;
    for (int rank = 1; rank <= 13;) {
        int length = 0, ways = 1;
        while (rank + length <= 13 && held[rank + length] > 0) {
            ways *= held[rank + length];
            length++;
        }
        if (length >= 3) points += length * ways;
        rank += length > 0 ? length : 1;
    }
    return points;
}

int crib_show(const int *ranks, const int *suits, int held, int starter_rank, int starter_suit, int crib,
              int parts[PARTS]) {
    int all[MOST];
    for (int card = 0; card < held; card++) all[card] = ranks[card];
    all[held] = starter_rank;
    parts[PART_FIFTEENS] = fifteens(all, held + 1);
    parts[PART_PAIRS] = pairs(all, held + 1);
    parts[PART_RUNS] = runs(all, held + 1);
    int one_suit = 1;
    for (int card = 1; card < held; card++) one_suit = one_suit && suits[card] == suits[0];
    parts[PART_FLUSH] = 0;
    if (one_suit && starter_suit == suits[0]) parts[PART_FLUSH] = held + 1;
    else if (one_suit && !crib) parts[PART_FLUSH] = held; /* a crib's flush needs the starter too */
    parts[PART_NOBS] = 0;
    for (int card = 0; card < held; card++)
        if (ranks[card] == 11 && suits[card] == starter_suit) parts[PART_NOBS] = 1;
    int total = 0;
    for (int part = 0; part < PARTS; part++) total += parts[part];
    return total;
}
