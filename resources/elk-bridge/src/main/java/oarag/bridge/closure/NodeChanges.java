package oarag.bridge.closure;

import java.util.Arrays;
import oarag.bridge.classify.TaxonomyGraph;

/**
 * Which taxonomy nodes changed their own told input since the last closure walk ({@link WalkMemo},
 * on the same nodes): their super-nodes, or their own attachments. Compared once, for {@link
 * FillerReuse} and {@link ClosureReuse} alike.
 */
final class NodeChanges {
    /** The node's super-nodes differ from the memo's. */
    final boolean[] supers;

    /** The node's own attachments differ from the memo's. */
    final boolean[] attachments;

    private NodeChanges(boolean[] supers, boolean[] attachments) {
        this.supers = supers;
        this.attachments = attachments;
    }

    static NodeChanges of(WalkMemo m, TaxonomyGraph g, long[][] attachByNode) {
        int count = g.nodeCount;
        boolean[] supers = new boolean[count];
        boolean[] attachments = new boolean[count];
        for (int v = 0; v < count; v++) {
            supers[v] = !Arrays.equals(g.supers[v], m.g.supers[v]);
            attachments[v] = !Arrays.equals(attachByNode[v], m.fc.attachByNode[v]);
        }
        return new NodeChanges(supers, attachments);
    }
}
