package oarag.bridge.closure;

import java.util.Arrays;
import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.common.IntList;

/**
 * The named hierarchy over the taxonomy: a topological order of the nodes (supers first, bottom
 * left out) and each node's direct named superclasses, walking up through fresh-only nodes and
 * keeping the minimal ones.
 */
public final class Hierarchy {
    /** Node ids, every node after its super-nodes; the bottom node is not included. */
    public final int[] topo;

    /** Minimal named ancestor nodes (for named and fresh nodes; null for nodes not reached). */
    public final int[][] namedParents;

    private Hierarchy(int[] topo, int[][] namedParents) {
        this.topo = topo;
        this.namedParents = namedParents;
    }

    public static Hierarchy of(TaxonomyGraph g) {
        int[] topo = topoOrder(g);
        return new Hierarchy(topo, namedParents(g, topo));
    }

    private static int[] topoOrder(TaxonomyGraph g) {
        int nNodes = g.nodeCount;
        int[] indeg = new int[nNodes];
        int[] cc = new int[nNodes];
        for (int n = 0; n < nNodes; n++) {
            if (n == g.bottom) {
                continue;
            }
            for (int p : g.supers[n]) {
                cc[p]++;
            }
            indeg[n] = g.supers[n].length;
        }
        int[][] children = new int[nNodes][];
        for (int n = 0; n < nNodes; n++) {
            children[n] = new int[cc[n]];
            cc[n] = 0;
        }
        for (int n = 0; n < nNodes; n++) {
            if (n == g.bottom) {
                continue;
            }
            for (int p : g.supers[n]) {
                children[p][cc[p]++] = n;
            }
        }
        int[] order = new int[nNodes];
        int head = 0;
        int tail = 0;
        for (int n = 0; n < nNodes; n++) {
            if (n != g.bottom && indeg[n] == 0) {
                order[tail++] = n;
            }
        }
        while (head < tail) {
            int n = order[head++];
            for (int c : children[n]) {
                if (--indeg[c] == 0) {
                    order[tail++] = c;
                }
            }
        }
        return Arrays.copyOf(order, tail);
    }

    private static int[][] namedParents(TaxonomyGraph g, int[] topo) {
        int[][] nparents = new int[g.nodeCount][];
        int[][] fr = new int[g.nodeCount][];
        Marks marks = new Marks(g.nodeCount);
        IntList cand = new IntList();
        for (int n : topo) {
            cand.clear();
            boolean viaFresh = false;
            for (int p : g.supers[n]) {
                if (g.isNamedNode(p)) {
                    cand.add(p);
                } else {
                    int[] f = fr[p];
                    if (f != null && f.length > 0) {
                        for (int v : f) {
                            cand.add(v);
                        }
                        viaFresh = true;
                    }
                }
            }
            int[] c = cand.toSortedSet();
            if (!g.isNamedNode(n)) {
                fr[n] = c;
            }
            nparents[n] = (viaFresh && c.length > 1) ? minimise(c, nparents, g.top, marks) : c;
        }
        return nparents;
    }

    /** Removes candidates that are ancestors of other candidates (and owl:Thing beside others). */
    private static int[] minimise(int[] c, int[][] nparents, int top, Marks marks) {
        marks.next();
        IntList q = new IntList(16);
        for (int v : c) {
            marks.pushParents(nparents[v], q);
        }
        while (!q.isEmpty()) {
            marks.pushParents(nparents[q.pop()], q);
        }
        IntList r = new IntList(c.length);
        for (int v : c) {
            if (!marks.has(v) && !(v == top && c.length > 1)) {
                r.add(v);
            }
        }
        return r.toArray();
    }

    /** Named ancestor-or-self nodes of a node (for a fresh node: of its named parents), sorted. */
    int[] ancestorsOrSelf(TaxonomyGraph g, int node, Marks marks) {
        marks.next();
        IntList out = new IntList();
        IntList q = new IntList(16);
        if (g.isNamedNode(node)) {
            marks.mark(node);
            q.push(node);
        } else {
            marks.pushParents(namedParents[node], q);
        }
        while (!q.isEmpty()) {
            int v = q.pop();
            out.add(v);
            marks.pushParents(namedParents[v], q);
        }
        return out.toSortedSet();
    }

    /** Visited-node stamps for repeated walks over the same graph (one stamp number per walk). */
    static final class Marks {
        private final int[] stamp;
        private int current;

        Marks(int nodes) {
            stamp = new int[nodes];
        }

        void next() {
            current++;
        }

        boolean has(int n) {
            return stamp[n] == current;
        }

        void mark(int n) {
            stamp[n] = current;
        }

        /** Marks and pushes every unmarked node of ps (null: none). */
        void pushParents(int[] ps, IntList q) {
            if (ps == null) {
                return;
            }
            for (int p : ps) {
                if (stamp[p] != current) {
                    stamp[p] = current;
                    q.push(p);
                }
            }
        }
    }
}
