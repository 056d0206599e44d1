package oarag.bridge.closure;

import static oarag.bridge.closure.Edges.nodeOf;
import static oarag.bridge.prepare.Attachments.SELF;

import java.util.Arrays;
import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.prepare.Compositions;
import oarag.bridge.prepare.Roles;

/**
 * Which nodes of the last closure walk ({@link WalkMemo}) a reload's walk must redo. Only when the
 * taxonomy has the same nodes with the same members, and the fillers, contexts and role index are
 * the ones the memo was made with, so node ids, edges and link targets mean the same in both.
 *
 * <p>A node's edge set is a function of its super-nodes' sets, its own attachments, and the
 * complete edge sets of the fillers its own edges pass through (a filler node's set is its complete
 * set). So it is redone when one of those changed, and below every node redone. A named node's
 * links also depend on the ancestors of its edges' targets (which edge covers which): they are
 * chosen again when a target lies below a node whose super-nodes changed.
 */
public final class ClosureReuse {
    final WalkMemo before;

    /** The node's edge set must be computed again. */
    private final boolean[] dirty;

    /** The node's ancestors changed (its super-nodes or an ancestor's did). */
    private final boolean[] moved;

    private final boolean anyMoved;

    private ClosureReuse(WalkMemo before, boolean[] dirty, boolean[] moved, boolean anyMoved) {
        this.before = before;
        this.dirty = dirty;
        this.moved = moved;
        this.anyMoved = anyMoved;
    }

    /**
     * Whether the memo was made on the same nodes, fillers, contexts and role index, so its ids
     * mean the same.
     */
    public static boolean compatible(
            WalkMemo m, TaxonomyGraph g, Attachments att, Roles roles, Compositions comp) {
        return m != null
                && !g.inconsistent
                && m.roles == roles
                && m.comp == comp
                && sameNodes(m.g, g)
                && m.att.fillers.equals(att.fillers)
                && m.att.contexts.equals(att.contexts);
    }

    /**
     * The reuse after a reload, given a {@link #compatible} memo (null: the walk is done whole).
     */
    public static ClosureReuse of(WalkMemo m, TaxonomyGraph g, Hierarchy h, FillerClosure fc) {
        if (m == null) {
            return null;
        }
        int count = g.nodeCount;
        boolean[] dirty = new boolean[count];
        boolean[] moved = new boolean[count];
        boolean[] fillerChanged = new boolean[count];
        boolean anyFiller = false;
        for (int v = 0; v < count; v++) {
            moved[v] = fc.changes.supers[v];
            int s = fc.fillerSlot[v];
            int s0 = m.fc.fillerSlot[v];
            if ((s >= 0) != (s0 >= 0)) {
                fillerChanged[v] = true;
            } else if (s >= 0
                    && fc.fillerEdges[s] != m.fc.fillerEdges[s0]) { // else taken over (FillerReuse)
                long[] now = fc.fillerEdges[s].clone();
                Arrays.sort(now);
                fillerChanged[v] = !Arrays.equals(now, m.edges[v]);
            }
            anyFiller |= fillerChanged[v];
            dirty[v] = moved[v] || fillerChanged[v] || fc.changes.attachments[v];
        }
        if (anyFiller) {
            for (int v : h.topo) {
                if (!dirty[v] && !sharesSuperSet(m, g, v) && reaches(m.edges[v], fillerChanged)) {
                    dirty[v] = true;
                }
            }
        }
        boolean anyMoved = false;
        for (int v : h.topo) {
            for (int p : g.supers[v]) {
                dirty[v] |= dirty[p];
                moved[v] |= moved[p];
            }
            anyMoved |= moved[v];
        }
        return new ClosureReuse(m, dirty, moved, anyMoved);
    }

    /** The node's edge set is the one the memo holds. */
    boolean clean(int v) {
        return !dirty[v];
    }

    /** The node's ancestors are the ones they were (so are its named parents). */
    public boolean sameAncestors(int v) {
        return !moved[v];
    }

    /** The links of a named node must be chosen again (its edge set given). */
    boolean linksDirty(int v, long[] edges) {
        return dirty[v] || anyMoved && reaches(edges, moved);
    }

    private static boolean reaches(long[] edges, boolean[] mark) {
        if (edges == null) {
            return false;
        }
        for (long e : edges) {
            int t = nodeOf(e);
            if (t != SELF && mark[t]) {
                return true;
            }
        }
        return false;
    }

    /**
     * The node's old set was a super-node's own (nothing added): that super-node's check covers it.
     */
    private static boolean sharesSuperSet(WalkMemo m, TaxonomyGraph g, int v) {
        for (int p : g.supers[v]) {
            if (m.edges[p] == m.edges[v]) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameNodes(TaxonomyGraph a, TaxonomyGraph b) {
        if (a.inconsistent
                || a.nodeCount != b.nodeCount
                || a.top != b.top
                || a.bottom != b.bottom
                || !Arrays.equals(a.ctxNode, b.ctxNode)) {
            return false;
        }
        for (int v = 0; v < a.nodeCount; v++) {
            if (!Arrays.equals(a.nodeNamed[v], b.nodeNamed[v])
                    || !Arrays.equals(a.nodeFresh[v], b.nodeFresh[v])) {
                return false;
            }
        }
        return true;
    }
}
