package oarag.bridge;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The axiom texts of a functional-syntax file as {@link OfnScanner} reads them: its header and the multiset of its
 * normalised axioms (one arena, a hash table over it). What a warm session keeps of its file to compare the next
 * version with ({@link Diff}); a reload then patches it in place ({@link #apply}) rather than keeping a second
 * copy, so an edit costs the heap only the texts it changed.
 */
final class OfnIndex {
    private static final int EMPTY = -1;
    private static final int GONE = -2;

    final byte[] header;
    final byte[] prefixes;
    private byte[] arena;
    private int used;
    /** Bytes of the arena that belong to removed axioms. */
    private int waste;
    private int[] start = new int[1024];
    private int[] len = new int[1024];
    private long[] hash = new long[1024];
    private int slots;
    private int live;
    private int[] table = new int[2048];
    private int tombstones;

    private OfnIndex(byte[] header, byte[] prefixes, byte[] arena) {
        this.header = header;
        this.prefixes = prefixes;
        this.arena = arena;
        Arrays.fill(table, EMPTY);
    }

    /**
     * The file's index; null when the file no longer has the content stamped (when given); Malformed when the
     * scanner does not follow it.
     */
    static OfnIndex of(File file, int limit, FileStamp stamp) throws OfnScanner.Malformed, IOException {
        long size = file.length();
        Builder b = new Builder(new byte[(int) Math.min(Integer.MAX_VALUE - 16, Math.max(1024, size))]);
        OfnScanner.Header h;
        FileStamp read;
        try (FileStamp.Reading in = new FileStamp.Reading(file)) {
            h = OfnScanner.scan(in, limit, b);
            read = in.stamp();
        }
        if (stamp != null && !stamp.matches(read)) {
            return null;
        }
        OfnIndex x = new OfnIndex(h.header, h.prefixes, b.arena);
        x.used = b.used;
        for (int k = 0; k < b.count; k++) {
            x.append(b.starts[k], b.lens[k]);
        }
        return x;
    }

    /** Collects the normalised texts into one arena (no larger than the file) while the scanner reads. */
    private static final class Builder implements OfnScanner.Sink {
        byte[] arena;
        int used;
        int[] starts = new int[1024];
        int[] lens = new int[1024];
        int count;

        Builder(byte[] arena) {
            this.arena = arena;
        }

        @Override
        public void axiom(byte[] norm, int n, int line, int col, byte[] src, int from, int to) {
            if (used + n > arena.length) {
                arena = Arrays.copyOf(arena, Math.max(arena.length * 3 / 2, used + n));
            }
            System.arraycopy(norm, 0, arena, used, n);
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
                lens = Arrays.copyOf(lens, count * 2);
            }
            starts[count] = used;
            lens[count] = n;
            count++;
            used += n;
        }
    }

    /** The number of axiom texts (with repetitions). */
    int count() {
        return live;
    }

    String text(int slot) {
        return new String(arena, start[slot], len[slot], StandardCharsets.UTF_8);
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

    private static int mix(long h) {
        return (int) (h ^ (h >>> 29) ^ (h >>> 47));
    }

    /** Records arena[from, from + n) as a live axiom text. */
    private void append(int from, int n) {
        if (slots == start.length) {
            start = Arrays.copyOf(start, slots * 2);
            len = Arrays.copyOf(len, slots * 2);
            hash = Arrays.copyOf(hash, slots * 2);
        }
        start[slots] = from;
        len[slots] = n;
        hash[slots] = hash(arena, from, from + n);
        if ((live + tombstones + 1) * 2 > table.length) {
            rehash(Math.max(table.length, Integer.highestOneBit((live + 1) * 4)));
        }
        int mask = table.length - 1;
        int p = mix(hash[slots]) & mask;
        while (table[p] >= 0) {
            p = (p + 1) & mask;
        }
        if (table[p] == GONE) {
            tombstones--;
        }
        table[p] = slots;
        slots++;
        live++;
    }

    private void rehash(int capacity) {
        table = new int[capacity];
        Arrays.fill(table, EMPTY);
        tombstones = 0;
        int mask = capacity - 1;
        for (int k = 0; k < slots; k++) {
            if (len[k] >= 0) {
                int p = mix(hash[k]) & mask;
                while (table[p] != EMPTY) {
                    p = (p + 1) & mask;
                }
                table[p] = k;
            }
        }
    }

    /** A live slot with this text not yet taken by the diff, or -1. */
    private int find(long h, byte[] text, int n, BitSet taken) {
        int mask = table.length - 1;
        for (int p = mix(h) & mask; table[p] != EMPTY; p = (p + 1) & mask) {
            int k = table[p];
            if (k >= 0 && hash[k] == h && len[k] == n && !taken.get(k)
                && Arrays.equals(arena, start[k], start[k] + n, text, 0, n)) {
                return k;
            }
        }
        return -1;
    }

    /** One comparison of an edited file with this index: which texts it lost, which it gained. */
    final class Diff implements OfnScanner.Sink {
        private final BitSet taken = new BitSet(slots);
        /** The texts it gained: normalised (for the index), as written (for the parser), and where they stand. */
        final OfnScanner.Bytes addedNorm = new OfnScanner.Bytes(1024);
        final IntList addedNormEnd = new IntList(16);
        final OfnScanner.Bytes addedSrc = new OfnScanner.Bytes(1024);
        final IntList addedSrcEnd = new IntList(16);
        final IntList addedLine = new IntList(16);
        final IntList addedCol = new IntList(16);
        byte[] header;
        byte[] prefixes;
        private int[] removed;

        @Override
        public void axiom(byte[] norm, int n, int line, int col, byte[] src, int from, int to) {
            int k = find(hash(norm, 0, n), norm, n, taken);
            if (k >= 0) {
                taken.set(k);
                return;
            }
            addedNorm.add(norm, 0, n);
            addedNormEnd.add(addedNorm.n);
            addedSrc.add(src, from, to);
            addedSrcEnd.add(addedSrc.n);
            addedLine.add(line);
            addedCol.add(col);
        }

        int addedCount() {
            return addedLine.size();
        }

        /** The slots of the texts the edited file no longer has. */
        int[] removed() {
            if (removed == null) {
                IntList out = new IntList(16);
                for (int k = 0; k < slots; k++) {
                    if (len[k] >= 0 && !taken.get(k)) {
                        out.add(k);
                    }
                }
                removed = out.toArray();
            }
            return removed;
        }
    }

    /** Compares the edited file with this index (nothing changes until {@link #apply}). */
    Diff diff(File file, int limit) throws OfnScanner.Malformed, IOException {
        Diff d = new Diff();
        try (InputStream in = new FileInputStream(file)) {
            OfnScanner.Header h = OfnScanner.scan(in, limit, d);
            d.header = h.header;
            d.prefixes = h.prefixes;
        }
        return d;
    }

    /** Makes this the index of the edited file the diff read (its header being this one's). */
    void apply(Diff d) {
        for (int k : d.removed()) {
            int mask = table.length - 1;
            int p = mix(hash[k]) & mask;
            while (table[p] != k) {
                p = (p + 1) & mask;
            }
            table[p] = GONE;
            tombstones++;
            waste += len[k];
            len[k] = -1;
            live--;
        }
        int from = 0;
        for (int j = 0; j < d.addedCount(); j++) {
            int to = d.addedNormEnd.get(j);
            if (used + (to - from) > arena.length) {
                arena = Arrays.copyOf(arena, Math.max(arena.length + arena.length / 8, used + (to - from)));
            }
            System.arraycopy(d.addedNorm.a, from, arena, used, to - from);
            append(used, to - from);
            used += to - from;
            from = to;
        }
        if (waste > used / 4 || slots > 2 * live + 1024) {
            compact();
        }
    }

    /** Drops the removed texts from the arena and the slots (rarely: after many edits). */
    private void compact() {
        byte[] a = new byte[used - waste + (used - waste) / 8 + 1024];
        int n = 0;
        int s = 0;
        for (int k = 0; k < slots; k++) {
            if (len[k] >= 0) {
                System.arraycopy(arena, start[k], a, n, len[k]);
                start[s] = n;
                len[s] = len[k];
                hash[s] = hash[k];
                n += len[k];
                s++;
            }
        }
        arena = a;
        used = n;
        waste = 0;
        slots = s;
        rehash(table.length);
    }
}
