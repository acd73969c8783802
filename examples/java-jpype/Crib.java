// A cribbage scorer in plain Java, as an engine's own code would be: no JSON, no cribcheck. Cards
// are a rank (1-13) and a suit (0-3). The show trusts its caller; the play checks one thing, a
// count past 31, as the engine's game loop relies on it to refuse such a card.

import java.util.Arrays;

public final class Crib {
    private Crib() {}

    /** A card that takes the count past 31: `index` is its place in the count. */
    public static final class OverThirtyOne extends RuntimeException {
        private static final long serialVersionUID = 1L;
        public final int index;

        OverThirtyOne(int index, int count) {
            super("the count would be " + count);
            this.index = index;
        }
    }

    static int value(int rank) {
        return Math.min(rank, 10);
    }

    /** The show of a hand (or, `crib` true, the crib) and the starter: fifteens, pairs, runs, flush, nobs. */
    public static int[] show(int[] ranks, int[] suits, int starterRank, int starterSuit, boolean crib) {
        int n = ranks.length + 1;
        int[] all = Arrays.copyOf(ranks, n);
        all[n - 1] = starterRank;
        int fifteens = 0;
        int pairs = 0;
        for (int mask = 1; mask < 1 << n; mask++) {
            int sum = 0;
            for (int i = 0; i < n; i++) {
                if ((mask & 1 << i) != 0) sum += value(all[i]);
            }
            if (sum == 15) fifteens += 2;
            if (Integer.bitCount(mask) == 2) {
                int first = Integer.numberOfTrailingZeros(mask);
                int second = 31 - Integer.numberOfLeadingZeros(mask);
                if (all[first] == all[second]) pairs += 2;
            }
        }
        int flush = 0;
        boolean oneSuit = Arrays.stream(suits).allMatch(suit -> suit == suits[0]);
        if (oneSuit && starterSuit == suits[0]) flush = n;
        else if (oneSuit && !crib) flush = n - 1; // a crib scores a flush only with the starter
        int nobs = 0;
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] == 11 && suits[i] == starterSuit) nobs = 1;
        }
        return new int[] {fifteens, pairs, runs(all), flush, nobs};
    }

    /** Each maximal run of 3 or more consecutive ranks, once per combination of duplicates. */
    static int runs(int[] ranks) {
        int[] count = new int[15];
        for (int rank : ranks) count[rank]++;
        int points = 0;
        for (int rank = 1; rank <= 13; ) {
            int length = 0;
            int ways = 1;
            while (rank + length <= 13 && count[rank + length] > 0) {
                ways *= count[rank + length];
                length++;
            }
            if (length >= 3) points += length * ways;
            rank += Math.max(length, 1);
        }
        return points;
    }

    /** The points of the last card of a count (the ranks in play order): fifteen, 31, pairs, run. */
    public static int play(int[] ranks) {
        int count = 0;
        for (int i = 0; i < ranks.length; i++) {
            count += value(ranks[i]);
            if (count > 31) throw new OverThirtyOne(i, count);
        }
        int last = ranks.length - 1;
        int points = count == 15 || count == 31 ? 2 : 0;
        int same = 1;
        while (same <= last && ranks[last - same] == ranks[last]) same++;
        points += same * (same - 1); // a pair 2, three of a kind 6, four 12
        for (int length = ranks.length; length >= 3; length--) {
            int[] tail = Arrays.copyOfRange(ranks, ranks.length - length, ranks.length);
            Arrays.sort(tail);
            boolean run = true;
            for (int i = 1; i < length; i++) run &= tail[i] == tail[i - 1] + 1;
            if (run) {
                points += length;
                break;
            }
        }
        return points;
    }
}
