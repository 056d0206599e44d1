package oarag.bridge.common;

import java.util.Arrays;

/** Growable long array plus sorted-set helpers. */
public final class LongList {
    private long[] a;
    private int n;

    public LongList(int cap) {
        a = new long[Math.max(1, cap)];
    }

    public void add(long v) {
        if (n == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[n++] = v;
    }

    public long get(int i) {
        return a[i];
    }

    /**
     * Removes the first occurrence of v (the later elements move up); false when v is not there.
     */
    public boolean removeFirst(long v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                System.arraycopy(a, i + 1, a, i, n - i - 1);
                n--;
                return true;
            }
        }
        return false;
    }

    public int size() {
        return n;
    }

    public void clear() {
        n = 0;
    }

    /** The elements in insertion order. */
    public long[] toArray() {
        return Arrays.copyOf(a, n);
    }

    public long[] toSortedSet() {
        long[] r = Arrays.copyOf(a, n);
        Arrays.sort(r);
        return dedupSorted(r);
    }

    static final long[] EMPTY = new long[0];

    private static long[] dedupSorted(long[] r) {
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

    public static int binarySearch(long[] sorted, long v) {
        return sorted == null ? -1 : Arrays.binarySearch(sorted, v);
    }

    /**
     * Union of sorted sets; returns one of the inputs (shared, not copied) when it contains all the
     * others.
     */
    public static long[] union(long[][] sets, int count) {
        long[] best = null;
        int total = 0;
        int nonEmpty = 0;
        for (int i = 0; i < count; i++) {
            long[] s = sets[i];
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
        boolean allIn = true;
        outer:
        for (int i = 0; i < count; i++) {
            long[] s = sets[i];
            if (s == null || s == best) {
                continue;
            }
            for (long v : s) {
                if (Arrays.binarySearch(best, v) < 0) {
                    allIn = false;
                    break outer;
                }
            }
        }
        if (allIn) {
            return best;
        }
        long[] r = new long[total];
        int k = 0;
        for (int i = 0; i < count; i++) {
            long[] s = sets[i];
            if (s != null) {
                System.arraycopy(s, 0, r, k, s.length);
                k += s.length;
            }
        }
        Arrays.sort(r);
        return dedupSorted(r);
    }
}
