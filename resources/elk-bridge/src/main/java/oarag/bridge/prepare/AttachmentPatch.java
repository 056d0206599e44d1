package oarag.bridge.prepare;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import oarag.bridge.common.LongList;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * The attachments after an edit, from the last ones: each context's edges are a multiset with one
 * edge per axiom that attaches it, so the removed axioms' edges are taken out once each and the
 * added axioms' put in. Only when the edited axioms attach to named classes or owl:Thing and
 * neither bring a new filler nor take the last edge to one away: then the fillers and contexts, and
 * so their numbers, are the last ones, as a fresh collection would find them. Otherwise null, and
 * the attachments are collected whole.
 */
public final class AttachmentPatch {
    private AttachmentPatch() {}

    public static Attachments apply(
            Session s,
            Signature sig,
            Roles roles,
            Attachments before,
            List<OWLAxiom> removed,
            List<OWLAxiom> added) {
        Map<Long, LongList> gone =
                AttachmentCollector.contributions(s, sig, roles, before, removed);
        Map<Long, LongList> come =
                gone == null
                        ? null
                        : AttachmentCollector.contributions(s, sig, roles, before, added);
        if (come == null) {
            return null;
        }
        HashMap<Long, Integer> at = new HashMap<>(before.contextRefs.length * 2);
        for (int i = 0; i < before.contextRefs.length; i++) {
            at.put(before.contextRefs[i], i);
        }
        long[] refs = Arrays.copyOf(before.contextRefs, before.contextRefs.length + come.size());
        long[][] edges = Arrays.copyOf(before.contextEdges, refs.length);
        int n = before.contextRefs.length;
        boolean fillerLost = false;
        for (Map.Entry<Long, LongList> e : gone.entrySet()) {
            Integer i = at.get(e.getKey());
            if (i == null || !removeEach(edges, i, e.getValue())) {
                return null; // the last collection did not attach what these axioms attach: collect
                // whole
            }
            fillerLost |= toFiller(e.getValue());
        }
        for (Map.Entry<Long, LongList> e : come.entrySet()) {
            Integer i = at.get(e.getKey());
            if (i == null) {
                i = n++; // a named class or owl:Thing (contributions have no other contexts)
                refs[i] = e.getKey();
                edges[i] = new long[0];
                at.put(e.getKey(), i);
            }
            long[] old = edges[i];
            long[] more = e.getValue().toArray();
            long[] now = Arrays.copyOf(old, old.length + more.length);
            System.arraycopy(more, 0, now, old.length, more.length);
            edges[i] = now;
        }
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (edges[i].length > 0) {
                refs[kept] = refs[i];
                edges[kept++] = edges[i];
            }
        }
        refs = Arrays.copyOf(refs, kept);
        edges = Arrays.copyOf(edges, kept);
        if (fillerLost && !everyFillerReached(edges, before.fillers.size())) {
            return null;
        }
        return new Attachments(before.fillers, before.fillerIndex, before.contexts, refs, edges);
    }

    /** Takes one occurrence of each edge out of edges[i] (a copy); false when one is not there. */
    private static boolean removeEach(long[][] edges, int i, LongList out) {
        LongList now = new LongList(edges[i].length);
        for (long e : edges[i]) {
            now.add(e);
        }
        for (int k = 0; k < out.size(); k++) {
            if (!now.removeFirst(out.get(k))) {
                return false;
            }
        }
        edges[i] = now.toArray();
        return true;
    }

    private static boolean toFiller(LongList es) {
        for (int k = 0; k < es.size(); k++) {
            if ((int) es.get(k) < 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every filler is still an edge's element (a filler no edge reaches would not be
     * collected).
     */
    private static boolean everyFillerReached(long[][] edges, int fillers) {
        boolean[] reached = new boolean[fillers];
        for (long[] es : edges) {
            for (long e : es) {
                int elem = (int) e;
                if (elem < 0 && elem != Integer.MIN_VALUE) {
                    reached[-elem - 1] = true;
                }
            }
        }
        for (boolean r : reached) {
            if (!r) {
                return false;
            }
        }
        return true;
    }
}
