package oarag.bridge.closure;

import static oarag.bridge.closure.Edges.nodeOf;
import static oarag.bridge.closure.Edges.roleOf;
import static oarag.bridge.prepare.Attachments.SELF;

import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.common.IntList;
import oarag.bridge.prepare.Compositions;

/**
 * Which filler sets of the last closure ({@link WalkMemo}, on the same nodes) a reload must compute
 * again. A set is the closure of the slot's told edges (its own and its ancestors' attachments)
 * under the compositions through its middles' sets. So it is affected when its told edges changed
 * (an attachment or super-node changed at or above it), when the node became a slot, or when it had
 * an edge into an affected node or into a node that is no slot any more. The other sets are final
 * as they were: no derivation of theirs passes an affected set.
 */
final class FillerReuse {
    /** Per slot: the set taken over (null for a slot computed again). */
    final long[][] fixed;

    /** Slots computed again. */
    final int active;

    private FillerReuse(long[][] fixed, int active) {
        this.fixed = fixed;
        this.active = active;
    }

    /**
     * Null when more than a quarter of the sets are affected: computing them all is then about as
     * quick.
     */
    static FillerReuse of(
            WalkMemo m,
            TaxonomyGraph g,
            Hierarchy h,
            NodeChanges changes,
            int[] fillerSlot,
            int[] slotNode,
            Compositions comp) {
        int count = g.nodeCount;
        int[] oldSlot = m.fc.fillerSlot;
        boolean[] toldChanged = new boolean[count];
        for (int v : h.topo) {
            boolean c = changes.supers[v] || changes.attachments[v];
            for (int p : g.supers[v]) {
                c |= toldChanged[p];
            }
            toldChanged[v] = c;
        }
        boolean[] affected = new boolean[count];
        IntList queue = new IntList(64);
        for (int v = 0; v < count; v++) {
            boolean slot = fillerSlot[v] >= 0;
            boolean wasSlot = oldSlot[v] >= 0;
            if (slot && (toldChanged[v] || !wasSlot) || wasSlot && !slot) {
                affected[v] = true;
                queue.add(v);
            }
        }
        if (queue.size() > 0) {
            IntList[] rev = dependents(m, comp);
            for (int i = 0; i < queue.size(); i++) {
                IntList ds = rev[queue.get(i)];
                for (int j = 0; ds != null && j < ds.size(); j++) {
                    int k = ds.get(j);
                    if (!affected[k]) {
                        affected[k] = true;
                        queue.add(k);
                    }
                }
            }
        }
        int slots = slotNode.length;
        long[][] fixed = new long[slots][];
        int active = 0;
        for (int k = 0; k < slots; k++) {
            int v = slotNode[k];
            if (affected[v]) {
                active++;
            } else {
                fixed[k] = m.fc.fillerEdges[oldSlot[v]];
            }
        }
        return active > slots / 4 ? null : new FillerReuse(fixed, active);
    }

    /** Per node: the slots of the last closure whose sets were composed through that node's set. */
    private static IntList[] dependents(WalkMemo m, Compositions comp) {
        IntList[] rev = new IntList[m.g.nodeCount];
        int[] oldSlot = m.fc.fillerSlot;
        for (int k = 0; k < oldSlot.length; k++) {
            if (oldSlot[k] < 0) {
                continue;
            }
            for (long e : m.fc.fillerEdges[oldSlot[k]]) {
                int mid = nodeOf(e);
                if (mid != SELF && comp.comp[roleOf(e)] != null) {
                    if (rev[mid] == null) {
                        rev[mid] = new IntList(2);
                    }
                    rev[mid].add(k);
                }
            }
        }
        return rev;
    }

    /**
     * The nodes whose told edges the affected slots need: those slots' nodes and their ancestors.
     */
    boolean[] ancestorsOfActive(TaxonomyGraph g, Hierarchy h, int[] slotNode) {
        boolean[] need = new boolean[g.nodeCount];
        IntList stack = new IntList(64);
        for (int k = 0; k < slotNode.length; k++) {
            if (fixed[k] == null && !need[slotNode[k]]) {
                need[slotNode[k]] = true;
                stack.push(slotNode[k]);
            }
        }
        while (!stack.isEmpty()) {
            int v = stack.pop();
            for (int p : g.supers[v]) {
                if (!need[p]) {
                    need[p] = true;
                    stack.push(p);
                }
            }
        }
        return need;
    }
}
