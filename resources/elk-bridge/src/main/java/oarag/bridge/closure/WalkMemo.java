package oarag.bridge.closure;

import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.prepare.Compositions;
import oarag.bridge.prepare.Roles;

/**
 * What a closure walk leaves for the walk after a reload ({@link ClosureReuse}): the taxonomy,
 * filler closure, attachments and role index it ran on, the edge set it gave every node, and its
 * links by source class. Kept with the warm state only, so only below {@code WarmState.MAX_CLASSES}
 * (extract).
 */
public final class WalkMemo {
    final TaxonomyGraph g;
    final FillerClosure fc;
    final Attachments att;
    final Roles roles;
    final Compositions comp;

    /**
     * Each node's full, sorted edge set (arrays are shared between nodes with the same set); null
     * for bottom.
     */
    final long[][] edges;

    final Links links;

    /** By class index: where its links start in {@link #links}, and how many it has. */
    final int[] linkFirst;

    final int[] linkCount;

    WalkMemo(
            TaxonomyGraph g,
            FillerClosure fc,
            Attachments att,
            Roles roles,
            Compositions comp,
            long[][] edges,
            Links links,
            int[] linkFirst,
            int[] linkCount) {
        this.g = g;
        this.fc = fc;
        this.att = att;
        this.roles = roles;
        this.comp = comp;
        this.edges = edges;
        this.links = links;
        this.linkFirst = linkFirst;
        this.linkCount = linkCount;
    }

    /**
     * Whether a memo of this many edges (node and filler sets, shared arrays counted each time: an
     * upper bound) takes at most a tenth of the heap; a larger one is not kept and the next reload
     * walks the closure whole.
     */
    static boolean affordable(long edges) {
        return 8 * edges <= Runtime.getRuntime().maxMemory() / 10;
    }
}
