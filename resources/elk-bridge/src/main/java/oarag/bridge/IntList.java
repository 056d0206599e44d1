package oarag.bridge;

import java.util.Arrays;

/** Growable int array plus small sorted-set helpers. */
final class IntList {
    int[] a;
    int n;

    IntList() {
        this(8);
    }

    IntList(int cap) {
        a = new int[Math.max(1, cap)];
    }

    void add(int v) {
        if (n == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[n++] = v;
    }

    int get(int i) {
        return a[i];
    }

    int size() {
        return n;
    }

    void clear() {
        n = 0;
    }

    int[] toArray() {
        return Arrays.copyOf(a, n);
    }

    /** Sorted, de-duplicated copy. */
    int[] toSortedSet() {
        int[] r = Arrays.copyOf(a, n);
        Arrays.sort(r);
        return dedupSorted(r);
    }

    static final int[] EMPTY = new int[0];

    static int[] dedupSorted(int[] r) {
        if (r.length < 2) {
            return r;
        }
        int k = 1;
        for (int i = 1; i < r.length; i++) {
            if (r[i] != r[k - 1]) {
                r[k++] = r[i];
            }
        }
        return k == r.length ? r : Arrays.copyOf(r, k);
    }

    static boolean contains(int[] sorted, int v) {
        return sorted != null && Arrays.binarySearch(sorted, v) >= 0;
    }

    /** Union of sorted sets; returns one of the inputs when it already contains all the others. */
    static int[] union(int[][] sets, int count) {
        int[] best = null;
        int total = 0;
        int nonEmpty = 0;
        for (int i = 0; i < count; i++) {
            int[] s = sets[i];
            if (s == null || s.length == 0) {
                continue;
            }
            nonEmpty++;
            total += s.length;
            if (best == null || s.length > best.length) {
                best = s;
            }
        }
        if (best == null) {
            return EMPTY;
        }
        if (nonEmpty == 1) {
            return best;
        }
        // is everything contained in the largest?
        boolean allIn = true;
        outer:
        for (int i = 0; i < count; i++) {
            int[] s = sets[i];
            if (s == null || s == best) {
                continue;
            }
            for (int v : s) {
                if (Arrays.binarySearch(best, v) < 0) {
                    allIn = false;
                    break outer;
                }
            }
        }
        if (allIn) {
            return best;
        }
        int[] r = new int[total];
        int k = 0;
        for (int i = 0; i < count; i++) {
            int[] s = sets[i];
            if (s != null) {
                System.arraycopy(s, 0, r, k, s.length);
                k += s.length;
            }
        }
        Arrays.sort(r);
        return dedupSorted(r);
    }
}
