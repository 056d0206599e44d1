package oarag.bridge.extract;

import java.io.File;
import java.io.IOException;
import java.util.List;
import oarag.bridge.classify.ElkClassifier;
import oarag.bridge.classify.ElkNames;
import oarag.bridge.classify.FreshNames;
import oarag.bridge.closure.ClosureReuse;
import oarag.bridge.closure.WalkMemo;
import oarag.bridge.common.FileStamp;
import oarag.bridge.common.Heap;
import oarag.bridge.diff.OfnIndex;
import oarag.bridge.diff.OfnScanner;
import oarag.bridge.dump.DumpGroups;
import oarag.bridge.load.Depth;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * What an incremental reload needs of the last extract: the ELK reasoner that classified the
 * ontology plus its fresh definitions (left running), the fresh classes' ELK numbers and
 * definitions, and for functional syntax the file's axiom texts as it was loaded (null when a full
 * parse has to find the changes). Kept only while the heap allows.
 */
public final class WarmState implements Session.Warm {
    /**
     * Above this many classes a second copy of the ontology during a reload would not fit a usual
     * heap.
     */
    static final int MAX_CLASSES = 200_000;

    final org.semanticweb.elk.reasoner.Reasoner elk;
    final FreshNames names;

    /** The fresh definitions ELK was given, under their ELK numbers. */
    final List<OWLAxiom> fresh;

    /** The file's axiom texts, one per axiom, or null; see {@link #index()}. */
    private OfnIndex index;

    private Thread indexer;

    /** What extract derived from the ontology, for a reload to keep what an edit did not touch. */
    final Extractor.Prepared prepared;

    /**
     * The group fingerprints of the last dump written from this state (null: none tracked), for a
     * delta.
     */
    DumpGroups groups;

    /** What the last closure walk leaves for the next (null: none), see {@link ClosureReuse}. */
    WalkMemo closure;

    /** The class index of each ELK class object the reasoner listed (null: none read yet). */
    ElkNames elkNames;

    WarmState(
            org.semanticweb.elk.reasoner.Reasoner elk,
            FreshNames names,
            List<OWLAxiom> fresh,
            OfnIndex index,
            Extractor.Prepared prepared) {
        this.elk = elk;
        this.names = names;
        this.fresh = fresh;
        this.index = index;
        this.prepared = prepared;
    }

    @Override
    public void dispose() {
        ElkClassifier.shutdown(elk);
    }

    /**
     * Indexes the file's axiom texts on a thread of its own, after the dump is written (the client
     * reads the dump meanwhile). Nothing is indexed when the file no longer has the content parsed,
     * or its texts do not stand one-to-one for the ontology's {@code axioms}.
     */
    synchronized void indexLater(File file, FileStamp stamp, int axioms) {
        Thread t =
                new Thread(
                        () -> {
                            OfnIndex x = null;
                            try {
                                x = OfnIndex.of(file, Depth.limit(), stamp);
                            } catch (OfnScanner.Malformed
                                    | IOException
                                    | RuntimeException
                                    | OutOfMemoryError e) {
                                // a reload then finds the changes by parsing the whole file
                            }
                            synchronized (this) {
                                index = x != null && x.count() == axioms ? x : null;
                            }
                        },
                        "ofn-index");
        t.setDaemon(true);
        indexer = t;
        t.start();
    }

    /**
     * Indexes the session's file later when it was stamped at load (functional syntax) and has no
     * imports.
     */
    void indexLater(Session s) {
        boolean none;
        synchronized (this) {
            none = index == null && indexer == null;
        }
        if (none && s.stamp != null && s.closure.size() == 1) {
            indexLater(s.file, s.stamp, s.root.getAxiomCount());
        }
    }

    /** The index of the file's axiom texts (waiting for it to be built), or null. */
    public OfnIndex index() {
        Thread t;
        synchronized (this) {
            t = indexer;
        }
        if (t != null) {
            boolean interrupted = false;
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            indexer = null;
            return index;
        }
    }

    /**
     * Whether the heap can hold a warm state for this many classes: a reload parses the edited
     * axioms (or, the full way, a second copy of the ontology) next to it, and a query may start a
     * second ELK.
     */
    static boolean affordable(int classes) {
        return classes <= MAX_CLASSES && !Heap.tight();
    }

    /**
     * The index when its texts stand one-to-one for the ontology's axioms (so a removed text is a
     * removed axiom).
     */
    static OfnIndex oneToOne(OfnIndex index, Session s) {
        return index != null && s.closure.size() == 1 && index.count() == s.root.getAxiomCount()
                ? index
                : null;
    }
}
