package oarag.bridge.prepare;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.semanticweb.owlapi.model.OWLClassExpression;

/**
 * The existentials attached to their contexts (see {@link AttachmentCollector}) and the fresh
 * classes they need: fillers {@code N ≡ F ⊓ ranges} and contexts {@code C ⊑ L} for complex
 * left-hand sides.
 *
 * <p>A context is a reference {@code kind << 32 | index} (a named class, a filler, a fresh context,
 * or owl:Thing). An attached edge is {@code role << 32 | element}, the element being a class index
 * (>= 0), a filler {@code -(index + 1)}, or {@link #SELF} for ObjectHasSelf.
 */
public final class Attachments {
    public static final int K_CLASS = 0;
    public static final int K_FILLER = 1;
    public static final int K_CTX = 2;
    static final int K_THING = 3;
    public static final String FILLER_NS = "urn:oarag:filler:";
    public static final String CTX_NS = "urn:oarag:context:";

    /** Attachment target "the class itself" (ObjectHasSelf). */
    public static final int SELF = Integer.MAX_VALUE;

    /** Filler expressions, by filler number (urn:oarag:filler:n). */
    public final List<OWLClassExpression> fillers;

    public final Map<OWLClassExpression, Integer> fillerIndex;

    /** Complex contexts, by context number (urn:oarag:context:n). */
    public final List<OWLClassExpression> contexts;

    /** Contexts with attachments, and their edges (in the order they were attached). */
    public final long[] contextRefs;

    public final long[][] contextEdges;

    Attachments(
            List<OWLClassExpression> fillers,
            Map<OWLClassExpression, Integer> fillerIndex,
            List<OWLClassExpression> contexts,
            long[] contextRefs,
            long[][] contextEdges) {
        this.fillers = Collections.unmodifiableList(fillers);
        this.fillerIndex = Collections.unmodifiableMap(fillerIndex);
        this.contexts = Collections.unmodifiableList(contexts);
        this.contextRefs = contextRefs;
        this.contextEdges = contextEdges;
    }

    static long ref(int kind, int idx) {
        return ((long) kind << 32) | (idx & 0xffffffffL);
    }

    public static int refKind(long ref) {
        return (int) (ref >>> 32);
    }

    public static int refIndex(long ref) {
        return (int) ref;
    }

    public int freshClassCount() {
        return fillers.size() + contexts.size();
    }

    public int edgeCount() {
        int n = 0;
        for (long[] e : contextEdges) {
            n += e.length;
        }
        return n;
    }
}
