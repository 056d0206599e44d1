package oarag.bridge;

import static oarag.bridge.Attachments.CTX_NS;
import static oarag.bridge.Attachments.FILLER_NS;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;

import org.semanticweb.elk.owl.interfaces.ElkClass;
import org.semanticweb.elk.reasoner.taxonomy.model.Taxonomy;
import org.semanticweb.elk.reasoner.taxonomy.model.TaxonomyNode;

/**
 * ELK's taxonomy of the extended ontology as int arrays: node ids, each node's direct super-nodes, and which named
 * classes, fillers and contexts sit in which node. For an inconsistent ontology there are no nodes and every
 * class and filler maps to {@link #bottom} (-1).
 */
final class TaxonomyGraph {
    final boolean inconsistent;
    final int nodeCount;
    final int top;
    final int bottom;
    /** Direct super-nodes, sorted (empty for the bottom node). */
    final int[][] supers;
    /** Class indices in each node, sorted. */
    final int[][] nodeNamed;
    /** Filler numbers in each node, sorted. */
    final int[][] nodeFresh;
    /** Node of each class / filler / context, -1 when ELK did not report it. */
    final int[] classNode;
    final int[] fillerNode;
    final int[] ctxNode;

    private TaxonomyGraph(boolean inconsistent, int nodeCount, int top, int bottom, int[][] supers, int[][] nodeNamed,
        int[][] nodeFresh, int[] classNode, int[] fillerNode, int[] ctxNode) {
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

    static TaxonomyGraph inconsistent() {
        return new TaxonomyGraph(true, 0, -1, -1, null, null, null, null, null, null);
    }

    /** A node holding owl:Thing or a named class (fresh-only nodes are walked through). */
    boolean isNamedNode(int n) {
        return n == top || nodeNamed[n].length > 0;
    }

    static TaxonomyGraph read(Taxonomy<ElkClass> tax, Signature sig, Attachments att) {
        IdentityHashMap<TaxonomyNode<ElkClass>, Integer> ids = new IdentityHashMap<>();
        List<TaxonomyNode<ElkClass>> nodes = new ArrayList<>(tax.getNodes());
        TaxonomyNode<ElkClass> bot = tax.getBottomNode();
        if (!nodes.contains(bot)) {
            nodes.add(bot);
        }
        for (TaxonomyNode<ElkClass> n : nodes) {
            ids.put(n, ids.size());
        }
        int nNodes = nodes.size();
        int top = ids.get(tax.getTopNode());
        int bottom = ids.get(bot);
        int[][] supers = new int[nNodes][];
        int[][] nodeNamed = new int[nNodes][];
        int[][] nodeFresh = new int[nNodes][];
        int[] classNode = new int[sig.classes.length];
        Arrays.fill(classNode, -1);
        int[] fillerNode = new int[att.fillers.size()];
        Arrays.fill(fillerNode, -1);
        int[] ctxNode = new int[att.contexts.size()];
        Arrays.fill(ctxNode, -1);
        IntList named = new IntList();
        IntList fresh = new IntList();
        for (TaxonomyNode<ElkClass> n : nodes) {
            int id = ids.get(n);
            named.clear();
            fresh.clear();
            for (ElkClass c : n) {
                String iri = c.getIri().getFullIriAsString();
                if (iri.startsWith("urn:oarag:")) {
                    if (iri.startsWith(FILLER_NS)) {
                        int k = Integer.parseInt(iri.substring(FILLER_NS.length()));
                        fresh.add(k);
                        fillerNode[k] = id;
                        continue;
                    }
                    if (iri.startsWith(CTX_NS)) {
                        ctxNode[Integer.parseInt(iri.substring(CTX_NS.length()))] = id;
                        continue;
                    }
                }
                Integer k = sig.classIndex(iri);
                if (k != null) {
                    named.add(k);
                    classNode[k] = id;
                }
            }
            nodeNamed[id] = named.toSortedSet();
            nodeFresh[id] = fresh.toSortedSet();
            if (id == bottom) {
                supers[id] = IntList.EMPTY;
                continue;
            }
            IntList sp = new IntList(2);
            for (TaxonomyNode<ElkClass> p : n.getDirectSuperNodes()) {
                Integer pid = ids.get(p);
                if (pid != null) {
                    sp.add(pid);
                }
            }
            supers[id] = sp.toSortedSet();
        }
        return new TaxonomyGraph(false, nNodes, top, bottom, supers, nodeNamed, nodeFresh, classNode, fillerNode,
            ctxNode);
    }
}
