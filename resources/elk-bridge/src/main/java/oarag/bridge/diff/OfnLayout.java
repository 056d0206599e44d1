package oarag.bridge.diff;

import java.util.Arrays;

/**
 * Where each axiom of an indexed functional-syntax file stands: the file's bytes, and per axiom in
 * file order its index slot, byte offsets and first line. With it a reload compares the edited file
 * byte for byte first and scans only the window between the common beginning and the common end
 * ({@link #window}): an editor's save of a few changed axioms then costs a comparison of the bytes,
 * not a scan of every axiom.
 */
final class OfnLayout {
    final byte[] raw;
    final int[] slot;
    final int[] at;
    final int[] end;
    final int[] line;
    final int count;

    /**
     * End of the last item of the ontology that is not an axiom (the header's end), and the closing
     * ')'.
     */
    final int itemsEnd;

    final int close;

    OfnLayout(
            byte[] raw,
            int[] slot,
            int[] at,
            int[] end,
            int[] line,
            int count,
            int itemsEnd,
            int close) {
        this.raw = raw;
        this.slot = slot;
        this.at = at;
        this.end = end;
        this.line = line;
        this.count = count;
        this.itemsEnd = itemsEnd;
        this.close = close;
    }

    /**
     * The part of the edited file {@code next} to scan: old axioms {@code [k0, k1)} in file order,
     * bytes {@code [lo, hi)} of the old file and {@code [lo, hi + delta)} of the new one. Outside
     * it the two files have the same bytes, so the same axioms; it begins where an axiom ends and
     * ends at a line's start, where an axiom or the closing ')' begins (so no comment of the window
     * runs on past it).
     */
    static final class Window {
        final int k0;
        final int k1;
        final int lo;
        final int hi;
        final int delta;

        /** Line and byte column (from 1) at lo. */
        final int lineAtLo;

        final int colAtLo;

        Window(int k0, int k1, int lo, int hi, int delta, int lineAtLo, int colAtLo) {
            this.k0 = k0;
            this.k1 = k1;
            this.lo = lo;
            this.hi = hi;
            this.delta = delta;
            this.lineAtLo = lineAtLo;
            this.colAtLo = colAtLo;
        }
    }

    /**
     * The window to scan in {@code next}, or null when the change reaches the header or the closing
     * ')'.
     */
    Window window(byte[] next) {
        int oldLen = raw.length;
        int newLen = next.length;
        int p = Arrays.mismatch(raw, next);
        if (p < 0) {
            return new Window(count, count, close, close, 0, 1, 1); // the same bytes
        }
        if (p < itemsEnd) {
            return null;
        }
        int max = Math.min(oldLen, newLen) - p;
        int s = 0;
        while (s < max && raw[oldLen - 1 - s] == next[newLen - 1 - s]) {
            s++;
        }
        int changeEnd = oldLen - s;
        int k0 = firstAbove(end, p);
        int lo = k0 > 0 ? end[k0 - 1] : itemsEnd;
        // a line of the window's must end before it ends in the edited file: a comment there runs
        // to a line's end
        int delta = newLen - oldLen;
        int k1 = firstAtLeast(at, Math.max(changeEnd, lo));
        while (k1 < count && next[at[k1] + delta - 1] != '\n') {
            k1++;
        }
        int hi = k1 < count ? at[k1] : close;
        if (hi < changeEnd || hi + delta <= lo || next[hi + delta - 1] != '\n') {
            return null;
        }
        int lineAtLo =
                k0 > 0 ? line[k0 - 1] + newlines(raw, at[k0 - 1], lo) : 1 + newlines(raw, 0, lo);
        int nl = lo - 1;
        while (nl >= 0 && raw[nl] != '\n') {
            nl--;
        }
        return new Window(k0, k1, lo, hi, delta, lineAtLo, lo - nl);
    }

    /**
     * The layout of the edited file after a window's scan: the axioms before it as they were, the
     * scan's (offsets and lines already the new file's), the axioms after it moved by the window's
     * change in length and lines.
     */
    OfnLayout after(byte[] next, Window w, int[] wSlot, int[] wAt, int[] wEnd, int[] wLine) {
        int n = w.k0 + wSlot.length + (count - w.k1);
        int[] s2 = new int[n];
        int[] a2 = new int[n];
        int[] e2 = new int[n];
        int[] l2 = new int[n];
        System.arraycopy(slot, 0, s2, 0, w.k0);
        System.arraycopy(at, 0, a2, 0, w.k0);
        System.arraycopy(end, 0, e2, 0, w.k0);
        System.arraycopy(line, 0, l2, 0, w.k0);
        System.arraycopy(wSlot, 0, s2, w.k0, wSlot.length);
        System.arraycopy(wAt, 0, a2, w.k0, wSlot.length);
        System.arraycopy(wEnd, 0, e2, w.k0, wSlot.length);
        System.arraycopy(wLine, 0, l2, w.k0, wSlot.length);
        int lineDelta = newlines(next, w.lo, w.hi + w.delta) - newlines(raw, w.lo, w.hi);
        for (int k = w.k1, j = w.k0 + wSlot.length; k < count; k++, j++) {
            s2[j] = slot[k];
            a2[j] = at[k] + w.delta;
            e2[j] = end[k] + w.delta;
            l2[j] = line[k] + lineDelta;
        }
        return new OfnLayout(next, s2, a2, e2, l2, n, itemsEnd, close + w.delta);
    }

    /** The same layout after the index renumbered its slots ({@code to[old] = new}). */
    void renumber(int[] to) {
        for (int k = 0; k < count; k++) {
            slot[k] = to[slot[k]];
        }
    }

    private static int newlines(byte[] b, int from, int to) {
        int n = 0;
        for (int k = from; k < to; k++) {
            if (b[k] == '\n') {
                n++;
            }
        }
        return n;
    }

    /** The first index whose value is above v in an ascending array (of count values). */
    private int firstAbove(int[] a, int v) {
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] > v) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The first index whose value is at least v in an ascending array (of count values). */
    private int firstAtLeast(int[] a, int v) {
        return firstAbove(a, v - 1);
    }
}
