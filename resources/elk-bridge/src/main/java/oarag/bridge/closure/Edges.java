package oarag.bridge.closure;

import oarag.bridge.common.LongList;
import oarag.bridge.prepare.Attachments;

/**
 * An edge of the closure, {@code role << 32 | target node} (or {@link Attachments#SELF}), as one
 * long.
 */
final class Edges {
    private Edges() {}

    static long edge(int role, int node) {
        return ((long) role << 32) | (node & 0xffffffffL);
    }

    static int roleOf(long e) {
        return (int) (e >>> 32);
    }

    static int nodeOf(long e) {
        return (int) e;
    }

    /** Adds (r, n) for every self marker (r, SELF) in the sorted edge array. */
    static void selfEdges(long[] a, int n, LongList out) {
        if (a == null) {
            return;
        }
        for (long e : a) {
            if (nodeOf(e) == Attachments.SELF) {
                out.add(edge(roleOf(e), n));
            }
        }
    }
}
