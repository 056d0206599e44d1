package oarag.bridge;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;

/**
 * A functional-syntax document as {@link OfnScanner} splits it: the normalised header, its Prefix declarations, and
 * the multiset of normalised axiom texts (one arena, chunk k = {@code arena[start[k], start[k + 1])}). What a warm
 * session keeps of the file it was loaded from, to diff the next version against.
 */
final class OfnChunks {
    final byte[] header;
    final byte[] prefixes;
    private final byte[] arena;
    private final int[] start;
    private final long[] hash;

    OfnChunks(byte[] header, byte[] prefixes, byte[] arena, int[] start, long[] hash) {
        this.header = header;
        this.prefixes = prefixes;
        this.arena = arena;
        this.start = start;
        this.hash = hash;
    }

    int count() {
        return hash.length;
    }

    String text(int k) {
        return new String(arena, start[k], start[k + 1] - start[k], StandardCharsets.UTF_8);
    }

    /** 64-bit FNV-1a. */
    static long hash(byte[] a, int from, int to) {
        long h = 0xcbf29ce484222325L;
        for (int k = from; k < to; k++) {
            h ^= a[k] & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    private boolean same(int k, OfnChunks o, int j) {
        return hash[k] == o.hash[j]
            && Arrays.equals(arena, start[k], start[k + 1], o.arena, o.start[j], o.start[j + 1]);
    }

    /** Multiset difference: the chunks of this version missing from the newer one, and those it gained. */
    static final class Diff {
        /** Indices into the older version, ascending. */
        final int[] removed;
        /** Indices into the newer version, ascending (file order). */
        final int[] added;

        Diff(int[] removed, int[] added) {
            this.removed = removed;
            this.added = added;
        }
    }

    Diff diff(OfnChunks newer) {
        int n = count();
        int cap = Integer.highestOneBit(Math.max(2, n) * 2 - 1) << 1;
        int mask = cap - 1;
        int[] table = new int[cap];
        Arrays.fill(table, -1);
        for (int k = 0; k < n; k++) {
            int slot = mix(hash[k]) & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = k;
        }
        BitSet matched = new BitSet(n);
        IntList added = new IntList(16);
        for (int j = 0; j < newer.count(); j++) {
            int slot = mix(newer.hash[j]) & mask;
            boolean found = false;
            for (int k; (k = table[slot]) >= 0; slot = (slot + 1) & mask) {
                if (!matched.get(k) && same(k, newer, j)) {
                    matched.set(k);
                    found = true;
                    break;
                }
            }
            if (!found) {
                added.add(j);
            }
        }
        IntList removed = new IntList(16);
        for (int k = matched.nextClearBit(0); k < n; k = matched.nextClearBit(k + 1)) {
            removed.add(k);
        }
        return new Diff(removed.toArray(), added.toArray());
    }

    private static int mix(long h) {
        return (int) (h ^ (h >>> 29) ^ (h >>> 47));
    }
}
