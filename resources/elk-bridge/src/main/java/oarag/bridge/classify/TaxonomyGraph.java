package oarag.bridge.classify;

import static oarag.bridge.prepare.Attachments.CTX_NS;
import static oarag.bridge.prepare.Attachments.FILLER_NS;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import oarag.bridge.common.IntList;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.prepare.Signature;
import org.semanticweb.elk.owl.interfaces.ElkClass;
import org.semanticweb.elk.reasoner.taxonomy.model.Taxonomy;
import org.semanticweb.elk.reasoner.taxonomy.model.TaxonomyNode;

/**
 * ELK's taxonomy of the extended ontology as int arrays: node ids, each node's direct super-nodes,
 * and which named classes, fillers and contexts sit in which node. For an inconsistent ontology
 * there are no nodes and every class and filler maps to {@link #bottom} (-1).
 */
public final class TaxonomyGraph {
    public final boolean inconsistent;
    public final int nodeCount;
    public final int top;
    public final int bottom;

    /** Direct super-nodes, sorted (empty for the bottom node). */
    public final int[][] supers;

    /** Class indices in each node, sorted. */
    public final int[][] nodeNamed;

    /** Filler numbers in each node, sorted. */
    public final int[][] nodeFresh;

    /** Node of each class / filler / context, -1 when ELK did not report it. */
    public final int[] classNode;

    public final int[] fillerNode;
    public final int[] ctxNode;

    private TaxonomyGraph(
            boolean inconsistent,
            int nodeCount,
            int top,
            int bottom,
            int[][] supers,
            int[][] nodeNamed,
            int[][] nodeFresh,
            int[] classNode,
            int[] fillerNode,
            int[] ctxNode) {
        this.inconsistent = inconsistent;
        this.nodeCount = nodeCount;
        this.top = top;
        this.bottom = bottom;
        this.supers = supers;
        this.nodeNamed = nodeNamed;
        this.nodeFresh = nodeFresh;
        this.classNode = classNode;
        this.fillerNode = fillerNode;
        this.ctxNode = ctxNode;
    }

    public static TaxonomyGraph inconsistent() {
        return new TaxonomyGraph(true, 0, -1, -1, null, null, null, null, null, null);
    }

    /** A node holding owl:Thing or a named class (fresh-only nodes are walked through). */
    public boolean isNamedNode(int n) {
        return n == top || nodeNamed[n].length > 0;
    }

    /**
     * Reads ELK's taxonomy. Node ids follow the nodes' members (the smallest class index, else the
     * smallest filler number, else context number), not ELK's order: a reasoner updated by a reload
     * lists its nodes differently from a fresh one, and ties in the link choice go by node id.
     */
    public static TaxonomyGraph read(
            Taxonomy<ElkClass> tax,
            Signature sig,
            Attachments att,
            FreshNames.Ids ids,
            ElkNames names) {
        List<TaxonomyNode<ElkClass>> nodes = new ArrayList<>(tax.getNodes());
        TaxonomyNode<ElkClass> bot = tax.getBottomNode();
        if (!nodes.contains(bot)) {
            nodes.add(bot);
        }
        int nNodes = nodes.size();
        int[][] named = new int[nNodes][];
        int[][] fresh = new int[nNodes][];
        int[][] ctxs = new int[nNodes][];
        long[] order = new long[nNodes];
        IntList nl = new IntList();
        IntList fl = new IntList();
        IntList cl = new IntList();
        for (int k = 0; k < nNodes; k++) {
            nl.clear();
            fl.clear();
            cl.clear();
            for (ElkClass c : nodes.get(k)) {
                int known = names.classIndex(c);
                if (known >= 0) {
                    nl.add(known);
                    continue;
                }
                String iri = c.getIri().getFullIriAsString();
                if (iri.startsWith("urn:oarag:")) {
                    if (iri.startsWith(FILLER_NS)) {
                        int f = ids.fillerOf(Integer.parseInt(iri.substring(FILLER_NS.length())));
                        if (f >= 0) {
                            fl.add(f);
                        }
                        continue;
                    }
                    if (iri.startsWith(CTX_NS)) {
                        int l = ids.ctxOf(Integer.parseInt(iri.substring(CTX_NS.length())));
                        if (l >= 0) {
                            cl.add(l);
                        }
                    }
                }
            }
            named[k] = nl.toSortedSet();
            fresh[k] = fl.toSortedSet();
            ctxs[k] = cl.toSortedSet();
            TaxonomyNode<ElkClass> node = nodes.get(k);
            long key =
                    named[k].length > 0
                            ? named[k][0]
                            : fresh[k].length > 0
                                    ? (1L << 31) + fresh[k][0]
                                    : ctxs[k].length > 0
                                            ? (2L << 31) + ctxs[k][0]
                                            : node == tax.getTopNode()
                                                    ? 3L << 31
                                                    : node == bot ? (3L << 31) + 1 : (4L << 31) + k;
            order[k] = key << 24 | k;
        }
        if (nNodes >= 1 << 24) {
            throw new IllegalStateException("too many taxonomy nodes");
        }
        Arrays.sort(order);
        int[] idOf = new int[nNodes];
        for (int id = 0; id < nNodes; id++) {
            idOf[(int) (order[id] & 0xffffff)] = id;
        }
        int[][] supers = new int[nNodes][];
        int[][] nodeNamed = new int[nNodes][];
        int[][] nodeFresh = new int[nNodes][];
        int[] classNode = new int[sig.classes.length];
        Arrays.fill(classNode, -1);
        int[] fillerNode = new int[att.fillers.size()];
        Arrays.fill(fillerNode, -1);
        int[] ctxNode = new int[att.contexts.size()];
        Arrays.fill(ctxNode, -1);
        IdentityHashMap<TaxonomyNode<ElkClass>, Integer> index = new IdentityHashMap<>(nNodes * 2);
        for (int k = 0; k < nNodes; k++) {
            index.put(nodes.get(k), k);
        }
        int bottom = idOf[index.get(bot)];
        for (int k = 0; k < nNodes; k++) {
            int id = idOf[k];
            nodeNamed[id] = named[k];
            nodeFresh[id] = fresh[k];
            for (int c : named[k]) {
                classNode[c] = id;
            }
            for (int f : fresh[k]) {
                fillerNode[f] = id;
            }
            for (int l : ctxs[k]) {
                ctxNode[l] = id;
            }
            if (id == bottom) {
                supers[id] = IntList.EMPTY;
                continue;
            }
            IntList sp = new IntList(2);
            for (TaxonomyNode<ElkClass> p : nodes.get(k).getDirectSuperNodes()) {
                Integer pk = index.get(p);
                if (pk != null) {
                    sp.add(idOf[pk]);
                }
            }
            supers[id] = sp.toSortedSet();
        }
        return new TaxonomyGraph(
                false,
                nNodes,
                idOf[index.get(tax.getTopNode())],
                bottom,
                supers,
                nodeNamed,
                nodeFresh,
                classNode,
                fillerNode,
                ctxNode);
    }
}
