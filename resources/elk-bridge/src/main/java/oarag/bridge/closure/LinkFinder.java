package oarag.bridge.closure;

import static oarag.bridge.closure.Edges.edge;
import static oarag.bridge.closure.Edges.nodeOf;
import static oarag.bridge.closure.Edges.roleOf;
import static oarag.bridge.prepare.Attachments.SELF;

import java.util.Arrays;
import java.util.HashMap;
import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.common.IntList;
import oarag.bridge.common.LongList;
import oarag.bridge.common.LongSet;
import oarag.bridge.common.Progress;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.prepare.Compositions;
import oarag.bridge.prepare.Roles;

/**
 * Walks the taxonomy top-down giving every node its full edge set (inherited edges, its own
 * attachments closed under compositions with the filler edge sets, self-loops), and emits the links
 * of the named classes: the edges that are not edges of a named superclass and not implied
 * (sub-role, more specific filler) by another edge. After a reload it takes over the last walk's
 * sets and links where {@link ClosureReuse} allows. One finder per extraction: its scratch arrays
 * and ancestor cache serve this walk only.
 */
public final class LinkFinder {
    private final TaxonomyGraph g;
    private final Hierarchy h;
    private final FillerClosure fc;
    private final Compositions comp;
    private final Roles roles;
    private final int namedProps;
    private final Hierarchy.Marks marks;
    private final HashMap<Integer, int[]> ancCache = new HashMap<>();
    private final ClosureReuse reuse;
    private final boolean keep;
    private final int[] linkFirst;
    private final int[] linkCount;
    private long[][] edges;
    private int walked;
    private final boolean[] takenOver;
    private final IntList linkS = new IntList(1024);
    private final IntList linkR = new IntList(1024);
    private final IntList linkT = new IntList(1024);
    private long edgeCount;

    // per-candidate scratch of emitLinks
    private int[] cRole = new int[16];
    private int[] cTarget = new int[16]; // as in Links.t
    private int[] cTnode = new int[16];
    private int[][] cNeed = new int[16][];
    private int[] cRank = new int[16];

    private LinkFinder(
            TaxonomyGraph g,
            Hierarchy h,
            FillerClosure fc,
            Compositions comp,
            Roles roles,
            ClosureReuse reuse,
            boolean keep) {
        this.g = g;
        this.reuse = reuse;
        this.keep = keep;
        this.linkFirst = keep ? new int[g.classNode.length] : null;
        this.linkCount = keep ? new int[g.classNode.length] : null;
        this.takenOver = reuse != null ? new boolean[g.classNode.length] : null;
        this.h = h;
        this.fc = fc;
        this.comp = comp;
        this.roles = roles;
        this.namedProps = roles.count();
        this.marks = new Hierarchy.Marks(g.nodeCount);
    }

    /**
     * The links; with keep, also what the next walk after a reload can take over (see {@link
     * #memo}).
     */
    public static LinkFinder find(
            TaxonomyGraph g,
            Hierarchy h,
            FillerClosure fc,
            Compositions comp,
            Roles roles,
            ClosureReuse reuse,
            boolean keep,
            Progress progress) {
        LinkFinder f = new LinkFinder(g, h, fc, comp, roles, reuse, keep);
        f.walk(progress);
        return f;
    }

    public Links links() {
        return new Links(linkS.toArray(), linkR.toArray(), linkT.toArray(), edgeCount, takenOver);
    }

    /** Nodes whose edge sets this walk computed (the others it took over from the last walk). */
    public int walked() {
        return walked;
    }

    /** The walk's results for the next one (null unless kept and affordable). */
    public WalkMemo memo(Attachments att, Links links) {
        if (!keep) {
            return null;
        }
        long held = edgeCount;
        for (long[] e : fc.fillerEdges) {
            held += e.length;
        }
        return WalkMemo.affordable(held)
                ? new WalkMemo(g, fc, att, roles, comp, edges, links, linkFirst, linkCount)
                : null;
    }

    private void walk(Progress progress) {
        int[] topo = h.topo;
        int[] refc = new int[g.nodeCount];
        for (int n : topo) {
            for (int p : g.supers[n]) {
                refc[p]++;
            }
            if (g.isNamedNode(n) && h.namedParents[n] != null) {
                for (int p : h.namedParents[n]) {
                    refc[p]++;
                }
            }
        }
        edges = new long[g.nodeCount][];
        long[][] buf = new long[16][];
        LongList seeds = new LongList(64);
        LongList fresh = new LongList(64);
        int done = 0;
        for (int n : topo) {
            if (++done % 20000 == 0) {
                progress.report("closure", 0.4 + 0.6 * done / topo.length);
            }
            int[] sp = g.supers[n];
            long[] mine;
            if (reuse != null && reuse.clean(n)) {
                mine = reuse.before.edges[n];
            } else {
                if (buf.length < sp.length + 1) {
                    buf = new long[sp.length + 1][];
                }
                for (int i = 0; i < sp.length; i++) {
                    buf[i] = edges[sp[i]];
                }
                long[] inherited = LongList.union(buf, sp.length);
                Arrays.fill(buf, 0, sp.length + 1, null);
                mine = nodeEdges(n, inherited, seeds, buf);
                walked++;
            }
            edges[n] = mine;
            edgeCount += mine.length;

            if (g.nodeNamed[n].length > 0 && mine.length > 0) {
                if (reuse != null && !reuse.linksDirty(n, mine)) {
                    copyLinks(g.nodeNamed[n][0]);
                } else {
                    emitOwn(n, mine, fresh);
                }
            }
            if (!keep) {
                release(n, sp, refc);
            }
        }
    }

    /**
     * Emits the links of named node n: its edges that no named parent has, less those another edge
     * implies.
     */
    private void emitOwn(int n, long[] mine, LongList fresh) {
        int[] np = h.namedParents[n];
        fresh.clear();
        for (long e : mine) {
            if (roleOf(e) >= namedProps || nodeOf(e) == SELF) {
                continue; // chain helper role, or a self marker
            }
            boolean old = false;
            if (np != null) {
                for (int p : np) {
                    if (p == g.top && g.nodeNamed[g.top].length == 0) {
                        continue; // owl:Thing is not a class record: its edges must be listed below
                        // it
                    }
                    if (LongList.binarySearch(edges[p], e) >= 0) {
                        old = true;
                        break;
                    }
                }
            }
            if (!old) {
                fresh.add(e);
            }
        }
        if (fresh.size() > 0) {
            emitLinks(g.nodeNamed[n][0], fresh);
        }
    }

    /** Drops the edge sets no node below needs any more. */
    private void release(int n, int[] sp, int[] refc) {
        for (int p : sp) {
            if (--refc[p] == 0) {
                edges[p] = null;
            }
        }
        if (g.isNamedNode(n) && h.namedParents[n] != null) {
            for (int p : h.namedParents[n]) {
                if (--refc[p] == 0) {
                    edges[p] = null;
                }
            }
        }
    }

    /** The last walk's links of class a, which this walk would choose again. */
    private void copyLinks(int a) {
        takenOver[a] = true;
        WalkMemo m = reuse.before;
        int from = m.linkFirst[a];
        int start = linkS.size();
        for (int i = from; i < from + m.linkCount[a]; i++) {
            linkS.add(a);
            linkR.add(m.links.r[i]);
            linkT.add(m.links.t[i]);
        }
        noteLinks(a, start);
    }

    private void noteLinks(int a, int start) {
        if (keep) {
            linkFirst[a] = start;
            linkCount[a] = linkS.size() - start;
        }
    }

    /** The full, sorted edge set of node n given the union of its super-nodes' edge sets. */
    private long[] nodeEdges(int n, long[] inherited, LongList seeds, long[][] buf) {
        if (fc.fillerSlot[n] >= 0) {
            long[] all = fc.fillerEdges[fc.fillerSlot[n]].clone();
            Arrays.sort(all);
            return all;
        }
        long[] own = fc.attachByNode[n];
        seeds.clear();
        Edges.selfEdges(inherited, n, seeds);
        Edges.selfEdges(own, n, seeds);
        if (own == null && seeds.size() == 0) {
            return inherited;
        }
        LongSet add = new LongSet(16);
        int nSelf = seeds.size();
        for (int i = 0; i < nSelf; i++) {
            add.add(seeds.get(i));
        }
        if (own != null) {
            for (long e : own) {
                if (LongList.binarySearch(inherited, e) < 0 && add.add(e) && nodeOf(e) != SELF) {
                    seeds.add(e);
                }
            }
        }
        closeSeeds(n, seeds, add, inherited);
        if (add.size() == 0) {
            return inherited;
        }
        buf[0] = inherited;
        buf[1] = add.toSortedArray();
        long[] mine = LongList.union(buf, 2);
        buf[0] = null;
        buf[1] = null;
        return mine;
    }

    /**
     * Closure of a few seed edges of node n, using the complete filler edge sets; a self-loop (r,
     * n) composes with the node's own edges.
     */
    private void closeSeeds(int n, LongList seeds, LongSet into, long[] inherited) {
        IntList selfRoles = null;
        int i = 0;
        while (i < seeds.size()) {
            long e = seeds.get(i++);
            int r1 = roleOf(e);
            int mid = nodeOf(e);
            if (mid == n && fc.fillerSlot[n] < 0 && comp.comp[r1] != null) {
                if (selfRoles == null) {
                    selfRoles = new IntList(2);
                }
                selfRoles.add(r1);
                int[][] row = comp.comp[r1];
                for (long e2 : inherited) {
                    composeInto(row, e2, seeds, into, inherited);
                }
                for (int j = 0; j < into.size(); j++) {
                    composeInto(row, into.at(j), seeds, into, inherited);
                }
            }
            if (selfRoles != null && nodeOf(e) != SELF) {
                for (int k = 0; k < selfRoles.size(); k++) {
                    composeInto(comp.comp[selfRoles.get(k)], e, seeds, into, inherited);
                }
            }
            int[] u = comp.uni[r1];
            if (u != null) {
                for (int t : u) {
                    long ne = edge(t, mid);
                    if (LongList.binarySearch(inherited, ne) < 0 && into.add(ne)) {
                        seeds.add(ne);
                    }
                }
            }
            int ms = mid == SELF ? -1 : fc.fillerSlot[mid];
            if (ms >= 0 && comp.comp[r1] != null) {
                int[][] row = comp.comp[r1];
                for (long e2 : fc.fillerEdges[ms]) {
                    composeInto(row, e2, seeds, into, inherited);
                }
            }
        }
    }

    /**
     * Adds (t, target of e2) for every t with r ∘ role(e2) ⊑ t (row = comp[r]), unless inherited.
     */
    private static void composeInto(
            int[][] row, long e2, LongList seeds, LongSet into, long[] inherited) {
        if (nodeOf(e2) == SELF) {
            return;
        }
        int[] ts = row[roleOf(e2)];
        if (ts != null) {
            for (int t : ts) {
                long ne = edge(t, nodeOf(e2));
                if (LongList.binarySearch(inherited, ne) < 0 && into.add(ne)) {
                    seeds.add(ne);
                }
            }
        }
    }

    private void emitLinks(int a, LongList es) {
        int start = linkS.size();
        emitCandidates(a, es);
        noteLinks(a, start);
    }

    private void emitCandidates(int a, LongList es) {
        int m = 0;
        if (cRole.length < es.size()) {
            int cap = Math.max(es.size(), cRole.length * 2);
            cRole = new int[cap];
            cTarget = new int[cap];
            cTnode = new int[cap];
            cNeed = new int[cap][];
            cRank = new int[cap];
        }
        for (int i = 0; i < es.size(); i++) {
            long e = es.get(i);
            int tnode = nodeOf(e);
            int target;
            int[] need;
            boolean namedTarget;
            if (tnode == g.bottom) {
                continue;
            }
            if (g.nodeNamed[tnode].length > 0) {
                target = g.nodeNamed[tnode][0];
                need = new int[] {tnode};
                namedTarget = true;
            } else {
                if (tnode == g.top || g.nodeFresh[tnode].length == 0) {
                    continue; // owl:Thing: no named class follows from it
                }
                int[] np = h.namedParents[tnode];
                if (np == null
                        || np.length == 0
                        || (np.length == 1 && np[0] == g.top && g.nodeNamed[g.top].length == 0)) {
                    continue; // nothing named above this filler: no named B can follow from it
                }
                target = -(g.nodeFresh[tnode][0] + 1);
                need = np;
                namedTarget = false;
            }
            cRole[m] = roleOf(e);
            cTarget[m] = target;
            cTnode[m] = tnode;
            cNeed[m] = need;
            cRank[m] = (namedTarget ? 0 : 1 << 30) + m;
            m++;
        }
        for (int i = 0; i < m; i++) {
            boolean dominated = false;
            for (int j = 0; j < m && !dominated; j++) {
                if (i == j) {
                    continue;
                }
                if (dominates(j, i) && (cRank[j] < cRank[i] || !dominates(i, j))) {
                    dominated = true;
                }
            }
            if (!dominated) {
                linkS.add(a);
                linkR.add(cRole[i]);
                linkT.add(cTarget[i]);
            }
        }
    }

    /**
     * Candidate j covers candidate i under the TypeScript rule (sub-role, more specific filler).
     */
    private boolean dominates(int j, int i) {
        if (!roles.isSubRole(cRole[j], cRole[i])) {
            return false;
        }
        if (cTnode[j] == cTnode[i]) {
            return true;
        }
        int[] anc = ancCache.computeIfAbsent(cTnode[j], n -> h.ancestorsOrSelf(g, n, marks));
        for (int p : cNeed[i]) {
            if (p == g.top) {
                continue;
            }
            if (!IntList.contains(anc, p)) {
                return false;
            }
        }
        return true;
    }
}
