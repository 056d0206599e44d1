package oarag.bridge.closure;

import static oarag.bridge.closure.Edges.edge;
import static oarag.bridge.closure.Edges.nodeOf;
import static oarag.bridge.closure.Edges.roleOf;
import static oarag.bridge.prepare.Attachments.K_CLASS;
import static oarag.bridge.prepare.Attachments.K_CTX;
import static oarag.bridge.prepare.Attachments.K_FILLER;
import static oarag.bridge.prepare.Attachments.SELF;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.common.LongList;
import oarag.bridge.common.LongSet;
import oarag.bridge.common.Progress;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.prepare.Compositions;

/**
 * The attachments per taxonomy node, and the complete edge sets of the filler nodes (the nodes that
 * are targets of an edge, hence the only possible middles of a composition): a fixpoint over the
 * told edges (the attachments of every ancestor) and the role compositions.
 */
public final class FillerClosure {
    /**
     * Own attachments of each node as a sorted edge array (null: none); SELF targets are kept as
     * markers.
     */
    final long[][] attachByNode;

    /** node -> slot in {@link #fillerEdges}, or -1 for a node that is no edge's target. */
    final int[] fillerSlot;

    /** The complete edge set of each filler slot, in the order the fixpoint found the edges. */
    public final long[][] fillerEdges;

    /** Slots whose sets this computation found (the others it took over from the last one). */
    public final int computed;

    /**
     * After a reload with a memo: the nodes whose told input changed since its walk (null
     * otherwise).
     */
    final NodeChanges changes;

    private FillerClosure(
            long[][] attachByNode,
            int[] fillerSlot,
            long[][] fillerEdges,
            int computed,
            NodeChanges changes) {
        this.computed = computed;
        this.changes = changes;
        this.attachByNode = attachByNode;
        this.fillerSlot = fillerSlot;
        this.fillerEdges = fillerEdges;
    }

    /**
     * Computes the closure; after a reload (before: the last walk's memo, when {@link
     * ClosureReuse#compatible}) only the filler sets {@link FillerReuse} finds affected are
     * computed again.
     */
    public static FillerClosure compute(
            TaxonomyGraph g,
            Hierarchy h,
            Attachments att,
            Compositions comp,
            WalkMemo before,
            Progress progress) {
        int[] fillerSlot = new int[g.nodeCount];
        Arrays.fill(fillerSlot, -1);
        long[][] attachByNode = resolve(g, att, fillerSlot);
        int slots = 0;
        for (int s : fillerSlot) {
            slots = Math.max(slots, s + 1);
        }
        int[] slotNode = new int[slots];
        for (int n = 0; n < g.nodeCount; n++) {
            if (fillerSlot[n] >= 0) {
                slotNode[fillerSlot[n]] = n;
            }
        }
        NodeChanges changes = before == null ? null : NodeChanges.of(before, g, attachByNode);
        FillerReuse reuse =
                before == null
                        ? null
                        : FillerReuse.of(before, g, h, changes, fillerSlot, slotNode, comp);
        boolean[] need = reuse == null ? null : reuse.ancestorsOfActive(g, h, slotNode);
        long[][] told = toldBySlot(g, h, attachByNode, fillerSlot, slots, need);
        long[][] fillerEdges =
                fixpoint(
                        comp,
                        fillerSlot,
                        slotNode,
                        told,
                        reuse == null ? null : reuse.fixed,
                        progress);
        return new FillerClosure(
                attachByNode,
                fillerSlot,
                fillerEdges,
                reuse == null ? slots : reuse.active,
                changes);
    }

    private static int nodeOfRef(TaxonomyGraph g, long ref) {
        int idx = Attachments.refIndex(ref);
        switch (Attachments.refKind(ref)) {
            case K_CLASS:
                return g.classNode[idx];
            case K_FILLER:
                return g.fillerNode[idx];
            case K_CTX:
                return g.ctxNode[idx];
            default:
                return g.top;
        }
    }

    private static int nodeOfElement(TaxonomyGraph g, int elem) {
        if (elem == SELF) {
            return SELF;
        }
        return elem >= 0 ? g.classNode[elem] : g.fillerNode[-elem - 1];
    }

    /**
     * Attachments per node, as sorted edge arrays; numbers the nodes that are edge targets
     * (fillers).
     */
    private static long[][] resolve(TaxonomyGraph g, Attachments att, int[] fillerSlot) {
        HashMap<Integer, LongList> byNode = new HashMap<>();
        int slots = 0;
        for (int c = 0; c < att.contextRefs.length; c++) {
            int ctx = nodeOfRef(g, att.contextRefs[c]);
            if (ctx < 0 || ctx == g.bottom) {
                continue;
            }
            for (long a : att.contextEdges[c]) {
                int role = roleOf(a);
                int tn = nodeOfElement(g, (int) a);
                if (tn < 0 || tn == g.bottom) {
                    continue; // an edge into an unsatisfiable element: ELK made the context
                    // unsatisfiable
                }
                byNode.computeIfAbsent(ctx, k -> new LongList(2)).add(edge(role, tn));
                if (tn != SELF && fillerSlot[tn] < 0) {
                    fillerSlot[tn] = slots++;
                }
            }
        }
        long[][] attachByNode = new long[g.nodeCount][];
        for (Map.Entry<Integer, LongList> e : byNode.entrySet()) {
            attachByNode[e.getKey()] = e.getValue().toSortedSet();
        }
        return attachByNode;
    }

    /**
     * The told edges of each slot's node: its attachments and those of every ancestor, inherited
     * down the taxonomy. need (null: all) limits the walk to those nodes; slots outside it get
     * null.
     */
    private static long[][] toldBySlot(
            TaxonomyGraph g,
            Hierarchy h,
            long[][] attachByNode,
            int[] fillerSlot,
            int slots,
            boolean[] need) {
        long[][] told = new long[g.nodeCount][];
        int[] refc = new int[g.nodeCount];
        for (int n : h.topo) {
            if (need == null || need[n]) {
                for (int p : g.supers[n]) {
                    refc[p]++;
                }
            }
        }
        long[][] bySlot = new long[slots][];
        long[][] buf = new long[16][];
        for (int n : h.topo) {
            if (need != null && !need[n]) {
                continue;
            }
            int[] sp = g.supers[n];
            if (buf.length < sp.length + 1) {
                buf = new long[sp.length + 1][];
            }
            buf[0] = attachByNode[n];
            for (int i = 0; i < sp.length; i++) {
                buf[i + 1] = told[sp[i]];
            }
            told[n] = LongList.union(buf, sp.length + 1);
            Arrays.fill(buf, 0, sp.length + 1, null);
            if (fillerSlot[n] >= 0) {
                bySlot[fillerSlot[n]] = told[n];
            }
            for (int p : sp) {
                if (--refc[p] == 0) {
                    told[p] = null;
                }
            }
        }
        return bySlot;
    }

    /**
     * The complete edge sets: the told edges closed under the role compositions, through the
     * middles' sets. A slot with fixed edges (fixed[k] != null) keeps them: nothing it depends on
     * changed, so none is added to it.
     */
    private static long[][] fixpoint(
            Compositions comp,
            int[] fillerSlot,
            int[] slotNode,
            long[][] told,
            long[][] fixed,
            Progress progress) {
        int slots = slotNode.length;
        LongSet[] fillerEdges = new LongSet[slots];
        // predecessor index: middle slot -> (source slot, role)
        LongList[] preds = new LongList[slots];
        LongList queue = new LongList(1024); // pairs (slot, edge) flattened: slot, edge
        LongList selfs = new LongList(4);
        for (int k = 0; k < slots; k++) {
            if (fixed != null && fixed[k] != null) {
                continue;
            }
            long[] t = told[k];
            fillerEdges[k] = new LongSet(Math.max(8, t == null ? 0 : t.length * 2));
            if (t != null) {
                for (long e : t) {
                    if (fillerEdges[k].add(e) && nodeOf(e) != SELF) {
                        queue.add(k);
                        queue.add(e);
                    }
                }
                selfs.clear();
                Edges.selfEdges(t, slotNode[k], selfs);
                for (int i = 0; i < selfs.size(); i++) {
                    if (fillerEdges[k].add(selfs.get(i))) {
                        queue.add(k);
                        queue.add(selfs.get(i));
                    }
                }
            }
        }
        int[][][] cmp = comp.comp;
        int head = 0;
        long steps = 0;
        while (head < queue.size()) {
            int k = (int) queue.get(head++);
            long e = queue.get(head++);
            if (++steps % 200000 == 0) {
                progress.report("closure", Math.min(0.4, 0.4 * head / (double) queue.size()));
            }
            int r1 = roleOf(e);
            int mid = nodeOf(e);
            // unary consequences (chains with a reflexive member)
            int[] u = comp.uni[r1];
            if (u != null) {
                for (int t : u) {
                    long ne = edge(t, mid);
                    if (fillerEdges[k].add(ne)) {
                        queue.add(k);
                        queue.add(ne);
                    }
                }
            }
            int ms = fillerSlot[mid];
            // e as the first step: compose with the middle's edges (all of them when they are
            // fixed)
            if (ms >= 0 && cmp[r1] != null) {
                LongSet me = fillerEdges[ms];
                if (me != null) {
                    if (preds[ms] == null) {
                        preds[ms] = new LongList(4);
                    }
                    preds[ms].add(((long) k << 32) | (r1 & 0xffffffffL));
                }
                int[][] row = cmp[r1];
                int size = me != null ? me.size() : fixed[ms].length;
                for (int i = 0; i < size; i++) {
                    long e2 = me != null ? me.at(i) : fixed[ms][i];
                    if (nodeOf(e2) == SELF) {
                        continue;
                    }
                    int[] ts = row[roleOf(e2)];
                    if (ts != null) {
                        for (int t : ts) {
                            long ne = edge(t, nodeOf(e2));
                            if (fillerEdges[k].add(ne)) {
                                queue.add(k);
                                queue.add(ne);
                            }
                        }
                    }
                }
            }
            // e as the second step for every predecessor of this filler
            LongList pk = preds[k];
            if (pk != null) {
                for (int i = 0; i < pk.size(); i++) {
                    long pr = pk.get(i);
                    int src = (int) (pr >>> 32);
                    int r0 = (int) pr;
                    int[] ts = cmp[r0][r1];
                    if (ts != null) {
                        for (int t : ts) {
                            long ne = edge(t, mid);
                            if (fillerEdges[src].add(ne)) {
                                queue.add(src);
                                queue.add(ne);
                            }
                        }
                    }
                }
            }
        }
        long[][] out = new long[slots][];
        for (int k = 0; k < slots; k++) {
            out[k] = fillerEdges[k] != null ? fillerEdges[k].toArray() : fixed[k];
        }
        return out;
    }
}
