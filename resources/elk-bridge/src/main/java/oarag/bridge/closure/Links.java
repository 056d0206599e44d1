package oarag.bridge.closure;

import oarag.bridge.common.IntList;

/**
 * The non-redundant existential closure: link i is (class s[i], named property r[i], target t[i])
 * with a target {@code >= 0} a class index and {@code < 0} a filler {@code -(number + 1)}.
 */
public final class Links {
    public static final Links NONE =
            new Links(IntList.EMPTY, IntList.EMPTY, IntList.EMPTY, 0, null);

    public final int[] s;
    public final int[] r;
    public final int[] t;

    /** Edges computed over all nodes (a measure of the closure's work, for OARAG_BRIDGE_DEBUG). */
    public final long edgeCount;

    /** By class index: its links are the last walk's, taken over (null: none were). */
    public final boolean[] takenOver;

    Links(int[] s, int[] r, int[] t, long edgeCount, boolean[] takenOver) {
        this.takenOver = takenOver;
        this.s = s;
        this.r = r;
        this.t = t;
        this.edgeCount = edgeCount;
    }

    public int count() {
        return s.length;
    }
}
