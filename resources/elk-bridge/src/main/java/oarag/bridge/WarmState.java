package oarag.bridge;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * What an incremental reload needs of the last extract: the ELK reasoner that classified the ontology plus its fresh
 * definitions (left running), the fresh classes' ELK numbers and definitions, and for functional syntax the file's
 * axiom texts as it was loaded (null when a full parse has to find the changes). Kept only while the heap allows.
 */
final class WarmState {
    /** Above this many classes a second copy of the ontology during a reload would not fit a usual heap. */
    static final int MAX_CLASSES = 200_000;

    final org.semanticweb.elk.reasoner.Reasoner elk;
    final FreshNames names;
    /** The fresh definitions ELK was given, under their ELK numbers. */
    final List<OWLAxiom> fresh;
    final OfnChunks chunks;
    /** What extract derived from the ontology, for a reload to keep what an edit did not touch. */
    final Extractor.Prepared prepared;

    WarmState(org.semanticweb.elk.reasoner.Reasoner elk, FreshNames names, List<OWLAxiom> fresh, OfnChunks chunks,
        Extractor.Prepared prepared) {
        this.elk = elk;
        this.names = names;
        this.fresh = fresh;
        this.chunks = chunks;
        this.prepared = prepared;
    }

    void dispose() {
        ElkClassifier.shutdown(elk);
    }

    /**
     * Whether the heap can hold a warm state for this many classes: a reload parses the edited axioms (or, the full
     * way, a second copy of the ontology) next to it, and a query may start a second ELK.
     */
    static boolean affordable(int classes) {
        return classes <= MAX_CLASSES && !heapTight();
    }

    static boolean heapTight() {
        return survivingHeap() > 0.5 * Runtime.getRuntime().maxMemory();
    }

    /**
     * Heap that survived a young collection (old generation and survivor spaces): the live data plus some garbage.
     * Used heap would count the parse's garbage too, and a collection to clear it costs about a second here.
     */
    static long survivingHeap() {
        long n = 0;
        boolean pools = false;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.isValid()) {
                pools = true;
                if (!p.getName().contains("Eden")) {
                    n += p.getUsage().getUsed();
                }
            }
        }
        Runtime rt = Runtime.getRuntime();
        return pools ? n : rt.totalMemory() - rt.freeMemory();
    }

    /** The load's chunks when they stand one-to-one for the ontology's axioms (so a removed text is a removed axiom). */
    static OfnChunks oneToOne(OfnChunks chunks, Session s) {
        return chunks != null && s.closure.size() == 1 && chunks.count() == s.root.getAxiomCount() ? chunks : null;
    }
}
