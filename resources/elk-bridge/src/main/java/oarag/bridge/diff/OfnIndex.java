package oarag.bridge.diff;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.BitSet;
import oarag.bridge.common.FileStamp;
import oarag.bridge.common.IntList;

/**
 * The axiom texts of a functional-syntax file as {@link OfnScanner} reads them: its header and the
 * multiset of its normalised axioms (one arena, a hash table over it). What a warm session keeps of
 * its file to compare the next version with ({@link Diff}); a reload then patches it in place
 * ({@link #apply}) rather than keeping a second copy, so an edit costs the heap only the texts it
 * changed.
 */
public final class OfnIndex {
    private static final int EMPTY = -1;
    private static final int GONE = -2;

    /** A window of the file is scanned as this document (OfnLayout#window). */
    private static final byte[] WINDOW_HEAD = "Ontology(\n".getBytes(StandardCharsets.UTF_8);

    private static final byte[] WINDOW_TAIL = "\n)\n".getBytes(StandardCharsets.UTF_8);

    /**
     * The header the scanner makes of that document when the window holds axioms only:
     * "Ontology(\n)\n".
     */
    private static final int EMPTY_HEADER = "Ontology(\n)\n".length();

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

    /** Where each axiom stands in the file as last read. */
    private OfnLayout layout;

    private OfnIndex(byte[] header, byte[] prefixes, byte[] arena) {
        this.header = header;
        this.prefixes = prefixes;
        this.arena = arena;
        Arrays.fill(table, EMPTY);
    }

    /**
     * The file's index; null when the file no longer has the content stamped (when given);
     * Malformed when the scanner does not follow it.
     */
    public static OfnIndex of(File file, int limit, FileStamp stamp)
            throws OfnScanner.Malformed, IOException {
        byte[] raw = Files.readAllBytes(file.toPath());
        if (stamp != null && !stamp.matches(FileStamp.of(raw))) {
            return null;
        }
        Builder b = new Builder(new byte[Math.max(1024, raw.length)]);
        OfnScanner.Header h = OfnScanner.scan(new ByteArrayInputStream(raw), limit, b);
        OfnIndex x = new OfnIndex(h.header, h.prefixes, b.arena);
        x.used = b.used;
        for (int k = 0; k < b.count; k++) {
            x.append(b.starts[k], b.lens[k]);
        }
        int[] slots = new int[b.count];
        Arrays.setAll(slots, k -> k);
        x.layout =
                new OfnLayout(
                        raw,
                        slots,
                        b.ats.toArray(),
                        b.ends.toArray(),
                        b.lines.toArray(),
                        b.count,
                        (int) h.itemsEnd,
                        (int) h.close);
        return x;
    }

    /**
     * Collects the normalised texts into one arena (no larger than the file) while the scanner
     * reads.
     */
    private static final class Builder implements OfnScanner.Sink {
        byte[] arena;
        int used;
        int[] starts = new int[1024];
        int[] lens = new int[1024];
        int count;
        final IntList ats = new IntList(1024);
        final IntList ends = new IntList(1024);
        final IntList lines = new IntList(1024);

        Builder(byte[] arena) {
            this.arena = arena;
        }

        @Override
        public void axiom(
                byte[] norm, int n, int line, int col, byte[] src, int from, int to, long at) {
            ats.add((int) at);
            ends.add((int) at + (to - from));
            lines.add(line);
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

    /** Where each axiom stands in the file last read (for tests). */
    OfnLayout layout() {
        return layout;
    }

    /** The number of axiom texts (with repetitions). */
    public int count() {
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
            if (k >= 0
                    && hash[k] == h
                    && len[k] == n
                    && !taken.get(k)
                    && Arrays.equals(arena, start[k], start[k] + n, text, 0, n)) {
                return k;
            }
        }
        return -1;
    }

    /** One comparison of an edited file with this index: which texts it lost, which it gained. */
    final class Diff implements OfnScanner.Sink {
        private final BitSet taken = new BitSet(slots);

        /**
         * The texts it gained: normalised (for the index), as written (for the parser), and where
         * they stand.
         */
        final OfnScanner.Bytes addedNorm = new OfnScanner.Bytes(1024);

        final IntList addedNormEnd = new IntList(16);
        final OfnScanner.Bytes addedSrc = new OfnScanner.Bytes(1024);
        final IntList addedSrcEnd = new IntList(16);
        final IntList addedLine = new IntList(16);
        final IntList addedCol = new IntList(16);
        byte[] header;
        byte[] prefixes;
        private int[] removed;

        /** The edited file, and the window of it that was scanned (null: all of it). */
        final byte[] next;

        private OfnLayout.Window window;
        private long itemsEnd;
        private long close;

        /**
         * What the scan met, in file order: a slot it matched, or -1 - the index of a text it
         * added; where.
         */
        private final IntList seenSlot = new IntList(64);

        private final IntList seenAt = new IntList(64);
        private final IntList seenEnd = new IntList(64);
        private final IntList seenLine = new IntList(64);

        Diff(byte[] next) {
            this.next = next;
        }

        @Override
        public void axiom(
                byte[] norm, int n, int line, int col, byte[] src, int from, int to, long at) {
            if (window != null) {
                // the window was scanned as a document of its own: back to the file's offsets and
                // lines
                at += window.lo - WINDOW_HEAD.length;
                col = line == 2 ? window.colAtLo + col - 1 : col;
                line = window.lineAtLo + line - 2;
            }
            seenAt.add((int) at);
            seenEnd.add((int) at + (to - from));
            seenLine.add(line);
            int k = find(hash(norm, 0, n), norm, n, taken);
            if (k >= 0) {
                taken.set(k);
                seenSlot.add(k);
                return;
            }
            seenSlot.add(-1 - addedLine.size());
            addedNorm.add(norm, 0, n);
            addedNormEnd.add(addedNorm.n);
            addedSrc.add(src, from, to);
            addedSrcEnd.add(addedSrc.n);
            addedLine.add(line);
            addedCol.add(col);
        }

        /**
         * Scans only the window where the edited file differs (OfnLayout#window); false when there
         * is none to scan that way (a header change, or no layout), or its text is not whole
         * axioms, and the file is scanned whole.
         */
        boolean inWindow(int limit) throws IOException {
            OfnLayout.Window w = layout != null ? layout.window(next) : null;
            if (w == null) {
                return false;
            }
            for (int k = 0; k < slots; k++) {
                taken.set(k);
            }
            for (int k = w.k0; k < w.k1; k++) {
                taken.clear(layout.slot[k]);
            }
            byte[] doc =
                    new byte[WINDOW_HEAD.length + (w.hi + w.delta - w.lo) + WINDOW_TAIL.length];
            System.arraycopy(WINDOW_HEAD, 0, doc, 0, WINDOW_HEAD.length);
            System.arraycopy(next, w.lo, doc, WINDOW_HEAD.length, w.hi + w.delta - w.lo);
            System.arraycopy(
                    WINDOW_TAIL, 0, doc, doc.length - WINDOW_TAIL.length, WINDOW_TAIL.length);
            window = w;
            try {
                OfnScanner.Header h = OfnScanner.scan(new ByteArrayInputStream(doc), limit, this);
                if (h.header.length != EMPTY_HEADER) {
                    return false; // an ontology annotation, an import or an IRI among the axioms
                }
            } catch (OfnScanner.Malformed e) {
                return false;
            }
            header = OfnIndex.this.header;
            prefixes = OfnIndex.this.prefixes;
            return true;
        }

        /** Whether only a window of the file was scanned (for tests). */
        boolean windowed() {
            return window != null;
        }

        /** The normalised text the scan added, j-th. */
        String added(int j) {
            int from = j == 0 ? 0 : addedNormEnd.get(j - 1);
            return new String(
                    addedNorm.a, from, addedNormEnd.get(j) - from, StandardCharsets.UTF_8);
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
        byte[] next = Files.readAllBytes(file.toPath());
        Diff d = new Diff(next);
        if (d.inWindow(limit)) {
            return d;
        }
        d = new Diff(next);
        OfnScanner.Header h = OfnScanner.scan(new ByteArrayInputStream(next), limit, d);
        d.header = h.header;
        d.prefixes = h.prefixes;
        d.itemsEnd = h.itemsEnd;
        d.close = h.close;
        return d;
    }

    /** Makes this the index of the edited file the diff read (its header being this one's). */
    public void apply(Diff d) {
        int firstNew = slots;
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
                arena =
                        Arrays.copyOf(
                                arena,
                                Math.max(arena.length + arena.length / 8, used + (to - from)));
            }
            System.arraycopy(d.addedNorm.a, from, arena, used, to - from);
            append(used, to - from);
            used += to - from;
            from = to;
        }
        int[] seen = d.seenSlot.toArray();
        for (int j = 0; j < seen.length; j++) {
            if (seen[j] < 0) {
                seen[j] = firstNew + (-1 - seen[j]);
            }
        }
        if (d.window != null && layout != null) {
            layout =
                    layout.after(
                            d.next,
                            d.window,
                            seen,
                            d.seenAt.toArray(),
                            d.seenEnd.toArray(),
                            d.seenLine.toArray());
        } else {
            layout =
                    new OfnLayout(
                            d.next,
                            seen,
                            d.seenAt.toArray(),
                            d.seenEnd.toArray(),
                            d.seenLine.toArray(),
                            seen.length,
                            (int) d.itemsEnd,
                            (int) d.close);
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
        int[] to = new int[slots];
        for (int k = 0; k < slots; k++) {
            if (len[k] >= 0) {
                to[k] = s;
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
        if (layout != null) {
            layout.renumber(to);
        }
    }
}
