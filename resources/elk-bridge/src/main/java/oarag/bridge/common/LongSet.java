package oarag.bridge.common;

import java.util.Arrays;

/** Insertion-ordered open-addressing set of longs (values are never Long.MIN_VALUE). */
public final class LongSet {
    private static final long FREE = Long.MIN_VALUE;
    private long[] table;
    private long[] order;
    private int n;

    public LongSet(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        table = new long[cap];
        Arrays.fill(table, FREE);
        order = new long[Math.max(4, expected)];
    }

    private static int mix(long v) {
        long h = v * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29));
    }

    public boolean add(long v) {
        if ((n + 1) * 2 > table.length) {
            grow();
        }
        int mask = table.length - 1;
        int i = mix(v) & mask;
        while (true) {
            long t = table[i];
            if (t == FREE) {
                table[i] = v;
                if (n == order.length) {
                    order = Arrays.copyOf(order, n * 2);
                }
                order[n++] = v;
                return true;
            }
            if (t == v) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    boolean contains(long v) {
        int mask = table.length - 1;
        int i = mix(v) & mask;
        while (true) {
            long t = table[i];
            if (t == FREE) {
                return false;
            }
            if (t == v) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        Arrays.fill(table, FREE);
        int mask = table.length - 1;
        for (int k = 0; k < n; k++) {
            long v = order[k];
            int i = mix(v) & mask;
            while (table[i] != FREE) {
                i = (i + 1) & mask;
            }
            table[i] = v;
        }
    }

    public int size() {
        return n;
    }

    /** The i-th element in insertion order (stable while iterating even if elements are added). */
    public long at(int i) {
        return order[i];
    }

    /** The elements in insertion order. */
    public long[] toArray() {
        return Arrays.copyOf(order, n);
    }

    public long[] toSortedArray() {
        long[] r = Arrays.copyOf(order, n);
        Arrays.sort(r);
        return r;
    }
}
